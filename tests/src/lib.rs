//! Shared helpers for the integration tests in `tests/tests/`.
//!
//! In: corpus files under `tests/corpus/`, the in-process `ods-opt` driver and
//! (when installed) the real `mlir-opt`. Out: per-file outcomes, checked
//! against the known-failures ratchet so the list of files we do not handle
//! yet can only shrink.

pub mod records;
pub mod rng;
pub mod twin;

use std::collections::BTreeMap;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// What one run of a tool produced.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ToolOutput {
    pub stdout: Vec<u8>,
    pub stderr: Vec<u8>,
    pub status: i32,
}

impl ToolOutput {
    /// stderr as text, for messages.
    pub fn stderr_text(&self) -> String {
        String::from_utf8_lossy(&self.stderr).into_owned()
    }
}

/// Where the oracle lives; `MLIR_OPT` overrides the default install path.
pub fn mlir_opt_path() -> PathBuf {
    std::env::var_os("MLIR_OPT")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("/usr/lib/llvm-22/bin/mlir-opt"))
}

/// The oracle's path if it is installed. Otherwise prints the line that
/// says the caller's checks are skipped, so a skip is never silent.
pub fn find_mlir_opt(what: &str) -> Option<PathBuf> {
    let path = mlir_opt_path();
    if path.is_file() {
        Some(path)
    } else {
        println!("mlir-opt not found at {}: skipping {what}", path.display());
        None
    }
}

/// Runs a tool with `args`, feeding `stdin`, and collects what it printed.
/// A tool killed by a signal (mlir-opt segfaults on some inputs) reports
/// status `128 + signal`, as a shell would.
pub fn run_tool(program: &Path, args: &[&str], stdin: &[u8]) -> ToolOutput {
    let mut child = Command::new(program)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start {}: {e}", program.display()));
    let mut input = child.stdin.take().expect("stdin was piped");
    let data = stdin.to_vec();
    // Feed stdin from another thread so a tool that writes a lot before
    // reading all of its input cannot deadlock us.
    let feeder = std::thread::spawn(move || {
        let _ = input.write_all(&data);
    });
    let out = child
        .wait_with_output()
        .unwrap_or_else(|e| panic!("cannot wait for {}: {e}", program.display()));
    let _ = feeder.join();
    let status = match out.status.code() {
        Some(code) => code,
        None => {
            use std::os::unix::process::ExitStatusExt as _;
            128 + out.status.signal().unwrap_or(0)
        }
    };
    ToolOutput {
        stdout: out.stdout,
        stderr: out.stderr,
        status,
    }
}

/// How the in-process driver ended: normally, or with a panic (which is a
/// bug whatever the input).
#[derive(Debug)]
pub enum DriverRun {
    Finished(ToolOutput),
    Panicked(String),
}

/// Stack size for driver runs: that of a Linux main thread, so a test sees
/// the recursion depth `ods-opt` itself would survive (test threads get only
/// 2 MiB by default).
pub const DRIVER_STACK_BYTES: usize = 8 << 20;

/// Runs `ods-opt` in-process with `args` (no argv\[0\]) on `stdin`, on its own
/// thread so that a panic is reported rather than unwinding through the test.
pub fn run_ods_opt(args: &[&str], stdin: &[u8]) -> DriverRun {
    let args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
    let stdin = stdin.to_vec();
    let handle = std::thread::Builder::new()
        .name("ods-opt".into())
        .stack_size(DRIVER_STACK_BYTES)
        .spawn(move || {
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            let out = dialects::opt_tool().run(&args, &stdin);
            ToolOutput {
                stdout: out.stdout,
                stderr: out.stderr,
                status: out.status,
            }
        })
        .expect("cannot spawn driver thread");
    match handle.join() {
        Ok(out) => DriverRun::Finished(out),
        Err(payload) => {
            let msg = payload
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "non-string panic payload".into());
            DriverRun::Panicked(msg)
        }
    }
}

/// The root of the corpora, `tests/corpus`.
pub fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus")
}

/// One corpus file: its name (relative to its suite directory) and bytes.
pub struct CorpusFile {
    pub name: String,
    pub text: Vec<u8>,
}

impl CorpusFile {
    /// The tool flags this file asks for. A first line `// ARGS: a b c`
    /// (corpus files) or `// RUN: ods-opt %s a b c` (lit files) replaces
    /// `default`; otherwise `default` applies. The same flags are given to
    /// `mlir-opt` and to `ods-opt`.
    pub fn args<'a>(&'a self, default: &[&'a str]) -> Vec<&'a str> {
        let first = self.text.split(|&b| b == b'\n').next().unwrap_or(&[]);
        let first = std::str::from_utf8(first).unwrap_or("").trim();
        match first
            .strip_prefix("// ARGS:")
            .or_else(|| first.strip_prefix("// RUN: ods-opt %s"))
        {
            Some(rest) => rest.split_whitespace().collect(),
            None => default.to_vec(),
        }
    }
}

/// Every `*.mlir` file of a suite directory of `tests/corpus`, sorted by
/// name.
pub fn corpus_files(suite: &str) -> Vec<CorpusFile> {
    mlir_files_in(&corpus_dir().join(suite))
}

/// The root of the lit suites, `tests/lit` (files with `// RUN:` lines,
/// run by `tests/tests/lit.rs`).
pub fn lit_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("lit")
}

/// Every `*.mlir` file of a lit suite directory, sorted by name, for the
/// tests that run them in other ways too.
pub fn lit_files(suite: &str) -> Vec<CorpusFile> {
    mlir_files_in(&lit_dir().join(suite))
}

fn mlir_files_in(dir: &Path) -> Vec<CorpusFile> {
    let mut files: Vec<CorpusFile> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .map(|entry| entry.expect("directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "mlir"))
        .map(|p| CorpusFile {
            name: p.file_name().unwrap().to_string_lossy().into_owned(),
            text: std::fs::read(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display())),
        })
        .collect();
    files.sort_by(|a, b| a.name.cmp(&b.name));
    assert!(!files.is_empty(), "no .mlir files in {}", dir.display());
    files
}

/// The known-failures ratchet: `suite/file.mlir: reason` lines from
/// `tests/corpus/known-failures.txt` (blank lines and `#` comments are
/// ignored), keyed by `suite/file.mlir`.
pub fn known_failures() -> BTreeMap<String, String> {
    let path = corpus_dir().join("known-failures.txt");
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    parse_known_failures(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Parses the ratchet file's text; see [`known_failures`].
pub fn parse_known_failures(text: &str) -> Result<BTreeMap<String, String>, String> {
    let mut map = BTreeMap::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let Some((key, reason)) = line.split_once(": ") else {
            return Err(format!(
                "line {}: expected `suite/file.mlir: reason`",
                i + 1
            ));
        };
        if reason.trim().is_empty() {
            return Err(format!("line {}: {key} has no reason", i + 1));
        }
        if map
            .insert(key.to_string(), reason.trim().to_string())
            .is_some()
        {
            return Err(format!("line {}: {key} is listed twice", i + 1));
        }
    }
    Ok(map)
}

/// Checks one suite's outcomes (`file -> Err(why)` on failure) against the
/// ratchet. Fails when a file fails but is not listed, when a listed file
/// passes (so it must be removed from the list), or when a listed file of
/// this suite does not exist.
///
/// With `BLESS_KNOWN_FAILURES=1` in the environment the suite's entries are
/// rewritten instead: passing files leave the list, new failures join it
/// with their first error line as the reason (edit it into a real reason).
pub fn check_ratchet(suite: &str, outcomes: &BTreeMap<String, Result<(), String>>) {
    if std::env::var_os("BLESS_KNOWN_FAILURES").is_some_and(|v| v == "1") {
        bless_known_failures(suite, outcomes);
    }
    let listed = known_failures();
    let prefix = format!("{suite}/");
    let mut problems = Vec::new();
    let (mut passed, mut known) = (0, 0);
    for (file, outcome) in outcomes {
        let key = format!("{prefix}{file}");
        match (outcome, listed.get(&key)) {
            (Ok(()), None) => passed += 1,
            (Err(_), Some(_)) => known += 1,
            (Err(why), None) => problems.push(format!("FAIL {key}: {why}")),
            (Ok(()), Some(_)) => problems.push(format!(
                "PASS {key} is listed in known-failures.txt: remove it from the list"
            )),
        }
    }
    for key in listed.keys().filter(|k| k.starts_with(&prefix)) {
        if !outcomes.contains_key(&key[prefix.len()..]) {
            problems.push(format!("STALE {key} is listed but is not a corpus file"));
        }
    }
    println!(
        "{suite}: {passed} passed, {known} known failures, {} problems",
        problems.len()
    );
    for (file, outcome) in outcomes {
        if let (Err(why), Some(reason)) = (outcome, listed.get(&format!("{prefix}{file}"))) {
            println!("  known failure {file} ({reason}): {}", first_line(why));
        }
    }
    assert!(
        problems.is_empty(),
        "{suite}: the known-failures ratchet does not hold:\n{}",
        problems.join("\n")
    );
}

/// Rewrites the suite's lines of the ratchet file to match `outcomes`,
/// keeping the reasons already written for files that still fail.
fn bless_known_failures(suite: &str, outcomes: &BTreeMap<String, Result<(), String>>) {
    let path = corpus_dir().join("known-failures.txt");
    let text = std::fs::read_to_string(&path).expect("read known-failures.txt");
    let listed = parse_known_failures(&text).expect("parse known-failures.txt");
    let prefix = format!("{suite}/");
    let mut out: Vec<String> = text
        .lines()
        .filter(|l| !l.trim_start().starts_with(&prefix))
        .map(str::to_string)
        .collect();
    while out.last().is_some_and(|l| l.trim().is_empty()) {
        out.pop();
    }
    for (file, outcome) in outcomes {
        if let Err(why) = outcome {
            let key = format!("{prefix}{file}");
            let reason = listed
                .get(&key)
                .cloned()
                .unwrap_or_else(|| first_line(why).to_string());
            out.push(format!("{key}: {reason}"));
        }
    }
    std::fs::write(&path, out.join("\n") + "\n").expect("write known-failures.txt");
}

/// The first line of a message, for compact listings.
pub fn first_line(s: &str) -> &str {
    s.lines().next().unwrap_or("")
}

/// `ods-opt` with `args` on `input`; a panic fails the test, naming the
/// input.
pub fn ods_opt_on(args: &[&str], input: &str) -> ToolOutput {
    match run_ods_opt(args, input.as_bytes()) {
        DriverRun::Finished(out) => out,
        DriverRun::Panicked(msg) => panic!("ods-opt panicked on\n{input}\n{msg}"),
    }
}

/// The first stderr line without the `<stdin>:` prefix.
pub fn first_diagnostic(out: &ToolOutput) -> String {
    let stderr = out.stderr_text();
    let line = first_line(&stderr);
    line.strip_prefix("<stdin>:").unwrap_or(line).to_string()
}

/// Inputs with the first diagnostic `mlir-opt` prints for them (`""` when
/// it accepts the input), as the suites against `mlir-opt` list them.
pub type DiagnosticCases = [(&'static str, &'static str)];

/// Checks that `ods-opt` with `args` reports each case's recorded first
/// diagnostic (and accepts the cases recorded with none); runs without
/// `mlir-opt`.
pub fn check_first_diagnostics(args: &[&str], cases: &DiagnosticCases) {
    let mut failures = Vec::new();
    for (input, expected) in cases {
        let ours = ods_opt_on(args, input);
        let got = first_diagnostic(&ours);
        if got != *expected || (ours.status == 0) != expected.is_empty() {
            failures.push(format!(
                "on\n{input}expected: {expected}\n     got: {got} (status {})",
                ours.status
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} cases differ:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
}

/// Runs each case through `mlir-opt` and `ods-opt` with `args`: `mlir-opt`
/// must still print the recorded first diagnostic, and both tools the same
/// exit status, stderr and output, byte for byte. `what` names the cases in
/// the line printed when `mlir-opt` is missing.
pub fn compare_with_mlir_opt(args: &[&str], cases: &DiagnosticCases, what: &str) {
    let Some(mlir_opt) = find_mlir_opt(&format!("the {what} against mlir-opt")) else {
        return;
    };
    for (input, recorded) in cases {
        let theirs = run_tool(&mlir_opt, args, input.as_bytes());
        assert_eq!(
            first_diagnostic(&theirs),
            *recorded,
            "mlir-opt no longer prints the recorded line on\n{input}"
        );
        let ours = ods_opt_on(args, input);
        assert_eq!(ours.status, theirs.status, "exit status on\n{input}");
        assert_eq!(
            ours.stderr_text(),
            theirs.stderr_text(),
            "stderr on\n{input}"
        );
        assert_eq!(
            String::from_utf8_lossy(&ours.stdout),
            String::from_utf8_lossy(&theirs.stdout),
            "output on\n{input}"
        );
    }
    println!("{} {what} compared with mlir-opt", cases.len());
}

/// The line number of the first `error:` diagnostic in a tool's stderr,
/// for diagnostics printed as `name:LINE:COL: error: ...`.
pub fn first_error_line(stderr: &str) -> Option<u32> {
    let line = stderr.lines().find(|l| l.contains(": error:"))?;
    let head = &line[..line.find(": error:")?];
    let mut parts = head.rsplitn(3, ':');
    let _col: u32 = parts.next()?.trim().parse().ok()?;
    parts.next()?.trim().parse().ok()
}

/// A readable account of where two outputs first differ: the line number
/// and both versions of that line (bytes that are not UTF-8 shown escaped).
pub fn describe_difference(expected: &[u8], actual: &[u8]) -> String {
    let mut exp_lines = expected.split(|&b| b == b'\n');
    let mut act_lines = actual.split(|&b| b == b'\n');
    let mut n = 1;
    loop {
        match (exp_lines.next(), act_lines.next()) {
            (Some(e), Some(a)) if e == a => n += 1,
            (None, None) => return "outputs are identical".into(),
            (e, a) => {
                return format!(
                    "first difference at output line {n}:\n  mlir-opt: {}\n  ods-opt:  {}",
                    e.map_or("<end of output>".into(), show_line),
                    a.map_or("<end of output>".into(), show_line)
                )
            }
        }
    }
}

/// A line as text, or with its bytes escaped when it is not UTF-8.
fn show_line(line: &[u8]) -> String {
    match std::str::from_utf8(line) {
        Ok(text) => text.to_string(),
        Err(_) => line.escape_ascii().to_string(),
    }
}

/// An annotation no diagnostic can satisfy: appended to a
/// `--verify-diagnostics` file, it must make the run fail, which proves
/// the file's annotations are really checked.
pub const UNSATISFIABLE: &str = "\n// expected-error {{this diagnostic is never emitted}}\n";

/// Runs `ods-opt` with `args` on a `--verify-diagnostics` file and on the
/// same file with [`UNSATISFIABLE`] appended: the first must pass and the
/// second fail, without a panic in either.
pub fn check_verify_file(args: &[&str], text: &[u8]) -> Result<(), String> {
    let mut broken = text.to_vec();
    broken.extend_from_slice(UNSATISFIABLE.as_bytes());
    match (run_ods_opt(args, text), run_ods_opt(args, &broken)) {
        (DriverRun::Panicked(msg), _) | (_, DriverRun::Panicked(msg)) => {
            Err(format!("ods-opt panicked: {msg}"))
        }
        (DriverRun::Finished(good), DriverRun::Finished(bad)) => {
            if good.status != 0 {
                Err(format!(
                    "ods-opt exited {}: {}",
                    good.status,
                    first_line(&good.stderr_text())
                ))
            } else if bad.status == 0 {
                Err("ods-opt accepts an annotation that no diagnostic satisfies".into())
            } else {
                Ok(())
            }
        }
    }
}

/// The text `../shared/bench/gen_mlir.py SIZE_MB --form custom --seed
/// SEED` writes (the benchmark files, func, arith and scf). The generator
/// lives in the project's shared area, outside this repository:
/// `ODS_BENCH_GEN` names it, else `../shared/bench/gen_mlir.py` from the
/// repository root; without it this says so and gives `None`.
pub fn bench_file(size_mb: &str, seed: u32) -> Option<Vec<u8>> {
    let gen = std::env::var_os("ODS_BENCH_GEN").map_or_else(
        || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/bench/gen_mlir.py"),
        PathBuf::from,
    );
    if !gen.is_file() {
        println!("{} not found: skipping the benchmark files", gen.display());
        return None;
    }
    let out = Command::new("python3")
        .arg(&gen)
        .args([size_mb, "--form", "custom", "--seed", &seed.to_string()])
        .output()
        .expect("python3 runs the generator");
    assert!(out.status.success(), "gen_mlir.py failed for seed {seed}");
    Some(out.stdout)
}

/// Whether `mlir-opt` and `ods-opt` print `input` alike with `args`:
/// stdout, stderr and exit status byte for byte (else what differs).
pub fn same_as_mlir_opt(mlir_opt: &Path, args: &[&str], input: &[u8]) -> Result<(), String> {
    let theirs = run_tool(mlir_opt, args, input);
    let ours = match run_ods_opt(args, input) {
        DriverRun::Finished(out) => out,
        DriverRun::Panicked(message) => return Err(format!("ods-opt panicked: {message}")),
    };
    if theirs.status != ours.status {
        return Err(format!(
            "exit status {} (mlir-opt) vs {} (ods-opt); ods-opt stderr: {}",
            theirs.status,
            ours.status,
            String::from_utf8_lossy(&ours.stderr)
        ));
    }
    if theirs.stdout != ours.stdout {
        return Err(format!(
            "stdout: {}",
            describe_difference(&theirs.stdout, &ours.stdout)
        ));
    }
    if theirs.stderr != ours.stderr {
        return Err(format!(
            "stderr: {}",
            describe_difference(&theirs.stderr, &ours.stderr)
        ));
    }
    Ok(())
}

/// Runs every file of `tests/corpus/<dir>` (at least `min_files`, each
/// with an `ARGS` line) through `mlir-opt` and `ods-opt` in the custom,
/// generic and debuginfo forms and asserts [`same_as_mlir_opt`] for each;
/// without `mlir-opt` it says so (naming `what`) and checks nothing.
pub fn corpus_matches_mlir_opt_in_three_forms(what: &str, dir: &str, min_files: usize) {
    const FORMS: &[&[&str]] = &[
        &[],
        &["--mlir-print-op-generic"],
        &["--mlir-print-debuginfo"],
    ];
    let Some(mlir_opt) = find_mlir_opt(what) else {
        return;
    };
    let files = corpus_files(dir);
    assert!(files.len() >= min_files, "the {dir} corpus is missing");
    let mut failures = Vec::new();
    for file in &files {
        for form in FORMS {
            let mut args = file.args(&[]);
            assert!(!args.is_empty(), "{} has no ARGS line", file.name);
            args.extend_from_slice(form);
            if let Err(e) = same_as_mlir_opt(&mlir_opt, &args, &file.text) {
                failures.push(format!("{} {}: {e}", file.name, args.join(" ")));
            }
        }
    }
    assert!(failures.is_empty(), "differences:\n{}", failures.join("\n"));
}

/// A `--mlir-timing` report with every number and its sign masked as `N`,
/// and the right-aligned percentages' padding dropped, so two reports
/// compare by layout and names alone (the `Rest` line is negative when a
/// pass's inner pipelines overlap it, or not, by timing).
pub fn mask_timing_numbers(report: &str) -> String {
    let mut out = String::new();
    let mut chars = report.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '-' && chars.peek().is_some_and(char::is_ascii_digit) {
            out.push(' ');
            continue;
        }
        if c.is_ascii_digit() {
            while chars
                .peek()
                .is_some_and(|d| d.is_ascii_digit() || *d == '.')
            {
                chars.next();
            }
            out.push('N');
        } else {
            out.push(c);
        }
    }
    while out.contains("( ") {
        out = out.replace("( ", "(");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ratchet_lines_parse_and_reject_junk() {
        let map = parse_known_failures("# c\n\nroundtrip/a.mlir: why\n").unwrap();
        assert_eq!(map["roundtrip/a.mlir"], "why");
        assert!(parse_known_failures("roundtrip/a.mlir\n").is_err());
        assert!(parse_known_failures("a: x\na: y\n").is_err());
    }

    #[test]
    fn error_line_is_found_after_file_names_with_colons() {
        let err = "note: x\nC:/dir/f.mlir:12:3: error: bad\n<stdin>:4:1: error: later\n";
        assert_eq!(first_error_line(err), Some(12));
        assert_eq!(first_error_line("<stdin>:7:9: error: x"), Some(7));
        assert_eq!(first_error_line("error: no location"), None);
    }

    #[test]
    fn args_line_replaces_defaults() {
        let f = CorpusFile {
            name: "x".into(),
            text: b"// ARGS: --a --b\nrest".to_vec(),
        };
        assert_eq!(f.args(&["--d"]), vec!["--a", "--b"]);
        let g = CorpusFile {
            name: "y".into(),
            text: b"// comment\n".to_vec(),
        };
        assert_eq!(g.args(&["--d"]), vec!["--d"]);
    }

    #[test]
    fn difference_points_at_first_differing_line() {
        let d = describe_difference(b"a\nb\nc\n", b"a\nx\nc\n");
        assert!(d.contains("line 2") && d.contains("mlir-opt: b") && d.contains("ods-opt:  x"));
        let raw = describe_difference(b"a\xf7\n", b"a\xef\xbf\xbd\n");
        assert!(raw.contains("line 1") && raw.contains("a\\xf7"), "{raw}");
    }
}

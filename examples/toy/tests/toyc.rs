//! The `toyc-chN` binaries against upstream's `toyc`: every case of
//! `toyc/cases.txt` is run and its stdout, stderr and exit status compared
//! byte for byte with `toyc/expected/`, which upstream's binaries wrote
//! (`oracle/expect.sh`; how they were built is in `oracle/README.md`).

use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// The path of one of this package's binaries.
fn binary(program: &str) -> Option<&'static str> {
    match program {
        "toyc-ch2" => Some(env!("CARGO_BIN_EXE_toyc-ch2")),
        "toyc-ch3" => Some(env!("CARGO_BIN_EXE_toyc-ch3")),
        "toyc-ch4" => Some(env!("CARGO_BIN_EXE_toyc-ch4")),
        "toyc-ch6" => Some(env!("CARGO_BIN_EXE_toyc-ch6")),
        _ => None,
    }
}

fn cases_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/toyc")
}

/// A case of `cases.txt`: its name, program, arguments and stdin file.
struct Case {
    name: String,
    program: String,
    args: Vec<String>,
    stdin: Option<String>,
}

fn cases() -> Vec<Case> {
    let text = std::fs::read_to_string(cases_dir().join("cases.txt")).expect("cases.txt");
    let mut cases = Vec::new();
    for line in text.lines() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let (name, command) = line.split_once(':').expect("NAME: PROGRAM ARGS");
        let mut words = command.split_whitespace();
        let program = words.next().expect("a program").to_string();
        let mut case = Case {
            name: name.to_string(),
            program,
            args: Vec::new(),
            stdin: None,
        };
        for w in words {
            match w.strip_prefix('<') {
                Some(file) => case.stdin = Some(file.to_string()),
                None => case.args.push(w.to_string()),
            }
        }
        cases.push(case);
    }
    cases
}

fn expected(name: &str, ext: &str) -> Vec<u8> {
    let path = cases_dir().join("expected").join(format!("{name}.{ext}"));
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The mismatch of one case, described; `None` when it matches.
fn check(case: &Case) -> Option<String> {
    let bin = binary(&case.program)?;
    let dir = cases_dir();
    let stdin = match &case.stdin {
        Some(f) => Stdio::from(std::fs::File::open(dir.join(f)).expect("stdin file")),
        None => Stdio::null(),
    };
    let out = Command::new(bin)
        .arg0(&case.program)
        .args(&case.args)
        .current_dir(&dir)
        .stdin(stdin)
        .output()
        .expect("running the binary");
    let status = out
        .status
        .code()
        .map_or("signal".to_string(), |c| c.to_string());
    let want_status = String::from_utf8(expected(&case.name, "status")).expect("utf-8");
    // Where upstream's toyc crashes (139: SIGSEGV on an AST node its parser
    // left empty), ours prints what it printed, then one error line, and
    // exits 1: the manual's behaviour, not the crash.
    let upstream_crashed = want_status.trim() == "139";
    let want_status = if upstream_crashed {
        "1"
    } else {
        want_status.trim()
    };
    let mut problems = Vec::new();
    if status != want_status {
        problems.push(format!("status {status}, expected {want_status}"));
    }
    let want_stderr = expected(&case.name, "stderr");
    let stderr_ok = if upstream_crashed {
        out.stderr
            .strip_prefix(&want_stderr[..])
            .is_some_and(|rest| {
                let rest = String::from_utf8_lossy(rest);
                rest.ends_with('\n') && rest.lines().count() == 1 && rest.contains(": error: ")
            })
    } else {
        out.stderr == want_stderr
    };
    if !stderr_ok {
        problems.push(format!(
            "stderr differs:\n--- got\n{}--- expected{}\n{}",
            String::from_utf8_lossy(&out.stderr),
            if upstream_crashed {
                " (then one error line)"
            } else {
                ""
            },
            String::from_utf8_lossy(&want_stderr)
        ));
    }
    let want_stdout = expected(&case.name, "stdout");
    if out.stdout != want_stdout {
        problems.push(format!(
            "stdout differs:\n--- got\n{}--- expected\n{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&want_stdout)
        ));
    }
    (!problems.is_empty()).then(|| format!("case {}: {}", case.name, problems.join("\n")))
}

#[test]
fn every_case_matches_upstream_toyc() {
    let cases = cases();
    assert!(cases.len() >= 50, "the cases are read");
    let failures: Vec<String> = cases.iter().filter_map(check).collect();
    assert!(
        failures.is_empty(),
        "{} of {} cases differ from upstream:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n\n")
    );
}

#[test]
fn a_wrong_expectation_is_caught() {
    // The comparison above can fail: a case whose expected output is not
    // what the binary prints is reported.
    let case = Case {
        name: "matrices-ast".into(),
        program: "toyc-ch2".into(),
        args: vec!["matrices.toy".into(), "-emit=mlir".into()],
        stdin: None,
    };
    let report = check(&case).expect("a mismatch");
    assert!(report.contains("stderr differs"), "{report}");
}

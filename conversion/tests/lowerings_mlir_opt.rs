//! The lowerings of this crate against `mlir-opt-22`: every file of
//! `tests/corpus/` runs with the flags of its `// ARGS:` line through our
//! tool and through `mlir-opt-22`, in the custom form, the generic form
//! and with locations, and both must print the same bytes (stdout,
//! stderr, exit status). The corpora are ours, written from upstream's
//! `lower-affine.mlir` and `SCFToControlFlow` tests: `lower_affine_*.mlir`
//! for `--lower-affine`, `scf_to_cf_*.mlir` for `--convert-scf-to-cf`
//! (whose successes are also checked by `tests/corpus/passes/`);
//! `{func,cf,arith,index}_to_llvm_*.mlir` for the lowerings to the LLVM
//! dialect, written from upstream's `FuncToLLVM`, `ControlFlowToLLVM`,
//! `ArithToLLVM` and `IndexToLLVM` tests; `convert_to_llvm_*.mlir` for
//! `--convert-to-llvm` on programs mixing these dialects (and `scf`
//! lowered first by `--convert-scf-to-cf`), with its `filter-dialects`
//! errors.
//!
//! Where `--lower-affine` cannot expand a map (a `mod`, `floordiv` or
//! `ceildiv` by a constant that is not positive), both tools print the
//! error, leave the op, print the IR and exit with success
//! (`lower_affine_failures.mlir`).
//!
//! `LOWERING_FILTER=name` runs the files whose name contains `name`.
//!
//! Without `mlir-opt-22` the comparison is skipped with one line, unless
//! `REQUIRE_TWIN=1` (as CI sets), where it fails.

use ir::{Context, Registry};
use ods_opt::OptTool;
use ods_transforms::pass::PassRegistry;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

fn registry(ctx: &mut Context) -> Registry {
    let mut reg = Registry::new(ctx);
    dialect_affine::register(ctx, &mut reg);
    dialect_arith::register(ctx, &mut reg);
    dialect_cf::register(ctx, &mut reg);
    dialect_func::register(ctx, &mut reg);
    dialect_index::register(ctx, &mut reg);
    dialect_llvm::register(ctx, &mut reg);
    dialect_memref::register(ctx, &mut reg);
    dialect_scf::register(ctx, &mut reg);
    reg
}

fn tool() -> OptTool {
    let mut passes = PassRegistry::new();
    ods_conversion::register_passes(&mut passes);
    passes
        .passes()
        .iter()
        .fold(OptTool::new("lowering-opt", registry), |t, &p| {
            t.with_pass(p)
        })
}

#[derive(Debug, PartialEq, Eq)]
struct Run {
    stdout: String,
    stderr: String,
    status: i32,
}

fn run_ours(args: &[&str], input: &[u8]) -> Run {
    let mut with_input = args.to_vec();
    with_input.push("-");
    let out = tool().run(&with_input, input);
    Run {
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        status: out.status,
    }
}

fn run_mlir_opt(exe: &Path, args: &[&str], input: &[u8]) -> Run {
    use std::io::Write;
    let mut child = Command::new(exe)
        .args(args)
        .arg("-")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("cannot run mlir-opt");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input)
        .expect("write to mlir-opt");
    let out = child.wait_with_output().expect("mlir-opt output");
    Run {
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        status: out.status.code().unwrap_or(-1),
    }
}

/// `mlir-opt-22`, or `None` (with a line saying so) when it is not
/// installed and the comparison may be skipped.
fn find_mlir_opt() -> Option<PathBuf> {
    let candidates = ["/usr/lib/llvm-22/bin/mlir-opt", "mlir-opt-22"];
    for c in candidates {
        let works = Command::new(c)
            .arg("--version")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success());
        if works {
            return Some(PathBuf::from(c));
        }
    }
    let required = std::env::var("REQUIRE_TWIN").is_ok_and(|v| v == "1");
    assert!(
        !required,
        "mlir-opt-22 is required (REQUIRE_TWIN=1) but missing"
    );
    eprintln!("skipping the comparison of the lowerings with mlir-opt-22: it is not installed");
    None
}

/// A corpus file: its name, text and the flags of its `// ARGS:` line.
struct CorpusFile {
    name: String,
    text: Vec<u8>,
    args: Vec<String>,
}

fn corpus() -> Vec<CorpusFile> {
    let dir = std::env::var("LOWERING_DIR").map_or_else(
        |_| Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/corpus"),
        PathBuf::from,
    );
    let mut files: Vec<CorpusFile> = std::fs::read_dir(&dir)
        .expect("the lowering corpus")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "mlir"))
        .filter(|p| match std::env::var("LOWERING_FILTER") {
            Ok(f) => p.to_string_lossy().contains(&f),
            Err(_) => true,
        })
        .map(|p| {
            let text = std::fs::read(&p).expect("corpus file");
            let first = String::from_utf8_lossy(&text)
                .lines()
                .next()
                .unwrap_or("")
                .to_string();
            let args = first
                .strip_prefix("// ARGS:")
                .unwrap_or_else(|| panic!("{} has no ARGS line", p.display()))
                .split_whitespace()
                .map(str::to_string)
                .collect();
            CorpusFile {
                name: p.file_name().unwrap().to_string_lossy().into_owned(),
                text,
                args,
            }
        })
        .collect();
    files.sort_by(|a, b| a.name.cmp(&b.name));
    files
}

const FORMS: &[&[&str]] = &[
    &[],
    &["--mlir-print-op-generic"],
    &["--mlir-print-debuginfo"],
];

fn describe(ours: &Run, theirs: &Run) -> String {
    let first_diff = |a: &str, b: &str| {
        a.lines()
            .zip(b.lines())
            .enumerate()
            .find(|(_, (x, y))| x != y)
            .map_or_else(
                || format!("lengths {} and {}", a.len(), b.len()),
                |(i, (x, y))| format!("line {}:\n  ours:     {x}\n  mlir-opt: {y}", i + 1),
            )
    };
    let mut text = String::new();
    // `LOWERING_SHOW=1` prints both whole outputs, to debug a lowering.
    if std::env::var("LOWERING_SHOW").is_ok_and(|v| v == "1") {
        text += &format!(
            "ours:\n{}{}\nmlir-opt:\n{}{}\n",
            ours.stdout, ours.stderr, theirs.stdout, theirs.stderr
        );
    }
    if ours.status != theirs.status {
        text += &format!("status {} against {}\n", ours.status, theirs.status);
    }
    if ours.stdout != theirs.stdout {
        text += &format!(
            "stdout differs at {}\n",
            first_diff(&ours.stdout, &theirs.stdout)
        );
    }
    if ours.stderr != theirs.stderr {
        text += &format!(
            "stderr differs at {}\n",
            first_diff(&ours.stderr, &theirs.stderr)
        );
    }
    text
}

#[test]
fn lowerings_match_mlir_opt() {
    let Some(mlir_opt) = find_mlir_opt() else {
        return;
    };
    let files = corpus();
    let mut failures = Vec::new();
    for file in &files {
        for form in FORMS {
            let mut args: Vec<&str> = file.args.iter().map(String::as_str).collect();
            args.extend_from_slice(form);
            let ours = run_ours(&args, &file.text);
            let theirs = run_mlir_opt(&mlir_opt, &args, &file.text);
            if ours != theirs {
                failures.push(format!(
                    "{} {}: {}",
                    file.name,
                    args.join(" "),
                    describe(&ours, &theirs)
                ));
            }
        }
    }
    assert!(failures.is_empty(), "differences:\n{}", failures.join("\n"));
}

/// The corpus covers both passes, and each has files that fail; a file
/// whose pass changes nothing would compare equal trivially. A failure of
/// `--lower-affine` (a map it cannot expand) is an error that does not
/// fail the pass, as upstream's; `--convert-scf-to-cf`'s fail it.
#[test]
fn the_corpus_lowers_and_fails() {
    let files = corpus();
    for pass in ["--lower-affine", "--convert-scf-to-cf"] {
        let of_pass: Vec<&CorpusFile> = files.iter().filter(|f| f.args[0] == pass).collect();
        assert!(
            of_pass.iter().any(|f| f.name.contains("failures")),
            "no failure cases for {pass}"
        );
        for file in of_pass {
            let args: Vec<&str> = file.args.iter().map(String::as_str).collect();
            let lowered = run_ours(&args, &file.text);
            let without: Vec<&str> = args.iter().copied().filter(|a| *a != pass).collect();
            let plain = run_ours(&without, &file.text);
            if file.name.contains("failures") {
                let status = if pass == "--lower-affine" { 0 } else { 1 };
                assert_eq!(lowered.status, status, "{}: {}", file.name, lowered.stderr);
                assert!(lowered.stderr.contains("error: "), "{}", file.name);
                if status == 0 {
                    assert!(lowered.stdout.contains("affine."), "{}", file.name);
                }
            } else {
                assert_eq!(lowered.status, 0, "{}: {}", file.name, lowered.stderr);
                assert_ne!(
                    lowered.stdout, plain.stdout,
                    "{}: nothing lowered",
                    file.name
                );
                assert!(
                    !lowered.stdout.contains("affine."),
                    "{}: {}",
                    file.name,
                    lowered.stdout
                );
            }
        }
    }
}

/// What `--lower-affine` leaves: `affine.vector_load`/`vector_store` (no
/// `vector` dialect here) and an `affine.parallel` whose reduction has no
/// identity value (`assign`; `mlir-opt-22` aborts on it), with its
/// `affine.yield`; the ops around them are lowered, and the pass succeeds.
/// (A vector access left inside a lowered loop no longer verifies: its
/// subscript is an `scf.for` induction variable.)
#[test]
fn lower_affine_leaves_what_it_cannot_lower() {
    let input = "func.func @f(%m: memref<8xf32>, %a: memref<8xi32>, %j: index) -> i32 {\n  affine.for %i = 0 to 8 {\n    %x = affine.load %m[%i] : memref<8xf32>\n  }\n  %v = affine.vector_load %m[%j] : memref<8xf32>, vector<4xf32>\n  affine.vector_store %v, %m[%j + 1] : memref<8xf32>, vector<4xf32>\n  %r = affine.parallel (%i) = (0) to (8) reduce (\"assign\") -> (i32) {\n    %x = affine.load %a[%i] : memref<8xi32>\n    affine.yield %x : i32\n  }\n  return %r : i32\n}\n";
    let out = run_ours(&["--lower-affine"], input.as_bytes());
    assert_eq!(out.status, 0, "{}", out.stderr);
    for kept in [
        "affine.vector_load %arg0[%arg2]",
        "affine.vector_store %0, %arg0[%arg2 + 1]",
        "affine.parallel (%arg3) = (0) to (8) reduce (\"assign\") -> (i32)",
        "affine.yield %",
    ] {
        assert!(out.stdout.contains(kept), "no `{kept}` in\n{}", out.stdout);
    }
    for lowered in ["scf.for", "memref.load %arg0", "memref.load %arg1"] {
        assert!(
            out.stdout.contains(lowered),
            "no `{lowered}` in\n{}",
            out.stdout
        );
    }
    assert!(!out.stdout.contains("affine.for"), "{}", out.stdout);
}

/// Each lowering to LLVM has files, every one of them changes its input
/// (a file a pass leaves alone would compare equal trivially), and the
/// failure files fail.
#[test]
fn the_llvm_corpora_lower_and_fail() {
    let files = corpus();
    for pass in [
        "--convert-func-to-llvm",
        "--convert-cf-to-llvm",
        "--convert-arith-to-llvm",
        "--convert-index-to-llvm",
        "--convert-to-llvm",
    ] {
        let of_pass: Vec<&CorpusFile> = files
            .iter()
            .filter(|f| f.args[0].split('=').next() == Some(pass))
            .collect();
        assert!(!of_pass.is_empty(), "no corpus for {pass}");
        for file in of_pass {
            let args: Vec<&str> = file.args.iter().map(String::as_str).collect();
            let lowered = run_ours(&args, &file.text);
            let plain = run_ours(&args[1..], &file.text);
            if file.name.contains("failures") {
                assert_eq!(lowered.status, 1, "{}: {}", file.name, lowered.stderr);
                assert!(lowered.stderr.contains("error: "), "{}", file.name);
            } else {
                assert_eq!(lowered.status, 0, "{}: {}", file.name, lowered.stderr);
                assert!(
                    lowered.stdout.contains("llvm."),
                    "{}: nothing lowered",
                    file.name
                );
                assert_ne!(lowered.stdout, plain.stdout, "{}", file.name);
            }
        }
    }
}

//! The memory and math lowerings of this crate against `mlir-opt-22`
//! (`--expand-strided-metadata`, `--finalize-memref-to-llvm`,
//! `--convert-math-to-llvm`, and `--canonicalize` over the fold they rely
//! on): every file of `tests/memory_corpus/` runs with the flags of its
//! `// ARGS:` line through our tool and through `mlir-opt-22`, in the
//! custom form, the generic form and with locations, and both must print
//! the same bytes (stdout, stderr, exit status). The corpora are ours.
//!
//! `LOWERING_FILTER=name` runs the files whose name contains `name`;
//! `LOWERING_DUMP=1` prints our output of each run.
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
    dialect_llvm::register(ctx, &mut reg);
    dialect_math::register(ctx, &mut reg);
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
    for c in ["/usr/lib/llvm-22/bin/mlir-opt", "mlir-opt-22"] {
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
    eprintln!(
        "skipping the comparison of the memory lowerings with mlir-opt-22: it is not installed"
    );
    None
}

/// A corpus file: its name, text and the flags of its `// ARGS:` line.
struct CorpusFile {
    name: String,
    text: Vec<u8>,
    args: Vec<String>,
}

fn corpus() -> Vec<CorpusFile> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/memory_corpus");
    let filter = std::env::var("LOWERING_FILTER").ok();
    let mut files: Vec<CorpusFile> = std::fs::read_dir(&dir)
        .expect("the memory lowering corpus")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "mlir"))
        .filter(|p| {
            filter
                .as_ref()
                .is_none_or(|f| p.to_string_lossy().contains(f))
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
fn memory_lowerings_match_mlir_opt() {
    let Some(mlir_opt) = find_mlir_opt() else {
        return;
    };
    let mut failures = Vec::new();
    for file in &corpus() {
        for form in FORMS {
            let mut args: Vec<&str> = file.args.iter().map(String::as_str).collect();
            args.extend_from_slice(form);
            let ours = run_ours(&args, &file.text);
            let theirs = run_mlir_opt(&mlir_opt, &args, &file.text);
            if std::env::var("LOWERING_DUMP").is_ok() {
                eprintln!("{}{}", ours.stdout, ours.stderr);
            }
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

/// Each file changes what it is run on: a file whose pass changes nothing
/// would compare equal trivially.
#[test]
fn every_corpus_file_lowers_something() {
    for file in corpus() {
        let args: Vec<&str> = file.args.iter().map(String::as_str).collect();
        let lowered = run_ours(&args, &file.text);
        let plain = run_ours(&[], &file.text);
        if file.name.contains("failures") {
            assert_eq!(lowered.status, 1, "{}: {}", file.name, lowered.stderr);
            assert!(lowered.stderr.contains("error: "), "{}", file.name);
        } else {
            assert_eq!(lowered.status, 0, "{}: {}", file.name, lowered.stderr);
            assert_ne!(
                lowered.stdout, plain.stdout,
                "{}: nothing lowered",
                file.name
            );
        }
    }
}

/// What `--expand-strided-metadata` leaves: an `expand_shape` with two
/// dynamic sizes in one group (upstream asserts there is at most one, and
/// `mlir-opt-22` crashes on it), beside a subview that is expanded.
#[test]
fn expand_strided_metadata_leaves_two_dynamic_sizes_in_a_group() {
    let input = "func.func @f(%m: memref<?xf32>, %a: index, %b: index) -> (memref<?x?xf32>, memref<2xf32, strided<[1], offset: ?>>) {\n  %e = memref.expand_shape %m [[0, 1]] output_shape [%a, %b] : memref<?xf32> into memref<?x?xf32>\n  %s = memref.subview %m[%a] [2] [1] : memref<?xf32> to memref<2xf32, strided<[1], offset: ?>>\n  return %e, %s : memref<?x?xf32>, memref<2xf32, strided<[1], offset: ?>>\n}\n";
    let out = run_ours(&["--expand-strided-metadata"], input.as_bytes());
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert!(
        out.stdout
            .contains("memref.expand_shape %arg0 [[0, 1]] output_shape [%arg1, %arg2]"),
        "{}",
        out.stdout
    );
    assert!(!out.stdout.contains("memref.subview"), "{}", out.stdout);
    assert!(
        out.stdout.contains("memref.reinterpret_cast"),
        "{}",
        out.stdout
    );
}

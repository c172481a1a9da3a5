//! The lowerings of this crate against `mlir-opt-22`: every file of
//! `tests/corpus/` and `tests/memory_corpus/` runs with the flags of its
//! `// ARGS:` line through our tool and through `mlir-opt-22`, in the
//! custom form, the generic form and with locations, and both must print
//! the same bytes (stdout, stderr, exit status). The corpora are ours.
//!
//! `tests/corpus/`, written from upstream's `lower-affine.mlir` and
//! `SCFToControlFlow` tests: `lower_affine_*.mlir` for `--lower-affine`,
//! `scf_to_cf_*.mlir` for `--convert-scf-to-cf` (whose successes are also
//! checked by `tests/corpus/passes/`); `{func,cf,arith,index}_to_llvm_*.mlir`
//! for the lowerings to the LLVM dialect, written from upstream's
//! `FuncToLLVM`, `ControlFlowToLLVM`, `ArithToLLVM` and `IndexToLLVM`
//! tests; `convert_to_llvm_*.mlir` for `--convert-to-llvm` on programs
//! mixing these dialects with `memref` and `math` (and `scf` lowered first
//! by `--convert-scf-to-cf`), with its `filter-dialects` errors.
//!
//! `tests/memory_corpus/`: the memory and math lowerings
//! (`--expand-strided-metadata`, `--finalize-memref-to-llvm`,
//! `--convert-math-to-llvm`, and `--canonicalize` over the fold they rely
//! on).
//!
//! Where `--lower-affine` cannot expand a map (a `mod`, `floordiv` or
//! `ceildiv` by a constant that is not positive), both tools print the
//! error, leave the op, print the IR and exit with success
//! (`lower_affine_failures.mlir`).
//!
//! `LOWERING_FILTER=name` runs the files whose name contains `name`;
//! `LOWERING_DIR=dir` runs the files of `dir` instead of the two corpora;
//! `LOWERING_SHOW=1` prints both whole outputs of each run that differs.
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
    dialect_math::register(ctx, &mut reg);
    dialect_memref::register(ctx, &mut reg);
    dialect_scf::register(ctx, &mut reg);
    dialect_vector::register(ctx, &mut reg);
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

/// The corpora: the scalar and control-flow lowerings, and the memory and
/// math ones.
const CORPORA: &[&str] = &["tests/corpus", "tests/memory_corpus"];

/// A corpus file: its directory, name, text and the flags of its
/// `// ARGS:` line.
struct CorpusFile {
    dir: PathBuf,
    name: String,
    text: Vec<u8>,
    args: Vec<String>,
}

/// The files of every corpus (of `LOWERING_DIR` when set), those
/// `LOWERING_FILTER` names, sorted by directory and name.
fn corpus() -> Vec<CorpusFile> {
    let dirs: Vec<PathBuf> = match std::env::var("LOWERING_DIR") {
        Ok(dir) => vec![PathBuf::from(dir)],
        Err(_) => CORPORA
            .iter()
            .map(|d| Path::new(env!("CARGO_MANIFEST_DIR")).join(d))
            .collect(),
    };
    let filter = std::env::var("LOWERING_FILTER").ok();
    let mut files = Vec::new();
    for dir in dirs {
        let entries = std::fs::read_dir(&dir)
            .unwrap_or_else(|e| panic!("the lowering corpus {}: {e}", dir.display()));
        for path in entries.map(|e| e.expect("entry").path()) {
            let wanted = path.extension().is_some_and(|e| e == "mlir")
                && filter
                    .as_ref()
                    .is_none_or(|f| path.to_string_lossy().contains(f));
            if wanted {
                files.push(corpus_file(&dir, &path));
            }
        }
    }
    files.sort_by(|a, b| (&a.dir, &a.name).cmp(&(&b.dir, &b.name)));
    files
}

fn corpus_file(dir: &Path, path: &Path) -> CorpusFile {
    let text = std::fs::read(path).expect("corpus file");
    let first = String::from_utf8_lossy(&text)
        .lines()
        .next()
        .unwrap_or("")
        .to_string();
    let args = first
        .strip_prefix("// ARGS:")
        .unwrap_or_else(|| panic!("{} has no ARGS line", path.display()))
        .split_whitespace()
        .map(str::to_string)
        .collect();
    CorpusFile {
        dir: dir.to_path_buf(),
        name: path.file_name().unwrap().to_string_lossy().into_owned(),
        text,
        args,
    }
}

/// The files of the corpus in `dir` (`tests/memory_corpus`).
fn corpus_in(dir: &str) -> Vec<CorpusFile> {
    corpus()
        .into_iter()
        .filter(|f| f.dir.ends_with(dir))
        .collect()
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

/// How one corpus file ran, checked: a `failures` file exits with
/// `failure_status` and prints an error; any other succeeds and prints
/// something else than `plain` (its input run without the pass), since a
/// file its pass leaves alone would compare equal trivially.
fn assert_lowers_or_fails(file: &CorpusFile, lowered: &Run, plain: &Run, failure_status: i32) {
    if file.name.contains("failures") {
        assert_eq!(
            lowered.status, failure_status,
            "{}: {}",
            file.name, lowered.stderr
        );
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
            let status = if pass == "--lower-affine" { 0 } else { 1 };
            assert_lowers_or_fails(file, &lowered, &plain, status);
            // A failing `--lower-affine` leaves the op it cannot expand.
            let leaves_affine = file.name.contains("failures") && status == 0;
            assert_eq!(
                lowered.stdout.contains("affine."),
                leaves_affine,
                "{}: {}",
                file.name,
                lowered.stdout
            );
        }
    }
}

/// What `--lower-affine` leaves: an `affine.parallel` whose reduction has
/// no identity value (`assign`; `mlir-opt-22` aborts on it), with its
/// `affine.yield`; the ops around it are lowered (the vector accesses to
/// `vector.load`/`vector.store`), and the pass succeeds.
#[test]
fn lower_affine_leaves_what_it_cannot_lower() {
    let input = "func.func @f(%m: memref<8xf32>, %a: memref<8xi32>, %j: index) -> i32 {\n  affine.for %i = 0 to 8 {\n    %x = affine.load %m[%i] : memref<8xf32>\n  }\n  %v = affine.vector_load %m[%j] : memref<8xf32>, vector<4xf32>\n  affine.vector_store %v, %m[%j + 1] : memref<8xf32>, vector<4xf32>\n  %r = affine.parallel (%i) = (0) to (8) reduce (\"assign\") -> (i32) {\n    %x = affine.load %a[%i] : memref<8xi32>\n    affine.yield %x : i32\n  }\n  return %r : i32\n}\n";
    let out = run_ours(&["--lower-affine"], input.as_bytes());
    assert_eq!(out.status, 0, "{}", out.stderr);
    for kept in [
        "affine.parallel (%arg3) = (0) to (8) reduce (\"assign\") -> (i32)",
        "affine.yield %",
    ] {
        assert!(out.stdout.contains(kept), "no `{kept}` in\n{}", out.stdout);
    }
    for lowered in [
        "scf.for",
        "memref.load %arg0",
        "memref.load %arg1",
        "vector.load %arg0[%arg2] : memref<8xf32>, vector<4xf32>",
        "vector.store %0, %arg0[%1] : memref<8xf32>, vector<4xf32>",
    ] {
        assert!(
            out.stdout.contains(lowered),
            "no `{lowered}` in\n{}",
            out.stdout
        );
    }
    for gone in ["affine.for", "affine.vector"] {
        assert!(!out.stdout.contains(gone), "{}", out.stdout);
    }
}

/// Each lowering to LLVM has files, every one of them changes its input
/// (a file a pass leaves alone would compare equal trivially), the
/// failure files fail, and the `reported` files print errors without
/// failing (functions `func`'s patterns leave).
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
            assert_lowers_or_fails(file, &lowered, &plain, 1);
            if !file.name.contains("failures") {
                assert_eq!(
                    file.name.contains("reported"),
                    lowered.stderr.contains("error: "),
                    "{}: {}",
                    file.name,
                    lowered.stderr
                );
                assert!(
                    lowered.stdout.contains("llvm."),
                    "{}: nothing lowered",
                    file.name
                );
            }
        }
    }
}

/// Each file of the memory corpus changes what it is run on: a file whose
/// pass changes nothing would compare equal trivially.
#[test]
fn every_memory_corpus_file_lowers_something() {
    for file in corpus_in("tests/memory_corpus") {
        let args: Vec<&str> = file.args.iter().map(String::as_str).collect();
        let lowered = run_ours(&args, &file.text);
        let plain = run_ours(&[], &file.text);
        assert_lowers_or_fails(&file, &lowered, &plain, 1);
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

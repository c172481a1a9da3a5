//! End to end: the programs of `tests/run/` (func, arith, cf, scf) and of
//! `tests/run_memory/` (with memref and math) are lowered to the LLVM
//! dialect by this crate's passes ([`SCALAR`], [`MEMORY`], and the
//! memory programs again by [`MEMORY_ONE_PASS`]), translated to
//! LLVM IR by `ods-translate`, and run by `lli-22`, whose output must be
//! `<name>.expected`. Where `mlir-opt-22` is installed, the lowered
//! module must also be the one it prints for the same pipeline.
//!
//! `lli-22` is `$LLI` or `/usr/lib/llvm-22/bin/lli`; without it the run
//! is skipped with a line saying so, unless `CI` or `REQUIRE_TWIN` is set
//! (as CI does), where it fails.

use ir::{Context, Registry};
use ods_opt::OptTool;
use ods_transforms::pass::PassRegistry;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// The pipeline from func/arith/cf/scf to the LLVM dialect.
const SCALAR: &[&str] = &[
    "--convert-scf-to-cf",
    "--convert-arith-to-llvm",
    "--convert-cf-to-llvm",
    "--convert-func-to-llvm",
    "--reconcile-unrealized-casts",
];

/// The pipeline from func/arith/scf/memref/math to the LLVM dialect: the
/// memory lowerings, then [`SCALAR`].
const MEMORY: &[&str] = &[
    "--expand-strided-metadata",
    "--lower-affine",
    "--finalize-memref-to-llvm",
    "--convert-math-to-llvm",
    "--convert-scf-to-cf",
    "--convert-arith-to-llvm",
    "--convert-cf-to-llvm",
    "--convert-func-to-llvm",
    "--reconcile-unrealized-casts",
];

/// [`MEMORY`] with the lowerings to LLVM in one pass: `--convert-to-llvm`
/// lowers memref, math, arith, cf and func together.
const MEMORY_ONE_PASS: &[&str] = &[
    "--expand-strided-metadata",
    "--lower-affine",
    "--convert-scf-to-cf",
    "--convert-to-llvm",
    "--reconcile-unrealized-casts",
];

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
    ods_transforms::conversion::register_passes(&mut passes);
    passes
        .passes()
        .iter()
        .fold(OptTool::new("lowering-opt", registry), |t, &p| {
            t.with_pass(p)
        })
}

/// `program`, found as `$var` or under `/usr/lib/llvm-22/bin`; `None`
/// (with a line) when missing and not required.
fn llvm_tool(name: &str, var: &str) -> Option<PathBuf> {
    let path = std::env::var_os(var)
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new("/usr/lib/llvm-22/bin").join(name));
    if path.is_file() {
        return Some(path);
    }
    let required =
        std::env::var_os("CI").is_some() || std::env::var("REQUIRE_TWIN").is_ok_and(|v| v == "1");
    assert!(!required, "{} is not installed (set {var})", path.display());
    println!("{} not found: skipping", path.display());
    None
}

fn programs(dir: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join(dir);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("the programs")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "mlir"))
        .collect();
    files.sort();
    files
}

/// The program lowered by our passes.
fn lower(pipeline: &[&str], file: &Path) -> String {
    let input = std::fs::read(file).expect("the program");
    let mut args = pipeline.to_vec();
    args.push("-");
    let out = tool().run(&args, &input);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status, 0, "{}: {stderr}", file.display());
    String::from_utf8(out.stdout).expect("UTF-8 output")
}

fn mlir_opt_lowering(pipeline: &[&str], exe: &Path, file: &Path) -> String {
    let out = Command::new(exe)
        .args(pipeline)
        .arg("-")
        .stdin(std::fs::File::open(file).expect("the program"))
        .stderr(Stdio::piped())
        .output()
        .expect("mlir-opt runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("UTF-8 output")
}

#[test]
fn lowered_programs_run_under_lli() {
    run_suite("scalar", "run", SCALAR, &["scf.", "arith.", "func.func"]);
}

#[test]
fn lowered_memory_programs_run_under_lli() {
    run_suite(
        "memory",
        "run_memory",
        MEMORY,
        &["scf.", "arith.", "func.func", "memref.", "math.", "affine."],
    );
}

#[test]
fn memory_programs_lowered_by_convert_to_llvm_run_under_lli() {
    run_suite(
        "memory-one-pass",
        "run_memory",
        MEMORY_ONE_PASS,
        &["scf.", "arith.", "func.func", "memref.", "math.", "affine."],
    );
}

/// Lowers each program of `tests/<dir>` with `pipeline` (no op named by a
/// prefix of `leftovers` may remain), compares with `mlir-opt-22`,
/// translates and runs it. `suite` names its scratch directory (the tests
/// run at once).
fn run_suite(suite: &str, dir: &str, pipeline: &[&str], leftovers: &[&str]) {
    let files = programs(dir);
    assert!(!files.is_empty(), "the programs are missing");
    let mlir_opt = llvm_tool("mlir-opt", "MLIR_OPT");
    let lli = llvm_tool("lli", "LLI");
    let scratch =
        std::env::temp_dir().join(format!("ods-conversion-lli-{suite}-{}", std::process::id()));
    std::fs::create_dir_all(&scratch).expect("a scratch directory");
    for file in files {
        let stem = file
            .file_stem()
            .and_then(|s| s.to_str())
            .expect("a file stem");
        let lowered = lower(pipeline, &file);
        assert!(
            !leftovers.iter().any(|l| lowered.contains(l)),
            "{stem}: not all lowered:\n{lowered}"
        );
        if let Some(exe) = &mlir_opt {
            assert_eq!(
                lowered,
                mlir_opt_lowering(pipeline, exe, &file),
                "{stem}: lowered otherwise than mlir-opt-22"
            );
        }
        let ir = ods_translate::translate_source(&format!("{stem}.mlir"), lowered.into_bytes())
            .unwrap_or_else(|e| panic!("{stem}: translation failed: {e}"));
        let Some(lli) = &lli else {
            continue;
        };
        let ll = scratch.join(format!("{stem}.ll"));
        std::fs::write(&ll, &ir).expect("the .ll written");
        let out = Command::new(lli).arg(&ll).output().expect("lli runs");
        let expected =
            std::fs::read_to_string(file.with_extension("expected")).expect("the expected output");
        assert_eq!(
            out.status.code(),
            Some(0),
            "{stem}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(
            String::from_utf8_lossy(&out.stdout),
            expected,
            "{stem} printed something else"
        );
    }
    let _ = std::fs::remove_dir_all(&scratch);
}

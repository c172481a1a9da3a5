//! The lit suites of `tests/lit/`, files with `// RUN:` lines as MLIR's
//! own tests are written:
//! - `verify/`: diagnostics of the ported dialects and the parser under
//!   `--verify-diagnostics`. Each RUN line runs twice: once with `ods-opt`
//!   (in-process), once with the real `mlir-opt` standing in for it (when
//!   installed), so the annotations are MLIR's behaviour, not only ours.
//! - `opt/`: flags of the opt tool (`--verify-roundtrip`), with CHECK
//!   lines, run with both tools as `verify/` is.
//! - `verify-ods/`: the same for our `test` dialect (`dialects/ods/test.ods`),
//!   which `mlir-opt` does not have: `ods-opt` only. The messages are the
//!   ones `dialects/tests/test_dialect.rs` checks against `mlir-tblgen`'s
//!   C++ verifiers or `mlir-opt` on upstream ops of the same shape.
//!
//! `ODS_LIT_FILTER=name cargo test -p ods-tests --test lit` runs one file.

use ods_lit::{Lit, Output};
use ods_tests::{find_mlir_opt, lit_dir, run_ods_opt, run_tool, DriverRun, UNSATISFIABLE};
use std::path::Path;

fn ods_opt(args: &[&str], stdin: &[u8]) -> Output {
    match run_ods_opt(args, stdin) {
        DriverRun::Finished(out) => Output {
            stdout: out.stdout,
            stderr: out.stderr,
            status: out.status,
        },
        DriverRun::Panicked(msg) => panic!("ods-opt panicked on {args:?}: {msg}"),
    }
}

fn with_ods_opt() -> Lit<'static> {
    Lit::new().tool("ods-opt", ods_opt)
}

/// `mlir-opt` under the name the RUN lines use.
fn with_mlir_opt(mlir_opt: &Path) -> Lit<'_> {
    Lit::new().tool("ods-opt", move |args, stdin| {
        let out = run_tool(mlir_opt, args, stdin);
        Output {
            stdout: out.stdout,
            stderr: out.stderr,
            status: out.status,
        }
    })
}

#[test]
fn verify_suite_passes_with_ods_opt() {
    with_ods_opt().run_dir_or_panic(lit_dir().join("verify"));
}

#[test]
fn verify_suite_passes_with_mlir_opt() {
    if let Some(mlir_opt) = find_mlir_opt("the verify lit suite under mlir-opt") {
        with_mlir_opt(&mlir_opt).run_dir_or_panic(lit_dir().join("verify"));
    }
}

#[test]
fn opt_suite_passes_with_both_tools() {
    with_ods_opt().run_dir_or_panic(lit_dir().join("opt"));
    if let Some(mlir_opt) = find_mlir_opt("the opt lit suite under mlir-opt") {
        with_mlir_opt(&mlir_opt).run_dir_or_panic(lit_dir().join("opt"));
    }
}

#[test]
fn test_dialect_suite_passes_with_ods_opt() {
    with_ods_opt().run_dir_or_panic(lit_dir().join("verify-ods"));
}

/// So that a driver that ignores `--verify-diagnostics` cannot pass the
/// suites: every file with one more annotation that no diagnostic meets
/// must fail.
#[test]
fn an_unmet_annotation_fails_every_file() {
    let lit = with_ods_opt();
    let scratch = std::env::temp_dir().join(format!("ods-lit-unmet-{}", std::process::id()));
    std::fs::create_dir_all(&scratch).unwrap();
    let mut checked = 0;
    for suite in ["verify", "verify-ods"] {
        for entry in std::fs::read_dir(lit_dir().join(suite)).unwrap() {
            let path = entry.unwrap().path();
            let mut text = std::fs::read(&path).unwrap();
            text.extend_from_slice(UNSATISFIABLE.as_bytes());
            let copy = scratch.join(path.file_name().unwrap());
            std::fs::write(&copy, text).unwrap();
            assert!(
                lit.run_file(&copy).is_err(),
                "{} passes with an annotation nothing meets",
                path.display()
            );
            checked += 1;
        }
    }
    let _ = std::fs::remove_dir_all(&scratch);
    assert!(checked >= 20, "only {checked} lit files");
}

//! The valid corpus against the real `mlir-opt`.
//!
//! For each `tests/corpus/roundtrip/*.mlir`: `mlir-opt` prints the file in
//! generic form (G; suite `roundtrip`), and again in custom form (suite
//! `custom`); `ods-opt` must print G back byte for byte with the same
//! flags; and `mlir-opt` must accept what `ods-opt` printed. Files that do not
//! pass yet are listed in `tests/corpus/known-failures.txt`.
//!
//! Suite `raw` gives both tools the file as written: what `mlir-opt` fills
//! in when it creates an op (default-valued properties of bare
//! `arith.addi`, ...) must be filled in by `ods-opt` too.
//!
//! Where `mlir-opt` itself is not a fixpoint on G (it prints some f80/f128
//! values in decimal that its parser reads back differently), `ods-opt` on G
//! must print what `mlir-opt` prints on G: the same input to both tools.

use ods_tests::{
    check_ratchet, corpus_files, describe_difference, find_mlir_opt, first_line, run_ods_opt,
    run_tool, DriverRun,
};
use std::collections::BTreeMap;
use std::path::Path;

const DEFAULT_ARGS: &[&str] = &["--allow-unregistered-dialect", "--mlir-print-op-generic"];

#[test]
fn generic_output_matches_mlir_opt_byte_for_byte() {
    compare_with_mlir_opt("roundtrip", |args| args);
}

/// The same files printed without `--mlir-print-op-generic`: builtin ops
/// (and registered dialects' ops) in their custom forms. Suite `custom` in
/// the ratchet.
#[test]
fn custom_output_matches_mlir_opt_byte_for_byte() {
    compare_with_mlir_opt("custom", |mut args| {
        args.retain(|a| *a != "--mlir-print-op-generic");
        args
    });
}

/// Each file as written, to both tools, generic form: `ods-opt` must print
/// what `mlir-opt` prints. Suite `raw` in the ratchet.
#[test]
fn raw_input_prints_as_mlir_opt_prints_it() {
    let Some(mlir_opt) = find_mlir_opt("the raw corpus against mlir-opt") else {
        return;
    };
    let mut outcomes = BTreeMap::new();
    for file in corpus_files("roundtrip") {
        let args = file.args(DEFAULT_ARGS);
        let printed = run_tool(&mlir_opt, &args, &file.text);
        assert_eq!(
            printed.status,
            0,
            "mlir-opt rejects corpus file roundtrip/{}:\n{}",
            file.name,
            printed.stderr_text()
        );
        let outcome = check_one(&mlir_opt, &args, &file.text, &printed.stdout);
        outcomes.insert(file.name.clone(), outcome);
    }
    check_ratchet("raw", &outcomes);
}

/// Runs the roundtrip corpus with each file's flags passed through
/// `adjust_args`, and checks the outcomes against the `suite` ratchet.
fn compare_with_mlir_opt(suite: &str, adjust_args: impl Fn(Vec<&str>) -> Vec<&str>) {
    let Some(mlir_opt) = find_mlir_opt(&format!("the {suite} corpus against mlir-opt")) else {
        return;
    };
    let mut outcomes = BTreeMap::new();
    for file in corpus_files("roundtrip") {
        let args = adjust_args(file.args(DEFAULT_ARGS));
        let printed = run_tool(&mlir_opt, &args, &file.text);
        // The corpus itself must be valid MLIR: that is never a ratchet matter.
        assert_eq!(
            printed.status,
            0,
            "mlir-opt rejects corpus file roundtrip/{}:\n{}",
            file.name,
            printed.stderr_text()
        );
        let again = run_tool(&mlir_opt, &args, &printed.stdout);
        assert_eq!(again.status, 0, "mlir-opt rejects its own output");
        if again.stdout != printed.stdout {
            println!(
                "note: mlir-opt is not a fixpoint on {suite}/{}; expecting its output on G",
                file.name
            );
        }
        let outcome = check_one(&mlir_opt, &args, &printed.stdout, &again.stdout);
        outcomes.insert(file.name.clone(), outcome);
    }
    check_ratchet(suite, &outcomes);
}

/// `ods-opt` on `generic` (mlir-opt's generic output, or a file as
/// written) must print exactly what mlir-opt prints on it (`expected`: G
/// itself except where mlir-opt is not a fixpoint), and what `ods-opt`
/// printed must be accepted by `mlir-opt`.
fn check_one(
    mlir_opt: &Path,
    args: &[&str],
    generic: &[u8],
    expected: &[u8],
) -> Result<(), String> {
    let ours = match run_ods_opt(args, generic) {
        DriverRun::Panicked(msg) => return Err(format!("ods-opt panicked: {msg}")),
        DriverRun::Finished(out) => out,
    };
    if ours.status != 0 {
        return Err(format!(
            "ods-opt exited {} on mlir-opt's output: {}",
            ours.status,
            first_line(&ours.stderr_text())
        ));
    }
    let mut problems = Vec::new();
    if ours.stdout != expected {
        problems.push(describe_difference(expected, &ours.stdout));
    }
    let reparsed = run_tool(mlir_opt, args, &ours.stdout);
    if reparsed.status != 0 {
        problems.push(format!(
            "mlir-opt rejects ods-opt's output: {}",
            first_line(&reparsed.stderr_text())
        ));
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems.join("\n"))
    }
}

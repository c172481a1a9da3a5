//! The invalid corpus: for each `tests/corpus/invalid/*.mlir`, `mlir-opt`
//! (when installed) names the line of the first error; `ods-opt` must exit 1
//! with an `error:` diagnostic on that same line, and never panic. Without
//! `mlir-opt` only the exit code, the `error:` and the absence of a panic are
//! checked. Files not handled yet are listed in
//! `tests/corpus/known-failures.txt` under `invalid/`.

use ods_tests::{
    check_ratchet, corpus_files, find_mlir_opt, first_error_line, first_line, run_ods_opt,
    run_tool, DriverRun, ToolOutput,
};
use std::collections::BTreeMap;

const DEFAULT_ARGS: &[&str] = &["--allow-unregistered-dialect", "--mlir-print-op-generic"];

#[test]
fn errors_are_reported_on_the_same_line_as_mlir_opt() {
    let mlir_opt = find_mlir_opt("the error-line comparison of the invalid corpus");
    let mut outcomes = BTreeMap::new();
    for file in corpus_files("invalid") {
        let args = file.args(DEFAULT_ARGS);
        let expected_line = mlir_opt.as_ref().map(|path| {
            let oracle = run_tool(path, &args, &file.text);
            let line = first_error_line(&oracle.stderr_text());
            assert!(
                oracle.status != 0 && line.is_some(),
                "mlir-opt accepts invalid/{} (status {}), so it is no invalid input:\n{}",
                file.name,
                oracle.status,
                oracle.stderr_text()
            );
            line.unwrap()
        });
        let outcome = match run_ods_opt(&args, &file.text) {
            DriverRun::Panicked(msg) => Err(format!("ods-opt panicked: {msg}")),
            DriverRun::Finished(out) => check_rejection(&out, expected_line),
        };
        outcomes.insert(file.name.clone(), outcome);
    }
    check_ratchet("invalid", &outcomes);
}

/// Exit status 1 and a first `error:` on the expected line.
fn check_rejection(out: &ToolOutput, expected_line: Option<u32>) -> Result<(), String> {
    let stderr = out.stderr_text();
    if out.status != 1 {
        return Err(format!(
            "ods-opt exited {} (expected 1): {}",
            out.status,
            first_line(&stderr)
        ));
    }
    if !stderr.contains("error:") {
        return Err(format!("no `error:` on stderr: {}", first_line(&stderr)));
    }
    match (expected_line, first_error_line(&stderr)) {
        (None, _) => Ok(()),
        (Some(want), Some(got)) if want == got => Ok(()),
        (Some(want), got) => Err(format!(
            "first error on line {} but mlir-opt reports line {want}: {}",
            got.map_or("<none>".to_string(), |l| l.to_string()),
            stderr.lines().find(|l| l.contains("error:")).unwrap_or("")
        )),
    }
}

//! The `--verify-diagnostics` report itself against the real `mlir-opt`:
//! each `tests/lit/verify/*.mlir` is broken on purpose (every
//! `expected-error` turned into `expected-warning`: near misses; every
//! expected text made unmatchable: unexpected diagnostics and unmet
//! expectations) and both tools must print the same stderr byte for byte,
//! in the same order across `--split-input-file` chunks.

use ods_tests::{find_mlir_opt, lit_files, run_ods_opt, run_tool, DriverRun};

fn replace_all(text: &[u8], from: &str, to: &str) -> Vec<u8> {
    String::from_utf8_lossy(text).replace(from, to).into_bytes()
}

#[test]
fn broken_expectations_are_reported_as_mlir_opt_reports_them() {
    let Some(mlir_opt) = find_mlir_opt("the verify-report comparison with mlir-opt") else {
        return;
    };
    let mut compared = 0;
    for file in lit_files("verify") {
        let args = file.args(&[]);
        for (from, to) in [("expected-error", "expected-warning"), ("{{", "{{zz")] {
            let text = replace_all(&file.text, from, to);
            if text == file.text {
                continue;
            }
            let expected = run_tool(&mlir_opt, &args, &text);
            let ours = match run_ods_opt(&args, &text) {
                DriverRun::Finished(out) => out,
                DriverRun::Panicked(msg) => panic!("verify/{}: ods-opt panicked: {msg}", file.name),
            };
            // Only the wording of an invalid-pattern reason may differ
            // (LLVM's regex library against regex-lite); none is here.
            assert_eq!(
                (ours.status, ours.stderr_text()),
                (expected.status, expected.stderr_text()),
                "verify/{} with '{from}' -> '{to}'",
                file.name
            );
            compared += 1;
        }
    }
    assert!(compared >= 8, "only {compared} broken files compared");
}

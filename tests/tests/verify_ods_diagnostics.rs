//! The `--verify-diagnostics` corpus of the `test` dialect
//! (`tests/corpus/verify-ods/*.mlir`, ops from `dialects/ods/test.ods`).
//! `mlir-opt` has no `test` dialect, so this suite runs `ods-opt` only:
//! each file's annotations must be met, and with one extra annotation that
//! nothing satisfies appended, `ods-opt` must fail (so a driver that
//! ignores the flag cannot pass). The messages in the annotations are the
//! ones `dialects/tests/test_dialect.rs` checks against `mlir-tblgen`'s C++
//! verifiers or `mlir-opt` on upstream ops of the same shape.

use ods_tests::{corpus_files, first_line, run_ods_opt, DriverRun};

/// An expectation no tool emits, appended to the last split of a file.
const UNSATISFIABLE: &str = "\n// expected-error {{this diagnostic is never emitted}}\n";

#[test]
fn test_dialect_diagnostics_are_verified() {
    let mut problems = Vec::new();
    let files = corpus_files("verify-ods");
    for file in &files {
        let args = file.args(&[]);
        assert!(
            args.contains(&"--verify-diagnostics"),
            "verify-ods/{} must ask for --verify-diagnostics in its ARGS line",
            file.name
        );
        let text = String::from_utf8_lossy(&file.text);
        assert!(
            text.contains("\"test.") && text.contains("expected-error"),
            "verify-ods/{} must use test-dialect ops and expect an error",
            file.name
        );
        let mut broken = file.text.clone();
        broken.extend_from_slice(UNSATISFIABLE.as_bytes());
        let outcome = match (run_ods_opt(&args, &file.text), run_ods_opt(&args, &broken)) {
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
        };
        if let Err(e) = outcome {
            problems.push(format!("verify-ods/{}: {e}", file.name));
        }
    }
    println!(
        "verify-ods: {} files, {} problems",
        files.len(),
        problems.len()
    );
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

//! The `--verify-diagnostics` corpus of the `test` dialect
//! (`tests/corpus/verify-ods/*.mlir`, ops from `dialects/ods/test.ods`).
//! `mlir-opt` has no `test` dialect, so this suite runs `ods-opt` only:
//! each file's annotations must be met, and with one extra annotation that
//! nothing satisfies appended, `ods-opt` must fail (so a driver that
//! ignores the flag cannot pass). The messages in the annotations are the
//! ones `dialects/tests/test_dialect.rs` checks against `mlir-tblgen`'s C++
//! verifiers or `mlir-opt` on upstream ops of the same shape.

use ods_tests::{check_verify_file, corpus_files};

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
        let outcome = check_verify_file(&args, &file.text);
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

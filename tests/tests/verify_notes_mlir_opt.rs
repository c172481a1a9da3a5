//! The verify corpus as plain runs against the real `mlir-opt`: each
//! `tests/lit/verify/*.mlir` without `--verify-diagnostics` (its other
//! flags kept), so every error comes with its `see current operation:`
//! note, once as is and once with `--mlir-print-debuginfo` (the note's ops,
//! and ops quoted in messages, end with their `loc(...)`). Stdout, stderr
//! and exit status must agree byte for byte.

use ods_tests::{find_mlir_opt, lit_files, run_tool, same_as_mlir_opt};

#[test]
fn errors_and_their_op_notes_match_mlir_opt() {
    let Some(mlir_opt) = find_mlir_opt("the plain-run comparison of the verify corpus") else {
        return;
    };
    let mut failures = Vec::new();
    let mut located_notes = 0;
    for file in lit_files("verify") {
        let args: Vec<&str> = file
            .args(&[])
            .into_iter()
            .filter(|a| *a != "--verify-diagnostics")
            .collect();
        let mut with_locations = args.clone();
        with_locations.push("--mlir-print-debuginfo");
        for form in [&args, &with_locations] {
            if let Err(e) = same_as_mlir_opt(&mlir_opt, form, &file.text) {
                failures.push(format!("verify/{} with {form:?}: {e}", file.name));
            }
        }
        // So that the comparison cannot pass without the notes' locations.
        let theirs = run_tool(&mlir_opt, &with_locations, &file.text).stderr_text();
        located_notes += theirs
            .lines()
            .filter(|l| l.contains("see current operation:") && l.contains(" loc("))
            .count();
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(
        located_notes >= 50,
        "only {located_notes} one-line notes with a location"
    );
}

//! Replays the format-string fuzz harness (`tests/common/format_fuzz.rs`,
//! run by `fuzz/fuzz_targets/format_codegen.rs`) on the inputs kept in
//! `tests/format_fuzz/`: formats the fuzzer found breaking the property
//! (kept fixed), and formats showing the harness's spec is sound (a
//! format using every kind of variable generates code).

#[path = "common/format_fuzz.rs"]
mod format_fuzz;

use std::path::Path;

#[test]
fn kept_fuzz_inputs_hold_the_property() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/format_fuzz");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("tests/format_fuzz exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect();
    files.sort();
    assert!(!files.is_empty());
    for path in files {
        let bytes = std::fs::read(&path).expect("readable");
        // The fuzzer hands over bytes; the harness takes UTF-8 text.
        let Ok(text) = std::str::from_utf8(&bytes) else {
            continue;
        };
        format_fuzz::check_format(text.trim_end_matches('\n'));
    }
}

/// The harness's spec is valid: a format binding every operand, result
/// type, attribute, property, region and successor generates code, and a
/// broken one fails with an error in the format string.
#[test]
fn the_harness_spec_generates_and_reports() {
    let valid = include_str!("format_fuzz/valid_every_kind.txt").trim_end();
    match format_fuzz::run_format(valid) {
        Ok(code) => assert!(code.contains("pub struct FuzzOp"), "{code}"),
        Err(e) => panic!("the harness spec does not generate:\n{e}"),
    }
    let broken = format_fuzz::run_format("$a $a attr-dict").unwrap_err();
    assert!(
        broken.contains("error: operand 'a' is already bound"),
        "{broken}"
    );
    assert!(broken.contains("fuzz.ods:"), "{broken}");
}

//! trybuild UI tests: every error of the macros (and rustc's errors for a
//! generated op interface whose implementer lacks a required method,
//! `interface_missing_method.rs`, or a method it declares it overrides,
//! `interface_missing_override.rs`), with rustc's output in
//! `tests/ui/*.stderr` (`TRYBUILD=overwrite cargo test -p ods-macros
//! --test ui` after an intended change, then review the diff).

#[test]
fn macro_errors() {
    let t = trybuild::TestCases::new();
    t.compile_fail("tests/ui/*.rs");
}

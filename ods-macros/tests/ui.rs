//! trybuild UI tests: every error of the macros (and rustc's error for a
//! generated op interface missing a required method,
//! `interface_missing_method.rs`), with rustc's output in
//! `tests/ui/*.stderr` (`TRYBUILD=overwrite cargo test -p ods-macros
//! --test ui` after an intended change, then review the diff).

#[test]
fn macro_errors() {
    let t = trybuild::TestCases::new();
    t.compile_fail("tests/ui/*.rs");
}

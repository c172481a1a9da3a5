//! trybuild UI tests: every error of the macros, with rustc's output in
//! `tests/ui/*.stderr` (`TRYBUILD=overwrite cargo test -p ods-macros
//! --test ui` after an intended change, then review the diff).

#[test]
fn macro_errors() {
    let t = trybuild::TestCases::new();
    t.compile_fail("tests/ui/*.rs");
}

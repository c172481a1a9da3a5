//! The harness over a real opt tool (`ods_opt::OptTool` with the builtin
//! dialect only, unregistered ops allowed by flag): the `.mlir` files of
//! `tests/lit/` must pass, and a broken copy of one must fail with
//! FileCheck's report.

use ir::Registry;
use ods_lit::Lit;
use ods_opt::OptTool;

fn lit(tool: &OptTool) -> Lit<'_> {
    Lit::new().tool("ods-opt", |args, stdin| tool.run(args, stdin))
}

#[test]
fn the_suite_passes() {
    let tool = OptTool::new("ods-opt", Registry::new);
    lit(&tool).run_dir_or_panic(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/lit"));
}

#[test]
fn a_wrong_check_fails_the_file() {
    let tool = OptTool::new("ods-opt", Registry::new);
    let text =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/lit/basic.mlir"))
            .unwrap();
    let broken = text.replace("CHECK-NEXT: \"t.b\"(%[[X]])", "CHECK-NEXT: \"t.c\"(%[[X]])");
    assert_ne!(broken, text);
    let path = std::env::temp_dir().join(format!("ods-lit-broken-{}.mlir", std::process::id()));
    std::fs::write(&path, broken).unwrap();
    let failure = lit(&tool).run_file(&path).unwrap_err();
    let _ = std::fs::remove_file(&path);
    assert!(
        failure
            .message
            .contains("error: CHECK-NEXT: expected string not found in input"),
        "{failure}"
    );
    assert!(
        failure
            .message
            .contains("note: possible intended match here"),
        "{failure}"
    );
}

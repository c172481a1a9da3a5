//! Runs the `.mlir` tests of `tests/lit/` over `meter-opt`, in-process:
//! each file's `RUN:` lines with their `CHECK` lines (`ods-lit`), every
//! failing file reported at the end.

#[test]
fn lit() {
    let tool = downstream::meter_opt();
    ods_lit::Lit::new()
        .tool("meter-opt", |args, stdin| tool.run(args, stdin))
        .run_dir_or_panic(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/lit"));
}

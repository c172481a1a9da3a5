//! Generates the dialect's Rust code from its `.ods` specs.

fn main() {
    ods_spec::build::Builder::new("ods/ControlFlowOps.ods")
        .include_dir("../arith/ods")
        .gen_ops("cf_ops.rs")
        .run();
}

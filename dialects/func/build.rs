//! Generates the dialect's Rust code from its `.ods` specs.

fn main() {
    ods_spec::build::Builder::new("ods/FuncOps.ods")
        .gen_ops("func_ops.rs")
        .run();
}

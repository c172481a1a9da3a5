//! Generates the dialect's Rust code from its `.ods` specs.

fn main() {
    ods_spec::build::Builder::new("ods/MemRefOps.ods")
        .include_dir("../arith/ods")
        .gen_ops("memref_ops.rs")
        .run();
}

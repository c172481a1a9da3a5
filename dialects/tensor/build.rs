//! Generates the dialect's Rust code from its `.ods` specs.

fn main() {
    ods_spec::build::Builder::new("ods/TensorOps.ods")
        .include_dir("../arith/ods")
        .include_dir("../complex/ods")
        .include_dir("../memref/ods")
        .gen_ops("tensor_ops.rs")
        .run();
}

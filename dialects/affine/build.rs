//! Generates the dialect's Rust code from its `.ods` specs.

fn main() {
    ods_spec::build::Builder::new("ods/AffineOps.ods")
        .include_dir("../arith/ods")
        .gen_ops("affine_ops.rs")
        .run();
    ods_spec::build::Builder::new("ods/AffineMemoryOpInterfaces.ods")
        .gen_op_interfaces("affine_interfaces.rs")
        .run();
}

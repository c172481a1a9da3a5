//! Generates the dialect's Rust code from its `.ods` specs.

fn main() {
    ods_spec::build::Builder::new("ods/MathOps.ods")
        .include_dir("../arith/ods")
        .include_dir("../ub/ods")
        .gen_ops("math_ops.rs")
        .run();
}

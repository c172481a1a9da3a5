//! Generates the dialect's Rust code from its `.ods` specs.

fn main() {
    ods_spec::build::Builder::new("ods/ComplexAttributes.ods")
        .include_dir("../arith/ods")
        .gen_enums("complex_enums.rs")
        .gen_attrdefs("complex_attrs.rs")
        .run();
    ods_spec::build::Builder::new("ods/ComplexOps.ods")
        .include_dir("../arith/ods")
        .gen_ops("complex_ops.rs")
        .run();
}

//! Generates the dialect's Rust code from its `.ods` specs.

fn main() {
    ods_spec::build::Builder::new("ods/UBOps.ods")
        .gen_attrdefs("ub_attrs.rs")
        .gen_ops("ub_ops.rs")
        .run();
    ods_spec::build::Builder::new("ods/UBOpsInterfaces.ods")
        .gen_attr_interfaces("ub_attr_interfaces.rs")
        .run();
}

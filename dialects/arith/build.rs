//! Generates the dialect's Rust code from its `.ods` specs.

fn main() {
    ods_spec::build::Builder::new("ods/ArithBase.ods")
        .gen_enums("arith_enums.rs")
        .gen_attrdefs("arith_attrs.rs")
        .run();
    ods_spec::build::Builder::new("ods/ArithOps.ods")
        .gen_ops("arith_ops.rs")
        .run();
    ods_spec::build::Builder::new("ods/ArithCanonicalization.ods")
        .gen_rewriters("arith_canonicalization.rs")
        .run();
    ods_spec::build::Builder::new("ods/ArithOpsInterfaces.ods")
        .gen_op_interfaces("arith_interfaces.rs")
        .run();
}

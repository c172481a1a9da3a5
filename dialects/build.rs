//! Generates the dialects' Rust code from their `.ods` specs: the arith
//! enums, enum attributes and op interfaces, the ops of arith, func, cf, scf, memref, tensor,
//! math, index (with index's comparison predicate), complex and ub,
//! the `test` dialect (enums, attributes, types, ops and their interfaces),
//! and the `testfmt` dialect (the assembly-format features; its oracle is
//! the C++ twin in `tests/twin/`).

fn main() {
    ods_spec::build::Builder::new("ods/test.ods")
        .gen_enums("test_enums.rs")
        .gen_attrdefs("test_attrs.rs")
        .gen_typedefs("test_types.rs")
        .gen_ops("test_ops.rs")
        .gen_op_interfaces("test_interfaces.rs")
        .gen_attr_interfaces("test_attr_interfaces.rs")
        .gen_type_interfaces("test_type_interfaces.rs")
        .run();
    ods_spec::build::Builder::new("ods/AsyncTypes.ods")
        .gen_typedefs("async_types.rs")
        .gen_ops("async_ops.rs")
        .run();
    ods_spec::build::Builder::new("ods/PDLTypes.ods")
        .gen_typedefs("pdl_types.rs")
        .gen_ops("pdl_ops.rs")
        .run();
    ods_spec::build::Builder::new("ods/GPUBase.ods")
        .gen_enums("gpu_enums.rs")
        .gen_attrdefs("gpu_attrs.rs")
        .gen_typedefs("gpu_types.rs")
        .gen_ops("gpu_ops.rs")
        .run();
    ods_spec::build::Builder::new("ods/test_format.ods")
        .gen_enums("testfmt_enums.rs")
        .gen_attrdefs("testfmt_attrs.rs")
        .gen_typedefs("testfmt_types.rs")
        .gen_ops("testfmt_ops.rs")
        .run();
}

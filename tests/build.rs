//! Generates the reference ops (`ods/reference.ods`, the ops of
//! `ods-runtime/tests/reference_op.rs`) for `tests/generated_ops.rs`.

fn main() {
    ods_spec::build::Builder::new("ods/reference.ods")
        .gen_enums("reference_enums.rs")
        .gen_ops("reference_ops.rs")
        .run();
}

//! Compiles the dialect's spec into `$OUT_DIR`: the enum, the attribute
//! and type definitions, the op interface and the ops, which `src/lib.rs`
//! includes; cargo reruns this when the spec changes.

fn main() {
    ods_spec::build::Builder::new("ods/Meter.ods")
        .gen_enums("meter_enums.rs")
        .gen_attrdefs("meter_attrs.rs")
        .gen_typedefs("meter_types.rs")
        .gen_op_interfaces("meter_interfaces.rs")
        .gen_ops("meter_ops.rs")
        .run();
}

//! Compiles the dialect's spec into `$OUT_DIR/meter_ops.rs`, which
//! `src/lib.rs` includes; cargo reruns this when the spec changes.

fn main() {
    ods_spec::build::Builder::new("ods/Meter.ods")
        .gen_ops("meter_ops.rs")
        .run();
}

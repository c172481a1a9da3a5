//! Generates the dialect's Rust code from its `.ods` spec.

fn main() {
    ods_spec::build::Builder::new("ods/VectorOps.ods")
        .gen_ops("vector_ops.rs")
        .run();
}

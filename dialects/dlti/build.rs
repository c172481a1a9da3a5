//! Generates the dialect's Rust code from its `.ods` spec.

fn main() {
    ods_spec::build::Builder::new("ods/DLTI.ods")
        .gen_attrdefs("dlti_attrs.rs")
        .gen_ops("dlti_ops.rs")
        .run();
}

//! Generates the dialect's Rust code from its `.ods` specs.

fn main() {
    ods_spec::build::Builder::new("ods/IndexOps.ods")
        .include_dir("../arith/ods")
        .gen_enums("index_enums.rs")
        .gen_attrdefs("index_attrs.rs")
        .gen_ops("index_ops.rs")
        .run();
}

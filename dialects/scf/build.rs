//! Generates the dialect's Rust code from its `.ods` specs.

fn main() {
    ods_spec::build::Builder::new("ods/SCFOps.ods")
        .include_dir("../arith/ods")
        .include_dir("../tensor/ods")
        .gen_ops("scf_ops.rs")
        .run();
}

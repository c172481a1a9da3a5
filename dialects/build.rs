//! Generates the dialects' Rust code from their `.ods` specs.

fn main() {
    ods_spec::build::Builder::new("ods/ArithBase.ods")
        .gen_enums("arith_enums.rs")
        .run();
}

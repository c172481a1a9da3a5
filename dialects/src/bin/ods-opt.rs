//! `ods-opt`: the `mlir-opt`-style tool over every dialect of this crate.

fn main() {
    dialects::opt_tool().main()
}

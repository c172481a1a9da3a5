//! `ods-opt`: the `mlir-opt`-style driver over every dialect of this crate.

fn main() {
    eprintln!("ods-opt: not implemented yet");
    std::process::exit(1);
}

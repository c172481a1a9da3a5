//! `ods-opt`: the `mlir-opt`-style tool over every dialect of this crate.

// See the mimalloc dependency in Cargo.toml for why.
#[cfg(feature = "mimalloc")]
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    dialects::opt_tool().main()
}

//! `ods-translate`: the process around [`ods_translate::TranslateTool`].

// See the mimalloc dependency in Cargo.toml for why.
#[cfg(feature = "mimalloc")]
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    ods_translate::TranslateTool::new().main()
}

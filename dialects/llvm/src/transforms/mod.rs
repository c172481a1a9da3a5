//! The LLVM dialect's passes (upstream's `Dialect/LLVMIR/Transforms`),
//! registered with a tool's pass registry by [`register_passes`].

pub mod di_scope;

use ods_transforms::pass::PassRegistry;

/// Registers the LLVM dialect's passes:
/// `ensure-debug-info-scope-on-llvm-func`.
pub fn register_passes(registry: &mut PassRegistry) {
    di_scope::register(registry);
}

//! The affine dialect's passes (upstream's `Dialect/Affine/Transforms`),
//! registered with a tool's pass registry by [`register_passes`].

pub mod scalar_replacement;

use ods_transforms::pass::PassRegistry;

/// Registers the affine passes: `affine-scalrep`.
pub fn register_passes(registry: &mut PassRegistry) {
    scalar_replacement::register(registry);
}

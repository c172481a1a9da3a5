//! The affine dialect's passes (upstream's `Dialect/Affine/Transforms`),
//! registered with a tool's pass registry by [`register_passes`].

pub mod loop_fusion;
mod loop_fusion_cost;
mod loop_fusion_deps;
mod loop_fusion_graph;
mod loop_fusion_rewrite;
mod loop_fusion_sibling;
mod loop_fusion_slice;
pub mod scalar_replacement;

use ods_transforms::pass::PassRegistry;

/// Registers the affine passes: `affine-loop-fusion`, `affine-scalrep`.
pub fn register_passes(registry: &mut PassRegistry) {
    loop_fusion::register(registry);
    scalar_replacement::register(registry);
}

//! Every dialect written with the toolkit, and `ods-opt` over them.
//!
//! Each ported dialect is a crate of its own (`dialect-arith`,
//! `dialect-scf`, ...: a user who needs `arith` compiles only it and what
//! it depends on); this crate re-exports them under their names
//! (`dialects::arith`), adds the test dialects and the partial ports that
//! have no crate yet (`gpu`, `pdl`, `async`), and builds
//! [`registry`] and [`opt_tool`] over all of them.

pub mod async_dialect;
#[cfg(test)]
mod cast_tests;
pub mod gpu;
#[cfg(test)]
mod ops_tests;
#[cfg(test)]
mod pass_tests;
pub mod pdl;
pub mod test_dialect;
pub mod test_func;
pub mod testfmt;
#[cfg(test)]
mod testing;

pub use dialect_affine as affine;
pub use dialect_arith as arith;
pub use dialect_arith::arith_enums;
pub use dialect_cf as cf;
pub use dialect_complex as complex;
pub use dialect_dlti as dlti;
pub use dialect_func as func;
pub use dialect_index as index;
pub use dialect_llvm as llvm;
pub use dialect_math as math;
pub use dialect_memref as memref;
pub use dialect_scf as scf;
pub use dialect_tensor as tensor;
pub use dialect_ub as ub;
pub use dialect_vector as vector;

use ir::{Context, Registry};
use ods_runtime::register_dialect;

/// The registry `ods-opt` uses: the core's builtin ops plus every dialect
/// of this crate (each dialect adds its registration call here). A
/// dialect's registration installs everything its ops need: verifiers,
/// interface methods and canonicalization patterns.
pub fn registry(ctx: &mut Context) -> Registry {
    let mut reg = Registry::new(ctx);
    // Patterns of equal benefit on one op are tried in registration order.
    affine::register(ctx, &mut reg);
    arith::register(ctx, &mut reg);
    index::register(ctx, &mut reg);
    scf::register(ctx, &mut reg);
    cf::register(ctx, &mut reg);
    func::register(ctx, &mut reg);
    complex::register(ctx, &mut reg);
    dlti::register(ctx, &mut reg);
    memref::register(ctx, &mut reg);
    tensor::register(ctx, &mut reg);
    math::register(ctx, &mut reg);
    test_dialect::register(ctx, &mut reg);
    register_dialect::<testfmt::TestfmtDialect>(ctx, &mut reg);
    ub::register(ctx, &mut reg);
    vector::register(ctx, &mut reg);
    register_dialect::<async_dialect::AsyncDialect>(ctx, &mut reg);
    register_dialect::<pdl::PdlDialect>(ctx, &mut reg);
    register_dialect::<gpu::GpuDialect>(ctx, &mut reg);
    gpu::register_syntax(ctx, &mut reg);
    llvm::register(ctx, &mut reg);
    reg
}

/// `ods-opt`: `mlir-opt`'s command line over [`registry`], the generic
/// passes, the conversions of `ods-conversion` and upstream's test passes
/// ported ([`test_func`]).
pub fn opt_tool() -> ods_opt::OptTool {
    let mut conversions = ods_transforms::pass::PassRegistry::new();
    ods_conversion::register_passes(&mut conversions);
    dialect_affine::transforms::register_passes(&mut conversions);
    dialect_llvm::transforms::register_passes(&mut conversions);
    test_func::register_passes(&mut conversions);
    conversions
        .passes()
        .iter()
        .fold(ods_opt::OptTool::new("ods-opt", registry), |tool, &pass| {
            tool.with_pass(pass)
        })
}

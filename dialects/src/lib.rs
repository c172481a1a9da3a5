//! Dialects written with the toolkit, and the registry that `ods-opt` loads.

pub mod arith;
pub mod arith_enums;
pub mod async_dialect;
#[cfg(test)]
mod cast_tests;
pub mod cf;
pub mod complex;
pub mod func;
pub mod gpu;
pub mod index;
pub mod llvm;
pub mod math;
pub mod memref;
#[cfg(test)]
mod ops_tests;
#[cfg(test)]
mod pass_tests;
pub mod pdl;
pub mod scf;
pub mod tensor;
pub mod test_dialect;
pub mod testfmt;
#[cfg(test)]
mod testing;
pub mod ub;
pub mod view_like;

use ir::{Context, Registry};
use ods_runtime::register_dialect;

/// The registry `ods-opt` uses: the core's builtin ops plus every dialect
/// of this crate (each dialect adds its registration call here). A
/// dialect's registration installs everything its ops need: verifiers,
/// interface methods and canonicalization patterns.
pub fn registry(ctx: &mut Context) -> Registry {
    let mut reg = Registry::new(ctx);
    // Patterns of equal benefit on one op are tried in registration order.
    arith::register(ctx, &mut reg);
    index::register(ctx, &mut reg);
    scf::register(ctx, &mut reg);
    cf::register(ctx, &mut reg);
    func::register(ctx, &mut reg);
    complex::register(ctx, &mut reg);
    memref::register(ctx, &mut reg);
    tensor::register(ctx, &mut reg);
    register_dialect::<math::MathDialect>(ctx, &mut reg);
    register_dialect::<test_dialect::TestDialect>(ctx, &mut reg);
    register_dialect::<testfmt::TestfmtDialect>(ctx, &mut reg);
    register_dialect::<ub::UbDialect>(ctx, &mut reg);
    register_dialect::<async_dialect::AsyncDialect>(ctx, &mut reg);
    register_dialect::<pdl::PdlDialect>(ctx, &mut reg);
    register_dialect::<gpu::GpuDialect>(ctx, &mut reg);
    gpu::register_syntax(ctx, &mut reg);
    register_dialect::<llvm::LlvmDialect>(ctx, &mut reg);
    llvm::register_syntax(ctx, &mut reg);
    reg
}

/// `ods-opt`: `mlir-opt`'s command line over [`registry`] and the generic
/// passes.
pub fn opt_tool() -> ods_opt::OptTool {
    ods_opt::OptTool::new("ods-opt", registry)
}

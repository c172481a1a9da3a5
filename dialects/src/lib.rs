//! Dialects written with the toolkit, and the registry that `ods-opt` loads.

pub mod arith;
pub mod arith_enums;
pub mod async_dialect;
#[cfg(test)]
mod cast_tests;
pub mod cf;
pub mod complex;
pub mod driver;
pub mod func;
pub mod gpu;
pub mod index;
pub mod llvm;
pub mod math;
pub mod memref;
#[cfg(test)]
mod ops_tests;
pub mod passes;
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
/// dialect's registration installs everything its ops need: verifiers and
/// interface methods live on each op's `Op` impl.
pub fn registry(ctx: &mut Context) -> Registry {
    let mut reg = Registry::new(ctx);
    register_dialect::<arith::ArithDialect>(ctx, &mut reg);
    register_dialect::<cf::CfDialect>(ctx, &mut reg);
    register_dialect::<func::FuncDialect>(ctx, &mut reg);
    scf::register(ctx, &mut reg);
    register_dialect::<math::MathDialect>(ctx, &mut reg);
    index::register(ctx, &mut reg);
    memref::register(ctx, &mut reg);
    tensor::register(ctx, &mut reg);
    register_dialect::<test_dialect::TestDialect>(ctx, &mut reg);
    register_dialect::<testfmt::TestfmtDialect>(ctx, &mut reg);
    register_dialect::<ub::UbDialect>(ctx, &mut reg);
    register_dialect::<complex::ComplexDialect>(ctx, &mut reg);
    register_dialect::<async_dialect::AsyncDialect>(ctx, &mut reg);
    register_dialect::<pdl::PdlDialect>(ctx, &mut reg);
    register_dialect::<gpu::GpuDialect>(ctx, &mut reg);
    gpu::register_syntax(ctx, &mut reg);
    register_dialect::<llvm::LlvmDialect>(ctx, &mut reg);
    llvm::register_syntax(ctx, &mut reg);
    reg
}

/// The canonicalization patterns of this crate's dialects (what their
/// `hasCanonicalizer` ops contribute to `--canonicalize`; each dialect adds
/// its list here). Folds need no list: they are found through the
/// registry.
pub fn canonicalization_patterns() -> Vec<ods_runtime::rewrite::Pattern> {
    let mut patterns = Vec::new();
    patterns.extend_from_slice(arith::CANONICALIZATION_PATTERNS);
    patterns.extend_from_slice(index::CANONICALIZATION_PATTERNS);
    patterns.extend_from_slice(scf::CANONICALIZATION_PATTERNS);
    patterns.extend_from_slice(cf::CANONICALIZATION_PATTERNS);
    patterns.extend_from_slice(func::CANONICALIZATION_PATTERNS);
    patterns.extend_from_slice(complex::canonicalize::CANONICALIZATION_PATTERNS);
    patterns.extend_from_slice(memref::canonicalize::CANONICALIZATION_PATTERNS);
    patterns.extend_from_slice(tensor::canonicalize::CANONICALIZATION_PATTERNS);
    patterns
}

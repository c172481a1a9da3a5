//! The `affine` dialect (spec: `ods/AffineOps.ods`): loops, conditionals
//! and memory accesses whose bounds, conditions and subscripts are affine
//! maps and integer sets of SSA values. What the spec leaves to
//! hand-written Rust lives here: the custom forms ([`format`], with the
//! subscript and bound printing of [`ssa_expr`]), the verifiers
//! ([`verify`]), and which values may be dimensions or symbols where
//! ([`validity`]). The affine expressions, maps and sets themselves are
//! `ir::affine`'s.

// Generated code names this crate by its path, as other crates do.
extern crate self as dialect_affine;

#[cfg(test)]
mod testing {
    dialect_testing::dialect_test_helpers!(
        dialect_arith,
        crate,
        dialect_func,
        dialect_memref,
        dialect_cf
    );
}

pub mod analysis;
pub mod canonicalize;
pub mod compose;
pub mod dma;
mod fold;
mod fold_index;
pub mod format;
pub mod format_parallel;
mod loop_like;
mod ops;
mod region_branch;
pub mod simplify;
pub mod ssa_expr;
pub mod transforms;
pub mod validity;
pub mod verify;

#[cfg(test)]
mod tests;

// `AffineReadOpInterface`, `AffineWriteOpInterface` and
// `AffineMapAccessInterface`.
include!(concat!(env!("OUT_DIR"), "/affine_interfaces.rs"));

mod inliner;

/// The ops generated from the spec (see `build.rs`).
// `affine.if`'s operand list has no name upstream, so the generated
// adaptor's group accessor has no named caller.
#[allow(dead_code)]
mod generated {
    // `SingleBlockImplicitTerminator<"AffineYieldOp">` names the op by this
    // path; `custom<DynamicIndexList>` calls the functions below.
    use super::format::{parse_dynamic_index_list, print_dynamic_index_list};
    include!(concat!(env!("OUT_DIR"), "/affine_ops.rs"));
}
pub use generated::*;

pub use loop_like::single_constant;
pub use validity::{affine_scope, is_valid_dim, is_valid_symbol};

use ir::affine::{AffineMap, IntegerSet};
use ir::{AttrKind, Context, Ir, OpId, Registry};
use ods_runtime::op::inherent_attr;

/// Registers the dialect (and the dialects it depends on).
pub fn register(ctx: &mut Context, reg: &mut Registry) {
    ods_runtime::register_dialect::<AffineDialect>(ctx, reg);
}

impl AffineDialect {
    /// What the crate adds to the generated registration (MLIR's
    /// `initialize()`): its canonicalization patterns.
    pub fn initialize(_ctx: &mut Context, reg: &mut Registry) {
        inliner::register(reg);
        ods_transforms::rewrite::add_canonicalization_patterns(
            reg,
            canonicalize::CANONICALIZATION_PATTERNS,
        );
    }
}

/// The affine map held by `op`'s inherent attribute `name` (`map`,
/// `lowerBoundMap`, ...), when it holds one.
pub fn map_of(ctx: &Context, ir: &Ir, op: OpId, name: &str) -> Option<AffineMap> {
    map_ref(ctx, ir, op, name).cloned()
}

/// [`map_of`] without the copy: the map as the context holds it, for
/// the verifiers and printers, which only read it.
pub fn map_ref<'c>(ctx: &'c Context, ir: &Ir, op: OpId, name: &str) -> Option<&'c AffineMap> {
    match ctx.attr_kind(inherent_attr(ctx, ir, op, name)?) {
        AttrKind::AffineMap(m) => Some(m),
        _ => None,
    }
}

/// The integer set held by `op`'s inherent attribute `name` (`condition`
/// of `affine.if`), when it holds one.
pub fn set_of(ctx: &Context, ir: &Ir, op: OpId, name: &str) -> Option<IntegerSet> {
    set_ref(ctx, ir, op, name).cloned()
}

/// [`set_of`] without the copy.
pub fn set_ref<'c>(ctx: &'c Context, ir: &Ir, op: OpId, name: &str) -> Option<&'c IntegerSet> {
    match ctx.attr_kind(inherent_attr(ctx, ir, op, name)?) {
        AttrKind::IntegerSet(s) => Some(s),
        _ => None,
    }
}

impl AffineDialect {
    /// The dialect's constant materializer (upstream's
    /// `AffineDialect::materializeConstant`): what `arith.constant` can
    /// hold becomes one (the folds here produce `index` integers).
    pub fn materialize_constant(
        b: &mut ir::builder::OpBuilder<'_>,
        value: ir::Attribute,
        ty: ir::Type,
        loc: ir::Location,
    ) -> Option<OpId> {
        dialect_arith::ConstantOp::materialize(b, value, ty, loc).map(ods_runtime::Op::op)
    }
}

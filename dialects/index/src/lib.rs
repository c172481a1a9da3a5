//! The `index` dialect (spec: `ods/IndexOps.ods`, `ods/IndexDialect.ods`,
//! `ods/IndexEnums.ods`): arithmetic and comparisons on `index`. What the
//! spec leaves to hand-written Rust lives here: the names
//! `index.constant` and `index.bool.constant` give their results, the
//! casts' `are_cast_compatible` and the bodiless builder ([`ops`]), the
//! folds ([`fold`]), the canonicalization patterns ([`canonicalize`]) and
//! [`IndexDialect::materialize_constant`].

// Generated code names this crate by its path, as other crates do.
extern crate self as dialect_index;

#[cfg(test)]
mod testing {
    dialect_testing::dialect_test_helpers!(dialect_arith, crate, dialect_func);
}

pub mod canonicalize;
pub mod fold;
mod ops;

#[cfg(test)]
mod tests;

mod inliner;

/// The ops, the predicate enum and its attribute, generated from the spec
/// (see `build.rs`).
mod generated {
    include!(concat!(env!("OUT_DIR"), "/index_enums.rs"));
    include!(concat!(env!("OUT_DIR"), "/index_attrs.rs"));
    include!(concat!(env!("OUT_DIR"), "/index_ops.rs"));
}
pub use canonicalize::CANONICALIZATION_PATTERNS;
pub use generated::*;

use ir::builder::OpBuilder;
use ir::{AttrKind, Attribute, Context, Location, OpId, Registry, Type, TypeKind};
use ods_runtime::Op;

/// Registers the dialect.
pub fn register(ctx: &mut Context, reg: &mut Registry) {
    ods_runtime::register_dialect::<IndexDialect>(ctx, reg);
}

impl IndexDialect {
    /// What the crate adds to the generated registration (MLIR's
    /// `initialize()`): its canonicalization patterns. Run by
    /// `ods_runtime::register_dialect`, so a dialect that depends on this
    /// one (`dependentDialects`) registers them too.
    pub fn initialize(_ctx: &mut Context, reg: &mut Registry) {
        inliner::register(reg);
        ods_transforms::rewrite::add_canonicalization_patterns(reg, CANONICALIZATION_PATTERNS);
    }
}

impl IndexDialect {
    /// The dialect's constant materializer (upstream's
    /// `IndexDialect::materializeConstant`): a `true`/`false` of type `i1`
    /// becomes `index.bool.constant`, an integer of type `index` becomes
    /// `index.constant`; anything else is not the dialect's to build (`None`).
    /// The op is inserted at `b`'s insertion point.
    pub fn materialize_constant(
        b: &mut OpBuilder<'_>,
        value: Attribute,
        ty: Type,
        loc: Location,
    ) -> Option<OpId> {
        let AttrKind::Integer { ty: value_ty, .. } = *b.ctx.attr_kind(value) else {
            return None;
        };
        let value_kind = b.ctx.type_kind(value_ty).clone();
        let target_kind = b.ctx.type_kind(ty).clone();
        match value_kind {
            TypeKind::Integer { width: 1, .. } => {
                let is_i1 = ods_runtime::pred::is_signless_integer_of_width(b.ctx, ty, 1);
                is_i1.then(|| BoolConstantOp::build_raw(b, loc, value).op())
            }
            TypeKind::Index if target_kind == TypeKind::Index => {
                Some(ConstantOp::build_raw(b, loc, value).op())
            }
            _ => None,
        }
    }
}

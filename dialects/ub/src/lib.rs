//! The `ub` dialect (spec: `ods/UBOps.ods`, `ods/UBOpsInterfaces.ods`,
//! ported from upstream's `UBOps.td`): the attribute `#ub.poison`, the ops
//! `ub.poison` (a poisoned constant) and `ub.unreachable`. What the spec
//! leaves to hand-written Rust lives here: `ub.poison`'s fold and the
//! dialect's [`UbDialect::materialize_constant`].

// Generated code names this crate by its path, as other crates do.
extern crate self as dialect_ub;

#[cfg(test)]
mod testing {
    dialect_testing::dialect_test_helpers!(dialect_func, crate);
}

#[cfg(test)]
mod tests;

mod inliner;

/// The attribute, its interface and the ops, generated from the spec (see
/// `build.rs`).
mod generated {
    include!(concat!(env!("OUT_DIR"), "/ub_attrs.rs"));
    include!(concat!(env!("OUT_DIR"), "/ub_ops.rs"));
    include!(concat!(env!("OUT_DIR"), "/ub_attr_interfaces.rs"));
}
pub use generated::*;

use ir::builder::OpBuilder;
use ir::{Attribute, Context, Ir, Location, OpId, Type};
use ods_runtime::fold::OpFoldResult;
use ods_runtime::Op;

impl PoisonOp {
    /// Upstream's fold: the op's `value` attribute (`#ub.poison` unless
    /// the op carries another poison attribute), which the driver
    /// materializes back through [`materialize_constant`]. Nothing when
    /// the attribute was removed.
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        _operands: &[Option<Attribute>],
    ) -> Option<OpFoldResult> {
        self.value(ctx, ir).map(OpFoldResult::Attribute)
    }
}

impl UbDialect {
    /// The dialect's constant materializer (upstream's
    /// `UBDialect::materializeConstant`): `#ub.poison` becomes `ub.poison`
    /// of type `ty` (printed in the short form); any other attribute is not
    /// the dialect's to build (`None`). The op is inserted at `b`'s insertion
    /// point.
    pub fn materialize_constant(
        b: &mut OpBuilder<'_>,
        value: Attribute,
        ty: Type,
        loc: Location,
    ) -> Option<OpId> {
        PoisonAttr::from_attr(b.ctx, value)?;
        Some(PoisonOp::build(b, loc, ty, Some(value)).op())
    }
}

/// Registers the dialect: its ops, attributes and types with their
/// interfaces.
pub fn register(ctx: &mut ir::Context, reg: &mut ir::Registry) {
    ods_runtime::register_dialect::<UbDialect>(ctx, reg);
}

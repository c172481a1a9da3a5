//! The `math` dialect (spec: `ods/MathOps.ods`, `ods/MathBase.ods`):
//! mathematical functions on floats and integers, elementwise on vectors
//! and tensors. What the spec leaves to hand-written Rust lives here: the
//! folds ([`fold`], over constants read and built by [`elements`]) and
//! [`MathDialect::materialize_constant`].

// Generated code names this crate by its path, as other crates do.
extern crate self as dialect_math;

#[cfg(test)]
mod testing {
    dialect_testing::dialect_test_helpers!(dialect_arith, dialect_func, crate, dialect_ub);
}

pub mod elements;
pub mod fold;

#[cfg(test)]
mod tests;

mod inliner;

/// The ops generated from the spec (see `build.rs`).
mod generated {
    use ods_runtime::Op;
    include!(concat!(env!("OUT_DIR"), "/math_ops.rs"));
}
pub use generated::*;

use ir::builder::OpBuilder;
use ir::{Attribute, Location, OpId, Type};
use ods_runtime::Op;

impl MathDialect {
    /// The dialect's constant materializer (upstream's
    /// `MathDialect::materializeConstant`): `#ub.poison` becomes `ub.poison`
    /// (the ub dialect's materializer), the folds' integer, float and
    /// elements constants become `arith.constant` when it can hold them
    /// (`None` otherwise). The op is inserted at `b`'s insertion point.
    pub fn materialize_constant(
        b: &mut OpBuilder<'_>,
        value: Attribute,
        ty: Type,
        loc: Location,
    ) -> Option<OpId> {
        dialect_ub::UbDialect::materialize_constant(b, value, ty, loc)
            .or_else(|| dialect_arith::ConstantOp::materialize(b, value, ty, loc).map(|c| c.op()))
    }
}

/// Registers the dialect: its ops, attributes and types with their
/// interfaces.
pub fn register(ctx: &mut ir::Context, reg: &mut ir::Registry) {
    ods_runtime::register_dialect::<MathDialect>(ctx, reg);
}

//! Folding for the `arith` dialect: every op's `fold` hook (`hasFolder =
//! 1` in `ods/ArithOps.ods`) and the dialect's constant materializer.
//!
//! In: an op and the constant values of its operands. Out: what its
//! results fold to (see `ods_runtime::fold`). The folds follow upstream's
//! `ArithOps.cpp`: integers as fixed-width bit patterns (`APInt`), floats
//! with `APFloat` semantics ([`apfloat`]), vectors and tensors of constants
//! element by element ([`consts`]). Integers wider than 128 bits, and
//! `ub.poison` operands (the `ub` ops are not ported) do not fold.

mod apfloat;
mod cast;
mod cmp;
pub(crate) mod consts;
mod float;
mod int;

use crate::{ArithDialect, ConstantOp};
use ir::builder::OpBuilder;
use ir::{Attribute, Context, Ir, Location, OpId, Type, Value};
use ods_runtime::fold::OpFoldResult;
use ods_runtime::Op;

/// A fold to an existing value.
fn value(v: Value) -> Option<OpFoldResult> {
    Some(OpFoldResult::Value(v))
}

/// A fold to a constant, when there is one.
fn attr(a: Option<Attribute>) -> Option<OpFoldResult> {
    a.map(OpFoldResult::Attribute)
}

/// The op of kind `T` defining `v`, when one does.
fn def<T: Op>(ctx: &Context, ir: &Ir, v: Value) -> Option<T> {
    T::from_op(ctx, ir, ir.defining_op(v)?)
}

/// The constant an `arith.constant` gives `v` (MLIR's `m_Constant` on a
/// value, for the identities that look through an operand's operand).
fn constant_of(ctx: &Context, ir: &Ir, v: Value) -> Option<Attribute> {
    def::<ConstantOp>(ctx, ir, v)?.value_attr(ctx, ir)
}

impl ConstantOp {
    /// A constant folds to its value.
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        _operands: &[Option<Attribute>],
    ) -> Option<OpFoldResult> {
        self.value_attr(ctx, ir).map(OpFoldResult::Attribute)
    }
}

impl ArithDialect {
    /// Builds the `arith.constant` holding `value` as a `ty` (MLIR's
    /// `ArithDialect::materializeConstant`), when one can hold it.
    pub fn materialize_constant(
        b: &mut OpBuilder<'_>,
        value: Attribute,
        ty: Type,
        loc: Location,
    ) -> Option<OpId> {
        ConstantOp::materialize(b, value, ty, loc).map(|c| c.op())
    }
}

#[cfg(test)]
mod tests;

//! Folds of arith's float ops: constant folding with `APFloat` semantics
//! (round to nearest even) and upstream's identities: `addf(x, -0) = x`,
//! `subf(x, +0) = x`, `mulf(x, 1) = x`, `divf(x, 1) = x`, `negf(negf(x))
//! = x`, and for min/max `op(x, x) = x` and the neutral infinity or NaN.

use super::apfloat::{self, BinOp, Class};
use super::consts::{binary, read, splat_float, unary, Scalar};
use super::{attr, def, value};
use crate::{
    AddFOp, DivFOp, MaxNumFOp, MaximumFOp, MinNumFOp, MinimumFOp, MulFOp, NegFOp, RemFOp, SubFOp,
};
use ir::{Attribute, Context, Ir};
use ods_runtime::fold::OpFoldResult;
use ods_runtime::Op;

type Operands<'a> = &'a [Option<Attribute>];

/// What the scalar or splat float constant `a` is, when it is one.
fn class(ctx: &Context, a: Option<Attribute>) -> Option<Class> {
    let (kind, bits) = splat_float(ctx, a)?;
    apfloat::classify(kind, bits)
}

fn fold_floats(ctx: &mut Context, operands: Operands<'_>, op: BinOp) -> Option<Attribute> {
    binary(ctx, operands, None, |a, b| {
        let (k, x) = a.float()?;
        let (_, y) = b.float()?;
        Some(Scalar::Float(k, apfloat::binary(k, op, x, y)?))
    })
}

/// A binary float fold: `rhs` matching `neutral` gives the left operand,
/// `same_operands` folds `op(x, x)` to `x`; then constants.
fn float_binary(
    ctx: &mut Context,
    ir: &Ir,
    op: impl Op,
    operands: Operands<'_>,
    same_operands: bool,
    neutral: fn(Class) -> bool,
    kind: BinOp,
) -> Option<OpFoldResult> {
    let (lhs, rhs) = (ir.operand(op.op(), 0), ir.operand(op.op(), 1));
    if same_operands && lhs == rhs {
        return value(rhs);
    }
    if class(ctx, operands[1]).is_some_and(neutral) {
        return value(lhs);
    }
    attr(fold_floats(ctx, operands, kind))
}

impl AddFOp {
    /// `addf(x, -0) = x`; constants.
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        operands: Operands<'_>,
    ) -> Option<OpFoldResult> {
        float_binary(ctx, ir, self, operands, false, |c| c.neg_zero, BinOp::Add)
    }
}

impl SubFOp {
    /// `subf(x, +0) = x`; constants.
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        operands: Operands<'_>,
    ) -> Option<OpFoldResult> {
        float_binary(ctx, ir, self, operands, false, |c| c.pos_zero, BinOp::Sub)
    }
}

impl MulFOp {
    /// `mulf(x, 1) = x`; constants.
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        operands: Operands<'_>,
    ) -> Option<OpFoldResult> {
        float_binary(ctx, ir, self, operands, false, |c| c.one, BinOp::Mul)
    }
}

impl DivFOp {
    /// `divf(x, 1) = x`; constants.
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        operands: Operands<'_>,
    ) -> Option<OpFoldResult> {
        float_binary(ctx, ir, self, operands, false, |c| c.one, BinOp::Div)
    }
}

impl RemFOp {
    /// Constants (C's `fmod`: the sign of the left operand).
    pub fn fold(
        self,
        ctx: &mut Context,
        _ir: &mut Ir,
        operands: Operands<'_>,
    ) -> Option<OpFoldResult> {
        attr(fold_floats(ctx, operands, BinOp::Rem))
    }
}

impl MaximumFOp {
    /// `maximumf(x, x) = x`, `maximumf(x, -inf) = x`; constants.
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        operands: Operands<'_>,
    ) -> Option<OpFoldResult> {
        float_binary(ctx, ir, self, operands, true, |c| c.neg_inf, BinOp::Maximum)
    }
}

impl MinimumFOp {
    /// `minimumf(x, x) = x`, `minimumf(x, +inf) = x`; constants.
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        operands: Operands<'_>,
    ) -> Option<OpFoldResult> {
        float_binary(ctx, ir, self, operands, true, |c| c.pos_inf, BinOp::Minimum)
    }
}

impl MaxNumFOp {
    /// `maxnumf(x, x) = x`, `maxnumf(x, NaN) = x`; constants.
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        operands: Operands<'_>,
    ) -> Option<OpFoldResult> {
        float_binary(ctx, ir, self, operands, true, |c| c.nan, BinOp::MaxNum)
    }
}

impl MinNumFOp {
    /// `minnumf(x, x) = x`, `minnumf(x, NaN) = x`; constants.
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        operands: Operands<'_>,
    ) -> Option<OpFoldResult> {
        float_binary(ctx, ir, self, operands, true, |c| c.nan, BinOp::MinNum)
    }
}

impl NegFOp {
    /// `negf(negf(x)) = x`; constants.
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        operands: Operands<'_>,
    ) -> Option<OpFoldResult> {
        let operand = ir.operand(self.op(), 0);
        if let Some(inner) = def::<NegFOp>(ctx, ir, operand) {
            return value(ir.operand(inner.op(), 0));
        }
        let ty = read(ctx, operands[0])?.ty;
        attr(unary(ctx, operands[0], ty, |a| {
            let (k, x) = a.float()?;
            Some(Scalar::Float(k, apfloat::neg(k, x)?))
        }))
    }
}

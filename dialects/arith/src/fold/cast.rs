//! Folds of arith's casts: constants converted as LLVM's `APInt` and
//! `APFloat` convert them (float conversions only when exact, float to
//! integer only when in range), chains of extensions and truncations
//! shortened, and `bitcast` of constants.

use super::apfloat::{self, Rounding};
use super::consts::{
    element_type_or_self, float_kind, int_width, read, unary, write, ApInt, Scalar,
};
use super::{attr, def, value};
use crate::{
    BitcastOp, ExtFOp, ExtSIOp, ExtUIOp, FPToSIOp, FPToUIOp, FastMathFlags, IndexCastOp,
    IndexCastUIOp, RoundingMode, SIToFPOp, TruncFOp, TruncIOp, UIToFPOp,
};
use ir::{Attribute, Context, Ir, Type};
use ods_runtime::fold::OpFoldResult;
use ods_runtime::Op;

type Operands<'a> = &'a [Option<Attribute>];

fn io(ir: &Ir, op: impl Op) -> (ir::Value, Type) {
    (ir.operand(op.op(), 0), ir.value_type(ir.result(op.op(), 0)))
}

/// The integer width of the element type of `ty`.
fn elem_width(ctx: &Context, ty: Type) -> Option<u32> {
    int_width(ctx, element_type_or_self(ctx, ty))
}

/// An integer-to-integer cast of a constant.
fn int_cast(
    ctx: &mut Context,
    operand: Option<Attribute>,
    ty: Type,
    signed: bool,
) -> Option<Attribute> {
    let width = elem_width(ctx, ty)?;
    unary(ctx, operand, ty, |a| {
        Some(Scalar::Int(a.int()?.resize(width, signed)))
    })
}

/// Makes `op` use `from` as its operand (an in-place fold).
fn set_input(ir: &mut Ir, op: impl Op, from: ir::Value) -> Option<OpFoldResult> {
    ir.set_operand(op.op(), 0, from);
    value(ir.result(op.op(), 0))
}

impl ExtUIOp {
    /// `extui(extui(x)) = extui(x)` in place; constants.
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        operands: Operands<'_>,
    ) -> Option<OpFoldResult> {
        let (input, ty) = io(ir, self);
        if let Some(inner) = def::<ExtUIOp>(ctx, ir, input) {
            let from = ir.operand(inner.op(), 0);
            return set_input(ir, self, from);
        }
        attr(int_cast(ctx, operands[0], ty, false))
    }
}

impl ExtSIOp {
    /// `extsi(extsi(x)) = extsi(x)` in place; constants.
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        operands: Operands<'_>,
    ) -> Option<OpFoldResult> {
        let (input, ty) = io(ir, self);
        if let Some(inner) = def::<ExtSIOp>(ctx, ir, input) {
            let from = ir.operand(inner.op(), 0);
            return set_input(ir, self, from);
        }
        attr(int_cast(ctx, operands[0], ty, true))
    }
}

impl TruncIOp {
    /// `trunci(ext(a))` is `trunci(a)` (in place) when `a` is wider, `a`
    /// when of the result type; `trunci(trunci(a)) = trunci(a)`;
    /// constants.
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        operands: Operands<'_>,
    ) -> Option<OpFoldResult> {
        let (input, ty) = io(ir, self);
        let ext = def::<ExtUIOp>(ctx, ir, input)
            .map(|o| o.op())
            .or_else(|| def::<ExtSIOp>(ctx, ir, input).map(|o| o.op()));
        if let Some(ext) = ext {
            let src = ir.operand(ext, 0);
            let src_ty = element_type_or_self(ctx, ir.value_type(src));
            let dst_ty = element_type_or_self(ctx, ty);
            if int_width(ctx, src_ty)? > int_width(ctx, dst_ty)? {
                return set_input(ir, self, src);
            }
            if src_ty == dst_ty {
                return value(src);
            }
        }
        if let Some(inner) = def::<TruncIOp>(ctx, ir, input) {
            let from = ir.operand(inner.op(), 0);
            return set_input(ir, self, from);
        }
        attr(int_cast(ctx, operands[0], ty, false))
    }
}

impl IndexCastOp {
    /// Constants, sign-extended or truncated.
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        operands: Operands<'_>,
    ) -> Option<OpFoldResult> {
        let (_, ty) = io(ir, self);
        attr(int_cast(ctx, operands[0], ty, true))
    }
}

impl IndexCastUIOp {
    /// Constants, zero-extended or truncated.
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        operands: Operands<'_>,
    ) -> Option<OpFoldResult> {
        let (_, ty) = io(ir, self);
        attr(int_cast(ctx, operands[0], ty, false))
    }
}

/// A float-to-float conversion of a constant, when exact.
fn float_cast(
    ctx: &mut Context,
    operand: Option<Attribute>,
    ty: Type,
    mode: Rounding,
) -> Option<Attribute> {
    let to = float_kind(ctx, element_type_or_self(ctx, ty))?;
    unary(ctx, operand, ty, |a| {
        let (from, bits) = a.float()?;
        Some(Scalar::Float(to, apfloat::convert(from, to, bits, mode)?))
    })
}

impl ExtFOp {
    /// `extf(truncf(x))` with both `contract` is `x`; constants.
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        operands: Operands<'_>,
    ) -> Option<OpFoldResult> {
        let (input, ty) = io(ir, self);
        if let Some(trunc) = def::<TruncFOp>(ctx, ir, input) {
            let src = ir.operand(trunc.op(), 0);
            let contract = |f: Option<FastMathFlags>| {
                f.is_some_and(|f| f & FastMathFlags::CONTRACT == FastMathFlags::CONTRACT)
            };
            if ir.value_type(src) == ty
                && contract(trunc.fastmath(ctx, ir))
                && contract(self.fastmath(ctx, ir))
            {
                return value(src);
            }
        }
        attr(float_cast(
            ctx,
            operands[0],
            ty,
            Rounding::NearestTiesToEven,
        ))
    }
}

impl TruncFOp {
    /// `truncf(extf(a))` is `truncf(a)` (in place) when `a` is wider, `a`
    /// when of the result type; constants, rounded as `roundingmode` says,
    /// when exact.
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        operands: Operands<'_>,
    ) -> Option<OpFoldResult> {
        let (input, ty) = io(ir, self);
        if let Some(ext) = def::<ExtFOp>(ctx, ir, input) {
            let src = ir.operand(ext.op(), 0);
            let src_ty = element_type_or_self(ctx, ir.value_type(src));
            let dst_ty = element_type_or_self(ctx, ty);
            let width = |t| float_kind(ctx, t).map(|k| k.bit_width());
            if width(src_ty)? > width(dst_ty)? {
                return set_input(ir, self, src);
            }
            if src_ty == dst_ty {
                return value(src);
            }
        }
        let mode = match self.roundingmode(ctx, ir).unwrap_or_default() {
            RoundingMode::ToNearestEven => Rounding::NearestTiesToEven,
            RoundingMode::Downward => Rounding::TowardNegative,
            RoundingMode::Upward => Rounding::TowardPositive,
            RoundingMode::TowardZero => Rounding::TowardZero,
            RoundingMode::ToNearestAway => Rounding::NearestTiesToAway,
        };
        attr(float_cast(ctx, operands[0], ty, mode))
    }
}

fn int_to_float(
    ctx: &mut Context,
    operand: Option<Attribute>,
    ty: Type,
    signed: bool,
) -> Option<Attribute> {
    let kind = float_kind(ctx, element_type_or_self(ctx, ty))?;
    unary(ctx, operand, ty, |a| {
        let i = a.int()?;
        Some(Scalar::Float(
            kind,
            apfloat::from_int(kind, i.width, i.bits, signed)?,
        ))
    })
}

impl UIToFPOp {
    /// Constants, as unsigned.
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        operands: Operands<'_>,
    ) -> Option<OpFoldResult> {
        let (_, ty) = io(ir, self);
        attr(int_to_float(ctx, operands[0], ty, false))
    }
}

impl SIToFPOp {
    /// Constants, as signed.
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        operands: Operands<'_>,
    ) -> Option<OpFoldResult> {
        let (_, ty) = io(ir, self);
        attr(int_to_float(ctx, operands[0], ty, true))
    }
}

fn float_to_int(
    ctx: &mut Context,
    operand: Option<Attribute>,
    ty: Type,
    signed: bool,
) -> Option<Attribute> {
    let width = elem_width(ctx, ty)?;
    unary(ctx, operand, ty, |a| {
        let (kind, bits) = a.float()?;
        let v = apfloat::to_int(kind, bits, width, signed)?;
        Some(Scalar::Int(ApInt::new(width, v)))
    })
}

impl FPToUIOp {
    /// Constants truncated toward zero, when in range.
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        operands: Operands<'_>,
    ) -> Option<OpFoldResult> {
        let (_, ty) = io(ir, self);
        attr(float_to_int(ctx, operands[0], ty, false))
    }
}

impl FPToSIOp {
    /// Constants truncated toward zero, when in range.
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        operands: Operands<'_>,
    ) -> Option<OpFoldResult> {
        let (_, ty) = io(ir, self);
        attr(float_to_int(ctx, operands[0], ty, true))
    }
}

/// The bits of `s` as a scalar of element type `to`.
fn reinterpret(ctx: &Context, s: Scalar, to: Type) -> Option<Scalar> {
    let bits = match s {
        Scalar::Int(i) => i.bits,
        Scalar::Float(_, b) => b,
    };
    Some(match float_kind(ctx, to) {
        Some(k) => Scalar::Float(k, bits),
        None => Scalar::Int(ApInt::new(int_width(ctx, to)?, bits)),
    })
}

impl BitcastOp {
    /// Constants (scalars and dense elements), their bits reinterpreted.
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        operands: Operands<'_>,
    ) -> Option<OpFoldResult> {
        let (_, ty) = io(ir, self);
        let c = read(ctx, operands[0])?;
        if c.shaped != ctx.element_type(ty).is_some() {
            return None;
        }
        let to = element_type_or_self(ctx, ty);
        let elems = c
            .elems
            .iter()
            .map(|&e| reinterpret(ctx, e, to))
            .collect::<Option<Vec<_>>>()?;
        attr(write(ctx, ty, &elems))
    }
}

//! The Rust side of `ods/ArithCanonicalization.ods`: what its
//! `NativeCodeCall`s and constraints call (upstream's C++ helpers in
//! `ArithOps.cpp`: `addIntegerAttrs`, `mergeOverflowFlags`,
//! `invertPredicate`, `getIntOrSplatIntValue`, `getScalarOrElementWidth`).
//!
//! In: attributes and values a generated pattern matched. Out: the
//! attributes its result ops are built with, or whether a constraint
//! holds.

use ir::{Attribute, Context, Ir, Type, Value};
use ods_transforms::rewrite::Rewriter;

use crate::fold::consts::{self, ApInt};
use crate::{CmpIPredicate, IntegerOverflowFlagsAttr};

/// The zero of `v`'s type (upstream's `getZeroAttr($0.getType())`). The
/// patterns call it on integer values, whose zero always exists; another
/// type gets `false`, which the built constant's verifier rejects.
pub fn zero_attr_of(rw: &mut Rewriter<'_>, v: Value) -> Attribute {
    let ty = rw.ir.value_type(v);
    match consts::zero_attr(rw.ctx, ty) {
        Some(zero) => zero,
        None => rw.ctx.bool_attr(false),
    }
}

/// `lhs + rhs` as an integer attribute of `res`'s type.
pub fn add_int_attrs(
    rw: &mut Rewriter<'_>,
    res: Value,
    lhs: Attribute,
    rhs: Attribute,
) -> Attribute {
    apply_to_int_attrs(rw, res, lhs, rhs, u128::wrapping_add)
}

/// `lhs - rhs` as an integer attribute of `res`'s type.
pub fn sub_int_attrs(
    rw: &mut Rewriter<'_>,
    res: Value,
    lhs: Attribute,
    rhs: Attribute,
) -> Attribute {
    apply_to_int_attrs(rw, res, lhs, rhs, u128::wrapping_sub)
}

/// `lhs * rhs` as an integer attribute of `res`'s type.
pub fn mul_int_attrs(
    rw: &mut Rewriter<'_>,
    res: Value,
    lhs: Attribute,
    rhs: Attribute,
) -> Attribute {
    apply_to_int_attrs(rw, res, lhs, rhs, u128::wrapping_mul)
}

/// `f(lhs, rhs)` in the width of `res`'s type (upstream's
/// `applyToIntegerAttrs`). The patterns match `APIntAttr`s of the
/// result's type; anything else gives `lhs` back unchanged.
fn apply_to_int_attrs(
    rw: &mut Rewriter<'_>,
    res: Value,
    lhs: Attribute,
    rhs: Attribute,
    f: fn(u128, u128) -> u128,
) -> Attribute {
    let ty = rw.ir.value_type(res);
    let (Some(width), Some(a), Some(b)) = (
        consts::int_width(rw.ctx, ty),
        consts::splat_int(rw.ctx, Some(lhs)),
        consts::splat_int(rw.ctx, Some(rhs)),
    ) else {
        return lhs;
    };
    let value = ApInt::new(width, f(a.bits, b.bits));
    let unsigned = matches!(
        rw.ctx.type_kind(ty),
        ir::TypeKind::Integer {
            signedness: ir::Signedness::Unsigned,
            ..
        }
    );
    let value = if unsigned {
        value.zext() as i128
    } else {
        value.sext()
    };
    rw.ctx.integer_attr(ty, value)
}

/// The overflow flags both `lhs` and `rhs` hold (upstream's
/// `mergeOverflowFlags`: the most conservative combination).
pub fn merge_overflow(ctx: &mut Context, lhs: Attribute, rhs: Attribute) -> Attribute {
    let flags =
        IntegerOverflowFlagsAttr::value(ctx, lhs) & IntegerOverflowFlagsAttr::value(ctx, rhs);
    IntegerOverflowFlagsAttr::get(ctx, flags)
}

/// The `cmpi` predicate attribute that holds exactly when `pred` does not.
pub fn invert_predicate(ctx: &mut Context, pred: Attribute) -> Attribute {
    match predicate_of(ctx, pred) {
        Some(p) => ods_runtime::attr::integer(ctx, 64, super::inverted(p).value() as i64),
        None => pred,
    }
}

fn predicate_of(ctx: &Context, pred: Attribute) -> Option<CmpIPredicate> {
    let value = ods_runtime::pred::integer_attr_value(ctx, pred)?;
    CmpIPredicate::try_from(u64::try_from(value).ok()?).ok()
}

/// Whether `pred` is `eq` or `ne`.
pub fn is_eq_or_ne(ctx: &Context, pred: Attribute) -> bool {
    matches!(
        predicate_of(ctx, pred),
        Some(CmpIPredicate::Eq | CmpIPredicate::Ne)
    )
}

/// The integer an integer attribute or a splat of one holds (upstream's
/// `getIntOrSplatIntValue`).
fn int_or_splat_int_value(ctx: &Context, attr: Attribute) -> Option<ApInt> {
    consts::splat_int(ctx, Some(attr))
}

/// Whether `attr` is an integer (or a splat of one) with every bit set.
pub fn is_scalar_or_splat_negative_one(ctx: &Context, attr: Attribute) -> bool {
    int_or_splat_int_value(ctx, attr).is_some_and(ApInt::is_all_ones)
}

/// Whether `attr` is an integer (or a splat of one) equal to 1 and
/// positive as a signed number (so not `i1`'s 1, which is -1).
pub fn is_scalar_or_splat_one(ctx: &Context, attr: Attribute) -> bool {
    int_or_splat_int_value(ctx, attr).is_some_and(|v| v.bits == 1 && !v.is_negative())
}

/// The bit width of `v`'s integer or float type, or of its elements;
/// 0 for any other type (upstream's `getScalarOrElementWidth`).
pub fn scalar_or_element_width(ctx: &Context, ir: &Ir, v: Value) -> u32 {
    type_width(ctx, consts::element_type_or_self(ctx, ir.value_type(v)))
}

fn type_width(ctx: &Context, ty: Type) -> u32 {
    match ctx.type_kind(ty) {
        ir::TypeKind::Integer { width, .. } => *width,
        _ => consts::float_kind(ctx, ty).map_or(0, |k| k.bit_width()),
    }
}

/// Whether `shift` (an integer or a splat) is the number of bits a
/// truncation of `x` to `truncated`'s type drops.
pub fn truncation_matches_shift_amount(
    ctx: &Context,
    ir: &Ir,
    x: Value,
    truncated: Value,
    shift: Attribute,
) -> bool {
    let Some(amount) = int_or_splat_int_value(ctx, shift) else {
        return false;
    };
    let dropped = scalar_or_element_width(ctx, ir, x)
        .wrapping_sub(scalar_or_element_width(ctx, ir, truncated));
    amount.zext() == u128::from(dropped)
}

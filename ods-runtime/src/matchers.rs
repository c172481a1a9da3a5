//! What MLIR's `Matchers.h` gives folds and patterns: constants matched on
//! attributes and on values, typed readers of dense and splat elements,
//! walks over nested ops that can skip or stop, and a builder step that
//! ensures a block's implicit terminator.
//!
//! In: attributes (a fold's constant operands), values (a pattern's
//! operands: their defining op is asked through the registry, as
//! `m_Constant` asks `ConstantLike` ops to fold), ops. Out: the scalar,
//! the elements, or whether the constant is zero or one.
//!
//! | MLIR | here |
//! | --- | --- |
//! | `m_ConstantInt(&v)` on an attribute | [`int_of`] |
//! | `m_ConstantFloat(&v)` on an attribute | [`float_of`] |
//! | `m_Zero()`, `m_One()`, `m_AllOnes()` | [`is_zero`], [`is_one`], [`is_all_ones`] |
//! | `m_AnyZeroFloat()`, `m_PosZeroFloat()`, `m_NegZeroFloat()`, `m_OneFloat()` | [`is_any_zero_float`], [`is_pos_zero_float`], [`is_neg_zero_float`], [`is_one_float`] |
//! | `SplatElementsAttr::getSplatValue` | [`splat_int`], [`splat_float`] |
//! | `DenseIntElementsAttr` / `DenseFPElementsAttr` values | [`dense_ints`], [`dense_floats`] |
//! | `matchPattern(value, m_Constant(&attr))` | [`constant_of`] (and [`constant_int`], [`constant_float`], [`is_constant_zero`], [`is_constant_one`]) |
//! | `m_ConstantInt` / `getConstantIntValue` without folding (verifiers, printers, folds) | [`read_constant_int`], [`read_fold_result_int`] |
//! | `Operation::walk` with `WalkOrder` and `WalkResult` | [`walk`] |
//! | `SingleBlockImplicitTerminator::ensureTerminator` | [`ensure_terminator`] |

use ir::attributes::{DenseData, IntValue};
use ir::builder::OpBuilder;
use ir::registry::OpTraits;
use ir::{AttrKind, Attribute, BlockId, Context, Ir, OpId, Registry, Type, TypeKind, Value};

// ---------------------------------------------------------- on attributes

/// The bit width of an integer or index element type (index: 64).
fn int_width(ctx: &Context, ty: Type) -> Option<u32> {
    match ctx.type_kind(ty) {
        TypeKind::Integer { width, .. } => Some(*width),
        TypeKind::Index => Some(64),
        _ => None,
    }
}

/// Whether integers of `ty` read unsigned (`ui8`); others read signed.
fn is_unsigned(ctx: &Context, ty: Type) -> bool {
    matches!(
        ctx.type_kind(ty),
        TypeKind::Integer {
            signedness: ir::Signedness::Unsigned,
            ..
        }
    )
}

/// One stored element of `data` as an integer of `width` bits, sign- or
/// zero-extended to `i128`.
fn read_int(data: &DenseData, index: usize, width: u32, unsigned: bool) -> Option<i128> {
    let size = data.scalar_bytes as usize;
    let bytes = data.raw.get(index * size..(index + 1) * size)?;
    if size > 16 {
        return None;
    }
    let mut le = [0u8; 16];
    le[..size].copy_from_slice(bytes);
    let raw = u128::from_le_bytes(le);
    let width = width.clamp(1, 128);
    if width == 1 {
        return Some(i128::from(raw & 1 == 1) * if unsigned { 1 } else { -1 });
    }
    let shift = 128 - width;
    Some(if unsigned {
        ((raw << shift) >> shift) as i128
    } else {
        ((raw << shift) as i128) >> shift
    })
}

/// One stored element of `data` as a float of `kind`, as `f64`.
fn read_float(data: &DenseData, index: usize, kind: ir::FloatKind) -> Option<f64> {
    let size = data.scalar_bytes as usize;
    let bytes = data.raw.get(index * size..(index + 1) * size)?;
    if size > 16 {
        return None;
    }
    let mut le = [0u8; 16];
    le[..size].copy_from_slice(bytes);
    Some(ir::float::to_f64(kind, u128::from_le_bytes(le)))
}

/// The number of elements of a statically shaped type.
fn element_count(ctx: &Context, ty: Type) -> Option<usize> {
    ctx.shape(ty)?
        .iter()
        .try_fold(1usize, |n, &d| n.checked_mul(usize::try_from(d).ok()?))
}

/// The integer of an integer attribute as `i128` (`true` of `i1` is 1).
fn scalar_int(ctx: &Context, attr: Attribute) -> Option<i128> {
    let AttrKind::Integer { ty, value } = ctx.attr_kind(attr) else {
        return None;
    };
    let v = match value {
        IntValue::Small(v) => *v,
        IntValue::Big(_) => return None,
    };
    // `true : i1` may be stored as -1 (signed one-bit): it is 1.
    Some(if int_width(ctx, *ty) == Some(1) {
        v & 1
    } else {
        v
    })
}

/// The integer an integer attribute holds, or every element of a splat of
/// integers holds (`m_ConstantInt` on an attribute). `true` is 1; values
/// past `i128` are `None`.
pub fn int_of(ctx: &Context, attr: Attribute) -> Option<i128> {
    scalar_int(ctx, attr).or_else(|| splat_int(ctx, attr))
}

/// The float a float attribute holds, or every element of a splat of
/// floats holds (`m_ConstantFloat` on an attribute), as `f64`.
pub fn float_of(ctx: &Context, attr: Attribute) -> Option<f64> {
    match ctx.attr_kind(attr) {
        AttrKind::Float { ty, bits } => match ctx.type_kind(*ty) {
            TypeKind::Float(kind) => Some(ir::float::to_f64(*kind, *bits)),
            _ => None,
        },
        _ => splat_float(ctx, attr),
    }
}

/// The element of a splat `dense<...>` of integers (`i1` as 0 or 1).
pub fn splat_int(ctx: &Context, attr: Attribute) -> Option<i128> {
    let AttrKind::DenseElements { ty, data } = ctx.attr_kind(attr) else {
        return None;
    };
    let element = ctx.element_type(*ty)?;
    let width = int_width(ctx, element)?;
    let unsigned = is_unsigned(ctx, element) || width == 1;
    data.splat
        .then(|| read_int(data, 0, width, unsigned))
        .flatten()
}

/// The element of a splat `dense<...>` of floats, as `f64`.
pub fn splat_float(ctx: &Context, attr: Attribute) -> Option<f64> {
    let AttrKind::DenseElements { ty, data } = ctx.attr_kind(attr) else {
        return None;
    };
    let TypeKind::Float(kind) = *ctx.type_kind(ctx.element_type(*ty)?) else {
        return None;
    };
    data.splat.then(|| read_float(data, 0, kind)).flatten()
}

/// Every element of a `dense<...>` of integers or index, in order (a
/// splat repeated to the type's element count; `i1` as 0 or 1).
pub fn dense_ints(ctx: &Context, attr: Attribute) -> Option<Vec<i128>> {
    let AttrKind::DenseElements { ty, data } = ctx.attr_kind(attr) else {
        return None;
    };
    let element = ctx.element_type(*ty)?;
    let width = int_width(ctx, element)?;
    let unsigned = is_unsigned(ctx, element) || width == 1;
    let count = element_count(ctx, *ty)?;
    (0..count)
        .map(|i| read_int(data, if data.splat { 0 } else { i }, width, unsigned))
        .collect()
}

/// Every element of a `dense<...>` of floats, in order, as `f64` (a
/// splat repeated to the type's element count).
pub fn dense_floats(ctx: &Context, attr: Attribute) -> Option<Vec<f64>> {
    let AttrKind::DenseElements { ty, data } = ctx.attr_kind(attr) else {
        return None;
    };
    let TypeKind::Float(kind) = *ctx.type_kind(ctx.element_type(*ty)?) else {
        return None;
    };
    let count = element_count(ctx, *ty)?;
    (0..count)
        .map(|i| read_float(data, if data.splat { 0 } else { i }, kind))
        .collect()
}

/// `m_Zero()`: an integer zero, scalar or splat.
pub fn is_zero(ctx: &Context, attr: Attribute) -> bool {
    int_of(ctx, attr) == Some(0)
}

/// `m_One()`: an integer one, scalar or splat (`true` for `i1`).
pub fn is_one(ctx: &Context, attr: Attribute) -> bool {
    int_of(ctx, attr) == Some(1)
}

/// `m_AllOnes()`: an integer with every bit set, scalar or splat (`-1`
/// signed, the maximum unsigned, `true` for `i1`).
pub fn is_all_ones(ctx: &Context, attr: Attribute) -> bool {
    let Some(v) = int_of(ctx, attr) else {
        return false;
    };
    let ty = crate::pred::attr_type(ctx, attr).and_then(|t| ctx.element_type(t).or(Some(t)));
    match ty.and_then(|t| int_width(ctx, t).map(|w| (w, is_unsigned(ctx, t)))) {
        Some((1, _)) => v == 1,
        Some((w, true)) if w < 128 => v == (1i128 << w) - 1,
        _ => v == -1,
    }
}

/// `m_AnyZeroFloat()`: `+0.0` or `-0.0`, scalar or splat.
pub fn is_any_zero_float(ctx: &Context, attr: Attribute) -> bool {
    float_of(ctx, attr) == Some(0.0)
}

/// `m_PosZeroFloat()`: `+0.0`, scalar or splat.
pub fn is_pos_zero_float(ctx: &Context, attr: Attribute) -> bool {
    float_of(ctx, attr).is_some_and(|f| f == 0.0 && f.is_sign_positive())
}

/// `m_NegZeroFloat()`: `-0.0`, scalar or splat.
pub fn is_neg_zero_float(ctx: &Context, attr: Attribute) -> bool {
    float_of(ctx, attr).is_some_and(|f| f == 0.0 && f.is_sign_negative())
}

/// `m_OneFloat()`: `1.0`, scalar or splat.
pub fn is_one_float(ctx: &Context, attr: Attribute) -> bool {
    float_of(ctx, attr) == Some(1.0)
}

// -------------------------------------------------------------- on values

/// `matchPattern(v, m_Constant(&attr))`: the attribute a constant-like op
/// defining `v` folds to (through the registry; `None` for a block
/// argument or another op).
pub fn constant_of(
    ctx: &mut Context,
    registry: &Registry,
    ir: &mut Ir,
    v: Value,
) -> Option<Attribute> {
    crate::fold::constant_value(ctx, registry, ir, v)
}

/// `m_ConstantInt` on a value: the integer (scalar or splat) of the
/// constant defining `v`, when it fits `i64`.
pub fn constant_int(ctx: &mut Context, registry: &Registry, ir: &mut Ir, v: Value) -> Option<i64> {
    let attr = constant_of(ctx, registry, ir, v)?;
    int_of(ctx, attr).and_then(|i| i64::try_from(i).ok())
}

/// `m_ConstantFloat` on a value: the float (scalar or splat) of the
/// constant defining `v`.
pub fn constant_float(
    ctx: &mut Context,
    registry: &Registry,
    ir: &mut Ir,
    v: Value,
) -> Option<f64> {
    let attr = constant_of(ctx, registry, ir, v)?;
    float_of(ctx, attr)
}

/// `matchPattern(v, m_Zero())`.
pub fn is_constant_zero(ctx: &mut Context, registry: &Registry, ir: &mut Ir, v: Value) -> bool {
    constant_of(ctx, registry, ir, v).is_some_and(|a| is_zero(ctx, a))
}

/// `matchPattern(v, m_One())`.
pub fn is_constant_one(ctx: &mut Context, registry: &Registry, ir: &mut Ir, v: Value) -> bool {
    constant_of(ctx, registry, ir, v).is_some_and(|a| is_one(ctx, a))
}

/// `m_ConstantInt` on a value where folding is not at hand (a verifier, a
/// printer or a fold hook has neither the registry nor the IR to change):
/// the integer (scalar or splat, fitting `i64`) of the `value` attribute
/// of the op defining `v` when that op is a `C` (`arith::ConstantOp`),
/// read rather than folded, so other constant-like ops are not seen.
pub fn read_constant_int<C: crate::Op>(ctx: &Context, ir: &Ir, v: Value) -> Option<i64> {
    let def = ir.defining_op(v)?;
    if ctx.str(ir.op_name(def)) != C::NAME {
        return None;
    }
    let attr = crate::op::inherent_attr(ctx, ir, def, "value")?;
    int_of(ctx, attr).and_then(|i| i64::try_from(i).ok())
}

/// `getConstantIntValue(OpFoldResult)`: the integer an attribute holds,
/// or [`read_constant_int`] of a value.
pub fn read_fold_result_int<C: crate::Op>(
    ctx: &Context,
    ir: &Ir,
    ofr: crate::fold::OpFoldResult,
) -> Option<i64> {
    match ofr {
        crate::fold::OpFoldResult::Attribute(a) => {
            int_of(ctx, a).and_then(|i| i64::try_from(i).ok())
        }
        crate::fold::OpFoldResult::Value(v) => read_constant_int::<C>(ctx, ir, v),
    }
}

// ------------------------------------------------------------------ walks

/// When [`walk`] calls its function on an op: before the ops nested in it
/// or after them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WalkOrder {
    PreOrder,
    PostOrder,
}

/// What a walk's function answers (MLIR's `WalkResult`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WalkResult {
    /// Go on.
    Advance,
    /// Do not visit the ops nested in this one (pre-order only; in
    /// post-order they were visited already, so it is `Advance`).
    Skip,
    /// Stop the whole walk.
    Interrupt,
}

/// Calls `f` on `op` and every op nested in it, in `order`, region by
/// region, block by block, op by op; returns
/// [`WalkResult::Interrupt`] when `f` stopped the walk. `f` may not erase
/// or move ops (collect them, then edit).
pub fn walk(
    ir: &Ir,
    op: OpId,
    order: WalkOrder,
    f: &mut impl FnMut(OpId) -> WalkResult,
) -> WalkResult {
    if order == WalkOrder::PreOrder {
        match f(op) {
            WalkResult::Interrupt => return WalkResult::Interrupt,
            WalkResult::Skip => return WalkResult::Advance,
            WalkResult::Advance => {}
        }
    }
    for region in ir.regions(op).to_vec() {
        for block in ir.region_blocks(region).collect::<Vec<_>>() {
            for nested in ir.block_ops(block).collect::<Vec<_>>() {
                if walk(ir, nested, order, f) == WalkResult::Interrupt {
                    return WalkResult::Interrupt;
                }
            }
        }
    }
    if order == WalkOrder::PostOrder && f(op) == WalkResult::Interrupt {
        return WalkResult::Interrupt;
    }
    WalkResult::Advance
}

// ---------------------------------------------------------------- builder

/// The terminator of `block`: its last op when the registry says that op
/// is a terminator, else the op `build` makes at the block's end (MLIR's
/// `ensureTerminator` of `SingleBlockImplicitTerminator` ops, for a body
/// built without its implicit `yield`).
pub fn ensure_terminator(
    ctx: &mut Context,
    ir: &mut Ir,
    registry: &Registry,
    block: BlockId,
    build: impl FnOnce(&mut OpBuilder<'_>) -> OpId,
) -> OpId {
    if let Some(last) = ir.last_op(block) {
        let is_terminator = registry
            .op(ir.op_name(last))
            .is_some_and(|info| info.traits.contains(OpTraits::TERMINATOR));
        if is_terminator {
            return last;
        }
    }
    let mut b = OpBuilder::new(ctx, ir);
    b.set_insertion_point_to_end(block);
    build(&mut b)
}

#[cfg(test)]
mod tests;

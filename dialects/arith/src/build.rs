//! Helpers that the code snippets in `ods/ArithOps.ods` and
//! `ods/ArithOpsInterfaces.ods` call.

use ir::{AttrKind, Attribute, Context, Ir, Type, TypeKind, Value};

use super::IntegerOverflowFlags;

use ods_runtime::interfaces::Speculatability;

/// Whether an `arith.constant` of type `ty` can hold `value`: the value
/// has that type, and is an integer, float or elements attribute.
pub fn constant_is_buildable_with(ctx: &Context, value: Attribute, ty: Type) -> bool {
    let typed = ods_runtime::pred::attr_type(ctx, value) == Some(ty);
    let kind_ok = matches!(
        ctx.attr_kind(value),
        AttrKind::Integer { .. } | AttrKind::Float { .. } | AttrKind::DenseElements { .. }
    );
    let signless = !matches!(
        ctx.type_kind(ty),
        TypeKind::Integer { signedness, .. } if *signedness != ir::Signedness::Signless
    );
    typed && kind_ok && signless
}

/// The shape of a vector type (what ops unroll over), `None` otherwise.
pub fn vector_shape(ctx: &Context, ty: Type) -> Option<Vec<i64>> {
    match ctx.type_kind(ty) {
        TypeKind::Vector { shape, .. } => Some(shape.to_vec()),
        _ => None,
    }
}

/// A division is speculatable when its divisor is a constant that cannot
/// trap: not zero, and for signed division not -1 either (the smallest
/// value divided by -1 overflows).
pub fn division_speculatability(
    ctx: &Context,
    ir: &Ir,
    divisor: Value,
    signed: bool,
) -> Speculatability {
    let constant = ir
        .defining_op(divisor)
        .filter(|&op| ctx.str(ir.op_name(op)) == "arith.constant")
        .and_then(|op| ods_runtime::op::inherent_attr(ctx, ir, op, "value"))
        .and_then(|v| ods_runtime::pred::integer_attr_value(ctx, v));
    match constant {
        Some(0) | None => Speculatability::NotSpeculatable,
        Some(-1) if signed => Speculatability::NotSpeculatable,
        Some(_) => Speculatability::Speculatable,
    }
}

/// The flags an `overflowFlags` attribute holds (none when absent).
pub fn overflow_flags_of(ctx: &Context, attr: Option<Attribute>) -> IntegerOverflowFlags {
    attr.map_or(IntegerOverflowFlags::NONE, |a| {
        super::IntegerOverflowFlagsAttr::value(ctx, a)
    })
}

pub use ods_runtime::pred::{i1_same_shape, is_i1_same_shape, I1SameShape};

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

/// The transform of the compare ops' `TypesMatchWith` trait (upstream's
/// `getI1SameShape($_self)`), with two meanings by context: the parser a
/// format generates has a `&mut Context` and a known lhs type, and gets
/// the result type built (`i1` with the lhs shape); the verifier has a
/// `&Context`, which cannot build types, and gets the lhs type back
/// unchanged for [`is_i1_same_shape`] to compare.
pub fn i1_same_shape<C: I1SameShape<T>, T>(ctx: C, lhs: T) -> C::Out {
    ctx.i1_same_shape(lhs)
}

/// See [`i1_same_shape`].
pub trait I1SameShape<T> {
    /// A type, or the lhs type for the comparator.
    type Out;
    /// The transform for this kind of context.
    fn i1_same_shape(self, lhs: T) -> Self::Out;
}

impl I1SameShape<Type> for &mut Context {
    type Out = Type;
    fn i1_same_shape(self, lhs: Type) -> Type {
        let i1 = self.int_type(1);
        ods_runtime::pred::clone_with_element(self, lhs, i1)
    }
}

impl I1SameShape<Option<Type>> for &Context {
    type Out = Option<Type>;
    fn i1_same_shape(self, lhs: Option<Type>) -> Option<Type> {
        lhs
    }
}

/// The comparison of the compare ops' `TypesMatchWith` trait: whether the
/// result type is the lhs type with `i1` elements (same shape, same kind
/// of container). Compares without building that type, since verifiers
/// cannot intern types.
pub fn is_i1_same_shape(ctx: &Context) -> impl Fn(&Option<Type>, &Option<Type>) -> bool + '_ {
    move |lhs, result| match (lhs, result) {
        (Some(l), Some(r)) => ods_runtime::pred::is_clone_with_element(ctx, *l, *r, |c, t| {
            ods_runtime::pred::is_signless_integer_of_width(c, t, 1)
        }),
        _ => false,
    }
}

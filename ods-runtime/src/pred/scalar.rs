//! Scalar type predicates (`AnyInteger`, `F32`, `Index`, ...).

use ir::{Context, Signedness, Type, TypeKind};

// Scalar predicates take `impl Into<Option<Type>>`, so they accept a
// `Type` or the `Option<Type>` of [`attr_type`] / [`elements_element_type`]
// (an attribute without a type satisfies none of them).

pub(super) fn kind(ctx: &Context, ty: impl Into<Option<Type>>) -> Option<&TypeKind> {
    ty.into().map(|t| ctx.type_kind(t))
}

pub(super) fn integer_parts(
    ctx: &Context,
    ty: impl Into<Option<Type>>,
) -> Option<(u32, Signedness)> {
    match kind(ctx, ty) {
        Some(TypeKind::Integer { width, signedness }) => Some((*width, *signedness)),
        _ => None,
    }
}

/// `AnySignlessInteger` (`I1`, `I32`, ... with [`is_signless_integer_of_width`]).
pub fn is_signless_integer(ctx: &Context, ty: impl Into<Option<Type>>) -> bool {
    integer_parts(ctx, ty).is_some_and(|(_, s)| s == Signedness::Signless)
}

/// `I<width>`: a signless integer of exactly `width` bits.
pub fn is_signless_integer_of_width(
    ctx: &Context,
    ty: impl Into<Option<Type>>,
    width: u32,
) -> bool {
    integer_parts(ctx, ty) == Some((width, Signedness::Signless))
}

/// `AnyInteger`: an integer of any signedness.
pub fn is_integer(ctx: &Context, ty: impl Into<Option<Type>>) -> bool {
    integer_parts(ctx, ty).is_some()
}

/// `AnyI<width>`: an integer of `width` bits, any signedness.
pub fn is_integer_of_width(ctx: &Context, ty: impl Into<Option<Type>>, width: u32) -> bool {
    integer_parts(ctx, ty).is_some_and(|(w, _)| w == width)
}

/// `AnySignedInteger`.
pub fn is_signed_integer(ctx: &Context, ty: impl Into<Option<Type>>) -> bool {
    integer_parts(ctx, ty).is_some_and(|(_, s)| s == Signedness::Signed)
}

/// `SI<width>`.
pub fn is_signed_integer_of_width(ctx: &Context, ty: impl Into<Option<Type>>, width: u32) -> bool {
    integer_parts(ctx, ty) == Some((width, Signedness::Signed))
}

/// `AnyUnsignedInteger`.
pub fn is_unsigned_integer(ctx: &Context, ty: impl Into<Option<Type>>) -> bool {
    integer_parts(ctx, ty).is_some_and(|(_, s)| s == Signedness::Unsigned)
}

/// `UI<width>`.
pub fn is_unsigned_integer_of_width(
    ctx: &Context,
    ty: impl Into<Option<Type>>,
    width: u32,
) -> bool {
    integer_parts(ctx, ty) == Some((width, Signedness::Unsigned))
}

/// `Index`.
pub fn is_index(ctx: &Context, ty: impl Into<Option<Type>>) -> bool {
    matches!(kind(ctx, ty), Some(TypeKind::Index))
}

/// `AnySignlessIntegerOrIndex`.
pub fn is_signless_integer_or_index(ctx: &Context, ty: impl Into<Option<Type>>) -> bool {
    let ty = ty.into();
    is_signless_integer(ctx, ty) || is_index(ctx, ty)
}

/// `AnyFloat`: any builtin floating-point type.
pub fn is_float(ctx: &Context, ty: impl Into<Option<Type>>) -> bool {
    matches!(kind(ctx, ty), Some(TypeKind::Float(_)))
}

/// `F<width>` (`F16`, `F32`, `F64`, `F80`, `F128`): the IEEE float of that
/// width (so `bf16` is not `F16`, as upstream's `isF16()` says).
pub fn is_float_of_width(ctx: &Context, ty: impl Into<Option<Type>>, width: u32) -> bool {
    let keyword = match width {
        16 => "f16",
        32 => "f32",
        64 => "f64",
        80 => "f80",
        128 => "f128",
        _ => return false,
    };
    is_float_kind(ctx, ty, keyword)
}

/// One float type exactly, by its keyword (`"bf16"`, `"f8E4M3FN"`, ...).
pub fn is_float_kind(ctx: &Context, ty: impl Into<Option<Type>>, keyword: &str) -> bool {
    matches!(kind(ctx, ty), Some(TypeKind::Float(k)) if k.keyword() == keyword)
}

/// `NoneType`.
pub fn is_none_type(ctx: &Context, ty: impl Into<Option<Type>>) -> bool {
    matches!(kind(ctx, ty), Some(TypeKind::None))
}

/// `AnyComplex`.
pub fn is_complex(ctx: &Context, ty: impl Into<Option<Type>>) -> bool {
    matches!(kind(ctx, ty), Some(TypeKind::Complex(_)))
}

/// The element type of a complex type (`f32` of `complex<f32>`); `None`
/// for other types. What `Complex<T>` checks `T` against.
pub fn complex_element_type(ctx: &Context, ty: impl Into<Option<Type>>) -> Option<Type> {
    match kind(ctx, ty) {
        Some(TypeKind::Complex(element)) => Some(*element),
        _ => None,
    }
}

/// `FunctionType`.
pub fn is_function_type(ctx: &Context, ty: impl Into<Option<Type>>) -> bool {
    matches!(kind(ctx, ty), Some(TypeKind::Function { .. }))
}

/// `GraphType`: MLIR's graph type is its function type under another name.
pub fn is_graph_type(ctx: &Context, ty: impl Into<Option<Type>>) -> bool {
    is_function_type(ctx, ty)
}

/// `AnyTuple`.
pub fn is_tuple(ctx: &Context, ty: impl Into<Option<Type>>) -> bool {
    matches!(kind(ctx, ty), Some(TypeKind::Tuple(_)))
}

/// `OpaqueType<dialect, name>`: the type of unregistered dialect
/// `dialect` whose symbol is `name` (`!dialect.name`), as MLIR's
/// `isOpaqueTypeWithName` compares it.
pub fn is_opaque_type(
    ctx: &Context,
    ty: impl Into<Option<Type>>,
    dialect: &str,
    name: &str,
) -> bool {
    matches!(
        kind(ctx, ty),
        Some(TypeKind::Opaque { dialect: d, data }) if ctx.str(*d) == dialect
            && data[..] == *name.as_bytes()
    )
}

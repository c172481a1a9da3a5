//! Shaped type predicates (`AnyTensor`, `MemRefOf<...>`, the `...-like` constraints).

use super::*;
use ir::types::DYNAMIC;
use ir::{Context, Type, TypeKind};

// Like the scalar ones, these take `impl Into<Option<Type>>`: the library's
// predicates also see the `Option<Type>` of [`element_type`],
// [`type_attr_value`] or [`type_of`], and nothing satisfies them on `None`.

pub(super) fn shape(ctx: &Context, ty: impl Into<Option<Type>>) -> Option<&[i64]> {
    ty.into().and_then(|t| ctx.shape(t))
}

/// `AnyVectorOfAnyRank`.
pub fn is_vector(ctx: &Context, ty: impl Into<Option<Type>>) -> bool {
    matches!(kind(ctx, ty), Some(TypeKind::Vector { .. }))
}

/// `AnyRankedTensor`.
pub fn is_ranked_tensor(ctx: &Context, ty: impl Into<Option<Type>>) -> bool {
    matches!(kind(ctx, ty), Some(TypeKind::RankedTensor { .. }))
}

/// `AnyTensor`: ranked or unranked.
pub fn is_tensor(ctx: &Context, ty: impl Into<Option<Type>>) -> bool {
    matches!(
        kind(ctx, ty),
        Some(TypeKind::RankedTensor { .. } | TypeKind::UnrankedTensor { .. })
    )
}

/// `AnyMemRef`: ranked or unranked.
pub fn is_memref(ctx: &Context, ty: impl Into<Option<Type>>) -> bool {
    matches!(
        kind(ctx, ty),
        Some(TypeKind::MemRef { .. } | TypeKind::UnrankedMemRef { .. })
    )
}

/// `AnyShaped`: vector, tensor or memref.
pub fn is_shaped(ctx: &Context, ty: impl Into<Option<Type>>) -> bool {
    let ty = ty.into();
    is_vector(ctx, ty) || is_tensor(ctx, ty) || is_memref(ctx, ty)
}

/// The element type of a shaped or complex type, else the type itself
/// (MLIR's `getElementTypeOrSelf`).
pub fn element_type_or_self(ctx: &Context, ty: Type) -> Type {
    ctx.element_type(ty).unwrap_or(ty)
}

/// The rank of a ranked shaped type.
pub fn rank(ctx: &Context, ty: impl Into<Option<Type>>) -> Option<usize> {
    shape(ctx, ty).map(<[i64]>::len)
}

/// `HasAnyRankOfPred<ranks>` / `TensorRankOf`: ranked with one of `ranks`.
pub fn has_rank_in(ctx: &Context, ty: impl Into<Option<Type>>, ranks: &[usize]) -> bool {
    rank(ctx, ty).is_some_and(|r| ranks.contains(&r))
}

/// `HasStaticShapePred`: ranked with no dynamic dimension.
pub fn has_static_shape(ctx: &Context, ty: impl Into<Option<Type>>) -> bool {
    shape(ctx, ty).is_some_and(|s| !s.contains(&DYNAMIC))
}

/// `VectorOfAnyRankOf<[...]>`: a vector whose elements satisfy `elem`.
pub fn is_vector_of(
    ctx: &Context,
    ty: impl Into<Option<Type>>,
    elem: impl Fn(&Context, Type) -> bool,
) -> bool {
    let ty = ty.into();
    is_vector(ctx, ty) && element_matches(ctx, ty, elem)
}

/// `TensorOf<[...]>`: a ranked or unranked tensor of `elem`.
pub fn is_tensor_of(
    ctx: &Context,
    ty: impl Into<Option<Type>>,
    elem: impl Fn(&Context, Type) -> bool,
) -> bool {
    let ty = ty.into();
    is_tensor(ctx, ty) && element_matches(ctx, ty, elem)
}

/// `RankedTensorOf<[...]>`.
pub fn is_ranked_tensor_of(
    ctx: &Context,
    ty: impl Into<Option<Type>>,
    elem: impl Fn(&Context, Type) -> bool,
) -> bool {
    let ty = ty.into();
    is_ranked_tensor(ctx, ty) && element_matches(ctx, ty, elem)
}

/// `MemRefOf<[...]>`: a ranked or unranked memref of `elem`.
pub fn is_memref_of(
    ctx: &Context,
    ty: impl Into<Option<Type>>,
    elem: impl Fn(&Context, Type) -> bool,
) -> bool {
    let ty = ty.into();
    is_memref(ctx, ty) && element_matches(ctx, ty, elem)
}

/// `ValueSemanticsContainerOf<[...]>`: a vector or tensor of `elem`.
pub fn is_value_semantics_container_of(
    ctx: &Context,
    ty: impl Into<Option<Type>>,
    elem: impl Fn(&Context, Type) -> bool,
) -> bool {
    let ty = ty.into();
    (is_vector(ctx, ty) || is_tensor(ctx, ty)) && element_matches(ctx, ty, elem)
}

/// `TypeOrValueSemanticsContainer<T>` (the `...-like` constraints): `ty`
/// satisfies `pred`, or is a vector or tensor of such.
pub fn is_like(
    ctx: &Context,
    ty: impl Into<Option<Type>>,
    pred: impl Fn(&Context, Type) -> bool,
) -> bool {
    ty.into()
        .is_some_and(|t| pred(ctx, t) || is_value_semantics_container_of(ctx, t, pred))
}

/// `SignlessIntegerLike` (summary `signless-integer-like`).
pub fn is_signless_integer_like(ctx: &Context, ty: impl Into<Option<Type>>) -> bool {
    is_like(ctx, ty, is_signless_integer)
}

/// `SignlessIntegerOrIndexLike` (upstream's summary is also
/// `signless-integer-like`; `arith.addi` uses it).
pub fn is_signless_integer_or_index_like(ctx: &Context, ty: impl Into<Option<Type>>) -> bool {
    is_like(ctx, ty, is_signless_integer_or_index)
}

/// `FloatLike` (summary `floating-point-like`).
pub fn is_float_like(ctx: &Context, ty: impl Into<Option<Type>>) -> bool {
    is_like(ctx, ty, is_float)
}

/// `BoolLike` (summary `bool-like`): `i1` or a container of `i1`.
pub fn is_bool_like(ctx: &Context, ty: impl Into<Option<Type>>) -> bool {
    is_like(ctx, ty, |c, t| is_signless_integer_of_width(c, t, 1))
}

/// Whether `other` is `ty` with its element type replaced by one that
/// satisfies `elem` (the same kind of shaped type, shape, scalability and
/// encoding), or satisfies `elem` itself when `ty` is not shaped: the check behind `TypesMatchWith`
/// constraints such as arith's "result type has i1 element type and same
/// shape as operands", done without creating types.
pub fn is_clone_with_element(
    ctx: &Context,
    ty: Type,
    other: Type,
    elem: impl Fn(&Context, Type) -> bool,
) -> bool {
    match (ctx.type_kind(ty), ctx.type_kind(other)) {
        (
            TypeKind::Vector {
                shape, scalable, ..
            },
            TypeKind::Vector {
                shape: s2,
                scalable: sc2,
                element,
            },
        ) => shape == s2 && scalable == sc2 && elem(ctx, *element),
        (
            TypeKind::RankedTensor {
                shape, encoding, ..
            },
            TypeKind::RankedTensor {
                shape: s2,
                encoding: e2,
                element,
            },
        ) => shape == s2 && encoding == e2 && elem(ctx, *element),
        (TypeKind::UnrankedTensor { .. }, TypeKind::UnrankedTensor { element }) => {
            elem(ctx, *element)
        }
        (
            TypeKind::MemRef {
                shape,
                layout,
                memory_space,
                ..
            },
            TypeKind::MemRef {
                shape: s2,
                layout: l2,
                memory_space: m2,
                element,
            },
        ) => shape == s2 && layout == l2 && memory_space == m2 && elem(ctx, *element),
        (
            TypeKind::UnrankedMemRef { memory_space, .. },
            TypeKind::UnrankedMemRef {
                memory_space: m2,
                element,
            },
        ) => memory_space == m2 && elem(ctx, *element),
        _ => !is_shaped(ctx, ty) && elem(ctx, other),
    }
}

/// `ty` with its element type replaced by `elem` (`ShapedType::cloneWith`),
/// or `elem` when `ty` is not shaped: what builders of ops with
/// `TypesMatchWith` results call.
pub fn clone_with_element(ctx: &mut Context, ty: Type, elem: Type) -> Type {
    let kind = match ctx.type_kind(ty).clone() {
        TypeKind::Vector {
            shape, scalable, ..
        } => TypeKind::Vector {
            shape,
            scalable,
            element: elem,
        },
        TypeKind::RankedTensor {
            shape, encoding, ..
        } => TypeKind::RankedTensor {
            shape,
            element: elem,
            encoding,
        },
        TypeKind::UnrankedTensor { .. } => TypeKind::UnrankedTensor { element: elem },
        TypeKind::MemRef {
            shape,
            layout,
            memory_space,
            ..
        } => TypeKind::MemRef {
            shape,
            element: elem,
            layout,
            memory_space,
        },
        TypeKind::UnrankedMemRef { memory_space, .. } => TypeKind::UnrankedMemRef {
            element: elem,
            memory_space,
        },
        _ => return elem,
    };
    ctx.intern_type(kind)
}

pub(super) fn element_matches(
    ctx: &Context,
    ty: Option<Type>,
    elem: impl Fn(&Context, Type) -> bool,
) -> bool {
    ty.and_then(|t| ctx.element_type(t))
        .is_some_and(|e| elem(ctx, e))
}

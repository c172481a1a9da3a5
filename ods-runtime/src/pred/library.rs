//! More helpers the `.ods` standard library calls.

use super::*;
use ir::types::DYNAMIC;
use ir::{AttrKind, Attribute, Context, Type, TypeKind};

/// The element type of a shaped or complex type, else the type itself
/// (the library's `SubstLeaves` target for element constraints; `None`
/// stays `None`).
pub fn element_type(ctx: &Context, ty: impl Into<Option<Type>>) -> Option<Type> {
    ty.into().map(|t| element_type_or_self(ctx, t))
}

/// A ranked shaped type.
pub fn has_rank(ctx: &Context, ty: impl Into<Option<Type>>) -> bool {
    shape(ctx, ty).is_some()
}

/// `HasValueSemantics`: builtin vectors and tensors.
pub fn has_value_semantics(ctx: &Context, ty: impl Into<Option<Type>>) -> bool {
    let ty = ty.into();
    is_vector(ctx, ty) || is_tensor(ctx, ty)
}

/// Ranked with a rank in `ranks`.
pub fn rank_is_one_of(ctx: &Context, ty: impl Into<Option<Type>>, ranks: &[usize]) -> bool {
    has_rank_in(ctx, ty, ranks)
}

/// Ranked with rank at least `n`.
pub fn rank_at_least(ctx: &Context, ty: impl Into<Option<Type>>, n: usize) -> bool {
    rank(ctx, ty).is_some_and(|r| r >= n)
}

/// Statically shaped with an element count in `counts`.
pub fn num_elements_is_one_of(ctx: &Context, ty: impl Into<Option<Type>>, counts: &[i64]) -> bool {
    shape(ctx, ty)
        .is_some_and(|s| !s.contains(&DYNAMIC) && counts.contains(&s.iter().product::<i64>()))
}

/// Statically shaped with at least `n` elements.
pub fn num_elements_at_least(ctx: &Context, ty: impl Into<Option<Type>>, n: i64) -> bool {
    shape(ctx, ty).is_some_and(|s| !s.contains(&DYNAMIC) && s.iter().product::<i64>() >= n)
}

/// Statically shaped with at most `n` elements.
pub fn num_elements_at_most(ctx: &Context, ty: impl Into<Option<Type>>, n: i64) -> bool {
    shape(ctx, ty).is_some_and(|s| !s.contains(&DYNAMIC) && s.iter().product::<i64>() <= n)
}

/// Ranked, and dimension `n` (counted from the back when negative) has one
/// of `sizes`; false when the rank has no such dimension.
pub fn nth_dim_size_is_one_of(
    ctx: &Context,
    ty: impl Into<Option<Type>>,
    n: i64,
    sizes: &[i64],
) -> bool {
    shape(ctx, ty).is_some_and(|s| {
        let index = if n < 0 {
            s.len().checked_sub(n.unsigned_abs() as usize)
        } else {
            Some(n as usize).filter(|&i| i < s.len())
        };
        index.is_some_and(|i| sizes.contains(&s[i]))
    })
}

/// A vector of exactly this shape.
pub fn vector_shape_is(ctx: &Context, ty: impl Into<Option<Type>>, expected: &[i64]) -> bool {
    matches!(kind(ctx, ty), Some(TypeKind::Vector { shape, .. }) if shape[..] == *expected)
}

/// `AnyUnrankedTensor`.
pub fn is_unranked_tensor(ctx: &Context, ty: impl Into<Option<Type>>) -> bool {
    matches!(kind(ctx, ty), Some(TypeKind::UnrankedTensor { .. }))
}

/// `AnyUnrankedMemRef`.
pub fn is_unranked_memref(ctx: &Context, ty: impl Into<Option<Type>>) -> bool {
    matches!(kind(ctx, ty), Some(TypeKind::UnrankedMemRef { .. }))
}

/// `AnyRankedOrUnrankedMemRef` (MLIR's `BaseMemRefType`).
pub fn is_base_memref(ctx: &Context, ty: impl Into<Option<Type>>) -> bool {
    is_memref(ctx, ty)
}

/// A ranked memref with a strided layout (MLIR's `isStrided`: the
/// identity, `strided<...>`, or an affine map of strided form; the rule is
/// [`crate::strided_layout`]'s).
pub fn has_strided_layout(ctx: &Context, ty: impl Into<Option<Type>>) -> bool {
    ty.into()
        .is_some_and(|t| crate::strided_layout::is_strided(ctx, t))
}

pub(super) fn vector_scalable(ctx: &Context, ty: impl Into<Option<Type>>) -> Option<&[bool]> {
    match kind(ctx, ty) {
        Some(TypeKind::Vector { scalable, .. }) => Some(scalable),
        _ => None,
    }
}

/// `AnyVectorOfNonZeroRank`.
pub fn is_vector_of_non_zero_rank(ctx: &Context, ty: impl Into<Option<Type>>) -> bool {
    // Not `scalable`'s length: it is empty for a fixed vector of any rank.
    matches!(kind(ctx, ty), Some(TypeKind::Vector { shape, .. }) if !shape.is_empty())
}

/// A vector with no scalable dimension.
pub fn is_fixed_vector(ctx: &Context, ty: impl Into<Option<Type>>) -> bool {
    vector_scalable(ctx, ty).is_some_and(|s| !s.contains(&true))
}

/// A fixed vector of rank at least one.
pub fn is_fixed_vector_of_non_zero_rank(ctx: &Context, ty: impl Into<Option<Type>>) -> bool {
    let ty = ty.into();
    is_fixed_vector(ctx, ty) && is_vector_of_non_zero_rank(ctx, ty)
}

/// A vector with at least one scalable dimension.
pub fn is_scalable_vector(ctx: &Context, ty: impl Into<Option<Type>>) -> bool {
    vector_scalable(ctx, ty).is_some_and(|s| s.contains(&true))
}

/// A vector whose only scalable dimension is the last one.
pub fn is_vector_with_only_trailing_dim_scalable(
    ctx: &Context,
    ty: impl Into<Option<Type>>,
) -> bool {
    vector_scalable(ctx, ty).is_some_and(|s| match s.split_last() {
        Some((last, rest)) => *last && !rest.contains(&true),
        None => false,
    })
}

/// A vector of rank at least one whose dimensions are all scalable.
pub fn is_vector_with_all_dims_scalable(ctx: &Context, ty: impl Into<Option<Type>>) -> bool {
    vector_scalable(ctx, ty).is_some_and(|s| !s.is_empty() && s.iter().all(|&d| d))
}

/// The element types of a tuple type, in order (the `TupleOf` check runs
/// its element constraint over them); none for another type.
pub fn tuple_element_types(
    ctx: &Context,
    ty: impl Into<Option<Type>>,
) -> impl Iterator<Item = Type> + '_ {
    let elements: &[Type] = match kind(ctx, ty) {
        Some(TypeKind::Tuple(es)) => es,
        _ => &[],
    };
    elements.iter().copied()
}

/// The element types of a tuple type with nested tuples replaced by their
/// own elements, depth first (MLIR's `TupleType::getFlattenedTypes`, what
/// `NestedTupleOf` checks); none for another type.
pub fn flattened_tuple_types(ctx: &Context, ty: impl Into<Option<Type>>) -> Vec<Type> {
    fn flatten(ctx: &Context, elements: &[Type], out: &mut Vec<Type>) {
        for &e in elements {
            match ctx.type_kind(e) {
                TypeKind::Tuple(inner) => flatten(ctx, inner, out),
                _ => out.push(e),
            }
        }
    }
    let mut out = Vec::new();
    if let Some(TypeKind::Tuple(es)) = kind(ctx, ty) {
        flatten(ctx, es, &mut out);
    }
    out
}

/// The type a `TypeAttr` holds.
pub fn type_attr_value(ctx: &Context, attr: Attribute) -> Option<Type> {
    match ctx.attr_kind(attr) {
        AttrKind::Type(t) => Some(*t),
        _ => None,
    }
}

/// The elements of an array attribute (empty for anything else).
pub fn array_elements(ctx: &Context, attr: Attribute) -> &[Attribute] {
    match ctx.attr_kind(attr) {
        AttrKind::Array(es) => es,
        _ => &[],
    }
}

/// The number of elements of an array attribute.
pub fn array_len(ctx: &Context, attr: Attribute) -> usize {
    array_elements(ctx, attr).len()
}

/// Element `i` of an array attribute of integers.
pub fn int_array_elem(ctx: &Context, attr: Attribute, i: usize) -> Option<i64> {
    array_elements(ctx, attr)
        .get(i)
        .and_then(|&e| integer_attr_value(ctx, e))
}

/// The element type of an elements attribute.
pub fn elements_element_type(ctx: &Context, attr: Attribute) -> Option<Type> {
    attr_type(ctx, attr)
        .filter(|_| is_elements_attr(ctx, attr))
        .and_then(|t| ctx.element_type(t))
}

/// An elements attribute whose type has shape `shape`.
pub fn elements_shape_is(ctx: &Context, attr: Attribute, shape: &[i64]) -> bool {
    is_elements_attr(ctx, attr) && attr_type(ctx, attr).and_then(|t| ctx.shape(t)) == Some(shape)
}

/// `AnyIntElementsAttr`: dense elements of integer or index type.
pub fn is_dense_int_elements_attr(ctx: &Context, attr: Attribute) -> bool {
    is_dense_elements_attr_of(ctx, attr, |c, t| is_integer(c, t) || is_index(c, t))
}

/// `F<n>ElementsAttr`: dense elements of the IEEE float of `width` bits.
pub fn is_dense_float_elements_of_width(ctx: &Context, attr: Attribute, width: u32) -> bool {
    is_dense_elements_attr_of(ctx, attr, |c, t| is_float_of_width(c, t, width))
}

/// `DenseStringElementsAttr`.
pub fn is_dense_string_elements_attr(ctx: &Context, attr: Attribute) -> bool {
    matches!(ctx.attr_kind(attr), AttrKind::DenseStrings { .. })
}

/// `array<T: ...>` whose element type is spelled `elem` (`"i32"`, `"f64"`).
pub fn is_dense_array_attr(ctx: &Context, attr: Attribute, elem: &str) -> bool {
    match ctx.attr_kind(attr) {
        AttrKind::DenseArray { elem: t, .. } => ir::printer::print_type_str(ctx, *t) == elem,
        _ => false,
    }
}

/// The integer elements of a dense array (`i1` as 0/1), when it has them.
pub(super) fn dense_array_ints(ctx: &Context, attr: Attribute) -> Option<Vec<i64>> {
    let AttrKind::DenseArray { elem, data } = ctx.attr_kind(attr) else {
        return None;
    };
    let width = match ctx.type_kind(*elem) {
        TypeKind::Integer { width, .. } => *width,
        _ => return None,
    };
    let bytes = (width as usize).div_ceil(8);
    if bytes == 0 || bytes > 8 {
        return None;
    }
    Some(
        data.chunks_exact(bytes)
            .map(|c| {
                let mut buf = [0u8; 8];
                buf[..bytes].copy_from_slice(c);
                // Sign-extend from the element's width.
                let shift = 64 - (bytes as u32 * 8);
                (i64::from_le_bytes(buf) << shift) >> shift
            })
            .collect(),
    )
}

/// The number of elements of a dense array.
pub fn dense_array_len(ctx: &Context, attr: Attribute) -> usize {
    match ctx.attr_kind(attr) {
        AttrKind::DenseArray { elem, data } => {
            let bits = ctx.int_or_float_width(*elem).unwrap_or(8) as usize;
            data.len() / bits.div_ceil(8).max(1)
        }
        _ => 0,
    }
}

/// Every integer element of a dense array satisfies `f`.
pub fn dense_array_all(ctx: &Context, attr: Attribute, f: impl Fn(i64) -> bool) -> bool {
    dense_array_ints(ctx, attr).is_some_and(|vs| vs.into_iter().all(f))
}

/// The integer elements are sorted (strictly when `strict`).
pub fn dense_array_sorted(ctx: &Context, attr: Attribute, strict: bool) -> bool {
    dense_array_ints(ctx, attr).is_some_and(|vs| {
        vs.windows(2)
            .all(|w| if strict { w[0] < w[1] } else { w[0] <= w[1] })
    })
}

/// `AffineMapAttr`.
pub fn is_affine_map_attr(ctx: &Context, attr: Attribute) -> bool {
    matches!(ctx.attr_kind(attr), AttrKind::AffineMap(_))
}

/// `IntegerSetAttr`.
pub fn is_integer_set_attr(ctx: &Context, attr: Attribute) -> bool {
    matches!(ctx.attr_kind(attr), AttrKind::IntegerSet(_))
}

/// `LocationAttr`.
pub fn is_location_attr(ctx: &Context, attr: Attribute) -> bool {
    ctx.attr_is_location(attr)
}

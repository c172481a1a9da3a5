//! The type and attribute predicates of upstream's
//! `CommonTypeConstraints.td` and `CommonAttrConstraints.td`, as functions.
//!
//! In: a [`Type`] or [`Attribute`] and the [`Context`] that owns it. Out:
//! whether it satisfies the constraint. Generated `verify_invariants` code
//! calls these and, on `false`, the message builders of [`crate::errors`]
//! with the constraint's summary (`"signless-integer-like"`, `"64-bit
//! signless integer attribute"`, ...).
//!
//! ```
//! use ods_runtime::pred::*;
//! let mut ctx = ods_runtime::ir::Context::new();
//! let i32t = ctx.int_type(32);
//! let v = ctx.vector_type(&[4], &[false], i32t);
//! assert!(is_signless_integer_like(&ctx, v));
//! assert!(!is_signless_integer(&ctx, v));
//! ```

use ir::types::DYNAMIC;
#[cfg(test)]
use ir::FloatKind;
use ir::{AttrKind, Attribute, Context, Signedness, Type, TypeKind};

// ---- Scalar types ----
//
// Scalar predicates take `impl Into<Option<Type>>`, so they accept a
// `Type` or the `Option<Type>` of [`attr_type`] / [`elements_element_type`]
// (an attribute without a type satisfies none of them).

fn kind(ctx: &Context, ty: impl Into<Option<Type>>) -> Option<&TypeKind> {
    ty.into().map(|t| ctx.type_kind(t))
}

fn integer_parts(ctx: &Context, ty: impl Into<Option<Type>>) -> Option<(u32, Signedness)> {
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

// ---- Shaped types ----
//
// Like the scalar ones, these take `impl Into<Option<Type>>`: the library's
// predicates also see the `Option<Type>` of [`element_type`],
// [`type_attr_value`] or [`type_of`], and nothing satisfies them on `None`.

fn shape(ctx: &Context, ty: impl Into<Option<Type>>) -> Option<&[i64]> {
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

fn element_matches(ctx: &Context, ty: Option<Type>, elem: impl Fn(&Context, Type) -> bool) -> bool {
    ty.and_then(|t| ctx.element_type(t))
        .is_some_and(|e| elem(ctx, e))
}

// ---- Attributes ----

/// `AnyIntegerAttr` (`IntegerAttr` of any integer or index type).
pub fn is_integer_attr(ctx: &Context, attr: Attribute) -> bool {
    matches!(ctx.attr_kind(attr), AttrKind::Integer { .. })
}

/// `I<n>Attr` / `SignlessIntegerAttrBase`: an integer attribute whose type
/// is the `width`-bit signless integer (`I64Attr` has summary `64-bit
/// signless integer attribute`).
pub fn is_signless_integer_attr_of_width(ctx: &Context, attr: Attribute, width: u32) -> bool {
    integer_attr_type(ctx, attr).is_some_and(|t| is_signless_integer_of_width(ctx, t, width))
}

/// `SI<n>Attr` / `UI<n>Attr`: a signed or unsigned integer attribute.
pub fn is_integer_attr_of(
    ctx: &Context,
    attr: Attribute,
    ty: impl Fn(&Context, Type) -> bool,
) -> bool {
    integer_attr_type(ctx, attr).is_some_and(|t| ty(ctx, t))
}

/// `IndexAttr`.
pub fn is_index_attr(ctx: &Context, attr: Attribute) -> bool {
    integer_attr_type(ctx, attr).is_some_and(|t| is_index(ctx, t))
}

/// `BoolAttr`: an `i1` integer attribute.
pub fn is_bool_attr(ctx: &Context, attr: Attribute) -> bool {
    is_signless_integer_attr_of_width(ctx, attr, 1)
}

/// The value of an integer attribute, when it fits an `i64`.
pub fn integer_attr_value(ctx: &Context, attr: Attribute) -> Option<i64> {
    match ctx.attr_kind(attr) {
        AttrKind::Integer { value, .. } => value.as_i64(),
        _ => None,
    }
}

/// The value of an integer attribute as the library's predicates compare
/// it (`IntMinValue<n>`, ...): 0 for anything else, which those predicates
/// only see after an integer-attribute check.
pub fn int_attr_value(ctx: &Context, attr: Attribute) -> i64 {
    integer_attr_value(ctx, attr).unwrap_or(0)
}

/// `IntPowerOf2`: a positive power of two.
pub fn int_attr_is_power_of_two(ctx: &Context, attr: Attribute) -> bool {
    integer_attr_value(ctx, attr).is_some_and(|v| v > 0 && (v & (v - 1)) == 0)
}

fn integer_attr_type(ctx: &Context, attr: Attribute) -> Option<Type> {
    match ctx.attr_kind(attr) {
        AttrKind::Integer { ty, .. } => Some(*ty),
        _ => None,
    }
}

/// `AnyAttr` of the float kind: any `FloatAttr`.
pub fn is_float_attr(ctx: &Context, attr: Attribute) -> bool {
    matches!(ctx.attr_kind(attr), AttrKind::Float { .. })
}

/// `F32Attr`, `F64Attr`, ...: a float attribute of that IEEE width.
pub fn is_float_attr_of_width(ctx: &Context, attr: Attribute, width: u32) -> bool {
    matches!(ctx.attr_kind(attr), AttrKind::Float { ty, .. } if is_float_of_width(ctx, *ty, width))
}

/// `StrAttr`: a string attribute.
pub fn is_string_attr(ctx: &Context, attr: Attribute) -> bool {
    matches!(ctx.attr_kind(attr), AttrKind::String { .. })
}

/// `TypeAttr`, or `TypeAttrOf<T>` with `ty` the type constraint.
pub fn is_type_attr_of(
    ctx: &Context,
    attr: Attribute,
    ty: impl Fn(&Context, Type) -> bool,
) -> bool {
    matches!(ctx.attr_kind(attr), AttrKind::Type(t) if ty(ctx, *t))
}

/// `TypeAttr`: any type attribute.
pub fn is_type_attr(ctx: &Context, attr: Attribute) -> bool {
    is_type_attr_of(ctx, attr, |_, _| true)
}

/// `ArrayAttr`.
pub fn is_array_attr(ctx: &Context, attr: Attribute) -> bool {
    matches!(ctx.attr_kind(attr), AttrKind::Array(_))
}

/// `TypedArrayAttrBase<elem>` (`I64ArrayAttr`, `StrArrayAttr`, ...): an
/// array whose every element satisfies `elem`.
pub fn is_array_attr_of(
    ctx: &Context,
    attr: Attribute,
    elem: impl Fn(&Context, Attribute) -> bool,
) -> bool {
    matches!(ctx.attr_kind(attr), AttrKind::Array(es) if es.iter().all(|&e| elem(ctx, e)))
}

/// `DenseArrayAttrBase` (`DenseI32ArrayAttr`, `DenseBoolArrayAttr`, ...):
/// `array<T: ...>` whose element type satisfies `elem`.
pub fn is_dense_array_attr_of(
    ctx: &Context,
    attr: Attribute,
    elem: impl Fn(&Context, Type) -> bool,
) -> bool {
    matches!(ctx.attr_kind(attr), AttrKind::DenseArray { elem: t, .. } if elem(ctx, *t))
}

/// `DenseI32ArrayAttr`'s elements, when `attr` is one.
pub fn dense_i32_array(ctx: &Context, attr: Attribute) -> Option<Vec<i32>> {
    match ctx.attr_kind(attr) {
        AttrKind::DenseArray { elem, data } if is_signless_integer_of_width(ctx, *elem, 32) => {
            Some(
                data.chunks_exact(4)
                    .map(|c| i32::from_le_bytes([c[0], c[1], c[2], c[3]]))
                    .collect(),
            )
        }
        _ => None,
    }
}

/// `array<i32: values...>` (a `DenseI32ArrayAttr`).
pub fn dense_i32_array_attr(ctx: &mut Context, values: &[i32]) -> Attribute {
    let elem = ctx.int_type(32);
    let data: Vec<u8> = values.iter().flat_map(|v| v.to_le_bytes()).collect();
    ctx.intern_attr(AttrKind::DenseArray {
        elem,
        data: data.into(),
    })
}

/// `SymbolRefAttr`: `@a` or `@a::@b`.
pub fn is_symbol_ref_attr(ctx: &Context, attr: Attribute) -> bool {
    matches!(ctx.attr_kind(attr), AttrKind::SymbolRef { .. })
}

/// `FlatSymbolRefAttr`: `@a` with no nested references.
pub fn is_flat_symbol_ref_attr(ctx: &Context, attr: Attribute) -> bool {
    matches!(ctx.attr_kind(attr), AttrKind::SymbolRef { nested, .. } if nested.is_empty())
}

/// `UnitAttr`.
pub fn is_unit_attr(ctx: &Context, attr: Attribute) -> bool {
    matches!(ctx.attr_kind(attr), AttrKind::Unit)
}

/// `DictionaryAttr`.
pub fn is_dictionary_attr(ctx: &Context, attr: Attribute) -> bool {
    matches!(ctx.attr_kind(attr), AttrKind::Dictionary(_))
}

/// `ElementsAttr`: dense, dense string, dense resource or sparse elements.
pub fn is_elements_attr(ctx: &Context, attr: Attribute) -> bool {
    matches!(
        ctx.attr_kind(attr),
        AttrKind::DenseElements { .. }
            | AttrKind::DenseStrings { .. }
            | AttrKind::DenseResource { .. }
            | AttrKind::Sparse { .. }
    )
}

/// `DenseElementsAttr`: dense elements of numbers or of strings (the
/// storage class of `StringElementsAttr` and `F<n>ElementsAttr`).
pub fn is_dense_elements_attr(ctx: &Context, attr: Attribute) -> bool {
    matches!(
        ctx.attr_kind(attr),
        AttrKind::DenseElements { .. } | AttrKind::DenseStrings { .. }
    )
}

/// `AnyIntElementsAttr` / `I<n>ElementsAttr`: dense elements whose element
/// type satisfies `elem`.
pub fn is_dense_elements_attr_of(
    ctx: &Context,
    attr: Attribute,
    elem: impl Fn(&Context, Type) -> bool,
) -> bool {
    matches!(ctx.attr_kind(attr), AttrKind::DenseElements { ty, .. } if element_matches(ctx, Some(*ty), elem))
}

/// The type an attribute carries (`TypedAttrInterface`), used by traits
/// like `AllTypesMatch<["value", "result"]>`.
pub fn attr_type(ctx: &Context, attr: Attribute) -> Option<Type> {
    match ctx.attr_kind(attr) {
        AttrKind::Integer { ty, .. }
        | AttrKind::Float { ty, .. }
        | AttrKind::DenseElements { ty, .. }
        | AttrKind::DenseStrings { ty, .. }
        | AttrKind::DenseResource { ty, .. }
        | AttrKind::Sparse { ty, .. } => Some(*ty),
        AttrKind::String { ty, .. } | AttrKind::Opaque { ty, .. } => *ty,
        _ => None,
    }
}

// ---- More helpers the `.ods` standard library calls ----

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

fn vector_scalable(ctx: &Context, ty: impl Into<Option<Type>>) -> Option<&[bool]> {
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
fn dense_array_ints(ctx: &Context, attr: Attribute) -> Option<Vec<i64>> {
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

// ----------------------------------------------------------------- regions

/// `SizedRegion<n>`: `region` has exactly `n` blocks.
pub fn region_has_blocks(ir: &ir::Ir, region: ir::RegionId, n: usize) -> bool {
    region_num_blocks(ir, region) == n
}

/// The number of blocks of `region` (`MinSizedRegion`, ...).
pub fn region_num_blocks(ir: &ir::Ir, region: ir::RegionId) -> usize {
    ir.region_blocks(region).count()
}

// --------------------------------------------------------------- op traits

/// What `$name` stands for in an op-trait predicate: the type of a named
/// operand or result (`Type`, or `Option<Type>` when it may be absent), the
/// types of a variadic group ([`ValueTypes`]), or a named attribute itself
/// (`Option<Attribute>`), as MLIR's `$name` is the value, the range or the
/// attribute. [`type_of`] and [`shape_of`] take any of them.
pub trait Typed {
    /// What [`type_of`] gives: `Option<Type>` for one value or attribute,
    /// the types in order for a variadic group (MLIR's `getType()` of a
    /// range is its type range).
    type Types;
    /// The type: the value's, or the attribute's own (MLIR's
    /// `TypedAttr::getType`); `None` when absent or untyped; for a group,
    /// its first value's.
    fn type_in(self, ctx: &Context) -> Option<Type>;
    /// See [`Typed::Types`].
    fn types_in(self, ctx: &Context) -> Self::Types;
}

/// The types of a variadic operand or result group, as `$name` of the
/// group stands in an op-trait predicate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ValueTypes(pub Vec<Type>);

impl Typed for ValueTypes {
    type Types = Vec<Type>;
    fn type_in(self, _ctx: &Context) -> Option<Type> {
        self.0.first().copied()
    }
    fn types_in(self, _ctx: &Context) -> Vec<Type> {
        self.0
    }
}

/// `Typed` for what has one type, at most.
macro_rules! typed_once {
    ($($t:ty => |$self:ident, $ctx:ident| $body:expr;)*) => {$(
        impl Typed for $t {
            type Types = Option<Type>;
            fn type_in($self, $ctx: &Context) -> Option<Type> {
                $body
            }
            fn types_in(self, ctx: &Context) -> Option<Type> {
                self.type_in(ctx)
            }
        }
    )*};
}

typed_once! {
    Type => |self, _ctx| Some(self);
    Option<Type> => |self, _ctx| self;
    Attribute => |self, ctx| attr_type(ctx, self);
    Option<Attribute> => |self, ctx| self.and_then(|a| attr_type(ctx, a));
}

/// The type an op-trait predicate compares for a named operand, result or
/// attribute (`AllTypesMatch`, and the `$_self` of a `TypesMatchWith`
/// transform, which MLIR writes `$name.getType()`): the value's type or
/// the attribute's, `None` when absent or untyped; the types of a variadic
/// group, in order.
pub fn type_of<T: Typed>(ctx: &Context, named: T) -> T::Types {
    named.types_in(ctx)
}

/// The comparator of `RangedTypesMatchWith`: two type lists, element by
/// element (MLIR's `llvm::equal`).
pub fn ranges_eq(a: &impl AsRef<[Type]>, b: &impl AsRef<[Type]>) -> bool {
    a.as_ref() == b.as_ref()
}

/// `ShapedTypeMatchesElementCountAndTypes`: `shaped` has as many elements
/// as `elements` has types, and each of those is its element type.
pub fn shape_matches_elements(ctx: &Context, shaped: impl Typed, elements: &[Type]) -> bool {
    let shaped = shaped.type_in(ctx);
    let count = shape(ctx, shaped)
        .filter(|s| !s.contains(&DYNAMIC))
        .map(|s| s.iter().product::<i64>());
    let element = element_type(ctx, shaped);
    count == i64::try_from(elements.len()).ok() && elements.iter().all(|&t| Some(t) == element)
}

/// The type of operand `index` of `op`, `None` past its operands (the
/// positional op-trait predicates, `TCopVTEtIsSameAs<i, j>`, take operands by
/// index).
pub fn operand_type_at(ir: &ir::Ir, op: ir::OpId, index: usize) -> Option<Type> {
    (index < ir.num_operands(op)).then(|| ir.value_type(ir.operand(op, index)))
}

/// The type of result `index` of `op`, `None` past its results.
pub fn result_type_at(ir: &ir::Ir, op: ir::OpId, index: usize) -> Option<Type> {
    ir.results(op).nth(index).map(|v| ir.value_type(v))
}

/// Both types present, with the same element type (a non-shaped type is its
/// own element type, as MLIR's `getElementTypeOrSelf`).
pub fn same_element_type_or_self(ctx: &Context, a: Option<Type>, b: Option<Type>) -> bool {
    match (a, b) {
        (Some(a), Some(b)) => element_type_or_self(ctx, a) == element_type_or_self(ctx, b),
        _ => false,
    }
}

/// The shape an op-trait predicate compares for a named value or attribute
/// (`AllShapesMatch`): the dimensions of a ranked shaped type, `None` for
/// anything else.
pub fn shape_of(ctx: &Context, named: impl Typed) -> Option<Vec<i64>> {
    shape(ctx, named.type_in(ctx)).map(<[i64]>::to_vec)
}

/// The rank an op-trait predicate compares for a named value or attribute
/// (`AllRanksMatch`): `None` unless its type is a ranked shaped type.
pub fn rank_of(ctx: &Context, named: impl Typed) -> Option<usize> {
    rank(ctx, named.type_in(ctx))
}

/// The element count an op-trait predicate compares (`AllElementCountsMatch`):
/// the product of a static shape, `None` for anything else.
pub fn element_count_of(ctx: &Context, named: impl Typed) -> Option<i64> {
    shape(ctx, named.type_in(ctx))
        .filter(|s| !s.contains(&DYNAMIC))
        .map(|s| s.iter().product())
}

/// The element type an op-trait predicate compares (`AllElementTypesMatch`):
/// the element type of a shaped or complex type, else the type itself
/// (MLIR's `getElementTypeOrSelf`).
pub fn element_type_of(ctx: &Context, named: impl Typed) -> Option<Type> {
    element_type(ctx, named.type_in(ctx))
}

/// What `AllTypeIDsMatch` compares: the kind of the type (vector, ranked
/// tensor, integer, ...) without its parameters.
pub fn type_id_of(ctx: &Context, named: impl Typed) -> Option<std::mem::Discriminant<TypeKind>> {
    kind(ctx, named.type_in(ctx)).map(std::mem::discriminant)
}

/// The comparator of `OptionalTypesMatchWith`: `cmp`, except that an
/// absent side (`None`: a missing optional operand or attribute) matches
/// anything, as MLIR's `!getLhs() || !getRhs() || cmp(...)`.
pub fn optional_types_match(
    cmp: impl Fn(&Option<Type>, &Option<Type>) -> bool,
) -> impl Fn(&Option<Type>, &Option<Type>) -> bool {
    move |lhs, rhs| lhs.is_none() || rhs.is_none() || cmp(lhs, rhs)
}

/// `IsNullAttr`: the attribute is absent. Constraints of optional
/// attributes are checked only on a present attribute (as MLIR's `if
/// (attr && !pred)`), where this is `false`, so `Or<[IsNullAttr.predicate,
/// P]>` is `P` there.
pub fn is_null_attr(attr: impl Into<Option<Attribute>>) -> bool {
    attr.into().is_none()
}

/// A Rust type standing for one kind of dialect attribute (an ODS
/// `AttrDef`, written by hand until attribute definitions are generated):
/// what [`attr_is`] checks.
pub trait AttrDefKind {
    /// Whether `attr` is an attribute of this kind.
    fn matches(ctx: &Context, attr: Attribute) -> bool;
}

/// `attr` is of the dialect attribute kind `T` (the predicate of an
/// `AttrDef`).
pub fn attr_is<T: AttrDefKind>(ctx: &Context, attr: Attribute) -> bool {
    T::matches(ctx, attr)
}

/// A Rust type standing for one kind of dialect type (an ODS `TypeDef`):
/// what [`type_is`] checks.
pub trait TypeDefKind {
    /// Whether `ty` is a type of this kind.
    fn matches(ctx: &Context, ty: Type) -> bool;
}

/// `ty` is of the dialect type kind `T` (the predicate of a `TypeDef`).
pub fn type_is<T: TypeDefKind>(ctx: &Context, ty: impl Into<Option<Type>>) -> bool {
    ty.into().is_some_and(|t| T::matches(ctx, t))
}

/// `ty` implements the type interface named `name` (its Rust path as the
/// library spells it): `ShapedType` (vectors, tensors and memrefs), or an
/// interface a dialect type's definition lists.
pub fn type_implements(ctx: &Context, ty: impl Into<Option<Type>>, name: &str) -> bool {
    let ty = ty.into();
    match name.rsplit("::").next().unwrap_or(name) {
        "ShapedType" | "ShapedTypeInterface" => is_shaped(ctx, ty),
        _ => ty.is_some_and(|t| {
            ctx.type_def_data(t)
                .is_some_and(|d| d.def.0.interfaces.contains(&name))
        }),
    }
}

/// `attr` implements the attribute interface named `name` (its Rust path
/// as the library spells it): `TypedAttr` (integer, float, string,
/// elements and opaque attributes), `ElementsAttr`, or an interface a
/// dialect attribute's definition lists.
pub fn attr_implements(ctx: &Context, attr: Attribute, name: &str) -> bool {
    match name.rsplit("::").next().unwrap_or(name) {
        // A string or opaque attribute is typed even without `: type` (its
        // type is then `none`, which `attr_type` leaves out).
        "TypedAttr" => {
            attr_type(ctx, attr).is_some()
                || matches!(
                    ctx.attr_kind(attr),
                    AttrKind::String { .. } | AttrKind::Opaque { .. }
                )
        }
        "ElementsAttr" => is_elements_attr(ctx, attr),
        _ => ctx
            .attr_def_data(attr)
            .is_some_and(|d| d.def.0.interfaces.contains(&name)),
    }
}

/// The transform of compare ops' `TypesMatchWith` traits (upstream's
/// `getI1SameShape($_self)`; arith, math and llvm compares use it), with
/// two meanings by context: the parser a format generates has a
/// `&mut Context` and a known lhs type, and gets
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
        clone_with_element(self, lhs, i1)
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
        (Some(l), Some(r)) => {
            is_clone_with_element(ctx, *l, *r, |c, t| is_signless_integer_of_width(c, t, 1))
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn like_constraints_look_into_vectors_and_tensors_only() {
        let mut ctx = Context::new();
        let i32t = ctx.int_type(32);
        let si32 = ctx.integer_type(32, Signedness::Signed);
        let idx = ctx.index_type();
        let f32t = ctx.float_type(FloatKind::F32);
        let bf16 = ctx.float_type(FloatKind::BF16);
        let vec = ctx.vector_type(&[4], &[false], i32t);
        let tensor = ctx.unranked_tensor_type(idx);
        let memref = ctx.memref_type(&[2, DYNAMIC], i32t, None, None);
        assert!(is_signless_integer_like(&ctx, i32t));
        assert!(is_signless_integer_like(&ctx, vec));
        assert!(!is_signless_integer_like(&ctx, si32));
        assert!(!is_signless_integer_like(&ctx, memref));
        assert!(!is_signless_integer_like(&ctx, tensor));
        assert!(is_signless_integer_or_index_like(&ctx, tensor));
        assert!(is_float_like(&ctx, f32t) && !is_float_like(&ctx, vec));
        assert!(is_float_of_width(&ctx, f32t, 32));
        assert!(!is_float_of_width(&ctx, bf16, 16));
        assert!(is_memref_of(&ctx, memref, is_signless_integer));
        assert!(!is_memref_of(&ctx, memref, is_index));
        assert!(!has_static_shape(&ctx, memref));
        assert!(has_rank_in(&ctx, memref, &[1, 2]));
        assert_eq!(element_type_or_self(&ctx, vec), i32t);
        assert_eq!(element_type_or_self(&ctx, f32t), f32t);
        let i1 = ctx.int_type(1);
        let vec_i1 = clone_with_element(&mut ctx, vec, i1);
        assert_eq!(vec_i1, ctx.vector_type(&[4], &[false], i1));
        let is_i1 = |c: &Context, t: Type| is_signless_integer_of_width(c, t, 1);
        assert!(is_clone_with_element(&ctx, vec, vec_i1, is_i1));
        assert!(!is_clone_with_element(&ctx, vec, i1, is_i1));
        assert!(!is_clone_with_element(&ctx, vec, vec, is_i1));
        assert!(is_clone_with_element(&ctx, i32t, i1, is_i1));
        assert_eq!(clone_with_element(&mut ctx, f32t, i1), i1);
    }

    #[test]
    fn vector_rank_and_scalability() {
        let mut ctx = Context::new();
        let f32t = ctx.float_type(FloatKind::F32);
        let fixed = ctx.vector_type(&[4], &[false], f32t);
        let rank0 = ctx.vector_type(&[], &[], f32t);
        let scalable = ctx.vector_type(&[2, 4], &[false, true], f32t);
        assert!(is_vector_of_non_zero_rank(&ctx, fixed));
        assert!(is_vector_of_non_zero_rank(&ctx, scalable));
        assert!(!is_vector_of_non_zero_rank(&ctx, rank0));
        assert!(!is_vector_of_non_zero_rank(&ctx, f32t));
        assert!(is_fixed_vector_of_non_zero_rank(&ctx, fixed));
        assert!(!is_fixed_vector_of_non_zero_rank(&ctx, scalable));
        assert!(!is_fixed_vector_of_non_zero_rank(&ctx, rank0));
        assert!(is_scalable_vector(&ctx, scalable) && !is_scalable_vector(&ctx, fixed));
    }

    #[test]
    fn attribute_kinds() {
        let mut ctx = Context::new();
        let i64t = ctx.int_type(64);
        let f32t = ctx.float_type(FloatKind::F32);
        let one = ctx.integer_attr(i64t, 1);
        let half = ctx.float_attr(f32t, 0.5);
        let s = ctx.string_attr(b"x");
        let arr = ctx.array_attr(&[one, one]);
        let mixed = ctx.array_attr(&[one, s]);
        let seg = dense_i32_array_attr(&mut ctx, &[1, -2, 0]);
        let sym = ctx.symbol_ref_attr("a", &["b"]);
        assert!(is_signless_integer_attr_of_width(&ctx, one, 64));
        assert!(!is_signless_integer_attr_of_width(&ctx, one, 32));
        assert_eq!(integer_attr_value(&ctx, one), Some(1));
        assert!(is_float_attr_of_width(&ctx, half, 32) && !is_float_attr(&ctx, one));
        assert!(is_string_attr(&ctx, s));
        assert!(is_array_attr_of(&ctx, arr, is_integer_attr));
        assert!(!is_array_attr_of(&ctx, mixed, is_integer_attr));
        assert_eq!(dense_i32_array(&ctx, seg), Some(vec![1, -2, 0]));
        assert!(is_dense_array_attr_of(&ctx, seg, |c, t| {
            is_signless_integer_of_width(c, t, 32)
        }));
        assert!(is_symbol_ref_attr(&ctx, sym) && !is_flat_symbol_ref_attr(&ctx, sym));
        assert_eq!(attr_type(&ctx, half), Some(f32t));
        assert!(is_float_of_width(&ctx, attr_type(&ctx, half), 32));
        assert!(!is_index(&ctx, attr_type(&ctx, s)));
        assert_eq!(int_attr_value(&ctx, one), 1);
        assert!(int_attr_is_power_of_two(&ctx, one));
        assert_eq!(dense_array_len(&ctx, seg), 3);
        assert!(!dense_array_all(&ctx, seg, |v| v >= 0));
        assert!(!dense_array_sorted(&ctx, seg, false));
        assert_eq!(int_array_elem(&ctx, arr, 1), Some(1));
        assert!(is_dense_array_attr(&ctx, seg, "i32"));
        assert_eq!(array_len(&ctx, arr), 2);
    }

    #[test]
    fn shapes_attr_kinds_and_interfaces() {
        let mut ctx = Context::new();
        let i32t = ctx.int_type(32);
        let v = ctx.vector_type(&[2, 3], &[false, false], i32t);
        assert_eq!(shape_of(&ctx, v), Some(vec![2, 3]));
        assert_eq!(shape_of(&ctx, i32t), None);
        assert_eq!(shape_of(&ctx, None::<Type>), None);
        let seven = ctx.integer_attr(i32t, 7);
        let unit = ctx.unit_attr();
        assert!(attr_implements(
            &ctx,
            seven,
            "::ods_runtime::interfaces::TypedAttr"
        ));
        assert!(!attr_implements(&ctx, unit, "TypedAttr"));
        let text = ctx.string_attr(b"s");
        assert!(attr_implements(&ctx, text, "TypedAttr"));
        assert!(!attr_implements(&ctx, seven, "SomethingElse"));
        struct UnitKind;
        impl AttrDefKind for UnitKind {
            fn matches(ctx: &Context, attr: Attribute) -> bool {
                is_unit_attr(ctx, attr)
            }
        }
        assert!(attr_is::<UnitKind>(&ctx, unit));
        assert!(!attr_is::<UnitKind>(&ctx, seven));
    }

    #[test]
    fn tuples_and_their_flattened_element_types() {
        let mut ctx = Context::new();
        let i32t = ctx.int_type(32);
        let f32t = ctx.float_type(FloatKind::F32);
        let inner = ctx.tuple_type(&[f32t, i32t]);
        let empty = ctx.tuple_type(&[]);
        let outer = ctx.tuple_type(&[i32t, inner, empty, f32t]);
        assert!(is_tuple(&ctx, outer) && !is_tuple(&ctx, i32t));
        assert_eq!(
            tuple_element_types(&ctx, outer).collect::<Vec<_>>(),
            [i32t, inner, empty, f32t]
        );
        assert_eq!(flattened_tuple_types(&ctx, outer), [i32t, f32t, i32t, f32t]);
        assert_eq!(tuple_element_types(&ctx, i32t).count(), 0);
        assert_eq!(tuple_element_types(&ctx, None).count(), 0);
        assert!(flattened_tuple_types(&ctx, empty).is_empty());
    }

    #[test]
    fn vector_counts_and_dimensions() {
        let mut ctx = Context::new();
        let f32t = ctx.float_type(FloatKind::F32);
        let v = ctx.vector_type(&[2, 8], &[], f32t);
        assert!(num_elements_at_least(&ctx, v, 16) && !num_elements_at_least(&ctx, v, 17));
        assert!(num_elements_at_most(&ctx, v, 16) && !num_elements_at_most(&ctx, v, 15));
        assert!(nth_dim_size_is_one_of(&ctx, v, -1, &[8]));
        assert!(nth_dim_size_is_one_of(&ctx, v, 0, &[1, 2]));
        assert!(!nth_dim_size_is_one_of(&ctx, v, -3, &[2]));
        assert!(!nth_dim_size_is_one_of(&ctx, v, 2, &[2]));
        assert!(vector_shape_is(&ctx, v, &[2, 8]) && !vector_shape_is(&ctx, v, &[16]));
        assert!(same_element_type_or_self(&ctx, Some(v), Some(f32t)));
        assert!(!same_element_type_or_self(&ctx, Some(v), None));
    }

    #[test]
    fn type_predicates_take_an_absent_type() {
        let mut ctx = Context::new();
        let i32t = ctx.int_type(32);
        let t = ctx.ranked_tensor_type(&[2], i32t, None);
        let ta = ctx.type_attr(t);
        let one = ctx.integer_attr(i32t, 1);
        // `TypeAttrOf<AnyTensor>` and `TypeAttrOf<TensorOf<[I32]>>`.
        assert!(is_tensor(&ctx, type_attr_value(&ctx, ta)));
        assert!(!is_tensor(&ctx, type_attr_value(&ctx, one)));
        let elem = element_type(&ctx, type_attr_value(&ctx, ta));
        assert_eq!(elem, Some(i32t));
        assert!(is_signless_integer_of_width(&ctx, elem, 32));
        assert_eq!(element_type(&ctx, None), None);
        assert_eq!(element_type(&ctx, i32t), Some(i32t));
        for pred in [
            is_vector,
            is_shaped,
            has_rank,
            has_static_shape,
            is_fixed_vector,
        ] {
            assert!(!pred(&ctx, None));
        }
        assert!(has_rank(&ctx, Some(t)) && rank_at_least(&ctx, t, 1));
        assert!(num_elements_is_one_of(&ctx, t, &[2]));
        assert!(is_signless_integer_like(&ctx, Some(t)));
        assert!(!is_signless_integer_like(&ctx, None));
    }

    #[test]
    fn trait_predicates_see_value_types_and_attribute_types() {
        let mut ctx = Context::new();
        let i32t = ctx.int_type(32);
        let v = ctx.vector_type(&[3], &[false], i32t);
        let one = ctx.integer_attr(i32t, 1);
        let dense = crate::attr::dense_int_elements(&mut ctx, v, &[1, 2, 3]).unwrap();
        let s = ctx.string_attr(b"x");
        assert_eq!(type_of(&ctx, i32t), Some(i32t));
        assert_eq!(type_of(&ctx, None::<Type>), None);
        assert_eq!(type_of(&ctx, Some(one)), Some(i32t));
        assert_eq!(type_of(&ctx, dense), Some(v));
        assert_eq!(type_of(&ctx, Some(s)), None);
        assert_eq!(type_of(&ctx, None::<Attribute>), None);
        assert_eq!(shape_of(&ctx, Some(dense)), Some(vec![3]));
        assert!(is_null_attr(None) && !is_null_attr(one) && !is_null_attr(Some(one)));
    }
    #[test]
    fn relation_helpers_rank_count_element_and_kind() {
        let mut ctx = Context::new();
        let f32t = ctx.float_type(FloatKind::F32);
        let i8t = ctx.int_type(8);
        let v = ctx.vector_type(&[2, 3], &[false, false], f32t);
        let t = ctx.ranked_tensor_type(&[6], i8t, None);
        let dynamic = ctx.ranked_tensor_type(&[DYNAMIC], i8t, None);
        let f = ctx.function_type(&[], &[]);
        assert_eq!(rank_of(&ctx, v), Some(2));
        assert_eq!(rank_of(&ctx, f32t), None);
        assert_eq!(element_count_of(&ctx, v), element_count_of(&ctx, t));
        assert_eq!(element_count_of(&ctx, dynamic), None);
        assert_eq!(element_type_of(&ctx, v), Some(f32t));
        assert_eq!(element_type_of(&ctx, i8t), Some(i8t));
        assert_eq!(type_id_of(&ctx, t), type_id_of(&ctx, dynamic));
        assert_ne!(type_id_of(&ctx, t), type_id_of(&ctx, v));
        assert_eq!(type_id_of(&ctx, None::<Type>), None);
        let same = optional_types_match(PartialEq::eq);
        assert!(same(&Some(v), &Some(v)) && !same(&Some(v), &Some(t)));
        assert!(same(&None, &Some(t)) && same(&Some(v), &None));
        assert!(is_graph_type(&ctx, f) && !is_graph_type(&ctx, v));
        assert!(type_implements(
            &ctx,
            t,
            "::ods_runtime::interfaces::ShapedType"
        ));
        assert!(!type_implements(&ctx, f32t, "ShapedType"));
        assert!(!type_implements(&ctx, t, "SomethingElse"));
        struct Vectors;
        impl TypeDefKind for Vectors {
            fn matches(ctx: &Context, ty: Type) -> bool {
                is_vector(ctx, ty)
            }
        }
        assert!(type_is::<Vectors>(&ctx, v) && !type_is::<Vectors>(&ctx, Some(t)));
    }
}

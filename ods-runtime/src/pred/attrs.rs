//! Attribute predicates of `CommonAttrConstraints.td`.

use super::*;
use ir::{AttrKind, Attribute, Context, Type};

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

pub(super) fn integer_attr_type(ctx: &Context, attr: Attribute) -> Option<Type> {
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
    dense_i32_values(ctx, attr).map(Iterator::collect)
}

/// [`dense_i32_array`]'s elements read in place, without a list.
pub fn dense_i32_values(
    ctx: &Context,
    attr: Attribute,
) -> Option<impl ExactSizeIterator<Item = i32> + Clone + '_> {
    match ctx.attr_kind(attr) {
        AttrKind::DenseArray { elem, data } if is_signless_integer_of_width(ctx, *elem, 32) => {
            Some(
                data.chunks_exact(4)
                    .map(|c| i32::from_le_bytes([c[0], c[1], c[2], c[3]])),
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

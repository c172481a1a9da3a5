//! Region constraints and op-trait predicates (`$name` in `PredOpTrait`s).

use super::*;
use ir::types::DYNAMIC;
use ir::{AttrKind, Attribute, Context, Type, TypeKind};

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
    match last_path_segment(name) {
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

/// What follows the last `::` of a Rust path (all of it when there is
/// none). A byte scan from the end: generated verifiers ask this of every
/// constrained attribute, and `rsplit("::")` set up a string searcher
/// each time.
fn last_path_segment(path: &str) -> &str {
    let bytes = path.as_bytes();
    let mut i = bytes.len();
    while i >= 2 {
        if bytes[i - 1] == b':' && bytes[i - 2] == b':' {
            return &path[i..];
        }
        i -= 1;
    }
    path
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
    use super::last_path_segment;

    #[test]
    fn last_path_segment_is_what_follows_the_last_double_colon() {
        assert_eq!(last_path_segment("::mlir::TypedAttr"), "TypedAttr");
        assert_eq!(last_path_segment("TypedAttr"), "TypedAttr");
        assert_eq!(last_path_segment("a::b::"), "");
        assert_eq!(last_path_segment("a:::b"), "b");
        assert_eq!(last_path_segment("a:b"), "a:b");
        assert_eq!(last_path_segment(""), "");
    }
}

//! Dialect attributes and types with typed parameters (what ODS's
//! `AttrDef` / `TypeDef` define): their definitions, their parameters and
//! how they are stored in the context.
//!
//! In: a definition ([`AttrOrTypeDef`], one `static` per `AttrDef` or
//! `TypeDef`, normally generated) and the values of its parameters
//! ([`Param`]). Out: an ordinary interned [`Type`] or [`Attribute`] handle
//! (kind [`TypeKind::Defined`] / [`AttrKind::Defined`]), equal handles for
//! equal parameters, and the checked way back from a handle to the
//! definition's parameters.
//!
//! Why this shape (see `docs/attr-type-defs.md`): the storage is one enum
//! of parameter values rather than a type per definition, so interning
//! stays the context's plain `Interner` (no `Any` downcasts on the hot
//! path, no `unsafe`), and a handle stays a `u32`. The definition is a
//! `&'static` descriptor compared by address, which carries the dialect,
//! the mnemonic and the printer, so the printer needs nothing but the
//! context. A parameter of a Rust type the author names goes through
//! [`CustomParam`], a boxed value with dynamic equality and hashing.

use crate::asm_interface::PResult;
use crate::attributes::{AttrKind, Attribute};
use crate::context::Context;
use crate::types::{FloatKind, Type, TypeKind};
use std::any::Any;
use std::fmt;
use std::hash::{Hash, Hasher};

/// One parameter value of a dialect attribute or type.
///
/// Each ODS parameter kind maps to one case: `"int64_t"` (and the other
/// signed C++ integers) to `Int`, `"unsigned"` / `"uint64_t"` to `UInt`,
/// `"bool"` to `Bool`, `StringRefParameter` to `Str`, `APFloatParameter`
/// to `Float`, `ArrayRefParameter<T>` to `Array`, `OptionalParameter<T>`
/// to `Optional`, `"::mlir::Type"` / `TypeParameter` to `Type`,
/// `"::mlir::Attribute"` / `AttrParameter` to `Attr`, and any other Rust
/// type that is `Eq + Hash + Clone + Debug` to `Custom`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Param {
    Int(i64),
    UInt(u64),
    Bool(bool),
    Str(Box<str>),
    /// A float of kind `kind`, by its bit pattern (as float attributes
    /// store theirs).
    Float {
        kind: FloatKind,
        bits: u128,
    },
    Array(Box<[Param]>),
    Optional(Option<Box<Param>>),
    Type(Type),
    Attr(Attribute),
    Custom(CustomParam),
}

impl Param {
    /// The integer of an `Int` or `UInt` parameter, when it fits `T`.
    pub fn int<T: TryFrom<i128>>(&self) -> Option<T> {
        match self {
            Param::Int(v) => T::try_from(*v as i128).ok(),
            Param::UInt(v) => T::try_from(*v as i128).ok(),
            _ => None,
        }
    }

    pub fn as_bool(&self) -> Option<bool> {
        match self {
            Param::Bool(b) => Some(*b),
            _ => None,
        }
    }

    pub fn as_str(&self) -> Option<&str> {
        match self {
            Param::Str(s) => Some(s),
            _ => None,
        }
    }

    pub fn as_type(&self) -> Option<Type> {
        match self {
            Param::Type(t) => Some(*t),
            _ => None,
        }
    }

    pub fn as_attr(&self) -> Option<Attribute> {
        match self {
            Param::Attr(a) => Some(*a),
            _ => None,
        }
    }

    pub fn as_array(&self) -> Option<&[Param]> {
        match self {
            Param::Array(items) => Some(items),
            _ => None,
        }
    }

    /// The value of an `Optional` parameter (`None` when absent or when
    /// the parameter is no `Optional`).
    pub fn as_optional(&self) -> Option<&Param> {
        match self {
            Param::Optional(v) => v.as_deref(),
            _ => None,
        }
    }

    /// The author's value of a `Custom` parameter, if it is a `T`.
    pub fn as_custom<T: Any>(&self) -> Option<&T> {
        match self {
            Param::Custom(c) => c.downcast_ref(),
            _ => None,
        }
    }

    /// Calls `f` on each type and attribute inside the parameter, in
    /// printing order (for alias collection and other walks).
    pub fn for_each_sub_element(&self, f: &mut dyn FnMut(crate::SubElement)) {
        match self {
            Param::Type(t) => f(crate::SubElement::Type(*t)),
            Param::Attr(a) => f(crate::SubElement::Attr(*a)),
            Param::Array(items) => items.iter().for_each(|p| p.for_each_sub_element(f)),
            Param::Optional(Some(p)) => p.for_each_sub_element(f),
            _ => {}
        }
    }
}

/// What a Rust value needs to be a parameter: equality and hashing across
/// the box (`Eq + Hash + Clone + Debug` values get it for free).
pub trait DynParam: Any + fmt::Debug + Send + Sync {
    /// `self == other` when `other` is of the same Rust type.
    fn eq_dyn(&self, other: &dyn DynParam) -> bool;
    /// Hashes the value (its Rust type included, so equal-looking values
    /// of two types do not collide on purpose).
    fn hash_dyn(&self, state: &mut dyn Hasher);
    fn clone_dyn(&self) -> Box<dyn DynParam>;
    fn as_any(&self) -> &dyn Any;
}

impl<T: Any + fmt::Debug + Eq + Hash + Clone + Send + Sync> DynParam for T {
    fn eq_dyn(&self, other: &dyn DynParam) -> bool {
        other.as_any().downcast_ref::<T>() == Some(self)
    }

    fn hash_dyn(&self, mut state: &mut dyn Hasher) {
        std::any::TypeId::of::<T>().hash(&mut state);
        self.hash(&mut state);
    }

    fn clone_dyn(&self) -> Box<dyn DynParam> {
        Box::new(self.clone())
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}

/// A parameter of a Rust type the author names (any `Eq + Hash + Clone +
/// Debug + Send + Sync` type), boxed.
pub struct CustomParam(Box<dyn DynParam>);

impl CustomParam {
    pub fn new<T: DynParam>(value: T) -> Self {
        CustomParam(Box::new(value))
    }

    /// The value, if it is a `T`.
    pub fn downcast_ref<T: Any>(&self) -> Option<&T> {
        self.0.as_any().downcast_ref()
    }
}

impl Clone for CustomParam {
    fn clone(&self) -> Self {
        CustomParam(self.0.clone_dyn())
    }
}

impl PartialEq for CustomParam {
    fn eq(&self, other: &Self) -> bool {
        self.0.eq_dyn(&*other.0)
    }
}

impl Eq for CustomParam {}

impl Hash for CustomParam {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.0.hash_dyn(state);
    }
}

impl fmt::Debug for CustomParam {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// Reads the parameters of a definition: everything after the mnemonic
/// (`<i32>` of `!test.box<i32>`), or the stripped form a format writes.
pub type DefParseFn = fn(&mut crate::parser::AsmParser<'_>) -> PResult<Vec<Param>>;
/// Prints a value of a definition: everything after the mnemonic. It gets
/// the value's handle (for printers written by hand against the typed
/// view) and its parameters (for generated ones).
pub type DefPrintFn = fn(&mut crate::printer::dialect_asm::AsmPrinter<'_, '_>, DefHandle, &[Param]);

/// The handle of a defined value being printed.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum DefHandle {
    Type(Type),
    Attr(Attribute),
}
/// The definition's own check of its parameters (ODS `genVerifyDecl`):
/// the message mlir-opt would emit.
pub type DefVerifyFn = fn(&Context, &[Param]) -> Result<(), String>;

/// One `AttrDef` or `TypeDef`: declare it as a `static` (it is compared by
/// address) and register it with
/// [`crate::Registry::add_type_def`] / [`crate::Registry::add_attr_def`].
#[derive(Debug)]
pub struct AttrOrTypeDef {
    /// The dialect's namespace (`test`).
    pub dialect: &'static str,
    /// The keyword after `dialect.` (`box`).
    pub mnemonic: &'static str,
    /// The ODS record name (`Test_BoxType`), for messages.
    pub name: &'static str,
    /// The parameter names, in order.
    pub params: &'static [&'static str],
    pub parse: DefParseFn,
    pub print: DefPrintFn,
    pub verify: Option<DefVerifyFn>,
    /// The alias mlir-opt gives every such value (`genMnemonicAlias`).
    pub alias: Option<&'static str>,
    /// For an attribute, the index of its `AttributeSelfTypeParameter`:
    /// the attribute's type, printed after it as ` : type` (unless it is
    /// `none`) and read from the `: type` written after it.
    pub self_type: Option<usize>,
    /// The attribute or type interfaces the definition implements, by the
    /// Rust path constraints name them (`crate::ub::PoisonAttrInterface`):
    /// what an interface used as a constraint checks, as predicates do not
    /// reach the registry's interface tables. It also holds the traits the
    /// IR itself reads: [`IS_LOCATION`].
    pub interfaces: &'static [&'static str],
}

/// The entry of [`AttrOrTypeDef::interfaces`] that makes a definition's
/// attributes locations (ODS's `LocationAttrDef`, whose `IsLocation` trait
/// makes upstream's attribute a `LocationAttr`): they may stand where a
/// location does (`loc(#dialect.mnemonic<...>)`, an op's location, inside
/// `fused[...]`), and take the alias name `loc`. A list entry rather than
/// a field of its own, so that the definitions written before it (by
/// hand or generated) stay valid.
pub const IS_LOCATION: &str = "::ir::IsLocation";

impl AttrOrTypeDef {
    /// Are the definition's attributes locations ([`IS_LOCATION`])?
    pub fn is_location(&self) -> bool {
        self.interfaces.contains(&IS_LOCATION)
    }
}

/// A definition compared and hashed by address: two `static`s are two
/// definitions even when they look alike.
#[derive(Copy, Clone)]
pub struct DefRef(pub &'static AttrOrTypeDef);

impl PartialEq for DefRef {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self.0, other.0)
    }
}

impl Eq for DefRef {}

impl Hash for DefRef {
    fn hash<H: Hasher>(&self, state: &mut H) {
        std::ptr::hash(self.0, state);
    }
}

impl fmt::Debug for DefRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}", self.0.dialect, self.0.mnemonic)
    }
}

/// The stored form of a defined attribute or type: its definition and its
/// parameters.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct DefinedData {
    pub def: DefRef,
    pub params: Box<[Param]>,
}

impl Context {
    /// The type of definition `def` with `params`, after the definition's
    /// verifier accepted them (its message otherwise).
    pub fn defined_type(
        &mut self,
        def: &'static AttrOrTypeDef,
        params: Vec<Param>,
    ) -> Result<Type, String> {
        if let Some(verify) = def.verify {
            verify(self, &params)?;
        }
        Ok(self.intern_type(TypeKind::Defined(DefinedData {
            def: DefRef(def),
            params: params.into(),
        })))
    }

    /// The attribute of definition `def` with `params`, after the
    /// definition's verifier accepted them.
    pub fn defined_attr(
        &mut self,
        def: &'static AttrOrTypeDef,
        params: Vec<Param>,
    ) -> Result<Attribute, String> {
        if let Some(verify) = def.verify {
            verify(self, &params)?;
        }
        Ok(self.intern_attr(AttrKind::Defined(DefinedData {
            def: DefRef(def),
            params: params.into(),
        })))
    }

    /// The definition and parameters of a defined type.
    pub fn type_def_data(&self, ty: Type) -> Option<&DefinedData> {
        match self.type_kind(ty) {
            TypeKind::Defined(d) => Some(d),
            _ => None,
        }
    }

    /// The definition and parameters of a defined attribute.
    pub fn attr_def_data(&self, attr: Attribute) -> Option<&DefinedData> {
        match self.attr_kind(attr) {
            AttrKind::Defined(d) => Some(d),
            _ => None,
        }
    }

    /// The parameters of `ty` when it is a type of definition `def` (the
    /// checked cast from a type to a definition's view).
    pub fn type_params(&self, ty: Type, def: &'static AttrOrTypeDef) -> Option<&[Param]> {
        self.type_def_data(ty)
            .filter(|d| d.def == DefRef(def))
            .map(|d| &*d.params)
    }

    /// The parameters of `attr` when it is an attribute of definition
    /// `def`.
    pub fn attr_params(&self, attr: Attribute, def: &'static AttrOrTypeDef) -> Option<&[Param]> {
        self.attr_def_data(attr)
            .filter(|d| d.def == DefRef(def))
            .map(|d| &*d.params)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parser::AsmParser;
    use crate::printer::dialect_asm::AsmPrinter;

    fn parse_nothing(_: &mut AsmParser<'_>) -> PResult<Vec<Param>> {
        Ok(Vec::new())
    }

    fn print_nothing(_: &mut AsmPrinter<'_, '_>, _: DefHandle, _: &[Param]) {}

    fn no_zero(_: &Context, params: &[Param]) -> Result<(), String> {
        match params.first() {
            Some(Param::Int(0)) => Err("zero is not allowed".into()),
            _ => Ok(()),
        }
    }

    static A: AttrOrTypeDef = AttrOrTypeDef {
        dialect: "t",
        mnemonic: "a",
        name: "T_A",
        params: &["n"],
        parse: parse_nothing,
        print: print_nothing,
        verify: Some(no_zero),
        alias: None,
        self_type: None,
        interfaces: &[],
    };
    // Looks like `A` but is another definition.
    static B: AttrOrTypeDef = AttrOrTypeDef {
        dialect: "t",
        mnemonic: "a",
        name: "T_A",
        params: &["n"],
        parse: parse_nothing,
        print: print_nothing,
        verify: Some(no_zero),
        alias: None,
        self_type: None,
        interfaces: &[],
    };

    #[derive(Clone, Debug, PartialEq, Eq, Hash)]
    struct Shape(Vec<u8>);

    #[test]
    fn equal_parameters_give_one_handle_per_definition() {
        let mut ctx = Context::new();
        let a1 = ctx.defined_type(&A, vec![Param::Int(1)]).unwrap();
        assert_eq!(a1, ctx.defined_type(&A, vec![Param::Int(1)]).unwrap());
        assert_ne!(a1, ctx.defined_type(&A, vec![Param::Int(2)]).unwrap());
        let b1 = ctx.defined_type(&B, vec![Param::Int(1)]).unwrap();
        assert_ne!(a1, b1);
        assert_eq!(ctx.type_params(a1, &A), Some(&[Param::Int(1)][..]));
        assert_eq!(ctx.type_params(b1, &A), None);
        let i32t = ctx.int_type(32);
        assert_eq!(ctx.type_params(i32t, &A), None);
        // Attributes and types are separate spaces.
        let attr = ctx.defined_attr(&A, vec![Param::Int(1)]).unwrap();
        assert_eq!(ctx.attr_params(attr, &A), Some(&[Param::Int(1)][..]));
    }

    #[test]
    fn the_verifier_runs_before_interning() {
        let mut ctx = Context::new();
        assert_eq!(
            ctx.defined_type(&A, vec![Param::Int(0)]),
            Err("zero is not allowed".to_string())
        );
    }

    #[test]
    fn custom_parameters_compare_and_hash_by_value() {
        let mut ctx = Context::new();
        let s = |v: &[u8]| Param::Custom(CustomParam::new(Shape(v.to_vec())));
        let x = ctx.defined_attr(&A, vec![s(b"ab")]).unwrap();
        assert_eq!(x, ctx.defined_attr(&A, vec![s(b"ab")]).unwrap());
        assert_ne!(x, ctx.defined_attr(&A, vec![s(b"b")]).unwrap());
        // Another Rust type with the same bytes is another value.
        let other = Param::Custom(CustomParam::new(b"ab".to_vec()));
        assert_ne!(x, ctx.defined_attr(&A, vec![other]).unwrap());
        let params = ctx.attr_params(x, &A).unwrap();
        assert_eq!(params[0].as_custom::<Shape>(), Some(&Shape(b"ab".to_vec())));
        assert_eq!(params[0].as_custom::<Vec<u8>>(), None);
    }
}

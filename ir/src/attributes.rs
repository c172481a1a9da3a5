//! Builtin attributes and the handle every attribute is known by.
//!
//! In: an [`AttrKind`] description. Out: an interned [`Attribute`] handle;
//! the parser and printer for attributes live in `parser::attrs` and
//! `printer::attrs`.

use crate::context::{Context, Identifier};
use crate::types::Type;

/// An interned attribute. Two handles are equal exactly when the attributes
/// are.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Attribute(pub(crate) u32);

/// A `name = value` entry of an attribute dictionary.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct NamedAttribute {
    pub name: Identifier,
    pub value: Attribute,
}

/// The description of an attribute; interned into an [`Attribute`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum AttrKind {
    Unit,
    /// `"..."` with an optional type; the value is bytes, as MLIR's strings
    /// may hold any bytes through `\XX` escapes.
    String {
        value: Box<[u8]>,
        ty: Option<Type>,
    },
    Type(Type),
    Array(Box<[Attribute]>),
    /// Sorted by name, names unique.
    Dictionary(Box<[NamedAttribute]>),
    /// An attribute of a dialect that is not registered, kept as written:
    /// `#dialect.name<...>`; `body` is everything after the `#dialect.`.
    Dialect {
        dialect: Identifier,
        body: Box<str>,
    },
}

impl Context {
    pub fn unit_attr(&mut self) -> Attribute {
        self.intern_attr(AttrKind::Unit)
    }

    pub fn string_attr(&mut self, value: &[u8]) -> Attribute {
        self.intern_attr(AttrKind::String {
            value: value.into(),
            ty: None,
        })
    }

    pub fn type_attr(&mut self, ty: Type) -> Attribute {
        self.intern_attr(AttrKind::Type(ty))
    }

    pub fn array_attr(&mut self, elements: &[Attribute]) -> Attribute {
        self.intern_attr(AttrKind::Array(elements.into()))
    }

    /// A dictionary from entries in any order; later duplicates are kept out
    /// by the caller (the parser reports them).
    pub fn dictionary_attr(&mut self, mut entries: Vec<NamedAttribute>) -> Attribute {
        entries.sort_by(|a, b| self.str(a.name).cmp(self.str(b.name)));
        self.intern_attr(AttrKind::Dictionary(entries.into()))
    }
}

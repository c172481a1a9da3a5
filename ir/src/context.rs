//! The context: owner of every interned identifier, type and attribute.
//!
//! In: type and attribute descriptions ([`TypeKind`], [`AttrKind`]) and
//! strings. Out: small `Copy` handles ([`Type`], [`Attribute`],
//! [`Identifier`]) that compare by id, so equal descriptions always give the
//! same handle.

use crate::attributes::{AttrKind, Attribute};
use crate::types::{Type, TypeKind};
use rustc_hash::FxHashMap;
use std::hash::Hash;

/// Uniques values of `T`, handing out dense `u32` ids.
#[derive(Debug)]
pub struct Interner<T> {
    items: Vec<T>,
    ids: FxHashMap<T, u32>,
}

impl<T> Default for Interner<T> {
    fn default() -> Self {
        Interner {
            items: Vec::new(),
            ids: FxHashMap::default(),
        }
    }
}

impl<T: Hash + Eq + Clone> Interner<T> {
    pub fn intern(&mut self, value: T) -> u32 {
        if let Some(&id) = self.ids.get(&value) {
            return id;
        }
        let id = self.items.len() as u32;
        self.items.push(value.clone());
        self.ids.insert(value, id);
        id
    }

    pub fn lookup<Q>(&self, value: &Q) -> Option<u32>
    where
        T: std::borrow::Borrow<Q>,
        Q: Hash + Eq + ?Sized,
    {
        self.ids.get(value).copied()
    }

    pub fn get(&self, id: u32) -> &T {
        &self.items[id as usize]
    }

    pub fn len(&self) -> usize {
        self.items.len()
    }

    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }
}

/// An interned string: op names, attribute names, dialect names, symbols.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Identifier(pub(crate) u32);

/// Owns the uniqued storage of identifiers, types and attributes.
#[derive(Debug, Default)]
pub struct Context {
    strings: Interner<Box<str>>,
    types: Interner<TypeKind>,
    attrs: Interner<AttrKind>,
    /// Fast paths for the most common types and attributes.
    pub(crate) cache: crate::types::CommonCache,
    /// Accept ops, types and attributes of dialects that are not registered,
    /// as `mlir-opt --allow-unregistered-dialect` does.
    pub allow_unregistered_dialects: bool,
}

impl Context {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn ident(&mut self, s: &str) -> Identifier {
        if let Some(id) = self.strings.lookup(s) {
            return Identifier(id);
        }
        Identifier(self.strings.intern(s.into()))
    }

    /// The identifier for `s` if it was interned before.
    pub fn lookup_ident(&self, s: &str) -> Option<Identifier> {
        self.strings.lookup(s).map(Identifier)
    }

    pub fn str(&self, id: Identifier) -> &str {
        self.strings.get(id.0)
    }

    pub fn intern_type(&mut self, kind: TypeKind) -> Type {
        Type(self.types.intern(kind))
    }

    pub fn type_kind(&self, ty: Type) -> &TypeKind {
        self.types.get(ty.0)
    }

    pub fn intern_attr(&mut self, kind: AttrKind) -> Attribute {
        Attribute(self.attrs.intern(kind))
    }

    pub fn attr_kind(&self, attr: Attribute) -> &AttrKind {
        self.attrs.get(attr.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn interning_gives_equal_handles() {
        let mut ctx = Context::new();
        let a = ctx.ident("arith.addi");
        assert_eq!(a, ctx.ident("arith.addi"));
        assert_ne!(a, ctx.ident("arith.subi"));
        assert_eq!(ctx.str(a), "arith.addi");
        let i32a = ctx.intern_type(TypeKind::Index);
        assert_eq!(i32a, ctx.intern_type(TypeKind::Index));
    }
}

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

mod shard;
mod static_names;
pub use shard::{ContextMark, Remap};

/// Uniques values of `T`, handing out dense `u32` ids.
///
/// Each value is held once (in `items`); the table holds only ids, found
/// by the value's hash, which is kept beside the value so that growing
/// the table hashes nothing again (a map or set attribute hashes its
/// whole expression tree). Interning a new value neither clones it nor,
/// when the context goes, frees it twice.
#[derive(Clone, Debug)]
pub struct Interner<T> {
    items: Vec<T>,
    /// `hashes[id]`: the hash `items[id]` was interned under.
    hashes: Vec<u64>,
    table: hashbrown::HashTable<u32>,
    /// Values whose id [`Interner::replace`] gave another value: they
    /// still find that id (rare: keyed types only).
    replaced: FxHashMap<T, u32>,
}

impl<T> Default for Interner<T> {
    fn default() -> Self {
        Interner {
            items: Vec::new(),
            hashes: Vec::new(),
            table: hashbrown::HashTable::new(),
            replaced: FxHashMap::default(),
        }
    }
}

fn hash_of<Q: Hash + ?Sized>(value: &Q) -> u64 {
    use std::hash::BuildHasher;
    rustc_hash::FxBuildHasher.hash_one(value)
}

impl<T: Hash + Eq + Clone> Interner<T> {
    pub fn intern(&mut self, value: T) -> u32 {
        // One hash and one probe whether the value is new or not.
        let hash = hash_of(&value);
        let items = &self.items;
        if let Some(&id) = self.table.find(hash, |&id| items[id as usize] == value) {
            return id;
        }
        if !self.replaced.is_empty() {
            if let Some(&id) = self.replaced.get(&value) {
                return id;
            }
        }
        let id = self.items.len() as u32;
        self.items.push(value);
        self.hashes.push(hash);
        let hashes = &self.hashes;
        self.table
            .insert_unique(hash, id, |&id| hashes[id as usize]);
        id
    }

    pub fn lookup<Q>(&self, value: &Q) -> Option<u32>
    where
        T: std::borrow::Borrow<Q>,
        Q: Hash + Eq + ?Sized,
    {
        let found = self
            .table
            .find(hash_of(value), |&id| {
                self.items[id as usize].borrow() == value
            })
            .copied();
        if found.is_none() && !self.replaced.is_empty() {
            return self.replaced.get(value).copied();
        }
        found
    }

    pub fn get(&self, id: u32) -> &T {
        &self.items[id as usize]
    }

    /// Replaces what `id` holds while it stays found under the value it
    /// was interned with (for a value known by a key that is only part of
    /// it; see [`Context::set_keyed_type_kind`]).
    fn replace(&mut self, id: u32, value: T) {
        let hash = self.hashes[id as usize];
        if let Ok(entry) = self.table.find_entry(hash, |&other| other == id) {
            entry.remove();
        }
        let old = std::mem::replace(&mut self.items[id as usize], value);
        self.replaced.entry(old).or_insert(id);
    }

    pub fn len(&self) -> usize {
        self.items.len()
    }

    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }
}

/// An interned name: op names, attribute names, dialect names, symbols.
///
/// MLIR names are bytes (`"a\FF"` is a valid attribute name), so an
/// identifier is interned by its bytes; [`Context::str`] gives the `str`
/// view the rest of the code works with, and [`Context::bytes`] the exact
/// bytes for printing and ordering.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Identifier(pub(crate) u32);

/// One interned name: its text, plus its bytes when they are not UTF-8.
#[derive(Clone, Debug)]
struct IdentText {
    /// The name itself when it is UTF-8 (nearly always); otherwise the
    /// name with each invalid sequence replaced by U+FFFD, for messages.
    text: Box<str>,
    /// The exact bytes of a name that is not UTF-8.
    raw: Option<Box<[u8]>>,
}

/// Interned names by their bytes.
#[derive(Clone, Debug, Default)]
struct NameTable {
    ids: FxHashMap<Box<[u8]>, u32>,
    names: Vec<IdentText>,
}

impl NameTable {
    fn insert(&mut self, bytes: &[u8], text: IdentText) -> u32 {
        let id = self.names.len() as u32;
        self.names.push(text);
        self.ids.insert(bytes.into(), id);
        id
    }
}

/// Owns the uniqued storage of identifiers, types and attributes. A
/// clone keeps every handle of the original valid and meaning the same
/// (the verifier's scratch context relies on it, see
/// [`crate::registry::RegionCheckCx`]).
#[derive(Clone, Debug, Default)]
pub struct Context {
    names: NameTable,
    /// Identifiers of names the program spells, by address (see
    /// [`Context::static_ident`]).
    static_names: static_names::StaticNames,
    types: Interner<TypeKind>,
    attrs: Interner<AttrKind>,
    /// Fast paths for the most common types and attributes.
    pub(crate) cache: crate::types::CommonCache,
    /// Accept ops, types and attributes of dialects that are not registered,
    /// as `mlir-opt --allow-unregistered-dialect` does.
    pub allow_unregistered_dialects: bool,
    /// The dialects' alias hooks, in registration order (see
    /// [`Context::add_alias_hooks`]).
    alias_hooks: Vec<AliasHooks>,
    /// Types known by a key whose full description was set afterwards
    /// (see [`Context::set_keyed_type_kind`]), by that description, so
    /// that interning it gives the keyed handle back.
    keyed_types: FxHashMap<TypeKind, Type>,
    /// The dialect type definitions that may be vector elements (see
    /// [`Context::allow_vector_element`]).
    pub(crate) vector_element_defs: Vec<crate::defs::DefRef>,
}

/// What a dialect's alias hook answers for an attribute or type, as
/// MLIR's `OpAsmDialectInterface::getAlias` does: no alias, a name a
/// dialect asked later may replace, or a name that stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AliasResult {
    NoAlias,
    Overridable(String),
    Final(String),
}

/// A dialect's `getAlias` for attributes and for types; either may be
/// absent. The printer sanitizes the names it gets (`test.alias` prints
/// as `#test2Ealias`).
#[derive(Clone, Copy, Debug, Default)]
pub struct AliasHooks {
    pub attr: Option<fn(&Context, Attribute) -> AliasResult>,
    pub ty: Option<fn(&Context, Type) -> AliasResult>,
}

impl Context {
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds a dialect's alias hooks: the printer asks every dialect's in
    /// the order they were added, and the first final name wins (else
    /// the last overridable one), as mlir-opt asks its dialects.
    pub fn add_alias_hooks(&mut self, hooks: AliasHooks) {
        self.alias_hooks.push(hooks);
    }

    /// The alias the dialects' hooks give `attr`, if any.
    pub fn dialect_attr_alias(&self, attr: Attribute) -> Option<String> {
        let hooks = self.alias_hooks.iter().filter_map(|h| h.attr);
        pick_alias(hooks.map(|f| f(self, attr)))
    }

    /// The alias the dialects' hooks give `ty`, if any.
    pub fn dialect_type_alias(&self, ty: Type) -> Option<String> {
        let hooks = self.alias_hooks.iter().filter_map(|h| h.ty);
        pick_alias(hooks.map(|f| f(self, ty)))
    }

    /// Interns a UTF-8 name.
    pub fn ident(&mut self, s: &str) -> Identifier {
        if let Some(&id) = self.names.ids.get(s.as_bytes()) {
            return Identifier(id);
        }
        let text = IdentText {
            text: s.into(),
            raw: None,
        };
        Identifier(self.names.insert(s.as_bytes(), text))
    }

    /// Interns a name given as bytes, which need not be UTF-8.
    pub fn ident_from_bytes(&mut self, bytes: &[u8]) -> Identifier {
        if let Some(&id) = self.names.ids.get(bytes) {
            return Identifier(id);
        }
        let text = match std::str::from_utf8(bytes) {
            Ok(s) => IdentText {
                text: s.into(),
                raw: None,
            },
            Err(_) => IdentText {
                text: String::from_utf8_lossy(bytes).into(),
                raw: Some(bytes.into()),
            },
        };
        Identifier(self.names.insert(bytes, text))
    }

    /// The identifier for `s` if it was interned before.
    pub fn lookup_ident(&self, s: &str) -> Option<Identifier> {
        self.names.ids.get(s.as_bytes()).copied().map(Identifier)
    }

    /// The name as text. For the rare name that is not UTF-8 this has
    /// U+FFFD in place of the invalid bytes: fine for messages and for
    /// comparing with known (ASCII) names, but print and order names by
    /// [`Context::bytes`].
    #[inline]
    pub fn str(&self, id: Identifier) -> &str {
        &self.names.names[id.0 as usize].text
    }

    /// The exact bytes of the name.
    #[inline]
    pub fn bytes(&self, id: Identifier) -> &[u8] {
        let name = &self.names.names[id.0 as usize];
        match &name.raw {
            Some(raw) => raw,
            None => name.text.as_bytes(),
        }
    }

    pub fn intern_type(&mut self, kind: TypeKind) -> Type {
        if !self.keyed_types.is_empty() {
            if let Some(&ty) = self.keyed_types.get(&kind) {
                return ty;
            }
        }
        Type(self.types.intern(kind))
    }

    /// Gives `ty`, a type interned by its key (MLIR's mutable type
    /// storage, as LLVM's identified structs are uniqued by their name
    /// alone), its full description `kind`, once: the handle stays the
    /// same, so the description may name `ty` itself (a recursive type),
    /// and interning `kind` afterwards gives `ty`. Returns whether `ty`
    /// now has `kind`: false when another description was set before.
    pub fn set_keyed_type_kind(&mut self, ty: Type, kind: TypeKind) -> bool {
        if self.is_keyed_type_set(ty) {
            return self.type_kind(ty) == &kind;
        }
        self.types.replace(ty.0, kind.clone());
        self.keyed_types.insert(kind, ty);
        true
    }

    /// Whether [`Context::set_keyed_type_kind`] gave `ty` its description.
    pub fn is_keyed_type_set(&self, ty: Type) -> bool {
        self.keyed_types
            .get(self.type_kind(ty))
            .is_some_and(|&t| t == ty)
    }

    #[inline]
    pub fn type_kind(&self, ty: Type) -> &TypeKind {
        self.types.get(ty.0)
    }

    pub fn intern_attr(&mut self, kind: AttrKind) -> Attribute {
        Attribute(self.attrs.intern(kind))
    }

    /// The attribute interned for `key`, if any, without building its
    /// `AttrKind` (see `attr_lookup`).
    pub(crate) fn lookup_attr_key(
        &self,
        key: &dyn crate::attr_lookup::AttrKey,
    ) -> Option<Attribute> {
        self.attrs.lookup(key).map(Attribute)
    }

    /// A new `distinct[N]<referenced>` attribute, equal to no attribute
    /// made before (MLIR's `DistinctAttr::create`). Parsed distinct
    /// attributes keep the number their text gave them; a new one takes
    /// the first number from 2^63 on that no interned one has, so the two
    /// never merge (the printer renumbers them all anyway).
    pub fn create_distinct_attr(&mut self, referenced: Attribute) -> Attribute {
        let mut id = (1u64 << 63) + self.attrs.len() as u64;
        loop {
            let kind = AttrKind::Distinct { id, referenced };
            if self.attrs.lookup(&kind).is_none() {
                return self.intern_attr(kind);
            }
            id += 1;
        }
    }

    #[inline]
    pub fn attr_kind(&self, attr: Attribute) -> &AttrKind {
        self.attrs.get(attr.0)
    }

    /// Every attribute interned so far, in interning order.
    pub(crate) fn all_attrs(&self) -> impl Iterator<Item = Attribute> {
        (0..self.attrs.len() as u32).map(Attribute)
    }

    /// Every type interned so far, in interning order.
    pub(crate) fn all_types(&self) -> impl Iterator<Item = Type> {
        (0..self.types.len() as u32).map(Type)
    }
}

/// The first final answer, else the last overridable one.
fn pick_alias(answers: impl Iterator<Item = AliasResult>) -> Option<String> {
    let mut chosen = None;
    for answer in answers {
        match answer {
            AliasResult::NoAlias => {}
            AliasResult::Overridable(name) => chosen = Some(name),
            AliasResult::Final(name) => return Some(name),
        }
    }
    chosen
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
        assert_eq!(a, ctx.ident_from_bytes(b"arith.addi"));
        let i32a = ctx.intern_type(TypeKind::Index);
        assert_eq!(i32a, ctx.intern_type(TypeKind::Index));
    }

    #[test]
    fn keyed_types_keep_their_handle_when_described() {
        let mut ctx = Context::new();
        let i1 = ctx.int_type(1);
        // A tuple stands for any type known by a key: `(i1)` is the key.
        let key = TypeKind::Tuple(vec![i1].into());
        let ty = ctx.intern_type(key.clone());
        assert!(!ctx.is_keyed_type_set(ty));
        // The description names the type itself.
        let full = TypeKind::Tuple(vec![i1, ty].into());
        assert!(ctx.set_keyed_type_kind(ty, full.clone()));
        assert!(ctx.is_keyed_type_set(ty));
        assert_eq!(ctx.type_kind(ty), &full);
        // Both the key and the description give the same handle back.
        assert_eq!(ctx.intern_type(key), ty);
        assert_eq!(ctx.intern_type(full.clone()), ty);
        // Set once: the same description again is fine, another is not.
        assert!(ctx.set_keyed_type_kind(ty, full));
        assert!(!ctx.set_keyed_type_kind(ty, TypeKind::Tuple(vec![ty].into())));
        // A clone keeps it.
        let copy = ctx.clone();
        assert!(copy.is_keyed_type_set(ty));
    }

    #[test]
    fn names_that_are_not_utf8_keep_their_bytes() {
        let mut ctx = Context::new();
        let ff = ctx.ident_from_bytes(b"a\xFFb");
        let fe = ctx.ident_from_bytes(b"a\xFEb");
        // Both show as "a\u{FFFD}b" but stay distinct names.
        assert_ne!(ff, fe);
        assert_eq!(ctx.str(ff), "a\u{FFFD}b");
        assert_eq!(ctx.bytes(ff), b"a\xFFb");
        assert_eq!(ctx.bytes(fe), b"a\xFEb");
        assert_eq!(ff, ctx.ident_from_bytes(b"a\xFFb"));
        // The replacement character itself is a different, UTF-8 name.
        let replaced = ctx.ident("a\u{FFFD}b");
        assert_ne!(replaced, ff);
        assert_eq!(ctx.bytes(replaced), "a\u{FFFD}b".as_bytes());
    }
}

//! Context shards: interning on worker threads, absorbed afterwards.
//!
//! A nested pipeline run on several threads gives each worker a *shard*:
//! a clone of the context ([`Context::shard`]), so every handle the
//! shared IR holds stays valid and means the same, and what a worker
//! interns anew gets ids from the clone's lengths on. Once the workers
//! are done, [`Context::absorb`] re-interns a shard's new names, types
//! and attributes into the shared context, unit by unit in target order,
//! and the [`Remap`] it fills rewrites the unit's handles (see
//! `graph::unit`). Absorbing the units in target order interns their new
//! entries in the order one thread would have: a unit's new entries are
//! those no earlier unit interned, in the order it first interned them.
//!
//! Why a clone and not a shard borrowing the context read-only: passes,
//! folders and dialect builders take `&mut Context` everywhere; a clone is
//! a `Context`, so none of them changes. A clone costs one copy of the
//! tables per worker (not per unit).
//!
//! Limits ([`Context::check_shard`] refuses them, and the caller runs the
//! units on one thread instead): a shard that gave a keyed type its
//! description ([`Context::set_keyed_type_kind`] changes an entry in
//! place) or set a resource blob. A [`crate::CustomParam`] is copied as it
//! is: like the alias walks, absorbing assumes it holds no handles.

use super::{Context, Identifier};
use crate::attributes::{AttrKind, Attribute, NamedAttribute};
use crate::defs::{DefinedData, Param};
use crate::types::{Type, TypeKind};

const NONE: u32 = u32::MAX;

/// How far each table of a context reached at some point (what a unit
/// run in a shard had interned by its end).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ContextMark {
    names: u32,
    types: u32,
    attrs: u32,
}

/// Where a shard's new entries went in the shared context (filled by
/// [`Context::absorb`]); maps the handles of the units run in the shard.
#[derive(Clone, Debug)]
pub struct Remap {
    /// The shared context's lengths when the shard was made.
    base: ContextMark,
    base_keyed: usize,
    base_resources: usize,
    /// The shard's entries absorbed so far: everything below.
    done: ContextMark,
    /// Shard id minus the base length to shared id (`NONE`: not yet).
    names: Vec<u32>,
    types: Vec<u32>,
    attrs: Vec<u32>,
}

impl Remap {
    /// Whether nothing new was absorbed: every handle maps to itself.
    pub fn is_identity(&self) -> bool {
        self.done == self.base
    }

    pub fn ident(&self, id: Identifier) -> Identifier {
        Identifier(map(id.0, self.base.names, &self.names))
    }

    pub fn ty(&self, ty: Type) -> Type {
        Type(map(ty.0, self.base.types, &self.types))
    }

    pub fn attr(&self, attr: Attribute) -> Attribute {
        Attribute(map(attr.0, self.base.attrs, &self.attrs))
    }
}

/// `id` through one table of a remap; an entry not absorbed yet is a bug
/// of the caller (a unit's handles are all below its end mark).
fn map(id: u32, base: u32, table: &[u32]) -> u32 {
    if id < base {
        return id;
    }
    let mapped = table.get((id - base) as usize).copied().unwrap_or(NONE);
    assert!(mapped != NONE, "handle not absorbed from its shard");
    mapped
}

impl Context {
    /// The lengths of the tables now.
    pub fn mark(&self) -> ContextMark {
        ContextMark {
            names: self.names.names.len() as u32,
            types: self.types.len() as u32,
            attrs: self.attrs.len() as u32,
        }
    }

    /// A shard for a worker, and the remap its entries will be absorbed
    /// through.
    pub fn shard(&self) -> (Context, Remap) {
        let base = self.mark();
        let remap = Remap {
            base,
            base_keyed: self.keyed_types.len(),
            base_resources: self.cache.resources.len(),
            done: base,
            names: Vec::new(),
            types: Vec::new(),
            attrs: Vec::new(),
        };
        (self.clone(), remap)
    }

    /// Whether [`Context::absorb`] can take what `shard` holds: `Err`
    /// names what the shard changed in place.
    pub fn check_shard(shard: &Context, remap: &Remap) -> Result<(), &'static str> {
        if shard.keyed_types.len() != remap.base_keyed {
            return Err("a keyed type was described");
        }
        if shard.cache.resources.len() != remap.base_resources {
            return Err("a resource blob was set");
        }
        Ok(())
    }

    /// Interns into `self` the entries `shard` made up to `upto` (a
    /// [`Context::mark`] of the shard) that earlier calls did not, in
    /// the shard's order, and records their handles in `remap`. `shard`
    /// must have passed [`Context::check_shard`].
    pub fn absorb(&mut self, shard: &Context, upto: ContextMark, remap: &mut Remap) {
        let mut a = Absorber {
            main: self,
            shard,
            remap,
        };
        for id in a.remap.done.names..upto.names {
            a.ident(Identifier(id));
        }
        for id in a.remap.done.types..upto.types {
            a.ty(Type(id));
        }
        for id in a.remap.done.attrs..upto.attrs {
            a.attr(Attribute(id));
        }
        let done = &mut a.remap.done;
        done.names = done.names.max(upto.names);
        done.types = done.types.max(upto.types);
        done.attrs = done.attrs.max(upto.attrs);
    }
}

/// One absorption: shard handles to shared ones, interning on the way
/// (a type may name an attribute made after it in the shard and the
/// other way round, so each handle resolves what it names first).
struct Absorber<'a> {
    main: &'a mut Context,
    shard: &'a Context,
    remap: &'a mut Remap,
}

/// The slot of shard id `id` in a remap table, grown as needed; `None`
/// for an id of the shared context.
fn slot(table: &mut Vec<u32>, base: u32, id: u32) -> Option<&mut u32> {
    let i = id.checked_sub(base)? as usize;
    if table.len() <= i {
        table.resize(i + 1, NONE);
    }
    Some(&mut table[i])
}

impl Absorber<'_> {
    fn ident(&mut self, id: Identifier) -> Identifier {
        match slot(&mut self.remap.names, self.remap.base.names, id.0) {
            None => id,
            Some(&mut s) if s != NONE => Identifier(s),
            Some(_) => {
                let new = self.main.ident_from_bytes(self.shard.bytes(id));
                *slot(&mut self.remap.names, self.remap.base.names, id.0).expect("new") = new.0;
                new
            }
        }
    }

    fn ty(&mut self, ty: Type) -> Type {
        match slot(&mut self.remap.types, self.remap.base.types, ty.0) {
            None => ty,
            Some(&mut s) if s != NONE => Type(s),
            Some(_) => {
                let kind = self.type_kind(self.shard.type_kind(ty));
                let new = self.main.intern_type(kind);
                *slot(&mut self.remap.types, self.remap.base.types, ty.0).expect("new") = new.0;
                new
            }
        }
    }

    fn attr(&mut self, attr: Attribute) -> Attribute {
        match slot(&mut self.remap.attrs, self.remap.base.attrs, attr.0) {
            None => attr,
            Some(&mut s) if s != NONE => Attribute(s),
            Some(_) => {
                let new = match self.shard.attr_kind(attr) {
                    // Made by `create_distinct_attr` in the shard: its
                    // number is only unique there.
                    &AttrKind::Distinct { id, referenced } if id >= 1 << 63 => {
                        let referenced = self.attr(referenced);
                        self.main.create_distinct_attr(referenced)
                    }
                    kind => {
                        let kind = self.attr_kind(kind);
                        self.main.intern_attr(kind)
                    }
                };
                *slot(&mut self.remap.attrs, self.remap.base.attrs, attr.0).expect("new") = new.0;
                new
            }
        }
    }

    fn types(&mut self, tys: &[Type]) -> Box<[Type]> {
        tys.iter().map(|&t| self.ty(t)).collect()
    }

    fn opt_attr(&mut self, attr: Option<Attribute>) -> Option<Attribute> {
        attr.map(|a| self.attr(a))
    }

    fn opt_ty(&mut self, ty: Option<Type>) -> Option<Type> {
        ty.map(|t| self.ty(t))
    }

    fn type_kind(&mut self, kind: &TypeKind) -> TypeKind {
        match kind {
            TypeKind::Integer { .. } | TypeKind::Index | TypeKind::Float(_) | TypeKind::None => {
                kind.clone()
            }
            TypeKind::Function { inputs, results } => TypeKind::Function {
                inputs: self.types(inputs),
                results: self.types(results),
            },
            TypeKind::Complex(e) => TypeKind::Complex(self.ty(*e)),
            TypeKind::Tuple(elems) => TypeKind::Tuple(self.types(elems)),
            TypeKind::Vector {
                shape,
                scalable,
                element,
            } => TypeKind::Vector {
                shape: shape.clone(),
                scalable: scalable.clone(),
                element: self.ty(*element),
            },
            TypeKind::RankedTensor {
                shape,
                element,
                encoding,
            } => TypeKind::RankedTensor {
                shape: shape.clone(),
                element: self.ty(*element),
                encoding: self.opt_attr(*encoding),
            },
            TypeKind::UnrankedTensor { element } => TypeKind::UnrankedTensor {
                element: self.ty(*element),
            },
            TypeKind::MemRef {
                shape,
                element,
                layout,
                memory_space,
            } => TypeKind::MemRef {
                shape: shape.clone(),
                element: self.ty(*element),
                layout: self.opt_attr(*layout),
                memory_space: self.opt_attr(*memory_space),
            },
            TypeKind::UnrankedMemRef {
                element,
                memory_space,
            } => TypeKind::UnrankedMemRef {
                element: self.ty(*element),
                memory_space: self.opt_attr(*memory_space),
            },
            TypeKind::Opaque { dialect, data } => TypeKind::Opaque {
                dialect: self.ident(*dialect),
                data: data.clone(),
            },
            TypeKind::Defined(data) => TypeKind::Defined(self.defined(data)),
        }
    }

    fn defined(&mut self, data: &DefinedData) -> DefinedData {
        DefinedData {
            def: data.def,
            params: data.params.iter().map(|p| self.param(p)).collect(),
        }
    }

    fn param(&mut self, param: &Param) -> Param {
        match param {
            Param::Type(t) => Param::Type(self.ty(*t)),
            Param::Attr(a) => Param::Attr(self.attr(*a)),
            Param::Array(items) => Param::Array(items.iter().map(|p| self.param(p)).collect()),
            Param::Optional(Some(p)) => Param::Optional(Some(Box::new(self.param(p)))),
            _ => param.clone(),
        }
    }

    fn attr_kind(&mut self, kind: &AttrKind) -> AttrKind {
        match kind {
            AttrKind::Unit
            | AttrKind::AffineMap(_)
            | AttrKind::IntegerSet(_)
            | AttrKind::Strided { .. }
            | AttrKind::UnknownLoc => kind.clone(),
            AttrKind::Integer { ty, value } => AttrKind::Integer {
                ty: self.ty(*ty),
                value: value.clone(),
            },
            AttrKind::Float { ty, bits } => AttrKind::Float {
                ty: self.ty(*ty),
                bits: *bits,
            },
            AttrKind::String { value, ty } => AttrKind::String {
                value: value.clone(),
                ty: self.opt_ty(*ty),
            },
            AttrKind::Type(t) => AttrKind::Type(self.ty(*t)),
            AttrKind::Array(elems) => {
                AttrKind::Array(elems.iter().map(|&a| self.attr(a)).collect())
            }
            AttrKind::Dictionary(entries) => AttrKind::Dictionary(
                entries
                    .iter()
                    .map(|e| NamedAttribute {
                        name: self.ident(e.name),
                        value: self.attr(e.value),
                    })
                    .collect(),
            ),
            AttrKind::SymbolRef { root, nested } => AttrKind::SymbolRef {
                root: self.ident(*root),
                nested: nested.iter().map(|&n| self.ident(n)).collect(),
            },
            AttrKind::DenseElements { ty, data } => AttrKind::DenseElements {
                ty: self.ty(*ty),
                data: data.clone(),
            },
            AttrKind::DenseStrings { ty, values } => AttrKind::DenseStrings {
                ty: self.ty(*ty),
                values: values.clone(),
            },
            AttrKind::DenseResource { ty, handle } => AttrKind::DenseResource {
                ty: self.ty(*ty),
                handle: self.ident(*handle),
            },
            AttrKind::DenseArray { elem, data } => AttrKind::DenseArray {
                elem: self.ty(*elem),
                data: data.clone(),
            },
            AttrKind::Sparse {
                ty,
                indices,
                values,
            } => AttrKind::Sparse {
                ty: self.ty(*ty),
                indices: self.attr(*indices),
                values: self.attr(*values),
            },
            AttrKind::Opaque { dialect, data, ty } => AttrKind::Opaque {
                dialect: self.ident(*dialect),
                data: data.clone(),
                ty: self.opt_ty(*ty),
            },
            AttrKind::Defined(data) => AttrKind::Defined(self.defined(data)),
            AttrKind::Distinct { id, referenced } => AttrKind::Distinct {
                id: *id,
                referenced: self.attr(*referenced),
            },
            AttrKind::FileLineCol {
                file,
                line,
                col,
                end,
            } => AttrKind::FileLineCol {
                file: self.attr(*file),
                line: *line,
                col: *col,
                end: *end,
            },
            AttrKind::NameLoc { name, child } => AttrKind::NameLoc {
                name: self.attr(*name),
                child: self.opt_attr(*child),
            },
            AttrKind::CallSiteLoc { callee, caller } => AttrKind::CallSiteLoc {
                callee: self.attr(*callee),
                caller: self.attr(*caller),
            },
            AttrKind::FusedLoc { locs, metadata } => AttrKind::FusedLoc {
                locs: locs.iter().map(|&l| self.attr(l)).collect(),
                metadata: self.opt_attr(*metadata),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::Signedness;

    /// One thread's interning: unit 0 then unit 1 on a context.
    fn serial(ctx: &mut Context) -> [Attribute; 3] {
        let a = unit_a(ctx);
        let [b, c] = unit_b(ctx);
        [a, b, c]
    }

    fn unit_a(ctx: &mut Context) -> Attribute {
        let i7 = ctx.intern_type(TypeKind::Integer {
            width: 7,
            signedness: Signedness::Signless,
        });
        ctx.intern_attr(AttrKind::Integer {
            ty: i7,
            value: crate::attributes::IntValue::Small(3),
        })
    }

    fn unit_b(ctx: &mut Context) -> [Attribute; 2] {
        let i7 = ctx.intern_type(TypeKind::Integer {
            width: 7,
            signedness: Signedness::Signless,
        });
        let f = ctx.intern_type(TypeKind::Function {
            inputs: vec![i7].into(),
            results: vec![].into(),
        });
        let name = ctx.ident("shard.new");
        let sym = ctx.intern_attr(AttrKind::SymbolRef {
            root: name,
            nested: vec![].into(),
        });
        let ty = ctx.intern_attr(AttrKind::Type(f));
        [sym, ty]
    }

    #[test]
    fn absorbing_in_unit_order_gives_one_threads_handles() {
        let mut base = Context::new();
        base.ident("shared");
        let mut one = base.clone();
        let expected = serial(&mut one);

        // Unit a on one worker, unit b on another.
        let (mut s1, mut r1) = base.shard();
        let (mut s2, mut r2) = base.shard();
        let a = unit_a(&mut s1);
        let [b, c] = unit_b(&mut s2);
        let (m1, m2) = (s1.mark(), s2.mark());
        Context::check_shard(&s1, &r1).unwrap();
        Context::check_shard(&s2, &r2).unwrap();
        let mut main = base;
        main.absorb(&s1, m1, &mut r1);
        main.absorb(&s2, m2, &mut r2);
        assert_eq!([r1.attr(a), r2.attr(b), r2.attr(c)], expected);
        assert_eq!(main.mark(), one.mark());
        assert!(!r2.is_identity());
        let AttrKind::Type(f) = main.attr_kind(r2.attr(c)) else {
            panic!("not a type attribute");
        };
        assert_eq!(main.type_kind(*f), one.type_kind(*f));
    }

    #[test]
    fn shards_that_change_entries_in_place_are_refused() {
        let base = Context::new();
        let (mut shard, remap) = base.shard();
        let i1 = shard.int_type(1);
        let key = shard.intern_type(TypeKind::Tuple(vec![i1].into()));
        assert!(shard.set_keyed_type_kind(key, TypeKind::Tuple(vec![i1, key].into())));
        assert!(Context::check_shard(&shard, &remap).is_err());
    }

    #[test]
    fn distinct_attributes_made_in_two_shards_stay_distinct() {
        let mut base = Context::new();
        let unit = base.intern_attr(AttrKind::Unit);
        let (mut s1, mut r1) = base.shard();
        let (mut s2, mut r2) = base.shard();
        let d1 = s1.create_distinct_attr(unit);
        let d2 = s2.create_distinct_attr(unit);
        // The same number in each shard...
        assert_eq!(s1.attr_kind(d1), s2.attr_kind(d2));
        let (m1, m2) = (s1.mark(), s2.mark());
        base.absorb(&s1, m1, &mut r1);
        base.absorb(&s2, m2, &mut r2);
        // ...but two attributes once absorbed.
        assert_ne!(r1.attr(d1), r2.attr(d2));
    }
}

//! Alias selection: which attributes, types and locations print as
//! `#map`, `#loc3`, `#distinct1`, ... and in which order, as `mlir-opt`
//! chooses them.
//!
//! In: the symbols the printers print during the printer's dry run
//! (`printer::dry_run`). Out: an [`Aliases`] table: one entry per aliased
//! symbol with its name, numbered the way mlir-opt numbers them, split into
//! the definitions printed before the IR and those printed after it (op
//! locations, which the parser may resolve late).
//!
//! As mlir-opt's alias pass, a symbol counts only when a printer hands it
//! to `print_type`/`print_attribute` (or their stripped and type-less
//! forms): a bare affine map printed as text defines no `#map`. The first
//! visit of a symbol visits what it nests: the parts of builtin attributes
//! and types, and for a dialect attribute or type whatever its own printer
//! prints (run dry, see [`Printer::visit_symbol`]). Builtin aliases are
//! `map` (affine maps), `set` (integer sets), `loc` (locations) and
//! `distinct` (but of `distinct[N]<>`). Entries sort by nesting depth (an
//! alias is printed after the aliases it uses), then types before
//! attributes, then by name, first visits first; each name counts `#name`,
//! `#name1`, ...

use super::dialect_asm::AsmPrinter;
use super::Printer;
use crate::attributes::{AttrKind, Attribute};
use crate::defs::{DefHandle, DefinedData, Param};
use crate::graph::{LocKind, Location};
use crate::types::{Type, TypeKind};
use rustc_hash::FxHashMap;
use std::borrow::Cow;

/// Something that may get an alias.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Symbol {
    Attr(Attribute),
    Type(Type),
    /// A source location kept as a byte offset (see [`LocKind::Source`]).
    Source {
        file: u32,
        offset: u32,
    },
    /// [`Location::UNKNOWN`], printed `loc(unknown)`.
    UnknownLoc,
}

impl Symbol {
    pub fn of_location(loc: Location) -> Symbol {
        match loc.kind() {
            LocKind::Unknown => Symbol::UnknownLoc,
            LocKind::Attr(a) => Symbol::Attr(a),
            LocKind::Source { file, offset } => Symbol::Source { file, offset },
        }
    }
}

struct Info {
    symbol: Symbol,
    alias: Option<Cow<'static, str>>,
    depth: u32,
    deferrable: bool,
    children: Vec<usize>,
}

/// One chosen alias.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Alias {
    pub symbol: Symbol,
    /// `loc3`, `map`, ... (without the sigil).
    pub name: String,
    /// Printed after the IR (only op locations and what they use).
    pub deferred: bool,
}

/// The aliases of one print, in printing order.
#[derive(Clone, Debug, Default)]
pub struct Aliases {
    pub list: Vec<Alias>,
    pub by_symbol: FxHashMap<Symbol, usize>,
}

/// What the alias pass learns, filled while the printer runs dry (see
/// `printer::dry_run`): every symbol the printers hand to
/// `print_type`/`print_attribute`, with what it nests.
pub(crate) struct AliasCollector {
    infos: Vec<Info>,
    index: FxHashMap<Symbol, usize>,
    /// Dense per-id caches for attributes and types (ids are dense), so
    /// the common case is an array read, not a hash lookup.
    attr_slot: Vec<u32>,
    type_slot: Vec<u32>,
    /// One frame per dialect attribute or type whose printer is running:
    /// what it prints are its children. Empty at the op level.
    frames: Vec<Frame>,
    /// Symbols folded into another's entry by
    /// [`AliasCollector::merge_locations`]: they print its alias.
    merged: Vec<(Symbol, usize)>,
}

/// The children a dialect attribute's or type's printer printed so far.
struct Frame {
    deferrable: bool,
    kids: Kids,
}

/// Indices of visited children and the deepest alias depth among them.
#[derive(Default)]
struct Kids {
    list: Vec<usize>,
    depth: u32,
}

impl Kids {
    fn add(&mut self, (depth, index): (u32, usize)) {
        self.list.push(index);
        self.depth = self.depth.max(depth);
    }
}

const NO_SLOT: u32 = u32::MAX;

impl AliasCollector {
    pub(crate) fn new() -> Self {
        AliasCollector {
            infos: Vec::new(),
            index: FxHashMap::default(),
            attr_slot: Vec::new(),
            type_slot: Vec::new(),
            frames: Vec::new(),
            merged: Vec::new(),
        }
    }

    /// Makes the locations that name one position one entry, the first
    /// visited: a source location still held as a byte offset and a
    /// `FileLineCol` attribute of the same `file:line:col` are one uniqued
    /// location in MLIR, so they share one alias. `key` gives a location
    /// symbol's position (none for other symbols). Locations have no
    /// children, so only the use that is not deferrable carries over.
    pub(crate) fn merge_locations(&mut self, key: impl Fn(Symbol) -> Option<(Vec<u8>, u32, u32)>) {
        let mut first: FxHashMap<(Vec<u8>, u32, u32), usize> = FxHashMap::default();
        for i in 0..self.infos.len() {
            let Some(k) = key(self.infos[i].symbol) else {
                continue;
            };
            match first.get(&k) {
                None => {
                    first.insert(k, i);
                }
                Some(&kept) => {
                    let deferrable = self.infos[i].deferrable;
                    self.infos[kept].deferrable &= deferrable;
                    self.infos[i].alias = None;
                    self.merged.push((self.infos[i].symbol, kept));
                }
            }
        }
    }

    #[inline]
    fn lookup(&self, s: Symbol) -> Option<usize> {
        let slot = match s {
            Symbol::Attr(a) => self.attr_slot.get(a.0 as usize).copied(),
            Symbol::Type(t) => self.type_slot.get(t.0 as usize).copied(),
            _ => return self.index.get(&s).copied(),
        };
        slot.filter(|&i| i != NO_SLOT).map(|i| i as usize)
    }

    fn remember(&mut self, s: Symbol, i: usize) {
        let (slots, id) = match s {
            Symbol::Attr(a) => (&mut self.attr_slot, a.0 as usize),
            Symbol::Type(t) => (&mut self.type_slot, t.0 as usize),
            _ => {
                self.index.insert(s, i);
                return;
            }
        };
        if slots.len() <= id {
            slots.resize(id + 1, NO_SLOT);
        }
        slots[id] = i as u32;
    }

    fn mark_non_deferrable(&mut self, i: usize) {
        // Most symbols are not deferrable: no work list for them.
        if !self.infos[i].deferrable {
            return;
        }
        let mut work = vec![i];
        while let Some(i) = work.pop() {
            if !self.infos[i].deferrable {
                continue;
            }
            self.infos[i].deferrable = false;
            work.extend(self.infos[i].children.iter().copied());
        }
    }

    /// Numbers the aliases: sorted by depth, types first, then name
    /// (stable, so visiting order breaks ties); each name counts on.
    pub(crate) fn finish(&self) -> Aliases {
        let mut order: Vec<usize> = (0..self.infos.len())
            .filter(|&i| self.infos[i].alias.is_some())
            .collect();
        order.sort_by(|&a, &b| {
            let (x, y) = (&self.infos[a], &self.infos[b]);
            let xt = matches!(x.symbol, Symbol::Type(_));
            let yt = matches!(y.symbol, Symbol::Type(_));
            x.depth
                .cmp(&y.depth)
                .then(yt.cmp(&xt))
                .then(x.alias.cmp(&y.alias))
        });
        let mut counts: FxHashMap<&str, u32> = FxHashMap::default();
        let mut out = Aliases::default();
        let mut alias_of: FxHashMap<usize, usize> = FxHashMap::default();
        for i in order {
            let info = &self.infos[i];
            let base: &str = info.alias.as_deref().expect("filtered above");
            let n = counts.entry(base).or_insert(0);
            let name = if *n == 0 {
                base.to_string()
            } else {
                format!("{base}{n}")
            };
            *n += 1;
            alias_of.insert(i, out.list.len());
            out.by_symbol.insert(info.symbol, out.list.len());
            out.list.push(Alias {
                symbol: info.symbol,
                name,
                deferred: info.deferrable,
            });
        }
        for &(symbol, kept) in &self.merged {
            if let Some(&a) = alias_of.get(&kept) {
                out.by_symbol.insert(symbol, a);
            }
        }
        out
    }
}

/// The visits themselves: on the [`Printer`], because a dialect
/// attribute's or type's nested symbols are what its own printer prints,
/// so visiting one runs that printer (dry, its text dropped).
impl Printer<'_> {
    fn collector(&mut self) -> &mut AliasCollector {
        self.dry_run
            .as_deref_mut()
            .expect("alias visits happen only in a dry run")
    }

    /// Takes note of a symbol a printer prints (`print_type`,
    /// `print_attribute`, ...) during the dry run. At the op level nothing
    /// is deferrable and an attribute's type always counts (mlir-opt's
    /// dry-run op printer visits the type even of
    /// `printAttributeWithoutType`); inside a dialect attribute's or
    /// type's printer the symbol is a child of that value, deferrable as
    /// it is, and `without_type` leaves the attribute's type out.
    pub(crate) fn record(&mut self, s: Symbol, without_type: bool) {
        let c = self.collector();
        let Some(deferrable) = c.frames.last().map(|f| f.deferrable) else {
            // At the op level most symbols were seen before and are not
            // deferrable: then there is nothing to do.
            if c.lookup(s).is_some_and(|i| !c.infos[i].deferrable) {
                return;
            }
            self.visit_symbol(s, false, false);
            return;
        };
        let visited = self.visit_symbol(s, deferrable, without_type);
        if let Some(frame) = self.collector().frames.last_mut() {
            frame.kids.add(visited);
        }
    }

    /// The alias name `s` gets, if any, as mlir-opt asks for it: the
    /// dialects' hooks ([`crate::context::AliasHooks`], sanitized), else
    /// the builtin dialect's (`map`, `set`, `loc`, `distinct`, `tuple`
    /// for a tuple of more than 16 types), else a dialect definition's own
    /// (`genMnemonicAlias`).
    pub(crate) fn alias_name(&self, s: Symbol) -> Option<Cow<'static, str>> {
        let ctx = self.ctx;
        match s {
            Symbol::Source { .. } | Symbol::UnknownLoc => Some("loc".into()),
            Symbol::Type(t) => {
                if let Some(name) = ctx.dialect_type_alias(t) {
                    return Some(sanitize_alias(name).into());
                }
                match ctx.type_kind(t) {
                    TypeKind::Defined(d) => d.def.0.alias.map(Cow::Borrowed),
                    _ => ctx.builtin_type_alias_name(t).map(Cow::Borrowed),
                }
            }
            Symbol::Attr(a) => {
                if let Some(name) = ctx.dialect_attr_alias(a) {
                    return Some(sanitize_alias(name).into());
                }
                match ctx.attr_kind(a) {
                    // A dialect's location takes the builtin `loc` unless
                    // its definition names its own.
                    AttrKind::Defined(d) => d
                        .def
                        .0
                        .alias
                        .or(d.def.0.is_location().then_some("loc"))
                        .map(Cow::Borrowed),
                    _ => ctx.builtin_attr_alias_name(a).map(Cow::Borrowed),
                }
            }
        }
    }

    /// Visits a symbol and, the first time, what it nests, as mlir-opt's
    /// alias pass does; returns its alias depth and index. `deferrable`:
    /// whether the place that prints it may resolve its alias after the
    /// IR (op locations); `elide_type`: an attribute printed without its
    /// type.
    pub(crate) fn visit_symbol(
        &mut self,
        s: Symbol,
        deferrable: bool,
        elide_type: bool,
    ) -> (u32, usize) {
        let c = self.collector();
        if let Some(i) = c.lookup(s) {
            if !deferrable {
                c.mark_non_deferrable(i);
            }
            return (c.infos[i].depth, i);
        }
        let alias = self.alias_name(s);
        let has_alias = alias.is_some();
        let c = self.collector();
        let i = c.infos.len();
        c.infos.push(Info {
            symbol: s,
            alias,
            depth: u32::from(has_alias),
            // Kept for symbols without an alias too: a use that is not
            // deferrable must reach the aliases they nest (MLIR un-defers
            // through them).
            deferrable,
            children: Vec::new(),
        });
        c.remember(s, i);
        let kids = match s {
            Symbol::Attr(a) => self.visit_attr_children(a, deferrable, elide_type),
            Symbol::Type(t) => self.visit_type_children(t, deferrable),
            Symbol::Source { .. } | Symbol::UnknownLoc => Kids::default(),
        };
        let info = &mut self.collector().infos[i];
        info.children = kids.list;
        if kids.depth > 0 {
            info.depth = kids.depth + 1;
        }
        (info.depth, i)
    }

    /// Runs a dialect definition's printer dry: what it prints are the
    /// value's children.
    fn visit_defined(&mut self, handle: DefHandle, data: &DefinedData, deferrable: bool) -> Kids {
        self.collector().frames.push(Frame {
            deferrable,
            kids: Kids::default(),
        });
        let mark = self.out.len();
        (data.def.0.print)(&mut AsmPrinter::new(self), handle, &data.params);
        self.out.truncate(mark);
        self.collector()
            .frames
            .pop()
            .map(|f| f.kids)
            .unwrap_or_default()
    }

    fn visit_attr_children(&mut self, a: Attribute, deferrable: bool, elide_type: bool) -> Kids {
        let ctx = self.ctx;
        let kind = ctx.attr_kind(a);
        let mut kids = Kids::default();
        let sub = |this: &mut Self, kids: &mut Kids, s: Symbol| {
            kids.add(this.visit_symbol(s, deferrable, false));
        };
        match kind {
            AttrKind::AffineMap(_)
            | AttrKind::DenseArray { .. }
            | AttrKind::Float { .. }
            | AttrKind::Integer { .. }
            | AttrKind::IntegerSet(_)
            | AttrKind::Unit => return kids,
            AttrKind::Defined(data) => {
                kids = self.visit_defined(DefHandle::Attr(a), data, deferrable);
            }
            AttrKind::Distinct { referenced, .. } => {
                sub(self, &mut kids, Symbol::Attr(*referenced))
            }
            AttrKind::Dictionary(entries) => {
                for e in entries.iter() {
                    sub(self, &mut kids, Symbol::Attr(e.value));
                }
            }
            AttrKind::Array(elems) => {
                for &e in elems.iter() {
                    sub(self, &mut kids, Symbol::Attr(e));
                }
            }
            AttrKind::Type(t) => sub(self, &mut kids, Symbol::Type(*t)),
            AttrKind::NameLoc { child: Some(c), .. } => sub(self, &mut kids, Symbol::Attr(*c)),
            AttrKind::CallSiteLoc { callee, caller } => {
                sub(self, &mut kids, Symbol::Attr(*callee));
                sub(self, &mut kids, Symbol::Attr(*caller));
            }
            AttrKind::FusedLoc { locs, metadata } => {
                if let Some(m) = metadata {
                    sub(self, &mut kids, Symbol::Attr(*m));
                }
                for &l in locs.iter() {
                    sub(self, &mut kids, Symbol::Attr(l));
                }
            }
            _ => {}
        }
        if !elide_type {
            // A typed attribute's own type comes after what it nests.
            let ty = match kind {
                AttrKind::String { ty, .. } | AttrKind::Opaque { ty, .. } => *ty,
                AttrKind::DenseElements { ty, .. }
                | AttrKind::DenseStrings { ty, .. }
                | AttrKind::DenseResource { ty, .. }
                | AttrKind::Sparse { ty, .. } => Some(*ty),
                AttrKind::Defined(data) => {
                    data.def.0.self_type.and_then(|i| match data.params.get(i) {
                        Some(Param::Type(t)) => Some(*t),
                        _ => None,
                    })
                }
                _ => None,
            };
            if let Some(t) = ty.filter(|&t| !matches!(ctx.type_kind(t), TypeKind::None)) {
                sub(self, &mut kids, Symbol::Type(t));
            }
        }
        kids
    }

    fn visit_type_children(&mut self, t: Type, deferrable: bool) -> Kids {
        let ctx = self.ctx;
        let mut kids = Kids::default();
        let sub = |this: &mut Self, kids: &mut Kids, s: Symbol| {
            kids.add(this.visit_symbol(s, deferrable, false));
        };
        match ctx.type_kind(t) {
            TypeKind::Defined(data) => {
                kids = self.visit_defined(DefHandle::Type(t), data, deferrable);
            }
            TypeKind::Function { inputs, results } => {
                for &x in inputs.iter().chain(results.iter()) {
                    sub(self, &mut kids, Symbol::Type(x));
                }
            }
            TypeKind::Complex(e) | TypeKind::UnrankedTensor { element: e } => {
                sub(self, &mut kids, Symbol::Type(*e))
            }
            TypeKind::Tuple(elems) => {
                for &x in elems.iter() {
                    sub(self, &mut kids, Symbol::Type(x));
                }
            }
            TypeKind::Vector { element, .. } => sub(self, &mut kids, Symbol::Type(*element)),
            TypeKind::RankedTensor {
                element, encoding, ..
            } => {
                sub(self, &mut kids, Symbol::Type(*element));
                if let Some(e) = encoding {
                    sub(self, &mut kids, Symbol::Attr(*e));
                }
            }
            TypeKind::MemRef {
                element,
                layout,
                memory_space,
                ..
            } => {
                // An identity layout is stored as none: never visited.
                sub(self, &mut kids, Symbol::Type(*element));
                if let Some(l) = layout {
                    sub(self, &mut kids, Symbol::Attr(*l));
                }
                if let Some(m) = memory_space {
                    sub(self, &mut kids, Symbol::Attr(*m));
                }
            }
            TypeKind::UnrankedMemRef {
                element,
                memory_space,
            } => {
                sub(self, &mut kids, Symbol::Type(*element));
                if let Some(m) = memory_space {
                    sub(self, &mut kids, Symbol::Attr(*m));
                }
            }
            _ => {}
        }
        kids
    }
}

/// A dialect's alias name made a valid one, as mlir-opt 22 does: letters,
/// digits and `_` stay, a space becomes `_`, any other byte its two hex
/// digits (`test.alias` -> `test2Ealias`); a name that then starts with a
/// digit gets a leading `_`.
fn sanitize_alias(name: String) -> String {
    let valid = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
    let needs_prefix = |s: &str| s.as_bytes().first().is_some_and(u8::is_ascii_digit);
    if name.bytes().all(valid) && !needs_prefix(&name) {
        return name;
    }
    let mut out = String::with_capacity(name.len() + 4);
    for b in name.bytes() {
        match b {
            b if valid(b) => out.push(char::from(b)),
            b' ' => out.push('_'),
            b => out.push_str(&format!("{b:02X}")),
        }
    }
    if needs_prefix(&out) {
        out.insert(0, '_');
    }
    out
}

//! Alias selection: which attributes, types and locations print as
//! `#map`, `#loc3`, `#distinct1`, ... and in which order, as `mlir-opt`
//! chooses them.
//!
//! In: the ops about to be printed. Out: an [`Aliases`] table: one entry per
//! aliased symbol with its name, numbered the way mlir-opt numbers them,
//! split into the definitions printed before the IR and those printed after
//! it (op locations, which the parser may resolve late).
//!
//! The walk visits what the printer will print, in mlir-opt's order: per op
//! its location (with debug info), its regions (block argument types and
//! locations, nested ops), operand types, result types, then properties and
//! attributes; nested attributes and types first. Builtin aliases are
//! `map` (affine maps), `set` (integer sets), `loc` (locations) and
//! `distinct`. Entries sort by nesting depth (an alias is printed after the
//! aliases it uses), then types before attributes, then by name; each name
//! counts `#name`, `#name1`, ...

use crate::attributes::{AttrKind, Attribute};
use crate::context::Context;
use crate::graph::{BlockId, Ir, LocKind, Location, OpId, RegionId, Value};
use crate::types::{Type, TypeKind};
use rustc_hash::{FxHashMap, FxHashSet};

/// What one custom printer would do with its regions (recorded in probe
/// mode, see `printer::elision`).
#[derive(Default)]
pub(crate) struct Probe {
    /// Regions printed without their terminators.
    pub without_terminators: Vec<RegionId>,
    /// Regions printed without their entry block's arguments.
    pub without_entry_args: Vec<RegionId>,
    /// Block arguments printed by `print_region_argument`.
    pub shown_arguments: Vec<Value>,
    /// Every region printed, in the order printed.
    pub printed: Vec<RegionId>,
}

/// What the custom printers under an op leave out.
#[derive(Default)]
pub struct LeftOut {
    /// Terminators not printed.
    pub terminators: FxHashSet<OpId>,
    /// Entry blocks whose arguments are not printed as a label.
    pub hidden_arguments: FxHashSet<BlockId>,
    /// Arguments of those blocks that a signature prints anyway.
    pub shown_arguments: FxHashSet<Value>,
    /// The regions an op's printer shows, in its order, where that is not
    /// all of them in order (`scf.index_switch` prints its case regions
    /// before the default one).
    pub region_order: FxHashMap<OpId, Vec<RegionId>>,
}

impl LeftOut {
    /// Whether argument `v` of block `b` shows in the output.
    pub fn shows_argument(&self, b: BlockId, v: Value) -> bool {
        !self.hidden_arguments.contains(&b) || self.shown_arguments.contains(&v)
    }
}

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
    alias: Option<&'static str>,
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

/// The types and attributes inside the parameters of a defined type or
/// attribute, in printing order.
fn param_symbols(params: &[crate::defs::Param]) -> Vec<Symbol> {
    let mut out = Vec::new();
    for p in params {
        p.for_each_sub_element(&mut |e| {
            out.push(match e {
                crate::SubElement::Attr(a) => Symbol::Attr(a),
                crate::SubElement::Type(t) => Symbol::Type(t),
            })
        });
    }
    out
}

/// Walks the IR collecting symbols (see the module comment).
pub struct AliasCollector<'a> {
    ctx: &'a Context,
    infos: Vec<Info>,
    index: FxHashMap<Symbol, usize>,
    /// Dense per-id caches for attributes and types (ids are dense), so
    /// the common case is an array read, not a hash lookup.
    attr_slot: Vec<u32>,
    type_slot: Vec<u32>,
    debug_info: bool,
}

const NO_SLOT: u32 = u32::MAX;

impl<'a> AliasCollector<'a> {
    pub fn new(ctx: &'a Context, debug_info: bool) -> Self {
        AliasCollector {
            ctx,
            infos: Vec::new(),
            index: FxHashMap::default(),
            attr_slot: Vec::new(),
            type_slot: Vec::new(),
            debug_info,
        }
    }

    fn alias_name(&self, s: Symbol) -> Option<&'static str> {
        match s {
            Symbol::Source { .. } | Symbol::UnknownLoc => Some("loc"),
            Symbol::Type(t) => self.ctx.type_def_data(t).and_then(|d| d.def.0.alias),
            Symbol::Attr(a) => match self.ctx.attr_kind(a) {
                AttrKind::Defined(d) => d.def.0.alias,
                AttrKind::AffineMap(_) => Some("map"),
                AttrKind::IntegerSet(_) => Some("set"),
                AttrKind::Distinct { .. } => Some("distinct"),
                k if k.is_location() => Some("loc"),
                _ => None,
            },
        }
    }

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

    /// [`AliasCollector::visit`] of a non-deferrable use, for what the op
    /// walk meets again and again (value types, property dictionaries):
    /// an array read when the symbol was seen and is non-deferrable.
    #[inline]
    fn visit_use(&mut self, s: Symbol) {
        if let Some(i) = self.lookup(s) {
            if !self.infos[i].deferrable {
                return;
            }
        }
        self.visit(s, false);
    }

    /// Visits a symbol and what it nests; returns (depth, index).
    pub fn visit(&mut self, s: Symbol, deferrable: bool) -> (u32, usize) {
        self.visit_elided(s, deferrable, false)
    }

    fn visit_elided(&mut self, s: Symbol, deferrable: bool, elide_type: bool) -> (u32, usize) {
        if let Some(i) = self.lookup(s) {
            if !deferrable {
                self.mark_non_deferrable(i);
            }
            return (self.infos[i].depth, i);
        }
        let alias = self.alias_name(s);
        let i = self.infos.len();
        self.infos.push(Info {
            symbol: s,
            alias,
            depth: u32::from(alias.is_some()),
            deferrable: alias.is_some() && deferrable,
            children: Vec::new(),
        });
        self.remember(s, i);
        let mut children = Vec::new();
        let mut max_depth = 0;
        let mut sub = |this: &mut Self, s: Symbol| {
            let (d, c) = this.visit(s, deferrable);
            children.push(c);
            max_depth = max_depth.max(d);
        };
        match s {
            Symbol::Attr(a) => {
                let ctx = self.ctx;
                let kind = ctx.attr_kind(a);
                match kind {
                    AttrKind::AffineMap(_)
                    | AttrKind::DenseArray { .. }
                    | AttrKind::Float { .. }
                    | AttrKind::Integer { .. }
                    | AttrKind::IntegerSet(_)
                    | AttrKind::Unit => {}
                    _ => {
                        match kind {
                            AttrKind::Distinct { referenced, .. } => {
                                sub(self, Symbol::Attr(*referenced))
                            }
                            AttrKind::Dictionary(entries) => {
                                for e in entries.iter() {
                                    sub(self, Symbol::Attr(e.value));
                                }
                            }
                            AttrKind::Array(elems) => {
                                for &e in elems.iter() {
                                    sub(self, Symbol::Attr(e));
                                }
                            }
                            AttrKind::Type(t) => sub(self, Symbol::Type(*t)),
                            AttrKind::Defined(data) => {
                                for s in param_symbols(&data.params) {
                                    sub(self, s);
                                }
                            }
                            AttrKind::NameLoc { child: Some(c), .. } => sub(self, Symbol::Attr(*c)),
                            AttrKind::CallSiteLoc { callee, caller } => {
                                sub(self, Symbol::Attr(*callee));
                                sub(self, Symbol::Attr(*caller));
                            }
                            AttrKind::FusedLoc { locs, metadata } => {
                                if let Some(m) = metadata {
                                    sub(self, Symbol::Attr(*m));
                                }
                                for &l in locs.iter() {
                                    sub(self, Symbol::Attr(l));
                                }
                            }
                            _ => {}
                        }
                        if !elide_type {
                            let ty = match kind {
                                AttrKind::String { ty, .. } => *ty,
                                AttrKind::DenseElements { ty, .. }
                                | AttrKind::DenseStrings { ty, .. }
                                | AttrKind::DenseResource { ty, .. }
                                | AttrKind::Sparse { ty, .. } => Some(*ty),
                                _ => None,
                            };
                            if let Some(t) = ty {
                                if !matches!(ctx.type_kind(t), TypeKind::None) {
                                    sub(self, Symbol::Type(t));
                                }
                            }
                        }
                    }
                }
            }
            Symbol::Type(t) => {
                let ctx = self.ctx;
                match ctx.type_kind(t) {
                    TypeKind::Function { inputs, results } => {
                        for &x in inputs.iter().chain(results.iter()) {
                            sub(self, Symbol::Type(x));
                        }
                    }
                    TypeKind::Complex(e) | TypeKind::UnrankedTensor { element: e } => {
                        sub(self, Symbol::Type(*e))
                    }
                    TypeKind::Tuple(elems) => {
                        for &x in elems.iter() {
                            sub(self, Symbol::Type(x));
                        }
                    }
                    TypeKind::Vector { element, .. } => sub(self, Symbol::Type(*element)),
                    TypeKind::RankedTensor {
                        element, encoding, ..
                    } => {
                        sub(self, Symbol::Type(*element));
                        if let Some(e) = encoding {
                            sub(self, Symbol::Attr(*e));
                        }
                    }
                    TypeKind::MemRef {
                        element,
                        layout,
                        memory_space,
                        ..
                    } => {
                        sub(self, Symbol::Type(*element));
                        if let Some(l) = layout {
                            sub(self, Symbol::Attr(*l));
                        }
                        if let Some(m) = memory_space {
                            sub(self, Symbol::Attr(*m));
                        }
                    }
                    TypeKind::UnrankedMemRef {
                        element,
                        memory_space,
                    } => {
                        sub(self, Symbol::Type(*element));
                        if let Some(m) = memory_space {
                            sub(self, Symbol::Attr(*m));
                        }
                    }
                    TypeKind::Defined(data) => {
                        for s in param_symbols(&data.params) {
                            sub(self, s);
                        }
                    }
                    _ => {}
                }
            }
            _ => {}
        }
        let info = &mut self.infos[i];
        info.children = children;
        if max_depth > 0 {
            info.depth = max_depth + 1;
        }
        (info.depth, i)
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

    /// Visits everything `root` prints, in mlir-opt's order, without
    /// recursion over the op tree. What `left_out` names (terminators and
    /// entry block arguments a custom printer does not show) prints
    /// nothing, so it is not visited.
    pub fn visit_ops(&mut self, ir: &Ir, root: OpId, left_out: &LeftOut) {
        enum Step {
            Op(OpId),
            Block(crate::graph::BlockId),
            Tail(OpId),
        }
        let mut stack = vec![Step::Op(root)];
        while let Some(step) = stack.pop() {
            match step {
                Step::Op(op) => {
                    if left_out.terminators.contains(&op) {
                        continue;
                    }
                    if self.debug_info {
                        self.visit(Symbol::of_location(ir.op_loc(op)), true);
                    }
                    // Regions come before the op's own types and attributes.
                    stack.push(Step::Tail(op));
                    let regions = left_out
                        .region_order
                        .get(&op)
                        .map_or(ir.regions(op), Vec::as_slice);
                    for &r in regions.iter().rev() {
                        let mut b = ir.last_block(r);
                        while let Some(blk) = b {
                            stack.push(Step::Block(blk));
                            b = ir.prev_block(blk);
                        }
                    }
                }
                Step::Block(b) => {
                    for i in 0..ir.num_arguments(b) {
                        let v = ir.argument(b, i);
                        if !left_out.shows_argument(b, v) {
                            continue;
                        }
                        self.visit_use(Symbol::Type(ir.value_type(v)));
                        if self.debug_info {
                            self.visit_use(Symbol::of_location(ir.argument_loc(b, i)));
                        }
                    }
                    stack.extend(ir.block_ops_rev(b).map(Step::Op));
                }
                Step::Tail(op) => {
                    for v in ir.operands(op) {
                        self.visit_use(Symbol::Type(ir.value_type(v)));
                    }
                    for v in ir.results(op) {
                        self.visit_use(Symbol::Type(ir.value_type(v)));
                    }
                    if let Some(p) = ir.props(op) {
                        self.visit_use(Symbol::Attr(p));
                    }
                    if let Some(a) = ir.attrs(op) {
                        self.visit_use(Symbol::Attr(a));
                    }
                }
            }
        }
    }

    /// Numbers the aliases: sorted by depth, types first, then name
    /// (stable, so visiting order breaks ties); each name counts on.
    pub fn finish(&self) -> Aliases {
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
        for i in order {
            let info = &self.infos[i];
            let base = info.alias.expect("filtered above");
            let n = counts.entry(base).or_insert(0);
            let name = if *n == 0 {
                base.to_string()
            } else {
                format!("{base}{n}")
            };
            *n += 1;
            out.by_symbol.insert(info.symbol, out.list.len());
            out.list.push(Alias {
                symbol: info.symbol,
                name,
                deferred: info.deferrable,
            });
        }
        out
    }
}

//! The printer's dry run, which finds the aliases of a print.
//!
//! In: the op tree about to be printed, named already. Out: the
//! [`Aliases`] of this print, installed in the [`Printer`]'s alias tables.
//!
//! As `mlir-opt`'s alias pass, which runs every op's printer against a
//! printer that records instead of printing, this walks the ops in print
//! order and lets each custom printer run with the printer in dry-run mode
//! ([`super::Printer::dry_run`] set): `print_type`, `print_attribute` and
//! their kin note the symbol instead of printing it, and `print_region`
//! walks the region dry in turn. So an alias is defined only for what some
//! printer really prints as a type or attribute, numbered by first use in
//! print order, whatever each printer leaves out (terminators, entry block
//! arguments, attributes it prints as plain text) or reorders (regions).
//! An op printed in the generic form is walked without running anything:
//! its regions, operand types, result types, then its attributes, as
//! mlir-opt's dry run sees them. Text that custom printers write meanwhile
//! is dropped op by op.

use super::aliases::{AliasCollector, Symbol};
use super::ops::OpAsmPrinter;
use super::regions::RegionShape;
use crate::attributes::{AttrKind, NamedAttribute, SubElement};
use crate::defs::Param;
use crate::graph::{BlockId, OpId, RegionId};
use crate::types::TypeKind;

/// The position the alias pass gives both spellings of the unknown
/// location, so they share one alias (no file location has it: lines and
/// columns stop short of `u32::MAX`).
const UNKNOWN_POSITION: (Vec<u8>, u32, u32) = (Vec::new(), u32::MAX, u32::MAX);

/// One step of the dry walk (an explicit stack, as the printer's own, so
/// nesting depth costs heap, not call stack).
pub(super) enum Step {
    Op(OpId),
    /// Ops from `next` on, up to `stop` (a terminator left out).
    Ops {
        next: Option<OpId>,
        stop: Option<OpId>,
    },
    Block {
        block: BlockId,
        arguments: bool,
        terminator: bool,
    },
    /// What the generic form prints after an op's regions.
    GenericTail(OpId),
}

impl OpAsmPrinter<'_, '_> {
    /// Chooses the aliases of printing `root` and tells the attribute
    /// printer.
    pub(crate) fn choose_aliases(&mut self, root: OpId) {
        let (mark, indent) = (self.p.out.len(), self.p.indent);
        self.p.dry_run = Some(Box::new(AliasCollector::new()));
        self.dry_walk(vec![Step::Op(root)]);
        let mut collector = self.p.dry_run.take().expect("set above");
        self.p.out.truncate(mark);
        self.p.indent = indent;
        if self.opts.debug_info {
            collector.merge_locations(|s| self.location_position(s));
        }
        self.aliases = collector.finish();
        for (&symbol, &i) in &self.aliases.by_symbol {
            let name = &self.aliases.list[i].name;
            match symbol {
                Symbol::Attr(attr) => {
                    self.p.attr_aliases.insert(attr, name.as_str().into());
                }
                Symbol::Type(ty) => {
                    self.p.type_aliases.insert(ty, name.as_str().into());
                }
                _ => {}
            }
        }
    }

    /// Whether the alias pass could find anything. The pass is a dry print
    /// of the whole IR (a third of the print of lowered affine IR); when no
    /// attribute or type the IR holds, nested ones included, has an alias
    /// name, its answer is known: no aliases. A printer cannot intern (it
    /// gets the context shared), so what it prints is what the IR holds:
    /// the ops' properties and attributes, the values' types and the
    /// defaults the op registrations computed. Locations always may (with
    /// debug info every op's prints), distinct and resource attributes are
    /// numbered or listed as they are first printed, and a dialect value
    /// with a Rust-typed parameter may print anything: any of them keeps
    /// the pass.
    pub(crate) fn aliases_possible(&mut self, root: OpId) -> bool {
        if self.opts.debug_info {
            return true;
        }
        // First the context, which holds whatever a printer may print:
        // when nothing in it may take an alias, nothing printed may (a
        // look at each value interned, fewer than the IR's ops as a rule).
        let ctx = self.p.ctx;
        let attr_may = |a| {
            matches!(
                ctx.attr_kind(a),
                AttrKind::Distinct { .. } | AttrKind::DenseResource { .. }
            ) || self.p.alias_name(Symbol::Attr(a)).is_some()
        };
        let type_may = |t| self.p.alias_name(Symbol::Type(t)).is_some();
        if !ctx.all_attrs().any(attr_may) && !ctx.all_types().any(type_may) {
            return false;
        }
        // Then what the IR holds, each value looked at once.
        let mut seen = Seen::default();
        let mut symbols: Vec<SubElement> = Vec::new();
        let mut op_names = Seen::default();
        let mut ops = vec![root];
        while let Some(op) = ops.pop() {
            let name = self.ir.op_name(op);
            // The registered defaults: once per op name.
            if op_names.insert_id(name.0 as usize) {
                symbols.extend(self.registered_defaults(op).map(SubElement::Attr));
            }
            let dicts = [self.ir.props(op), self.ir.attrs(op)];
            let dicts = dicts.into_iter().flatten().map(SubElement::Attr);
            // Operands defined outside `root` print their types too (the
            // generic form shows them).
            let values = self.ir.operands(op).chain(self.ir.results(op));
            let types = values.map(|v| SubElement::Type(self.ir.value_type(v)));
            symbols.extend(dicts.chain(types).filter(|&s| !seen.contains(s)));
            for &r in self.ir.regions(op) {
                for b in self.ir.region_blocks(r) {
                    let args = self.ir.arguments(b);
                    let types = args.map(|v| SubElement::Type(self.ir.value_type(v)));
                    symbols.extend(types.filter(|&s| !seen.contains(s)));
                    ops.extend(self.ir.block_ops(b));
                }
            }
            while let Some(s) = symbols.pop() {
                if seen.insert(s) && self.may_take_alias(s, &mut symbols) {
                    return true;
                }
            }
        }
        false
    }

    /// Whether `s` itself may take an alias (or keeps the alias pass for
    /// another reason, see [`Self::aliases_possible`]); else pushes what
    /// it nests onto `nested`.
    fn may_take_alias(&self, s: SubElement, nested: &mut Vec<SubElement>) -> bool {
        let ctx = self.p.ctx;
        let mut push = |e| nested.push(e);
        match s {
            SubElement::Attr(a) => {
                let kind = ctx.attr_kind(a);
                let params = match kind {
                    AttrKind::Distinct { .. } | AttrKind::DenseResource { .. } => return true,
                    AttrKind::Defined(data) => Some(&data.params),
                    _ => None,
                };
                if params.is_some_and(|p| p.iter().any(has_custom_param))
                    || self.p.alias_name(Symbol::Attr(a)).is_some()
                {
                    return true;
                }
                ctx.attr_sub_elements(a, &mut push);
            }
            SubElement::Type(t) => {
                if let TypeKind::Defined(data) = ctx.type_kind(t) {
                    if data.params.iter().any(has_custom_param) {
                        return true;
                    }
                }
                if self.p.alias_name(Symbol::Type(t)).is_some() {
                    return true;
                }
                ctx.type_sub_elements(t, &mut push);
            }
        }
        false
    }

    /// The `file:line:col` a location symbol names, if it is a plain one
    /// (a source offset, or a `FileLineCol` without a range).
    fn location_position(&self, s: Symbol) -> Option<(Vec<u8>, u32, u32)> {
        match s {
            Symbol::Source { file, offset } => {
                let (name, line, col) = self.line_col(file, offset);
                Some((name.into_bytes(), line, col))
            }
            Symbol::Attr(a) => match self.p.ctx.attr_kind(a) {
                AttrKind::FileLineCol {
                    file,
                    line,
                    col,
                    end: None,
                } => Some((self.p.ctx.string_bytes(*file).to_vec(), *line, *col)),
                AttrKind::UnknownLoc => Some(UNKNOWN_POSITION),
                _ => None,
            },
            // `Location::UNKNOWN` and the `loc(unknown)` attribute (which a
            // pass puts in a fused location) are MLIR's one `UnknownLoc`.
            Symbol::UnknownLoc => Some(UNKNOWN_POSITION),
            Symbol::Type(_) => None,
        }
    }

    /// Whether this is the alias pass's dry run rather than the print: a
    /// custom printer may skip text that holds no type or attribute.
    #[inline]
    pub fn is_dry_run(&self) -> bool {
        self.p.dry_run.is_some()
    }

    /// A region as a custom printer's `print_region` shows it, walked dry.
    pub(crate) fn dry_region(&mut self, r: RegionId, shape: RegionShape) {
        // A stack from the pool, as `print_region` takes one.
        let mut stack = self.dry_stacks.pop().unwrap_or_default();
        self.push_dry_region(&mut stack, r, shape);
        let stack = self.dry_walk(stack);
        self.dry_stacks.push(stack);
    }

    /// Pushes the blocks of `r` in order: only the entry block may hide its
    /// arguments or its terminator (mlir-opt's `printRegion`).
    fn push_dry_region(&mut self, stack: &mut Vec<Step>, r: RegionId, shape: RegionShape) {
        let mut b = self.ir.last_block(r);
        while let Some(block) = b {
            b = self.ir.prev_block(block);
            let entry = b.is_none();
            stack.push(Step::Block {
                block,
                arguments: !entry || shape.entry_block_args,
                terminator: !entry || shape.block_terminators,
            });
        }
    }

    /// Walks until `stack` is empty; gives it back for reuse.
    fn dry_walk(&mut self, mut stack: Vec<Step>) -> Vec<Step> {
        while let Some(step) = stack.pop() {
            match step {
                Step::Op(op) => {
                    if self.opts.debug_info {
                        let loc = Symbol::of_location(self.ir.op_loc(op));
                        self.p.visit_symbol(loc, true, false);
                    }
                    if !self.opts.generic {
                        if let Some(print) = self.op_info(self.ir.op_name(op)).and_then(|i| i.print)
                        {
                            let mark = self.p.out.len();
                            print(self, op);
                            self.p.out.truncate(mark);
                            continue;
                        }
                    }
                    stack.push(Step::GenericTail(op));
                    for &r in self.ir.regions(op).iter().rev() {
                        self.push_dry_region(&mut stack, r, RegionShape::GENERIC);
                    }
                }
                Step::Ops { next, stop } => {
                    if let Some(op) = next.filter(|&op| Some(op) != stop) {
                        stack.push(Step::Ops {
                            next: self.ir.next_op(op),
                            stop,
                        });
                        stack.push(Step::Op(op));
                    }
                }
                Step::Block {
                    block,
                    arguments,
                    terminator,
                } => {
                    if arguments {
                        for i in 0..self.ir.num_arguments(block) {
                            self.p
                                .print_type(self.ir.value_type(self.ir.argument(block, i)));
                            if self.opts.debug_info {
                                let loc = Symbol::of_location(self.ir.argument_loc(block, i));
                                self.p.visit_symbol(loc, false, false);
                            }
                        }
                    }
                    let stop = match terminator {
                        true => None,
                        false => self.left_out_terminator(block),
                    };
                    stack.push(Step::Ops {
                        next: self.ir.first_op(block),
                        stop,
                    });
                }
                Step::GenericTail(op) => self.dry_generic_tail(op),
            }
        }
        stack
    }

    /// The types and attributes of an op in the generic form, as mlir-opt's
    /// dry run visits them: operand types, result types, then the op's
    /// attributes as `getAttrs()` lists them: a registered op's inherent
    /// attributes (its properties) merged by name with its discardable
    /// ones; an unregistered op's discardable ones only (its `<{...}>`
    /// prints, but takes no alias).
    fn dry_generic_tail(&mut self, op: OpId) {
        for v in self.ir.operands(op) {
            self.p.print_type(self.ir.value_type(v));
        }
        for v in self.ir.results(op) {
            self.p.print_type(self.ir.value_type(v));
        }
        let ctx = self.p.ctx;
        let entries = |dict: Option<crate::Attribute>| -> &[NamedAttribute] {
            match dict.map(|d| ctx.attr_kind(d)) {
                Some(AttrKind::Dictionary(entries)) => entries,
                _ => &[],
            }
        };
        let props = match self.op_info(self.ir.op_name(op)) {
            Some(_) => self.ir.props(op),
            None => None,
        };
        let attrs = self.ir.attrs(op);
        let (props, attrs) = match (entries(props), entries(attrs)) {
            // One dictionary: visiting it visits its values in order, and
            // only once for the many ops that share it.
            (_, []) => return props.into_iter().for_each(|d| self.p.print_attribute(d)),
            ([], _) => return attrs.into_iter().for_each(|d| self.p.print_attribute(d)),
            both => both,
        };
        // Both lists are sorted by name: merge them.
        let (mut i, mut j) = (0, 0);
        while i < props.len() || j < attrs.len() {
            let take_prop = match (props.get(i), attrs.get(j)) {
                (Some(p), Some(a)) => ctx.bytes(p.name) <= ctx.bytes(a.name),
                (Some(_), None) => true,
                _ => false,
            };
            let entry = if take_prop {
                i += 1;
                props[i - 1]
            } else {
                j += 1;
                attrs[j - 1]
            };
            self.p.print_attribute(entry.value);
        }
    }
}

/// Whether a dialect value's parameter is (or holds) a Rust-typed one,
/// whose printer the alias gate cannot see into.
fn has_custom_param(p: &Param) -> bool {
    match p {
        Param::Custom(_) => true,
        Param::Array(items) => items.iter().any(has_custom_param),
        Param::Optional(Some(inner)) => has_custom_param(inner),
        _ => false,
    }
}

/// The attributes and types the alias gate has looked at, one bit per
/// id (ids are dense).
#[derive(Default)]
struct Seen {
    attrs: Vec<u64>,
    types: Vec<u64>,
}

impl Seen {
    /// Marks `s`; whether it was new.
    fn insert(&mut self, s: SubElement) -> bool {
        let (bits, id) = match s {
            SubElement::Attr(a) => (&mut self.attrs, a.0 as usize),
            SubElement::Type(t) => (&mut self.types, t.0 as usize),
        };
        set_bit(bits, id)
    }

    /// Marks id `id` of a third kind (op names, kept in `attrs`); whether
    /// it was new.
    fn insert_id(&mut self, id: usize) -> bool {
        set_bit(&mut self.attrs, id)
    }

    #[inline]
    fn contains(&self, s: SubElement) -> bool {
        let (bits, id) = match s {
            SubElement::Attr(a) => (&self.attrs, a.0 as usize),
            SubElement::Type(t) => (&self.types, t.0 as usize),
        };
        bits.get(id / 64).is_some_and(|w| w & (1 << (id % 64)) != 0)
    }
}

/// Sets bit `id`; whether it was clear.
#[inline]
fn set_bit(bits: &mut Vec<u64>, id: usize) -> bool {
    let (word, bit) = (id / 64, 1u64 << (id % 64));
    if bits.len() <= word {
        bits.resize(word + 1, 0);
    }
    let new = bits[word] & bit == 0;
    bits[word] |= bit;
    new
}

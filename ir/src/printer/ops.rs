//! Operation printing: the generic form, custom forms through the registry,
//! SSA and block naming, and `--mlir-print-debuginfo` locations.
//!
//! In: an [`Ir`] and a root op. Out: text as `mlir-opt` prints it. Names
//! follow `mlir-opt`: op results are `%0, %1, ...` and block arguments
//! `%arg0, ...`, numbered region by region from a worklist, blocks are
//! `^bb0, ^bb1, ...` per region with `// pred:` comments. The walk over
//! regions and blocks uses an explicit stack, so nesting depth costs heap,
//! not call stack (only ops with custom printers recurse, through
//! [`OpAsmPrinter::print_region`]).

use super::aliases::{Aliases, Symbol};
use super::attrs::write_escaped_string;
use super::names::{ResultNames, WantedNames};
use super::Printer;
use crate::context::Context;
use crate::context::Identifier;
use crate::diagnostics::SourceManager;
use crate::graph::{BlockId, Ir, LocKind, Location, OpId, RegionId, Value, ValueDef};
use crate::registry::{OpInfo, OpTraits, Registry};
use crate::types::TypeKind;
use std::fmt::Write as _;

/// What to print and how.
#[derive(Copy, Clone, Debug, Default)]
pub struct PrintOptions {
    /// `--mlir-print-op-generic`: every op in the generic form.
    pub generic: bool,
    /// `--mlir-print-debuginfo`: trailing `loc(...)` on every op.
    pub debug_info: bool,
    /// `--mlir-print-local-scope`: no aliases; attributes, types and
    /// locations are written out where they are used.
    pub local_scope: bool,
}

pub(super) const UNNAMED: u32 = u32::MAX;
pub(super) const ARG_NAME: u32 = 1 << 31;
/// A value named by its op (see [`ResultNames`]).
pub(super) const NAMED: u32 = u32::MAX - 1;
/// An op name printed whole in the custom form (no dot, or several).
const NO_SHORT_FORM: u32 = u32::MAX;

/// How a region prints (MLIR's `printRegion` flags).
#[derive(Copy, Clone, Debug)]
pub(crate) struct RegionShape {
    pub(crate) entry_block_args: bool,
    pub(crate) block_terminators: bool,
    pub(crate) empty_block: bool,
}

impl RegionShape {
    /// Everything shown, as the generic form prints regions.
    pub(crate) const GENERIC: RegionShape = RegionShape {
        entry_block_args: true,
        block_terminators: true,
        empty_block: true,
    };
}

pub(crate) enum Task {
    Op {
        op: OpId,
        indent: usize,
    },
    Ops {
        next: Option<OpId>,
        /// The op to stop before (a terminator left out).
        stop: Option<OpId>,
        indent: usize,
    },
    Block {
        block: BlockId,
        indent: usize,
        label: bool,
        /// Leave out the block's terminator.
        skip_terminator: bool,
    },
    RegionEnd {
        indent: usize,
        sep: bool,
    },
    OpTail {
        op: OpId,
    },
    OpenBrace,
}

/// Prints ops; custom printers of the registry get this to print their
/// syntax through the methods of `printer::op_asm` (MLIR's
/// `OpAsmPrinter`). The output buffer stays inside this crate.
pub struct OpAsmPrinter<'p, 'c> {
    pub(crate) p: Printer<'c>,
    pub(crate) ir: &'p Ir,
    pub(crate) registry: &'p Registry,
    pub(crate) opts: PrintOptions,
    sources: Option<&'p SourceManager>,
    /// Per value index: `id` or `ARG_NAME | id`, or `UNNAMED`.
    pub(super) value_names: Vec<u32>,
    /// Per block index: its number in its region.
    pub(super) block_names: Vec<u32>,
    /// Names ops chose for their results (custom form only).
    pub(super) result_names: ResultNames,
    /// Scratch for the names one op's hook asks for.
    pub(super) wanted: WantedNames,
    /// Emptied task stacks of finished regions, for the next ones (and
    /// the same for the dry run's walk).
    task_stacks: Vec<Vec<Task>>,
    pub(super) dry_stacks: Vec<Vec<super::dry_run::Step>>,
    /// Per op-name id: where its short form (without the dialect)
    /// starts, `NO_SHORT_FORM`, or 0 when not looked at yet.
    short_names: Vec<u32>,
    /// The aliases chosen for this print.
    pub(crate) aliases: Aliases,
    /// Registered op info by op-name id, looked up once per name (the
    /// printer asks several times per op).
    op_infos: Vec<Option<Option<&'p OpInfo>>>,
    /// Where a streamed print goes ([`print_module_to`]); `None` keeps
    /// the whole text in the buffer.
    sink: Option<&'p mut dyn std::io::Write>,
    /// The first write error of the sink (later writes are skipped).
    sink_error: Option<std::io::Error>,
}

/// A streamed print hands its buffer to the sink once it holds this much,
/// at the start of an op (never inside one, where the printer may still
/// look back at what it wrote).
const STREAM_CHUNK: usize = 1 << 16;

impl<'p, 'c> OpAsmPrinter<'p, 'c> {
    pub(crate) fn new(
        ctx: &'c Context,
        ir: &'p Ir,
        registry: &'p Registry,
        opts: PrintOptions,
        sources: Option<&'p SourceManager>,
    ) -> Self {
        OpAsmPrinter {
            p: Printer::new(ctx),
            ir,
            registry,
            opts,
            sources,
            value_names: Vec::new(),
            block_names: Vec::new(),
            result_names: ResultNames::default(),
            wanted: WantedNames::default(),
            task_stacks: Vec::new(),
            dry_stacks: Vec::new(),
            short_names: Vec::new(),
            aliases: Aliases::default(),
            op_infos: Vec::new(),
            sink: None,
            sink_error: None,
        }
    }

    /// Hands the text so far to the sink when streaming and enough has
    /// gathered (not during the alias pass's dry run, which rewinds).
    fn stream_out(&mut self, force: bool) {
        let Some(sink) = self.sink.as_deref_mut() else {
            return;
        };
        if self.p.dry_run.is_some() || !(force || self.p.out.len() >= STREAM_CHUNK) {
            return;
        }
        if self.sink_error.is_some() {
            self.p.out.truncate(0);
            return;
        }
        if let Err(e) = self.p.out.drain_into(sink) {
            self.sink_error = Some(e);
        }
    }

    /// The registry's info on op name `name`, from the per-name table.
    pub(super) fn op_info(&mut self, name: Identifier) -> Option<&'p OpInfo> {
        let i = name.0 as usize;
        if let Some(&Some(info)) = self.op_infos.get(i) {
            return info;
        }
        let info = self.registry.op(name);
        if self.op_infos.len() <= i {
            self.op_infos.resize(i + 1, None);
        }
        self.op_infos[i] = Some(info);
        info
    }

    // ----- naming -----------------------------------------------------------------

    /// The result group holding result `index` of `op`: its first result
    /// number and its size.
    fn result_group(&self, op: OpId, index: u32) -> (u32, u32) {
        let n = self.ir.num_results(op) as u32;
        match self.result_names.groups(op) {
            None => (0, n),
            Some(starts) => {
                let k = starts.partition_point(|&s| s <= index).saturating_sub(1);
                let start = starts[k];
                let end = starts.get(k + 1).copied().unwrap_or(n);
                (start, end - start)
            }
        }
    }

    /// Prints the name of a value that starts a result group (or is a
    /// block argument numbered like one): `%name` or `%N`.
    fn print_value_name(&mut self, v: Value) {
        let n = self.value_names.get(v.index()).copied().unwrap_or(UNNAMED);
        if n == NAMED {
            if let Some(name) = self.result_names.get(v) {
                self.p.push_char('%');
                self.p.push(name);
                return;
            }
        }
        if n == UNNAMED {
            self.p.push("<<UNKNOWN SSA VALUE>>");
            return;
        }
        self.p.push_char('%');
        self.p.out.push_u32(n);
    }

    pub(super) fn ir_value_count(&self) -> usize {
        // Values are dense; the last op's results or a block arg bound it.
        self.ir.value_capacity()
    }

    pub(super) fn ir_block_count(&self) -> usize {
        self.ir.block_capacity()
    }

    /// Prints `%name` of a value (`%3`, `%3#1`, `%arg0`), MLIR's
    /// `printOperand`.
    pub fn print_operand(&mut self, v: Value) {
        // Names take no alias: the dry run skips the lookups.
        if self.is_dry_run() {
            return;
        }
        match self.ir.value_def(v) {
            ValueDef::Argument { .. } => {
                let n = self.value_names.get(v.index()).copied().unwrap_or(UNNAMED);
                if n == UNNAMED || n == NAMED {
                    // Unknown, or named by its region's op.
                    self.print_value_name(v);
                } else if n & ARG_NAME != 0 {
                    self.p.push("%arg");
                    self.p.out.push_u32(n & !ARG_NAME);
                } else {
                    self.p.push_char('%');
                    self.p.out.push_u32(n);
                }
            }
            ValueDef::Result { op, index } => {
                let (start, size) = self.result_group(op, index);
                let lead = self.ir.result(op, start as usize);
                self.print_value_name(lead);
                if size > 1 {
                    self.p.push_char('#');
                    self.p.out.push_u32(index - start);
                }
            }
            ValueDef::Detached => self.p.push("<<UNKNOWN SSA VALUE>>"),
        }
    }

    /// Prints `values` as `%a, %b, ...` (MLIR's `printOperands`).
    pub fn print_operands(&mut self, values: impl IntoIterator<Item = Value>) {
        for (i, v) in values.into_iter().enumerate() {
            if i > 0 {
                self.p.push(", ");
            }
            self.print_operand(v);
        }
    }

    /// Prints the types of `values` as `i32, f32, ...`.
    pub(crate) fn print_value_types(&mut self, values: impl IntoIterator<Item = Value>) {
        for (i, v) in values.into_iter().enumerate() {
            if i > 0 {
                self.p.push(", ");
            }
            self.p.print_type(self.ir.value_type(v));
        }
    }

    /// Prints `^bb3`, the name of block `b` (MLIR's `printSuccessor`).
    pub fn print_successor(&mut self, b: BlockId) {
        if self.is_dry_run() {
            return;
        }
        let n = self.block_names.get(b.index()).copied().unwrap_or(UNNAMED);
        if n == UNNAMED {
            self.p.push("^INVALIDBLOCK");
        } else {
            self.p.push("^bb");
            self.p.out.push_u32(n);
        }
    }

    // ----- locations --------------------------------------------------------------

    pub(super) fn line_col(&self, file: u32, offset: u32) -> (String, u32, u32) {
        let (name, position) = self.ir.source_position(file, offset, self.sources);
        let (l, c) = position.unwrap_or((0, 0));
        (name, l, c)
    }

    /// `loc(...)` written out, nested aliases used.
    fn print_loc_inline(&mut self, loc: Location) {
        match loc.kind() {
            LocKind::Unknown => self.p.push("loc(unknown)"),
            LocKind::Attr(a) => self.p.print_location_specifier(a),
            LocKind::Source { file, offset } => {
                let (name, l, c) = self.line_col(file, offset);
                self.p.push("loc(");
                write_escaped_string(&mut self.p.out, name.as_bytes());
                self.p.push(":");
                self.p.out.push_u32(l);
                self.p.push(":");
                self.p.out.push_u32(c);
                self.p.push(")");
            }
        }
    }

    /// ` loc(...)` after a block argument, written out (mlir-opt uses no
    /// alias there), when printing debug info (MLIR's
    /// `printOptionalLocationSpecifier`).
    pub fn print_optional_location_specifier(&mut self, loc: Location) {
        if self.is_dry_run() {
            // mlir-opt's dry run counts the location whatever the flags
            // say (a custom printer calling this defines its alias).
            self.p.visit_symbol(Symbol::of_location(loc), false, false);
            return;
        }
        if self.opts.debug_info {
            self.p.push(" ");
            self.print_loc_inline(loc);
        }
    }

    pub(super) fn print_op_loc(&mut self, loc: Location) {
        if !self.opts.debug_info {
            return;
        }
        self.p.push(" ");
        match self.aliases.by_symbol.get(&Symbol::of_location(loc)) {
            Some(&i) => {
                self.p.push("loc(#");
                let name = &self.aliases.list[i].name;
                self.p.out.push_str(name);
                self.p.push(")");
            }
            None => self.print_loc_inline(loc),
        }
    }

    /// The `{-# dialect_resources #-}` section after a blank line, when
    /// the printed IR used resource blobs.
    fn print_resources(&mut self) {
        let mark = self.p.out.len();
        self.p.push("\n");
        self.p.print_file_metadata();
        if self.p.out.len() == mark + 1 {
            self.p.out.truncate(mark);
        }
    }

    fn print_alias_defs(&mut self, deferred: bool) {
        for i in 0..self.aliases.list.len() {
            if self.aliases.list[i].deferred != deferred {
                continue;
            }
            let a = self.aliases.list[i].clone();
            match a.symbol {
                Symbol::Type(t) => {
                    self.p.push("!");
                    self.p.push(&a.name);
                    self.p.push(" = ");
                    let saved = self.p.type_aliases.remove(&t);
                    self.p.print_type(t);
                    if let Some(s) = saved {
                        self.p.type_aliases.insert(t, s);
                    }
                }
                Symbol::Attr(attr) => {
                    self.p.push("#");
                    self.p.push(&a.name);
                    self.p.push(" = ");
                    self.p.print_attribute_def(attr);
                }
                Symbol::Source { file, offset } => {
                    self.p.push("#");
                    self.p.push(&a.name);
                    self.p.push(" = ");
                    self.print_loc_inline(Location::source(file, offset));
                }
                Symbol::UnknownLoc => {
                    self.p.push("#");
                    self.p.push(&a.name);
                    self.p.push(" = loc(unknown)");
                }
            }
            self.p.push("\n");
        }
    }

    // ----- ops --------------------------------------------------------------------

    /// Prints `root` as a whole document (with its location aliases).
    /// Under local scope, as MLIR prints an op alone: the op, no aliases,
    /// no resources and no line break after it.
    pub(crate) fn print_top_level(&mut self, root: OpId) {
        if self.sink.is_none() {
            // Generic IR prints at about 50 bytes an op: grow the buffer once.
            self.p.out.reserve(self.ir.op_capacity() * 56);
        }
        self.number(root);
        if self.opts.local_scope {
            self.print_op_tree(root, 0);
            return;
        }
        if self.aliases_possible(root) {
            self.choose_aliases(root);
        }
        self.print_alias_defs(false);
        self.print_op_tree(root, 0);
        self.p.push("\n");
        self.print_alias_defs(true);
        self.print_resources();
    }

    /// Prints one op alone (names numbered from the op itself), as in
    /// "see current operation" notes: always generic, no debug info.
    pub(crate) fn print_single_op(&mut self, op: OpId, scope_root: OpId) {
        self.number(scope_root);
        self.print_op_tree(op, 0);
    }

    /// Prints `op` and everything nested in it at `indent` levels (the
    /// first line is not indented; the caller placed the cursor).
    fn print_op_tree(&mut self, op: OpId, indent: usize) {
        self.run(vec![Task::Op { op, indent }], true);
    }

    /// Runs print tasks until the stack is empty. `first` suppresses the
    /// line break before the first op (the caller placed the cursor).
    fn run(&mut self, mut stack: Vec<Task>, mut first: bool) -> Vec<Task> {
        while let Some(task) = stack.pop() {
            match task {
                Task::Op { op, indent } => {
                    self.stream_out(false);
                    if !first {
                        self.p.indent = indent;
                        self.p.newline();
                    }
                    first = false;
                    self.p.indent = indent;
                    if !self.opts.generic {
                        if let Some(print) = self.op_info(self.ir.op_name(op)).and_then(|i| i.print)
                        {
                            self.print_results_prefix(op);
                            self.print_custom_name(op);
                            print(self, op);
                            self.print_op_loc(self.ir.op_loc(op));
                            continue;
                        }
                    }
                    self.print_generic_head(op);
                    let regions = self.ir.regions(op);
                    if regions.is_empty() {
                        self.print_generic_tail(op);
                    } else {
                        self.p.push(" (");
                        stack.push(Task::OpTail { op });
                        let n = regions.len();
                        for (i, &r) in regions.iter().enumerate().rev() {
                            stack.push(Task::RegionEnd {
                                indent,
                                sep: i + 1 < n,
                            });
                            self.push_region_body(&mut stack, r, indent, RegionShape::GENERIC);
                        }
                    }
                }
                Task::Ops { next, stop, indent } => {
                    if let Some(op) = next.filter(|&op| Some(op) != stop) {
                        stack.push(Task::Ops {
                            next: self.ir.next_op(op),
                            stop,
                            indent,
                        });
                        stack.push(Task::Op { op, indent });
                    }
                }
                Task::Block {
                    block,
                    indent,
                    label,
                    skip_terminator,
                } => {
                    if label {
                        self.p.indent = indent;
                        self.p.newline();
                        self.print_block_label(block);
                    }
                    let stop = if skip_terminator {
                        self.left_out_terminator(block)
                    } else {
                        None
                    };
                    stack.push(Task::Ops {
                        next: self.ir.first_op(block),
                        stop,
                        indent: indent + 1,
                    });
                }
                Task::RegionEnd { indent, sep } => {
                    self.p.indent = indent;
                    self.p.newline();
                    self.p.push_char('}');
                    if sep {
                        self.p.push(", ");
                    }
                }
                Task::OpTail { op } => {
                    self.p.push_char(')');
                    self.print_generic_tail(op);
                }
                Task::OpenBrace => self.p.push_char('{'),
            }
        }
        stack
    }

    /// Pushes the tasks printing `{` and the blocks of `r` (the caller
    /// pushed the closing task first). As MLIR's `printRegion`: the entry
    /// block's label shows when it has arguments to print or when it is
    /// empty and empty blocks print; only the entry block may lose its
    /// terminator.
    pub(crate) fn push_region_body(
        &mut self,
        stack: &mut Vec<Task>,
        r: RegionId,
        indent: usize,
        shape: RegionShape,
    ) {
        // Last block first (the stack runs backwards).
        let mut next = self.ir.last_block(r);
        while let Some(b) = next {
            next = self.ir.prev_block(b);
            let entry = next.is_none();
            let label = if entry {
                (shape.entry_block_args && self.ir.num_arguments(b) > 0)
                    || (shape.empty_block && self.ir.first_op(b).is_none())
            } else {
                true
            };
            stack.push(Task::Block {
                block: b,
                indent,
                label,
                skip_terminator: entry && !shape.block_terminators,
            });
        }
        stack.push(Task::OpenBrace);
    }

    /// Prints a region at the current indentation (see
    /// `OpAsmPrinter::print_region`).
    pub(crate) fn print_region_shaped(&mut self, r: RegionId, shape: RegionShape) {
        if self.is_dry_run() {
            return self.dry_region(r, shape);
        }
        let indent = self.p.indent;
        // A stack from the pool: regions nest through custom printers,
        // one stack a level, reused from region to region.
        let mut stack = self.task_stacks.pop().unwrap_or_default();
        stack.push(Task::RegionEnd { indent, sep: false });
        self.push_region_body(&mut stack, r, indent, shape);
        let stack = self.run(stack, false);
        self.task_stacks.push(stack);
        self.p.indent = indent;
    }

    /// The terminator a region printed without block terminators drops:
    /// the entry block's last op, when it is one (MLIR's `printRegion`
    /// leaves out only that).
    pub(crate) fn left_out_terminator(&self, entry: BlockId) -> Option<OpId> {
        self.ir.last_op(entry).filter(|&op| {
            self.registry
                .traits(self.ir.op_name(op))
                .contains(OpTraits::TERMINATOR)
        })
    }

    fn print_block_label(&mut self, b: BlockId) {
        self.print_successor(b);
        let n = self.ir.num_arguments(b);
        if n > 0 {
            self.p.push_char('(');
            for i in 0..n {
                if i > 0 {
                    self.p.push(", ");
                }
                let v = self.ir.argument(b, i);
                self.print_operand(v);
                self.p.push(": ");
                self.p.print_type(self.ir.value_type(v));
                self.print_optional_location_specifier(self.ir.argument_loc(b, i));
            }
            self.p.push_char(')');
        }
        self.p.push_char(':');
        if self.ir.prev_block(b).is_none() {
            return;
        }
        let mut preds: Vec<(u32, BlockId)> = self
            .ir
            .predecessors(b)
            .filter_map(|op| self.ir.op_block(op))
            .map(|pb| {
                (
                    self.block_names.get(pb.index()).copied().unwrap_or(UNNAMED),
                    pb,
                )
            })
            .collect();
        preds.sort_by_key(|p| p.0);
        match preds.len() {
            0 => self.p.push("  // no predecessors"),
            1 => {
                self.p.push("  // pred: ");
                self.print_successor(preds[0].1);
            }
            n => {
                let _ = write!(self.p.out, "  // {n} preds: ");
                for (i, &(_, pb)) in preds.iter().enumerate() {
                    if i > 0 {
                        self.p.push(", ");
                    }
                    self.print_successor(pb);
                }
            }
        }
    }

    fn print_results_prefix(&mut self, op: OpId) {
        let n = self.ir.num_results(op) as u32;
        if n == 0 {
            return;
        }
        let Some(groups) = self.result_names.groups(op) else {
            // One group: `%name` or `%name:n`, no list to copy.
            self.print_value_name(self.ir.result(op, 0));
            if n > 1 {
                self.p.push_char(':');
                self.p.out.push_u32(n);
            }
            self.p.push(" = ");
            return;
        };
        let starts = groups.to_vec();
        for (k, &start) in starts.iter().enumerate() {
            if k > 0 {
                self.p.push(", ");
            }
            let end = starts.get(k + 1).copied().unwrap_or(n);
            self.print_value_name(self.ir.result(op, start as usize));
            if end - start > 1 {
                self.p.push_char(':');
                self.p.out.push_u32(end - start);
            }
        }
        self.p.push(" = ");
    }

    /// The op's name without its dialect when that is the default dialect
    /// of the region holding it, as MLIR prints it: `builtin` at the top
    /// level and in a module, the registered default dialect of the
    /// enclosing op (`func` in `func.func`), none in other ops' regions.
    fn print_custom_name(&mut self, op: OpId) {
        let ctx = self.p.ctx;
        let name_id = self.ir.op_name(op);
        let name = ctx.str(name_id);
        let dot = self.short_name_start(name_id, name);
        if dot != NO_SHORT_FORM {
            let dialect = &name[..dot as usize - 1];
            let default = match self.ir.parent_op(op) {
                None => Some("builtin"),
                Some(p) if self.ir.op_name(p) == self.registry.module_name => Some("builtin"),
                Some(p) => self
                    .op_info(self.ir.op_name(p))
                    .and_then(|i| i.default_dialect)
                    .map(|d| ctx.str(d)),
            };
            if default == Some(dialect) {
                return self.p.push(&name[dot as usize..]);
            }
        }
        self.p.push(name);
    }

    /// Where the short form of op name `name` (`func` of `func.return`)
    /// starts, looked at once per name; `NO_SHORT_FORM` when the name has
    /// no dot or more than one.
    fn short_name_start(&mut self, id: Identifier, name: &str) -> u32 {
        let i = id.0 as usize;
        if let Some(&start) = self.short_names.get(i).filter(|&&s| s != 0) {
            return start;
        }
        let start = match name.split_once('.') {
            Some((d, rest)) if !rest.contains('.') => d.len() as u32 + 1,
            _ => NO_SHORT_FORM,
        };
        if self.short_names.len() <= i {
            self.short_names.resize(i + 1, 0);
        }
        self.short_names[i] = start;
        start
    }

    fn print_generic_head(&mut self, op: OpId) {
        self.print_results_prefix(op);
        // The name's exact bytes, escaped as MLIR does (`"t.\\BDop"`).
        let name = self.p.ctx.bytes(self.ir.op_name(op));
        write_escaped_string(&mut self.p.out, name);
        self.p.push("(");
        self.print_operands(self.ir.operands(op));
        self.p.push_char(')');
        let ns = self.ir.num_successors(op);
        if ns > 0 {
            self.p.push_char('[');
            for i in 0..ns {
                if i > 0 {
                    self.p.push(", ");
                }
                self.print_successor(self.ir.successor(op, i));
            }
            self.p.push_char(']');
        }
        if let Some(props) = self.ir.props(op) {
            self.p.push(" <");
            self.p.print_attribute(props);
            self.p.push(">");
        }
    }

    fn print_generic_tail(&mut self, op: OpId) {
        self.print_dict_attr(self.ir.attrs(op));
        self.p.push(" : (");
        self.print_value_types(self.ir.operands(op));
        self.p.push(") -> ");
        let n = self.ir.num_results(op);
        let wrap = n != 1
            || matches!(
                self.p
                    .ctx
                    .type_kind(self.ir.value_type(self.ir.result(op, 0))),
                TypeKind::Function { .. }
            );
        if wrap {
            self.p.push_char('(');
        }
        self.print_value_types(self.ir.results(op));
        if wrap {
            self.p.push_char(')');
        }
        self.print_op_loc(self.ir.op_loc(op));
    }

    /// The printed text; see [`super::PrintBuffer::into_string_lossy`].
    pub(crate) fn finish(self) -> String {
        self.p.finish()
    }

    /// The printed bytes.
    pub(crate) fn finish_bytes(self) -> Vec<u8> {
        self.p.finish_bytes()
    }
}

/// Prints a whole module as `mlir-opt` would, as bytes: names and
/// dialect bodies may hold bytes that are not UTF-8.
pub fn print_module_bytes(
    ctx: &Context,
    ir: &Ir,
    registry: &Registry,
    root: OpId,
    opts: PrintOptions,
    sources: Option<&SourceManager>,
) -> Vec<u8> {
    let mut pr = OpAsmPrinter::new(ctx, ir, registry, opts, sources);
    pr.print_top_level(root);
    pr.finish_bytes()
}

/// [`print_module_bytes`] streamed into `sink` as it is printed, so a
/// large module's text is never held whole (what `ods-opt` writes).
///
/// ```
/// # use ir::{Context, Registry, SourceFile};
/// # use ir::printer::ops::{print_module_to, PrintOptions};
/// let mut ctx = Context::new();
/// let registry = Registry::new(&mut ctx);
/// let file = SourceFile::new("m.mlir", "module {}");
/// let (ir, module) = ir::parser::ops::parse_source(&mut ctx, &registry, &file).unwrap();
/// let mut out = Vec::new();
/// print_module_to(&ctx, &ir, &registry, module, PrintOptions::default(), None, &mut out).unwrap();
/// assert_eq!(out, b"module {\n}\n");
/// ```
pub fn print_module_to(
    ctx: &Context,
    ir: &Ir,
    registry: &Registry,
    root: OpId,
    opts: PrintOptions,
    sources: Option<&SourceManager>,
    sink: &mut dyn std::io::Write,
) -> std::io::Result<()> {
    let mut pr = OpAsmPrinter::new(ctx, ir, registry, opts, sources);
    pr.sink = Some(sink);
    pr.print_top_level(root);
    pr.stream_out(true);
    pr.sink_error.map_or(Ok(()), Err)
}

/// [`print_module_bytes`] as text, with U+FFFD for bytes that are not
/// UTF-8 (for tests and string APIs).
pub fn print_module(
    ctx: &Context,
    ir: &Ir,
    registry: &Registry,
    root: OpId,
    opts: PrintOptions,
    sources: Option<&SourceManager>,
) -> String {
    let mut pr = OpAsmPrinter::new(ctx, ir, registry, opts, sources);
    pr.print_top_level(root);
    pr.finish()
}

/// Prints one op in generic form, numbering names from `scope_root`, with
/// its locations written out when `debug_info` (for diagnostics' "see
/// current operation" notes; `sources` turns source offsets into lines).
pub fn print_op_generic(
    ctx: &Context,
    ir: &Ir,
    registry: &Registry,
    op: OpId,
    scope_root: OpId,
    debug_info: bool,
    sources: Option<&SourceManager>,
) -> String {
    let opts = PrintOptions {
        generic: true,
        debug_info,
        local_scope: false,
    };
    let mut pr = OpAsmPrinter::new(ctx, ir, registry, opts, sources);
    pr.print_single_op(op, scope_root);
    pr.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnostics::SourceFile;
    use crate::parser::ops::parse_source;

    /// Parses `src` with unregistered dialects allowed and prints it as
    /// bytes, generic or custom form.
    fn print_bytes(src: &[u8], generic: bool) -> Vec<u8> {
        let mut ctx = Context::new();
        ctx.allow_unregistered_dialects = true;
        let reg = Registry::new(&mut ctx);
        let file = SourceFile::new("t.mlir", src);
        let (ir, module) = parse_source(&mut ctx, &reg, &file).expect("parses");
        let opts = PrintOptions {
            generic,
            debug_info: false,
            local_scope: false,
        };
        print_module_bytes(&ctx, &ir, &reg, module, opts, None)
    }

    /// The one op line of a printed module, without indentation.
    fn op_line(printed: &[u8]) -> &[u8] {
        let line = printed.split(|&b| b == b'\n').nth(1).expect("an op line");
        &line[2..]
    }

    // Expected bytes below are what mlir-opt 22 printed for the same input.

    #[test]
    fn op_names_keep_their_bytes_escaped() {
        // A raw 0xBD byte and a `\C3\28` escape: both print as `\XX`
        // escapes inside the quoted name, printable bytes as themselves.
        let out = print_bytes(b"\"t.\xBDop\"() : () -> ()\n", true);
        assert_eq!(op_line(&out), br#""t.\BDop"() : () -> ()"#);
        let out = print_bytes(b"\"t.\\C3\\28op\"() : () -> ()\n", false);
        assert_eq!(op_line(&out), br#""t.\C3(op"() : () -> ()"#);
    }

    #[test]
    fn attribute_and_symbol_names_keep_their_bytes() {
        let src = b"\"t.a\"() {\"a\\F7b\" = 1 : i32, \"raw\xF7name\" = 2 : i32, s = @\"x\\FFy\", n = @\"ok\"::@\"\\C3\\28\"} : () -> ()\n";
        let out = print_bytes(src, true);
        assert_eq!(
            op_line(&out),
            br#""t.a"() {"a\F7b" = 1 : i32, n = @ok::@"\C3(", "raw\F7name" = 2 : i32, s = @"x\FFy"} : () -> ()"#
        );
    }

    #[test]
    fn dictionaries_sort_names_by_bytes() {
        // 0x7F < 0xC3 (the UTF-8 `é`) < 0xFF; ASCII letters first.
        let src = b"\"t.a\"() {\"\\FF\" = 1 : i32, \"\\C3\\A9\" = 3 : i32, \"\\7F\", a = 2 : i32} : () -> ()\n";
        let out = print_bytes(src, true);
        assert_eq!(
            op_line(&out),
            br#""t.a"() {a = 2 : i32, "\7F", "\C3\A9" = 3 : i32, "\FF" = 1 : i32} : () -> ()"#
        );
    }

    #[test]
    fn dialect_bodies_print_verbatim() {
        // Opaque and pretty bodies keep raw bytes, control bytes included,
        // exactly as read: they are not re-escaped.
        let src = b"\"t.a\"() {t = !foo<\"x\xFF\xFEy\">, u = !foo.bar<\x01\xFF>, v = #foo<\"a\xC3\">, w = #foo.baz<x\x7Fy>} : () -> ()\n";
        let out = print_bytes(src, false);
        assert_eq!(
            op_line(&out),
            b"\"t.a\"() {t = !foo<\"x\xFF\xFEy\">, u = !foo.bar<\x01\xFF>, v = #foo<\"a\xC3\">, w = #foo.baz<x\x7Fy>} : () -> ()"
        );
    }

    #[test]
    fn module_symbol_name_keeps_its_bytes() {
        let out = print_bytes(b"module @\"m\\FF\" {\n}\n", false);
        assert_eq!(out, b"module @\"m\\FF\" {\n}\n");
    }
}

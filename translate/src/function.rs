//! One function body (or a global's initializer region) translated: the
//! instructions of each block, phi nodes for block arguments, and the
//! body printed as LLVM's `AsmWriter` prints it.
//!
//! As upstream's `ModuleTranslation::convertOneFunction`: every MLIR block
//! is one LLVM block, in the same order; blocks are converted in
//! dominance order (reverse post-order from the entry, successors in
//! order), which fixes the order of each block's `; preds = ` list (LLVM
//! lists a block's users newest first); phi nodes get their incoming
//! values after every block is converted, one per use of the block in
//! MLIR's use-list order (newest first).

use std::borrow::Borrow;
use std::fmt::Write as _;

use rustc_hash::FxHashMap;

use ir::print_buffer::PrintBuffer;
use ir::{BlockId, Context, Ir, OpId, RegionId, Registry, Value};
use smallvec::SmallVec;

use crate::constants::{write_const, Const, Local, Val, ValKind};
use crate::debug_info::{DebugInfo, NodeId};
use crate::module::{ModuleCx, TranslateError};
use crate::types::LTy;

/// A piece of an instruction's text, as an op's translation gives it:
/// borrowed, so an instruction is written with no copy of its operands.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Part<'p> {
    Text(&'p str),
    /// A type: `i32`.
    Ty(&'p LTy),
    /// A value, without its type.
    Val(&'p Val),
    /// A value after its type: `i32 %3`.
    Typed(&'p Val),
    /// `%N`: a block as an operand.
    Block(usize),
    /// `!N`: a debug-info node, numbered as it is written (a debug
    /// record's operands).
    Node(NodeId),
}

/// The parts of one instruction as an op's translation gathers them
/// (inline up to a call's worth: no allocation for nearly every one).
pub(crate) type Parts<'p> = smallvec::SmallVec<[Part<'p>; 16]>;

/// `ty value`: an operand with its type.
pub(crate) fn typed(v: &Val) -> Part<'_> {
    Part::Typed(v)
}

/// A piece of an instruction as it is kept until the body prints: the
/// text (types, constants, words) is written when the instruction is
/// made; only numbers wait for the numbering.
#[derive(Clone, Copy, Debug)]
enum Piece {
    /// `text[start..end]` of the body's text.
    Text(u32, u32),
    Local(Local),
    Block(usize),
    Node(NodeId),
}

/// One instruction: its block, whether it has a number (a non-void
/// result), its pieces after `%N = ` (`pieces[start..end]` of its
/// builder), and its `!dbg` location when the translation has debug
/// information.
#[derive(Clone, Debug)]
pub(crate) struct Inst {
    block: u32,
    numbered: bool,
    start: u32,
    end: u32,
    pub location: Option<NodeId>,
}

/// The text of a function's instructions, numbers left out.
#[derive(Default)]
struct Body {
    text: String,
    pieces: Vec<Piece>,
    /// Where the pieces of the instruction being written start.
    line: usize,
    /// The text of each scalar integer and float constant written so far
    /// (by its type's [`scalar_key`] and bits): a constant used again
    /// points at it.
    consts: FxHashMap<(u32, u128), (u32, u32)>,
}

/// A scalar integer or float constant's key in [`Body::consts`].
fn scalar_key(ty: &LTy, c: &Const) -> Option<(u32, u128)> {
    let kind = match ty {
        LTy::Int(w) => *w,
        LTy::Half => u32::MAX,
        LTy::BFloat => u32::MAX - 1,
        LTy::Float => u32::MAX - 2,
        LTy::Double => u32::MAX - 3,
        _ => return None,
    };
    match c {
        Const::Int(v) => Some((kind, *v)),
        Const::Float(bits) => Some((kind, u128::from(*bits))),
        _ => None,
    }
}

impl Body {
    /// Starts the pieces of an instruction: their index.
    fn start_line(&mut self) -> u32 {
        self.line = self.pieces.len();
        self.line as u32
    }

    /// Writes `parts` after the pieces so far. Text (words, types,
    /// constants) is written straight into the body's text and becomes
    /// one piece per run, joined to the piece before it when that is text
    /// of the same instruction and ends where the run starts.
    fn push_parts<'p, P: Borrow<Part<'p>>>(&mut self, parts: impl IntoIterator<Item = P>) {
        let mut run = self.text.len();
        for part in parts {
            match *part.borrow() {
                Part::Text(s) => self.text.push_str(s),
                Part::Ty(ty) => ty.write_to(&mut self.text),
                Part::Val(v) => self.push_val(v, &mut run),
                Part::Typed(v) => {
                    v.ty.write_to(&mut self.text);
                    self.text.push(' ');
                    self.push_val(v, &mut run);
                }
                Part::Block(b) => self.push_piece(Piece::Block(b), &mut run),
                Part::Node(n) => self.push_piece(Piece::Node(n), &mut run),
            }
        }
        self.end_run(run);
    }

    /// Ends the text run that starts at `run`: its piece, if it has text.
    fn end_run(&mut self, run: usize) {
        let end = self.text.len();
        if end == run {
            return;
        }
        let in_line = self.pieces.len() > self.line;
        match self.pieces.last_mut() {
            Some(Piece::Text(_, e)) if in_line && *e as usize == run => *e = end as u32,
            _ => self.pieces.push(Piece::Text(run as u32, end as u32)),
        }
    }

    /// A piece that is no text of the run: the run ends before it.
    fn push_piece(&mut self, piece: Piece, run: &mut usize) {
        self.end_run(*run);
        self.pieces.push(piece);
        *run = self.text.len();
    }

    fn push_val(&mut self, v: &Val, run: &mut usize) {
        let c = match &v.kind {
            ValKind::Const(c) => c,
            ValKind::Local(l) => return self.push_piece(Piece::Local(*l), run),
        };
        let key = scalar_key(&v.ty, c);
        if let Some(&(start, end)) = key.as_ref().and_then(|k| self.consts.get(k)) {
            return self.push_piece(Piece::Text(start, end), run);
        }
        let start = self.text.len() as u32;
        write_const(&mut self.text, &v.ty, c);
        if let Some(key) = key {
            self.consts.insert(key, (start, self.text.len() as u32));
        }
    }
}

/// The LLVM value of each MLIR value of a body. Values are numbered as
/// they are made, so those of a parsed body are one run of indices: the
/// run is a vector by index (a hash map was a twentieth of the
/// translation), any value outside it (IR built in memory, nested
/// regions) goes to a map.
#[derive(Default)]
pub(crate) struct ValueMap {
    /// The index of `dense[0]`.
    base: usize,
    dense: Vec<Option<Val>>,
    other: FxHashMap<Value, Val>,
}

impl ValueMap {
    /// A map whose run covers the arguments and results of `blocks`, when
    /// they are close enough together to keep by index.
    fn for_blocks(ir: &Ir, blocks: &[BlockId]) -> Self {
        let (mut lo, mut hi, mut count) = (usize::MAX, 0, 0usize);
        let mut see = |v: Value| {
            lo = lo.min(v.index());
            hi = hi.max(v.index());
            count += 1;
        };
        for &b in blocks {
            ir.arguments(b).for_each(&mut see);
            for op in ir.block_ops(b) {
                ir.results(op).for_each(&mut see);
            }
        }
        let mut map = ValueMap::default();
        if count == 0 {
            return map;
        }
        let span = hi - lo + 1;
        if span <= 2 * count + 64 {
            map.base = lo;
            map.dense = vec![None; span];
        } else {
            map.other.reserve(count);
        }
        map
    }

    fn slot(&self, v: Value) -> Option<usize> {
        let i = v.index().checked_sub(self.base)?;
        (i < self.dense.len()).then_some(i)
    }

    pub(crate) fn get(&self, v: Value) -> Option<&Val> {
        match self.slot(v) {
            Some(i) => self.dense[i].as_ref(),
            None => self.other.get(&v),
        }
    }

    pub(crate) fn insert(&mut self, v: Value, val: Val) {
        match self.slot(v) {
            Some(i) => self.dense[i] = Some(val),
            None => {
                self.other.insert(v, val);
            }
        }
    }
}

/// The error for an operand whose value was not made (yet).
pub(crate) fn no_value(op: OpId) -> TranslateError {
    TranslateError::new(op, "operand has no LLVM IR value")
}

/// What one function's translation builds.
pub(crate) struct FnBuilder<'a> {
    pub cx: &'a mut ModuleCx,
    pub ctx: &'a Context,
    pub ir: &'a Ir,
    pub registry: &'a Registry,
    pub values: ValueMap,
    blocks: FxHashMap<BlockId, usize>,
    pub insts: Vec<Inst>,
    /// The instructions' text.
    body: Body,
    /// How many blocks the body has (each instruction knows its own).
    num_blocks: usize,
    /// Each block's users, in the order their branches were made (most
    /// blocks have one or two).
    preds: Vec<SmallVec<[usize; 2]>>,
    /// The block being converted.
    pub current: usize,
    /// The phi of each (block, argument), with its type.
    phis: Vec<(BlockId, usize, usize, LTy)>,
    /// Whether instructions may be made (not in a global's initializer).
    pub allow_insts: bool,
    /// The value `llvm.return` gave in an initializer region.
    pub returned: Option<Val>,
    /// Whether instructions get locations (the translation has debug
    /// information).
    pub with_locations: bool,
    /// Each op's `DILocation`, when it has one.
    pub op_locations: FxHashMap<OpId, NodeId>,
    /// Each block argument's `DILocation` (its phi's), when it has one.
    pub arg_locations: FxHashMap<Value, NodeId>,
    /// What each debug intrinsic's record refers to.
    pub records: FxHashMap<OpId, crate::debug_records::Record>,
    /// The alias-analysis metadata of each op that has some.
    pub metadata: FxHashMap<OpId, crate::metadata::OpMetadata>,
    /// The location of the op being translated, which every instruction
    /// made meanwhile takes; a block's phis take their argument's
    /// location.
    location: Option<NodeId>,
}

impl<'a> FnBuilder<'a> {
    pub(crate) fn new(
        cx: &'a mut ModuleCx,
        ctx: &'a Context,
        ir: &'a Ir,
        registry: &'a Registry,
    ) -> Self {
        FnBuilder {
            cx,
            ctx,
            ir,
            registry,
            values: ValueMap::default(),
            blocks: FxHashMap::default(),
            insts: Vec::new(),
            body: Body::default(),
            num_blocks: 0,
            preds: Vec::new(),
            current: 0,
            phis: Vec::new(),
            allow_insts: true,
            returned: None,
            with_locations: false,
            op_locations: FxHashMap::default(),
            arg_locations: FxHashMap::default(),
            records: FxHashMap::default(),
            metadata: FxHashMap::default(),
            location: None,
        }
    }

    /// The value an MLIR value maps to.
    pub(crate) fn value(&self, op: OpId, v: Value) -> Result<Val, TranslateError> {
        self.values.get(v).cloned().ok_or_else(|| no_value(op))
    }

    /// The LLVM block of an MLIR block.
    pub(crate) fn block(&self, b: BlockId) -> usize {
        self.blocks.get(&b).copied().unwrap_or(0)
    }

    /// Appends an instruction to the current block; its value when it has
    /// one.
    pub(crate) fn push<'p, P: Borrow<Part<'p>>>(
        &mut self,
        op: OpId,
        result: Option<LTy>,
        parts: impl IntoIterator<Item = P>,
    ) -> Result<Option<Val>, TranslateError> {
        if !self.allow_insts {
            return Err(TranslateError::new(
                op,
                "cannot be converted to LLVM IR: the initializer of a global must fold to a constant in ods-translate",
            ));
        }
        let id = self.insts.len();
        let value = result.filter(|t| *t != LTy::Void).map(|ty| Val {
            ty,
            kind: ValKind::Local(Local::Inst(id)),
        });
        let start = self.body.start_line();
        self.body.push_parts(parts);
        self.insts.push(Inst {
            block: self.current as u32,
            numbered: value.is_some(),
            start,
            end: self.body.pieces.len() as u32,
            location: self.location,
        });
        Ok(value)
    }

    /// Writes `parts` after the text of the instruction made last.
    pub(crate) fn append_to_last(&mut self, parts: &[Part<'_>]) {
        let Some(inst) = self.insts.last_mut() else {
            return;
        };
        let body = &mut self.body;
        if inst.end as usize != body.pieces.len() {
            // Not the newest pieces (a phi filled late): moved to the end.
            let len = inst.end - inst.start;
            let start = body.start_line();
            body.pieces
                .extend_from_within(inst.start as usize..inst.end as usize);
            (inst.start, inst.end) = (start, start + len);
        }
        body.line = inst.start as usize;
        body.push_parts(parts);
        inst.end = body.pieces.len() as u32;
    }

    /// Records that the terminator just made branches to `targets`
    /// (LLVM's operand order), for the `; preds = ` lists.
    pub(crate) fn branched(&mut self, targets: &[usize]) {
        for t in targets {
            let from = self.current;
            self.preds[*t].push(from);
        }
    }

    /// Translates a region: blocks, then phi operands.
    pub(crate) fn translate_region(
        &mut self,
        region: RegionId,
        args: &[Val],
    ) -> Result<(), TranslateError> {
        let blocks: Vec<BlockId> = self.ir.region_blocks(region).collect();
        self.values = ValueMap::for_blocks(self.ir, &blocks);
        self.blocks.reserve(blocks.len());
        for (i, b) in blocks.iter().enumerate() {
            self.blocks.insert(*b, i);
        }
        self.num_blocks = blocks.len();
        self.preds = vec![SmallVec::new(); blocks.len()];
        if let Some(entry) = blocks.first() {
            for (i, v) in self.ir.arguments(*entry).enumerate() {
                if let Some(a) = args.get(i) {
                    self.values.insert(v, a.clone());
                }
            }
        }
        for b in dominance_order(self.ir, &blocks) {
            self.current = self.block(b);
            if self.current != 0 {
                for (i, arg) in self.ir.arguments(b).enumerate() {
                    let op = self
                        .ir
                        .terminator(b)
                        .unwrap_or_else(|| self.ir.block_parent_op(b).expect("a block in an op"));
                    if self.with_locations {
                        self.location = self.arg_locations.get(&arg).copied();
                    }
                    let ty = crate::module::lty(self.ctx, op, self.ir.value_type(arg))?;
                    let v = self.push(op, Some(ty.clone()), std::iter::empty::<Part>())?;
                    if let Some(Val {
                        kind: ValKind::Local(Local::Inst(id)),
                        ..
                    }) = &v
                    {
                        self.phis.push((b, i, *id, ty));
                    }
                    if let Some(v) = v {
                        self.values.insert(arg, v);
                    }
                }
            }
            let ir = self.ir;
            for op in ir.block_ops(b) {
                if self.with_locations {
                    self.location = self.op_locations.get(&op).copied();
                }
                self.translate_op(op)?;
            }
        }
        self.connect_phis()
    }

    /// Fills each phi with one incoming value per use of its block.
    fn connect_phis(&mut self) -> Result<(), TranslateError> {
        // Each block's uses by terminators, newest first: the IR's own
        // use-list order (in parsed text, the reverse of the op order; in
        // IR built in memory, the reverse of the order the branches were
        // made, as upstream's in-memory use lists).
        let phis = std::mem::take(&mut self.phis);
        for (block, arg, inst, ty) in phis {
            let start = self.body.start_line();
            self.body
                .push_parts([Part::Text("phi "), Part::Ty(&ty), Part::Text(" ")]);
            for (n, (term, s)) in self.ir.predecessor_edges(block).enumerate() {
                let operand = self.successor_operand(term, s, arg).ok_or_else(|| {
                    TranslateError::new(term, "branch passes no value for a block argument")
                })?;
                let v = self.value(term, operand)?;
                let from = self.ir.op_block(term).map_or(0, |b| self.block(b));
                let sep = if n > 0 { ", [ " } else { "[ " };
                self.body.push_parts([
                    Part::Text(sep),
                    Part::Val(&v),
                    Part::Text(", "),
                    Part::Block(from),
                    Part::Text(" ]"),
                ]);
            }
            let end = self.body.pieces.len() as u32;
            let phi = &mut self.insts[inst];
            (phi.start, phi.end) = (start, end);
        }
        Ok(())
    }

    /// The operand `term` passes to argument `arg` of successor `s`: the
    /// branch's operand segments (`operandSegmentSizes`, and a switch's
    /// `case_operand_segments`) name them.
    pub(crate) fn successor_operand(&self, term: OpId, s: usize, arg: usize) -> Option<Value> {
        let name = self.ctx.str(self.ir.op_name(term));
        let segments = |attr_name: &str| {
            crate::props::attr(self.ctx, self.ir, term, attr_name)
                .and_then(|a| crate::props::dense_array(self.ctx, a))
        };
        // Where successor `s`'s operands start.
        let start = match name {
            "llvm.br" => 0,
            "llvm.cond_br" => {
                let seg = segments("operandSegmentSizes")?;
                1 + if s == 0 { 0 } else { *seg.get(1)? as usize }
            }
            // Callee operands, then the normal and the unwind block's.
            "llvm.invoke" => {
                let seg = segments("operandSegmentSizes")?;
                let skip = if s == 0 { 1 } else { 2 };
                seg.iter().take(skip).map(|&n| n as usize).sum()
            }
            "llvm.switch" => {
                let seg = segments("operandSegmentSizes")?;
                let default_count = *seg.get(1)? as usize;
                if s == 0 {
                    1
                } else {
                    let cases = segments("case_operand_segments").unwrap_or_default();
                    1 + default_count + cases.iter().take(s - 1).map(|c| *c as usize).sum::<usize>()
                }
            }
            // The address, then each successor's operands.
            "llvm.indirectbr" => {
                let seg = segments("indbr_operand_segments")?;
                1 + seg.iter().take(s).map(|&n| n as usize).sum::<usize>()
            }
            _ => {
                let info = self.registry.op(self.ir.op_name(term))?;
                let ranges = (info.successor_operands?)(self.ctx, self.ir, term);
                let range = ranges.get(s)?;
                let index = arg.checked_sub(range.produced)? + range.forwarded.start;
                return (index < range.forwarded.end).then(|| self.ir.operand(term, index));
            }
        };
        let index = start + arg;
        (index < self.ir.num_operands(term)).then(|| self.ir.operand(term, index))
    }

    /// The body as LLVM prints it, from `{` to `}`, arguments numbered
    /// from 0 and the unnamed entry block taking the number after them.
    /// With `debug`, each instruction's location is written (`, !dbg
    /// !N`) and numbered in print order.
    pub(crate) fn render_body(
        &self,
        num_args: usize,
        mut debug: Option<&mut DebugInfo<'_>>,
    ) -> String {
        // The instructions of each block in the order they were made:
        // `order[starts[b]..starts[b + 1]]` (a counting sort by block).
        let mut starts = vec![0usize; self.num_blocks + 1];
        for inst in &self.insts {
            starts[inst.block as usize + 1] += 1;
        }
        for b in 0..self.num_blocks {
            starts[b + 1] += starts[b];
        }
        let mut order = vec![0usize; self.insts.len()];
        let mut fill = starts.clone();
        for (i, inst) in self.insts.iter().enumerate() {
            let at = &mut fill[inst.block as usize];
            order[*at] = i;
            *at += 1;
        }
        let block_insts = |b: usize| &order[starts[b]..starts[b + 1]];
        // Numbers: arguments, then per block its label and its results.
        let mut next = num_args;
        let mut block_slot = vec![0usize; self.num_blocks];
        let mut inst_slot = vec![usize::MAX; self.insts.len()];
        for (b, slot) in block_slot.iter_mut().enumerate() {
            let insts = block_insts(b);
            *slot = next;
            next += 1;
            for &i in insts {
                if self.insts[i].numbered {
                    inst_slot[i] = next;
                    next += 1;
                }
            }
        }
        // Bytes, written as text: numbers go in without a UTF-8 check
        // each (the body is mostly numbers), the whole checked once.
        let mut out = PrintBuffer::new();
        out.reserve(self.body.text.len() + 8 * self.insts.len());
        out.push_str(" {\n");
        for b in 0..self.num_blocks {
            let insts = block_insts(b);
            if b > 0 {
                // The label, then the comment at column 50.
                const SPACES: &str = "                                                  ";
                out.push_byte(b'\n');
                let at = out.len();
                out.push_u64(block_slot[b] as u64);
                out.push_byte(b':');
                let pad = SPACES.len().saturating_sub(out.len() - at).max(1);
                out.push_str(&SPACES[..pad]);
                if self.preds[b].is_empty() {
                    out.push_str("; No predecessors!");
                } else {
                    out.push_str("; preds = ");
                    for (k, p) in self.preds[b].iter().rev().enumerate() {
                        if k > 0 {
                            out.push_str(", ");
                        }
                        push_local(&mut out, block_slot[*p]);
                    }
                }
                out.push_byte(b'\n');
            }
            for &i in insts {
                out.push_str("  ");
                if inst_slot[i] != usize::MAX {
                    push_local(&mut out, inst_slot[i]);
                    out.push_str(" = ");
                }
                let inst = &self.insts[i];
                for piece in &self.body.pieces[inst.start as usize..inst.end as usize] {
                    match *piece {
                        Piece::Text(a, b) => out.push_str(&self.body.text[a as usize..b as usize]),
                        Piece::Local(Local::Arg(a)) => push_local(&mut out, a),
                        Piece::Local(Local::Inst(i)) => push_local(&mut out, inst_slot[i]),
                        Piece::Node(n) => {
                            if let Some(d) = debug.as_deref_mut() {
                                let _ = write!(out, "!{}", d.slot(n));
                            }
                        }
                        Piece::Block(b) => push_local(&mut out, block_slot[b]),
                    }
                }
                if let (Some(d), Some(loc)) = (debug.as_deref_mut(), self.insts[i].location) {
                    let _ = write!(out, ", !dbg !{}", d.slot(loc));
                }
                out.push_byte(b'\n');
            }
        }
        out.push_str("}\n");
        // Every piece is text: no byte is replaced.
        out.into_string_lossy()
    }
}

/// Writes `%n`, a numbered value or block, without the formatting
/// machinery (the body's text is mostly these).
fn push_local(out: &mut PrintBuffer, n: usize) {
    // A function's numbers are mostly below 1000: stores of a known
    // length, no digit loop.
    let digit = |d: usize| b'0' + (d % 10) as u8;
    match n {
        0..=9 => out.push_bytes(&[b'%', digit(n)]),
        10..=99 => out.push_bytes(&[b'%', digit(n / 10), digit(n)]),
        100..=999 => out.push_bytes(&[b'%', digit(n / 100), digit(n / 10), digit(n)]),
        _ => {
            out.push_byte(b'%');
            out.push_u64(n as u64);
        }
    }
}

/// The blocks in dominance order: reverse post-order from the entry
/// (successors in order), then from each block not reached yet.
fn dominance_order(ir: &Ir, blocks: &[BlockId]) -> Vec<BlockId> {
    let mut seen: rustc_hash::FxHashSet<BlockId> = Default::default();
    seen.reserve(blocks.len());
    let mut order = Vec::with_capacity(blocks.len());
    let mut post = Vec::new();
    // Each block on the path with its terminator and the index of the
    // successor to visit next.
    let mut stack: Vec<(BlockId, Option<OpId>, usize)> = Vec::new();
    for &root in blocks {
        if !seen.insert(root) {
            continue;
        }
        post.clear();
        stack.push((root, ir.terminator(root), 0));
        while let Some((b, term, next)) = stack.last_mut() {
            let child = term.filter(|t| *next < ir.num_successors(*t));
            if let Some(t) = child {
                let c = ir.successor(t, *next);
                *next += 1;
                if seen.insert(c) {
                    stack.push((c, ir.terminator(c), 0));
                }
            } else {
                post.push(*b);
                stack.pop();
            }
        }
        order.extend(post.iter().rev());
    }
    order
}

#[cfg(test)]
mod tests {
    use super::push_local;

    #[test]
    fn numbers_are_written_as_display_writes_them() {
        for n in [
            0usize,
            7,
            10,
            42,
            99,
            100,
            507,
            999,
            1000,
            12345,
            usize::MAX,
        ] {
            let mut out = ir::print_buffer::PrintBuffer::new();
            out.push_str("x");
            push_local(&mut out, n);
            assert_eq!(out.into_string_lossy(), format!("x%{n}"));
        }
    }
}

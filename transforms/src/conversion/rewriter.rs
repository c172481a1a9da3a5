//! The conversion rewriter (MLIR's `ConversionPatternRewriter`): what
//! conversion patterns change the IR through. Every change goes into a
//! change log ([`super::log`]) so that a pattern that fails, or a whole
//! conversion that fails, is rolled back to exactly the IR it started
//! from.
//!
//! Replaced and erased ops stay where they are until the conversion
//! commits (the driver skips them); uses of a replaced result move to the
//! replacement at once, through a `builtin.unrealized_conversion_cast`
//! (a source materialization) when the types differ, so that ops not
//! converted yet keep operands of the types they expect. A later pattern
//! sees through those casts: its adaptor holds the replacement values
//! ([`ConversionRewriter::remap_operands`]).

use super::log::{self, Change};
use super::type_converter::{
    build_unrealized_cast, InputMapping, MaterializationKind, SignatureConversion, TypeConverter,
};
use ir::builder::{InsertPoint, OpBuilder};
use ir::{
    Attribute, BlockId, Context, Ir, Location, OpId, RegionId, Registry, Type, Value, ValueDef,
};
use std::collections::{HashMap, HashSet};

/// A cast the conversion inserted where types are not reconciled yet
/// (upstream's unresolved materialization).
#[derive(Clone, Copy, Debug)]
pub(super) struct Materialization {
    pub kind: MaterializationKind,
}

/// A pattern's failure to match; the reason is kept by the rewriter
/// ([`ConversionRewriter::match_failures`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MatchFailure;

/// What a conversion pattern returns: whether it rewrote the op.
pub type LogicalResult = Result<(), MatchFailure>;

/// A position in the change log to roll back to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Checkpoint(usize);

/// Changes IR on behalf of the conversion driver, keeping what undoes each
/// change.
pub struct ConversionRewriter<'a> {
    pub ctx: &'a mut Context,
    pub registry: &'a Registry,
    ir: &'a mut Ir,
    converter: Option<&'a TypeConverter>,
    log: Vec<Change>,
    /// Ops replaced or erased: still in the IR until the conversion
    /// commits.
    erased: HashSet<OpId>,
    /// The casts the conversion inserted, by op.
    materializations: HashMap<OpId, Materialization>,
    /// Where [`ConversionRewriter::build`] puts new ops by default.
    insertion: InsertPoint,
    /// Why patterns did not match (op, reason), in order.
    failures: Vec<(OpId, String)>,
}

impl<'a> ConversionRewriter<'a> {
    /// A rewriter over `ir`, converting types with `converter` (patterns
    /// see operands of converted types when there is one).
    pub fn new(
        ctx: &'a mut Context,
        registry: &'a Registry,
        ir: &'a mut Ir,
        converter: Option<&'a TypeConverter>,
    ) -> Self {
        ConversionRewriter {
            ctx,
            registry,
            ir,
            converter,
            log: Vec::new(),
            erased: HashSet::new(),
            materializations: HashMap::new(),
            insertion: InsertPoint::Detached,
            failures: Vec::new(),
        }
    }

    /// The IR, to read. Changes go through the rewriter's methods so that
    /// they can be undone.
    pub fn ir(&self) -> &Ir {
        self.ir
    }

    /// The context, to change (intern types and attributes), with the IR
    /// to read.
    pub fn ctx_and_ir(&mut self) -> (&mut Context, &Ir) {
        (self.ctx, self.ir)
    }

    /// The type converter of the conversion.
    pub fn type_converter(&self) -> Option<&'a TypeConverter> {
        self.converter
    }

    // ----- the log ----------------------------------------------------------

    /// The current state, to roll back to.
    pub fn checkpoint(&self) -> Checkpoint {
        Checkpoint(self.log.len())
    }

    /// Undoes every change made since `to`, last first.
    pub fn rollback(&mut self, to: Checkpoint) {
        while self.log.len() > to.0 {
            let Some(change) = self.log.pop() else { break };
            match change {
                Change::Erased(op) => {
                    self.erased.remove(&op);
                }
                Change::Materialization(op) => {
                    self.materializations.remove(&op);
                }
                Change::Modified(_) => {}
                other => log::undo(self.ir, &other),
            }
        }
    }

    /// The changes made since `from`: ops created and not erased since,
    /// and ops changed in place, for the driver to legalize.
    pub(super) fn changes_since(&self, from: Checkpoint) -> (Vec<OpId>, Vec<OpId>) {
        let mut created = Vec::new();
        let mut modified = Vec::new();
        for change in &self.log[from.0..] {
            match *change {
                Change::CreatedOp(op) => created.push(op),
                Change::Modified(op) => modified.push(op),
                _ => {}
            }
        }
        created.retain(|&op| !self.is_ignored(op) && !self.materializations.contains_key(&op));
        modified.retain(|op| !created.contains(op) && !self.is_ignored(*op));
        let mut seen = HashSet::new();
        modified.retain(|op| seen.insert(*op));
        (created, modified)
    }

    /// Whether `op` was replaced or erased.
    pub fn is_erased(&self, op: OpId) -> bool {
        self.erased.contains(&op)
    }

    /// Whether `op`, or an op it is nested in, was replaced or erased, or
    /// it sits in a block taken out of the IR (the driver leaves such ops
    /// alone).
    pub fn is_ignored(&self, op: OpId) -> bool {
        let mut cur = op;
        loop {
            if self.erased.contains(&cur) {
                return true;
            }
            // A top-level op (the root of the conversion).
            let Some(block) = self.ir.op_block(cur) else {
                return false;
            };
            match self.ir.block_parent_op(block) {
                Some(parent) => cur = parent,
                // A top-level block: inside the IR when it is in a region.
                None => return self.ir.block_region(block).is_none(),
            }
        }
    }

    /// Records a failure reason for `op` (MLIR's `notifyMatchFailure`)
    /// and returns the failure to return from the pattern.
    pub fn notify_match_failure(&mut self, op: OpId, reason: impl Into<String>) -> MatchFailure {
        self.failures.push((op, reason.into()));
        MatchFailure
    }

    /// Every match failure reason recorded, with its op.
    pub fn match_failures(&self) -> &[(OpId, String)] {
        &self.failures
    }

    // ----- creating ---------------------------------------------------------

    /// Where [`ConversionRewriter::build_here`] creates ops (the driver
    /// sets it before the op a pattern converts).
    pub fn set_insertion_point(&mut self, at: InsertPoint) {
        self.insertion = at;
    }

    /// The current insertion point.
    pub fn insertion_point(&self) -> InsertPoint {
        self.insertion
    }

    /// Runs `f` with a builder at `at`; every op and block it creates is
    /// recorded. `f` may only create: changing existing IR through the
    /// builder would not be undone.
    pub fn build<R>(&mut self, at: InsertPoint, f: impl FnOnce(&mut OpBuilder<'_>) -> R) -> R {
        let first_op = self.ir.op_capacity();
        let first_block = self.ir.block_capacity();
        let mut b = OpBuilder::new(self.ctx, self.ir);
        b.set_insertion_point(at);
        let r = f(&mut b);
        self.record_created(first_op, first_block);
        r
    }

    /// [`ConversionRewriter::build`] at the current insertion point, which
    /// then moves past what was built when it was `After` an op.
    pub fn build_here<R>(&mut self, f: impl FnOnce(&mut OpBuilder<'_>) -> R) -> R {
        let first_op = self.ir.op_capacity();
        let first_block = self.ir.block_capacity();
        let mut b = OpBuilder::new(self.ctx, self.ir);
        b.set_insertion_point(self.insertion);
        let r = f(&mut b);
        self.insertion = b.insertion_point();
        self.record_created(first_op, first_block);
        r
    }

    fn record_created(&mut self, first_op: usize, first_block: usize) {
        let new_ops = first_op..self.ir.op_capacity();
        for id in new_ops.clone() {
            self.log.push(Change::CreatedOp(OpId::from_index(id)));
        }
        for id in first_block..self.ir.block_capacity() {
            let block = BlockId::from_index(id);
            // A block in a created op's region goes with the op; one added
            // to a region that existed before is undone on its own.
            let owner = self.ir.block_parent_op(block);
            if owner.is_some_and(|o| !new_ops.contains(&o.index())) {
                self.log.push(Change::CreatedBlock(block));
            }
        }
    }

    /// Creates a block with arguments of `types` (at `loc`) in `region`,
    /// before `before` (at the end when `None`).
    pub fn create_block(
        &mut self,
        region: RegionId,
        before: Option<BlockId>,
        types: &[Type],
        loc: Location,
    ) -> BlockId {
        let block = self.ir.create_block();
        for &t in types {
            self.ir.add_argument(block, t, loc);
        }
        match before {
            Some(next) => self.ir.insert_block_before(next, block),
            None => self.ir.append_block(region, block),
        }
        self.log.push(Change::CreatedBlock(block));
        block
    }

    // ----- changing in place ------------------------------------------------

    /// Records that the pattern changed `op` in place (the driver then
    /// legalizes it again, as after MLIR's `modifyOpInPlace`).
    fn modified(&mut self, op: OpId) {
        self.log.push(Change::Modified(op));
    }

    /// Points operand `index` of `op` at `value` (a change in place).
    pub fn set_operand(&mut self, op: OpId, index: usize, value: Value) {
        self.modified(op);
        self.redirect_operand(op, index, value);
    }

    /// Points operand `index` of `op` at `value`, as a replacement does
    /// (the user is not changed in place: it is converted in its turn).
    fn redirect_operand(&mut self, op: OpId, index: usize, value: Value) {
        let old = self.ir.operand(op, index);
        if old == value {
            return;
        }
        self.log.push(Change::SetOperand { op, index, old });
        self.ir.set_operand(op, index, value);
    }

    /// Points successor `index` of `op` at `block` (a change in place).
    pub fn set_successor(&mut self, op: OpId, index: usize, block: BlockId) {
        self.modified(op);
        self.redirect_successor(op, index, block);
    }

    fn redirect_successor(&mut self, op: OpId, index: usize, block: BlockId) {
        let old = self.ir.successor(op, index);
        if old == block {
            return;
        }
        self.log.push(Change::SetSuccessor { op, index, old });
        self.ir.set_successor(op, index, block);
    }

    /// Sets the attribute dictionary of `op` (a change in place).
    pub fn set_attrs(&mut self, op: OpId, attrs: Option<Attribute>) {
        self.modified(op);
        let old = self.ir.attrs(op);
        self.log.push(Change::SetAttrs { op, old });
        self.ir.set_attrs(op, attrs);
    }

    /// Sets the properties of `op` (a change in place).
    pub fn set_props(&mut self, op: OpId, props: Option<Attribute>) {
        self.modified(op);
        let old = self.ir.props(op);
        self.log.push(Change::SetProps { op, old });
        self.ir.set_props(op, props);
    }

    /// Sets (or with `None` removes) the inherent attribute `name` of `op`
    /// in its properties (a change in place).
    pub fn set_inherent_attr(&mut self, op: OpId, name: &str, value: Option<Attribute>) {
        self.modified(op);
        let old = self.ir.props(op);
        self.log.push(Change::SetProps { op, old });
        ods_runtime::op::set_inherent_attr(self.ctx, self.ir, op, name, value);
    }

    /// Sets the location of `op`.
    pub fn set_loc(&mut self, op: OpId, loc: Location) {
        let old = self.ir.op_loc(op);
        self.log.push(Change::SetLoc { op, old });
        self.ir.set_op_loc(op, loc);
    }

    /// Changes the type of `value` in place (its defining op counts as
    /// changed in place).
    pub fn set_type(&mut self, value: Value, ty: Type) {
        if let Some(op) = self.ir.defining_op(value) {
            self.modified(op);
        }
        let old = self.ir.value_type(value);
        self.log.push(Change::SetType { value, old });
        self.ir.set_value_type(value, ty);
    }

    /// Points every use of `from` at `to` (the users are not changed in
    /// place: each is converted in its turn).
    pub fn replace_all_uses(&mut self, from: Value, to: Value) {
        if from == to {
            return;
        }
        let uses: Vec<(OpId, usize)> = self
            .ir
            .uses(from)
            .map(|u| (u.owner, u.index as usize))
            .collect();
        for (owner, index) in uses {
            self.redirect_operand(owner, index, to);
        }
    }

    // ----- moving -----------------------------------------------------------

    /// Moves `op` to just before `anchor`.
    pub fn move_op_before(&mut self, op: OpId, anchor: OpId) {
        self.log.push(log::op_position(self.ir, op));
        self.ir.move_op_before(op, anchor);
    }

    /// Moves `op` to the end of `block`.
    pub fn move_op_to_end(&mut self, op: OpId, block: BlockId) {
        self.log.push(log::op_position(self.ir, op));
        self.ir.move_op_to_end(op, block);
    }

    /// Moves every block of `region` into `dest`, before `before` (at the
    /// end when `None`), in order (MLIR's `inlineRegionBefore`).
    pub fn inline_region_before(
        &mut self,
        region: RegionId,
        dest: RegionId,
        before: Option<BlockId>,
    ) {
        let blocks: Vec<BlockId> = self.ir.region_blocks(region).collect();
        for block in blocks {
            self.log.push(log::block_position(self.ir, block));
            self.ir.detach_block(block);
            match before {
                Some(next) => self.ir.insert_block_before(next, block),
                None => self.ir.append_block(dest, block),
            }
        }
    }

    /// Moves the ops of `source` to the end of `dest`, replacing the
    /// arguments of `source` by `args` (MLIR's `mergeBlocks`); `source` is
    /// left empty and detached.
    pub fn merge_blocks(&mut self, source: BlockId, dest: BlockId, args: &[Value]) {
        let old: Vec<Value> = self.ir.arguments(source).collect();
        for (from, &to) in old.into_iter().zip(args) {
            self.replace_all_uses(from, to);
        }
        let ops: Vec<OpId> = self.ir.block_ops(source).collect();
        for op in ops {
            self.move_op_to_end(op, dest);
        }
        self.log.push(log::block_position(self.ir, source));
        self.ir.detach_block(source);
    }

    // ----- replacing and erasing --------------------------------------------

    /// Marks `op` (and what is nested in it) erased; it leaves the IR when
    /// the conversion commits. Its results must have no users left by
    /// then.
    pub fn erase_op(&mut self, op: OpId) {
        if self.erased.insert(op) {
            self.log.push(Change::Erased(op));
        }
    }

    /// Replaces each result of `op` by the value of the same position in
    /// `values`, and erases `op` (MLIR's `replaceOp`).
    pub fn replace_op(&mut self, op: OpId, values: &[Value]) {
        let groups: Vec<Vec<Value>> = values.iter().map(|&v| vec![v]).collect();
        self.replace_op_with_multiple(op, &groups);
    }

    /// Replaces each result of `op` by a list of values (a 1:N
    /// replacement), and erases `op`. Users of a result whose replacement
    /// is not one value of its type get a source materialization: a cast
    /// from the values back to the result's type, which later patterns see
    /// through and which goes away when no user is left.
    pub fn replace_op_with_multiple(&mut self, op: OpId, values: &[Vec<Value>]) {
        let results: Vec<Value> = self.ir.results(op).collect();
        let loc = self.ir.op_loc(op);
        for (result, replacement) in results.into_iter().zip(values) {
            self.replace_value(result, replacement, loc);
        }
        self.erase_op(op);
    }

    /// Points the users of `old` at `replacement` (through a source
    /// materialization at `loc` unless it is one value of `old`'s type).
    fn replace_value(&mut self, old: Value, replacement: &[Value], loc: Location) {
        if !self.ir.has_uses(old) {
            return;
        }
        let ty = self.ir.value_type(old);
        let to = match replacement {
            [v] if self.ir.value_type(*v) == ty => *v,
            _ => {
                let at = self.insert_point_after(replacement, old);
                self.materialize(MaterializationKind::Source, at, &[ty], replacement, loc)[0]
            }
        };
        self.replace_all_uses(old, to);
    }

    /// Builds a tracked `builtin.unrealized_conversion_cast` from `inputs`
    /// to `types` at `at`.
    fn materialize(
        &mut self,
        kind: MaterializationKind,
        at: InsertPoint,
        types: &[Type],
        inputs: &[Value],
        loc: Location,
    ) -> Vec<Value> {
        let values = self
            .build(at, |b| build_unrealized_cast(b, types, inputs, loc))
            .unwrap_or_default();
        if let Some(cast) = values.first().and_then(|&v| self.ir.defining_op(v)) {
            self.materializations.insert(cast, Materialization { kind });
            self.log.push(Change::Materialization(cast));
        }
        values
    }

    /// Where a value computed from `values` can be inserted (MLIR's
    /// `computeInsertPoint`): just after the definition of each (at the
    /// start of its block for an argument), the latest of those points;
    /// with no values, just after the definition of `old`.
    fn insert_point_after(&self, values: &[Value], old: Value) -> InsertPoint {
        let point_of = |v: Value| match self.ir.value_def(v) {
            ValueDef::Result { op, .. } => self.ir.op_block(op).map(|b| (b, Some(op))),
            ValueDef::Argument { block, .. } => Some((block, None)),
            ValueDef::Detached => None,
        };
        let mut best: Option<(BlockId, Option<OpId>)> = None;
        for &v in values.iter().chain(values.is_empty().then_some(&old)) {
            let Some(next) = point_of(v) else { continue };
            best = Some(match best {
                None => next,
                Some(cur) if self.is_later(next, cur) => next,
                Some(cur) => cur,
            });
        }
        match best {
            Some((_, Some(op))) => InsertPoint::After(op),
            Some((block, None)) => InsertPoint::Start(block),
            None => InsertPoint::Detached,
        }
    }

    /// Whether the point `a` (after the op, or the start of the block)
    /// comes after `b`: later in the same block, or in a block nested
    /// inside `b`'s.
    fn is_later(&self, a: (BlockId, Option<OpId>), b: (BlockId, Option<OpId>)) -> bool {
        if a.0 == b.0 {
            return match (a.1, b.1) {
                (None, _) => false,
                (Some(_), None) => true,
                (Some(x), Some(y)) => {
                    let mut cur = self.ir.next_op(y);
                    while let Some(op) = cur {
                        if op == x {
                            return true;
                        }
                        cur = self.ir.next_op(op);
                    }
                    false
                }
            };
        }
        let mut block = a.0;
        while let Some(parent) = self.ir.block_parent_op(block) {
            match self.ir.op_block(parent) {
                Some(outer) if outer == b.0 => return true,
                Some(outer) => block = outer,
                None => return false,
            }
        }
        false
    }

    // ----- the adaptor ------------------------------------------------------

    /// The values replacing `value` so far: through the source
    /// materializations the conversion put in front of its users.
    pub fn lookup(&self, value: Value) -> Vec<Value> {
        let mut values = vec![value];
        while let [v] = values.as_slice() {
            let Some(def) = self.ir.defining_op(*v) else {
                break;
            };
            match self.materializations.get(&def) {
                Some(m) if m.kind == MaterializationKind::Source && !self.is_erased(def) => {
                    values = self.ir.operands(def).collect();
                }
                _ => break,
            }
        }
        values
    }

    /// The operands of `op` as a pattern sees them (MLIR's
    /// `getRemappedValues`): each the values replacing it, and with a type
    /// converter, of the types the converter gives its original type (a
    /// target materialization before `op` where they differ). `Err` is the
    /// reason when an operand's type does not convert.
    pub fn remap_operands(&mut self, op: OpId) -> Result<Vec<Vec<Value>>, String> {
        let operands: Vec<Value> = self.ir.operands(op).collect();
        let loc = self.ir.op_loc(op);
        let mut out = Vec::with_capacity(operands.len());
        for (i, operand) in operands.into_iter().enumerate() {
            let values = self.lookup(operand);
            let Some(converter) = self.converter else {
                out.push(values);
                continue;
            };
            let ty = self.ir.value_type(operand);
            let Some(desired) = converter.convert_type(self.ctx, ty) else {
                return Err(format!(
                    "unable to convert type for operand #{i}, type was {}",
                    ir::printer::print_type_str(self.ctx, ty)
                ));
            };
            let have: Vec<Type> = values.iter().map(|&v| self.ir.value_type(v)).collect();
            if have == desired {
                out.push(values);
            } else {
                let cast = self.materialize(
                    MaterializationKind::Target,
                    InsertPoint::Before(op),
                    &desired,
                    &values,
                    loc,
                );
                out.push(cast);
            }
        }
        Ok(out)
    }

    // ----- regions ----------------------------------------------------------

    /// Converts the argument types of the blocks of `region` with the type
    /// converter (the entry block by `entry` when given), as MLIR's
    /// `convertRegionTypes`. Each block is replaced by a new one with the
    /// converted arguments that takes its ops; uses of an old argument see
    /// its new arguments (through a source materialization when they are
    /// not one value of its type). Returns the new entry block; `None`
    /// when a type does not convert (nothing is changed then).
    pub fn convert_region_types(
        &mut self,
        region: RegionId,
        entry: Option<&SignatureConversion>,
    ) -> Option<Option<BlockId>> {
        let converter = self.converter?;
        let blocks: Vec<BlockId> = self.ir.region_blocks(region).collect();
        let mut conversions = Vec::with_capacity(blocks.len());
        for (i, &block) in blocks.iter().enumerate() {
            let conv = match entry {
                Some(conv) if i == 0 => conv.clone(),
                _ => {
                    let types: Vec<Type> = self
                        .ir
                        .arguments(block)
                        .map(|v| self.ir.value_type(v))
                        .collect();
                    converter.signature_conversion(self.ctx, &types)?
                }
            };
            conversions.push(conv);
        }
        let mut new_entry = None;
        for (block, conv) in blocks.into_iter().zip(&conversions) {
            let new = self.apply_signature_conversion(block, conv);
            new_entry.get_or_insert(new);
        }
        Some(new_entry)
    }

    /// Replaces `block` by a new block with the arguments of `conv`, as
    /// MLIR's `applySignatureConversion`: the new block takes the old
    /// one's place, ops and predecessors; the old one is detached (and
    /// erased at commit). Returns the new block.
    pub fn apply_signature_conversion(
        &mut self,
        block: BlockId,
        conv: &SignatureConversion,
    ) -> BlockId {
        let region = self.ir.block_region(block);
        let old_args: Vec<Value> = self.ir.arguments(block).collect();
        let locs: Vec<Location> = (0..old_args.len())
            .map(|i| self.ir.argument_loc(block, i))
            .collect();
        let new = self.ir.create_block();
        // Each new argument takes the location of the argument it replaces.
        let mut arg_locs = vec![Location::UNKNOWN; conv.converted_types().len()];
        for (i, &loc) in locs.iter().enumerate() {
            if let Some(InputMapping::Args { start, len }) = conv.input_mapping(i) {
                for slot in &mut arg_locs[*start..start + len] {
                    *slot = loc;
                }
            }
        }
        for (&t, &loc) in conv.converted_types().iter().zip(&arg_locs) {
            self.ir.add_argument(new, t, loc);
        }
        match (self.ir.next_block(block), region) {
            (Some(next), _) => self.ir.insert_block_before(next, new),
            (None, Some(region)) => self.ir.append_block(region, new),
            (None, None) => {}
        }
        self.log.push(Change::CreatedBlock(new));
        let ops: Vec<OpId> = self.ir.block_ops(block).collect();
        for op in ops {
            self.move_op_to_end(op, new);
        }
        let preds: Vec<(OpId, usize)> = self.ir.predecessor_edges(block).collect();
        for (op, index) in preds {
            self.redirect_successor(op, index, new);
        }
        let new_args: Vec<Value> = self.ir.arguments(new).collect();
        for (i, (&old, &loc)) in old_args.iter().zip(&locs).enumerate() {
            let replacement = match conv.input_mapping(i) {
                Some(InputMapping::Args { start, len }) => new_args[*start..start + len].to_vec(),
                Some(InputMapping::Values(values)) => values.clone(),
                None => Vec::new(),
            };
            if !self.ir.has_uses(old) {
                continue;
            }
            let ty = self.ir.value_type(old);
            let to = match replacement.as_slice() {
                [v] if self.ir.value_type(*v) == ty => *v,
                _ => {
                    let at = match self.insert_point_after(&replacement, old) {
                        // No values (a dropped argument): the old block's
                        // place is the new block's.
                        InsertPoint::Start(b) if b == block => InsertPoint::Start(new),
                        InsertPoint::Detached => InsertPoint::Start(new),
                        at => at,
                    };
                    self.materialize(MaterializationKind::Source, at, &[ty], &replacement, loc)[0]
                }
            };
            self.replace_all_uses(old, to);
        }
        self.log.push(log::block_position(self.ir, block));
        self.ir.detach_block(block);
        new
    }

    // ----- finishing --------------------------------------------------------

    /// Whether a use by `user` still counts (the user is not erased).
    fn is_live_user(&self, user: OpId) -> bool {
        !self.is_ignored(user)
    }

    /// The first live user of a result of `op`.
    pub(super) fn live_user(&self, op: OpId) -> Option<OpId> {
        self.ir
            .results(op)
            .flat_map(|r| self.ir.uses(r).map(|u| u.owner).collect::<Vec<_>>())
            .find(|&u| self.is_live_user(u))
    }

    /// The erased ops with a result still used by a live op, each with the
    /// result index and the user.
    pub(super) fn erased_with_live_users(&self) -> Vec<(OpId, usize, OpId)> {
        let mut out = Vec::new();
        for &erased in &self.erased {
            if self.materializations.contains_key(&erased) {
                continue;
            }
            // The op and everything nested in it.
            let mut stack = vec![erased];
            while let Some(op) = stack.pop() {
                for (i, r) in self.ir.results(op).enumerate() {
                    let live = self
                        .ir
                        .uses(r)
                        .map(|u| u.owner)
                        .find(|&u| self.is_live_user(u));
                    if let Some(user) = live {
                        out.push((op, i, user));
                    }
                }
                stack.extend(self.ir.children_rev(op));
            }
        }
        out.sort();
        out
    }

    /// Whether `op` is a `builtin.unrealized_conversion_cast` not erased.
    fn is_live_cast(&self, op: OpId) -> bool {
        !self.is_erased(op)
            && self.ctx.str(self.ir.op_name(op)) == "builtin.unrealized_conversion_cast"
    }

    /// The cast defining all inputs of `cast`, in order, if one does.
    fn input_cast(&self, cast: OpId) -> Option<OpId> {
        let first = self.ir.operands(cast).next()?;
        let def = self
            .ir
            .defining_op(first)
            .filter(|&d| self.is_live_cast(d))?;
        self.ir
            .results(def)
            .eq(self.ir.operands(cast))
            .then_some(def)
    }

    /// Reconciles the tracked casts as upstream's `reconcileUnrealizedCasts`
    /// does when a conversion ends (a worklist, last first): a cast no live
    /// op uses goes, and a cast whose chain of input casts reaches values
    /// of its own result types is replaced by them. Returns the tracked
    /// casts left, in creation order.
    pub(super) fn reconcile_materializations(&mut self) -> Vec<(OpId, MaterializationKind)> {
        let mut list: Vec<OpId> = self
            .materializations
            .keys()
            .copied()
            .filter(|&op| !self.is_erased(op))
            .collect();
        list.sort();
        let mut members: HashSet<OpId> = list.iter().copied().collect();
        let enqueue_inputs =
            |rw: &Self, cast: OpId, list: &mut Vec<OpId>, members: &mut HashSet<OpId>| {
                for v in rw.ir.operands(cast) {
                    if let Some(def) = rw.ir.defining_op(v).filter(|&d| rw.is_live_cast(d)) {
                        if members.insert(def) {
                            list.push(def);
                        }
                    }
                }
            };
        while let Some(cast) = list.pop() {
            members.remove(&cast);
            if self.live_user(cast).is_none() {
                enqueue_inputs(self, cast, &mut list, &mut members);
                self.erase_op(cast);
                continue;
            }
            let results: Vec<Value> = self.ir.results(cast).collect();
            let types: Vec<Type> = results.iter().map(|&r| self.ir.value_type(r)).collect();
            let mut next = Some(cast);
            while let Some(candidate) = next {
                let inputs: Vec<Value> = self.ir.operands(candidate).collect();
                if inputs.iter().any(|&v| self.ir.defining_op(v) == Some(cast)) {
                    break;
                }
                if inputs
                    .iter()
                    .map(|&v| self.ir.value_type(v))
                    .eq(types.iter().copied())
                {
                    enqueue_inputs(self, cast, &mut list, &mut members);
                    for (&r, &v) in results.iter().zip(&inputs) {
                        self.replace_all_uses(r, v);
                    }
                    self.erase_op(cast);
                    break;
                }
                next = self.input_cast(candidate);
            }
        }
        let mut left: Vec<(OpId, MaterializationKind)> = self
            .materializations
            .iter()
            .filter(|(op, _)| !self.is_erased(**op))
            .map(|(&op, m)| (op, m.kind))
            .collect();
        left.sort_by_key(|&(op, _)| op);
        left
    }

    /// Replaces a live materialization by what the type converter builds
    /// for it; whether it could.
    pub(super) fn legalize_materialization(
        &mut self,
        cast: OpId,
        kind: MaterializationKind,
    ) -> bool {
        let Some(converter) = self.converter else {
            return false;
        };
        let types: Vec<Type> = self
            .ir
            .results(cast)
            .map(|r| self.ir.value_type(r))
            .collect();
        let inputs: Vec<Value> = self.ir.operands(cast).collect();
        let loc = self.ir.op_loc(cast);
        let built = self.build(InsertPoint::Before(cast), |b| {
            converter.materialize(kind, b, &types, &inputs, loc)
        });
        let Some(values) = built else {
            return false;
        };
        let results: Vec<Value> = self.ir.results(cast).collect();
        for (r, v) in results.into_iter().zip(values) {
            self.replace_all_uses(r, v);
        }
        self.erase_op(cast);
        self.log.push(log::op_position(self.ir, cast));
        self.ir.detach_op(cast);
        true
    }

    /// Takes the erased ops out of their blocks (undoably), so that the IR
    /// reads as it will once committed: what diagnostics print from here
    /// on numbers values as upstream's committed IR does.
    pub(super) fn detach_erased(&mut self) {
        let mut tops: Vec<OpId> = self
            .erased
            .iter()
            .copied()
            .filter(|&op| self.ir.op_block(op).is_some() && !self.inside_erased(op))
            .collect();
        tops.sort();
        for op in tops {
            self.log.push(log::op_position(self.ir, op));
            self.ir.detach_op(op);
        }
    }

    /// Whether an op `op` is nested in is erased.
    fn inside_erased(&self, op: OpId) -> bool {
        let mut cur = self.ir.parent_op(op);
        while let Some(parent) = cur {
            if self.erased.contains(&parent) {
                return true;
            }
            cur = self.ir.parent_op(parent);
        }
        false
    }

    /// Makes the changes final: erased ops and detached blocks leave the
    /// IR, and the log is dropped.
    pub(super) fn commit(mut self) {
        let mut doomed: Vec<OpId> = self
            .erased
            .iter()
            .copied()
            .filter(|&op| !self.inside_erased(op))
            .collect();
        doomed.sort();
        // Drop the operands of everything that goes first, so no erased op
        // still uses another when that one is erased.
        let mut stack = doomed.clone();
        while let Some(op) = stack.pop() {
            self.ir.set_operands(op, &[]);
            stack.extend(self.ir.children_rev(op));
        }
        for op in doomed {
            self.ir.erase_op(op);
        }
        for change in std::mem::take(&mut self.log) {
            if let Change::MovedBlock { block, .. } = change {
                if self.ir.block_region(block).is_none() && self.ir.first_op(block).is_none() {
                    self.ir.erase_block(block);
                }
            }
        }
    }
}

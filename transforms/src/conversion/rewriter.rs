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

use super::log::{self, Change, Redirect};
use super::pattern::{OperandLists, ValueList};
use super::type_converter::{build_unrealized_cast, MaterializationKind, TypeConverter};
use crate::pass::ReportSettings;
use ir::builder::{InsertPoint, OpBuilder};
use ir::registry::VerifyError;
use ir::verifier::Reporter;
use ir::{
    Attribute, BlockId, Context, Diagnostic, Ir, Location, OpId, RegionId, Registry, Type, Value,
    ValueDef,
};
use rustc_hash::{FxHashMap, FxHashSet};
use std::cell::Cell;

mod blocks;
mod finish;
mod fold;
mod op_set;
mod originals;

use op_set::OpSet;
use originals::Originals;

pub(super) use fold::Folded;
use fold::Restored;
mod regions;

/// A cast the conversion inserted where types are not reconciled yet
/// (upstream's unresolved materialization).
#[derive(Clone, Copy, Debug)]
pub(super) struct Materialization {
    pub kind: MaterializationKind,
    /// Built for a replacement whose values do not have the replaced
    /// result's type. Upstream only records the replacement and builds
    /// this cast when the conversion commits, for the uses still live
    /// then; ours is built at once, so a diagnostic printed before the
    /// commit must not show it ([`ConversionRewriter::show_uncommitted`]).
    pub deferred: bool,
}

/// A pattern's failure to match; the reason is kept by the rewriter
/// ([`ConversionRewriter::match_failures`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MatchFailure;

/// What a conversion pattern returns: whether it rewrote the op.
pub type LogicalResult = Result<(), MatchFailure>;

/// Ops a pattern created or changed (a few, nearly always).
pub(super) type OpList = smallvec::SmallVec<[OpId; 8]>;

/// A position in the change log to roll back to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Checkpoint(usize);

/// Changes IR on behalf of the conversion driver, keeping what undoes each
/// change.
pub struct ConversionRewriter<'a> {
    pub ctx: &'a mut Context,
    pub registry: &'a Registry,
    ir: &'a mut Ir,
    /// How errors are reported, and the op the conversion runs on
    /// ([`ConversionRewriter::op_error`]).
    report: (ReportSettings<'a>, Option<OpId>),
    converter: Option<&'a TypeConverter>,
    log: Vec<Change>,
    /// Ops replaced or erased: still in the IR until the conversion
    /// commits.
    erased: OpSet,
    /// Operand slots a replacement redirected: the value the slot held
    /// first and the one it was last redirected to. Upstream defers
    /// replacements to the commit, so its fold sees the first; ours
    /// restores it for the time of a fold ([`fold`]).
    originals: Originals,
    /// The casts the conversion inserted, by op.
    materializations: FxHashMap<OpId, Materialization>,
    /// Where [`ConversionRewriter::build`] puts new ops by default.
    insertion: InsertPoint,
    /// Why patterns did not match (op, reason), in order.
    failures: Vec<(OpId, String)>,
    /// How many rollbacks there were: with the length of the log, what
    /// tells that the IR did not change since.
    rollbacks: usize,
    /// The last block [`ConversionRewriter::is_ignored`] answered for.
    ignored_block: Cell<Option<IgnoredBlock>>,
    /// The buffers of the last fold ([`fold`]), kept for the next: a fold
    /// is tried on every illegal op.
    fold_restored: Vec<Restored>,
    fold_results: Vec<ods_runtime::fold::OpFoldResult>,
}

/// Whether the ops of `block` were ignored when the log had `state.0`
/// changes after `state.1` rollbacks.
#[derive(Clone, Copy, Debug)]
struct IgnoredBlock {
    state: (usize, usize),
    block: BlockId,
    ignored: bool,
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
            report: (ReportSettings::default(), None),
            converter,
            log: Vec::new(),
            erased: OpSet::default(),
            originals: Originals::default(),
            materializations: FxHashMap::default(),
            insertion: InsertPoint::Detached,
            failures: Vec::new(),
            rollbacks: 0,
            ignored_block: Cell::new(None),
            fold_restored: Vec::new(),
            fold_results: Vec::new(),
        }
    }

    /// Reports errors as a pass run on `root` does, with `report`'s
    /// sources and op note (the driver sets it).
    pub fn set_report(&mut self, report: ReportSettings<'a>, root: OpId) {
        self.report = (report, Some(root));
    }

    /// An error on `op` as the pass reports one (MLIR's `op->emitError()`
    /// in a pattern): its `see current operation` note shows the IR as it
    /// is now, before a failed pattern's changes are undone.
    pub fn op_error(&self, op: OpId, err: VerifyError) -> Diagnostic {
        let (settings, root) = self.report;
        let reporter = Reporter {
            ctx: self.ctx,
            ir: self.ir,
            registry: self.registry,
            sources: settings.sources,
            root: root.unwrap_or(op),
            op_display: settings.op_display,
        };
        reporter.op_error(op, err)
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
        if self.log.len() > to.0 {
            self.rollbacks += 1;
        }
        while self.log.len() > to.0 {
            let Some(change) = self.log.pop() else { break };
            match change {
                Change::Erased(op) => {
                    self.erased.remove_last(op);
                }
                Change::Materialization(op) => {
                    self.materializations.remove(&op);
                }
                Change::Modified(_) => {}
                Change::SetOriginal { op, index, old } => match old {
                    Some(r) => {
                        let n = self.ir.num_operands(op);
                        self.originals.insert(op, index, n, r);
                    }
                    None => self.originals.remove(op, index),
                },
                other => log::undo(self.ir, &other),
            }
        }
    }

    /// The changes made since `from`: ops created and not erased since,
    /// and ops changed in place, for the driver to legalize.
    pub(super) fn changes_since(&self, from: Checkpoint) -> (OpList, OpList) {
        let mut created = OpList::new();
        let mut modified = OpList::new();
        // The casts made since: a materialization is logged as one just
        // after it is created, so those of `created` are among these (no
        // lookup in the table of every cast).
        let mut casts = OpList::new();
        for change in &self.log[from.0..] {
            match *change {
                Change::CreatedOp(op) => created.push(op),
                Change::Modified(op) => modified.push(op),
                Change::Materialization(op) => casts.push(op),
                _ => {}
            }
        }
        created.retain(|op| !casts.contains(&*op) && !self.is_ignored(*op));
        if modified.is_empty() {
            return (created, modified);
        }
        // A pattern changes a few ops in place: lists are searched as they
        // are, unless they are long.
        const SHORT: usize = 16;
        if created.len() <= SHORT && modified.len() <= SHORT {
            let mut kept = OpList::new();
            for op in modified {
                if !created.contains(&op) && !kept.contains(&op) && !self.is_ignored(op) {
                    kept.push(op);
                }
            }
            return (created, kept);
        }
        let created_set: FxHashSet<OpId> = created.iter().copied().collect();
        let mut seen = FxHashSet::default();
        modified
            .retain(|op| !created_set.contains(&*op) && !self.is_ignored(*op) && seen.insert(*op));
        (created, modified)
    }

    /// Whether `op` was replaced or erased.
    pub fn is_erased(&self, op: OpId) -> bool {
        self.erased.contains(op)
    }

    /// Whether `op`, or an op it is nested in, was replaced or erased, or
    /// it sits in a block taken out of the IR (the driver leaves such ops
    /// alone).
    pub fn is_ignored(&self, op: OpId) -> bool {
        if self.erased.contains(op) {
            return true;
        }
        // A top-level op (the root of the conversion) has no block.
        let Some(block) = self.ir.op_block(op) else {
            return false;
        };
        // The ops the driver asks about in a row mostly share a block, and
        // nothing changed in between when the log did not.
        let state = (self.log.len(), self.rollbacks);
        if let Some(known) = self.ignored_block.get() {
            if known.state == state && known.block == block {
                return known.ignored;
            }
        }
        let ignored = self.is_block_ignored(block);
        self.ignored_block.set(Some(IgnoredBlock {
            state,
            block,
            ignored,
        }));
        ignored
    }

    /// Whether the ops of `block` are ignored: an op it is nested in was
    /// replaced or erased, or it is out of the IR.
    fn is_block_ignored(&self, mut block: BlockId) -> bool {
        loop {
            let Some(parent) = self.ir.block_parent_op(block) else {
                // A top-level block: inside the IR when it is in a region.
                return self.ir.block_region(block).is_none();
            };
            if self.erased.contains(parent) {
                return true;
            }
            match self.ir.op_block(parent) {
                Some(outer) => block = outer,
                // The root of the conversion.
                None => return false,
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

    /// Changes the attributes of `op` in place with `f` (MLIR's
    /// `modifyOpInPlace`, for a change made through an interface, as
    /// `FunctionOpInterface::set_type`): its properties and attribute
    /// dictionary are restored on rollback, and `f` may change nothing
    /// else.
    pub fn modify_op_in_place<R>(
        &mut self,
        op: OpId,
        f: impl FnOnce(&mut Context, &mut Ir) -> R,
    ) -> R {
        self.modified(op);
        let (props, attrs) = (self.ir.props(op), self.ir.attrs(op));
        self.log.push(Change::SetProps { op, old: props });
        self.log.push(Change::SetAttrs { op, old: attrs });
        f(self.ctx, self.ir)
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
        // Each redirect takes the first use off the list: the uses are
        // redirected in the order the list had them.
        while let Some(u) = self.ir.uses(from).next() {
            let (owner, index) = (u.owner, u.index as usize);
            self.record_redirect(owner, index, from, to);
            self.redirect_operand(owner, index, to);
        }
    }

    /// Notes that a replacement points slot `index` of `op` from `from`
    /// at `to`, keeping the value the slot held before the first one.
    fn record_redirect(&mut self, op: OpId, index: usize, from: Value, to: Value) {
        let original = match self.originals.get(op, index) {
            // Redirected before, and not changed by other means since.
            Some(r) if r.now == from => r.original,
            _ => from,
        };
        self.set_original(op, index, original, to);
    }

    /// Records that slot `index` of `op`, now pointed at `now`, held
    /// `original` before the conversion's replacements.
    pub(super) fn set_original(&mut self, op: OpId, index: usize, original: Value, now: Value) {
        let n = self.ir.num_operands(op);
        let old = self
            .originals
            .insert(op, index, n, Redirect { original, now });
        self.log.push(Change::SetOriginal { op, index, old });
    }

    /// The value slot `index` of `op` held before replacements redirected
    /// it, when they did and it holds their last one still.
    pub(super) fn original_operand(&self, op: OpId, index: usize) -> Option<Value> {
        if !self.originals.has_op(op) {
            return None;
        }
        let entry = self.originals.get(op, index)?;
        (entry.now == self.ir.operand(op, index)).then_some(entry.original)
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

    /// Moves `first` and every op after it in its block to the end of
    /// `dest` (another block), as one change.
    pub(super) fn move_ops_to_end(&mut self, first: OpId, dest: BlockId) {
        let Some(from) = self.ir.op_block(first) else {
            return;
        };
        self.log.push(Change::MovedOps { from, first });
        self.ir.move_ops_to_end(first, dest);
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
        if let Some(first) = self.ir.first_op(source) {
            self.move_ops_to_end(first, dest);
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
        let loc = self.ir.op_loc(op);
        for (index, value) in values.iter().enumerate().take(self.ir.num_results(op)) {
            let result = self.ir.result(op, index);
            self.replace_value(result, std::slice::from_ref(value), loc);
        }
        self.erase_op(op);
    }

    /// Replaces each result of `op` by a list of values (a 1:N
    /// replacement), and erases `op`. Users of a result whose replacement
    /// is not one value of its type get a source materialization: a cast
    /// from the values back to the result's type, which later patterns see
    /// through and which goes away when no user is left.
    pub fn replace_op_with_multiple(&mut self, op: OpId, values: &[Vec<Value>]) {
        let loc = self.ir.op_loc(op);
        for (index, replacement) in values.iter().enumerate().take(self.ir.num_results(op)) {
            let result = self.ir.result(op, index);
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
            // A value replaced by the same values as an earlier one of its
            // type shares that one's cast (upstream maps the replacement
            // to its source materialization, and looks it up again).
            _ => {
                match self.existing_materialization(MaterializationKind::Source, replacement, &[ty])
                {
                    Some(cast) => cast[0],
                    None => self.source_materialization(old, ty, replacement, loc),
                }
            }
        };
        self.replace_all_uses(old, to);
    }

    /// A new source materialization of `replacement` to `ty`, for `old`'s
    /// users.
    fn source_materialization(
        &mut self,
        old: Value,
        ty: Type,
        replacement: &[Value],
        loc: Location,
    ) -> Value {
        let at = self.insert_point_after(replacement, old);
        let cast = self.materialize(MaterializationKind::Source, at, &[ty], replacement, loc)[0];
        // A replacement by no value (an erased result still used) gets its
        // cast at once upstream too.
        if let Some(op) = self
            .ir
            .defining_op(cast)
            .filter(|_| !replacement.is_empty())
        {
            self.defer_materialization(op);
        }
        cast
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
            let m = Materialization {
                kind,
                deferred: false,
            };
            self.materializations.insert(cast, m);
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
    pub fn lookup(&self, value: Value) -> ValueList {
        let mut values = ValueList::from_elem(value, 1);
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

    /// The results of a materialization of `kind` the conversion already
    /// built from exactly `values` to `types` (still in place), to reuse.
    fn existing_materialization(
        &self,
        kind: MaterializationKind,
        values: &[Value],
        types: &[Type],
    ) -> Option<Vec<Value>> {
        let first = *values.first()?;
        self.ir.uses(first).map(|u| u.owner).find_map(|user| {
            let tracked = self
                .materializations
                .get(&user)
                .is_some_and(|m| m.kind == kind);
            let same = tracked
                && !self.is_erased(user)
                && self.ir.operands(user).eq(values.iter().copied())
                && self
                    .ir
                    .results(user)
                    .map(|r| self.ir.value_type(r))
                    .eq(types.iter().copied());
            same.then(|| self.ir.results(user).collect())
        })
    }

    /// The operands of `op` as a pattern sees them (MLIR's
    /// `getRemappedValues`): each the values replacing it, and with a type
    /// converter, of the types the converter gives its original type (a
    /// target materialization before `op` where they differ). `Err` is the
    /// reason when an operand's type does not convert.
    pub fn remap_operands(&mut self, op: OpId) -> Result<OperandLists, String> {
        let num_operands = self.ir.num_operands(op);
        let loc = self.ir.op_loc(op);
        let mut out = OperandLists::with_capacity(num_operands);
        for i in 0..num_operands {
            let operand = self.ir.operand(op, i);
            let values = self.lookup(operand);
            let Some(converter) = self.converter else {
                out.push(values);
                continue;
            };
            let ty = self.ir.value_type(operand);
            let Some(desired) = converter.convert_type_list(self.ctx, ty) else {
                return Err(format!(
                    "unable to convert type for operand #{i}, type was {}",
                    ir::printer::print_type_str(self.ctx, ty)
                ));
            };
            let same = values.len() == desired.len()
                && values
                    .iter()
                    .zip(&desired)
                    .all(|(&v, &t)| self.ir.value_type(v) == t);
            if same {
                out.push(values);
            } else if let Some(cast) =
                self.existing_materialization(MaterializationKind::Target, &values, &desired)
            {
                out.push(cast.into());
            } else {
                // Just after the values' definitions (upstream's
                // `computeInsertPoint`), so that every later user can
                // share it, as upstream's value mapping does.
                let at = self.insert_point_after(&values, operand);
                let at = if at == InsertPoint::Detached {
                    InsertPoint::Before(op)
                } else {
                    at
                };
                let cast =
                    self.materialize(MaterializationKind::Target, at, &desired, &values, loc);
                out.push(cast.into());
            }
        }
        Ok(out)
    }
}

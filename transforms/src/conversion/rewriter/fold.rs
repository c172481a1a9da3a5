//! Folding during legalization (upstream's `legalizeWithFold` over
//! `OpBuilder::tryFold`): before any pattern, an illegal op is folded with
//! its dialect's fold hook; values it folds to replace it, and constants
//! are built by its dialect's materializer.
//!
//! Upstream's conversion defers every replacement to its commit, so a
//! fold sees the IR as it was before the conversion: `trunci(extsi %a)`
//! still finds the `arith.extsi`, and a constant operand is still the
//! `arith.constant` it was. Ours points uses at replacements at once; for
//! the time of a fold the slots of the op, and of the ops its operands
//! come from, hold their first values again, and what the fold answers is
//! mapped back to the replacements. No fold reads further: the deepest,
//! such as `select(cmpi(x, y), x, y)` or `trunci(extsi(x))`, read the
//! operands of their operands' defining ops (whose own defining ops,
//! erased or not, are still in the IR as they were).
//!
//! A fold hook changes the IR directly (an in-place fold may reorder
//! operands, change attributes or swap regions), so the op's state is
//! taken before the hook runs and every difference is logged afterwards
//! with what it replaced: a rollback undoes a fold like any other change.

use super::super::log::{self, Change};
use super::ConversionRewriter;
use ir::builder::InsertPoint;
use ir::{Attribute, BlockId, OpId, Type, Value, ValueDef};
use ods_runtime::fold::{self, OpFoldResult};
use smallvec::SmallVec;

/// What folding an op did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(in crate::conversion) enum Folded {
    /// The op was updated in place.
    InPlace,
    /// The op was replaced; these constants were built for it.
    Replaced(Vec<OpId>),
}

/// An operand slot given back its first value for a fold.
#[derive(Clone, Copy, Debug)]
pub(super) struct Restored {
    op: OpId,
    index: usize,
    original: Value,
    now: Value,
}

/// The state of an op a fold hook may change (nearly every op folded
/// has a few operands and one result: kept inline, as a fold is tried
/// on every illegal op).
struct OpState {
    operands: SmallVec<[Value; 4]>,
    attrs: Option<Attribute>,
    props: Option<Attribute>,
    types: SmallVec<[Type; 2]>,
    /// Each block of each region, with where it stood, in region order.
    blocks: Vec<Change>,
}

impl ConversionRewriter<'_> {
    fn op_state(&self, op: OpId) -> OpState {
        let mut blocks = Vec::new();
        for &r in self.ir.regions(op) {
            let region: Vec<BlockId> = self.ir.region_blocks(r).collect();
            blocks.extend(region.into_iter().map(|b| log::block_position(self.ir, b)));
        }
        OpState {
            operands: self.ir.operands(op).collect(),
            attrs: self.ir.attrs(op),
            props: self.ir.props(op),
            types: self.ir.results(op).map(|r| self.ir.value_type(r)).collect(),
            blocks,
        }
    }

    /// Logs every difference between `before` and `op` now, as if each had
    /// been made through the rewriter; whether there was one.
    fn log_fold_changes(&mut self, op: OpId, before: OpState) -> bool {
        let mut changed = false;
        if self.ir.num_operands(op) != before.operands.len() {
            self.log.push(Change::SetOperands {
                op,
                old: before.operands.into_vec(),
            });
            changed = true;
        } else {
            for (index, old) in before.operands.into_iter().enumerate() {
                if self.ir.operand(op, index) != old {
                    self.log.push(Change::SetOperand { op, index, old });
                    changed = true;
                }
            }
        }
        if self.ir.attrs(op) != before.attrs {
            self.log.push(Change::SetAttrs {
                op,
                old: before.attrs,
            });
            changed = true;
        }
        if self.ir.props(op) != before.props {
            self.log.push(Change::SetProps {
                op,
                old: before.props,
            });
            changed = true;
        }
        for (index, old) in before.types.into_iter().enumerate() {
            let value = self.ir.result(op, index);
            if self.ir.value_type(value) != old {
                self.log.push(Change::SetType { value, old });
                changed = true;
            }
        }
        // Block positions are restored last block first, each before the
        // block that followed it (already back in place by then).
        let moved = before.blocks.iter().any(|entry| match *entry {
            Change::MovedBlock {
                block,
                region,
                before,
            } => self.ir.block_region(block) != region || self.ir.next_block(block) != before,
            _ => false,
        });
        if moved {
            self.log.extend(before.blocks);
            changed = true;
        }
        changed
    }

    /// Points the slots of `op`, and of the ops its operands come from,
    /// back at what they held before the conversion's replacements,
    /// unlogged, recording each in `restored` (the op's own slots first):
    /// [`ConversionRewriter::reapply`] puts them forward again. A fold is
    /// tried on every illegal op: nothing here allocates once `restored`
    /// has grown.
    fn restore_originals(&mut self, op: OpId, restored: &mut Vec<Restored>) {
        self.restore_slots(op, restored);
        let num_operands = self.ir.num_operands(op);
        for index in 0..num_operands {
            let Some(def) = self.ir.defining_op(self.ir.operand(op, index)) else {
                continue;
            };
            // Each op once (operands mostly come from different ops: the
            // earlier operands are asked again rather than kept in a set).
            let seen = def == op
                || (0..index).any(|i| self.ir.defining_op(self.ir.operand(op, i)) == Some(def));
            if !seen {
                self.restore_slots(def, restored);
            }
        }
    }

    /// The slots of `user` given back their first values, recorded in
    /// `restored` (what [`ConversionRewriter::original_operand`] answers
    /// for each slot, read off the op's run of entries at once).
    fn restore_slots(&mut self, user: OpId, restored: &mut Vec<Restored>) {
        if !self.originals.has_op(user) {
            return;
        }
        // The slots are found first, reading the operands in one pass,
        // then pointed back.
        let first = restored.len();
        let run = self.originals.run(user);
        for (index, now) in self.ir.operands(user).enumerate() {
            let entry = match run.get(index) {
                Some(entry) => *entry,
                None => self.originals.get(user, index),
            };
            // Redirected, and not changed by other means since.
            match entry {
                Some(entry) if entry.now == now => restored.push(Restored {
                    op: user,
                    index,
                    original: entry.original,
                    now,
                }),
                _ => {}
            }
        }
        for r in &restored[first..] {
            self.ir.set_operand(r.op, r.index, r.original);
        }
    }

    /// The replacement of `value` for what a fold of `op` answered: what
    /// the slot it was restored into holds now (the op's own slots
    /// first), else itself.
    fn current(restored: &[Restored], value: Value) -> Value {
        restored
            .iter()
            .find(|r| r.original == value)
            .map_or(value, |r| r.now)
    }

    /// Undoes [`ConversionRewriter::restore_originals`] after a fold of
    /// `op`: the other ops' slots get their values back; the op's own
    /// slots (which an in-place fold may have reordered or changed) are
    /// mapped to the replacements, each remembering its first value.
    fn reapply(&mut self, op: OpId, restored: &[Restored]) {
        for r in restored.iter().filter(|r| r.op != op) {
            self.ir.set_operand(r.op, r.index, r.now);
        }
        if restored.is_empty() {
            return;
        }
        for index in 0..self.ir.num_operands(op) {
            let value = self.ir.operand(op, index);
            let now = Self::current(restored, value);
            if now != value {
                self.ir.set_operand(op, index, now);
            }
        }
    }

    /// Whether every operand of `op` is a live value (after a fold, which
    /// may have pointed it at a value of an op replaced already).
    fn operands_live(&self, op: OpId) -> bool {
        self.ir.operands(op).all(|v| self.is_live(v))
    }

    /// Whether `value` outlives the conversion: not a result of an op
    /// replaced or erased, nor an argument of a block taken out.
    fn is_live(&self, value: Value) -> bool {
        match self.ir.value_def(value) {
            ValueDef::Result { op, .. } => !self.is_ignored(op),
            ValueDef::Argument { block, .. } => self.ir.block_region(block).is_some(),
            ValueDef::Detached => false,
        }
    }

    /// After an in-place fold of `op`, records what each slot holds as
    /// the fold left it (`seen`, values from before the replacements)
    /// wherever that is not what it holds now, so that folding it again
    /// sees the same: a fold that swapped two operands both replaced by
    /// one value must not find them unswapped.
    fn remember_originals(&mut self, op: OpId, seen: &[Value]) {
        for (index, &original) in seen.iter().enumerate() {
            let now = self.ir.operand(op, index);
            if original != now || self.original_operand(op, index).is_some() {
                self.set_original(op, index, original, now);
            }
        }
    }

    /// Folds `op` (not a constant) with its dialect's hook (the op's own
    /// fold, then its traits' folds, as upstream's `Operation::fold`):
    /// `None` when it does not fold (nothing changed); otherwise the op is
    /// updated in place, or replaced by what it folds to (constants built
    /// before it).
    pub(in crate::conversion) fn try_fold(&mut self, op: OpId) -> Option<Folded> {
        fold::fold_hook(self.registry, self.ir, op)?;
        if fold::constant_op_value(self.ctx, self.registry, self.ir, op).is_some() {
            return None;
        }
        // The buffers of the last fold, reused.
        let mut restored = std::mem::take(&mut self.fold_restored);
        let mut results = std::mem::take(&mut self.fold_results);
        restored.clear();
        let folded = self.fold_restored_op(op, &mut restored, &mut results);
        self.fold_restored = restored;
        self.fold_results = results;
        folded
    }

    /// [`ConversionRewriter::try_fold`] past the quick refusals, with
    /// buffers for the restored slots and the fold's results.
    fn fold_restored_op(
        &mut self,
        op: OpId,
        restored: &mut Vec<Restored>,
        results: &mut Vec<OpFoldResult>,
    ) -> Option<Folded> {
        let checkpoint = self.checkpoint();
        let before = self.op_state(op);
        self.restore_originals(op, restored);
        let folded = fold::fold_op(self.ctx, self.registry, self.ir, op, results);
        // What the fold left in the op's slots, before the replacements are
        // put back (only an in-place fold needs it).
        let seen: SmallVec<[Value; 4]> = if folded && results.is_empty() {
            self.ir.operands(op).collect()
        } else {
            SmallVec::new()
        };
        self.reapply(op, restored);
        let changed = self.log_fold_changes(op, before);
        if !folded || !self.operands_live(op) {
            self.rollback(checkpoint);
            return None;
        }
        if results.is_empty() {
            // A hook that reports an in-place fold without changing
            // anything would be retried forever.
            if !changed {
                self.rollback(checkpoint);
                return None;
            }
            self.remember_originals(op, &seen);
            self.modified(op);
            return Some(Folded::InPlace);
        }
        let materializer = fold::materializer(self.ctx, self.registry, self.ir, op);
        let loc = self.ir.op_loc(op);
        let mut values = Vec::with_capacity(results.len());
        let mut constants = Vec::new();
        for (i, result) in results.drain(..).enumerate() {
            let attr = match result {
                OpFoldResult::Value(v) => {
                    let now = Self::current(restored, v);
                    if !self.is_live(now) {
                        self.rollback(checkpoint);
                        return None;
                    }
                    values.push(now);
                    continue;
                }
                OpFoldResult::Attribute(a) => a,
            };
            let ty = self.ir.value_type(self.ir.result(op, i));
            let made = materializer
                .and_then(|m| self.build(InsertPoint::Before(op), |b| m(b, attr, ty, loc)));
            let Some(constant) = made else {
                self.rollback(checkpoint);
                return None;
            };
            constants.push(constant);
            values.push(self.ir.result(constant, 0));
        }
        self.replace_op(op, &values);
        Some(Folded::Replaced(constants))
    }
}

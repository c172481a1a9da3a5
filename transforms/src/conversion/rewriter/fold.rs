//! Folding during legalization (upstream's `legalizeWithFold` over
//! `OpBuilder::tryFold`): before any pattern, an illegal op is folded with
//! its dialect's fold hook; values it folds to replace it, and constants
//! are built by its dialect's materializer.
//!
//! A fold hook changes the IR directly (an in-place fold may reorder
//! operands, change attributes or swap regions), so the op's state is
//! taken before the hook runs and every difference is logged afterwards
//! with what it replaced: a rollback undoes a fold like any other change.

use super::super::log::{self, Change};
use super::ConversionRewriter;
use ir::builder::InsertPoint;
use ir::{Attribute, BlockId, OpId, Type, Value};
use ods_runtime::fold::{self, OpFoldResult};

/// What folding an op did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(in crate::conversion) enum Folded {
    /// The op was updated in place.
    InPlace,
    /// The op was replaced; these constants were built for it.
    Replaced(Vec<OpId>),
}

/// The state of an op a fold hook may change.
struct OpState {
    operands: Vec<Value>,
    attrs: Option<Attribute>,
    props: Option<Attribute>,
    types: Vec<Type>,
    /// Each block of each region, with where it stood, in region order.
    blocks: Vec<Change>,
}

impl ConversionRewriter<'_> {
    fn op_state(&self, op: OpId) -> OpState {
        let blocks = self
            .ir
            .regions(op)
            .iter()
            .flat_map(|&r| self.ir.region_blocks(r).collect::<Vec<BlockId>>())
            .map(|b| log::block_position(self.ir, b))
            .collect();
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
                old: before.operands,
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
        let results: Vec<Value> = self.ir.results(op).collect();
        for (value, old) in results.into_iter().zip(before.types) {
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

    /// Folds `op` (not a constant) with its dialect's hook: `None` when it
    /// does not fold (nothing changed); otherwise the op is updated in
    /// place, or replaced by what it folds to (constants built before it).
    pub(in crate::conversion) fn try_fold(&mut self, op: OpId) -> Option<Folded> {
        fold::fold_hook(self.registry, self.ir, op)?;
        if fold::constant_op_value(self.ctx, self.registry, self.ir, op).is_some() {
            return None;
        }
        let checkpoint = self.checkpoint();
        let before = self.op_state(op);
        let mut results = Vec::new();
        let folded = fold::fold_op(self.ctx, self.registry, self.ir, op, &mut results);
        let changed = self.log_fold_changes(op, before);
        if !folded {
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
            self.modified(op);
            return Some(Folded::InPlace);
        }
        let materializer = fold::materializer(self.ctx, self.registry, self.ir, op);
        let loc = self.ir.op_loc(op);
        let mut values = Vec::with_capacity(results.len());
        let mut constants = Vec::new();
        for (i, result) in results.into_iter().enumerate() {
            let attr = match result {
                OpFoldResult::Value(v) => {
                    values.push(v);
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

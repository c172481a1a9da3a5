//! What `BranchOpInterface` hands out (MLIR's `SuccessorOperands`): the
//! values a branch passes to one successor, as block arguments the op
//! produces itself followed by operands it forwards, editable so that
//! region simplification can drop the operands of dead block arguments;
//! which block argument an operand of a branch becomes; and
//! `WeightedBranchOpInterface`'s check of branch weights.
//!
//! In: a branch op's editable operand range. Out: reads and edits of it,
//! and the verifier's view of it ([`SuccessorOperandRange`]).

use super::BranchOpInterfaceRef;
use crate::operands::MutableOperandRange;
use ir::registry::{SuccessorOperandRange, VerifyError};
use ir::{Context, Ir, Value};

/// The values one successor of a branch gets: its first
/// [`SuccessorOperands::produced_operand_count`] block arguments are made
/// by the op as it branches, the rest are the op's forwarded operands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SuccessorOperands {
    produced: usize,
    forwarded: MutableOperandRange,
}

impl SuccessorOperands {
    /// Every block argument comes from `forwarded`.
    pub fn new(forwarded: MutableOperandRange) -> Self {
        Self::with_produced(0, forwarded)
    }

    /// The first `produced` block arguments are made by the op, the rest
    /// come from `forwarded`.
    pub fn with_produced(produced: usize, forwarded: MutableOperandRange) -> Self {
        SuccessorOperands {
            produced,
            forwarded,
        }
    }

    /// How many leading block arguments the op produces.
    pub fn produced_operand_count(&self) -> usize {
        self.produced
    }

    /// How many block arguments the successor gets in all.
    pub fn len(&self) -> usize {
        self.produced + self.forwarded.len()
    }

    /// Whether the successor gets no value.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Whether block argument `i` is produced by the op (no operand).
    pub fn is_operand_produced(&self, i: usize) -> bool {
        i < self.produced
    }

    /// The forwarded operands as an editable range.
    pub fn forwarded(&self) -> &MutableOperandRange {
        &self.forwarded
    }

    /// The forwarded values, in block-argument order.
    pub fn forwarded_operands(&self, ir: &Ir) -> Vec<Value> {
        self.forwarded.values(ir)
    }

    /// The value passed as block argument `i`: `None` when the op
    /// produces it.
    pub fn get(&self, ir: &Ir, i: usize) -> Option<Value> {
        (!self.is_operand_produced(i)).then(|| self.forwarded.get(ir, i - self.produced))
    }

    /// The operand index of the op passed as block argument `i`, when it
    /// is forwarded.
    pub fn operand_index(&self, i: usize) -> Option<usize> {
        let j = i.checked_sub(self.produced)?;
        (j < self.forwarded.len()).then(|| self.forwarded.range().start + j)
    }

    /// Stops passing block argument `i`, a forwarded one (the caller
    /// erases the argument itself).
    pub fn erase(&mut self, ctx: &mut Context, ir: &mut Ir, i: usize) {
        assert!(
            !self.is_operand_produced(i),
            "erasing a produced successor operand"
        );
        self.forwarded.erase(ctx, ir, i - self.produced, 1);
    }

    /// Passes `values` as further block arguments.
    pub fn append(&mut self, ctx: &mut Context, ir: &mut Ir, values: &[Value]) {
        self.forwarded.append(ctx, ir, values);
    }

    /// What the verifier checks against the successor's arguments.
    pub fn to_range(&self) -> SuccessorOperandRange {
        SuccessorOperandRange {
            produced: self.produced,
            forwarded: self.forwarded.range(),
        }
    }
}

/// The block argument operand `operand` of `branch` becomes (MLIR's
/// `getSuccessorBlockArgument`): `None` when it is passed to no successor.
pub fn successor_block_argument(
    branch: BranchOpInterfaceRef<'_>,
    ctx: &Context,
    ir: &Ir,
    operand: usize,
) -> Option<Value> {
    let op = branch.op();
    (0..ir.num_successors(op)).find_map(|i| {
        let operands = branch.get_successor_operands(ctx, ir, i);
        let range = operands.forwarded().range();
        if !range.contains(&operand) {
            return None;
        }
        let arg = operands.produced_operand_count() + operand - range.start;
        let dest = ir.successor(op, i);
        (arg < ir.num_arguments(dest)).then(|| ir.argument(dest, arg))
    })
}

/// `WeightedBranchOpInterface`'s check of a branch with `successors`
/// successors: no weights, or one per successor, not all zero (mlir-opt's
/// messages).
pub fn verify_branch_weights(successors: usize, weights: &[i32]) -> Result<(), VerifyError> {
    if weights.is_empty() {
        return Ok(());
    }
    if weights.len() != successors {
        return Err(VerifyError::new(format!(
            "expects number of branch weights to match number of successors: {} vs {successors}",
            weights.len()
        )));
    }
    if weights.iter().all(|&w| w == 0) {
        return Err(VerifyError::new("branch weights cannot all be zero"));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn branch_weights_are_absent_or_one_per_successor_not_all_zero() {
        assert!(verify_branch_weights(2, &[]).is_ok());
        assert!(verify_branch_weights(2, &[0, 3]).is_ok());
        let message = |w: &[i32]| verify_branch_weights(2, w).unwrap_err().message;
        assert_eq!(
            message(&[1, 2, 3]),
            "expects number of branch weights to match number of successors: 3 vs 2"
        );
        assert_eq!(message(&[0, 0]), "branch weights cannot all be zero");
    }
}

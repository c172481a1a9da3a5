//! The change log of a conversion: one entry per change made to the IR,
//! each with what undoes it (upstream's `IRRewrite` list, reduced to what
//! our arena IR needs).
//!
//! Every change is applied to the IR at once, and the entry keeps what the
//! IR held before. Nothing is freed while the log is open: an erased op
//! stays in place (the rewriter only marks it, and the driver skips it)
//! and a block whose arguments were converted is detached, not erased, so
//! every handle an entry names stays valid and undoing the entries last
//! first puts back every link: op order, operands, successors, block
//! order, attributes, properties, locations and result types.

use ir::{Attribute, BlockId, Ir, Location, OpId, RegionId, Type, Value};

/// One change, with what it replaced.
#[derive(Clone, Debug)]
pub(super) enum Change {
    /// An op was created (and inserted, or owned by a created op).
    CreatedOp(OpId),
    /// A block was created in a region that existed before.
    CreatedBlock(BlockId),
    /// Operand `index` of `op` pointed at `old`.
    SetOperand { op: OpId, index: usize, old: Value },
    /// The operand list of `op` was `old` (a fold that added or removed
    /// operands: affine ops fold constants into their maps).
    SetOperands { op: OpId, old: Vec<Value> },
    /// Successor `index` of `op` was `old`.
    SetSuccessor {
        op: OpId,
        index: usize,
        old: BlockId,
    },
    /// `op` was marked erased (it is taken out at commit).
    Erased(OpId),
    /// `op` stood in `block` before `before` (at the end when `None`).
    MovedOp {
        op: OpId,
        block: Option<BlockId>,
        before: Option<OpId>,
    },
    /// `first` and the ops after it in its block were the tail of
    /// `from`, moved together to the end of the block they are in.
    MovedOps { from: BlockId, first: OpId },
    /// `block` stood in `region` before `before` (at the end when
    /// `None`), or in no region.
    MovedBlock {
        block: BlockId,
        region: Option<RegionId>,
        before: Option<BlockId>,
    },
    /// The attribute dictionary of `op` was `old`.
    SetAttrs { op: OpId, old: Option<Attribute> },
    /// The properties of `op` were `old`.
    SetProps { op: OpId, old: Option<Attribute> },
    /// The location of `op` was `old`.
    SetLoc { op: OpId, old: Location },
    /// The type of `value` was `old`.
    SetType { value: Value, old: Type },
    /// `op` became a materialization the conversion tracks.
    Materialization(OpId),
    /// The record of what slot `index` of `op` held before replacements
    /// redirected it was `old` (bookkeeping: the IR is unchanged).
    SetOriginal {
        op: OpId,
        index: usize,
        old: Option<Redirect>,
    },
    /// A pattern changed `op` in place (a marker for the driver).
    Modified(OpId),
    /// An argument was appended to `block`.
    AddedArgument(BlockId),
    /// The location of argument `index` of `block` was `old`.
    SetArgumentLoc {
        block: BlockId,
        index: usize,
        old: Location,
    },
}

/// An operand slot a replacement redirected: what it held before the
/// conversion's first replacement, and what it was last pointed at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Redirect {
    /// What the slot held before the first replacement.
    pub original: Value,
    /// What the last replacement (or a fold) pointed it at.
    pub now: Value,
}

/// Where `op` stands now, as a [`Change::MovedOp`] records it.
pub(super) fn op_position(ir: &Ir, op: OpId) -> Change {
    Change::MovedOp {
        op,
        block: ir.op_block(op),
        before: ir.next_op(op),
    }
}

/// Where `block` stands now, as a [`Change::MovedBlock`] records it.
pub(super) fn block_position(ir: &Ir, block: BlockId) -> Change {
    Change::MovedBlock {
        block,
        region: ir.block_region(block),
        before: ir.next_block(block),
    }
}

/// Undoes one IR change (the bookkeeping entries, erasure marks and
/// materializations, are the rewriter's to undo).
pub(super) fn undo(ir: &mut Ir, change: &Change) {
    match *change {
        Change::CreatedOp(op) => {
            // Everything made after it is undone already, so nothing uses
            // its results any more.
            ir.erase_op(op);
        }
        Change::CreatedBlock(block) => ir.detach_block(block),
        Change::SetOperand { op, index, old } => ir.set_operand(op, index, old),
        Change::SetOperands { op, ref old } => ir.set_operands(op, old),
        Change::SetSuccessor { op, index, old } => ir.set_successor(op, index, old),
        Change::MovedOp { op, block, before } => {
            ir.detach_op(op);
            match (before, block) {
                (Some(next), _) => ir.insert_op_before(next, op),
                (None, Some(block)) => ir.append_op(block, op),
                (None, None) => {}
            }
        }
        // Everything moved after them is back already: from `first` on,
        // the block holds the moved ops only.
        Change::MovedOps { from, first } => ir.move_ops_to_end(first, from),
        Change::MovedBlock {
            block,
            region,
            before,
        } => {
            ir.detach_block(block);
            match (before, region) {
                (Some(next), _) => ir.insert_block_before(next, block),
                (None, Some(region)) => ir.append_block(region, block),
                (None, None) => {}
            }
        }
        Change::SetAttrs { op, old } => ir.set_attrs(op, old),
        Change::SetProps { op, old } => ir.set_props(op, old),
        Change::SetLoc { op, old } => ir.set_op_loc(op, old),
        Change::SetType { value, old } => ir.set_value_type(value, old),
        Change::SetArgumentLoc { block, index, old } => ir.set_argument_loc(block, index, old),
        Change::AddedArgument(block) => {
            // Its users were created or redirected later, so they are gone.
            let last = ir.num_arguments(block) - 1;
            ir.erase_argument(block, last);
        }
        Change::Erased(_)
        | Change::Materialization(_)
        | Change::Modified(_)
        | Change::SetOriginal { .. } => {}
    }
}

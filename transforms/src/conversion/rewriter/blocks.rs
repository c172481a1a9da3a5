//! Block surgery through the conversion rewriter (MLIR's `splitBlock`,
//! `inlineBlockBefore`, `addArgument` on a block a pattern made), each
//! step logged so that a failed pattern puts every op and block back.

use super::super::log::{self, Change};
use super::ConversionRewriter;
use crate::rewrite::{clone_detached, ValueMapping};
use ir::builder::InsertPoint;
use ir::{BlockId, Location, OpId, Type, Value};

impl ConversionRewriter<'_> {
    /// Splits `block` before `before` (MLIR's `splitBlock`): a new block,
    /// placed just after `block` in its region, takes `before` and every op
    /// after it; with `before` `None` the new block is empty. Returns the
    /// new block. Branches to `block` still go to `block`.
    pub fn split_block(&mut self, block: BlockId, before: Option<OpId>) -> BlockId {
        let new = self.ir.create_block();
        match (self.ir.next_block(block), self.ir.block_region(block)) {
            (Some(next), _) => self.ir.insert_block_before(next, new),
            (None, Some(region)) => self.ir.append_block(region, new),
            // A detached block: the new one is detached too.
            (None, None) => {}
        }
        self.log.push(Change::CreatedBlock(new));
        if let Some(first) = before.filter(|&op| self.ir.op_block(op) == Some(block)) {
            self.move_ops_to_end(first, new);
        }
        new
    }

    /// Moves the ops of `source` before `anchor`, replacing the arguments
    /// of `source` by `args` (MLIR's `inlineBlockBefore`); `source` is left
    /// empty and detached.
    pub fn inline_block_before(&mut self, source: BlockId, anchor: OpId, args: &[Value]) {
        let old: Vec<Value> = self.ir.arguments(source).collect();
        for (from, &to) in old.into_iter().zip(args) {
            self.replace_all_uses(from, to);
        }
        let ops: Vec<OpId> = self.ir.block_ops(source).collect();
        for op in ops {
            self.move_op_before(op, anchor);
        }
        self.log.push(log::block_position(self.ir, source));
        self.ir.detach_block(source);
    }

    /// A copy of `op` (with its regions) built at `at`, its operands looked
    /// up in `mapping` (kept when absent), which learns the copies of its
    /// results and nested values (MLIR's `clone(op, mapping)` on a
    /// conversion rewriter): the copy is a created op, legalized as the
    /// pattern's others.
    pub fn clone_op(&mut self, op: OpId, at: InsertPoint, mapping: &mut ValueMapping) -> OpId {
        self.build(at, |b| {
            let copy = clone_detached(b.ir, op, mapping);
            b.insert(copy);
            copy
        })
    }

    /// Appends an argument of type `ty` at `loc` to `block` (MLIR's
    /// `Block::addArgument` on a block the pattern owns); undone by
    /// removing it again.
    pub fn add_block_argument(&mut self, block: BlockId, ty: Type, loc: Location) -> Value {
        let value = self.ir.add_argument(block, ty, loc);
        self.log.push(Change::AddedArgument(block));
        value
    }

    /// Sets the location of argument `index` of `block`.
    pub fn set_argument_loc(&mut self, block: BlockId, index: usize, loc: Location) {
        let old = self.ir.argument_loc(block, index);
        self.log.push(Change::SetArgumentLoc { block, index, old });
        self.ir.set_argument_loc(block, index, loc);
    }

    /// The last op of `block` that is not erased: its terminator while a
    /// conversion runs (an erased terminator stays in place until the
    /// conversion commits, with its replacement after it).
    pub fn live_terminator(&self, block: BlockId) -> Option<OpId> {
        self.ir.block_ops_rev(block).find(|&op| !self.is_erased(op))
    }
}

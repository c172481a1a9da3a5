//! Canonicalization patterns of the `cf` dialect (upstream's
//! `ControlFlowOps.cpp`), as [`Pattern`]s for `--canonicalize`: asserts of
//! a true constant go; branches to a block with one predecessor merge it;
//! branches through blocks that only branch on are short-cut; conditional
//! branches and switches on constants, on a condition already decided by
//! the branch leading to them, or with identical targets become plain
//! branches; a condition is known true (false) in a true (false) target
//! that only the branch reaches.
//!
//! In: an op the greedy driver visits. Out: the op rewritten through the
//! [`Rewriter`] (replacement branches take the op's location), or no match.

use super::verify::{case_values, constant_int};
use super::{AssertOp, BranchOp, CondBranchOp, SwitchOp};
use dialect_arith as arith;
use ir::builder::InsertPoint;
use ir::{BlockId, OpId, Value};
use ods_runtime::fold::constant_value;
use ods_runtime::Op;
use ods_transforms::rewrite::{Pattern, Rewriter};

/// Every pattern of the dialect, in the order upstream registers them.
pub const CANONICALIZATION_PATTERNS: &[Pattern] = &[
    pattern("cf.assert", assert_true),
    pattern("cf.br", simplify_br),
    pattern("cf.cond_br", const_cond_branch),
    pattern("cf.cond_br", pass_through_cond_branch),
    pattern("cf.cond_br", cond_branch_identical_successors),
    pattern("cf.cond_br", cond_branch_from_cond_branch_on_same_condition),
    pattern("cf.cond_br", cond_branch_truth_propagation),
    pattern("cf.switch", switch_with_only_default),
    pattern("cf.switch", drop_switch_cases_that_match_default),
    pattern("cf.switch", const_switch_value),
    pattern("cf.switch", pass_through_switch),
    pattern("cf.switch", switch_from_switch_on_same_condition),
    pattern("cf.switch", switch_from_default_switch_on_same_condition),
];

const fn pattern(root: &'static str, apply: fn(&mut Rewriter<'_>, OpId) -> bool) -> Pattern {
    Pattern {
        root,
        benefit: 1,
        apply,
    }
}

/// The low 64 bits of `v` when it is an integer constant.
fn constant_bits(rw: &mut Rewriter<'_>, v: Value) -> Option<u64> {
    let attr = constant_value(rw.ctx, rw.registry, rw.ir, v)?;
    constant_int(rw.ctx, attr)
}

/// The block holding `op`.
fn block_of(rw: &Rewriter<'_>, op: OpId) -> Option<BlockId> {
    rw.ir.op_block(op)
}

/// The one predecessor edge of `b` (MLIR's `getSinglePredecessor`): the
/// block branching to it, when exactly one successor slot names it.
fn single_predecessor(rw: &Rewriter<'_>, b: BlockId) -> Option<BlockId> {
    let mut preds = rw.ir.predecessors(b);
    let first = preds.next()?;
    match preds.next() {
        Some(_) => None,
        None => rw.ir.op_block(first),
    }
}

/// The block every predecessor edge of `b` comes from, when there is
/// one (MLIR's `getUniquePredecessor`).
fn unique_predecessor(rw: &Rewriter<'_>, b: BlockId) -> Option<BlockId> {
    let mut blocks = rw.ir.predecessors(b).map(|p| rw.ir.op_block(p));
    let first = blocks.next()??;
    blocks.all(|p| p == Some(first)).then_some(first)
}

/// Replaces terminator `op` with `cf.br dest(operands)` at its location.
fn replace_with_br(rw: &mut Rewriter<'_>, op: OpId, dest: BlockId, operands: &[Value]) {
    let loc = rw.ir.op_loc(op);
    rw.build(InsertPoint::Before(op), |b| {
        BranchOp::build_from_dest_dest_operands(b, loc, dest, operands)
    });
    rw.replace_op(op, &[]);
}

/// `cf.assert %true, "..."` goes.
fn assert_true(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let Some(assert) = AssertOp::from_op(rw.ctx, rw.ir, op) else {
        return false;
    };
    let arg = assert.arg(rw.ctx, rw.ir);
    if constant_bits(rw, arg) != Some(1) {
        return false;
    }
    rw.erase_op(op);
    true
}

/// If `successor` only branches on (one `cf.br`, its arguments used by
/// nothing else, not to itself), where a branch to it with `operands`
/// can go instead, and with which operands.
fn collapse_branch(
    rw: &Rewriter<'_>,
    successor: BlockId,
    operands: &[Value],
) -> Option<(BlockId, Vec<Value>)> {
    let first = rw.ir.first_op(successor)?;
    if rw.ir.next_op(first).is_some() {
        return None;
    }
    let br = BranchOp::from_op(rw.ctx, rw.ir, first)?;
    let only_used_by_br = rw
        .ir
        .arguments(successor)
        .all(|a| rw.ir.uses(a).all(|u| u.owner == first));
    if !only_used_by_br {
        return None;
    }
    let dest = br.dest(rw.ir);
    if dest == successor || on_branch_cycle(rw, successor, dest) {
        // An infinite loop: short-cutting it would never end.
        return None;
    }
    let forwarded = rw
        .ir
        .operands(first)
        .map(|v| match rw.ir.value_def(v) {
            ir::ValueDef::Argument { block, index } if block == successor => {
                operands[index as usize]
            }
            _ => v,
        })
        .collect();
    Some((dest, forwarded))
}

/// Whether following the `cf.br`s that end blocks from `dest` on comes
/// back to `successor` or to a block already passed.
fn on_branch_cycle(rw: &Rewriter<'_>, successor: BlockId, dest: BlockId) -> bool {
    let mut visited = vec![successor, dest];
    let mut at = dest;
    while let Some(br) = rw
        .ir
        .last_op(at)
        .and_then(|t| BranchOp::from_op(rw.ctx, rw.ir, t))
    {
        at = br.dest(rw.ir);
        if visited.contains(&at) {
            return true;
        }
        visited.push(at);
    }
    false
}

/// `cf.br` to a block whose only predecessor it is: the block's ops move
/// up in place of the branch. Else, through a block that only branches
/// on: straight to where that goes.
fn simplify_br(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let Some(br) = BranchOp::from_op(rw.ctx, rw.ir, op) else {
        return false;
    };
    let Some(parent) = block_of(rw, op) else {
        return false;
    };
    let dest = br.dest(rw.ir);
    let operands: Vec<Value> = rw.ir.operands(op).collect();
    let mut preds = rw.ir.predecessors(dest);
    if dest != parent && preds.next().is_some() && preds.next().is_none() {
        rw.merge_blocks(dest, parent, &operands);
        rw.erase_op(op);
        return true;
    }
    if dest == parent {
        return false;
    }
    let Some((dest, operands)) = collapse_branch(rw, dest, &operands) else {
        return false;
    };
    replace_with_br(rw, op, dest, &operands);
    true
}

/// `cf.cond_br` on a constant: a branch to the target it picks.
fn const_cond_branch(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let Some(cb) = CondBranchOp::from_op(rw.ctx, rw.ir, op) else {
        return false;
    };
    let condition = cb.condition(rw.ctx, rw.ir);
    let (dest, operands) = match constant_bits(rw, condition) {
        Some(0) => (cb.false_dest(rw.ir), cb.false_operands(rw.ctx, rw.ir)),
        Some(_) => (cb.true_dest(rw.ir), cb.true_operands(rw.ctx, rw.ir)),
        None => return false,
    };
    replace_with_br(rw, op, dest, &operands);
    true
}

/// `cf.cond_br` to blocks that only branch on: to where they go (the
/// branch weights kept).
fn pass_through_cond_branch(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let Some(cb) = CondBranchOp::from_op(rw.ctx, rw.ir, op) else {
        return false;
    };
    let true_side = (cb.true_dest(rw.ir), cb.true_operands(rw.ctx, rw.ir));
    let false_side = (cb.false_dest(rw.ir), cb.false_operands(rw.ctx, rw.ir));
    let new_true = collapse_branch(rw, true_side.0, &true_side.1);
    let new_false = collapse_branch(rw, false_side.0, &false_side.1);
    if new_true.is_none() && new_false.is_none() {
        return false;
    }
    let (td, tops) = new_true.unwrap_or(true_side);
    let (fd, fops) = new_false.unwrap_or(false_side);
    let condition = cb.condition(rw.ctx, rw.ir);
    let weights = cb
        .branch_weights_attr(rw.ctx, rw.ir)
        .and_then(|w| ods_runtime::pred::dense_i32_array(rw.ctx, w))
        .unwrap_or_default();
    let loc = rw.ir.op_loc(op);
    rw.build(InsertPoint::Before(op), |b| {
        CondBranchOp::build_from_condition_true_dest_true_operands_false_dest_false_operands_branch_weights(
            b, loc, condition, td, &tops, fd, &fops, &weights,
        )
    });
    rw.replace_op(op, &[]);
    true
}

/// `cf.cond_br` to one block on both sides: a plain branch, with
/// `arith.select`s of the operands that differ when the branch is the
/// block's only predecessor.
fn cond_branch_identical_successors(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let Some(cb) = CondBranchOp::from_op(rw.ctx, rw.ir, op) else {
        return false;
    };
    let dest = cb.true_dest(rw.ir);
    if dest != cb.false_dest(rw.ir) {
        return false;
    }
    let true_operands = cb.true_operands(rw.ctx, rw.ir);
    let false_operands = cb.false_operands(rw.ctx, rw.ir);
    if true_operands == false_operands {
        replace_with_br(rw, op, dest, &true_operands);
        return true;
    }
    if unique_predecessor(rw, dest) != block_of(rw, op) {
        return false;
    }
    let condition = cb.condition(rw.ctx, rw.ir);
    let loc = rw.ir.op_loc(op);
    let mut merged = Vec::with_capacity(true_operands.len());
    for (&t, &f) in true_operands.iter().zip(&false_operands) {
        if t == f {
            merged.push(t);
            continue;
        }
        let select = rw.build(InsertPoint::Before(op), |b| {
            arith::SelectOp::build(b, loc, condition, t, f).op()
        });
        merged.push(rw.ir.result(select, 0));
    }
    replace_with_br(rw, op, dest, &merged);
    true
}

/// `cf.cond_br %c` in a block whose single predecessor ends in a
/// `cf.cond_br %c` too: the side that predecessor took to get here.
fn cond_branch_from_cond_branch_on_same_condition(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let Some(cb) = CondBranchOp::from_op(rw.ctx, rw.ir, op) else {
        return false;
    };
    let Some(current) = block_of(rw, op) else {
        return false;
    };
    let Some(pred) = single_predecessor(rw, current) else {
        return false;
    };
    let Some(pred_branch) = rw
        .ir
        .terminator(pred)
        .and_then(|t| CondBranchOp::from_op(rw.ctx, rw.ir, t))
    else {
        return false;
    };
    let condition = cb.condition(rw.ctx, rw.ir);
    if pred_branch.condition(rw.ctx, rw.ir) != condition {
        return false;
    }
    let (dest, operands) = if pred_branch.true_dest(rw.ir) == current {
        (cb.true_dest(rw.ir), cb.true_operands(rw.ctx, rw.ir))
    } else {
        (cb.false_dest(rw.ir), cb.false_operands(rw.ctx, rw.ir))
    };
    replace_with_br(rw, op, dest, &operands);
    true
}

/// In a target of `cf.cond_br %c` that only the branch reaches, the uses
/// of `%c` by ops of that block become a constant `true` (`false`), built
/// before the branch.
fn cond_branch_truth_propagation(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let Some(cb) = CondBranchOp::from_op(rw.ctx, rw.ir, op) else {
        return false;
    };
    let condition = cb.condition(rw.ctx, rw.ir);
    let mut replaced = false;
    for (dest, value) in [(cb.true_dest(rw.ir), true), (cb.false_dest(rw.ir), false)] {
        if single_predecessor(rw, dest).is_none() {
            continue;
        }
        let uses: Vec<_> = rw
            .ir
            .uses(condition)
            .filter(|u| rw.ir.op_block(u.owner) == Some(dest))
            .map(|u| (u.owner, u.index as usize))
            .collect();
        let mut constant = None;
        for (owner, index) in uses {
            replaced = true;
            let c = match constant {
                Some(c) => c,
                None => {
                    let loc = rw.ir.op_loc(op);
                    let i1 = rw.ctx.int_type(1);
                    let attr = rw.ctx.bool_attr(value);
                    let c = rw.build(InsertPoint::Before(op), |b| {
                        arith::ConstantOp::build(b, loc, i1, attr).op()
                    });
                    let c = rw.ir.result(c, 0);
                    constant = Some(c);
                    c
                }
            };
            rw.set_operand(owner, index, c);
        }
    }
    replaced
}

/// A switch's cases as (value, destination, operands).
type Cases = Vec<(u64, BlockId, Vec<Value>)>;

fn cases(rw: &Rewriter<'_>, switch: SwitchOp) -> Cases {
    let values = case_values(rw.ctx, rw.ir, switch.op());
    let operands = switch.case_operands(rw.ctx, rw.ir);
    values
        .into_iter()
        .zip(operands)
        .enumerate()
        .map(|(i, (v, ops))| (v, rw.ir.successor(switch.op(), i + 1), ops))
        .collect()
}

/// Replaces `op` with a switch on its flag: to `default` else to the
/// destination of the case whose value matches.
fn replace_with_switch(
    rw: &mut Rewriter<'_>,
    op: OpId,
    switch: SwitchOp,
    default: (BlockId, &[Value]),
    cases: &Cases,
) {
    let flag = switch.flag(rw.ctx, rw.ir);
    let loc = rw.ir.op_loc(op);
    let values: Vec<i64> = cases.iter().map(|c| c.0 as i64).collect();
    let dests: Vec<BlockId> = cases.iter().map(|c| c.1).collect();
    let operands: Vec<&[Value]> = cases.iter().map(|c| c.2.as_slice()).collect();
    rw.build(InsertPoint::Before(op), |b| {
        SwitchOp::build_from_flag_default_destination_default_operands_case_values_case_destinations_case_operands(
            b, loc, flag, default.0, default.1, &values, &dests, &operands,
        )
    });
    rw.replace_op(op, &[]);
}

/// A switch with no case: a branch to its default.
fn switch_with_only_default(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let Some(switch) = SwitchOp::from_op(rw.ctx, rw.ir, op) else {
        return false;
    };
    if rw.ir.num_successors(op) > 1 {
        return false;
    }
    let dest = switch.default_destination(rw.ir);
    let operands: Vec<Value> = switch.default_operands(rw.ctx, rw.ir).collect();
    replace_with_br(rw, op, dest, &operands);
    true
}

/// Cases going where the default goes, with the same operands, go.
fn drop_switch_cases_that_match_default(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let Some(switch) = SwitchOp::from_op(rw.ctx, rw.ir, op) else {
        return false;
    };
    let dest = switch.default_destination(rw.ir);
    let operands: Vec<Value> = switch.default_operands(rw.ctx, rw.ir).collect();
    let all = cases(rw, switch);
    let kept: Cases = all
        .iter()
        .filter(|c| c.1 != dest || c.2 != operands)
        .cloned()
        .collect();
    if kept.len() == all.len() {
        return false;
    }
    replace_with_switch(rw, op, switch, (dest, &operands), &kept);
    true
}

/// Replaces `op` with a branch to where `switch` goes when its flag is
/// `value`.
fn fold_switch(rw: &mut Rewriter<'_>, op: OpId, switch: SwitchOp, value: u64) {
    match cases(rw, switch).into_iter().find(|c| c.0 == value) {
        Some((_, dest, operands)) => replace_with_br(rw, op, dest, &operands),
        None => {
            let dest = switch.default_destination(rw.ir);
            let operands: Vec<Value> = switch.default_operands(rw.ctx, rw.ir).collect();
            replace_with_br(rw, op, dest, &operands);
        }
    }
}

/// A switch on a constant: a branch to the destination it picks.
fn const_switch_value(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let Some(switch) = SwitchOp::from_op(rw.ctx, rw.ir, op) else {
        return false;
    };
    let flag = switch.flag(rw.ctx, rw.ir);
    let Some(value) = constant_bits(rw, flag) else {
        return false;
    };
    fold_switch(rw, op, switch, value);
    true
}

/// Destinations that only branch on are short-cut (cases first, then the
/// default).
fn pass_through_switch(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let Some(switch) = SwitchOp::from_op(rw.ctx, rw.ir, op) else {
        return false;
    };
    let mut changed = false;
    let mut new_cases = cases(rw, switch);
    for case in &mut new_cases {
        if let Some((dest, operands)) = collapse_branch(rw, case.1, &case.2) {
            (case.1, case.2) = (dest, operands);
            changed = true;
        }
    }
    let mut dest = switch.default_destination(rw.ir);
    let mut operands: Vec<Value> = switch.default_operands(rw.ctx, rw.ir).collect();
    if let Some(collapsed) = collapse_branch(rw, dest, &operands) {
        (dest, operands) = collapsed;
        changed = true;
    }
    if !changed {
        return false;
    }
    replace_with_switch(rw, op, switch, (dest, &operands), &new_cases);
    true
}

/// The switch ending the single predecessor of `op`'s block, when it
/// switches on the same flag as `op`.
fn predecessor_switch_on_same_flag(
    rw: &Rewriter<'_>,
    op: OpId,
    switch: SwitchOp,
) -> Option<(BlockId, SwitchOp)> {
    let current = block_of(rw, op)?;
    let pred = single_predecessor(rw, current)?;
    let pred_switch = SwitchOp::from_op(rw.ctx, rw.ir, rw.ir.terminator(pred)?)?;
    (pred_switch.flag(rw.ctx, rw.ir) == switch.flag(rw.ctx, rw.ir))
        .then_some((current, pred_switch))
}

/// A switch reached only from a case of a switch on the same flag (not
/// its default): a branch to where that case's value goes here.
fn switch_from_switch_on_same_condition(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let Some(switch) = SwitchOp::from_op(rw.ctx, rw.ir, op) else {
        return false;
    };
    let Some((current, pred_switch)) = predecessor_switch_on_same_flag(rw, op, switch) else {
        return false;
    };
    if pred_switch.default_destination(rw.ir) == current {
        return false;
    }
    match cases(rw, pred_switch).into_iter().find(|c| c.1 == current) {
        Some((value, _, _)) => fold_switch(rw, op, switch, value),
        None => {
            let dest = switch.default_destination(rw.ir);
            let operands: Vec<Value> = switch.default_operands(rw.ctx, rw.ir).collect();
            replace_with_br(rw, op, dest, &operands);
        }
    }
    true
}

/// A switch reached only as the default of a switch on the same flag:
/// the cases whose values that switch sent elsewhere go.
fn switch_from_default_switch_on_same_condition(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let Some(switch) = SwitchOp::from_op(rw.ctx, rw.ir, op) else {
        return false;
    };
    let Some((current, pred_switch)) = predecessor_switch_on_same_flag(rw, op, switch) else {
        return false;
    };
    if pred_switch.default_destination(rw.ir) != current {
        return false;
    }
    let impossible: Vec<u64> = cases(rw, pred_switch)
        .into_iter()
        .filter(|c| c.1 != current)
        .map(|c| c.0)
        .collect();
    let all = cases(rw, switch);
    let kept: Cases = all
        .iter()
        .filter(|c| !impossible.contains(&c.0))
        .cloned()
        .collect();
    if kept.len() == all.len() {
        return false;
    }
    let dest = switch.default_destination(rw.ir);
    let operands: Vec<Value> = switch.default_operands(rw.ctx, rw.ir).collect();
    replace_with_switch(rw, op, switch, (dest, &operands), &kept);
    true
}

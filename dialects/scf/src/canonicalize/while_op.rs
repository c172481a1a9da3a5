//! `scf.while`'s own patterns: inside the after region the loop condition
//! is known to hold, so an argument the condition op passes the condition
//! itself becomes `true`, and a comparison repeating the condition's
//! (or its inverse) on the passed values becomes a constant; the
//! condition op's arguments are aligned with the before block's; an
//! `scf.if` on the condition right before it moves into the after region.
//!
//! In: an `scf.while`. Out: uses replaced through the [`Rewriter`] (new
//! constants at the op's location), or no match.

use super::*;
use dialect_arith::{CmpIOp, ConstantOp};
use std::collections::HashSet;

/// The `scf.condition` ending the before region and the after region's
/// entry arguments.
fn condition_and_after_args(rw: &Rewriter<'_>, op: OpId) -> Option<(OpId, Vec<Value>)> {
    let condition = terminator(rw, body(rw, op, 0)?)?;
    let after = body(rw, op, 1)?;
    Some((condition, rw.ir.arguments(after).collect()))
}

/// An after-region argument the condition op passes its own condition is
/// `true` there.
pub(super) fn while_condition_truth(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let Some((condition, after_args)) = condition_and_after_args(rw, op) else {
        return false;
    };
    let cond = rw.ir.operand(condition, 0);
    let passed: Vec<Value> = rw.ir.operands(condition).skip(1).collect();
    let loc = rw.ir.op_loc(op);
    let mut constant_true = None;
    let mut replaced = false;
    for (&value, &arg) in passed.iter().zip(&after_args) {
        if value != cond || !rw.ir.has_uses(arg) {
            continue;
        }
        let truth = match constant_true {
            Some(c) => c,
            None => {
                let ty = rw.ir.value_type(cond);
                let c = rw.build(InsertPoint::Before(op), |b| {
                    let one = ods_runtime::attr::bool(b.ctx, true);
                    ConstantOp::build(b, loc, ty, one).op()
                });
                let c = rw.ir.result(c, 0);
                constant_true = Some(c);
                c
            }
        };
        rw.replace_all_uses(arg, truth);
        replaced = true;
    }
    replaced
}

/// A comparison in the after region of the values the condition compared
/// (passed on as arguments) is `true` for the same predicate and `false`
/// for the inverse one.
pub(super) fn while_cmp_cond(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let Some((condition, after_args)) = condition_and_after_args(rw, op) else {
        return false;
    };
    let cond = rw.ir.operand(condition, 0);
    let Some(cmp) = rw
        .ir
        .defining_op(cond)
        .and_then(|d| CmpIOp::from_op(rw.ctx, rw.ir, d))
    else {
        return false;
    };
    let pred = cmp.predicate(rw.ctx, rw.ir);
    let cmp_operands = [rw.ir.operand(cmp.op(), 0), rw.ir.operand(cmp.op(), 1)];
    let passed: Vec<Value> = rw.ir.operands(condition).skip(1).collect();
    let mut changed = false;
    for (&value, &arg) in passed.iter().zip(&after_args) {
        for (index, &operand) in cmp_operands.iter().enumerate() {
            if value != operand {
                continue;
            }
            let users: Vec<OpId> = rw.ir.uses(arg).map(|u| u.owner).collect();
            for user in users {
                // An earlier use of the same comparison may have replaced it.
                if rw.ir.op_block(user).is_none() {
                    continue;
                }
                let Some(other) = CmpIOp::from_op(rw.ctx, rw.ir, user) else {
                    continue;
                };
                if rw.ir.operand(user, 1 - index) != cmp_operands[1 - index] {
                    continue;
                }
                let other_pred = other.predicate(rw.ctx, rw.ir);
                let same = if other_pred == pred {
                    true
                } else if other_pred == dialect_arith::inverted_predicate(pred) {
                    false
                } else {
                    continue;
                };
                let loc = rw.ir.op_loc(user);
                let ty = rw.ir.value_type(rw.ir.result(user, 0));
                // Built where the pattern's rewriter stands, before the
                // loop (as `mlir-opt` places them), not inside the body.
                let constant = rw.build(InsertPoint::Before(op), |b| {
                    let attr = ods_runtime::attr::bool(b.ctx, same);
                    ConstantOp::build(b, loc, ty, attr).op()
                });
                let constant = rw.ir.result(constant, 0);
                rw.replace_op(user, &[constant]);
                changed = true;
            }
        }
    }
    changed
}

/// A new `scf.while` before `op` (at its location) with `inits`, result
/// types `types` and two empty regions (upstream's builder without body
/// builders, the blocks added by the caller).
fn new_while(rw: &mut Rewriter<'_>, op: OpId, inits: &[Value], types: &[ir::Type]) -> OpId {
    let mut state = ir::OperationState::new(rw.ir.op_name(op), rw.ir.op_loc(op));
    state.operands = inits.to_vec();
    state.result_types = types.to_vec();
    rw.build(InsertPoint::Before(op), |b| {
        state.regions = vec![b.ir.create_region(), b.ir.create_region()];
        b.create(&state)
    })
}

/// Replaces the `scf.condition` `term` by one passing `args`.
fn replace_condition(rw: &mut Rewriter<'_>, term: OpId, args: &[Value]) {
    let mut operands = vec![rw.ir.operand(term, 0)];
    operands.extend_from_slice(args);
    let mut state = ir::OperationState::new(rw.ir.op_name(term), rw.ir.op_loc(term));
    state.operands = operands;
    rw.build(InsertPoint::Before(term), |b| b.create(&state));
    rw.erase_op(term);
}

/// When the condition op passes the before block's arguments in another
/// order (each once), the loop is rebuilt passing them in block order;
/// results and after-region arguments follow the permutation.
pub(super) fn while_align_before_args(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let (Some(before), Some(after)) = (body(rw, op, 0), body(rw, op, 1)) else {
        return false;
    };
    let Some(term) = terminator(rw, before) else {
        return false;
    };
    let before_args: Vec<Value> = rw.ir.arguments(before).collect();
    let passed: Vec<Value> = rw.ir.operands(term).skip(1).collect();
    if before_args == passed || before_args.len() != passed.len() {
        return false;
    }
    let distinct: HashSet<Value> = passed.iter().copied().collect();
    if distinct.len() != passed.len() {
        return false;
    }
    // mapping[k] = j: the k-th passed value is before argument j.
    let mut mapping = vec![0; passed.len()];
    for (j, arg) in before_args.iter().enumerate() {
        let Some(k) = passed.iter().position(|p| p == arg) else {
            return false;
        };
        mapping[k] = j;
    }
    replace_condition(rw, term, &before_args);
    let mut types = vec![rw.ir.value_type(before_args[0]); passed.len()];
    for (k, &j) in mapping.iter().enumerate() {
        types[j] = rw.ir.value_type(rw.ir.result(op, k));
    }
    let inits: Vec<Value> = rw.ir.operands(op).collect();
    let new = new_while(rw, op, &inits, &types);
    let loc = rw.ir.op_loc(op);
    let new_before = create_block(rw, rw.ir.region(new, 0));
    for &v in &inits {
        let (ty, arg_loc) = (rw.ir.value_type(v), value_loc(rw, v));
        rw.ir.add_argument(new_before, ty, arg_loc);
    }
    let new_after = create_block(rw, rw.ir.region(new, 1));
    for &ty in &types {
        rw.ir.add_argument(new_after, ty, loc);
    }
    let new_results: Vec<Value> = mapping.iter().map(|&j| rw.ir.result(new, j)).collect();
    let after_args: Vec<Value> = mapping
        .iter()
        .map(|&j| rw.ir.argument(new_after, j))
        .collect();
    let before_block_args: Vec<Value> = rw.ir.arguments(new_before).collect();
    rw.inline_block_before(before, InsertPoint::Start(new_before), &before_block_args);
    rw.inline_block_before(after, InsertPoint::Start(new_after), &after_args);
    rw.replace_op(op, &new_results);
    true
}

/// An `scf.if` on the loop condition right before the `scf.condition`
/// (with no else work) moves into the after region: what it yields on
/// `true` is used there, what it yields on `false` leaves the loop, and
/// the before-region values its body uses are passed along as new
/// after-region arguments.
pub(super) fn while_move_if_down(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let (Some(before), Some(after)) = (body(rw, op, 0), body(rw, op, 1)) else {
        return false;
    };
    let Some(term) = terminator(rw, before) else {
        return false;
    };
    let Some(if_op) = rw.ir.prev_op(term) else {
        return false;
    };
    if rw.ctx.str(rw.ir.op_name(if_op)) != crate::IfOp::NAME
        || rw.ir.operand(if_op, 0) != rw.ir.operand(term, 0)
    {
        return false;
    }
    let (then_region, else_region) = (rw.ir.region(if_op, 0), rw.ir.region(if_op, 1));
    if let Some(else_block) = rw.ir.last_block(else_region) {
        if rw.ir.first_op(else_block) != rw.ir.last_op(else_block) {
            return false;
        }
    }
    let (Some(then_block), before_region) = (rw.ir.last_block(then_region), rw.ir.region(op, 0))
    else {
        return false;
    };
    let Some(then_yield) = terminator(rw, then_block) else {
        return false;
    };
    let else_yield = rw
        .ir
        .last_block(else_region)
        .and_then(|b| terminator(rw, b));
    let if_results: Vec<Value> = rw.ir.results(if_op).collect();
    let passed: Vec<Value> = rw.ir.operands(term).skip(1).collect();
    for (idx, arg) in passed.into_iter().enumerate() {
        let Some(k) = if_results.iter().position(|&r| r == arg) else {
            continue;
        };
        let then_value = rw.ir.operand(then_yield, k);
        let Some(else_value) = else_yield.map(|y| rw.ir.operand(y, k)) else {
            return false;
        };
        rw.replace_all_uses(if_results[k], else_value);
        let after_arg = rw.ir.argument(after, idx);
        rw.replace_all_uses(after_arg, then_value);
    }
    // The before-region values the then region uses, in walk order.
    let mut extra: Vec<Value> = Vec::new();
    let mut stack: Vec<OpId> = rw.ir.block_ops(then_block).collect::<Vec<_>>();
    stack.reverse();
    while let Some(o) = stack.pop() {
        for v in rw.ir.operands(o) {
            if value_region(rw, v) == Some(before_region) && !extra.contains(&v) {
                extra.push(v);
            }
        }
        let mut nested: Vec<OpId> = Vec::new();
        for &r in rw.ir.regions(o) {
            for b in rw.ir.region_blocks(r) {
                nested.extend(rw.ir.block_ops(b));
            }
        }
        stack.extend(nested.into_iter().rev());
    }
    let mut types: Vec<ir::Type> = rw.ir.results(op).map(|v| rw.ir.value_type(v)).collect();
    types.extend(extra.iter().map(|&v| rw.ir.value_type(v)));
    let inits: Vec<Value> = rw.ir.operands(op).collect();
    let loc = rw.ir.op_loc(op);
    let new = new_while(rw, op, &inits, &types);
    let (new_before, new_after) = (rw.ir.region(new, 0), rw.ir.region(new, 1));
    rw.inline_region_before(before_region, new_before, None);
    rw.inline_region_before(rw.ir.region(op, 1), new_after, None);
    let new_args: Vec<Value> = extra
        .iter()
        .map(|&v| {
            let ty = rw.ir.value_type(v);
            rw.ir.add_argument(after, ty, loc)
        })
        .collect();
    rw.notify_modified(new);
    let mut operands: Vec<Value> = rw.ir.operands(term).collect();
    operands.extend_from_slice(&extra);
    rw.ir.set_operands(term, &operands);
    rw.notify_modified(term);
    for (&v, &arg) in extra.iter().zip(&new_args) {
        let uses: Vec<(OpId, usize)> = rw.ir.uses(v).map(|u| (u.owner, u.index as usize)).collect();
        for (user, index) in uses {
            if region_contains(rw, then_region, user) {
                rw.set_operand(user, index, arg);
            }
        }
    }
    rw.erase_op(then_yield);
    rw.inline_block_before(then_block, InsertPoint::Start(after), &[]);
    rw.erase_op(if_op);
    let kept: Vec<Value> = (0..rw.ir.num_results(op))
        .map(|i| rw.ir.result(new, i))
        .collect();
    rw.replace_op(op, &kept);
    true
}

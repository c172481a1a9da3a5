//! `scf.if`'s patterns: consecutive and nested ifs combined, the
//! condition propagated into the branches, yields of values defined above
//! turned into selects, an empty else dropped, a constant condition
//! inlined, unused results dropped, yields of the condition (or of one
//! value in both branches) replaced.
//!
//! In: an `scf.if`. Out: the op rewritten through the [`Rewriter`], or no
//! match.

use super::*;
use crate::{IfOp, YieldOp};
use dialect_arith::{AndIOp, ConstantOp, SelectOp, XOrIOp};

/// The then and else regions.
fn regions(rw: &Rewriter<'_>, op: OpId) -> (RegionId, RegionId) {
    (rw.ir.region(op, 0), rw.ir.region(op, 1))
}

/// The yield ending the block of `region` and its operands.
fn yield_of(rw: &Rewriter<'_>, region: RegionId) -> Option<(OpId, Vec<Value>)> {
    let block = rw.ir.last_block(region)?;
    let term = terminator(rw, block)?;
    Some((term, operands(rw, term)))
}

/// Replaces `old` (a yield) by a new `scf.yield` of `values` at the end of
/// its block (MLIR's `replaceOpWithNewOp<YieldOp>` at the block's end).
fn replace_yield(rw: &mut Rewriter<'_>, old: OpId, values: &[Value]) {
    let Some(block) = rw.ir.op_block(old) else {
        return;
    };
    let loc = rw.ir.op_loc(old);
    rw.build(InsertPoint::End(block), |b| YieldOp::build(b, loc, values));
    rw.erase_op(old);
}

/// Results whose yielded values are both defined above the op become
/// `arith.select`s (or the value itself when both branches yield it).
pub(super) fn convert_trivial_if_to_select(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let n = rw.ir.num_results(op);
    if n == 0 {
        return false;
    }
    let (then_region, else_region) = regions(rw, op);
    let (Some((_, then_args)), Some((_, else_args))) =
        (yield_of(rw, then_region), yield_of(rw, else_region))
    else {
        return false;
    };
    let inside = |rw: &Rewriter<'_>, t: Value, f: Value| {
        value_region(rw, t) == Some(then_region) || value_region(rw, f) == Some(else_region)
    };
    let kept_types: Vec<ir::Type> = then_args
        .iter()
        .zip(&else_args)
        .filter(|&(&t, &f)| inside(rw, t, f))
        .map(|(&t, _)| rw.ir.value_type(t))
        .collect();
    if kept_types.len() == n {
        return false;
    }
    let (cond, loc) = (rw.ir.operand(op, 0), rw.ir.op_loc(op));
    let replacement = rw.build(InsertPoint::Before(op), |b| {
        IfOp::build_from_result_types_cond_with_else_region(b, loc, &kept_types, cond, false).op()
    });
    let (new_then, new_else) = regions(rw, replacement);
    if let Some(block) = rw.ir.last_block(new_then) {
        rw.erase_block(block);
    }
    rw.inline_region_before(then_region, new_then, None);
    rw.inline_region_before(else_region, new_else, None);
    let mut values = Vec::with_capacity(n);
    let (mut true_yields, mut false_yields) = (Vec::new(), Vec::new());
    for (&t, &f) in then_args.iter().zip(&else_args) {
        if value_region(rw, t) == Some(new_then) || value_region(rw, f) == Some(new_else) {
            values.push(rw.ir.result(replacement, true_yields.len()));
            true_yields.push(t);
            false_yields.push(f);
        } else if t == f {
            values.push(t);
        } else {
            let select = rw.build(InsertPoint::Before(replacement), |b| {
                SelectOp::build(b, loc, cond, t, f).op()
            });
            values.push(rw.ir.result(select, 0));
        }
    }
    for (region, yields) in [(new_then, true_yields), (new_else, false_yields)] {
        if let Some((old, _)) = yield_of(rw, region) {
            replace_yield(rw, old, &yields);
        }
    }
    rw.replace_op(op, &values);
    true
}

/// Inside the then branch the condition is `true`, inside the else branch
/// `false`: its uses there take constants built before the op.
pub(super) fn condition_propagation(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let cond = rw.ir.operand(op, 0);
    if constant_value(rw.ctx, rw.registry, rw.ir, cond).is_some() {
        return false;
    }
    let (then_region, else_region) = regions(rw, op);
    let loc = rw.ir.op_loc(op);
    let i1 = rw.ir.value_type(cond);
    let (mut constant_true, mut constant_false) = (None, None);
    let uses: Vec<(OpId, usize)> = rw
        .ir
        .uses(cond)
        .map(|u| (u.owner, u.index as usize))
        .collect();
    let mut changed = false;
    for (user, index) in uses {
        let value = if region_contains(rw, then_region, user) {
            true
        } else if region_contains(rw, else_region, user) {
            false
        } else {
            continue;
        };
        let slot = if value {
            &mut constant_true
        } else {
            &mut constant_false
        };
        let constant = match *slot {
            Some(c) => c,
            None => {
                let c = rw.build(InsertPoint::Before(op), |b| {
                    let attr = ods_runtime::attr::bool(b.ctx, value);
                    ConstantOp::build(b, loc, i1, attr).op()
                });
                let c = rw.ir.result(c, 0);
                *slot = Some(c);
                c
            }
        };
        changed = true;
        rw.set_operand(user, index, constant);
    }
    changed
}

/// A result both branches yield the same value for is that value; a
/// result yielding `true`/`false` (or `false`/`true`) is the condition
/// (or its negation). Uses are replaced directly, as upstream does.
pub(super) fn replace_if_yield_with_condition_or_value(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    if rw.ir.num_results(op) == 0 {
        return false;
    }
    let (then_region, else_region) = regions(rw, op);
    let (Some((_, true_values)), Some((_, false_values))) =
        (yield_of(rw, then_region), yield_of(rw, else_region))
    else {
        return false;
    };
    let (cond, loc) = (rw.ir.operand(op, 0), rw.ir.op_loc(op));
    let mut changed = false;
    for (i, (&t, &f)) in true_values.iter().zip(&false_values).enumerate() {
        let result = rw.ir.result(op, i);
        if t == f {
            if rw.ir.has_uses(result) {
                rw.ir.replace_all_uses(result, t);
                changed = true;
            }
            continue;
        }
        let (Some(tv), Some(fv)) = (constant_bool(rw, t), constant_bool(rw, f)) else {
            continue;
        };
        if !tv && fv && rw.ir.has_uses(result) {
            let Some(def) = rw.ir.defining_op(t) else {
                continue;
            };
            let Some(materialize) =
                ods_runtime::fold::materializer(rw.ctx, rw.registry, rw.ir, def)
            else {
                continue;
            };
            let i1 = rw.ir.value_type(cond);
            let not = rw.build(InsertPoint::Before(op), |b| {
                let one = ods_runtime::attr::bool(b.ctx, true);
                let c = materialize(b, one, i1, loc)?;
                let c = b.ir.result(c, 0);
                Some(XOrIOp::build(b, loc, cond, c).op())
            });
            if let Some(not) = not {
                let not = rw.ir.result(not, 0);
                rw.ir.replace_all_uses(result, not);
                changed = true;
            }
        }
        if tv && !fv && rw.ir.has_uses(result) {
            rw.ir.replace_all_uses(result, cond);
            changed = true;
        }
    }
    changed
}

/// An `scf.if` right after another on the same (or the negated) condition
/// joins it: one op whose branches run both bodies in turn.
pub(super) fn combine_ifs(rw: &mut Rewriter<'_>, next: OpId) -> bool {
    let Some(prev) = rw.ir.prev_op(next) else {
        return false;
    };
    if IfOp::from_op(rw.ctx, rw.ir, prev).is_none() {
        return false;
    }
    let (next_cond, prev_cond) = (rw.ir.operand(next, 0), rw.ir.operand(prev, 0));
    let (next_then_region, next_else_region) = regions(rw, next);
    let next_then_block = rw.ir.last_block(next_then_region);
    let next_else_block = rw.ir.last_block(next_else_region);
    let (mut next_then, mut next_else) = (None, None);
    if next_cond == prev_cond {
        next_then = next_then_block;
        next_else = next_else_block;
    }
    let swapped = negated(rw, next_cond) == Some(prev_cond);
    let swapped = swapped || negated(rw, prev_cond) == Some(next_cond);
    if swapped {
        next_else = next_then_block;
        if next_else_block.is_some() {
            next_then = next_else_block;
        }
    }
    if next_then.is_none() && next_else.is_none() {
        return false;
    }
    let (prev_then_region, prev_else_region) = regions(rw, prev);
    let prev_then_yielded = yield_of(rw, prev_then_region)
        .map(|y| y.1)
        .unwrap_or_default();
    let prev_else_yielded = yield_of(rw, prev_else_region)
        .map(|y| y.1)
        .unwrap_or_default();
    let prev_results = results(rw, prev);
    let zipped = prev_results
        .iter()
        .zip(&prev_then_yielded)
        .zip(&prev_else_yielded);
    for ((&result, &then_value), &else_value) in zipped {
        let uses: Vec<(OpId, usize)> = rw
            .ir
            .uses(result)
            .map(|u| (u.owner, u.index as usize))
            .collect();
        for (user, index) in uses {
            let in_block = |rw: &Rewriter<'_>, b: Option<BlockId>| {
                b.and_then(|b| rw.ir.block_region(b))
                    .is_some_and(|r| region_contains(rw, r, user))
            };
            if in_block(rw, next_then) {
                rw.set_operand(user, index, then_value);
            } else if in_block(rw, next_else) {
                rw.set_operand(user, index, else_value);
            }
        }
    }
    let mut merged_types: Vec<ir::Type> =
        prev_results.iter().map(|&v| rw.ir.value_type(v)).collect();
    merged_types.extend(rw.ir.results(next).map(|v| rw.ir.value_type(v)));
    let loc = rw.ir.op_loc(next);
    let combined = rw.build(InsertPoint::Before(next), |b| {
        IfOp::build_from_result_types_cond_with_else_region(b, loc, &merged_types, prev_cond, false)
            .op()
    });
    let (combined_then, combined_else) = regions(rw, combined);
    if let Some(block) = rw.ir.last_block(combined_then) {
        rw.erase_block(block);
    }
    rw.inline_region_before(prev_then_region, combined_then, None);
    if let Some(source) = next_then {
        merge_branch(rw, combined_then, source);
    }
    rw.inline_region_before(prev_else_region, combined_else, None);
    if let Some(source) = next_else {
        if rw.ir.region_is_empty(combined_else) {
            if let Some(region) = rw.ir.block_region(source) {
                rw.inline_region_before(region, combined_else, None);
            }
        } else {
            merge_branch(rw, combined_else, source);
        }
    }
    let combined_results = results(rw, combined);
    let (prev_values, next_values) = combined_results.split_at(prev_results.len());
    rw.replace_op(prev, prev_values);
    rw.replace_op(next, next_values);
    true
}

/// Appends the ops of `source` to the block of `region`; one yield of
/// both yields' operands (at the second's location) ends it.
fn merge_branch(rw: &mut Rewriter<'_>, region: RegionId, source: BlockId) {
    let (Some((first_yield, mut values)), Some(second_yield)) =
        (yield_of(rw, region), terminator(rw, source))
    else {
        return;
    };
    let Some(dest) = rw.ir.last_block(region) else {
        return;
    };
    values.extend(operands(rw, second_yield));
    let loc = rw.ir.op_loc(second_yield);
    rw.merge_blocks(source, dest, &[]);
    rw.build(InsertPoint::End(dest), |b| YieldOp::build(b, loc, &values));
    rw.erase_op(first_yield);
    rw.erase_op(second_yield);
}

/// An else branch holding only its yield goes (ops without results).
pub(super) fn remove_empty_else_branch(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    if rw.ir.num_results(op) != 0 {
        return false;
    }
    let (then_region, else_region) = regions(rw, op);
    let Some(else_block) = rw.ir.last_block(else_region) else {
        return false;
    };
    if rw.ir.first_op(else_block) != rw.ir.last_op(else_block)
        || rw.ir.first_op(else_block).is_none()
    {
        return false;
    }
    let ops = operands(rw, op);
    let new = create_like(rw, op, &ops, &[], 2);
    let new_then = rw.ir.region(new, 0);
    rw.inline_region_before(then_region, new_then, None);
    rw.erase_op(op);
    true
}

/// An `scf.if` whose then branch holds only another `scf.if` (and whose
/// else branches only yield) becomes one `scf.if` on both conditions
/// (`arith.andi`); results yielded from outside become selects.
pub(super) fn combine_nested_ifs(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let (then_region, else_region) = regions(rw, op);
    let Some(then_block) = rw.ir.last_block(then_region) else {
        return false;
    };
    let Some(nested) = rw.ir.first_op(then_block) else {
        return false;
    };
    let only = rw
        .ir
        .next_op(nested)
        .is_some_and(|n| Some(n) == rw.ir.last_op(then_block));
    if !only || IfOp::from_op(rw.ctx, rw.ir, nested).is_none() {
        return false;
    }
    let only_yield = |rw: &Rewriter<'_>, region: RegionId| match rw.ir.last_block(region) {
        Some(b) => rw.ir.first_op(b).is_some() && rw.ir.first_op(b) == rw.ir.last_op(b),
        None => true,
    };
    let (nested_then, nested_else) = regions(rw, nested);
    if !only_yield(rw, else_region) || !only_yield(rw, nested_else) {
        return false;
    }
    let Some((_, mut then_yield)) = yield_of(rw, then_region) else {
        return false;
    };
    let else_yield = yield_of(rw, else_region).map(|y| y.1).unwrap_or_default();
    let nested_then_yield = yield_of(rw, nested_then).map(|y| y.1).unwrap_or_default();
    let nested_else_yield = yield_of(rw, nested_else).map(|y| y.1).unwrap_or_default();
    if then_yield.len() != else_yield.len() {
        return false;
    }
    let mut to_select = Vec::new();
    for (i, slot) in then_yield.iter_mut().enumerate() {
        let v = *slot;
        if rw.ir.defining_op(v) == Some(nested) {
            let index = (0..rw.ir.num_results(nested))
                .find(|&k| rw.ir.result(nested, k) == v)
                .unwrap_or(0);
            if nested_else_yield.get(index) != else_yield.get(i) {
                return false;
            }
            let Some(&inner) = nested_then_yield.get(index) else {
                return false;
            };
            *slot = inner;
            continue;
        }
        if value_region(rw, v) == Some(then_region) {
            return false;
        }
        to_select.push(i);
    }
    let loc = rw.ir.op_loc(op);
    let (outer_cond, inner_cond) = (rw.ir.operand(op, 0), rw.ir.operand(nested, 0));
    let types: Vec<ir::Type> = rw.ir.results(op).map(|v| rw.ir.value_type(v)).collect();
    let new_if = rw.build(InsertPoint::Before(op), |b| {
        let cond = AndIOp::build(b, loc, outer_cond, inner_cond).op();
        let cond = b.ir.result(cond, 0);
        IfOp::build_from_result_types_cond(b, loc, &types, cond).op()
    });
    let (new_then, new_else) = regions(rw, new_if);
    let new_block = create_block(rw, new_then);
    let mut values = results(rw, new_if);
    for i in to_select {
        let (t, f) = (then_yield[i], else_yield[i]);
        let select = rw.build(InsertPoint::Before(new_if), |b| {
            SelectOp::build(b, loc, outer_cond, t, f).op()
        });
        values[i] = rw.ir.result(select, 0);
    }
    if let Some(source) = rw.ir.last_block(nested_then) {
        rw.merge_blocks(source, new_block, &[]);
    }
    if let Some(old) = terminator(rw, new_block) {
        replace_yield(rw, old, &then_yield);
    }
    if !else_yield.is_empty() {
        let block = create_block(rw, new_else);
        rw.build(InsertPoint::End(block), |b| {
            YieldOp::build(b, loc, &else_yield)
        });
    }
    rw.replace_op(op, &values);
    true
}

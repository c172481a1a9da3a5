//! `scf.parallel`'s patterns: dimensions of one iteration go (their
//! induction variables become the lower bounds; a dimension of none
//! replaces the loop by its initial values; with every dimension gone the
//! body and the reductions are copied before the loop), and a loop whose
//! body is only another loop without reductions merges with it.
//!
//! In: an `scf.parallel`. Out: the op replaced through the [`Rewriter`]
//! (bodies copied, as upstream clones them), or no match.

use super::successors::constant_trip_count;
use super::*;
use crate::ParallelOp;
use ods_transforms::rewrite::ValueMapping;

/// The operand groups: lower bounds, upper bounds, steps, initial values.
fn groups(rw: &Rewriter<'_>, op: OpId) -> [Vec<Value>; 4] {
    let sizes = ods_runtime::segments::segment_sizes(rw.ctx, rw.ir, op, "operandSegmentSizes", 4);
    std::array::from_fn(|i| {
        ods_runtime::segments::segment_group(&sizes, i)
            .filter(|&k| k < rw.ir.num_operands(op))
            .map(|k| rw.ir.operand(op, k))
            .collect()
    })
}

/// A new `scf.parallel` before `op` over the given bounds, its body block
/// holding only the induction variables (upstream's builder, whose block
/// the patterns then fill or replace).
fn new_parallel(rw: &mut Rewriter<'_>, op: OpId, bounds: [&[Value]; 3], inits: &[Value]) -> OpId {
    let loc = rw.ir.op_loc(op);
    rw.build(InsertPoint::Before(op), |b| {
        ParallelOp::build_from_lower_bounds_upper_bounds_steps_init_vals_body_builder_fn(
            b, loc, bounds[0], bounds[1], bounds[2], inits, None,
        )
        .op()
    })
}

/// Dimensions of one iteration go; a dimension of none replaces the loop
/// by its initial values.
pub(super) fn parallel_single_or_zero_iteration_dims(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let [lbs, ubs, steps, inits] = groups(rw, op);
    let Some(body_block) = body(rw, op, 0) else {
        return false;
    };
    let ivs: Vec<Value> = rw.ir.arguments(body_block).collect();
    let mut mapping: ValueMapping = ValueMapping::default();
    let (mut new_lbs, mut new_ubs, mut new_steps) = (Vec::new(), Vec::new(), Vec::new());
    for (i, ((&lb, &ub), &step)) in lbs.iter().zip(&ubs).zip(&steps).enumerate() {
        match constant_trip_count(rw, lb, ub, step, true) {
            Some(0) => {
                rw.replace_op(op, &inits);
                return true;
            }
            Some(1) => {
                if let Some(&iv) = ivs.get(i) {
                    mapping.insert(iv, lb);
                }
                continue;
            }
            _ => {}
        }
        new_lbs.push(lb);
        new_ubs.push(ub);
        new_steps.push(step);
    }
    if new_lbs.len() == lbs.len() {
        return false;
    }
    if new_lbs.is_empty() {
        return inline_body_and_reductions(rw, op, body_block, &inits, &mut mapping);
    }
    let new = new_parallel(rw, op, [&new_lbs, &new_ubs, &new_steps], &inits);
    if let Some(block) = body(rw, new, 0) {
        rw.erase_block(block);
    }
    let (from, to) = (rw.ir.region(op, 0), rw.ir.region(new, 0));
    rw.clone_region_before(from, to, None, &mut mapping);
    let values = results(rw, new);
    rw.replace_op(op, &values);
    true
}

/// Every dimension runs once: the body (without its `scf.reduce`) and each
/// reduction, applied to the initial value, are copied before the loop.
fn inline_body_and_reductions(
    rw: &mut Rewriter<'_>,
    op: OpId,
    body_block: BlockId,
    inits: &[Value],
    mapping: &mut ValueMapping,
) -> bool {
    let Some(reduce) = terminator(rw, body_block) else {
        return false;
    };
    let body_ops: Vec<OpId> = rw
        .ir
        .block_ops(body_block)
        .filter(|&o| o != reduce)
        .collect();
    for o in body_ops {
        rw.clone_op(o, InsertPoint::Before(op), mapping);
    }
    let mut values = Vec::with_capacity(inits.len());
    for (i, &init) in inits.iter().enumerate() {
        let Some(block) = body(rw, reduce, i) else {
            return false;
        };
        let (Some(&lhs), Some(&rhs)) = (
            rw.ir.arguments(block).collect::<Vec<_>>().first(),
            rw.ir.arguments(block).collect::<Vec<_>>().get(1),
        ) else {
            return false;
        };
        let operand = rw.ir.operand(reduce, i);
        let reduced = mapping.get(&operand).copied().unwrap_or(operand);
        mapping.insert(lhs, init);
        mapping.insert(rhs, reduced);
        let Some(ret) = terminator(rw, block) else {
            return false;
        };
        let ops: Vec<OpId> = rw.ir.block_ops(block).filter(|&o| o != ret).collect();
        for o in ops {
            rw.clone_op(o, InsertPoint::Before(op), mapping);
        }
        let result = rw.ir.operand(ret, 0);
        values.push(mapping.get(&result).copied().unwrap_or(result));
    }
    rw.replace_op(op, &values);
    true
}

/// A loop whose body is only another loop (neither reducing, the inner
/// bounds not using the outer induction variables) becomes one loop over
/// both sets of dimensions.
pub(super) fn merge_nested_parallel_loops(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let Some(outer_body) = body(rw, op, 0) else {
        return false;
    };
    let Some(inner) = rw.ir.first_op(outer_body) else {
        return false;
    };
    let only = rw
        .ir
        .next_op(inner)
        .is_some_and(|n| Some(n) == rw.ir.last_op(outer_body));
    if !only || rw.ctx.str(rw.ir.op_name(inner)) != ParallelOp::NAME {
        return false;
    }
    let [outer_lbs, outer_ubs, outer_steps, outer_inits] = groups(rw, op);
    let [inner_lbs, inner_ubs, inner_steps, inner_inits] = groups(rw, inner);
    let outer_ivs: Vec<Value> = rw.ir.arguments(outer_body).collect();
    let uses_outer = |vs: &[Value]| vs.iter().any(|v| outer_ivs.contains(v));
    if uses_outer(&inner_lbs) || uses_outer(&inner_ubs) || uses_outer(&inner_steps) {
        return false;
    }
    if !outer_inits.is_empty() || !inner_inits.is_empty() {
        return false;
    }
    let Some(inner_body) = body(rw, inner, 0) else {
        return false;
    };
    let cat = |a: &[Value], b: &[Value]| [a, b].concat();
    let (lbs, ubs, steps) = (
        cat(&outer_lbs, &inner_lbs),
        cat(&outer_ubs, &inner_ubs),
        cat(&outer_steps, &inner_steps),
    );
    let new = new_parallel(rw, op, [&lbs, &ubs, &steps], &[]);
    let Some(new_body) = body(rw, new, 0) else {
        return false;
    };
    let new_ivs: Vec<Value> = rw.ir.arguments(new_body).collect();
    let inner_ivs: Vec<Value> = rw.ir.arguments(inner_body).collect();
    let mut mapping: ValueMapping = outer_ivs
        .iter()
        .chain(&inner_ivs)
        .copied()
        .zip(new_ivs)
        .collect();
    let Some(reduce) = terminator(rw, new_body) else {
        return false;
    };
    let inner_term = terminator(rw, inner_body);
    let ops: Vec<OpId> = rw
        .ir
        .block_ops(inner_body)
        .filter(|&o| Some(o) != inner_term)
        .collect();
    for o in ops {
        rw.clone_op(o, InsertPoint::Before(reduce), &mut mapping);
    }
    rw.replace_op(op, &[]);
    true
}

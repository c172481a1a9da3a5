//! Loop-invariant code motion (`--loop-invariant-code-motion`, MLIR's
//! `moveLoopInvariantCode`): every op implementing
//! `LoopLikeOpInterface`, innermost first, hands out the ops of its loop
//! regions whose operands (those of the ops nested in them too) are all
//! defined outside the loop, that have no memory effects and that may run
//! speculatively; each goes where the loop's `move_out_of_loop` puts it
//! (right before the loop), and then its users in the loop are looked at
//! again.
//!
//! In: the IR and the op to work under. Out: the IR with the invariant
//! ops hoisted, and how many moved.

use super::side_effects::EffectQuery;
use ir::{Context, Ir, OpId, OpTraits, RegionId, Registry};
use ods_runtime::interfaces::LoopLikeOpInterfaceRef;
use std::collections::VecDeque;

/// Hoists the invariant ops of every loop under `root`; how many moved.
pub fn loop_invariant_code_motion(
    ctx: &Context,
    registry: &Registry,
    ir: &mut Ir,
    root: OpId,
) -> usize {
    let mut loops = Vec::new();
    post_order(ir, root, &mut |op| {
        if ods_runtime::interface::<LoopLikeOpInterfaceRef>(registry, ir, op).is_some() {
            loops.push(op);
        }
    });
    loops
        .into_iter()
        .map(|l| move_loop_invariant_code(ctx, registry, ir, l))
        .sum()
}

/// The ops under `root` (not `root` itself), each after the ops nested
/// in it, in program order.
fn post_order(ir: &Ir, root: OpId, f: &mut dyn FnMut(OpId)) {
    // An explicit stack: nesting may be deep.
    let mut stack: Vec<(OpId, bool)> = children(ir, root).rev().map(|c| (c, false)).collect();
    while let Some((op, expanded)) = stack.pop() {
        if expanded {
            f(op);
            continue;
        }
        stack.push((op, true));
        stack.extend(children(ir, op).rev().map(|c| (c, false)));
    }
}

fn children(ir: &Ir, op: OpId) -> std::vec::IntoIter<OpId> {
    let mut v = Vec::new();
    for &r in ir.regions(op) {
        for b in ir.region_blocks(r) {
            v.extend(ir.block_ops(b));
        }
    }
    v.into_iter()
}

/// Hoists what can leave `loop_op`; how many ops moved.
pub fn move_loop_invariant_code(
    ctx: &Context,
    registry: &Registry,
    ir: &mut Ir,
    loop_op: OpId,
) -> usize {
    let Some(loop_like) = ods_runtime::interface::<LoopLikeOpInterfaceRef>(registry, ir, loop_op)
    else {
        return 0;
    };
    let mut moved = 0;
    for region in loop_like.get_loop_regions(ir) {
        let mut worklist: VecDeque<OpId> = ir
            .region_blocks(region)
            .flat_map(|b| ir.block_ops(b))
            .collect();
        while let Some(op) = worklist.pop_front() {
            if parent_region(ir, op) != Some(region) {
                continue;
            }
            let q = EffectQuery { ctx, registry, ir };
            let movable = q.is_memory_effect_free(op)
                && q.is_speculatable(op)
                && can_be_hoisted(registry, ir, op, |v| {
                    loop_like.is_defined_outside_of_loop(ir, v)
                });
            if !movable {
                continue;
            }
            loop_like.move_out_of_loop(ir, op);
            moved += 1;
            let results: Vec<_> = ir.results(op).collect();
            for r in results {
                for u in ir.uses(r) {
                    if parent_region(ir, u.owner) == Some(region) {
                        worklist.push_back(u.owner);
                    }
                }
            }
        }
    }
    moved
}

fn parent_region(ir: &Ir, op: OpId) -> Option<RegionId> {
    ir.op_block(op).and_then(|b| ir.block_region(b))
}

/// Whether `op` is not a terminator and every operand of it and of the
/// ops nested in it is defined inside `op` or satisfies `outside`.
fn can_be_hoisted(
    registry: &Registry,
    ir: &Ir,
    op: OpId,
    outside: impl Fn(ir::Value) -> bool,
) -> bool {
    if registry
        .traits(ir.op_name(op))
        .contains(OpTraits::TERMINATOR)
    {
        return false;
    }
    let mut pending = vec![op];
    while let Some(cur) = pending.pop() {
        for v in ir.operands(cur) {
            let inside = ir
                .value_block(v)
                .and_then(|b| ir.block_region(b))
                .and_then(|r| ir.region_op(r))
                .is_some_and(|owner| ir.is_ancestor(op, owner));
            if !inside && !outside(v) {
                return false;
            }
        }
        pending.extend(children(ir, cur));
    }
    true
}

//! Region simplification after each round of the greedy driver (MLIR's
//! `simplifyRegions` at its default level): unreachable blocks are erased,
//! then ops that no live op needs (liveness over the whole region, so dead
//! cycles go too; MLIR's `runRegionDCE`).
//!
//! Left out: erasing dead block arguments together with the branch
//! operands that feed them (our `BranchOpInterface` cannot edit successor
//! operands yet), and block merging (MLIR's aggressive level only).
//!
//! In: the regions. Out: whether anything was erased.

use super::{dead, Rewriter};
use ir::{BlockId, OpId, OpTraits, RegionId, Value};
use std::collections::HashSet;

/// Erases unreachable blocks and dead ops in `regions`.
pub fn simplify_regions(rw: &mut Rewriter<'_>, regions: &[RegionId]) -> bool {
    let erased_blocks = erase_unreachable_blocks(rw, regions);
    let erased_ops = run_region_dce(rw, regions);
    erased_blocks || erased_ops
}

/// The blocks of `region` reachable from its entry, in post-order.
fn post_order(rw: &Rewriter<'_>, region: RegionId) -> Vec<BlockId> {
    let Some(entry) = rw.ir.first_block(region) else {
        return Vec::new();
    };
    let mut order = Vec::new();
    let mut seen = HashSet::from([entry]);
    // (block, index of the next successor to look at)
    let mut stack = vec![(entry, 0usize)];
    while let Some(top) = stack.last_mut() {
        let (b, i) = *top;
        let successors = rw.ir.terminator(b).map_or(0, |t| rw.ir.num_successors(t));
        if i < successors {
            top.1 += 1;
            let t = rw
                .ir
                .terminator(b)
                .expect("a block with successors has a terminator");
            let s = rw.ir.successor(t, i);
            if seen.insert(s) {
                stack.push((s, 0));
            }
        } else {
            order.push(b);
            stack.pop();
        }
    }
    order
}

fn erase_unreachable_blocks(rw: &mut Rewriter<'_>, regions: &[RegionId]) -> bool {
    let mut erased = false;
    let mut pending: Vec<RegionId> = regions.to_vec();
    while let Some(region) = pending.pop() {
        let blocks: Vec<BlockId> = rw.ir.region_blocks(region).collect();
        let reachable: HashSet<BlockId> = if blocks.len() <= 1 {
            blocks.iter().copied().collect()
        } else {
            post_order(rw, region).into_iter().collect()
        };
        for b in blocks {
            if !reachable.contains(&b) {
                erase_block(rw, b);
                erased = true;
                continue;
            }
            for op in rw.ir.block_ops(b).collect::<Vec<_>>() {
                pending.extend(rw.ir.regions(op).iter().copied());
            }
        }
    }
    erased
}

/// Erases a block whose values only unreachable code may still use: those
/// uses are pointed at a detached value first.
fn erase_block(rw: &mut Rewriter<'_>, b: BlockId) {
    let ops: Vec<OpId> = rw.ir.block_ops(b).collect();
    let mut values: Vec<Value> = rw.ir.arguments(b).collect();
    for &op in &ops {
        values.extend(rw.ir.results(op));
    }
    for v in values {
        if rw.ir.has_uses(v) {
            let ty = rw.ir.value_type(v);
            let dummy = rw.ir.create_detached_value(ty);
            rw.ir.replace_all_uses(v, dummy);
        }
    }
    for op in ops.into_iter().rev() {
        rw.erase_op(op);
    }
    rw.ir.erase_block(b);
}

/// Which ops and block arguments are live (MLIR's `LiveMap`).
#[derive(Default)]
struct Live {
    ops: HashSet<OpId>,
    args: HashSet<Value>,
    changed: bool,
}

impl Live {
    fn set_op(&mut self, op: OpId) {
        self.changed |= self.ops.insert(op);
    }

    fn set_value(&mut self, rw: &Rewriter<'_>, v: Value) {
        match rw.ir.defining_op(v) {
            Some(op) => self.set_op(op),
            None => self.changed |= self.args.insert(v),
        }
    }

    fn value_live(&self, rw: &Rewriter<'_>, v: Value) -> bool {
        match rw.ir.defining_op(v) {
            Some(op) => self.ops.contains(&op),
            None => self.args.contains(&v),
        }
    }
}

fn is_terminator(rw: &Rewriter<'_>, op: OpId) -> bool {
    rw.registry
        .op(rw.ir.op_name(op))
        .is_none_or(|i| i.traits.contains(OpTraits::TERMINATOR))
        && rw.ir.op_block(op).and_then(|b| rw.ir.last_op(b)) == Some(op)
}

fn propagate_value(rw: &Rewriter<'_>, live: &mut Live, v: Value) {
    if live.value_live(rw, v) {
        return;
    }
    for u in rw.ir.uses(v) {
        if live.ops.contains(&u.owner) {
            live.set_value(rw, v);
            return;
        }
    }
}

fn propagate_op(rw: &Rewriter<'_>, live: &mut Live, op: OpId) {
    for &r in rw.ir.regions(op) {
        propagate_region(rw, live, r);
    }
    if is_terminator(rw, op) {
        // Terminators live, and so do all their operands: successor
        // operands too, as the dead block arguments they feed stay.
        live.set_op(op);
        for v in rw.ir.operands(op).collect::<Vec<_>>() {
            live.set_value(rw, v);
        }
        return;
    }
    if live.ops.contains(&op) {
        return;
    }
    if !dead::would_be_trivially_dead(rw.ctx, rw.registry, rw.ir, op) {
        live.set_op(op);
        return;
    }
    for r in rw.ir.results(op) {
        propagate_value(rw, live, r);
    }
}

fn propagate_region(rw: &Rewriter<'_>, live: &mut Live, region: RegionId) {
    let entry = rw.ir.first_block(region);
    for b in post_order(rw, region) {
        for op in rw.ir.block_ops_rev(b) {
            propagate_op(rw, live, op);
        }
        if Some(b) == entry {
            continue;
        }
        for a in rw.ir.arguments(b) {
            propagate_value(rw, live, a);
        }
    }
}

fn run_region_dce(rw: &mut Rewriter<'_>, regions: &[RegionId]) -> bool {
    let mut live = Live::default();
    loop {
        live.changed = false;
        for &r in regions {
            propagate_region(rw, &mut live, r);
        }
        if !live.changed {
            break;
        }
    }
    delete_dead(rw, regions, &live)
}

fn delete_dead(rw: &mut Rewriter<'_>, regions: &[RegionId], live: &Live) -> bool {
    let mut erased = false;
    for &region in regions {
        for b in post_order(rw, region) {
            let ops: Vec<OpId> = rw.ir.block_ops_rev(b).collect();
            for op in ops {
                if !live.ops.contains(&op) {
                    // Uses left are in dead ops of a cycle.
                    for r in rw.ir.results(op).collect::<Vec<_>>() {
                        if rw.ir.has_uses(r) {
                            let ty = rw.ir.value_type(r);
                            let dummy = rw.ir.create_detached_value(ty);
                            rw.ir.replace_all_uses(r, dummy);
                        }
                    }
                    rw.erase_op(op);
                    erased = true;
                } else {
                    let nested = rw.ir.regions(op).to_vec();
                    erased |= delete_dead(rw, &nested, live);
                }
            }
        }
    }
    erased
}

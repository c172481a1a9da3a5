//! Region simplification after each round of the greedy driver (MLIR's
//! `simplifyRegions` at the canonicalizer's default level, `normal`):
//! unreachable blocks are erased, then ops and block arguments that
//! nothing live needs (liveness over the whole region, so dead cycles
//! through block arguments go too; MLIR's `runRegionDCE`), with the
//! branch operands that fed the dead arguments (through
//! `BranchOpInterface`'s editable successor operands).
//!
//! Left out, as at MLIR's default level: merging identical blocks and
//! dropping arguments every predecessor passes the same value (the
//! `aggressive` level).
//!
//! In: the regions. Out: whether a block or an op was erased.

use super::{dead, Rewriter};
use ir::{BlockId, OpId, OpTraits, RegionId, Value};
use ods_runtime::interfaces::{successor_block_argument, BranchOpInterfaceRef};
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

/// Erases the blocks of `regions` (and of the regions nested in their
/// reachable blocks) that their entry block cannot reach (MLIR's
/// `eraseUnreachableBlocks`). Whether any was.
pub fn erase_unreachable_blocks(rw: &mut Rewriter<'_>, regions: &[RegionId]) -> bool {
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
    drop_uses(rw, values);
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
}

fn is_terminator(rw: &Rewriter<'_>, op: OpId) -> bool {
    rw.registry
        .op(rw.ir.op_name(op))
        .is_none_or(|i| i.traits.contains(OpTraits::TERMINATOR))
        && rw.ir.op_block(op).and_then(|b| rw.ir.last_op(b)) == Some(op)
}

fn branch<'r>(rw: &Rewriter<'r>, op: OpId) -> Option<BranchOpInterfaceRef<'r>> {
    ods_runtime::interface::<BranchOpInterfaceRef>(rw.registry, rw.ir, op)
}

/// A use that does not make its value live although its owner is: a
/// branch operand passed to a block argument not (yet) proved live. Each
/// successor operand is really the operand of a phi node of its own, not
/// of the branch.
fn use_known_dead(rw: &Rewriter<'_>, live: &Live, owner: OpId, operand: usize) -> bool {
    if !is_terminator(rw, owner) {
        return false;
    }
    let Some(branch) = branch(rw, owner) else {
        return false;
    };
    successor_block_argument(branch, rw.ctx, rw.ir, operand)
        .is_some_and(|a| !live.args.contains(&a))
}

fn propagate_value(rw: &Rewriter<'_>, live: &mut Live, v: Value) {
    let used = rw.ir.uses(v).any(|u| {
        !use_known_dead(rw, live, u.owner, u.index as usize) && live.ops.contains(&u.owner)
    });
    if used {
        live.set_value(rw, v);
    }
}

/// A terminator is live; so are the successor arguments it gives values
/// of its own (all of them when it is no branch the driver can edit).
fn propagate_terminator(rw: &Rewriter<'_>, live: &mut Live, op: OpId) {
    live.set_op(op);
    let successors: Vec<BlockId> = rw.ir.successors(op).collect();
    let Some(branch) = branch(rw, op) else {
        for s in successors {
            for a in rw.ir.arguments(s) {
                live.set_value(rw, a);
            }
        }
        return;
    };
    for (i, s) in successors.into_iter().enumerate() {
        let produced = branch
            .get_successor_operands(rw.ctx, rw.ir, i)
            .produced_operand_count();
        for a in rw.ir.arguments(s).take(produced) {
            live.set_value(rw, a);
        }
    }
}

fn propagate_op(rw: &Rewriter<'_>, live: &mut Live, op: OpId) {
    for &r in rw.ir.regions(op) {
        propagate_region(rw, live, r);
    }
    if is_terminator(rw, op) {
        propagate_terminator(rw, live, op);
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

/// Uses before definitions: blocks in post-order, each block's ops
/// backwards, then its arguments (the entry block's belong to the parent
/// op and stay).
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
            if !live.args.contains(&a) {
                propagate_value(rw, live, a);
            }
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

/// Stops passing values to the dead arguments of `terminator`'s
/// successors (last successor and last argument first).
fn erase_dead_successor_operands(rw: &mut Rewriter<'_>, terminator: OpId, live: &Live) {
    let Some(branch) = branch(rw, terminator) else {
        return;
    };
    for succ in (0..rw.ir.num_successors(terminator)).rev() {
        let mut operands = branch.get_successor_operands(rw.ctx, rw.ir, succ);
        let dest = rw.ir.successor(terminator, succ);
        for arg in (0..operands.len()).rev() {
            let value = rw.ir.argument(dest, arg);
            if !live.args.contains(&value) && !operands.is_operand_produced(arg) {
                operands.erase(rw.ctx, rw.ir, arg);
            }
        }
    }
}

/// Erases what `live` does not hold. Whether an op was erased (dropping
/// block arguments and the operands feeding them alone does not count,
/// as in MLIR).
fn delete_dead(rw: &mut Rewriter<'_>, regions: &[RegionId], live: &Live) -> bool {
    let mut erased = false;
    for &region in regions {
        let Some(entry) = rw.ir.first_block(region) else {
            continue;
        };
        let single_block = rw.ir.next_block(entry).is_none();
        for b in post_order(rw, region) {
            if !single_block {
                if let Some(t) = rw.ir.terminator(b) {
                    erase_dead_successor_operands(rw, t, live);
                }
            }
            let ops: Vec<OpId> = rw.ir.block_ops_rev(b).collect();
            for op in ops {
                if !live.ops.contains(&op) {
                    // Uses left are in dead ops of a cycle.
                    drop_uses(rw, rw.ir.results(op).collect());
                    rw.erase_op(op);
                    erased = true;
                } else {
                    let nested = rw.ir.regions(op).to_vec();
                    erased |= delete_dead(rw, &nested, live);
                }
            }
        }
        let blocks: Vec<BlockId> = rw.ir.region_blocks(region).skip(1).collect();
        for b in blocks {
            for i in (0..rw.ir.num_arguments(b)).rev() {
                let a = rw.ir.argument(b, i);
                if !live.args.contains(&a) {
                    drop_uses(rw, vec![a]);
                    rw.ir.erase_argument(b, i);
                }
            }
        }
    }
    erased
}

/// Points the uses left of `values` (in dead code) at detached values.
fn drop_uses(rw: &mut Rewriter<'_>, values: Vec<Value>) {
    for v in values {
        if rw.ir.has_uses(v) {
            let ty = rw.ir.value_type(v);
            let dummy = rw.ir.create_detached_value(ty);
            rw.ir.replace_all_uses(v, dummy);
        }
    }
}

//! Dominance and post-dominance between ops (what MLIR's `DominanceInfo`
//! and `PostDominanceInfo` answer for `dominates(a, b)` and
//! `postDominates(a, b)`).
//!
//! In: two ops. `b` is first lifted to its ancestor in `a`'s region (an
//! op enclosing `b` dominates it); in one block the order decides; across
//! blocks, the region's block (post-)dominator sets, computed by the
//! iterative data-flow algorithm (regions here have few blocks). A block
//! the entry does not reach is dominated by every block, as LLVM's tree
//! has it; a block that reaches no exit is post-dominated by no other
//! block (LLVM gives such blocks roots of their own).

use super::access::is_before_in_block;
use ir::{BlockId, Ir, OpId, RegionId};
use std::collections::HashSet;

/// The ancestor of `op` (or `op`) directly inside `region`.
fn ancestor_in_region(ir: &Ir, region: RegionId, op: OpId) -> Option<OpId> {
    let mut cur = op;
    loop {
        if ir.op_block(cur).and_then(|b| ir.block_region(b)) == Some(region) {
            return Some(cur);
        }
        cur = ir.parent_op(cur)?;
    }
}

fn successors_in(ir: &Ir, region: RegionId, b: BlockId) -> Vec<BlockId> {
    ir.terminator(b)
        .map(|t| {
            ir.successors(t)
                .filter(|&s| ir.block_region(s) == Some(region))
                .collect()
        })
        .unwrap_or_default()
}

/// For each block, the set of blocks that (post-)dominate it; `None` for
/// a block outside the graph (unreached by the entry, or reaching no
/// exit). `edges` gives the flow direction.
fn dominator_sets(
    blocks: &[BlockId],
    roots: &[BlockId],
    edges_in: impl Fn(BlockId) -> Vec<BlockId>,
    reached: &HashSet<BlockId>,
) -> Vec<Option<HashSet<BlockId>>> {
    let all: HashSet<BlockId> = reached.clone();
    let mut sets: Vec<Option<HashSet<BlockId>>> = blocks
        .iter()
        .map(|b| {
            if roots.contains(b) {
                Some([*b].into_iter().collect())
            } else if reached.contains(b) {
                Some(all.clone())
            } else {
                None
            }
        })
        .collect();
    let index = |b: BlockId| blocks.iter().position(|&x| x == b);
    let mut changed = true;
    while changed {
        changed = false;
        for (i, &b) in blocks.iter().enumerate() {
            if roots.contains(&b) || sets[i].is_none() {
                continue;
            }
            let mut meet: Option<HashSet<BlockId>> = None;
            for p in edges_in(b) {
                let Some(Some(ps)) = index(p).map(|j| sets[j].clone()) else {
                    continue;
                };
                meet = Some(match meet {
                    None => ps,
                    Some(m) => m.intersection(&ps).copied().collect(),
                });
            }
            let mut new = meet.unwrap_or_default();
            new.insert(b);
            if sets[i].as_ref() != Some(&new) {
                sets[i] = Some(new);
                changed = true;
            }
        }
    }
    sets
}

/// Blocks reached from `starts` following `next`.
fn reach(starts: &[BlockId], next: impl Fn(BlockId) -> Vec<BlockId>) -> HashSet<BlockId> {
    let mut seen: HashSet<BlockId> = starts.iter().copied().collect();
    let mut stack = starts.to_vec();
    while let Some(b) = stack.pop() {
        for s in next(b) {
            if seen.insert(s) {
                stack.push(s);
            }
        }
    }
    seen
}

/// Whether block `a` dominates block `b` of `region` (both in it).
fn block_dominates(ir: &Ir, region: RegionId, a: BlockId, b: BlockId) -> bool {
    let blocks: Vec<BlockId> = ir.region_blocks(region).collect();
    let Some(&entry) = blocks.first() else {
        return false;
    };
    let succ = |x: BlockId| successors_in(ir, region, x);
    let reached = reach(&[entry], succ);
    if !reached.contains(&b) {
        return true;
    }
    if !reached.contains(&a) {
        return false;
    }
    let preds = |x: BlockId| {
        blocks
            .iter()
            .copied()
            .filter(|&p| successors_in(ir, region, p).contains(&x))
            .collect()
    };
    let sets = dominator_sets(&blocks, &[entry], preds, &reached);
    let i = blocks
        .iter()
        .position(|&x| x == b)
        .expect("b is in the region");
    sets[i].as_ref().is_some_and(|s| s.contains(&a))
}

/// Whether block `a` post-dominates block `b` of `region`.
fn block_post_dominates(ir: &Ir, region: RegionId, a: BlockId, b: BlockId) -> bool {
    let blocks: Vec<BlockId> = ir.region_blocks(region).collect();
    let exits: Vec<BlockId> = blocks
        .iter()
        .copied()
        .filter(|&x| successors_in(ir, region, x).is_empty())
        .collect();
    let preds = |x: BlockId| -> Vec<BlockId> {
        blocks
            .iter()
            .copied()
            .filter(|&p| successors_in(ir, region, p).contains(&x))
            .collect()
    };
    let reached = reach(&exits, preds);
    let succ = |x: BlockId| successors_in(ir, region, x);
    let sets = dominator_sets(&blocks, &exits, succ, &reached);
    let i = blocks
        .iter()
        .position(|&x| x == b)
        .expect("b is in the region");
    sets[i].as_ref().is_some_and(|s| s.contains(&a))
}

/// MLIR's `DominanceInfo::dominates(a, b)` for ops: `a` is `b`, encloses
/// it, or comes before (the ancestor of) `b` on every path.
pub fn dominates(ir: &Ir, a: OpId, b: OpId) -> bool {
    if a == b {
        return true;
    }
    let Some(region) = ir.op_block(a).and_then(|x| ir.block_region(x)) else {
        return false;
    };
    let Some(b) = ancestor_in_region(ir, region, b) else {
        return false;
    };
    if a == b {
        return true;
    }
    let (ba, bb) = (ir.op_block(a), ir.op_block(b));
    match (ba, bb) {
        (Some(x), Some(y)) if x == y => is_before_in_block(ir, a, b),
        (Some(x), Some(y)) => block_dominates(ir, region, x, y),
        _ => false,
    }
}

/// MLIR's `PostDominanceInfo::postDominates(a, b)` for ops: `a` is `b`,
/// encloses it, or comes after (the ancestor of) `b` on every path to an
/// exit of the region.
pub fn post_dominates(ir: &Ir, a: OpId, b: OpId) -> bool {
    if a == b {
        return true;
    }
    let Some(region) = ir.op_block(a).and_then(|x| ir.block_region(x)) else {
        return false;
    };
    let Some(b) = ancestor_in_region(ir, region, b) else {
        return false;
    };
    if a == b {
        return true;
    }
    match (ir.op_block(a), ir.op_block(b)) {
        (Some(x), Some(y)) if x == y => is_before_in_block(ir, b, a),
        (Some(x), Some(y)) => block_post_dominates(ir, region, x, y),
        _ => false,
    }
}

//! Region simplification after each round of the greedy driver (MLIR's
//! `simplifyRegions` at the canonicalizer's default level, `normal`):
//! unreachable blocks are erased, then ops and block arguments that
//! nothing live needs (liveness over the whole region, so dead cycles
//! through block arguments go too; MLIR's `runRegionDCE`), with the
//! branch operands that fed the dead arguments (through
//! `BranchOpInterface`'s editable successor operands).
//!
//! At the `aggressive` level (`--canonicalize=region-simplify=aggressive`)
//! identical blocks are merged too, the operands they differ in becoming
//! new arguments of the block kept, and arguments every predecessor passes
//! the same value are dropped ([`simplify_regions_with`]).
//!
//! In: the regions. Out: whether a block or an op was erased.

use super::id_set::IdSet;
use super::{dead, Rewriter};
use ir::{BlockId, OpId, OpTraits, RegionId, Value};
use ods_runtime::interfaces::{successor_block_argument, BranchOpInterfaceRef};
use rustc_hash::{FxHashMap, FxHashSet};

/// Erases unreachable blocks and dead ops in `regions`.
pub fn simplify_regions(rw: &mut Rewriter<'_>, regions: &[RegionId]) -> bool {
    simplify_regions_with(rw, regions, false)
}

/// [`simplify_regions`], and with `merge_blocks` (the `aggressive`
/// level) merges identical blocks and drops redundant block arguments
/// (MLIR's `simplifyRegions` with `mergeBlocks`).
pub fn simplify_regions_with(
    rw: &mut Rewriter<'_>,
    regions: &[RegionId],
    merge_blocks: bool,
) -> bool {
    let erased_blocks = erase_unreachable_blocks(rw, regions);
    let erased_ops = run_region_dce(rw, regions);
    let mut merged = false;
    let mut dropped = false;
    if merge_blocks {
        merged = merge_identical_blocks(rw, regions);
        dropped = drop_redundant_arguments(rw, regions);
    }
    erased_blocks || erased_ops || merged || dropped
}

// ----- block merging ----------------------------------------------------------

/// The regions of `regions` and every region nested in them, outermost
/// first.
fn all_regions(rw: &Rewriter<'_>, regions: &[RegionId]) -> Vec<RegionId> {
    let mut out = Vec::new();
    let mut pending: Vec<RegionId> = regions.iter().rev().copied().collect();
    while let Some(r) = pending.pop() {
        out.push(r);
        let blocks: Vec<BlockId> = rw.ir.region_blocks(r).collect();
        for b in blocks.into_iter().rev() {
            let ops: Vec<OpId> = rw.ir.block_ops(b).collect();
            for op in ops.into_iter().rev() {
                pending.extend(rw.ir.regions(op).iter().rev().copied());
            }
        }
    }
    out
}

/// Merges identical blocks in `regions` and the regions nested in them,
/// each region again until nothing merges. Whether any merged.
fn merge_identical_blocks(rw: &mut Rewriter<'_>, regions: &[RegionId]) -> bool {
    let mut any = false;
    let mut pending: Vec<RegionId> = regions.to_vec();
    while let Some(region) = pending.pop() {
        if merge_blocks_of(rw, region) {
            any = true;
            pending.push(region);
            continue;
        }
        for b in rw.ir.region_blocks(region).collect::<Vec<_>>() {
            for op in rw.ir.block_ops(b).collect::<Vec<_>>() {
                pending.extend(rw.ir.regions(op).iter().copied());
            }
        }
    }
    any
}

/// What block comparison needs of one block (MLIR's
/// `BlockEquivalenceData`): a hash of its ops without their operands,
/// and where each op's results stand in the block's value order.
struct BlockData {
    block: BlockId,
    hash: u64,
    /// Each op with results, and the order index of its first result
    /// (block arguments come first).
    order: FxHashMap<OpId, usize>,
}

impl BlockData {
    fn new(rw: &Rewriter<'_>, block: BlockId) -> Self {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        let mut order = FxHashMap::default();
        let mut next = rw.ir.num_arguments(block);
        for op in rw.ir.block_ops(block) {
            let n = rw.ir.num_results(op);
            if n > 0 {
                order.insert(op, next);
                next += n;
            }
            rw.ir.op_name(op).hash(&mut h);
            rw.ir.attrs(op).hash(&mut h);
            rw.ir.props(op).hash(&mut h);
            for r in rw.ir.results(op) {
                rw.ir.value_type(r).hash(&mut h);
            }
        }
        BlockData {
            block,
            hash: h.finish(),
            order,
        }
    }

    /// Where `v` (defined in this block) stands in its value order.
    fn order_of(&self, rw: &Rewriter<'_>, v: Value) -> Option<usize> {
        match rw.ir.value_def(v) {
            ir::ValueDef::Argument { index, .. } => Some(index as usize),
            ir::ValueDef::Result { op, index } => {
                self.order.get(&op).map(|first| first + index as usize)
            }
            ir::ValueDef::Detached => None,
        }
    }
}

/// Blocks to merge into a leader, and the operands (op index, operand
/// index) they differ in, which become arguments.
struct Cluster {
    leader: BlockData,
    members: Vec<BlockId>,
    operands: std::collections::BTreeSet<(usize, usize)>,
}

/// Whether `op`'s result is used outside `block`.
fn used_outside(rw: &Rewriter<'_>, op: OpId, block: BlockId) -> bool {
    rw.ir
        .results(op)
        .any(|r| rw.ir.uses(r).any(|u| !op_is_in_block(rw, u.owner, block)))
}

/// Whether `op` is in `block` or nested in an op of it.
fn op_is_in_block(rw: &Rewriter<'_>, mut op: OpId, block: BlockId) -> bool {
    loop {
        match rw.ir.op_block(op) {
            Some(b) if b == block => return true,
            Some(b) => match rw.ir.block_parent_op(b) {
                Some(parent) => op = parent,
                None => return false,
            },
            None => return false,
        }
    }
}

/// Whether an operand defined in another block can be passed to a block
/// when merged: not a result of a predecessor's terminator.
fn valid_successor_arg(rw: &Rewriter<'_>, block: BlockId, v: Value) -> bool {
    let Some(def) = rw.ir.defining_op(v) else {
        return true;
    };
    let Some(def_block) = rw.ir.op_block(def) else {
        return true;
    };
    if rw.ir.terminator(def_block) != Some(def) {
        return true;
    }
    !rw.ir
        .predecessors(block)
        .any(|p| rw.ir.op_block(p) == Some(def_block))
}

impl Cluster {
    /// Adds `data`'s block when it is identical to the leader's but for
    /// operands defined outside (MLIR's `addToCluster`).
    fn add(&mut self, rw: &Rewriter<'_>, data: &BlockData) -> bool {
        if self.leader.hash != data.hash {
            return false;
        }
        let (lb, mb) = (self.leader.block, data.block);
        let types = |b: BlockId| -> Vec<ir::Type> {
            rw.ir.arguments(b).map(|a| rw.ir.value_type(a)).collect()
        };
        if types(lb) != types(mb) {
            return false;
        }
        let lops: Vec<OpId> = rw.ir.block_ops(lb).collect();
        let mops: Vec<OpId> = rw.ir.block_ops(mb).collect();
        if lops.len() != mops.len() {
            return false;
        }
        let mut mismatched = Vec::new();
        for (i, (&l, &m)) in lops.iter().zip(&mops).enumerate() {
            let ir = &*rw.ir;
            if ir.op_name(l) != ir.op_name(m)
                || ir.attrs(l) != ir.attrs(m)
                || ir.props(l) != ir.props(m)
                || ir.num_operands(l) != ir.num_operands(m)
                || ir.num_results(l) != ir.num_results(m)
                || ir.num_regions(l) != ir.num_regions(m)
                || ir.num_successors(l) != ir.num_successors(m)
                || !ir
                    .results(l)
                    .zip(ir.results(m))
                    .all(|(a, b)| ir.value_type(a) == ir.value_type(b))
                || !(0..ir.num_successors(l)).all(|s| ir.successor(l, s) == ir.successor(m, s))
            {
                return false;
            }
            for k in 0..ir.num_operands(l) {
                let (lv, mv) = (ir.operand(l, k), ir.operand(m, k));
                if lv == mv {
                    continue;
                }
                if ir.value_type(lv) != ir.value_type(mv) {
                    return false;
                }
                let l_in = ir.value_block(lv) == Some(lb);
                let m_in = ir.value_block(mv) == Some(mb);
                if l_in != m_in {
                    return false;
                }
                if !l_in {
                    if !valid_successor_arg(rw, lb, lv) || !valid_successor_arg(rw, mb, mv) {
                        return false;
                    }
                    mismatched.push((i, k));
                    continue;
                }
                if self.leader.order_of(rw, lv) != data.order_of(rw, mv) {
                    return false;
                }
            }
            if used_outside(rw, m, mb) || used_outside(rw, l, lb) {
                return false;
            }
        }
        self.operands.extend(mismatched);
        self.members.push(mb);
        true
    }

    /// Merges the members into the leader (MLIR's `BlockMergeCluster::merge`).
    fn merge(self, rw: &mut Rewriter<'_>) -> bool {
        if self.members.is_empty() {
            return false;
        }
        let leader = self.leader.block;
        let blocks: Vec<BlockId> = std::iter::once(leader)
            .chain(self.members.iter().copied())
            .collect();
        if !self.operands.is_empty() {
            let updatable = blocks.iter().all(|&b| {
                rw.ir
                    .predecessors(b)
                    .collect::<Vec<_>>()
                    .into_iter()
                    .all(|p| branch(rw, p).is_some())
            });
            if !updatable {
                return false;
            }
            let ops: Vec<Vec<OpId>> = blocks
                .iter()
                .map(|&b| rw.ir.block_ops(b).collect())
                .collect();
            let old_args = rw.ir.num_arguments(leader);
            let mut new_args: Vec<Vec<Value>> = vec![Vec::new(); blocks.len()];
            for &(op_index, operand) in &self.operands {
                for (i, block_ops) in ops.iter().enumerate() {
                    let op = block_ops[op_index];
                    let v = rw.ir.operand(op, operand);
                    new_args[i].push(v);
                    if i == 0 {
                        let ty = rw.ir.value_type(v);
                        let loc = value_loc(rw, v);
                        let arg = rw.ir.add_argument(leader, ty, loc);
                        rw.ir.set_operand(op, operand, arg);
                    }
                }
            }
            let new_args = prune_redundant_arguments(rw, new_args, old_args, leader);
            for (i, &b) in blocks.iter().enumerate() {
                let edges: Vec<(OpId, usize)> = rw.ir.predecessor_edges(b).collect();
                for (pred, succ) in edges {
                    if let Some(br) = branch(rw, pred) {
                        let mut operands = br.get_successor_operands(rw.ctx, rw.ir, succ);
                        operands.append(rw.ctx, rw.ir, &new_args[i]);
                    }
                    rw.notify_modified(pred);
                }
            }
        }
        for &b in &self.members {
            let edges: Vec<(OpId, usize)> = rw.ir.predecessor_edges(b).collect();
            for (pred, succ) in edges {
                rw.ir.set_successor(pred, succ, leader);
                rw.notify_modified(pred);
            }
            erase_block(rw, b);
        }
        true
    }
}

/// The location of value `v` (its op's, or its block argument's).
fn value_loc(rw: &mut Rewriter<'_>, v: Value) -> ir::Location {
    match rw.ir.value_def(v) {
        ir::ValueDef::Result { op, .. } => rw.ir.op_loc(op),
        ir::ValueDef::Argument { block, index } => rw.ir.argument_loc(block, index as usize),
        ir::ValueDef::Detached => ir::Location::attr(rw.ctx.unknown_loc()),
    }
}

/// Drops the new arguments that, in every list, repeat an earlier one of
/// the same list (MLIR's `pruneRedundantArguments`, with its first-seen
/// index only). Returns the lists left.
fn prune_redundant_arguments(
    rw: &mut Rewriter<'_>,
    lists: Vec<Vec<Value>>,
    old_args: usize,
    block: BlockId,
) -> Vec<Vec<Value>> {
    let Some(first) = lists.first() else {
        return lists;
    };
    let n = first.len();
    let mut first_seen: FxHashMap<Value, usize> = FxHashMap::default();
    for (j, &v) in first.iter().enumerate() {
        first_seen.entry(v).or_insert(j);
    }
    let mut replacement: FxHashMap<usize, usize> = FxHashMap::default();
    for j in 0..n {
        let k = first_seen[&first[j]];
        if k != j && lists.iter().skip(1).all(|l| l[k] == l[j]) {
            replacement.insert(j, k);
        }
    }
    let pruned = lists
        .iter()
        .map(|l| {
            l.iter()
                .enumerate()
                .filter(|(j, _)| !replacement.contains_key(j))
                .map(|(_, v)| *v)
                .collect()
        })
        .collect();
    let mut erase = Vec::new();
    for j in 0..n {
        if let Some(&k) = replacement.get(&j) {
            let old = rw.ir.argument(block, old_args + j);
            let new = rw.ir.argument(block, old_args + k);
            rw.replace_all_uses(old, new);
            erase.push(old_args + j);
        }
    }
    for i in erase.into_iter().rev() {
        rw.ir.erase_argument(block, i);
    }
    pruned
}

/// Merges the identical blocks of one region (but its entry block).
fn merge_blocks_of(rw: &mut Rewriter<'_>, region: RegionId) -> bool {
    let blocks: Vec<BlockId> = rw.ir.region_blocks(region).collect();
    if blocks.len() <= 1 {
        return false;
    }
    // Blocks with the same successors, in the order first met.
    let mut groups: Vec<(Vec<BlockId>, Vec<BlockId>)> = Vec::new();
    for &b in &blocks[1..] {
        let succs: Vec<BlockId> = rw
            .ir
            .terminator(b)
            .map(|t| {
                (0..rw.ir.num_successors(t))
                    .map(|i| rw.ir.successor(t, i))
                    .collect()
            })
            .unwrap_or_default();
        match groups.iter_mut().find(|g| g.0 == succs) {
            Some(g) => g.1.push(b),
            None => groups.push((succs, vec![b])),
        }
    }
    let mut merged = false;
    for (_, group) in groups {
        if group.len() == 1 {
            continue;
        }
        let mut clusters: Vec<Cluster> = Vec::new();
        for b in group {
            // Blocks whose ops have regions, or whose arguments are used
            // elsewhere, stay.
            let has_region = rw.ir.block_ops(b).any(|op| {
                rw.ir
                    .regions(op)
                    .iter()
                    .any(|&r| rw.ir.first_block(r).is_some())
            });
            if has_region {
                continue;
            }
            let arg_used_outside = rw
                .ir
                .arguments(b)
                .any(|a| rw.ir.uses(a).any(|u| !op_is_in_block(rw, u.owner, b)));
            if arg_used_outside {
                continue;
            }
            let data = BlockData::new(rw, b);
            if !clusters.iter_mut().any(|c| c.add(rw, &data)) {
                clusters.push(Cluster {
                    leader: data,
                    members: Vec::new(),
                    operands: Default::default(),
                });
            }
        }
        for c in clusters {
            merged |= c.merge(rw);
        }
    }
    merged
}

/// Drops the arguments of blocks in `regions` (and nested) that every
/// predecessor passes the same value, using that value instead (MLIR's
/// `dropRedundantArguments`). Whether any was.
fn drop_redundant_arguments(rw: &mut Rewriter<'_>, regions: &[RegionId]) -> bool {
    let mut any = false;
    for region in all_regions(rw, regions) {
        for b in rw.ir.region_blocks(region).collect::<Vec<_>>() {
            any |= drop_redundant_arguments_of(rw, b);
        }
    }
    any
}

fn drop_redundant_arguments_of(rw: &mut Rewriter<'_>, block: BlockId) -> bool {
    let mut erase = Vec::new();
    let edges: Vec<(OpId, usize)> = rw.ir.predecessor_edges(block).collect();
    for i in 0..rw.ir.num_arguments(block) {
        let mut common: Option<Value> = None;
        let mut same = true;
        for &(pred, succ) in &edges {
            let Some(br) = branch(rw, pred) else {
                same = false;
                break;
            };
            let operands = br.get_successor_operands(rw.ctx, rw.ir, succ);
            if operands.is_operand_produced(i) {
                same = false;
                break;
            }
            let Some(v) = operands.get(rw.ir, i) else {
                same = false;
                break;
            };
            match common {
                None => common = Some(v),
                Some(c) if c != v => {
                    same = false;
                    break;
                }
                _ => {}
            }
        }
        if let (Some(value), true) = (common, same) {
            let arg = rw.ir.argument(block, i);
            rw.replace_all_uses(arg, value);
            erase.push(i);
        }
    }
    for &i in erase.iter().rev() {
        rw.ir.erase_argument(block, i);
        for &(pred, succ) in &edges {
            if let Some(br) = branch(rw, pred) {
                let mut operands = br.get_successor_operands(rw.ctx, rw.ir, succ);
                operands.erase(rw.ctx, rw.ir, i);
            }
        }
    }
    !erase.is_empty()
}

/// The blocks [`post_order`] lists: one without a list for the
/// one-block regions most are (no allocation per region and walk).
enum PostOrder {
    One(Option<BlockId>),
    Many(std::vec::IntoIter<BlockId>),
}

impl Iterator for PostOrder {
    type Item = BlockId;

    fn next(&mut self) -> Option<BlockId> {
        match self {
            PostOrder::One(b) => b.take(),
            PostOrder::Many(blocks) => blocks.next(),
        }
    }
}

/// The blocks of `region` reachable from its entry, in post-order.
fn post_order(rw: &Rewriter<'_>, region: RegionId) -> PostOrder {
    let Some(entry) = rw.ir.first_block(region) else {
        return PostOrder::One(None);
    };
    if rw.ir.next_block(entry).is_none() {
        // Most regions have one block: nothing to search.
        return PostOrder::One(Some(entry));
    }
    PostOrder::Many(post_order_search(rw, entry).into_iter())
}

/// The depth-first search of [`post_order`] from `entry`.
fn post_order_search(rw: &Rewriter<'_>, entry: BlockId) -> Vec<BlockId> {
    let mut order = Vec::new();
    let mut seen: FxHashSet<BlockId> = [entry].into_iter().collect();
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
        let Some(entry) = rw.ir.first_block(region) else {
            continue;
        };
        if rw.ir.next_block(entry).is_none() {
            // One block: reachable, and nothing to collect first.
            push_nested_regions(rw, entry, &mut pending);
            continue;
        }
        let blocks: Vec<BlockId> = rw.ir.region_blocks(region).collect();
        let reachable: FxHashSet<BlockId> = post_order(rw, region).collect();
        for b in blocks {
            if !reachable.contains(&b) {
                erase_block(rw, b);
                erased = true;
                continue;
            }
            push_nested_regions(rw, b, &mut pending);
        }
    }
    erased
}

fn push_nested_regions(rw: &Rewriter<'_>, block: BlockId, pending: &mut Vec<RegionId>) {
    for op in rw.ir.block_ops(block) {
        pending.extend(rw.ir.regions(op).iter().copied());
    }
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
struct Live<'r> {
    ops: IdSet,
    args: IdSet,
    changed: bool,
    /// Which ops could go unused, with the answers by op name kept.
    dead: dead::DeadCheck<'r>,
}

impl Live<'_> {
    fn set_op(&mut self, op: OpId) {
        self.changed |= self.ops.insert(op.index());
    }

    fn op(&self, op: OpId) -> bool {
        self.ops.contains(op.index())
    }

    fn arg(&self, v: Value) -> bool {
        self.args.contains(v.index())
    }

    fn set_value(&mut self, rw: &Rewriter<'_>, v: Value) {
        match rw.ir.defining_op(v) {
            Some(op) => self.set_op(op),
            None => self.changed |= self.args.insert(v.index()),
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
    successor_block_argument(branch, rw.ctx, rw.ir, operand).is_some_and(|a| !live.arg(a))
}

fn propagate_value<'r>(rw: &Rewriter<'r>, live: &mut Live<'r>, v: Value) {
    let used = rw
        .ir
        .uses(v)
        .any(|u| !use_known_dead(rw, live, u.owner, u.index as usize) && live.op(u.owner));
    if used {
        live.set_value(rw, v);
    }
}

/// A terminator is live; so are the successor arguments it gives values
/// of its own (all of them when it is no branch the driver can edit).
fn propagate_terminator<'r>(rw: &Rewriter<'r>, live: &mut Live<'r>, op: OpId) {
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

fn propagate_op<'r>(rw: &Rewriter<'r>, live: &mut Live<'r>, op: OpId) {
    for &r in rw.ir.regions(op) {
        propagate_region(rw, live, r);
    }
    if is_terminator(rw, op) {
        propagate_terminator(rw, live, op);
        return;
    }
    if live.op(op) {
        return;
    }
    if !live
        .dead
        .would_be_trivially_dead(rw.ctx, rw.registry, rw.ir, op)
    {
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
fn propagate_region<'r>(rw: &Rewriter<'r>, live: &mut Live<'r>, region: RegionId) {
    let entry = rw.ir.first_block(region);
    for b in post_order(rw, region) {
        for op in rw.ir.block_ops_rev(b) {
            propagate_op(rw, live, op);
        }
        if Some(b) == entry {
            continue;
        }
        for a in rw.ir.arguments(b) {
            if !live.arg(a) {
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
            if !live.arg(value) && !operands.is_operand_produced(arg) {
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
            // Backwards by links: erasing `op` leaves the one before it.
            let mut next = rw.ir.last_op(b);
            while let Some(op) = next {
                next = rw.ir.prev_op(op);
                if !live.op(op) {
                    // Uses left are in dead ops of a cycle.
                    for i in 0..rw.ir.num_results(op) {
                        let r = rw.ir.result(op, i);
                        drop_uses_of(rw, r);
                    }
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
                if !live.arg(a) {
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
        drop_uses_of(rw, v);
    }
}

/// Points the uses left of `v` (in dead code) at a detached value.
fn drop_uses_of(rw: &mut Rewriter<'_>, v: Value) {
    if rw.ir.has_uses(v) {
        let ty = rw.ir.value_type(v);
        let dummy = rw.ir.create_detached_value(ty);
        rw.ir.replace_all_uses(v, dummy);
    }
}

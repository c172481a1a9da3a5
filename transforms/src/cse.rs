//! Common sub-expression elimination (`--cse`, MLIR's `CSE.cpp`): walk the
//! regions in dominance order with a scoped table of the ops seen so far;
//! an op equal to one already seen (see [`super::equivalence`]) that has no
//! memory effects gives way to it, as does a read-only op with no write
//! between the two in the same block. Ops already unused and free of
//! effects go too. The earlier op survives, with its own location (or the
//! later one's, when its own is unknown).
//!
//! Scopes: a block sees what dominates it (the blocks above it in the
//! dominator tree, and the regions around it); an op isolated from above
//! (or unregistered: it might be) starts an empty table; a graph region
//! of several blocks is left alone, and in a one-block graph region only
//! the uses not held by an op already in the table are redirected.
//! Nested regions are simplified before the op holding them is compared.
//!
//! In: the IR and the op whose regions to simplify. Out: the IR
//! simplified, and how many ops were merged and erased.

use super::dominance::DomTree;
use super::equivalence::{is_equivalent, op_hash};
use super::side_effects::EffectQuery;
use crate::rewrite::dead::is_trivially_dead;
use ir::{AttrKind, BlockId, Context, Ir, LocKind, Location, OpId, OpTraits, RegionId, Registry};
use rustc_hash::FxHashMap;

/// What a CSE run did (MLIR's `numCSE` / `numDCE` statistics).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CseStats {
    /// Ops replaced by an equal earlier op.
    pub merged: usize,
    /// Unused ops without effects erased.
    pub erased_dead: usize,
}

/// Runs CSE on the regions of `root`.
pub fn cse(ctx: &Context, registry: &Registry, ir: &mut Ir, root: OpId) -> CseStats {
    let mut driver = Driver {
        ctx,
        registry,
        to_erase: Vec::new(),
        stats: CseStats::default(),
        scanned: FxHashMap::default(),
    };
    let mut known = KnownOps::default();
    let regions: Vec<RegionId> = ir.regions(root).to_vec();
    for r in regions {
        driver.region(ir, &mut known, r);
    }
    for op in std::mem::take(&mut driver.to_erase) {
        ir.erase_op(op);
    }
    driver.stats
}

/// The ops seen so far, by hash, in nested scopes (MLIR's
/// `ScopedHashTable`): a lookup finds the latest equal op still in scope.
#[derive(Default)]
struct KnownOps {
    by_hash: FxHashMap<u64, Vec<OpId>>,
    /// For each open scope, the hashes inserted in it (in order).
    scopes: Vec<Vec<u64>>,
}

impl KnownOps {
    fn open(&mut self) {
        self.scopes.push(Vec::new());
    }

    fn close(&mut self) {
        for h in self.scopes.pop().unwrap_or_default().into_iter().rev() {
            if let Some(ops) = self.by_hash.get_mut(&h) {
                ops.pop();
                if ops.is_empty() {
                    self.by_hash.remove(&h);
                }
            }
        }
    }

    fn insert(&mut self, hash: u64, op: OpId) {
        self.by_hash.entry(hash).or_default().push(op);
        if let Some(s) = self.scopes.last_mut() {
            s.push(hash);
        }
    }

    fn lookup(&self, registry: &Registry, ir: &Ir, hash: u64, op: OpId) -> Option<OpId> {
        self.by_hash
            .get(&hash)?
            .iter()
            .rev()
            .copied()
            .find(|&known| is_equivalent(registry, ir, known, op))
    }
}

struct Driver<'a> {
    ctx: &'a Context,
    registry: &'a Registry,
    to_erase: Vec<OpId>,
    stats: CseStats,
    /// For a read-only op (key): how far past it the block was scanned
    /// for writes, and whether one was found there.
    scanned: FxHashMap<OpId, (OpId, bool)>,
}

impl<'a> Driver<'a> {
    fn query<'q>(&self, ir: &'q Ir) -> EffectQuery<'q>
    where
        'a: 'q,
    {
        EffectQuery {
            ctx: self.ctx,
            registry: self.registry,
            ir,
        }
    }

    /// Whether the region's values obey dominance (not a graph region).
    fn has_ssa_dominance(&self, ir: &Ir, region: RegionId) -> bool {
        ir.region_op(region).is_none_or(|op| {
            !self
                .registry
                .traits(ir.op_name(op))
                .contains(OpTraits::GRAPH_REGIONS)
        })
    }

    fn region(&mut self, ir: &mut Ir, known: &mut KnownOps, region: RegionId) {
        let Some(first) = ir.first_block(region) else {
            return;
        };
        let ssa = self.has_ssa_dominance(ir, region);
        if ir.next_block(first).is_none() {
            known.open();
            self.block(ir, known, first, ssa);
            known.close();
            return;
        }
        if !ssa {
            return;
        }
        // Pre-order over the dominator tree, one scope per tree node.
        let tree = DomTree::new(ir, region);
        let Some(root) = tree.root else {
            return;
        };
        let mut stack: Vec<(BlockId, usize)> = vec![(root, 0)];
        known.open();
        self.block(ir, known, root, ssa);
        while let Some((b, next)) = stack.last_mut() {
            if let Some(&child) = tree.children(*b).get(*next) {
                *next += 1;
                known.open();
                self.block(ir, known, child, ssa);
                stack.push((child, 0));
            } else {
                stack.pop();
                known.close();
            }
        }
    }

    fn block(&mut self, ir: &mut Ir, known: &mut KnownOps, block: BlockId, ssa: bool) {
        let ops: Vec<OpId> = ir.block_ops(block).collect();
        for op in ops {
            if ir.num_regions(op) != 0 {
                let regions: Vec<RegionId> = ir.regions(op).to_vec();
                // An op isolated from above (or an unregistered op, which
                // might be) must not see values from outside.
                let q = self.query(ir);
                let isolated =
                    !q.is_registered(op) || q.has_trait(op, OpTraits::ISOLATED_FROM_ABOVE);
                if isolated {
                    let mut nested = KnownOps::default();
                    for r in regions {
                        self.region(ir, &mut nested, r);
                    }
                } else {
                    for r in regions {
                        self.region(ir, known, r);
                    }
                }
            }
            self.simplify_op(ir, known, op, ssa);
        }
        self.scanned.clear();
    }

    /// Merges or erases `op` when it can; else records it.
    fn simplify_op(&mut self, ir: &mut Ir, known: &mut KnownOps, op: OpId, ssa: bool) {
        let q = self.query(ir);
        if q.has_trait(op, OpTraits::TERMINATOR) {
            return;
        }
        if is_trivially_dead(self.ctx, self.registry, ir, op) {
            self.to_erase.push(op);
            self.stats.erased_dead += 1;
            return;
        }
        let single_blocks = ir
            .regions(op)
            .iter()
            .all(|&r| ir.first_block(r).is_none_or(|b| ir.next_block(b).is_none()));
        if !single_blocks {
            return;
        }
        let free = q.is_memory_effect_free(op);
        if !free && !q.only_reads(op) {
            return;
        }
        let hash = op_hash(self.registry, ir, op);
        if !free {
            if let Some(existing) = known.lookup(self.registry, ir, hash, op) {
                if ir.op_block(existing) == ir.op_block(op) && !self.write_between(ir, existing, op)
                {
                    self.replace(ir, known, op, existing, ssa);
                    return;
                }
            }
            known.insert(hash, op);
            return;
        }
        match known.lookup(self.registry, ir, hash, op) {
            Some(existing) => self.replace(ir, known, op, existing, ssa),
            None => known.insert(hash, op),
        }
    }

    /// Whether an op strictly between `from` and `to` (same block) may
    /// write memory. What was scanned is remembered per `from` (until the
    /// block is done), so a run of equal reads costs one pass over the
    /// block, as upstream's cache makes it.
    fn write_between(&mut self, ir: &Ir, from: OpId, to: OpId) -> bool {
        let q = self.query(ir);
        let mut cur = match self.scanned.get(&from) {
            Some(&(_, true)) => return true,
            Some(&(upto, false)) => Some(upto),
            None => ir.next_op(from),
        };
        while let Some(op) = cur {
            if op == to {
                break;
            }
            if q.may_write(op) {
                self.scanned.insert(from, (op, true));
                return true;
            }
            cur = ir.next_op(op);
        }
        self.scanned.insert(from, (to, false));
        false
    }

    /// Points the uses of `op`'s results at `existing`'s and marks `op`
    /// for erasure (in a graph region, only the uses of ops not in the
    /// table, and `op` only once unused).
    fn replace(&mut self, ir: &mut Ir, known: &KnownOps, op: OpId, existing: OpId, ssa: bool) {
        let pairs: Vec<_> = ir.results(op).zip(ir.results(existing)).collect();
        for (from, to) in pairs {
            if ssa {
                ir.replace_all_uses(from, to);
                continue;
            }
            let uses: Vec<(OpId, u32)> = ir.uses(from).map(|u| (u.owner, u.index)).collect();
            for (owner, index) in uses {
                let seen = known
                    .lookup(self.registry, ir, op_hash(self.registry, ir, owner), owner)
                    .is_some();
                if !seen {
                    ir.set_operand(owner, index as usize, to);
                }
            }
        }
        if ssa || ir.results(op).all(|r| !ir.has_uses(r)) {
            self.to_erase.push(op);
        }
        if self.is_unknown(ir.op_loc(existing)) && !self.is_unknown(ir.op_loc(op)) {
            let loc = ir.op_loc(op);
            ir.set_op_loc(existing, loc);
        }
        self.stats.merged += 1;
    }

    fn is_unknown(&self, loc: Location) -> bool {
        match loc.kind() {
            LocKind::Unknown => true,
            LocKind::Attr(a) => matches!(self.ctx.attr_kind(a), AttrKind::UnknownLoc),
            LocKind::Source { .. } => false,
        }
    }
}

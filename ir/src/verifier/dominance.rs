//! Dominance: whether each use in an SSACFG region is dominated by its
//! value's definition (MLIR's second verifier pass, whose errors count
//! only once a unit passed the structural checks), and whether a use
//! escapes an op isolated from above.
//!
//! In: each op the verifier's walk enters, with the walk's scratch state.
//! Out: the unit's first use that is not dominated, as a diagnostic with a
//! note naming where the value is defined, and whether any use escapes the
//! unit. Both are read off the op's operands in the same walk as the
//! structural checks, so that each op is visited once.

use super::{NameCache, Reporter, NAME_SSACFG};
use crate::diagnostics::Diagnostic;
use crate::graph::{BlockId, Ir, Location, OpId, RegionId, Value, ValueDef};
use crate::registry::VerifyError;
use rustc_hash::FxHashMap;

/// Dominator sets of one region's blocks (immediate dominators by index).
struct RegionDom {
    index: FxHashMap<BlockId, usize>,
    idom: Vec<usize>,
    reachable: Vec<bool>,
}

const NO_IDOM: usize = usize::MAX;

impl RegionDom {
    fn compute(ir: &Ir, r: RegionId) -> RegionDom {
        let blocks: Vec<BlockId> = ir.region_blocks(r).collect();
        let index: FxHashMap<BlockId, usize> =
            blocks.iter().enumerate().map(|(i, &b)| (b, i)).collect();
        let n = blocks.len();
        let succs: Vec<Vec<usize>> = blocks
            .iter()
            .map(|&b| {
                ir.last_op(b)
                    .map(|t| {
                        ir.successors(t)
                            .filter_map(|s| index.get(&s).copied())
                            .collect()
                    })
                    .unwrap_or_default()
            })
            .collect();
        // Reverse post-order from the entry, iteratively.
        let mut rpo = Vec::with_capacity(n);
        let mut seen = vec![false; n];
        if n > 0 {
            let mut stack = vec![(0usize, 0usize)];
            seen[0] = true;
            while let Some(&mut (b, ref mut i)) = stack.last_mut() {
                if *i < succs[b].len() {
                    let s = succs[b][*i];
                    *i += 1;
                    if !seen[s] {
                        seen[s] = true;
                        stack.push((s, 0));
                    }
                } else {
                    rpo.push(b);
                    stack.pop();
                }
            }
        }
        rpo.reverse();
        let mut order = vec![usize::MAX; n];
        for (i, &b) in rpo.iter().enumerate() {
            order[b] = i;
        }
        let mut preds: Vec<Vec<usize>> = vec![Vec::new(); n];
        for (b, ss) in succs.iter().enumerate() {
            for &s in ss {
                preds[s].push(b);
            }
        }
        let mut idom = vec![NO_IDOM; n];
        if n > 0 {
            idom[0] = 0;
        }
        let mut changed = true;
        while changed {
            changed = false;
            for &b in rpo.iter().skip(1) {
                let mut new = NO_IDOM;
                for &p in &preds[b] {
                    if idom[p] == NO_IDOM {
                        continue;
                    }
                    new = if new == NO_IDOM {
                        p
                    } else {
                        let (mut x, mut y) = (p, new);
                        while x != y {
                            while order[x] > order[y] {
                                x = idom[x];
                            }
                            while order[y] > order[x] {
                                y = idom[y];
                            }
                        }
                        x
                    };
                }
                if new != idom[b] {
                    idom[b] = new;
                    changed = true;
                }
            }
        }
        RegionDom {
            index,
            idom,
            reachable: seen,
        }
    }

    /// Does block `a` dominate block `b` (both in this region)?
    fn dominates(&self, a: BlockId, b: BlockId) -> bool {
        let (a, mut b) = (self.index[&a], self.index[&b]);
        if !self.reachable[b] {
            // Uses in unreachable blocks are not checked, as in MLIR.
            return true;
        }
        loop {
            if a == b {
                return true;
            }
            if b == 0 || self.idom[b] == NO_IDOM {
                return false;
            }
            b = self.idom[b];
        }
    }
}

/// Dominance bookkeeping of the unit being verified: how to order two ops
/// of one block (filled per block on first need) and dominator trees per
/// region. Kept per unit, not per op of the module: units are disjoint,
/// and a table over every op would cost 4 bytes an op at the peak.
#[derive(Default)]
pub(super) struct DomState {
    /// Per block asked about: whether its ops' handles grow along the
    /// block (then handle order is block order, as in every block the
    /// parser built); the blocks where they do not have their ops'
    /// positions in `pos`.
    in_id_order: FxHashMap<BlockId, bool>,
    pos: FxHashMap<OpId, u32>,
    /// The last two blocks [`DomState::before_in_block`] asked about and
    /// their `in_id_order`, latest first (uses come in runs from one
    /// block, and the walk comes back to a block after the regions of one
    /// of its ops).
    last_order: [Option<(BlockId, bool)>; 2],
    doms: FxHashMap<RegionId, RegionDom>,
    /// The last region asked about in [`dominates_use`] and whether it is
    /// SSACFG (uses come in runs from one region).
    last_region: Option<(RegionId, bool)>,
    /// The last block asked about in [`DomState::op_block_reachable`] and
    /// the answer (ops come in runs from one block).
    last_block: Option<(BlockId, bool)>,
}

impl DomState {
    /// Forgets the previous unit's tables (keeping their capacity).
    pub(super) fn start_unit(&mut self) {
        self.in_id_order.clear();
        self.pos.clear();
        self.last_order = [None; 2];
        self.doms.clear();
        self.last_region = None;
        self.last_block = None;
    }

    /// Does `a` come before `b`, both ops of block `block`? (MLIR's
    /// `isBeforeInBlock`, without a position stored in every op.)
    #[inline(always)]
    fn before_in_block(&mut self, ir: &Ir, block: BlockId, a: OpId, b: OpId) -> bool {
        let in_id_order = match self.last_order {
            [Some((last, ordered)), _] if last == block => ordered,
            _ => self.block_order(ir, block),
        };
        if in_id_order {
            a.index() < b.index()
        } else {
            self.pos[&a] < self.pos[&b]
        }
    }

    /// Whether `block`'s ops come in handle order, remembered as the last
    /// block asked about.
    #[inline(never)]
    fn block_order(&mut self, ir: &Ir, block: BlockId) -> bool {
        let ordered = match self.last_order[1] {
            // Back from a nested block to the one holding its op.
            Some((last, ordered)) if last == block => ordered,
            _ => match self.in_id_order.get(&block) {
                Some(&ordered) => ordered,
                None => self.order_block(ir, block),
            },
        };
        self.last_order = [Some((block, ordered)), self.last_order[0]];
        ordered
    }

    /// Records whether `block`'s ops come in handle order, and their
    /// positions when they do not.
    #[cold]
    fn order_block(&mut self, ir: &Ir, block: BlockId) -> bool {
        let mut prev: Option<OpId> = None;
        let ordered = ir.block_ops(block).all(|op| {
            let grows = prev.is_none_or(|p| p.index() < op.index());
            prev = Some(op);
            grows
        });
        if !ordered {
            for (i, op) in ir.block_ops(block).enumerate() {
                self.pos.insert(op, i as u32);
            }
        }
        self.in_id_order.insert(block, ordered);
        ordered
    }

    /// Is the block holding `op` reachable from its region's entry? An
    /// entry block is; others need the region's dominator tree.
    #[inline(always)]
    fn op_block_reachable(&mut self, ir: &Ir, op: OpId) -> bool {
        match ir.op_block(op) {
            // An entry block (most blocks) is reachable.
            Some(b) if ir.prev_block(b).is_some() => self.block_reachable(ir, b),
            _ => true,
        }
    }

    /// Is `b`, a block after its region's entry, reachable from the entry?
    #[inline(never)]
    fn block_reachable(&mut self, ir: &Ir, b: BlockId) -> bool {
        if let Some((last, reachable)) = self.last_block {
            if last == b {
                return reachable;
            }
        }
        let reachable = match ir.block_region(b) {
            Some(r) => {
                let d = self
                    .doms
                    .entry(r)
                    .or_insert_with(|| RegionDom::compute(ir, r));
                d.reachable[d.index[&b]]
            }
            None => true,
        };
        self.last_block = Some((b, reachable));
        reachable
    }
}

/// What the walk of one unit learns from the operands of the ops it enters
/// (MLIR's dominance pass and the unit's `IsolatedFromAbove` check, folded
/// into the verifier's single walk: each op's operands are read once).
pub(super) struct UnitUses {
    unit: OpId,
    /// Whether `unit` is isolated from above (then its region check asks
    /// whether a use inside it escapes).
    isolated: bool,
    /// The first use not dominated by its definition, in walk order
    /// (reported only if nothing else in the unit fails, as MLIR checks
    /// dominance after the rest).
    pub(super) dominance: Option<Diagnostic>,
    /// Whether some op inside `unit` uses a value defined outside it. The
    /// isolation check then walks again to report the first such use in
    /// its own order; when no use escapes, it has nothing to say.
    pub(super) escapes: bool,
}

impl UnitUses {
    pub(super) fn new(unit: OpId, isolated: bool) -> Self {
        UnitUses {
            unit,
            isolated,
            dominance: None,
            escapes: false,
        }
    }

    /// Checks the operands of `op`, an op of the unit the walk entered (or
    /// an isolated op nested in it, whose operands belong to this unit);
    /// `dominance`: whether to check their dominance (not for a nested
    /// unit's root, whose parent unit checks them).
    pub(super) fn check(
        &mut self,
        rep: &Reporter<'_>,
        names: &mut NameCache,
        dom: &mut DomState,
        op: OpId,
        dominance: bool,
    ) {
        let ir = rep.ir;
        if ir.num_operands(op) == 0 {
            return;
        }
        let mut isolation = self.isolated && op != self.unit && !self.escapes;
        // Uses directly in an unreachable block are not checked (MLIR: no
        // dominance there); those nested in its ops still are.
        let mut dominance = dominance && self.dominance.is_none() && dom.op_block_reachable(ir, op);
        if !isolation && !dominance {
            return;
        }
        // The block of the use, when it is in a region (the walk's ops
        // are, but for a root op).
        let block = ir.op_block(op).filter(|&b| ir.block_region(b).is_some());
        for (i, v) in ir.operands(op).enumerate() {
            let (def_block, def_op) = match ir.value_def(v) {
                ValueDef::Result { op: d, .. } => (ir.op_block(d), Some(d)),
                ValueDef::Argument { block, .. } => (Some(block), None),
                ValueDef::Detached => (None, None),
            };
            // Most values are used in their defining block: inside the
            // unit, and an argument or an earlier op dominates the use.
            if block.is_some() && def_block == block {
                let earlier = def_op.is_none_or(|d| {
                    d != op && block.is_some_and(|b| dom.before_in_block(ir, b, d, op))
                });
                if earlier || !dominance {
                    continue;
                }
            } else if isolation
                && !block.is_some_and(|b| super::defined_inside(ir, v, b, self.unit))
            {
                self.escapes = true;
                isolation = false;
            }
            if dominance && !dominates_use(rep, names, v, op, dom) {
                let mut e = VerifyError::new(format!("operand #{i} does not dominate this use"));
                let (note_loc, note) = def_note(ir, v, op);
                e.notes.push((note_loc, note));
                self.dominance = Some(rep.op_error(op, e));
                dominance = false;
            }
        }
    }
}

/// Does the definition of `v` dominate its use by `user`?
fn dominates_use(
    rep: &Reporter<'_>,
    names: &mut NameCache,
    v: Value,
    user: OpId,
    dom: &mut DomState,
) -> bool {
    let ir = rep.ir;
    let (def_block, def_op) = match ir.value_def(v) {
        ValueDef::Result { op, .. } => match ir.op_block(op) {
            Some(b) => (b, Some(op)),
            None => return false,
        },
        ValueDef::Argument { block, .. } => (block, None),
        ValueDef::Detached => return false,
    };
    let Some(def_region) = ir.block_region(def_block) else {
        return false;
    };
    let Some(user_block) = ir.op_block(user) else {
        return false;
    };
    // Most uses are in the defining block: an argument dominates them, a
    // result the uses after it; anything goes in a graph region.
    if user_block == def_block {
        let Some(d) = def_op else { return true };
        if d != user && dom.before_in_block(ir, def_block, d, user) {
            return true;
        }
        return !region_is_ssacfg(rep, names, def_region, dom);
    }
    // Walk up from the user to the op in the defining region.
    let mut anc = user;
    let mut anc_block = user_block;
    while ir.block_region(anc_block) != Some(def_region) {
        match ir.block_parent_op(anc_block) {
            Some(p) => anc = p,
            None => return false,
        }
        let Some(b) = ir.op_block(anc) else {
            return false;
        };
        anc_block = b;
    }
    if Some(anc) == def_op {
        // A use inside the defining op's own regions (`anc != user`: the
        // user is in another block).
        return false;
    }
    if !region_is_ssacfg(rep, names, def_region, dom) {
        // Graph regions: any order.
        return true;
    }
    if anc_block == def_block {
        let Some(d) = def_op else { return true };
        return dom.before_in_block(ir, def_block, d, anc);
    }
    dom.doms
        .entry(def_region)
        .or_insert_with(|| RegionDom::compute(ir, def_region))
        .dominates(def_block, anc_block)
}

/// Is `region` an SSACFG region (its op registered and not marked as
/// having graph regions), from the last answer when asked again?
fn region_is_ssacfg(
    rep: &Reporter<'_>,
    names: &mut NameCache,
    region: RegionId,
    dom: &mut DomState,
) -> bool {
    let ir = rep.ir;
    match dom.last_region {
        Some((r, ssacfg)) if r == region => ssacfg,
        _ => {
            let ssacfg = ir.region_op(region).is_none_or(|owner| {
                names.get(rep.ctx, rep.registry, ir.op_name(owner)) & NAME_SSACFG != 0
            });
            dom.last_region = Some((region, ssacfg));
            ssacfg
        }
    }
}

/// The note naming where an operand that does not dominate its use is
/// defined, as MLIR words it: an op result at its op's location, a block
/// argument at the location of the op holding its block.
fn def_note(ir: &Ir, v: Value, user: OpId) -> (Option<Location>, String) {
    let user_block = ir.op_block(user);
    let user_region = user_block.and_then(|b| ir.block_region(b));
    // Where the definition's block is relative to the user's, `None` when
    // neither region holds the other.
    let relation = |def_block: BlockId| -> Option<&'static str> {
        let def_region = ir.block_region(def_block);
        if Some(def_block) == user_block {
            Some("the same block")
        } else if def_region == user_region {
            Some("the same region")
        } else if region_contains(ir, def_region, user_region) {
            Some("a parent region")
        } else if region_contains(ir, user_region, def_region) {
            Some("a child region")
        } else {
            None
        }
    };
    match ir.value_def(v) {
        ValueDef::Result { op, .. } => {
            let text = match ir.op_block(op).and_then(relation) {
                Some(rel) => format!("operand defined here (op in {rel})"),
                None => "operand defined here (op is neither in a parent nor in a child region)"
                    .to_string(),
            };
            (Some(ir.op_loc(op)), text)
        }
        ValueDef::Argument { block, .. } => {
            let index = ir.block_index(block);
            let text = match relation(block) {
                Some(rel) => {
                    format!("operand defined as a block argument (block #{index} in {rel})")
                }
                None => format!(
                    "operand defined as a block argument (block #{index} neither in a parent nor in a child region)"
                ),
            };
            (ir.block_parent_op(block).map(|p| ir.op_loc(p)), text)
        }
        ValueDef::Detached => (None, "operand has no definition".to_string()),
    }
}

/// Is `inner` nested (properly) inside `outer`?
fn region_contains(ir: &Ir, outer: Option<RegionId>, inner: Option<RegionId>) -> bool {
    let (Some(outer), Some(mut r)) = (outer, inner) else {
        return false;
    };
    loop {
        let Some(op) = ir.region_op(r) else {
            return false;
        };
        let Some(b) = ir.op_block(op) else {
            return false;
        };
        match ir.block_region(b) {
            Some(pr) if pr == outer => return true,
            Some(pr) => r = pr,
            None => return false,
        }
    }
}

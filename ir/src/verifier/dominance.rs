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
//!
//! Cost: what a use needs is looked up in a table indexed by block (see
//! [`BlockFacts`]), filled lazily per unit: whether a block's ops come in
//! handle order, and per region with more than one block its dominator
//! tree, numbered so that one block dominates another when its interval
//! holds the other's. Single-block regions never build a tree.

use super::{NameCache, Reporter, NAME_SSACFG};
use crate::diagnostics::Diagnostic;
use crate::graph::{BlockId, Ir, Location, OpId, RegionId, Value, ValueDef};
use crate::registry::VerifyError;
use rustc_hash::FxHashMap;

/// What the unit being verified learnt about one block, valid when
/// `stamp` is the unit's.
#[derive(Clone, Copy, Default)]
struct BlockFacts {
    stamp: u32,
    flags: u8,
    /// The block's index in its region while its tree is built.
    local: u32,
    /// Its dominator-tree interval (reachable blocks of regions with a
    /// tree): its number in a walk of the tree, and the last number given
    /// inside its subtree; `a` dominates `b` when `b`'s number is in `a`'s
    /// interval.
    pre: u32,
    post: u32,
}

/// `BlockFacts::flags`: the ops' order is known, and they come in handle
/// order; the region's dominator tree is built, and the block is reachable
/// from its region's entry.
const ORDER_KNOWN: u8 = 1;
const IN_ID_ORDER: u8 = 1 << 1;
const DOM_KNOWN: u8 = 1 << 2;
const REACHABLE: u8 = 1 << 3;

const NONE: u32 = u32::MAX;

/// Dominance bookkeeping of the unit being verified: per block, how to
/// order two of its ops and its place in its region's dominator tree (a
/// table by block index: blocks are few next to ops). Ops of blocks not in
/// handle order get their positions in `pos`, per unit: a table over every
/// op would cost 4 bytes an op at the peak.
#[derive(Default)]
pub(super) struct DomState {
    /// The unit's stamp (0: none yet).
    stamp: u32,
    blocks: Vec<BlockFacts>,
    pos: FxHashMap<OpId, u32>,
    /// The last region asked about in [`dominates_use`] and whether it is
    /// SSACFG (uses come in runs from one region).
    last_region: Option<(RegionId, bool)>,
    /// Buffers of [`DomState::build_tree`], kept for their capacity.
    tree: TreeScratch,
}

/// The buffers a dominator tree is built in (flat, by index in the region).
#[derive(Default)]
struct TreeScratch {
    region_blocks: Vec<BlockId>,
    /// Successors (and then dominator-tree children) of block `i` are
    /// `edges[start[i]..start[i + 1]]`.
    start: Vec<u32>,
    edges: Vec<u32>,
    pred_start: Vec<u32>,
    preds: Vec<u32>,
    rpo: Vec<u32>,
    order: Vec<u32>,
    idom: Vec<u32>,
    fill: Vec<u32>,
    stack: Vec<(u32, u32)>,
}

impl DomState {
    /// Forgets the previous unit's facts (a new stamp; the tables keep
    /// their capacity).
    pub(super) fn start_unit(&mut self) {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.blocks.iter_mut().for_each(|f| f.stamp = 0);
            self.stamp = 1;
        }
        self.pos.clear();
        self.last_region = None;
    }

    /// The facts of `b` known in this unit, with flags 0 if none.
    #[inline(always)]
    fn facts(&self, b: BlockId) -> BlockFacts {
        match self.blocks.get(b.index()) {
            Some(f) if f.stamp == self.stamp => *f,
            _ => BlockFacts::default(),
        }
    }

    /// The entry of `b`, made current (flags cleared if stale).
    fn facts_mut(&mut self, b: BlockId) -> &mut BlockFacts {
        let i = b.index();
        if i >= self.blocks.len() {
            self.blocks.resize(i + 1, BlockFacts::default());
        }
        let f = &mut self.blocks[i];
        if f.stamp != self.stamp {
            *f = BlockFacts {
                stamp: self.stamp,
                ..BlockFacts::default()
            };
        }
        f
    }

    /// Does `a` come before `b`, both ops of block `block`? (MLIR's
    /// `isBeforeInBlock`, without a position stored in every op.)
    #[inline(always)]
    fn before_in_block(&mut self, ir: &Ir, block: BlockId, a: OpId, b: OpId) -> bool {
        let mut flags = self.facts(block).flags;
        if flags & ORDER_KNOWN == 0 {
            flags = self.order_block(ir, block);
        }
        if flags & IN_ID_ORDER != 0 {
            a.index() < b.index()
        } else {
            self.before_by_position(a, b)
        }
    }

    /// [`DomState::before_in_block`] in a block whose ops are not in
    /// handle order (rare: ops moved or inserted before others).
    #[cold]
    #[inline(never)]
    fn before_by_position(&self, a: OpId, b: OpId) -> bool {
        self.pos[&a] < self.pos[&b]
    }

    /// Records whether `block`'s ops come in handle order, and their
    /// positions when they do not; returns the block's flags.
    #[cold]
    #[inline(never)]
    fn order_block(&mut self, ir: &Ir, block: BlockId) -> u8 {
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
        let f = self.facts_mut(block);
        f.flags |= ORDER_KNOWN | if ordered { IN_ID_ORDER } else { 0 };
        f.flags
    }

    /// The facts of `b`, a block of a region, with its region's dominator
    /// tree built.
    #[inline(always)]
    fn dom_facts(&mut self, ir: &Ir, b: BlockId) -> BlockFacts {
        let f = self.facts(b);
        if f.flags & DOM_KNOWN != 0 {
            return f;
        }
        if let Some(r) = ir.block_region(b) {
            self.build_tree(ir, r);
        }
        self.facts(b)
    }

    /// Is `b` reachable from its region's entry? An entry block (most
    /// blocks) is; others need the region's dominator tree.
    #[inline(always)]
    fn block_reachable(&mut self, ir: &Ir, b: BlockId) -> bool {
        ir.prev_block(b).is_none() || self.dom_facts(ir, b).flags & REACHABLE != 0
    }

    /// Does block `a` dominate block `b`, both of one region? Uses in
    /// unreachable blocks are not checked, as in MLIR.
    #[inline]
    fn dominates(&mut self, ir: &Ir, a: BlockId, b: BlockId) -> bool {
        // The entry dominates every block of its region.
        if ir.prev_block(a).is_none() {
            return true;
        }
        let fb = self.dom_facts(ir, b);
        if fb.flags & REACHABLE == 0 {
            return true;
        }
        let fa = self.dom_facts(ir, a);
        fa.flags & REACHABLE != 0 && fa.pre <= fb.pre && fb.pre <= fa.post
    }

    /// Builds the dominator tree of region `r` (Cooper, Harvey and
    /// Kennedy's iteration over reverse post-order) and numbers its blocks
    /// by a walk of the tree.
    #[cold]
    #[inline(never)]
    fn build_tree(&mut self, ir: &Ir, r: RegionId) {
        let mut t = std::mem::take(&mut self.tree);
        t.region_blocks.clear();
        t.region_blocks.extend(ir.region_blocks(r));
        let n = t.region_blocks.len();
        for (i, &b) in t.region_blocks.iter().enumerate() {
            let f = self.facts_mut(b);
            f.flags = (f.flags & (ORDER_KNOWN | IN_ID_ORDER)) | DOM_KNOWN;
            f.local = i as u32;
        }
        // Successors in the region (a branch out of it is another check's
        // error), flat.
        t.start.clear();
        t.edges.clear();
        for &b in &t.region_blocks {
            t.start.push(t.edges.len() as u32);
            if let Some(term) = ir.last_op(b) {
                for s in ir.successors(term) {
                    if ir.block_region(s) == Some(r) {
                        t.edges.push(self.blocks[s.index()].local);
                    }
                }
            }
        }
        t.start.push(t.edges.len() as u32);
        // Reverse post-order from the entry, iteratively.
        t.order.clear();
        t.order.resize(n, NONE);
        t.rpo.clear();
        t.stack.clear();
        if n > 0 {
            // `order` marks the blocks seen until it holds their numbers.
            t.order[0] = 0;
            t.stack.push((0, t.start[0]));
            while let Some(&(b, e)) = t.stack.last() {
                if e < t.start[b as usize + 1] {
                    t.stack.last_mut().expect("nonempty").1 += 1;
                    let s = t.edges[e as usize];
                    if t.order[s as usize] == NONE {
                        t.order[s as usize] = 0;
                        t.stack.push((s, t.start[s as usize]));
                    }
                } else {
                    t.rpo.push(b);
                    t.stack.pop();
                }
            }
        }
        t.rpo.reverse();
        for (i, &b) in t.rpo.iter().enumerate() {
            t.order[b as usize] = i as u32;
        }
        // Predecessors, flat.
        t.pred_start.clear();
        t.pred_start.resize(n + 1, 0);
        for &s in &t.edges {
            t.pred_start[s as usize + 1] += 1;
        }
        for i in 0..n {
            t.pred_start[i + 1] += t.pred_start[i];
        }
        t.preds.clear();
        t.preds.resize(t.edges.len(), 0);
        t.fill.clear();
        t.fill.extend_from_slice(&t.pred_start);
        for b in 0..n {
            for e in t.start[b]..t.start[b + 1] {
                let s = t.edges[e as usize] as usize;
                t.preds[t.fill[s] as usize] = b as u32;
                t.fill[s] += 1;
            }
        }
        // Immediate dominators.
        t.idom.clear();
        t.idom.resize(n, NONE);
        if n > 0 {
            t.idom[0] = 0;
        }
        let mut changed = true;
        while changed {
            changed = false;
            for k in 1..t.rpo.len() {
                let b = t.rpo[k] as usize;
                let mut new = NONE;
                for &p in &t.preds[t.pred_start[b] as usize..t.pred_start[b + 1] as usize] {
                    if t.idom[p as usize] == NONE {
                        continue;
                    }
                    new = if new == NONE {
                        p
                    } else {
                        let (mut x, mut y) = (p, new);
                        while x != y {
                            while t.order[x as usize] > t.order[y as usize] {
                                x = t.idom[x as usize];
                            }
                            while t.order[y as usize] > t.order[x as usize] {
                                y = t.idom[y as usize];
                            }
                        }
                        x
                    };
                }
                if new != t.idom[b] {
                    t.idom[b] = new;
                    changed = true;
                }
            }
        }
        // The tree's children, flat (in place of the successors), then
        // its intervals by a walk from the entry.
        t.start.clear();
        t.start.resize(n + 1, 0);
        for b in 1..n {
            let d = t.idom[b];
            if d != NONE {
                t.start[d as usize + 1] += 1;
            }
        }
        for i in 0..n {
            t.start[i + 1] += t.start[i];
        }
        let total = t.start[n] as usize;
        t.edges.clear();
        t.edges.resize(total, 0);
        t.fill.clear();
        t.fill.extend_from_slice(&t.start);
        for b in 1..n {
            let d = t.idom[b] as usize;
            if d != NONE as usize {
                t.edges[t.fill[d] as usize] = b as u32;
                t.fill[d] += 1;
            }
        }
        let mut clock = 0u32;
        if n > 0 {
            t.stack.clear();
            t.stack.push((0, t.start[0]));
            self.blocks[t.region_blocks[0].index()].pre = clock;
            while let Some(&(b, e)) = t.stack.last() {
                if e < t.start[b as usize + 1] {
                    t.stack.last_mut().expect("nonempty").1 += 1;
                    let c = t.edges[e as usize];
                    clock += 1;
                    self.blocks[t.region_blocks[c as usize].index()].pre = clock;
                    t.stack.push((c, t.start[c as usize]));
                } else {
                    let f = &mut self.blocks[t.region_blocks[b as usize].index()];
                    f.post = clock;
                    f.flags |= REACHABLE;
                    t.stack.pop();
                }
            }
        }
        self.tree = t;
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
        let mut dominance = dominance && self.dominance.is_none();
        if !isolation && !dominance {
            return;
        }
        // The block and region of the use, when it is in a region (the
        // walk's ops are, but for a root op).
        let (block, region) = match ir.op_block(op).map(|b| (b, ir.block_region(b))) {
            Some((b, Some(r))) => (Some(b), Some(r)),
            _ => (None, None),
        };
        // Uses directly in an unreachable block are not checked (MLIR: no
        // dominance there); those nested in its ops still are.
        if dominance && block.is_some_and(|b| !dom.block_reachable(ir, b)) {
            dominance = false;
            if !isolation {
                return;
            }
        }
        for (i, v) in ir.operands(op).enumerate() {
            let (def_block, def_op) = ir.def_site(v);
            let dominated = match (def_block, block, region) {
                // Most values are used in their defining block: inside
                // the unit, and an argument or an earlier op dominates the
                // use.
                (Some(d), Some(b), _) if d == b => {
                    let earlier =
                        def_op.is_none_or(|d| d != op && dom.before_in_block(ir, b, d, op));
                    if earlier || !dominance {
                        continue;
                    }
                    dominates_use(rep, names, (def_block, def_op), op, dom)
                }
                // Next most, in another block of the use's region: inside
                // the unit, and in an SSACFG region its block must
                // dominate the use's.
                (Some(d), Some(b), Some(r)) if ir.block_region(d) == Some(r) => {
                    if !dominance {
                        continue;
                    }
                    !region_is_ssacfg(rep, names, r, dom) || dom.dominates(ir, d, b)
                }
                _ => {
                    if isolation
                        && !block.is_some_and(|b| super::defined_inside(ir, v, b, self.unit))
                    {
                        self.escapes = true;
                        isolation = false;
                    }
                    !dominance || dominates_use(rep, names, (def_block, def_op), op, dom)
                }
            };
            if !dominated {
                let mut e = VerifyError::new(format!("operand #{i} does not dominate this use"));
                let (note_loc, note) = def_note(ir, v, op);
                e.notes.push((note_loc, note));
                self.dominance = Some(rep.op_error(op, e));
                dominance = false;
            }
        }
    }
}

/// Does the definition of a value (its block and op, `None` for a block
/// argument) dominate its use by `user`?
fn dominates_use(
    rep: &Reporter<'_>,
    names: &mut NameCache,
    (def_block, def_op): (Option<BlockId>, Option<OpId>),
    user: OpId,
    dom: &mut DomState,
) -> bool {
    let ir = rep.ir;
    // A detached value, or the result of an op in no block.
    let Some(def_block) = def_block else {
        return false;
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
    dom.dominates(ir, def_block, anc_block)
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

//! Computation slices, their legality and the cost model of
//! `--affine-loop-fusion` (upstream's `canFuseLoops`, `computeSliceUnion`,
//! `isFusionProfitable`, `getComputeCost`, `getFusionComputeCost`,
//! `MemRefRegion` sizes and `getMemoryFootprintBytes` in
//! `LoopFusionUtils.cpp`, `LoopFusion.cpp` and `Analysis/Utils.cpp`).
//!
//! What is ported is the part of the model whose answer is exact without
//! a general polyhedral projection: loop nests that are perfectly nested,
//! with constant bounds and unit steps, no results and no regions in the
//! innermost body ([`Nest`]); accesses whose subscripts are linear in the
//! nest's induction variables ([`Lin`]); in the nest being sliced, each
//! subscript a constant or one induction variable plus a constant, each
//! variable in one subscript at most. Then a slice loop is fixed to one
//! iteration by the other nest's outer induction variables (a subscript
//! equality), runs over a constant part of its range (what the other
//! nest's inner loops reach), or runs whole, which is what upstream's
//! projection finds in this case; anything else is
//! [`SliceOutcome::Unsupported`] and the caller leaves the IR as it is.

use super::loop_fusion_cost::LoopRole;
use super::loop_fusion_graph::GraphCx;
use crate::analysis::access::{is_affine_read, is_affine_write, MemRefAccess};
use crate::analysis::dependence::{check_access_dependence, DependenceResult};
use crate::{single_constant, AffineForOp};
use ir::affine::flatten_affine_expr;
use ir::{Context, Ir, OpId, Value};
use ods_runtime::Op;
use std::collections::HashMap;

/// One loop of a [`Nest`]: `for iv = lb to ub` (step 1).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Loop {
    pub op: OpId,
    pub iv: Value,
    pub lb: i64,
    pub ub: i64,
}

impl Loop {
    pub fn trip(&self) -> i64 {
        self.ub.saturating_sub(self.lb)
    }
}

/// A loop nest with constant bounds (perfect or not), and the chain of
/// its loops that a fusion slices or hosts: the loops around the accesses
/// that matter (the sliced accesses, or the host's accesses of the fused
/// memrefs), outermost first.
#[derive(Clone, Debug)]
pub(crate) struct Nest {
    pub root: OpId,
    pub loops: Vec<Loop>,
}

/// The loop of `op` when it is an `affine.for` with constant bounds, step
/// 1, a non-empty range and no results.
pub(crate) fn constant_loop(ctx: &Context, ir: &Ir, op: OpId) -> Option<Loop> {
    let f = AffineForOp::from_op(ctx, ir, op)?;
    if ir.num_results(op) != 0 || f.step_as_int(ctx, ir) != 1 {
        return None;
    }
    // A discardable attribute (such as upstream's `slice_fusion_barrier`)
    // may change what upstream does: not covered.
    if ir.attrs(op).is_some() {
        return None;
    }
    let (lb_map, lb_ops) = f.lower_bound(ctx, ir)?;
    let (ub_map, ub_ops) = f.upper_bound(ctx, ir)?;
    if !lb_ops.is_empty() || !ub_ops.is_empty() {
        return None;
    }
    let lb = single_constant(&lb_map)?;
    let ub = single_constant(&ub_map)?;
    // Bounds past 2^40 are not covered: the range arithmetic here stays
    // far from overflow.
    if lb.abs() > LIMIT || ub.abs() > LIMIT {
        return None;
    }
    (ub > lb).then_some(Loop {
        op,
        iv: f.induction_var(ir)?,
        lb,
        ub,
    })
}

/// Whether every op under `root` is of the shape handled here: each
/// `affine.for` a [`constant_loop`] with one block, no other op with
/// regions.
fn supported_tree(ctx: &Context, ir: &Ir, root: OpId) -> bool {
    if constant_loop(ctx, ir, root).is_none() {
        return false;
    }
    let Some(&region) = ir.regions(root).first() else {
        return false;
    };
    let blocks: Vec<_> = ir.region_blocks(region).collect();
    if blocks.len() != 1 {
        return false;
    }
    ir.block_ops(blocks[0]).all(|o| {
        if ctx.str(ir.op_name(o)) == "affine.for" {
            supported_tree(ctx, ir, o)
        } else {
            ir.num_regions(o) == 0
        }
    })
}

/// The `affine.for` loops from `root` down to `op`, outermost first
/// (`root` included), when `op` is under `root`.
pub(crate) fn loops_to(ctx: &Context, ir: &Ir, root: OpId, op: OpId) -> Option<Vec<Loop>> {
    let mut loops = Vec::new();
    let mut cur = ir.parent_op(op);
    while let Some(p) = cur {
        loops.push(constant_loop(ctx, ir, p)?);
        if p == root {
            loops.reverse();
            return Some(loops);
        }
        cur = ir.parent_op(p);
    }
    None
}

impl Nest {
    /// The nest rooted at `root` with the chain of loops common to
    /// `anchors` (the loops of its perfect band when there are none),
    /// when the nest is of the supported shape.
    pub fn of(ctx: &Context, ir: &Ir, root: OpId, anchors: &[OpId]) -> Option<Nest> {
        if !supported_tree(ctx, ir, root) {
            return None;
        }
        if anchors.is_empty() {
            return Some(Nest {
                root,
                loops: perfect_band(ctx, ir, root)?,
            });
        }
        let mut chain: Option<Vec<Loop>> = None;
        for &a in anchors {
            let loops = loops_to(ctx, ir, root, a)?;
            chain = Some(match chain {
                None => loops,
                Some(prev) => prev
                    .into_iter()
                    .zip(loops)
                    .take_while(|(x, y)| x.op == y.op)
                    .map(|(x, _)| x)
                    .collect(),
            });
        }
        let loops = chain?;
        (!loops.is_empty()).then_some(Nest { root, loops })
    }

    /// The affine loads and stores under the root, in walk order.
    pub fn accesses(&self, ctx: &Context, ir: &Ir) -> Vec<OpId> {
        let mut ops = Vec::new();
        super::loop_fusion_graph::post_order(ir, self.root, &mut ops);
        ops.into_iter()
            .filter(|&o| is_affine_read(ctx, ir, o) || is_affine_write(ctx, ir, o))
            .collect()
    }

    /// Whether every access of the nest sits directly in the chain's
    /// innermost loop.
    pub fn is_perfect(&self, ctx: &Context, ir: &Ir) -> bool {
        let Some(last) = self.loops.last() else {
            return false;
        };
        self.accesses(ctx, ir)
            .iter()
            .all(|&o| ir.parent_op(o) == Some(last.op))
    }
}

/// The loops of `root`'s perfect band: each loop's body holds one loop
/// and its terminator only.
pub(crate) fn perfect_band(ctx: &Context, ir: &Ir, root: OpId) -> Option<Vec<Loop>> {
    let mut loops = vec![constant_loop(ctx, ir, root)?];
    loop {
        let last = loops.last().expect("a loop").op;
        let body = ir
            .region_blocks(*ir.regions(last).first()?)
            .collect::<Vec<_>>();
        let ops: Vec<OpId> = ir.block_ops(*body.first()?).collect();
        if ops.len() == 2 && ctx.str(ir.op_name(ops[0])) == "affine.for" {
            loops.push(constant_loop(ctx, ir, ops[0])?);
            continue;
        }
        return Some(loops);
    }
}

/// The largest loop bound or subscript constant covered.
const LIMIT: i64 = 1 << 40;
/// The largest subscript coefficient covered.
const COEFFICIENT_LIMIT: i64 = 1 << 20;

/// A linear form over a nest's induction variables: a coefficient per
/// loop, then a constant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Lin {
    pub coeffs: Vec<i64>,
    pub constant: i64,
}

impl Lin {
    fn uses_from(&self, depth: usize) -> bool {
        self.coeffs.iter().skip(depth).any(|&c| c != 0)
    }

    /// The least and greatest values over the loops' ranges.
    fn range(&self, loops: &[Loop]) -> (i64, i64) {
        let (mut lo, mut hi) = (self.constant, self.constant);
        for (c, l) in self.coeffs.iter().zip(loops) {
            let (a, b) = (c.saturating_mul(l.lb), c.saturating_mul(l.ub - 1));
            lo = lo.saturating_add(a.min(b));
            hi = hi.saturating_add(a.max(b));
        }
        (lo, hi)
    }

    /// `Some(k, c)` when the form is `iv_k + c`.
    fn single_iv(&self) -> Option<(usize, i64)> {
        let nonzero: Vec<usize> = (0..self.coeffs.len())
            .filter(|&i| self.coeffs[i] != 0)
            .collect();
        match nonzero.as_slice() {
            [k] if self.coeffs[*k] == 1 => Some((*k, self.constant)),
            _ => None,
        }
    }
}

/// An access's memref and its subscripts as linear forms over `loops`
/// (every operand of its composed map an induction variable of them).
pub(crate) fn access_lins(
    ctx: &Context,
    ir: &Ir,
    op: OpId,
    loops: &[Loop],
) -> Option<(Value, Vec<Lin>)> {
    let access = MemRefAccess::of(ctx, ir, op)?;
    let (map, operands) = access.access_map(ctx, ir);
    let n = map.num_dims + map.num_symbols;
    let mut slots = Vec::with_capacity(operands.len());
    for v in &operands {
        slots.push(loops.iter().position(|l| l.iv == *v)?);
    }
    let mut out = Vec::with_capacity(map.results.len());
    for e in map.results.iter() {
        let flat = flatten_affine_expr(e, map.num_dims, map.num_symbols)?;
        let mut coeffs: Vec<i64> = vec![0; loops.len()];
        for (j, &s) in slots.iter().enumerate() {
            coeffs[s] = coeffs[s].saturating_add(flat[j]);
        }
        let constant = flat[n as usize];
        if constant.abs() > LIMIT || coeffs.iter().any(|c| c.abs() > COEFFICIENT_LIMIT) {
            return None;
        }
        out.push(Lin { coeffs, constant });
    }
    Some((access.memref, out))
}

/// What one loop of a slice runs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    /// One iteration, at a linear form over the host's outer loops.
    Fixed(Lin),
    /// The constant range `[lo, hi]` (a part of the loop's range).
    Range(i64, i64),
    /// The loop's whole range.
    Full,
}

/// A slice of one nest placed in another at `depth`: what each loop of
/// the sliced nest runs.
#[derive(Clone, Debug)]
pub(crate) struct Slice {
    pub depth: usize,
    pub bounds: Vec<Bound>,
}

impl Slice {
    /// The trip count of each sliced loop.
    pub fn trips(&self, nest: &Nest) -> Vec<i64> {
        self.bounds
            .iter()
            .zip(&nest.loops)
            .map(|(b, l)| match b {
                Bound::Fixed(_) => 1,
                Bound::Range(lo, hi) => hi - lo + 1,
                Bound::Full => l.trip(),
            })
            .collect()
    }

    /// How each sliced loop counts in a region of the sliced nest's
    /// accesses once placed: fixed by the host (a symbol), or ranging.
    pub fn roles(&self, nest: &Nest) -> Vec<LoopRole> {
        self.bounds
            .iter()
            .zip(&nest.loops)
            .map(|(b, l)| match b {
                Bound::Fixed(e) if e.coeffs.iter().all(|&c| c == 0) => {
                    LoopRole::Range(e.constant, e.constant)
                }
                Bound::Fixed(_) => LoopRole::Symbol,
                Bound::Range(lo, hi) => LoopRole::Range(*lo, *hi),
                Bound::Full => LoopRole::Range(l.lb, l.ub - 1),
            })
            .collect()
    }

    /// Upstream's `isSliceMaximalFastCheck` followed by its fallback, as
    /// far as decided here: `Some(true)` when every loop is fixed to a
    /// host induction variable with the same bounds; `Some(false)` when
    /// one such pair differs or a loop is confined to part of its range
    /// (a constant iteration or a constant sub-range); `None` when
    /// upstream would need its general set difference.
    pub fn is_maximal(&self, sliced: &Nest, host: &Nest) -> Option<bool> {
        for (b, l) in self.bounds.iter().zip(&sliced.loops) {
            let fast = match b {
                Bound::Fixed(e) => e.single_iv().filter(|&(_, c)| c == 0),
                _ => None,
            };
            let Some((k, _)) = fast else {
                return self.covers(sliced, host);
            };
            let h = host.loops[k];
            if h.lb != l.lb || h.ub != l.ub {
                return Some(false);
            }
        }
        Some(true)
    }

    /// Whether the slice runs every iteration of the sliced nest, where
    /// that is plain: each loop whole, pinned to its only value, or fixed
    /// to its own host induction variable plus a constant (a box of
    /// ranges); `None` otherwise.
    fn covers(&self, sliced: &Nest, host: &Nest) -> Option<bool> {
        let mut used = Vec::new();
        let mut covered = true;
        let mut unknown = false;
        for (b, l) in self.bounds.iter().zip(&sliced.loops) {
            match b {
                Bound::Full => {}
                Bound::Range(lo, hi) => covered &= (*lo, *hi) == (l.lb, l.ub - 1),
                Bound::Fixed(e) if e.coeffs.iter().all(|&c| c == 0) => {
                    covered &= l.trip() == 1 && e.constant == l.lb;
                }
                Bound::Fixed(e) => match e.single_iv() {
                    Some((k, c)) if !used.contains(&k) => {
                        used.push(k);
                        let h = host.loops[k];
                        covered &= h.lb + c <= l.lb && h.ub - 1 + c >= l.ub - 1;
                    }
                    _ => unknown = true,
                },
            }
        }
        if !covered {
            Some(false)
        } else if unknown {
            None
        } else {
            Some(true)
        }
    }
}

/// What [`compute_slice`] decides at one depth.
#[derive(Clone, Debug)]
pub(crate) enum SliceOutcome {
    /// Fusion at this depth keeps every dependence.
    Legal(Slice),
    /// Upstream decides fusion is not legal at this depth.
    Illegal,
    /// The model here does not cover the case: leave the IR alone.
    Unsupported,
}

/// Which ops of the sliced nest count (upstream's `FusionStrategy`).
#[derive(Clone, Copy, Debug)]
pub(crate) enum Strategy {
    /// The stores of the producer.
    ProducerConsumer,
    /// The loads of one memref in the sibling.
    Sibling(Value),
}

/// Whether an access of the sliced nest and one of the host may touch
/// one element (the earlier nest's access as source).
fn depends(
    g: GraphCx<'_>,
    earlier: &MemRefAccess,
    later: &MemRefAccess,
    rar: bool,
) -> DependenceResult {
    let depth =
        crate::analysis::access::num_common_surrounding_loops(g.ctx, g.ir, earlier.op, later.op)
            + 1;
    check_access_dependence(g.ctx, g.ir, earlier, later, depth, rar)
}

/// The slice of `sliced` for fusion into `host` at `depth` (upstream's
/// `canFuseLoops` with its `computeSliceUnion`), `sliced_first` when the
/// sliced nest comes first in the block.
pub(crate) fn compute_slice(
    g: GraphCx<'_>,
    sliced: &Nest,
    host: &Nest,
    depth: usize,
    strategy: Strategy,
    sliced_first: bool,
) -> SliceOutcome {
    let (ctx, ir) = (g.ctx, g.ir);
    let first = sliced.root;
    let second = host.root;
    let (a_root, b_root) = if sliced_first {
        (first, second)
    } else {
        (second, first)
    };
    if nest_insertion_point(g, a_root, b_root).is_none() {
        return SliceOutcome::Illegal;
    }
    let sliced_ops: Vec<OpId> = sliced
        .accesses(ctx, ir)
        .into_iter()
        .filter(|&o| match strategy {
            Strategy::ProducerConsumer => is_affine_write(ctx, ir, o),
            Strategy::Sibling(m) => {
                is_affine_read(ctx, ir, o)
                    && MemRefAccess::of(ctx, ir, o).is_some_and(|a| a.memref == m)
            }
        })
        .collect();
    let host_ops = host.accesses(ctx, ir);
    let mut bounds: Vec<Option<Bound>> = vec![None; sliced.loops.len()];
    let mut any = false;
    for &s in &sliced_ops {
        let Some(sa) = MemRefAccess::of(ctx, ir, s) else {
            return SliceOutcome::Unsupported;
        };
        if !sliced_first && sliced.loops.len() < depth {
            return SliceOutcome::Illegal;
        }
        for &h in &host_ops {
            let Some(ha) = MemRefAccess::of(ctx, ir, h) else {
                return SliceOutcome::Unsupported;
            };
            if ha.memref != sa.memref {
                continue;
            }
            // The loops around the host access; upstream's slice needs
            // `depth` of them (`getNestingDepth`).
            let Some(own) = loops_to(ctx, ir, host.root, h) else {
                return SliceOutcome::Unsupported;
            };
            if own.len() < depth {
                return if sliced_first {
                    SliceOutcome::Illegal
                } else {
                    SliceOutcome::Unsupported
                };
            }
            let rar = !sa.is_write && !ha.is_write;
            let result = if sliced_first {
                depends(g, &sa, &ha, rar)
            } else {
                depends(g, &ha, &sa, rar)
            };
            match result {
                DependenceResult::Failure => return SliceOutcome::Unsupported,
                DependenceResult::NoDependence => continue,
                DependenceResult::HasDependence => {}
            }
            // A dependent sliced access sits in the sliced chain itself
            // (upstream slices the loops around each; one chain is what
            // is covered).
            let same_chain = loops_to(ctx, ir, sliced.root, s).is_some_and(|mine| {
                mine.len() == sliced.loops.len()
                    && mine.iter().zip(&sliced.loops).all(|(a, b)| a.op == b.op)
            });
            if !same_chain {
                return SliceOutcome::Unsupported;
            }
            let Some((_, s_lins)) = access_lins(ctx, ir, s, &sliced.loops) else {
                return SliceOutcome::Unsupported;
            };
            let Some((_, h_lins)) = access_lins(ctx, ir, h, &own) else {
                return SliceOutcome::Unsupported;
            };
            if h_lins.len() != s_lins.len() {
                return SliceOutcome::Unsupported;
            }
            any = true;
            let mut pair: Vec<Bound> = vec![Bound::Full; sliced.loops.len()];
            let mut seen = vec![false; sliced.loops.len()];
            for (sl, hl) in s_lins.iter().zip(&h_lins) {
                if sl.coeffs.iter().all(|&c| c == 0) {
                    continue;
                }
                let Some((k, c)) = sl.single_iv() else {
                    return SliceOutcome::Unsupported;
                };
                if seen[k] {
                    return SliceOutcome::Unsupported;
                }
                seen[k] = true;
                let shallow = hl.coeffs[..depth].iter().any(|&x| x != 0);
                if !hl.uses_from(depth) {
                    let mut e = hl.clone();
                    e.coeffs.truncate(depth);
                    e.constant -= c;
                    pair[k] = Bound::Fixed(e);
                } else if shallow {
                    // A range that moves with the outer loops: not covered.
                    return SliceOutcome::Unsupported;
                } else {
                    // The inner loops of the host range over part of (or
                    // all of) the sliced loop: upstream's constant bounds
                    // of the projection, within the loop's own.
                    let (lo, hi) = hl.range(&own);
                    let l = sliced.loops[k];
                    let (lo, hi) = ((lo - c).max(l.lb), (hi - c).min(l.ub - 1));
                    if lo > hi {
                        return SliceOutcome::Unsupported;
                    }
                    pair[k] = if (lo, hi) == (l.lb, l.ub - 1) {
                        Bound::Full
                    } else {
                        Bound::Range(lo, hi)
                    };
                }
            }
            for ((slot, p), l) in bounds.iter_mut().zip(pair).zip(&sliced.loops) {
                let merged = match slot.take() {
                    None => p,
                    Some(prev) => match union_bounds(prev, p, l, &host.loops[..depth]) {
                        Some(b) => b,
                        None => return SliceOutcome::Unsupported,
                    },
                };
                *slot = Some(merged);
            }
        }
    }
    if !any {
        return SliceOutcome::Illegal;
    }
    // Upstream's `getSliceBounds` first looks for loops the constraints
    // pin to one value: those become constant one-iteration bounds.
    let constant = |v: i64| {
        Bound::Fixed(Lin {
            coeffs: vec![0; depth],
            constant: v,
        })
    };
    let bounds: Vec<Bound> = bounds
        .into_iter()
        .zip(&sliced.loops)
        .map(|(b, l)| match b.unwrap_or(Bound::Full) {
            Bound::Fixed(e) => match e.range(&host.loops[..depth]) {
                (lo, hi) if lo == hi => constant(lo),
                _ => Bound::Fixed(e),
            },
            Bound::Range(lo, hi) if lo == hi => constant(lo),
            Bound::Full if l.trip() == 1 => constant(l.lb),
            b => b,
        })
        .collect();
    // Upstream's `isSliceValid`: the slice runs no iteration the sliced
    // nest does not.
    for (b, l) in bounds.iter().zip(&sliced.loops) {
        let (lo, hi) = match b {
            Bound::Fixed(e) => e.range(&host.loops[..depth]),
            Bound::Range(lo, hi) => (*lo, *hi),
            Bound::Full => continue,
        };
        if lo < l.lb || hi > l.ub - 1 {
            return SliceOutcome::Illegal;
        }
    }
    SliceOutcome::Legal(Slice { depth, bounds })
}

/// The union of two slices' bounds on one loop (upstream's
/// `unionBoundingBox` of the slice constraints): equal bounds stay; two
/// different single iterations are not covered; otherwise the union of
/// their constant ranges over the host's outer loops.
fn union_bounds(a: Bound, b: Bound, l: &Loop, outer: &[Loop]) -> Option<Bound> {
    if a == b {
        return Some(a);
    }
    let range = |x: &Bound| match x {
        Bound::Fixed(e) => e.range(outer),
        Bound::Range(lo, hi) => (*lo, *hi),
        Bound::Full => (l.lb, l.ub - 1),
    };
    // Two single iterations a constant apart: upstream's box is then a
    // band that moves with the host's loops (`[e, e + k]`), which the
    // slices here do not model. Otherwise the lower bounds differ by a
    // non-constant and upstream falls back to the constant bounds of
    // each, as below.
    if let (Bound::Fixed(x), Bound::Fixed(y)) = (&a, &b) {
        if x.coeffs == y.coeffs {
            return None;
        }
    }
    let (ra, rb) = (range(&a), range(&b));
    let (lo, hi) = (ra.0.min(rb.0), ra.1.max(rb.1));
    Some(if (lo, hi) == (l.lb, l.ub - 1) {
        Bound::Full
    } else {
        Bound::Range(lo, hi)
    })
}

/// Affine accesses in `op` by memref: whether one writes it (the last
/// access of each memref in walk order decides, as upstream's map does).
fn access_kinds(g: GraphCx<'_>, op: OpId) -> HashMap<Value, bool> {
    let mut out = HashMap::new();
    let mut ops = Vec::new();
    super::loop_fusion_graph::post_order(g.ir, op, &mut ops);
    for o in ops {
        if let Some(a) = MemRefAccess::of(g.ctx, g.ir, o) {
            out.insert(a.memref, a.is_write);
        }
    }
    out
}

fn dependent_access(g: GraphCx<'_>, op: OpId, kinds: &HashMap<Value, bool>) -> bool {
    match MemRefAccess::of(g.ctx, g.ir, op) {
        Some(a) if a.is_write => kinds.contains_key(&a.memref),
        Some(a) => kinds.get(&a.memref) == Some(&true),
        None => false,
    }
}

/// Upstream's `getFusedLoopNestInsertionPoint` of `LoopFusionUtils`:
/// where two nests `a` (first) and `b` can be fused, from the affine
/// accesses and values of the ops between them.
fn nest_insertion_point(g: GraphCx<'_>, a: OpId, b: OpId) -> Option<OpId> {
    let a_kinds = access_kinds(g, a);
    let mut first_dep = None;
    let mut cur = g.ir.next_op(a);
    while let Some(x) = cur {
        if x == b {
            break;
        }
        let mut ops = Vec::new();
        super::loop_fusion_graph::post_order(g.ir, x, &mut ops);
        if ops.iter().any(|&o| dependent_access(g, o, &a_kinds)) {
            first_dep = Some(x);
            break;
        }
        cur = g.ir.next_op(x);
    }
    let b_kinds = access_kinds(g, b);
    let mut last_dep = None;
    let mut cur = g.ir.prev_op(b);
    while let Some(x) = cur {
        if x == a {
            break;
        }
        let mut ops = Vec::new();
        super::loop_fusion_graph::post_order(g.ir, x, &mut ops);
        let hit = ops.iter().any(|&o| {
            if MemRefAccess::of(g.ctx, g.ir, o).is_some() {
                return dependent_access(g, o, &b_kinds);
            }
            g.ir.results(o).any(|r| {
                g.ir.uses(r)
                    .any(|u| g.ir.is_ancestor(b, u.owner) && u.owner != b)
            })
        });
        if hit {
            last_dep = Some(x);
            break;
        }
        cur = g.ir.prev_op(x);
    }
    match (first_dep, last_dep) {
        (Some(f), Some(l)) => {
            if f == l || crate::analysis::access::is_before_in_block(g.ir, f, l) {
                None
            } else {
                Some(f)
            }
        }
        (Some(f), None) => Some(f),
        (None, _) => Some(b),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{nth_op, parse_module};

    const PAIR: &str = r#"func.func @f(%in: memref<2x6xf32>, %out: memref<6x2xf32>) {
  %t = memref.alloc() : memref<2x6xf32>
  affine.for %i = 0 to 2 {
    affine.for %j = 0 to 6 {
      %v = affine.load %in[%i, %j] : memref<2x6xf32>
      affine.store %v, %t[%i, %j] : memref<2x6xf32>
    }
  }
  affine.for %i = 0 to 6 {
    affine.for %j = 0 to 2 {
      %v = affine.load %t[%j, %i + 1] : memref<2x6xf32>
      affine.store %v, %out[%i, %j] : memref<6x2xf32>
    }
  }
  return
}
"#;

    #[test]
    fn transposed_consumer_fixes_each_producer_loop() {
        let (ctx, reg, ir, m) = parse_module(PAIR);
        let g = GraphCx {
            ctx: &ctx,
            registry: &reg,
            ir: &ir,
        };
        let src = Nest::of(&ctx, &ir, nth_op(&ctx, &ir, m, "affine.for", 0), &[]).unwrap();
        let dst = Nest::of(&ctx, &ir, nth_op(&ctx, &ir, m, "affine.for", 2), &[]).unwrap();
        assert_eq!((src.loops.len(), dst.loops.len()), (2, 2));
        // At depth 1 the producer's column is fixed to the consumer's row
        // plus one; its row runs whole. The consumer's rows 0..6 read
        // column 6 at the last: past the producer, so not legal.
        assert!(matches!(
            compute_slice(g, &src, &dst, 1, Strategy::ProducerConsumer, true),
            SliceOutcome::Illegal
        ));
    }
}

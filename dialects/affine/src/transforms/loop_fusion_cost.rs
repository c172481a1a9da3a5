//! The cost model of `--affine-loop-fusion` (upstream's
//! `getComputeCost`, `getFusionComputeCost`, `MemRefRegion` sizes,
//! `getMemoryFootprintBytes` and `isFusionProfitable`): op counts of the
//! nests, the regions their accesses touch, and the depth at which a
//! slice is worth fusing.

use super::loop_fusion_graph::GraphCx;
use super::loop_fusion_slice::{access_lins, constant_loop, loops_to, Lin, Loop, Nest, Slice};
use crate::analysis::access::{is_affine_read, MemRefAccess};
use ir::{Context, Ir, OpId, TypeKind, Value};
use std::collections::HashMap;

/// Upstream's `getComputeCost` (`getComputeCostHelper`): per loop, its
/// trip count (or the override in `trips`) times its body's op count
/// (terminator, loops and `affine.if`s left out) plus what its inner
/// loops cost and `extra` adds for it.
pub(crate) fn compute_cost(
    ctx: &Context,
    ir: &Ir,
    for_op: OpId,
    trips: &HashMap<OpId, i64>,
    extra: &HashMap<OpId, i64>,
) -> i64 {
    let Some(&region) = ir.regions(for_op).first() else {
        return 0;
    };
    let mut own: i64 = -1;
    for block in ir.region_blocks(region) {
        for o in ir.block_ops(block) {
            if !matches!(ctx.str(ir.op_name(o)), "affine.for" | "affine.if") {
                own += 1;
            }
        }
    }
    // Saturating: a cost past `i64` compares as the largest.
    for child in child_loops(ctx, ir, for_op) {
        own = own.saturating_add(compute_cost(ctx, ir, child, trips, extra));
    }
    own = own.saturating_add(extra.get(&for_op).copied().unwrap_or(0));
    let trip = trips
        .get(&for_op)
        .copied()
        .or_else(|| constant_loop(ctx, ir, for_op).map(|l| l.trip()))
        .unwrap_or(0);
    trip.saturating_mul(own)
}

/// The `affine.for` ops whose closest enclosing `affine.for` is `for_op`
/// (upstream's `LoopNestStats::loopMap`).
fn child_loops(ctx: &Context, ir: &Ir, for_op: OpId) -> Vec<OpId> {
    let mut ops = Vec::new();
    super::loop_fusion_graph::post_order(ir, for_op, &mut ops);
    ops.into_iter()
        .filter(|&o| o != for_op && ctx.str(ir.op_name(o)) == "affine.for")
        .filter(|&o| {
            let mut cur = ir.parent_op(o);
            while let Some(p) = cur {
                if ctx.str(ir.op_name(p)) == "affine.for" {
                    return p == for_op;
                }
                cur = ir.parent_op(p);
            }
            false
        })
        .collect()
}

/// How a loop counts in a memory region: its induction variable fixed by
/// the outer loops (a symbol), or ranging over `[lo, hi]`.
#[derive(Clone, Copy, Debug)]
pub(crate) enum LoopRole {
    Symbol,
    Range(i64, i64),
}

/// One dimension of a region: the symbolic part's coefficients and the
/// constant range around it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct RegionDim {
    pub symbolic: Vec<i64>,
    pub lo: i64,
    pub hi: i64,
}

/// The bounding box of an access over loops in the given roles (upstream's
/// `MemRefRegion::compute`, bounded by the memref's static sizes).
pub(crate) fn region_box(lins: &[Lin], roles: &[LoopRole]) -> Vec<RegionDim> {
    lins.iter()
        .map(|l| {
            let mut symbolic = vec![0; roles.len()];
            let (mut lo, mut hi) = (l.constant, l.constant);
            for (i, (&c, r)) in l.coeffs.iter().zip(roles).enumerate() {
                match r {
                    LoopRole::Symbol => symbolic[i] = c,
                    LoopRole::Range(a, b) => {
                        let (x, y) = (c.saturating_mul(*a), c.saturating_mul(*b));
                        lo = lo.saturating_add(x.min(y));
                        hi = hi.saturating_add(x.max(y));
                    }
                }
            }
            RegionDim { symbolic, lo, hi }
        })
        .collect()
}

/// The element count of a region box on a memref of `shape` (upstream's
/// `getConstantBoundingSizeAndShape`): per dimension the range, clipped
/// to the memref's static size. `None` for an empty dimension.
pub(crate) fn box_extents(dims: &[RegionDim], shape: &[i64]) -> Option<Vec<i64>> {
    dims.iter()
        .zip(shape)
        .map(|(d, &size)| {
            let symbolic = d.symbolic.iter().any(|&c| c != 0);
            let extent = if size < 0 {
                d.hi.saturating_sub(d.lo).saturating_add(1)
            } else if symbolic {
                (d.hi.saturating_sub(d.lo).saturating_add(1)).min(size)
            } else {
                d.hi.min(size - 1)
                    .saturating_sub(d.lo.max(0))
                    .saturating_add(1)
            };
            (extent > 0).then_some(extent)
        })
        .collect()
}

/// The byte size of a memref's elements (integers and floats only, as
/// upstream's `getMemRefIntOrFloatEltSizeInBytes`), and its shape, for an
/// identity-layout memref.
pub(crate) fn memref_info(ctx: &Context, ty: ir::Type) -> Option<(i64, Vec<i64>)> {
    let TypeKind::MemRef {
        shape,
        element,
        layout,
        ..
    } = ctx.type_kind(ty)
    else {
        return None;
    };
    if layout.is_some() {
        return None;
    }
    let bits = match ctx.type_kind(*element) {
        TypeKind::Integer { width, .. } => *width as i64,
        TypeKind::Float(k) => k.bit_width() as i64,
        _ => return None,
    };
    Some(((bits + 7) / 8, shape.to_vec()))
}

/// The bytes of the region `op` accesses over `roles` of `loops`.
pub(crate) fn region_bytes(
    g: GraphCx<'_>,
    op: OpId,
    loops: &[Loop],
    roles: &[LoopRole],
) -> Option<i64> {
    let (memref, lins) = access_lins(g.ctx, g.ir, op, loops)?;
    let (elt, shape) = memref_info(g.ctx, g.ir.value_type(memref))?;
    let extents = box_extents(&region_box(&lins, roles), &shape)?;
    Some(extents.iter().fold(elt, |p, &e| p.saturating_mul(e)))
}

/// Roles of loops: all ranging.
pub(crate) fn ranging(loops: &[Loop]) -> Vec<LoopRole> {
    loops
        .iter()
        .map(|l| LoopRole::Range(l.lb, l.ub - 1))
        .collect()
}

/// One dimension of a union of regions (upstream's
/// `IntegerRelation::unionBoundingBox`): still symbolic when every region
/// had the same symbolic part, else the constant bounds over the
/// symbols' ranges, clipped by the memref.
#[derive(Clone, Debug)]
enum UnionDim {
    Symbolic(RegionDim, i64, i64),
    Constant(i64, i64),
}

impl UnionDim {
    fn extent(&self, size: i64) -> i64 {
        match self {
            UnionDim::Symbolic(d, ..) if size < 0 => d.hi.saturating_sub(d.lo).saturating_add(1),
            UnionDim::Symbolic(d, ..) => (d.hi.saturating_sub(d.lo).saturating_add(1)).min(size),
            UnionDim::Constant(lo, hi) => hi - lo + 1,
        }
    }

    fn constant_bounds(&self) -> (i64, i64) {
        match self {
            UnionDim::Symbolic(_, lo, hi) | UnionDim::Constant(lo, hi) => (*lo, *hi),
        }
    }

    fn union(self, other: UnionDim) -> UnionDim {
        let (a, b) = (self.constant_bounds(), other.constant_bounds());
        let constant = (a.0.min(b.0), a.1.max(b.1));
        match (self, other) {
            (UnionDim::Symbolic(x, ..), UnionDim::Symbolic(y, ..)) if x.symbolic == y.symbolic => {
                UnionDim::Symbolic(
                    RegionDim {
                        symbolic: x.symbolic,
                        lo: x.lo.min(y.lo),
                        hi: x.hi.max(y.hi),
                    },
                    constant.0,
                    constant.1,
                )
            }
            _ => UnionDim::Constant(constant.0, constant.1),
        }
    }
}

/// Upstream's `getMemoryFootprintBytes` of a top-level nest: per memref
/// the union box of its accesses, symbolic in the outermost induction
/// variable.
pub(crate) fn footprint_bytes(g: GraphCx<'_>, nest: &Nest) -> Option<i64> {
    let mut boxes: Vec<(Value, Vec<UnionDim>)> = Vec::new();
    for op in nest.accesses(g.ctx, g.ir) {
        let own = loops_to(g.ctx, g.ir, nest.root, op)?;
        let all = ranging(&own);
        let mut roles = all.clone();
        roles[0] = LoopRole::Symbol;
        let (memref, lins) = access_lins(g.ctx, g.ir, op, &own)?;
        let (_, shape) = memref_info(g.ctx, g.ir.value_type(memref))?;
        let symbolic = region_box(&lins, &roles);
        let constant = region_box(&lins, &all);
        let dims: Vec<UnionDim> = symbolic
            .into_iter()
            .zip(constant)
            .zip(&shape)
            .map(|((d, c), &size)| {
                let (lo, hi) = if size < 0 {
                    (c.lo, c.hi)
                } else {
                    (c.lo.max(0), c.hi.min(size - 1))
                };
                if d.symbolic.iter().any(|&x| x != 0) {
                    UnionDim::Symbolic(d, lo, hi)
                } else {
                    UnionDim::Constant(lo, hi)
                }
            })
            .collect();
        match boxes.iter_mut().find(|e| e.0 == memref) {
            None => boxes.push((memref, dims)),
            Some((_, prev)) => {
                let merged: Vec<UnionDim> = std::mem::take(prev)
                    .into_iter()
                    .zip(dims)
                    .map(|(p, d)| p.union(d))
                    .collect();
                *prev = merged;
            }
        }
    }
    let mut total = 0;
    for (memref, b) in boxes {
        let (elt, shape) = memref_info(g.ctx, g.ir.value_type(memref))?;
        let mut count: i64 = 1;
        for (d, &size) in b.iter().zip(&shape) {
            let e = d.extent(size);
            if e <= 0 {
                return None;
            }
            count = count.saturating_mul(e);
        }
        total = count.saturating_mul(elt).saturating_add(total);
    }
    Some(total)
}

/// Upstream's `getFusionComputeCost`: the host's cost with the slice at
/// `slice.depth` (and, for a one-iteration slice, the loads the stores
/// forwarded to taken off).
pub(crate) fn fusion_cost(g: GraphCx<'_>, sliced: &Nest, host: &Nest, slice: &Slice) -> i64 {
    let (ctx, ir) = (g.ctx, g.ir);
    let trips = slice.trips(sliced);
    let mut extra: HashMap<OpId, i64> = HashMap::new();
    let parent_op = host.loops[slice.depth - 1].op;
    if trips.iter().all(|&t| t == 1) {
        let mut memrefs: Vec<Value> = Vec::new();
        for o in sliced.accesses(ctx, ir) {
            if let Some(a) = MemRefAccess::of(ctx, ir, o).filter(|a| a.is_write) {
                if !memrefs.contains(&a.memref) {
                    memrefs.push(a.memref);
                }
            }
        }
        for m in memrefs {
            let mut seen = std::collections::HashSet::new();
            for u in ir.uses(m) {
                let user = u.owner;
                if !seen.insert(user) || !is_affine_read(ctx, ir, user) {
                    continue;
                }
                if !ir.is_ancestor(parent_op, user) {
                    continue;
                }
                if let Some(p) = ir
                    .parent_op(user)
                    .filter(|&p| ctx.str(ir.op_name(p)) == "affine.for")
                {
                    *extra.entry(p).or_insert(0) -= 1;
                }
            }
        }
    }
    let overrides: HashMap<OpId, i64> = sliced
        .loops
        .iter()
        .zip(&trips)
        .map(|(l, &t)| (l.op, t))
        .collect();
    let slice_cost = compute_cost(ctx, ir, sliced.root, &overrides, &HashMap::new());
    extra.insert(parent_op, slice_cost);
    compute_cost(ctx, ir, host.root, &HashMap::new(), &extra)
}

/// Upstream's `getAdditionalComputeFraction`: how much more the host
/// computes with `slice` fused than the two nests apart (0.25 is a
/// quarter more).
pub(crate) fn additional_compute_fraction(
    g: GraphCx<'_>,
    sliced: &Nest,
    host: &Nest,
    slice: &Slice,
) -> f64 {
    let src_cost = compute_cost(g.ctx, g.ir, sliced.root, &HashMap::new(), &HashMap::new());
    let host_cost = compute_cost(g.ctx, g.ir, host.root, &HashMap::new(), &HashMap::new());
    let fused = fusion_cost(g, sliced, host, slice);
    fused as f64 / (src_cost as f64 + host_cost as f64) - 1.0
}

/// Upstream's `isFusionProfitable`: the depth (of those with a legal
/// slice) that shrinks the region `src_op` touches most within the
/// compute tolerance, when the fused footprint is no larger.
pub(crate) fn profitable_depth(
    g: GraphCx<'_>,
    sliced: &Nest,
    src_op: OpId,
    host: &Nest,
    slices: &[Option<Slice>],
    tolerance: f64,
) -> Option<usize> {
    let (ctx, ir) = (g.ctx, g.ir);
    let src_cost = compute_cost(ctx, ir, sliced.root, &HashMap::new(), &HashMap::new());
    let src_region = region_bytes(g, src_op, &sliced.loops, &ranging(&sliced.loops))?;
    let host_cost = compute_cost(ctx, ir, host.root, &HashMap::new(), &HashMap::new());
    let mut best: Option<(usize, f64, i64)> = None;
    for slice in slices.iter().rev().flatten() {
        let fused = fusion_cost(g, sliced, host, slice);
        let fraction = fused as f64 / (src_cost as f64 + host_cost as f64) - 1.0;
        let roles = slice.roles(sliced);
        let Some(slice_region) = region_bytes(g, src_op, &sliced.loops, &roles) else {
            continue;
        };
        if slice_region == 0 {
            continue;
        }
        let reduction = src_region as f64 / slice_region as f64;
        let max_reduction = best.map_or(0.0, |b| b.1);
        if reduction > max_reduction && fraction <= tolerance {
            best = Some((slice.depth, reduction, slice_region));
        }
    }
    let (depth, _, slice_mem) = best?;
    let dst_mem = footprint_bytes(g, host)?;
    let src_mem = footprint_bytes(g, sliced)?;
    (dst_mem + slice_mem <= src_mem + dst_mem).then_some(depth)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{nth_op, parse_module};

    const NEST: &str = r#"func.func @f(%in: memref<2x6xf32>, %t: memref<2x6xf32>) {
  affine.for %i = 0 to 2 {
    affine.for %j = 0 to 6 {
      %v = affine.load %in[%i, %j] : memref<2x6xf32>
      affine.store %v, %t[%i, %j] : memref<2x6xf32>
    }
  }
  return
}
"#;

    #[test]
    fn costs_count_ops_times_trips() {
        let (ctx, _reg, ir, m) = parse_module(NEST);
        let root = nth_op(&ctx, &ir, m, "affine.for", 0);
        let src = Nest::of(&ctx, &ir, root, &[]).unwrap();
        let none = HashMap::new();
        // Two ops (load, store) per iteration, 12 iterations.
        assert_eq!(compute_cost(&ctx, &ir, src.root, &none, &none), 24);
        let ones: HashMap<OpId, i64> = src.loops.iter().map(|l| (l.op, 1)).collect();
        assert_eq!(compute_cost(&ctx, &ir, src.root, &ones, &none), 2);
    }

    #[test]
    fn region_extents_are_clipped_to_the_memref() {
        let lin = Lin {
            coeffs: vec![1],
            constant: 2,
        };
        let dims = region_box(&[lin], &[LoopRole::Range(0, 7)]);
        assert_eq!(box_extents(&dims, &[8]), Some(vec![6]));
        assert_eq!(box_extents(&dims, &[-1]), Some(vec![8]));
    }
}

//! The IR changes of `--affine-loop-fusion`: the slice cloned into the
//! host nest with its bounds set and one-iteration loops promoted
//! (upstream's `fuseLoops` and `promoteIfSingleIteration`), and a private
//! buffer for a memref only the fused nest uses (upstream's
//! `createPrivateMemRef` over `replaceAllMemRefUsesWith`).

use super::loop_fusion_cost::{box_extents, memref_info, region_box, LoopRole};
use super::loop_fusion_slice::{access_lins, Bound, Lin, Loop, Nest, Slice};
use crate::analysis::access::MemRefAccess;
use crate::compose::{canonicalize_map_and_operands, compose_affine_map_and_operands};
use crate::fold::set_bound;
use crate::{map_of, single_constant, AffineForOp};
use ir::affine::{AffineExpr, AffineMap};
use ir::builder::{InsertPoint, OpBuilder};
use ir::{Attribute, BlockId, Context, Ir, OpId, Type, TypeKind, Value};
use ods_runtime::op::set_inherent_attr;
use ods_runtime::Op;
use std::collections::HashMap;

/// A detached deep copy of `op`, operands looked up in `map`, which learns
/// the copies of results and block arguments.
fn clone_detached(ir: &mut Ir, op: OpId, map: &mut HashMap<Value, Value>) -> OpId {
    let operands: Vec<Value> = ir
        .operands(op)
        .map(|v| map.get(&v).copied().unwrap_or(v))
        .collect();
    let types: Vec<Type> = ir.results(op).map(|r| ir.value_type(r)).collect();
    let regions: Vec<_> = ir.regions(op).to_vec();
    let mut copies = Vec::new();
    for r in regions {
        let copy = ir.create_region();
        let blocks: Vec<BlockId> = ir.region_blocks(r).collect();
        for b in blocks {
            let nb = ir.create_block();
            for i in 0..ir.num_arguments(b) {
                let arg = ir.argument(b, i);
                let new = ir.add_argument(nb, ir.value_type(arg), ir.argument_loc(b, i));
                map.insert(arg, new);
            }
            let ops: Vec<OpId> = ir.block_ops(b).collect();
            for o in ops {
                let c = clone_detached(ir, o, map);
                ir.append_op(nb, c);
            }
            ir.append_block(copy, nb);
        }
        copies.push(copy);
    }
    let (name, loc, attrs, props) = (ir.op_name(op), ir.op_loc(op), ir.attrs(op), ir.props(op));
    let copy = ir.create_op_parts(name, loc, &operands, &types, &[], &copies, attrs, props);
    for (r, c) in ir.results(op).zip(ir.results(copy)).collect::<Vec<_>>() {
        map.insert(r, c);
    }
    copy
}

/// `e` as a one-result map over the host's outer induction variables.
fn lin_map(e: &Lin, plus: i64) -> AffineMap {
    let mut expr = AffineExpr::Constant(e.constant + plus);
    for (i, &c) in e.coeffs.iter().enumerate() {
        if c != 0 {
            expr = AffineExpr::Dim(i as u32) * AffineExpr::Constant(c) + expr;
        }
    }
    AffineMap {
        num_dims: e.coeffs.len() as u32,
        num_symbols: 0,
        results: vec![expr].into(),
    }
    .simplified()
}

/// The nearest `func`-like op around `op` (upstream's
/// `getParentOfType<FunctionOpInterface>`).
fn enclosing_function(ctx: &Context, ir: &Ir, op: OpId) -> Option<OpId> {
    let mut cur = ir.parent_op(op);
    while let Some(p) = cur {
        if matches!(
            ctx.str(ir.op_name(p)),
            "func.func" | "gpu.func" | "llvm.func"
        ) {
            return Some(p);
        }
        cur = ir.parent_op(p);
    }
    None
}

/// Upstream's `promoteIfSingleIteration`: a loop of one iteration is
/// replaced by its body, its induction variable by the lower bound (an
/// index constant at the top of the function, the bound's operand, or an
/// `affine.apply`).
fn promote_if_single_iteration(ctx: &mut Context, ir: &mut Ir, for_op: OpId) {
    let Some(f) = AffineForOp::from_op(ctx, ir, for_op) else {
        return;
    };
    let (Some((lb, lb_ops)), Some((ub, ub_ops))) = (f.lower_bound(ctx, ir), f.upper_bound(ctx, ir))
    else {
        return;
    };
    let step = f.step_as_int(ctx, ir);
    let trip = if lb_ops == ub_ops && lb.results.len() == 1 && ub.results.len() == 1 {
        let diff = ir::affine::simplify_affine_expr(
            &(ub.results[0].clone() - lb.results[0].clone()),
            lb.num_dims,
            lb.num_symbols,
        );
        diff.constant_value()
            .map(|d| (d + step - 1).div_euclid(step))
    } else {
        None
    };
    if trip != Some(1) {
        return;
    }
    let Some(iv) = f.induction_var(ir) else {
        return;
    };
    let loc = ir.op_loc(for_op);
    if ir.has_uses(iv) {
        let replacement = if let Some(c) = single_constant(&lb) {
            let index = ctx.index_type();
            let value = ctx.integer_attr(index, c as i128);
            let func_block = enclosing_function(ctx, ir, for_op)
                .and_then(|func| ir.regions(func).first().copied())
                .and_then(|r| ir.first_block(r));
            let mut b = OpBuilder::new(ctx, ir);
            match func_block {
                Some(block) => b.set_insertion_point(InsertPoint::Start(block)),
                None => b.set_insertion_point(InsertPoint::Before(for_op)),
            }
            let op = b.create_op("arith.constant", loc, &[], &[index], None, None, 0);
            set_inherent_attr(ctx, ir, op, "value", Some(value));
            ir.result(op, 0)
        } else if lb == AffineMap::identity(1) && lb_ops.len() == 1 {
            lb_ops[0]
        } else {
            let index = ctx.index_type();
            let attr = ctx.affine_map_attr(lb.clone());
            let mut b = OpBuilder::new(ctx, ir);
            b.set_insertion_point(InsertPoint::Before(for_op));
            let op = b.create_op("affine.apply", loc, &lb_ops, &[index], None, None, 0);
            set_inherent_attr(ctx, ir, op, "map", Some(attr));
            ir.result(op, 0)
        };
        ir.replace_all_uses(iv, replacement);
    }
    let body: Vec<OpId> = ir.entry_block_ops(for_op, 0);
    for op in body {
        if Some(op) == body_terminator(ir, for_op) {
            continue;
        }
        ir.move_op_before(op, for_op);
    }
    ir.erase_op(for_op);
}

fn body_terminator(ir: &Ir, for_op: OpId) -> Option<OpId> {
    let r = *ir.regions(for_op).first()?;
    let b = ir.first_block(r)?;
    ir.last_op(b)
}

/// Upstream's `fuseLoops`: a copy of `sliced` placed in `host`'s loop at
/// the slice's depth (first in its body when `at_start`, else before its
/// terminator), each fixed loop bounded to its one iteration, then
/// one-iteration loops promoted. Returns the copy's root op, or the first
/// op the promotions left in its place.
pub(crate) fn fuse_loops(
    ctx: &mut Context,
    ir: &mut Ir,
    sliced: &Nest,
    host: &Nest,
    slice: &Slice,
    at_start: bool,
) {
    let parent = host.loops[slice.depth - 1].op;
    let Some(block) = ir.regions(parent).first().and_then(|&r| ir.first_block(r)) else {
        return;
    };
    let mut map = HashMap::new();
    let copy = clone_detached(ir, sliced.loops[0].op, &mut map);
    if at_start {
        ir.prepend_op(block, copy);
    } else {
        match ir.last_op(block) {
            Some(t) => ir.insert_op_before(t, copy),
            None => ir.append_op(block, copy),
        }
    }
    let outer: Vec<Value> = host.loops[..slice.depth].iter().map(|l| l.iv).collect();
    let mut copies: Vec<OpId> = Vec::new();
    for (l, b) in sliced.loops.iter().zip(&slice.bounds) {
        let Some(&new_iv) = map.get(&l.iv) else {
            continue;
        };
        let Some(new_loop) =
            ir.block_parent_op(ir.value_block(new_iv).expect("an argument's block"))
        else {
            continue;
        };
        copies.push(new_loop);
        match b {
            Bound::Fixed(e) => {
                for (which, plus) in [(0, 0), (1, 1)] {
                    let mut m = lin_map(e, plus);
                    let mut operands = outer.clone();
                    canonicalize_map_and_operands(ctx, ir, &mut m, &mut operands);
                    set_bound(ctx, ir, new_loop, which, m, operands);
                }
            }
            Bound::Range(lo, hi) => {
                for (which, v) in [(0, *lo), (1, hi + 1)] {
                    let m = AffineMap {
                        num_dims: 0,
                        num_symbols: 0,
                        results: vec![AffineExpr::Constant(v)].into(),
                    };
                    set_bound(ctx, ir, new_loop, which, m, Vec::new());
                }
            }
            Bound::Full => {}
        }
    }
    for c in copies {
        promote_if_single_iteration(ctx, ir, c);
    }
}

/// What a private buffer replaces: the memref, the store whose region
/// sizes it, and the fusion depth.
pub(crate) struct PrivatePlan {
    pub memref: Value,
    pub depth: usize,
}

/// The `affine.for` ops around `op` up to (not including) `stop`,
/// outermost first, as [`Loop`]s when all have constant bounds.
fn loops_around(ctx: &Context, ir: &Ir, op: OpId, stop: Option<OpId>) -> Option<Vec<Loop>> {
    let mut loops = Vec::new();
    let mut cur = ir.parent_op(op);
    while let Some(p) = cur {
        if Some(p) == stop {
            break;
        }
        if ctx.str(ir.op_name(p)) == "affine.for" {
            let f = AffineForOp::from_op(ctx, ir, p)?;
            let lb = single_constant(&f.lower_bound(ctx, ir)?.0)?;
            let ub = single_constant(&f.upper_bound(ctx, ir)?.0)?;
            loops.push(Loop {
                op: p,
                iv: f.induction_var(ir)?,
                lb,
                ub,
            });
        }
        cur = ir.parent_op(p);
    }
    loops.reverse();
    Some(loops)
}

/// The region of `store` symbolic in its outer `depth` loops: the new
/// shape and, per dimension, the offset as a linear form over those loops
/// (upstream's `MemRefRegion::compute` and
/// `getConstantBoundingSizeAndShape`); `None` when the box is clipped by
/// the memref's bounds (not covered) or not linear.
pub(crate) fn private_region(
    ctx: &Context,
    ir: &Ir,
    store: OpId,
    depth: usize,
) -> Option<(Vec<i64>, Vec<Lin>, Vec<Loop>)> {
    let loops = loops_around(ctx, ir, store, None)?;
    if loops.len() < depth {
        return None;
    }
    let (memref, lins) = access_lins(ctx, ir, store, &loops)?;
    let (_, shape) = memref_info(ctx, ir.value_type(memref))?;
    let roles: Vec<LoopRole> = loops
        .iter()
        .enumerate()
        .map(|(i, l)| {
            if i < depth {
                LoopRole::Symbol
            } else {
                LoopRole::Range(l.lb, l.ub - 1)
            }
        })
        .collect();
    let dims = region_box(&lins, &roles);
    let extents = box_extents(&dims, &shape)?;
    let mut offsets = Vec::new();
    for ((d, &e), &size) in dims.iter().zip(&extents).zip(&shape) {
        let symbolic = d.symbolic.iter().any(|&c| c != 0);
        if e != d.hi.saturating_sub(d.lo).saturating_add(1)
            || (!symbolic && size >= 0 && (d.lo < 0 || d.hi > size - 1))
        {
            return None;
        }
        offsets.push(Lin {
            coeffs: d.symbolic[..depth].to_vec(),
            constant: d.lo,
        });
    }
    Some((extents, offsets, loops))
}

/// Creates the private buffer for `plan.memref` in `host_root`'s nest
/// (the first store to it sizing it), allocated at the top of the nest's
/// region, and points the accesses from the stores' slice on at it.
pub(crate) fn create_private_memref(
    ctx: &mut Context,
    ir: &mut Ir,
    host_root: OpId,
    plan: &PrivatePlan,
    fast_memory_space: Option<u32>,
    local_buf_threshold: u64,
) -> Option<Value> {
    let mut ops = Vec::new();
    super::loop_fusion_graph::post_order(ir, host_root, &mut ops);
    let store = ops.into_iter().find(|&o| {
        MemRefAccess::of(ctx, ir, o).is_some_and(|a| a.is_write && a.memref == plan.memref)
    })?;
    let (shape, offsets, loops) = private_region(ctx, ir, store, plan.depth)?;
    let old_ty = ir.value_type(plan.memref);
    let (elt_bytes, _) = memref_info(ctx, old_ty)?;
    let TypeKind::MemRef {
        element,
        memory_space,
        ..
    } = ctx.type_kind(old_ty).clone()
    else {
        return None;
    };
    let bytes = shape
        .iter()
        .fold(elt_bytes as u64, |p, &e| p.saturating_mul(e as u64));
    let space: Option<Attribute> = match fast_memory_space {
        Some(s) if bytes <= local_buf_threshold => {
            let i64t = ctx.integer_type(64, ir::Signedness::Signless);
            Some(ctx.integer_attr(i64t, s as i128))
        }
        _ => memory_space,
    };
    let new_ty = ctx.memref_type(&shape, element, None, space);
    // The outer induction variables the store's access uses, in its
    // operand order (what upstream's region is symbolic in).
    let access = MemRefAccess::of(ctx, ir, store)?;
    let (_, operands) = access.access_map(ctx, ir);
    let outer: Vec<Value> = operands
        .iter()
        .copied()
        .filter(|v| loops[..plan.depth].iter().any(|l| l.iv == *v))
        .collect();
    let rank = shape.len();
    let n = outer.len() as u32;
    let mut remap = Vec::with_capacity(rank);
    for (i, off) in offsets.iter().enumerate() {
        let mut offset = AffineExpr::Constant(off.constant);
        for (k, &c) in off.coeffs.iter().enumerate() {
            if c == 0 {
                continue;
            }
            let pos = outer.iter().position(|&v| v == loops[k].iv)? as u32;
            offset = AffineExpr::Dim(pos) * AffineExpr::Constant(c) + offset;
        }
        let e = AffineExpr::Dim(n + i as u32) - offset;
        remap.push(ir::affine::simplify_affine_expr(&e, n + rank as u32, 0));
    }
    let region = ir
        .parent_op(host_root)
        .and_then(|_| ir.op_block(host_root).and_then(|b| ir.block_region(b)))?;
    let top = ir.first_block(region)?;
    let loc = ir.op_loc(host_root);
    let alloc = {
        let mut b = OpBuilder::new(ctx, ir);
        b.set_insertion_point(InsertPoint::Start(top));
        b.create_op("memref.alloc", loc, &[], &[new_ty], None, None, 0)
    };
    let sizes = ods_runtime::attr::dense_array(ctx, &[0i32, 0]);
    set_inherent_attr(ctx, ir, alloc, "operandSegmentSizes", Some(sizes));
    let new_memref = ir.result(alloc, 0);
    let remap_is_identity = outer.is_empty()
        && remap
            .iter()
            .enumerate()
            .all(|(i, e)| *e == AffineExpr::Dim(i as u32));
    // Upstream replaces the uses the slice's first op dominates: here the
    // host nest's (the slice comes first in its loop body).
    let users: Vec<OpId> = ir
        .uses(plan.memref)
        .map(|u| u.owner)
        .filter(|&o| ir.is_ancestor(host_root, o))
        .collect();
    for user in users {
        replace_memref_use(
            ctx,
            ir,
            user,
            plan.memref,
            new_memref,
            &outer,
            &remap,
            remap_is_identity,
        )?;
    }
    Some(new_memref)
}

/// Points the affine access `op` at `new` with indices
/// `remap(outer, old indices)` (upstream's `replaceAllMemRefUsesWith` for
/// one op). Upstream first materializes a non-identity access map as one
/// `affine.apply` per result, composes them away, and erases the dead
/// ones in creation order: with a remap, those of the access map are
/// still used by the remap's when their turn comes, so they stay (dead)
/// before the access; that is kept here.
#[allow(clippy::too_many_arguments)]
fn replace_memref_use(
    ctx: &mut Context,
    ir: &mut Ir,
    op: OpId,
    old: Value,
    new: Value,
    outer: &[Value],
    remap: &[AffineExpr],
    remap_is_identity: bool,
) -> Option<()> {
    let access = MemRefAccess::of(ctx, ir, op)?;
    if access.memref != old {
        return None;
    }
    let old_map = map_of(ctx, ir, op, "map")?;
    if !remap_is_identity && old_map != AffineMap::identity(old_map.num_dims) {
        let loc = ir.op_loc(op);
        for e in old_map.results.iter() {
            let single = AffineMap {
                num_dims: old_map.num_dims,
                num_symbols: old_map.num_symbols,
                results: vec![e.clone()].into(),
            };
            let index = ctx.index_type();
            let attr = ctx.affine_map_attr(single);
            let mut b = OpBuilder::new(ctx, ir);
            b.set_insertion_point(InsertPoint::Before(op));
            let apply = b.create_op(
                "affine.apply",
                loc,
                &access.indices,
                &[index],
                None,
                None,
                0,
            );
            set_inherent_attr(ctx, ir, apply, "map", Some(attr));
        }
    }
    let n = outer.len() as u32;
    let shifted: Vec<AffineExpr> = old_map
        .results
        .iter()
        .map(|e| e.shift_dims(old_map.num_dims, n))
        .collect();
    let num_dims = n + old_map.num_dims;
    let results: Vec<AffineExpr> = remap
        .iter()
        .map(|e| {
            let dims: Vec<AffineExpr> = (0..n)
                .map(AffineExpr::Dim)
                .chain(shifted.iter().cloned())
                .collect();
            let syms: Vec<AffineExpr> = (0..old_map.num_symbols).map(AffineExpr::Symbol).collect();
            e.replace_dims_and_symbols(&dims, &syms)
        })
        .collect();
    let mut map = AffineMap {
        num_dims,
        num_symbols: old_map.num_symbols,
        results: results.into(),
    };
    let mut operands: Vec<Value> = outer.to_vec();
    let (dims, syms) = access.indices.split_at(old_map.num_dims as usize);
    operands.extend_from_slice(dims);
    operands.extend_from_slice(syms);
    compose_affine_map_and_operands(ctx, ir, &mut map, &mut operands);
    map = map.simplified();
    canonicalize_map_and_operands(ctx, ir, &mut map, &mut operands);
    let first = usize::from(access.is_write);
    let all: Vec<Value> = ir.operands(op).collect();
    let mut new_operands: Vec<Value> = all[..first].to_vec();
    new_operands.push(new);
    new_operands.extend(operands);
    new_operands.extend_from_slice(&all[first + 1 + access.indices.len()..]);
    ir.set_operands(op, &new_operands);
    let attr = ctx.affine_map_attr(map);
    set_inherent_attr(ctx, ir, op, "map", Some(attr));
    Some(())
}

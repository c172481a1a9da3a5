//! Canonicalization patterns of the affine dialect (upstream's
//! `getCanonicalizationPatterns` in `AffineOps.cpp`), as [`Pattern`]s for
//! `--canonicalize`, in MLIR 22's order per op:
//!
//! - `SimplifyAffineOp` on `affine.apply`, `affine.load`, `affine.store`,
//!   `affine.prefetch`, `affine.vector_load`, `affine.vector_store`,
//!   `affine.min` and `affine.max`: the maps of `affine.apply` ops defining
//!   operands are composed in, constants folded in, repeated and unused
//!   operands dropped ([`crate::compose`]).
//! - `affine.min`/`affine.max`: one result becomes `affine.apply`;
//!   repeated results go; results that are another min (max) of the same
//!   kind take that op's results in; results are sorted by their linear
//!   forms.
//! - `affine.for` without anything but its yield is replaced by its
//!   initial or yielded values (`AffineForEmptyLoopFolder`).
//! - `affine.if`: an else region with only its yield goes
//!   (`SimplifyDeadElse`); a condition that is trivially true or false
//!   inlines the branch taken (`AlwaysTrueOrFalseIf`).
//!
//! In: an op the greedy driver visits. Out: the op rewritten through the
//! [`Rewriter`], or no match. The folds are in [`crate::fold`].

use ir::affine::AffineMap;
use ir::builder::InsertPoint;
use ir::{OpId, Value};
use ods_runtime::op::set_inherent_attr;
use ods_runtime::Op;
use ods_transforms::rewrite::{Pattern, Rewriter};

use crate::compose::{canonicalize_map_and_operands, compose_affine_map_and_operands};

const fn pattern(root: &'static str, apply: fn(&mut Rewriter<'_>, OpId) -> bool) -> Pattern {
    Pattern {
        root,
        benefit: 1,
        apply,
    }
}

/// Every pattern of the dialect, per op in the order MLIR 22 adds them.
pub const CANONICALIZATION_PATTERNS: &[Pattern] = &[
    pattern("affine.apply", simplify_affine_op),
    pattern("affine.for", empty_loop_folder),
    pattern("affine.if", simplify_dead_else),
    pattern("affine.if", always_true_or_false_if),
    pattern("affine.load", simplify_affine_op),
    pattern("affine.max", single_result_min_max),
    pattern("affine.max", deduplicate_min_max),
    pattern("affine.max", merge_min_max),
    pattern("affine.max", simplify_affine_op),
    pattern("affine.max", order_min_max_results),
    pattern("affine.min", single_result_min_max),
    pattern("affine.min", deduplicate_min_max),
    pattern("affine.min", merge_min_max),
    pattern("affine.min", simplify_affine_op),
    pattern("affine.min", order_min_max_results),
    pattern("affine.prefetch", simplify_affine_op),
    pattern("affine.store", simplify_affine_op),
    pattern("affine.vector_load", simplify_affine_op),
    pattern("affine.vector_store", simplify_affine_op),
];

/// Where an op's map operands start (after the memref, or the stored
/// value and the memref).
fn map_operands_start(name: &str) -> usize {
    match name {
        "affine.load" | "affine.vector_load" | "affine.prefetch" => 1,
        "affine.store" | "affine.vector_store" => 2,
        _ => 0,
    }
}

/// `SimplifyAffineOp`: compose, canonicalize, and rewrite the op in place
/// when its map or operands changed.
fn simplify_affine_op(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let name = rw.ctx.str(rw.ir.op_name(op)).to_string();
    let Some(old_map) = crate::map_of(rw.ctx, rw.ir, op, "map") else {
        return false;
    };
    let start = map_operands_start(&name);
    let all: Vec<Value> = rw.ir.operands(op).collect();
    if all.len() < start || all.len() - start != (old_map.num_dims + old_map.num_symbols) as usize {
        return false;
    }
    let old_operands = all[start..].to_vec();
    let mut map = old_map.clone();
    let mut operands = old_operands.clone();
    compose_affine_map_and_operands(rw.ctx, rw.ir, &mut map, &mut operands);
    canonicalize_map_and_operands(rw.ctx, rw.ir, &mut map, &mut operands);
    crate::simplify::simplify_map_with_operands(rw.ctx, rw.ir, &mut map, &operands);
    if map == old_map && operands == old_operands {
        return false;
    }
    let mut new_operands = all[..start].to_vec();
    new_operands.extend(operands);
    set_map(rw, op, "map", map, &new_operands);
    true
}

/// Sets `op`'s map property `name` and its operands, as an in-place
/// update the driver hears of.
fn set_map(rw: &mut Rewriter<'_>, op: OpId, name: &str, map: AffineMap, operands: &[Value]) {
    let attr = rw.ctx.affine_map_attr(map);
    set_inherent_attr(rw.ctx, rw.ir, op, name, Some(attr));
    rw.ir.set_operands(op, operands);
    rw.notify_modified(op);
}

/// `CanonicalizeSingleResultAffineMinMaxOp`: a min or max of one
/// expression is that expression, an `affine.apply`.
fn single_result_min_max(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let Some(map) = crate::map_of(rw.ctx, rw.ir, op, "map") else {
        return false;
    };
    if map.results.len() != 1 {
        return false;
    }
    let operands: Vec<Value> = rw.ir.operands(op).collect();
    let loc = rw.ir.op_loc(op);
    let attr = rw.ctx.affine_map_attr(map);
    let apply = rw.build(InsertPoint::Before(op), |b| {
        let index = b.ctx.index_type();
        let mut state = ir::OperationState::new(b.ctx.ident("affine.apply"), loc);
        state.operands = operands;
        state.result_types = vec![index];
        let map_name = b.ctx.ident("map");
        state.props = Some(b.ctx.dictionary_attr(vec![ir::NamedAttribute {
            name: map_name,
            value: attr,
        }]));
        b.create(&state)
    });
    let result = rw.ir.result(apply, 0);
    rw.replace_op(op, &[result]);
    true
}

/// The trip count of an `affine.for` with constant bounds (MLIR's
/// `getTrivialConstantTripCount`): `None` unless both bounds are
/// constants.
pub fn constant_trip_count(rw_ctx: &ir::Context, ir: &ir::Ir, op: OpId) -> Option<u64> {
    let f = crate::AffineForOp::from_op(rw_ctx, ir, op)?;
    let lb = f.constant_lower_bound(rw_ctx, ir)?;
    let ub = f.constant_upper_bound(rw_ctx, ir)?;
    let step = f.step_as_int(rw_ctx, ir).max(1);
    if ub <= lb {
        return Some(0);
    }
    let span = (ub as i128) - (lb as i128);
    Some(((span + step as i128 - 1) / step as i128) as u64)
}

/// `AffineForEmptyLoopFolder`: a loop whose body holds only its yield is
/// replaced by what it would leave in its results.
fn empty_loop_folder(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let body_ops = rw.ir.entry_block_ops(op, 0);
    if body_ops.len() != 1 || rw.ir.num_results(op) == 0 {
        return false;
    }
    let trip_count = constant_trip_count(rw.ctx, rw.ir, op);
    let Some(f) = crate::AffineForOp::from_op(rw.ctx, rw.ir, op) else {
        return false;
    };
    let inits: Vec<Value> = {
        let range = f.get_inits_mutable(rw.ctx, rw.ir);
        range.map(|i| rw.ir.operand(op, i)).collect()
    };
    if trip_count == Some(0) {
        rw.replace_op(op, &inits);
        return true;
    }
    let iv = f.induction_var(rw.ir);
    let iter_args = f.get_region_iter_args(rw.ctx, rw.ir);
    let yield_op = body_ops[0];
    let mut replacements = Vec::new();
    let (mut outside, mut out_of_order) = (false, false);
    for (i, v) in rw.ir.operands(yield_op).enumerate() {
        if Some(v) == iv {
            return false;
        }
        match iter_args.iter(rw.ir).position(|a| a == v) {
            Some(pos) => {
                out_of_order |= pos != i;
                match inits.get(pos) {
                    Some(&init) => replacements.push(init),
                    None => return false,
                }
            }
            None => {
                outside = true;
                replacements.push(v);
            }
        }
    }
    if trip_count.is_none() && (outside || out_of_order) {
        return false;
    }
    if trip_count.is_some_and(|n| n >= 2) && out_of_order {
        return false;
    }
    rw.replace_op(op, &replacements);
    true
}

/// `SimplifyDeadElse`: an else region with only its terminator goes when
/// the op has no results.
fn simplify_dead_else(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    if rw.ir.num_results(op) != 0 || rw.ir.num_regions(op) < 2 {
        return false;
    }
    let else_region = rw.ir.region(op, 1);
    let Some(block) = rw.ir.first_block(else_region) else {
        return false;
    };
    if rw.ir.first_op(block) != rw.ir.last_op(block) {
        return false;
    }
    rw.ir.erase_block(block);
    rw.notify_modified(op);
    true
}

/// `AlwaysTrueOrFalseIf`: the set `(1 == 0)` takes the else branch (or
/// erases the op when it has neither results nor else), `(0 == 0)` the
/// then branch; the branch's ops move before the op, which its yielded
/// values replace.
fn always_true_or_false_if(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let Some(set) = crate::set_of(rw.ctx, rw.ir, op, "condition") else {
        return false;
    };
    let single_eq = |c: i64| matches!(&*set.constraints, [only] if only.is_eq && only.expr == ir::affine::AffineExpr::Constant(c));
    let region = if single_eq(1) {
        let else_region = rw.ir.region(op, 1);
        if rw.ir.num_results(op) == 0 && rw.ir.region_is_empty(else_region) {
            rw.erase_op(op);
            return true;
        }
        else_region
    } else if single_eq(0) {
        rw.ir.region(op, 0)
    } else {
        return false;
    };
    let Some(block) = rw.ir.first_block(region) else {
        return false;
    };
    let Some(terminator) = rw.ir.last_op(block) else {
        return false;
    };
    let yielded: Vec<Value> = rw.ir.operands(terminator).collect();
    let ops: Vec<OpId> = rw
        .ir
        .block_ops(block)
        .filter(|&o| o != terminator)
        .collect();
    for moved in ops {
        rw.ir.move_op_before(moved, op);
        rw.notify_modified(moved);
    }
    rw.replace_op(op, &yielded);
    true
}

/// `DeduplicateAffineMinMaxExpressions`: repeated results go, the first
/// kept.
fn deduplicate_min_max(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let Some(map) = crate::map_of(rw.ctx, rw.ir, op, "map") else {
        return false;
    };
    let mut results: Vec<ir::affine::AffineExpr> = Vec::with_capacity(map.results.len());
    for r in map.results.iter() {
        if !results.contains(r) {
            results.push(r.clone());
        }
    }
    if results.len() == map.results.len() {
        return false;
    }
    let operands: Vec<Value> = rw.ir.operands(op).collect();
    let map = AffineMap {
        results: results.into(),
        ..map
    };
    set_map(rw, op, "map", map, &operands);
    true
}

/// `MergeAffineMinMaxOp`: a result that is a lone dim or symbol whose
/// operand comes from an op of the same kind is replaced by that op's
/// results, over its operands appended after this op's.
fn merge_min_max(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    use ir::affine::AffineExpr;
    let name = rw.ir.op_name(op);
    let Some(map) = crate::map_of(rw.ctx, rw.ir, op, "map") else {
        return false;
    };
    let operands: Vec<Value> = rw.ir.operands(op).collect();
    let nd = (map.num_dims as usize).min(operands.len());
    let (mut dims, mut symbols) = (operands[..nd].to_vec(), operands[nd..].to_vec());
    let mut results = Vec::new();
    let mut producers = Vec::new();
    for r in map.results.iter() {
        let value = match r {
            AffineExpr::Dim(d) => dims.get(*d as usize).copied(),
            AffineExpr::Symbol(s) => symbols.get(*s as usize).copied(),
            _ => None,
        };
        let producer = value
            .and_then(|v| rw.ir.defining_op(v))
            .filter(|&p| rw.ir.op_name(p) == name);
        match producer {
            Some(p) => producers.push(p),
            None => results.push(r.clone()),
        }
    }
    if producers.is_empty() {
        return false;
    }
    let (mut used_dims, mut used_symbols) = (map.num_dims, map.num_symbols);
    for p in producers {
        let Some(pmap) = crate::map_of(rw.ctx, rw.ir, p, "map") else {
            return false;
        };
        let p_operands: Vec<Value> = rw.ir.operands(p).collect();
        let pd = (pmap.num_dims as usize).min(p_operands.len());
        dims.extend_from_slice(&p_operands[..pd]);
        symbols.extend_from_slice(&p_operands[pd..]);
        for r in pmap.results.iter() {
            results.push(
                r.shift_dims(pmap.num_dims, used_dims)
                    .shift_symbols(pmap.num_symbols, used_symbols),
            );
        }
        used_dims += pmap.num_dims;
        used_symbols += pmap.num_symbols;
    }
    let map = AffineMap {
        num_dims: used_dims,
        num_symbols: used_symbols,
        results: results.into(),
    };
    dims.extend(symbols);
    set_map(rw, op, "map", map, &dims);
    true
}

/// `CanonicalizeAffineMinMaxOpExprAndTermOrder`: results sorted by their
/// linear forms (coefficients of dims, symbols, then the constant), when
/// every result has one.
fn order_min_max_results(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let Some(map) = crate::map_of(rw.ctx, rw.ir, op, "map") else {
        return false;
    };
    let rows: Option<Vec<Vec<i64>>> = map
        .results
        .iter()
        .map(|r| ir::affine::flatten_affine_expr(r, map.num_dims, map.num_symbols))
        .collect();
    let Some(rows) = rows else {
        return false;
    };
    if rows.windows(2).all(|w| w[0] <= w[1]) {
        return false;
    }
    let mut order: Vec<usize> = (0..rows.len()).collect();
    order.sort_by(|&a, &b| rows[a].cmp(&rows[b]));
    let results: Vec<ir::affine::AffineExpr> =
        order.iter().map(|&i| map.results[i].clone()).collect();
    let operands: Vec<Value> = rw.ir.operands(op).collect();
    let map = AffineMap {
        results: results.into(),
        ..map
    };
    set_map(rw, op, "map", map, &operands);
    true
}

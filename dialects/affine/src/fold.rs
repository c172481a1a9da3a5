//! Folds of the affine ops (`hasFolder`), as MLIR 22's `AffineOps.cpp`
//! computes them.
//!
//! - `affine.apply`: a result that is one of the operands folds to it; a
//!   map whose operands are all constants folds to the value.
//! - `affine.min` / `affine.max`: with constant operands, the least or
//!   greatest result.
//! - `affine.for` (in place): bounds whose operands are constants become
//!   constants, the bound maps are composed and canonicalized with their
//!   operands, and a loop that never runs folds to its initial values.
//! - `affine.if` (in place): the set is composed and canonicalized with
//!   its operands.

use std::ops::Range;

use ir::affine::{AffineExpr, AffineMap};
use ir::{Attribute, Context, Ir, OpId, Value};
use ods_runtime::fold::OpFoldResult;
use ods_runtime::op::set_inherent_attr;
use ods_runtime::Op;

use crate::compose::{
    canonicalize_map_and_operands, canonicalize_set_and_operands, compose_affine_map_and_operands,
};
use crate::{
    AffineApplyOp, AffineForOp, AffineIfOp, AffineLoadOp, AffineMaxOp, AffineMinOp,
    AffineParallelOp, AffinePrefetchOp, AffineStoreOp,
};
use dialect_memref::fold::fold_memref_cast;

/// The integer of each constant operand.
fn constants(ctx: &Context, operands: &[Option<Attribute>]) -> Vec<Option<i64>> {
    operands
        .iter()
        .map(|a| a.and_then(|a| ods_runtime::pred::integer_attr_value(ctx, a)))
        .collect()
}

/// The results of `map` with every operand a constant (MLIR's
/// `AffineMap::constantFold`): `None` if an operand is not constant or a
/// result does not fold (a division by zero).
pub fn constant_fold_map(map: &AffineMap, operands: &[Option<i64>]) -> Option<Vec<i64>> {
    if operands.len() != (map.num_dims + map.num_symbols) as usize {
        return None;
    }
    let values: Option<Vec<i64>> = operands.iter().copied().collect();
    let values = values?;
    let (dims, symbols) = values.split_at(map.num_dims as usize);
    let dims: Vec<AffineExpr> = dims.iter().map(|&c| AffineExpr::Constant(c)).collect();
    let symbols: Vec<AffineExpr> = symbols.iter().map(|&c| AffineExpr::Constant(c)).collect();
    map.results
        .iter()
        .map(|r| r.replace_dims_and_symbols(&dims, &symbols).constant_value())
        .collect()
}

fn index_attr(ctx: &mut Context, value: i64) -> OpFoldResult {
    let index = ctx.index_type();
    OpFoldResult::Attribute(ctx.integer_attr(index, value as i128))
}

impl AffineApplyOp {
    /// MLIR's `AffineApplyOp::fold`.
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        operands: &[Option<Attribute>],
    ) -> Option<OpFoldResult> {
        let map = crate::map_of(ctx, ir, self.op(), "map")?;
        let expr = map.results.first()?;
        let passthrough = match expr {
            AffineExpr::Dim(d) => Some(*d as usize),
            AffineExpr::Symbol(s) => Some((map.num_dims + *s) as usize),
            _ => None,
        };
        if let Some(i) = passthrough {
            return (i < ir.num_operands(self.op()))
                .then(|| OpFoldResult::Value(ir.operand(self.op(), i)));
        }
        let values = constant_fold_map(&map, &constants(ctx, operands))?;
        Some(index_attr(ctx, *values.first()?))
    }
}

/// The map with each result whose inputs are all constants replaced by
/// its value, and the values when every result folded (MLIR's
/// `AffineMap::partialConstantFold`).
fn partial_constant_fold(
    map: &AffineMap,
    operands: &[Option<i64>],
) -> (AffineMap, Option<Vec<i64>>) {
    let nd = (map.num_dims as usize).min(operands.len());
    let known = |o: &Option<i64>, make: fn(u32) -> AffineExpr, i: usize| match o {
        Some(c) => AffineExpr::Constant(*c),
        None => make(i as u32),
    };
    let dims: Vec<AffineExpr> = operands[..nd]
        .iter()
        .enumerate()
        .map(|(i, o)| known(o, AffineExpr::Dim, i))
        .collect();
    let symbols: Vec<AffineExpr> = operands[nd..]
        .iter()
        .enumerate()
        .map(|(i, o)| known(o, AffineExpr::Symbol, i))
        .collect();
    let mut values = Some(Vec::with_capacity(map.results.len()));
    let results: Vec<AffineExpr> = map
        .results
        .iter()
        .map(
            |r| match r.replace_dims_and_symbols(&dims, &symbols).constant_value() {
                Some(c) => {
                    if let Some(v) = values.as_mut() {
                        v.push(c);
                    }
                    AffineExpr::Constant(c)
                }
                None => {
                    values = None;
                    r.clone()
                }
            },
        )
        .collect();
    let folded = AffineMap {
        num_dims: map.num_dims,
        num_symbols: map.num_symbols,
        results: results.into(),
    };
    (folded, values)
}

/// MLIR's `foldMinMaxOp`: fully constant results give the least
/// (`min`) or greatest one; results that fold alone become constants in
/// place; a map of one symbol, `s0`, gives operand 0.
fn fold_min_max(
    ctx: &mut Context,
    ir: &mut Ir,
    op: OpId,
    operands: &[Option<Attribute>],
    min: bool,
) -> Option<OpFoldResult> {
    let map = crate::map_of(ctx, ir, op, "map")?;
    if operands.len() != (map.num_dims + map.num_symbols) as usize {
        return None;
    }
    let (folded, values) = partial_constant_fold(&map, &constants(ctx, operands));
    let symbol_identity = folded.num_symbols == 1 && *folded.results == [AffineExpr::Symbol(0)];
    if symbol_identity {
        return (ir.num_operands(op) > 0).then(|| OpFoldResult::Value(ir.operand(op, 0)));
    }
    let Some(values) = values else {
        if folded == map {
            return None;
        }
        let attr = ctx.affine_map_attr(folded);
        set_inherent_attr(ctx, ir, op, "map", Some(attr));
        return Some(OpFoldResult::Value(ir.result(op, 0)));
    };
    let pick = if min {
        values.iter().min()
    } else {
        values.iter().max()
    };
    Some(index_attr(ctx, *pick?))
}

impl AffineMinOp {
    /// MLIR's `AffineMinOp::fold` (the fully constant case).
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        operands: &[Option<Attribute>],
    ) -> Option<OpFoldResult> {
        fold_min_max(ctx, ir, self.op(), operands, true)
    }
}

impl AffineMaxOp {
    /// MLIR's `AffineMaxOp::fold` (the fully constant case).
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        operands: &[Option<Attribute>],
    ) -> Option<OpFoldResult> {
        fold_min_max(ctx, ir, self.op(), operands, false)
    }
}

/// The operand positions of `affine.for`'s bound `which` (0 lower, 1
/// upper).
fn bound_range(ctx: &Context, ir: &Ir, op: OpId, which: usize) -> Range<usize> {
    let [lower, upper, _] = crate::format::for_operand_ranges(ir, ctx, op);
    if which == 0 {
        lower
    } else {
        upper
    }
}

/// Replaces `affine.for`'s lower (`which` 0) or upper (1) bound.
pub(crate) fn set_bound(
    ctx: &mut Context,
    ir: &mut Ir,
    op: OpId,
    which: usize,
    map: AffineMap,
    operands: Vec<Value>,
) {
    let [lb, ub, inits] = crate::format::for_operand_groups(ir, ctx, op);
    let (lb, ub) = if which == 0 {
        (operands, ub)
    } else {
        (lb, operands)
    };
    let sizes = [lb.len() as i32, ub.len() as i32, inits.len() as i32];
    let mut all = lb;
    all.extend(ub);
    all.extend(inits);
    ir.set_operands(op, &all);
    let name = if which == 0 {
        "lowerBoundMap"
    } else {
        "upperBoundMap"
    };
    let attr = ctx.affine_map_attr(map);
    set_inherent_attr(ctx, ir, op, name, Some(attr));
    let sizes = ods_runtime::attr::dense_array(ctx, &sizes);
    set_inherent_attr(ctx, ir, op, "operandSegmentSizes", Some(sizes));
}

const BOUND_MAPS: [&str; 2] = ["lowerBoundMap", "upperBoundMap"];

/// MLIR's `foldLoopBounds`: a bound whose operands are all constants
/// becomes the constant max (lower) or min (upper) of its results.
fn fold_loop_bounds(ctx: &mut Context, ir: &mut Ir, op: OpId) -> bool {
    let mut folded = false;
    for (which, name) in BOUND_MAPS.iter().enumerate() {
        // Borrowed, not copied: most bounds have a non-constant operand.
        let Some(map) = crate::map_ref(ctx, ir, op, name) else {
            continue;
        };
        if crate::single_constant(map).is_some() {
            continue;
        }
        let operands = bound_range(ctx, ir, op, which);
        // A bound folds only when every operand is a constant: most have
        // an induction variable or an argument, found before any copy.
        let constant = |k: usize| crate::compose::constant_index(ctx, ir, ir.operand(op, k));
        if !operands.clone().all(|k| constant(k).is_some()) {
            continue;
        }
        let values: Vec<Option<i64>> = operands.map(constant).collect();
        let Some(results) = constant_fold_map(map, &values) else {
            continue;
        };
        let pick = if which == 0 {
            results.iter().max()
        } else {
            results.iter().min()
        };
        let Some(&value) = pick else {
            continue;
        };
        let constant = AffineMap {
            num_dims: 0,
            num_symbols: 0,
            results: vec![AffineExpr::Constant(value)].into(),
        };
        set_bound(ctx, ir, op, which, constant, Vec::new());
        folded = true;
    }
    folded
}

/// The map with repeated results removed, first kept (MLIR's
/// `removeDuplicateExprs`).
fn remove_duplicate_results(map: AffineMap) -> AffineMap {
    let repeats = |i: usize| map.results[..i].contains(&map.results[i]);
    if !(1..map.results.len()).any(repeats) {
        return map;
    }
    let mut results: Vec<AffineExpr> = Vec::with_capacity(map.results.len());
    for r in map.results.iter() {
        if !results.contains(r) {
            results.push(r.clone());
        }
    }
    AffineMap {
        results: results.into(),
        ..map
    }
}

/// MLIR's `canonicalizeLoopBounds` for `affine.for`: each bound composed
/// and canonicalized with its operands, repeated results dropped.
fn canonicalize_loop_bounds(ctx: &mut Context, ir: &mut Ir, op: OpId) -> bool {
    let mut changed = false;
    for (which, name) in BOUND_MAPS.iter().enumerate() {
        // The map as the context holds it: one copy to rewrite, none to
        // compare with.
        let Some(old) = crate::map_ref(ctx, ir, op, name) else {
            continue;
        };
        let range = bound_range(ctx, ir, op, which);
        // A constant bound (`() -> (c)`, no operands) is what composing
        // and canonicalizing would make of it: nothing to redo.
        let constant = matches!(*old.results, [AffineExpr::Constant(_)]);
        if constant && old.num_dims + old.num_symbols == 0 && range.is_empty() {
            continue;
        }
        let mut operands: Vec<Value> = range.map(|k| ir.operand(op, k)).collect();
        let mut map = old.clone();
        compose_affine_map_and_operands(ctx, ir, &mut map, &mut operands);
        canonicalize_map_and_operands(ctx, ir, &mut map, &mut operands);
        let map = remove_duplicate_results(map);
        if map != *old {
            set_bound(ctx, ir, op, which, map, operands);
            changed = true;
        }
    }
    changed
}

impl AffineForOp {
    /// MLIR's `AffineForOp::fold`: bounds folded and canonicalized in
    /// place; a loop with results that never runs folds to its inits.
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        _operands: &[Option<Attribute>],
    ) -> Option<Vec<OpFoldResult>> {
        let op = self.op();
        let mut folded = fold_loop_bounds(ctx, ir, op);
        folded |= canonicalize_loop_bounds(ctx, ir, op);
        if ir.num_results(op) != 0
            && crate::canonicalize::constant_trip_count(ctx, ir, op) == Some(0)
        {
            let inits = self.get_inits_mutable(ctx, ir);
            return Some(
                inits
                    .map(|i| OpFoldResult::Value(ir.operand(op, i)))
                    .collect(),
            );
        }
        folded.then(Vec::new)
    }
}

impl AffineIfOp {
    /// MLIR's `AffineIfOp::fold`: the set composed with the `affine.apply`
    /// ops defining operands and canonicalized with its operands, in
    /// place.
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        _operands: &[Option<Attribute>],
    ) -> Option<Vec<OpFoldResult>> {
        let op = self.op();
        let old = crate::set_of(ctx, ir, op, "condition")?;
        let old_operands: Vec<Value> = ir.operands(op).collect();
        let mut set = old.clone();
        let mut operands = old_operands.clone();
        crate::compose::compose_set_and_operands(ctx, ir, &mut set, &mut operands);
        canonicalize_set_and_operands(ctx, ir, &mut set, &mut operands);
        if set == old && operands == old_operands {
            return None;
        }
        ir.set_operands(op, &operands);
        let attr = ctx.integer_set_attr(set);
        set_inherent_attr(ctx, ir, op, "condition", Some(attr));
        Some(Vec::new())
    }
}

impl AffineParallelOp {
    /// MLIR's `AffineParallelOp::fold` (`canonicalizeLoopBounds`): the
    /// lower and the upper bounds map, each with its operands, composed
    /// with the `affine.apply` ops defining them and canonicalized (the
    /// constants folded in, the operands deduplicated), in place. The
    /// maps keep their results, so the bound groups stay as they are.
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        _operands: &[Option<Attribute>],
    ) -> Option<Vec<OpFoldResult>> {
        let op = self.op();
        let lower = crate::map_of(ctx, ir, op, "lowerBoundsMap")?;
        let upper = crate::map_of(ctx, ir, op, "upperBoundsMap")?;
        let all: Vec<Value> = ir.operands(op).collect();
        let split = ((lower.num_dims + lower.num_symbols) as usize).min(all.len());
        let mut changed = false;
        let mut bounds = Vec::with_capacity(2);
        for (old, old_operands) in [(lower, &all[..split]), (upper, &all[split..])] {
            let mut map = old.clone();
            let mut operands = old_operands.to_vec();
            compose_affine_map_and_operands(ctx, ir, &mut map, &mut operands);
            changed |= map != old || operands != old_operands;
            bounds.push((map, operands));
        }
        if !changed {
            return None;
        }
        let mut operands = Vec::with_capacity(all.len());
        for ((map, bound_operands), name) in
            bounds.into_iter().zip(["lowerBoundsMap", "upperBoundsMap"])
        {
            operands.extend(bound_operands);
            let attr = ctx.affine_map_attr(map);
            set_inherent_attr(ctx, ir, op, name, Some(attr));
        }
        ir.set_operands(op, &operands);
        Some(Vec::new())
    }
}

impl AffineLoadOp {
    /// MLIR's `AffineLoadOp::fold`: reads through a `memref.cast` of a
    /// ranked memref (in place). Upstream also folds a load from a
    /// constant `memref.global`; that is not ported.
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        _operands: &[Option<Attribute>],
    ) -> Option<OpFoldResult> {
        let op = self.op();
        fold_memref_cast(ctx, ir, op, None).then(|| OpFoldResult::Value(ir.result(op, 0)))
    }
}

impl AffineStoreOp {
    /// MLIR's `AffineStoreOp::fold`: writes through a `memref.cast` of a
    /// ranked memref (in place; the stored value is left alone).
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        _operands: &[Option<Attribute>],
    ) -> Option<Vec<OpFoldResult>> {
        let op = self.op();
        let value = ir.operand(op, 0);
        fold_memref_cast(ctx, ir, op, Some(value)).then(Vec::new)
    }
}

impl AffinePrefetchOp {
    /// MLIR's `AffinePrefetchOp::fold`: prefetches through a
    /// `memref.cast` of a ranked memref (in place).
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        _operands: &[Option<Attribute>],
    ) -> Option<Vec<OpFoldResult>> {
        fold_memref_cast(ctx, ir, self.op(), None).then(Vec::new)
    }
}

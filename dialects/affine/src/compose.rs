//! Affine maps together with the SSA values they are applied to: folding
//! constants in, merging repeated operands, dropping unused ones, moving
//! operands between dims and symbols, and composing the maps of the
//! `affine.apply` ops that define operands (MLIR's
//! `canonicalizeMapAndOperands`, `canonicalizeSetAndOperands` and
//! `composeAffineMapAndOperands`).
//!
//! In: a map (or integer set) and its operands, dims first. Out: an
//! equivalent map and operand list, as upstream computes them, so that
//! the canonicalization patterns built on it print what `mlir-opt` prints.

use ir::affine::{AffineExpr, AffineMap, IntegerSet};
use ir::{Context, Ir, Value};
use smallvec::{smallvec, SmallVec};

use crate::validity::{affine_scope, is_top_level_value, is_valid_dim, is_valid_symbol};

/// The integer an `arith.constant` or `index.constant` gives `value`.
pub fn constant_index(ctx: &Context, ir: &Ir, value: Value) -> Option<i64> {
    let def = ir.defining_op(value)?;
    if !matches!(
        ctx.str(ir.op_name(def)),
        "arith.constant" | "index.constant"
    ) {
        return None;
    }
    let attr = ods_runtime::op::inherent_attr(ctx, ir, def, "value")?;
    ods_runtime::pred::integer_attr_value(ctx, attr)
}

/// The short lists canonicalization works with (a map has a few operands):
/// on the stack, as this runs for every bound of every loop a pass folds.
type Small<T> = SmallVec<[T; 8]>;

/// `value` is a symbol wherever it is used (MLIR's one-argument
/// `isValidSymbol`): at the top of an affine scope, or valid in the scope
/// of its definition.
pub fn is_symbol_anywhere(ctx: &Context, ir: &Ir, value: Value) -> bool {
    if !ctx.is_index(ir.value_type(value)) {
        return false;
    }
    if is_top_level_value(ctx, ir, value) {
        return true;
    }
    match ir.defining_op(value) {
        Some(def) => is_valid_symbol(ctx, ir, value, affine_scope(ctx, ir, def)),
        None => false,
    }
}

/// `value` is a dimension wherever it is used (MLIR's one-argument
/// `isValidDim`).
pub fn is_dim_anywhere(ctx: &Context, ir: &Ir, value: Value) -> bool {
    if !ctx.is_index(ir.value_type(value)) {
        return false;
    }
    if let Some(def) = ir.defining_op(value) {
        return is_valid_dim(ctx, ir, value, affine_scope(ctx, ir, def));
    }
    let parent = ir.value_block(value).and_then(|b| ir.block_parent_op(b));
    parent.is_some_and(|p| crate::validity::has_dim_arguments(ctx, ir, p))
}

/// The parts a map and an integer set share: the expressions over dims
/// and symbols. Canonicalization rewrites both alike.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Exprs {
    pub num_dims: u32,
    pub num_symbols: u32,
    pub exprs: Vec<AffineExpr>,
}

impl Exprs {
    /// Dims and symbols replaced in place (expressions that do not change
    /// are kept, as upstream keeps them).
    fn replace(
        &mut self,
        dims: &[AffineExpr],
        symbols: &[AffineExpr],
        num_dims: u32,
        num_symbols: u32,
    ) {
        ir::affine::replace_all_in_place(&mut self.exprs, dims, symbols);
        self.num_dims = num_dims;
        self.num_symbols = num_symbols;
    }

    fn used(&self) -> (Small<bool>, Small<bool>) {
        let mut dims: Small<bool> = smallvec![false; self.num_dims as usize];
        let mut symbols: Small<bool> = smallvec![false; self.num_symbols as usize];
        for e in &self.exprs {
            mark_used(e, &mut dims, &mut symbols);
        }
        (dims, symbols)
    }
}

fn mark_used(e: &AffineExpr, dims: &mut [bool], symbols: &mut [bool]) {
    match e {
        AffineExpr::Dim(d) => {
            if let Some(slot) = dims.get_mut(*d as usize) {
                *slot = true;
            }
        }
        AffineExpr::Symbol(s) => {
            if let Some(slot) = symbols.get_mut(*s as usize) {
                *slot = true;
            }
        }
        AffineExpr::Constant(_) => {}
        AffineExpr::Binary(b) => {
            mark_used(&b.1, dims, symbols);
            mark_used(&b.2, dims, symbols);
        }
    }
}

/// Dims whose operands are symbols everywhere become new symbols after
/// the existing ones (MLIR's `canonicalizePromotedSymbols`).
fn promote_symbols(ctx: &Context, ir: &Ir, e: &mut Exprs, operands: &mut Vec<Value>) {
    let num_dims = e.num_dims as usize;
    let mut kept: Small<Value> = SmallVec::new();
    let mut promoted: Small<Value> = SmallVec::new();
    let mut remap: Small<AffineExpr> = SmallVec::new();
    for &v in &operands[..num_dims] {
        if is_symbol_anywhere(ctx, ir, v) {
            remap.push(AffineExpr::Symbol(e.num_symbols + promoted.len() as u32));
            promoted.push(v);
        } else {
            remap.push(AffineExpr::Dim(kept.len() as u32));
            kept.push(v);
        }
    }
    if promoted.is_empty() {
        // The identity: nothing moves.
        return;
    }
    let new_dims = kept.len() as u32;
    kept.extend_from_slice(&operands[num_dims..]);
    kept.extend(promoted.iter().copied());
    let num_symbols = e.num_symbols + promoted.len() as u32;
    e.replace(&remap, &[], new_dims, num_symbols);
    operands.clear();
    operands.extend_from_slice(&kept);
}

/// Symbols whose operands are dims but not symbols become new dims after
/// the existing ones (MLIR's `legalizeDemotedDims`).
fn demote_dims(ctx: &Context, ir: &Ir, e: &mut Exprs, operands: &mut Vec<Value>) {
    let num_dims = e.num_dims as usize;
    let mut demoted: Small<Value> = SmallVec::new();
    let mut symbols: Small<Value> = SmallVec::new();
    let mut remap: Small<AffineExpr> = SmallVec::new();
    for &v in &operands[num_dims..] {
        if is_dim_anywhere(ctx, ir, v) && !is_symbol_anywhere(ctx, ir, v) {
            remap.push(AffineExpr::Dim((num_dims + demoted.len()) as u32));
            demoted.push(v);
        } else {
            remap.push(AffineExpr::Symbol(symbols.len() as u32));
            symbols.push(v);
        }
    }
    if demoted.is_empty() {
        // The identity: nothing moves.
        return;
    }
    let (nd, ns) = ((num_dims + demoted.len()) as u32, symbols.len() as u32);
    operands.truncate(num_dims);
    operands.extend_from_slice(&demoted);
    operands.extend_from_slice(&symbols);
    e.replace(&[], &remap, nd, ns);
}

/// MLIR's `canonicalizeMapOrSetAndOperands` over [`Exprs`].
pub fn canonicalize_exprs_and_operands(
    ctx: &Context,
    ir: &Ir,
    e: &mut Exprs,
    operands: &mut Vec<Value>,
) {
    if operands.is_empty() || operands.len() != (e.num_dims + e.num_symbols) as usize {
        return;
    }
    promote_symbols(ctx, ir, e, operands);
    demote_dims(ctx, ir, e, operands);
    let (used_dims, used_symbols) = e.used();
    let num_dims = e.num_dims as usize;
    let mut result: Small<Value> = SmallVec::new();
    let mut seen: Small<(Value, AffineExpr)> = SmallVec::new();
    let mut dim_remap: Small<AffineExpr> = smallvec![AffineExpr::Constant(0); num_dims];
    let mut next_dim = 0u32;
    for i in 0..num_dims {
        if !used_dims[i] {
            continue;
        }
        let v = operands[i];
        match seen.iter().find(|(s, _)| *s == v) {
            Some((_, expr)) => dim_remap[i] = expr.clone(),
            None => {
                dim_remap[i] = AffineExpr::Dim(next_dim);
                next_dim += 1;
                result.push(v);
                seen.push((v, dim_remap[i].clone()));
            }
        }
    }
    let mut seen_symbols: Small<(Value, AffineExpr)> = SmallVec::new();
    let mut symbol_remap: Small<AffineExpr> =
        smallvec![AffineExpr::Constant(0); e.num_symbols as usize];
    let mut next_symbol = 0u32;
    for (i, slot) in symbol_remap.iter_mut().enumerate() {
        if !used_symbols[i] {
            continue;
        }
        let v = operands[num_dims + i];
        if let Some(c) = constant_index(ctx, ir, v) {
            *slot = AffineExpr::Constant(c);
            continue;
        }
        match seen_symbols.iter().find(|(s, _)| *s == v) {
            Some((_, expr)) => *slot = expr.clone(),
            None => {
                *slot = AffineExpr::Symbol(next_symbol);
                next_symbol += 1;
                result.push(v);
                seen_symbols.push((v, slot.clone()));
            }
        }
    }
    if result.len() == operands.len() {
        // Every operand was kept, in its place: each dim and symbol maps
        // to itself, so neither the expressions nor the operands change.
        return;
    }
    e.replace(&dim_remap, &symbol_remap, next_dim, next_symbol);
    operands.clear();
    operands.extend_from_slice(&result);
}

fn map_exprs(map: &mut AffineMap) -> Exprs {
    Exprs {
        num_dims: map.num_dims,
        num_symbols: map.num_symbols,
        exprs: std::mem::take(&mut map.results).into_vec(),
    }
}

fn exprs_map(e: Exprs) -> AffineMap {
    AffineMap {
        num_dims: e.num_dims,
        num_symbols: e.num_symbols,
        results: e.exprs.into(),
    }
}

/// MLIR's `canonicalizeMapAndOperands`.
pub fn canonicalize_map_and_operands(
    ctx: &Context,
    ir: &Ir,
    map: &mut AffineMap,
    operands: &mut Vec<Value>,
) {
    let mut e = map_exprs(map);
    canonicalize_exprs_and_operands(ctx, ir, &mut e, operands);
    *map = exprs_map(e);
}

/// MLIR's `canonicalizeSetAndOperands`: the constraints' expressions are
/// rewritten as a map's results would be.
pub fn canonicalize_set_and_operands(
    ctx: &Context,
    ir: &Ir,
    set: &mut IntegerSet,
    operands: &mut Vec<Value>,
) {
    let mut e = Exprs {
        num_dims: set.num_dims,
        num_symbols: set.num_symbols,
        exprs: set.constraints.iter().map(|c| c.expr.clone()).collect(),
    };
    canonicalize_exprs_and_operands(ctx, ir, &mut e, operands);
    set.num_dims = e.num_dims;
    set.num_symbols = e.num_symbols;
    let constraints: Vec<_> = set
        .constraints
        .iter()
        .zip(e.exprs)
        .map(|(c, expr)| ir::affine::AffineConstraint {
            expr,
            is_eq: c.is_eq,
        })
        .collect();
    set.constraints = constraints.into();
}

/// The map and operands of the `affine.apply` defining `value`, if one
/// does (with one result).
fn apply_of(ctx: &Context, ir: &Ir, value: Value) -> Option<(AffineMap, Vec<Value>)> {
    let def = ir.defining_op(value)?;
    if ctx.str(ir.op_name(def)) != "affine.apply" {
        return None;
    }
    let map = crate::map_of(ctx, ir, def, "map")?;
    (map.results.len() == 1).then(|| (map, ir.operands(def).collect()))
}

/// Replaces the dim or symbol at `position` (dims first) by the
/// expression of the `affine.apply` defining its operand (MLIR's
/// `replaceDimOrSym`); the operand's slot becomes `None`.
fn replace_dim_or_symbol(
    ctx: &Context,
    ir: &Ir,
    map: &mut AffineMap,
    position: usize,
    dims: &mut Vec<Option<Value>>,
    symbols: &mut Vec<Option<Value>>,
) -> bool {
    let is_dim = position < dims.len();
    let slot = if is_dim {
        &mut dims[position]
    } else {
        &mut symbols[position - dims.len()]
    };
    let Some(v) = *slot else {
        return false;
    };
    let Some((mut inner, mut inner_operands)) = apply_of(ctx, ir, v) else {
        return false;
    };
    *slot = None;
    canonicalize_map_and_operands(ctx, ir, &mut inner, &mut inner_operands);
    let replacement = inner.results[0]
        .shift_dims(inner.num_dims, dims.len() as u32)
        .shift_symbols(inner.num_symbols, symbols.len() as u32);
    let target = if is_dim {
        AffineExpr::Dim(position as u32)
    } else {
        AffineExpr::Symbol((position - dims.len()) as u32)
    };
    let nd = inner.num_dims as usize;
    dims.extend(inner_operands[..nd].iter().map(|&v| Some(v)));
    symbols.extend(inner_operands[nd..].iter().map(|&v| Some(v)));
    // Positions of the target only: `replace_dims_and_symbols` with the
    // identity elsewhere.
    let dim_map: Vec<AffineExpr> = (0..map.num_dims)
        .map(|i| {
            let d = AffineExpr::Dim(i);
            if d == target {
                replacement.clone()
            } else {
                d
            }
        })
        .collect();
    let symbol_map: Vec<AffineExpr> = (0..map.num_symbols)
        .map(|i| {
            let s = AffineExpr::Symbol(i);
            if s == target {
                replacement.clone()
            } else {
                s
            }
        })
        .collect();
    map.replace_dims_and_symbols_in_place(
        &dim_map,
        &symbol_map,
        dims.len() as u32,
        symbols.len() as u32,
    );
    true
}

/// MLIR's `composeAffineMapAndOperands`: the `affine.apply` ops defining
/// operands are folded into `map` until none is left, then the map and
/// operands are canonicalized and the map simplified.
pub fn compose_affine_map_and_operands(
    ctx: &Context,
    ir: &Ir,
    map: &mut AffineMap,
    operands: &mut Vec<Value>,
) {
    if map.results.is_empty() {
        canonicalize_map_and_operands(ctx, ir, map, operands);
        *map = map.simplified();
        return;
    }
    let nd = (map.num_dims as usize).min(operands.len());
    let mut dims: Vec<Option<Value>> = operands[..nd].iter().map(|&v| Some(v)).collect();
    let mut symbols: Vec<Option<Value>> = operands[nd..].iter().map(|&v| Some(v)).collect();
    loop {
        let mut changed = false;
        for position in 0..dims.len() + symbols.len() {
            if replace_dim_or_symbol(ctx, ir, map, position, &mut dims, &mut symbols) {
                changed = true;
                break;
            }
        }
        if !changed {
            break;
        }
    }
    operands.clear();
    let mut dim_repl = Vec::with_capacity(dims.len());
    let mut n_dims = 0u32;
    for d in &dims {
        match d {
            Some(v) => {
                dim_repl.push(AffineExpr::Dim(n_dims));
                n_dims += 1;
                operands.push(*v);
            }
            None => dim_repl.push(AffineExpr::Constant(0)),
        }
    }
    let mut symbol_repl = Vec::with_capacity(symbols.len());
    let mut n_symbols = 0u32;
    for s in &symbols {
        match s {
            Some(v) => {
                symbol_repl.push(AffineExpr::Symbol(n_symbols));
                n_symbols += 1;
                operands.push(*v);
            }
            None => symbol_repl.push(AffineExpr::Constant(0)),
        }
    }
    map.replace_dims_and_symbols_in_place(&dim_repl, &symbol_repl, n_dims, n_symbols);
    canonicalize_map_and_operands(ctx, ir, map, operands);
    *map = map.simplified();
}

/// MLIR's `composeSetAndOperands`: the constraints are composed as the
/// results of a map would be, when an operand comes from `affine.apply`.
pub fn compose_set_and_operands(
    ctx: &Context,
    ir: &Ir,
    set: &mut IntegerSet,
    operands: &mut Vec<Value>,
) {
    if !operands.iter().any(|&v| apply_of(ctx, ir, v).is_some()) {
        return;
    }
    let mut map = AffineMap {
        num_dims: set.num_dims,
        num_symbols: set.num_symbols,
        results: set.constraints.iter().map(|c| c.expr.clone()).collect(),
    };
    compose_affine_map_and_operands(ctx, ir, &mut map, operands);
    let constraints: Vec<_> = set
        .constraints
        .iter()
        .zip(map.results.iter())
        .map(|(c, e)| ir::affine::AffineConstraint {
            expr: e.clone(),
            is_eq: c.is_eq,
        })
        .collect();
    *set = IntegerSet {
        num_dims: map.num_dims,
        num_symbols: map.num_symbols,
        constraints: constraints.into(),
    };
}

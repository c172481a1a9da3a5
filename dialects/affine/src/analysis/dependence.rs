//! Whether two affine accesses may touch one element in a given order
//! (MLIR's `checkMemrefAccessDependence` in `AffineAnalysis.cpp`).
//!
//! In: a source and a destination access and a loop depth `d` (1 is the
//! outermost common loop; one past the common loops asks about a single
//! iteration of them all). Out: no dependence, a dependence, or failure
//! (what the analysis cannot model).
//!
//! The system has a column per induction variable of each side's
//! iteration domain (the `affine.for`, `affine.parallel` and `affine.if`
//! ops around it in its affine scope: loop bounds, steps from a constant
//! lower bound, `affine.if` conditions of either branch), a column per
//! other map dimension of each side, one per symbol shared by both sides,
//! and one per division the maps hold. Equalities make the subscripts
//! equal; ordering constraints make the source run first at depth `d`
//! (equal outer induction variables, the `d`-th strictly smaller). An
//! empty system is no dependence ([`IntegerConstraints::is_empty`]).
//!
//! Failure, as upstream's: the two ops in different analysis scopes or
//! different blocks of the scope op; a bound, condition or subscript that
//! does not flatten (semi-affine).

use super::access::{
    affine_analysis_scope, ancestor_in_block, common_block_in_affine_scope, enclosing_affine_ops,
    is_before_in_block, MemRefAccess,
};
use super::constraints::IntegerConstraints;
use crate::compose::{
    canonicalize_map_and_operands, canonicalize_set_and_operands, compose_affine_map_and_operands,
};
use crate::{set_of, single_constant, AffineForOp};
use ir::affine::{flatten_affine_exprs_with_locals, AffineExpr, AffineMap};
use ir::{Context, Ir, OpId, Value};
use ods_runtime::Op;
use std::collections::HashMap;

/// What [`check_memref_access_dependence`] finds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DependenceResult {
    /// The accesses provably never touch one element in that order.
    NoDependence,
    /// They may.
    HasDependence,
    /// The analysis cannot tell (treated as a dependence where safety
    /// needs one, as no dependence where a proof of one is needed).
    Failure,
}

/// Which access a column belongs to; symbols are shared.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
enum Side {
    Src,
    Dst,
    Shared,
}

/// A row as (column, coefficient) pairs and a constant.
type Sparse = (Vec<(usize, i64)>, i64);

struct Builder<'a> {
    ctx: &'a Context,
    ir: &'a Ir,
    cons: IntegerConstraints,
    cols: HashMap<(Side, Value), usize>,
    /// The sides whose maps or sets made division columns.
    sides_with_locals: Vec<Side>,
    /// Steps from a constant lower bound: side, induction variable
    /// column, lower bound, step (see [`Builder::add_strides`]).
    strides: Vec<(Side, usize, i64, i64)>,
}

impl<'a> Builder<'a> {
    fn col(&mut self, side: Side, value: Value) -> usize {
        if let Some(&c) = self.cols.get(&(side, value)) {
            return c;
        }
        let c = self.cons.add_var();
        self.cols.insert((side, value), c);
        c
    }

    fn dense(&self, row: &Sparse) -> Vec<i64> {
        let n = self.cons.num_vars();
        let mut dense = vec![0; n + 1];
        for &(c, k) in &row.0 {
            dense[c] += k;
        }
        dense[n] = row.1;
        dense
    }

    /// Rows for `exprs` over a map's or set's operands (dims on `side`,
    /// symbols shared), with a floor-division column per division.
    fn flat_rows(
        &mut self,
        side: Side,
        exprs: &[AffineExpr],
        num_dims: u32,
        operands: &[Value],
    ) -> Option<Vec<Sparse>> {
        let nd = num_dims as usize;
        let ns = operands.len().checked_sub(nd)?;
        let forms = flatten_affine_exprs_with_locals(exprs, num_dims, ns as u32)?;
        let mut base: Vec<usize> = Vec::with_capacity(nd + ns);
        for (i, &v) in operands.iter().enumerate() {
            base.push(self.col(if i < nd { side } else { Side::Shared }, v));
        }
        let mut locals: Vec<usize> = Vec::new();
        let to_sparse = |row: &[i64], locals: &[usize]| -> Option<Sparse> {
            let (vars, constant) = row.split_at(row.len() - 1);
            let mut sparse = Vec::new();
            for (j, &k) in vars.iter().enumerate() {
                if k == 0 {
                    continue;
                }
                let c = if j < base.len() {
                    base[j]
                } else {
                    *locals.get(j - base.len())?
                };
                sparse.push((c, k));
            }
            Some((sparse, constant[0]))
        };
        if !forms.locals.is_empty() && !self.sides_with_locals.contains(&side) {
            self.sides_with_locals.push(side);
        }
        for (dividend, divisor) in &forms.locals {
            let row = to_sparse(dividend, &locals)?;
            let dense = self.dense(&row);
            locals.push(self.cons.add_floor_div(&dense, *divisor));
        }
        forms.rows.iter().map(|r| to_sparse(r, &locals)).collect()
    }

    /// A bound map composed and canonicalized as MLIR's `addBound` does.
    fn bound_rows(
        &mut self,
        side: Side,
        mut map: AffineMap,
        mut operands: Vec<Value>,
    ) -> Option<Vec<Sparse>> {
        compose_affine_map_and_operands(self.ctx, self.ir, &mut map, &mut operands);
        map = map.simplified();
        canonicalize_map_and_operands(self.ctx, self.ir, &mut map, &mut operands);
        self.flat_rows(side, &map.results, map.num_dims, &operands)
    }

    fn add_ineq(&mut self, row: Sparse) {
        let dense = self.dense(&row);
        self.cons.add_inequality(dense);
    }

    /// The iteration domain of `op` on `side`; returns its induction
    /// variables, outermost first (MLIR's `getOpIndexSet`).
    fn add_domain(&mut self, side: Side, op: OpId) -> Option<Vec<Value>> {
        let ops = enclosing_affine_ops(self.ctx, self.ir, op);
        let mut ivs = Vec::new();
        for &p in &ops {
            match AffineForOp::from_op(self.ctx, self.ir, p) {
                Some(f) => {
                    let iv = f.induction_var(self.ir)?;
                    self.col(side, iv);
                    ivs.push(iv);
                }
                None if self.ctx.str(self.ir.op_name(p)) == "affine.parallel" => {
                    for iv in self.ir.entry_block_arguments(p, 0) {
                        self.col(side, iv);
                        ivs.push(iv);
                    }
                }
                None => {}
            }
        }
        for &p in &ops {
            match AffineForOp::from_op(self.ctx, self.ir, p) {
                Some(f) => self.add_for_domain(side, f)?,
                None if self.ctx.str(self.ir.op_name(p)) == "affine.parallel" => {
                    self.add_parallel_domain(side, p)?
                }
                None => self.add_if_domain(side, p)?,
            }
        }
        Some(ivs)
    }

    /// MLIR's `addAffineForOpDomain`.
    fn add_for_domain(&mut self, side: Side, f: AffineForOp) -> Option<()> {
        let (ctx, ir) = (self.ctx, self.ir);
        let iv = self.col(side, f.induction_var(ir)?);
        let step = f.step_as_int(ctx, ir);
        let (lb_map, lb_operands) = f.lower_bound(ctx, ir)?;
        let (ub_map, ub_operands) = f.upper_bound(ctx, ir)?;
        let constant_lb = single_constant(&lb_map);
        if step != 1 {
            if let Some(lb) = constant_lb {
                self.strides.push((side, iv, lb, step));
            }
        }
        match constant_lb {
            Some(lb) => self.add_ineq((vec![(iv, 1)], -lb)),
            None => {
                for (mut terms, constant) in self.bound_rows(side, lb_map, lb_operands)? {
                    // iv - expr >= 0.
                    terms.iter_mut().for_each(|t| t.1 = -t.1);
                    terms.push((iv, 1));
                    self.add_ineq((terms, -constant));
                }
            }
        }
        match single_constant(&ub_map) {
            Some(ub) => self.add_ineq((vec![(iv, -1)], ub - 1)),
            None => {
                for (mut terms, constant) in self.bound_rows(side, ub_map, ub_operands)? {
                    // expr - 1 - iv >= 0.
                    terms.push((iv, -1));
                    self.add_ineq((terms, constant - 1));
                }
            }
        }
        Some(())
    }

    /// The stride constraints of the loops with a step other than 1 and a
    /// constant lower bound: `iv - lb = step * q` with `q = (iv - lb)
    /// floordiv step` (upstream's `addAffineForOpDomain`). What
    /// `mlir-opt-22` decides with them is matched here, not derived: a
    /// side's strides count only when the other side's relation has
    /// division columns too (its own strides, or divisions in its maps);
    /// with none there, `mlir-opt-22` finds a dependence the strides
    /// exclude (measured: `tests/corpus/passes/affine_scalrep_dependence.mlir`).
    fn add_strides(&mut self) {
        let has_locals = |side: Side, b: &Self| {
            b.sides_with_locals.contains(&side) || b.strides.iter().any(|s| s.0 == side)
        };
        let kept: Vec<(Side, usize, i64, i64)> = self
            .strides
            .iter()
            .copied()
            .filter(|&(side, ..)| {
                let other = if side == Side::Src {
                    Side::Dst
                } else {
                    Side::Src
                };
                has_locals(other, self)
            })
            .collect();
        for (_, iv, lb, step) in kept {
            let dividend = self.dense(&(vec![(iv, 1)], -lb));
            let q = self.cons.add_floor_div(&dividend, step);
            let eq = self.dense(&(vec![(iv, 1), (q, -step)], -lb));
            self.cons.add_equality(eq);
        }
    }

    /// MLIR's `addAffineParallelOpDomain`: each induction variable
    /// between the maximum of its lower bound group and the minimum of its
    /// upper bound group (steps are not used, as upstream's).
    fn add_parallel_domain(&mut self, side: Side, op: OpId) -> Option<()> {
        let (ctx, ir) = (self.ctx, self.ir);
        let lb_map = crate::map_of(ctx, ir, op, "lowerBoundsMap")?;
        let ub_map = crate::map_of(ctx, ir, op, "upperBoundsMap")?;
        let operands: Vec<Value> = ir.operands(op).collect();
        let lb_count = (lb_map.num_dims + lb_map.num_symbols) as usize;
        let (lb_operands, ub_operands) = operands.split_at(lb_count.min(operands.len()));
        let lb_groups = crate::verify::group_sizes(ctx, ir, op, "lowerBoundsGroups");
        let ub_groups = crate::verify::group_sizes(ctx, ir, op, "upperBoundsGroups");
        let ivs = ir.entry_block_arguments(op, 0);
        let group = |map: &AffineMap, sizes: &[i64], k: usize| -> Option<AffineMap> {
            let start = usize::try_from(sizes.get(..k)?.iter().sum::<i64>()).ok()?;
            let len = usize::try_from(*sizes.get(k)?).ok()?;
            Some(AffineMap {
                num_dims: map.num_dims,
                num_symbols: map.num_symbols,
                results: map.results.get(start..start + len)?.to_vec().into(),
            })
        };
        for (k, &iv) in ivs.iter().enumerate() {
            let iv = self.col(side, iv);
            let lb = group(&lb_map, &lb_groups, k)?;
            match single_constant(&lb) {
                Some(c) => self.add_ineq((vec![(iv, 1)], -c)),
                None => {
                    for (mut terms, constant) in self.bound_rows(side, lb, lb_operands.to_vec())? {
                        terms.iter_mut().for_each(|t| t.1 = -t.1);
                        terms.push((iv, 1));
                        self.add_ineq((terms, -constant));
                    }
                }
            }
            let ub = group(&ub_map, &ub_groups, k)?;
            match single_constant(&ub) {
                Some(c) => self.add_ineq((vec![(iv, -1)], c - 1)),
                None => {
                    for (mut terms, constant) in self.bound_rows(side, ub, ub_operands.to_vec())? {
                        terms.push((iv, -1));
                        self.add_ineq((terms, constant - 1));
                    }
                }
            }
        }
        Some(())
    }

    /// MLIR's `addAffineIfOpDomain`: the condition holds for ops of both
    /// branches alike.
    fn add_if_domain(&mut self, side: Side, op: OpId) -> Option<()> {
        let mut set = set_of(self.ctx, self.ir, op, "condition")?;
        let mut operands: Vec<Value> = self.ir.operands(op).collect();
        canonicalize_set_and_operands(self.ctx, self.ir, &mut set, &mut operands);
        let exprs: Vec<AffineExpr> = set.constraints.iter().map(|c| c.expr.clone()).collect();
        let rows = self.flat_rows(side, &exprs, set.num_dims, &operands)?;
        for (row, c) in rows.iter().zip(set.constraints.iter()) {
            let dense = self.dense(row);
            if c.is_eq {
                self.cons.add_equality(dense);
            } else {
                self.cons.add_inequality(dense);
            }
        }
        Some(())
    }
}

/// Whether `src` may touch an element that `dst` touches later, at
/// `loop_depth` (see the module comment). Two reads never depend.
pub fn check_memref_access_dependence(
    ctx: &Context,
    ir: &Ir,
    src: &MemRefAccess,
    dst: &MemRefAccess,
    loop_depth: usize,
) -> DependenceResult {
    check_access_dependence(ctx, ir, src, dst, loop_depth, false)
}

/// [`check_memref_access_dependence`], with two reads of one element
/// counting as a dependence when `allow_rar` is set (upstream's
/// `allowRAR`: sibling fusion slices one loop nest by the elements it
/// reads in common with another).
pub fn check_access_dependence(
    ctx: &Context,
    ir: &Ir,
    src: &MemRefAccess,
    dst: &MemRefAccess,
    loop_depth: usize,
    allow_rar: bool,
) -> DependenceResult {
    if src.memref != dst.memref || (!allow_rar && !src.is_write && !dst.is_write) {
        return DependenceResult::NoDependence;
    }
    if affine_analysis_scope(ctx, ir, src.op) != affine_analysis_scope(ctx, ir, dst.op) {
        return DependenceResult::Failure;
    }
    let Some(common_block) = common_block_in_affine_scope(ctx, ir, src.op, dst.op) else {
        return DependenceResult::Failure;
    };
    let mut b = Builder {
        ctx,
        ir,
        cons: IntegerConstraints::new(0),
        cols: HashMap::new(),
        sides_with_locals: Vec::new(),
        strides: Vec::new(),
    };
    let Some(system) = build(&mut b, src, dst) else {
        return DependenceResult::Failure;
    };
    let (src_ivs, dst_ivs) = system;
    let num_common = src_ivs
        .iter()
        .zip(&dst_ivs)
        .take_while(|(a, b)| a == b)
        .count();
    if loop_depth > num_common {
        let before = match (
            ancestor_in_block(ir, common_block, src.op),
            ancestor_in_block(ir, common_block, dst.op),
        ) {
            (Some(a), Some(d)) => is_before_in_block(ir, a, d),
            _ => false,
        };
        if !before {
            return DependenceResult::NoDependence;
        }
    }
    for i in 0..num_common.min(loop_depth) {
        let s = b.cols[&(Side::Src, src_ivs[i])];
        let d = b.cols[&(Side::Dst, dst_ivs[i])];
        if i + 1 == loop_depth {
            b.add_ineq((vec![(d, 1), (s, -1)], -1));
        } else {
            let eq = b.dense(&(vec![(d, 1), (s, -1)], 0));
            b.cons.add_equality(eq);
        }
    }
    if b.cons.is_empty() {
        DependenceResult::NoDependence
    } else {
        DependenceResult::HasDependence
    }
}

/// Both domains and the subscript equalities; the induction variables of
/// each side.
fn build(
    b: &mut Builder<'_>,
    src: &MemRefAccess,
    dst: &MemRefAccess,
) -> Option<(Vec<Value>, Vec<Value>)> {
    let src_ivs = b.add_domain(Side::Src, src.op)?;
    let dst_ivs = b.add_domain(Side::Dst, dst.op)?;
    let (src_map, src_ops) = src.access_map(b.ctx, b.ir);
    let (dst_map, dst_ops) = dst.access_map(b.ctx, b.ir);
    if src_map.results.len() != dst_map.results.len() {
        return None;
    }
    let src_rows = b.flat_rows(Side::Src, &src_map.results, src_map.num_dims, &src_ops)?;
    let dst_rows = b.flat_rows(Side::Dst, &dst_map.results, dst_map.num_dims, &dst_ops)?;
    for (s, d) in src_rows.iter().zip(&dst_rows) {
        let mut terms = s.0.clone();
        terms.extend(d.0.iter().map(|&(c, k)| (c, -k)));
        let eq = b.dense(&(terms, s.1 - d.1));
        b.cons.add_equality(eq);
    }
    b.add_strides();
    Some((src_ivs, dst_ivs))
}

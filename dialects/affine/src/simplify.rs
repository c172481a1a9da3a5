//! Simplifying `floordiv` and `mod` of a map's results with what the
//! operands are known to be: induction variables of `affine.for` loops
//! with constant bounds and steps (MLIR's `simplifyMapWithOperands`).
//!
//! In: a map and its operands (dims first). Out: the map with `e floordiv
//! c` and `e mod c` rewritten where the operands' ranges or divisors
//! decide them: `iv floordiv c` is 0 when `0 <= iv < c`, `iv mod c` is 0
//! when `c` divides every value `iv` takes, and `(q * d + r) floordiv c`
//! / `mod c` drop the term that cannot matter.

use ir::affine::{AffineBinOp, AffineExpr, AffineMap};
use ir::{Context, Ir, OpId, Value, ValueDef};

use crate::AffineForOp;
use ods_runtime::Op;

/// The `affine.for` whose induction variable `value` is (MLIR's
/// `getForInductionVarOwner`).
pub fn for_induction_var_owner(ctx: &Context, ir: &Ir, value: Value) -> Option<AffineForOp> {
    let ValueDef::Argument { block, index: 0 } = ir.value_def(value) else {
        return None;
    };
    let owner: OpId = ir.block_parent_op(block)?;
    AffineForOp::from_op(ctx, ir, owner)
}

fn gcd(a: i64, b: i64) -> i64 {
    let (mut a, mut b) = (a.unsigned_abs(), b.unsigned_abs());
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a as i64
}

/// The largest integer known to divide `e` (MLIR's static
/// `getLargestKnownDivisor` with operands): for a dim that is a loop's
/// induction variable, its step (lower bound 0) or the gcd of the lower
/// bound's divisor and the step.
fn largest_known_divisor(ctx: &Context, ir: &Ir, e: &AffineExpr, operands: &[Value]) -> i64 {
    let AffineExpr::Dim(d) = e else {
        return e.largest_known_divisor();
    };
    let Some(&operand) = operands.get(*d as usize) else {
        return 1;
    };
    let Some(f) = for_induction_var_owner(ctx, ir, operand) else {
        return 1;
    };
    let step = f.step_as_int(ctx, ir);
    if f.constant_lower_bound(ctx, ir) == Some(0) {
        return step;
    }
    let lb_divisor = crate::map_of(ctx, ir, f.op(), "lowerBoundMap")
        .map(|m| {
            m.results
                .iter()
                .fold(0, |g, r| gcd(g, r.largest_known_divisor()))
        })
        .unwrap_or(1);
    gcd(lb_divisor, step)
}

/// `0 <= e < k` is known (MLIR's `isNonNegativeBoundedBy`).
fn non_negative_bounded_by(
    ctx: &Context,
    ir: &Ir,
    e: &AffineExpr,
    operands: &[Value],
    k: i64,
) -> bool {
    match e {
        AffineExpr::Constant(c) => *c >= 0 && *c < k,
        AffineExpr::Dim(d) => operands
            .get(*d as usize)
            .and_then(|&v| for_induction_var_owner(ctx, ir, v))
            .is_some_and(|f| {
                f.constant_lower_bound(ctx, ir).is_some_and(|lb| lb >= 0)
                    && f.constant_upper_bound(ctx, ir).is_some_and(|ub| ub <= k)
            }),
        _ => false,
    }
}

/// `e` is `q * d + r` with `0 <= r < d` (MLIR's `isQTimesDPlusR`):
/// returns `d`, `q * d` and `r`.
fn q_times_d_plus_r(
    ctx: &Context,
    ir: &Ir,
    e: &AffineExpr,
    operands: &[Value],
) -> Option<(i64, AffineExpr, AffineExpr)> {
    let AffineExpr::Binary(b) = e else {
        return None;
    };
    if b.0 != AffineBinOp::Add {
        return None;
    }
    let (l, r) = (&b.1, &b.2);
    let d = largest_known_divisor(ctx, ir, l, operands);
    if non_negative_bounded_by(ctx, ir, r, operands, d) {
        return Some((d, l.clone(), r.clone()));
    }
    let d = largest_known_divisor(ctx, ir, r, operands);
    if non_negative_bounded_by(ctx, ir, l, operands, d) {
        return Some((d, r.clone(), l.clone()));
    }
    None
}

/// The constant lower bound of an `affine.for` induction variable.
fn iv_lower_bound(ctx: &Context, ir: &Ir, v: Value) -> Option<i64> {
    for_induction_var_owner(ctx, ir, v)?.constant_lower_bound(ctx, ir)
}

/// The largest value an `affine.for` induction variable takes: the last
/// step below a constant upper bound.
fn iv_upper_bound(ctx: &Context, ir: &Ir, v: Value) -> Option<i64> {
    let f = for_induction_var_owner(ctx, ir, v)?;
    let ub = f.constant_upper_bound(ctx, ir)?;
    match f.constant_lower_bound(ctx, ir) {
        Some(lb) => {
            let step = f.step_as_int(ctx, ir).max(1);
            Some(ub - 1 - (ub - lb - 1).rem_euclid(step))
        }
        None => Some(ub - 1),
    }
}

/// A constant bound of `e` from the operands' (MLIR's static
/// `getLowerBound` / `getUpperBound` of an expression).
fn expr_bound(
    ctx: &Context,
    ir: &Ir,
    e: &AffineExpr,
    num_dims: u32,
    num_symbols: u32,
    operands: &[Value],
    is_upper: bool,
) -> Option<i64> {
    if let Some(c) = e.constant_value() {
        return Some(c);
    }
    let lower: Vec<Option<i64>> = operands
        .iter()
        .map(|&v| iv_lower_bound(ctx, ir, v))
        .collect();
    let upper: Vec<Option<i64>> = operands
        .iter()
        .map(|&v| iv_upper_bound(ctx, ir, v))
        .collect();
    ir::affine::bound_for_affine_expr(e, num_dims, num_symbols, &lower, &upper, is_upper)
}

/// MLIR's `simplifyExprAndOperands` for one expression of a map over
/// `num_inputs` (dims, symbols).
fn simplify_expr(
    ctx: &Context,
    ir: &Ir,
    e: &AffineExpr,
    num_inputs: (u32, u32),
    operands: &[Value],
) -> AffineExpr {
    let AffineExpr::Binary(b) = e else {
        return e.clone();
    };
    let lhs = simplify_expr(ctx, ir, &b.1, num_inputs, operands);
    let rhs = simplify_expr(ctx, ir, &b.2, num_inputs, operands);
    let expr = AffineExpr::binary(b.0, lhs, rhs);
    let AffineExpr::Binary(b) = &expr else {
        return expr;
    };
    let (op, lhs, rhs) = (b.0, &b.1, &b.2);
    if !matches!(
        op,
        AffineBinOp::FloorDiv | AffineBinOp::CeilDiv | AffineBinOp::Mod
    ) {
        return expr;
    }
    let Some(c) = rhs.constant_value().filter(|&c| c > 0) else {
        return expr;
    };
    let (nd, ns) = (num_inputs.0, num_inputs.1);
    let lb = expr_bound(ctx, ir, lhs, nd, ns, operands, false);
    let ub = expr_bound(ctx, ir, lhs, nd, ns, operands, true);
    if let (Some(lb), Some(ub)) = (lb, ub) {
        let (fl, fu) = (lb.div_euclid(c), ub.div_euclid(c));
        if op == AffineBinOp::FloorDiv && fl == fu {
            return AffineExpr::Constant(fl);
        }
        let (cl, cu) = (-((-lb).div_euclid(c)), -((-ub).div_euclid(c)));
        if op == AffineBinOp::CeilDiv && cl == cu {
            return AffineExpr::Constant(cl);
        }
        if op == AffineBinOp::Mod && lb >= 0 && lb < c && ub < c {
            return lhs.clone();
        }
    }
    if let Some((d, q_times_d, r)) = q_times_d_plus_r(ctx, ir, lhs, operands) {
        if c % d == 0 && op == AffineBinOp::FloorDiv {
            return q_times_d.floor_div(AffineExpr::Constant(c));
        }
        if d % c == 0 && op == AffineBinOp::Mod {
            return r.modulo(AffineExpr::Constant(c));
        }
        return expr;
    }
    let floor_zero =
        op == AffineBinOp::FloorDiv && non_negative_bounded_by(ctx, ir, lhs, operands, c);
    let mod_zero = op == AffineBinOp::Mod && largest_known_divisor(ctx, ir, lhs, operands) % c == 0;
    if floor_zero || mod_zero {
        return AffineExpr::Constant(0);
    }
    expr
}

/// MLIR's `simplifyMapWithOperands`.
pub fn simplify_map_with_operands(ctx: &Context, ir: &Ir, map: &mut AffineMap, operands: &[Value]) {
    if (map.num_dims + map.num_symbols) as usize != operands.len() {
        return;
    }
    let results: Vec<AffineExpr> = map
        .results
        .iter()
        .map(|r| simplify_expr(ctx, ir, r, (map.num_dims, map.num_symbols), operands))
        .collect();
    map.results = results.into();
}

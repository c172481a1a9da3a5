//! Affine expressions in linear form: flattening a pure affine expression
//! into coefficients over dims, symbols and local variables (one per
//! distinct division), rebuilding it from that form, and the constant
//! bounds it implies (MLIR's `SimpleAffineExprFlattener`,
//! `simplifyAffineExpr`, `simplifySemiAffine` and
//! `getBoundForAffineExpr`).
//!
//! In: expressions of [`super`] over a number of dims and symbols. Out:
//! the simplified expression (what `mlir-opt` prints after composing
//! maps), the coefficient row, or a bound.

use super::{ceil_div, floor_div, gcd, modulo, AffineBinOp, AffineExpr, AffineMap};

/// Flattens pure affine expressions into coefficient rows over the dims,
/// the symbols, local variables (one per distinct `floordiv`/`ceildiv`
/// and the quotient of each `mod`) and a constant, as MLIR's
/// `SimpleAffineExprFlattener` does; [`simplify_affine_expr`] rebuilds the
/// expression from the row.
struct Flattener {
    num_dims: usize,
    num_symbols: usize,
    /// The expression each local variable stands for.
    locals: Vec<AffineExpr>,
}

impl Flattener {
    fn width(&self) -> usize {
        self.num_dims + self.num_symbols + self.locals.len() + 1
    }

    /// `row` widened to the current number of locals (the constant stays
    /// last).
    fn widen(&self, mut row: Vec<i64>) -> Vec<i64> {
        let constant = row.pop().unwrap_or(0);
        row.resize(self.width() - 1, 0);
        row.push(constant);
        row
    }

    /// The row of `e`, or `None` for a semi-affine expression or a
    /// division by a non-positive constant.
    fn flatten(&mut self, e: &AffineExpr) -> Option<Vec<i64>> {
        let unit = |this: &Self, at: usize| {
            let mut row = vec![0; this.width()];
            row[at] = 1;
            row
        };
        match e {
            AffineExpr::Dim(d) => ((*d as usize) < self.num_dims).then(|| unit(self, *d as usize)),
            AffineExpr::Symbol(s) => {
                ((*s as usize) < self.num_symbols).then(|| unit(self, self.num_dims + *s as usize))
            }
            AffineExpr::Constant(c) => {
                let mut row = vec![0; self.width()];
                *row.last_mut()? = *c;
                Some(row)
            }
            AffineExpr::Binary(b) => {
                let (op, lhs, rhs) = (b.0, &b.1, &b.2);
                let l = self.flatten(lhs)?;
                let r = self.flatten(rhs)?;
                let (l, r) = (self.widen(l), self.widen(r));
                match op {
                    AffineBinOp::Add => {
                        Some(l.iter().zip(&r).map(|(a, b)| a.wrapping_add(*b)).collect())
                    }
                    AffineBinOp::Mul => {
                        let (row, k) = match (rhs.as_const(), lhs.as_const()) {
                            (Some(k), _) => (l, k),
                            (None, Some(k)) => (r, k),
                            _ => return None,
                        };
                        Some(row.iter().map(|a| a.wrapping_mul(k)).collect())
                    }
                    AffineBinOp::FloorDiv | AffineBinOp::CeilDiv => {
                        let c = rhs.as_const().filter(|&c| c > 0)?;
                        self.divide(l, c, op == AffineBinOp::CeilDiv)
                    }
                    AffineBinOp::Mod => {
                        let c = rhs.as_const().filter(|&c| c > 0)?;
                        self.modulo(l, c)
                    }
                }
            }
        }
    }

    /// The local for `row floordiv divisor` (or ceildiv), added if new.
    fn local(&mut self, expr: AffineExpr) -> usize {
        if let Some(i) = self.locals.iter().position(|l| *l == expr) {
            return i;
        }
        self.locals.push(expr);
        self.locals.len() - 1
    }

    fn divide(&mut self, mut lhs: Vec<i64>, c: i64, ceil: bool) -> Option<Vec<i64>> {
        let g = lhs.iter().fold(c, |g, &x| gcd(g, x));
        if g != 1 {
            for x in &mut lhs {
                *x /= g;
            }
        }
        let divisor = c / g;
        if divisor == 1 {
            return Some(lhs);
        }
        let a = self.rebuild(&lhs);
        let b = AffineExpr::Constant(divisor);
        let expr = if ceil { a.ceil_div(b) } else { a.floor_div(b) };
        let at = self.local(expr);
        let mut row = vec![0; self.width()];
        row[self.num_dims + self.num_symbols + at] = 1;
        Some(row)
    }

    fn modulo(&mut self, mut lhs: Vec<i64>, c: i64) -> Option<Vec<i64>> {
        if lhs.iter().all(|x| x % c == 0) {
            return Some(vec![0; lhs.len()]);
        }
        let g = lhs.iter().fold(c, |g, &x| gcd(g, x));
        let mut dividend = lhs.clone();
        if g != 1 {
            for x in &mut dividend {
                *x /= g;
            }
        }
        let divisor = c / g;
        let expr = self
            .rebuild(&dividend)
            .floor_div(AffineExpr::Constant(divisor));
        let at = self.local(expr);
        lhs = self.widen(lhs);
        let i = self.num_dims + self.num_symbols + at;
        lhs[i] = lhs[i].wrapping_sub(c);
        Some(lhs)
    }

    /// The expression of a row: dims, symbols, locals, then the constant
    /// (MLIR's `getAffineExprFromFlatForm`).
    fn rebuild(&self, row: &[i64]) -> AffineExpr {
        let mut expr = AffineExpr::Constant(0);
        let n = row.len().saturating_sub(1);
        for (j, &k) in row.iter().enumerate().take(n) {
            if k == 0 {
                continue;
            }
            let term = if j < self.num_dims {
                AffineExpr::Dim(j as u32)
            } else if j < self.num_dims + self.num_symbols {
                AffineExpr::Symbol((j - self.num_dims) as u32)
            } else {
                match self.locals.get(j - self.num_dims - self.num_symbols) {
                    Some(l) => l.clone(),
                    None => continue,
                }
            };
            expr = expr + term * AffineExpr::Constant(k);
        }
        expr + AffineExpr::Constant(row.last().copied().unwrap_or(0))
    }
}

/// Divisions and `mod` by a symbol of what that symbol divides, done
/// symbolically: `(e * s0) mod s0` is 0, `(e * s0) floordiv s0` is `e`
/// (MLIR's `simplifySemiAffine`).
fn simplify_semi_affine(expr: &AffineExpr) -> AffineExpr {
    let AffineExpr::Binary(b) = expr else {
        return expr.clone();
    };
    let (op, lhs, rhs) = (b.0, simplify_semi_affine(&b.1), simplify_semi_affine(&b.2));
    if matches!(op, AffineBinOp::Add | AffineBinOp::Mul) {
        return AffineExpr::binary(op, lhs, rhs);
    }
    let AffineExpr::Symbol(symbol) = rhs else {
        return AffineExpr::binary(op, lhs, rhs);
    };
    if !divisible_by_symbol(&b.1, symbol, op) {
        return AffineExpr::binary(op, lhs, rhs);
    }
    if op == AffineBinOp::Mod {
        return AffineExpr::Constant(0);
    }
    symbolic_divide(&lhs, symbol, op).unwrap_or_else(|| AffineExpr::binary(op, lhs.clone(), rhs))
}

/// `e` is a multiple of symbol `symbol` (MLIR's `isDivisibleBySymbol`).
fn divisible_by_symbol(e: &AffineExpr, symbol: u32, op: AffineBinOp) -> bool {
    match e {
        AffineExpr::Constant(c) => *c == 0,
        AffineExpr::Dim(_) => false,
        AffineExpr::Symbol(s) => *s == symbol,
        AffineExpr::Binary(b) => match b.0 {
            AffineBinOp::Add => {
                divisible_by_symbol(&b.1, symbol, op) && divisible_by_symbol(&b.2, symbol, op)
            }
            AffineBinOp::Mod => {
                divisible_by_symbol(&b.1, symbol, AffineBinOp::Mod)
                    && divisible_by_symbol(&b.2, symbol, AffineBinOp::Mod)
            }
            AffineBinOp::Mul => {
                divisible_by_symbol(&b.1, symbol, op) || divisible_by_symbol(&b.2, symbol, op)
            }
            AffineBinOp::FloorDiv | AffineBinOp::CeilDiv => {
                op == b.0 && divisible_by_symbol(&b.1, symbol, b.0)
            }
        },
    }
}

/// `e` divided by symbol `symbol`, which divides it (MLIR's
/// `symbolicDivide`).
fn symbolic_divide(e: &AffineExpr, symbol: u32, op: AffineBinOp) -> Option<AffineExpr> {
    match e {
        AffineExpr::Constant(0) => Some(AffineExpr::Constant(0)),
        AffineExpr::Constant(_) | AffineExpr::Dim(_) => None,
        AffineExpr::Symbol(_) => Some(AffineExpr::Constant(1)),
        AffineExpr::Binary(b) => match b.0 {
            AffineBinOp::Add => {
                Some(symbolic_divide(&b.1, symbol, op)? + symbolic_divide(&b.2, symbol, op)?)
            }
            AffineBinOp::Mul => {
                if divisible_by_symbol(&b.1, symbol, op) {
                    Some(symbolic_divide(&b.1, symbol, op)? * b.2.clone())
                } else {
                    Some(b.1.clone() * symbolic_divide(&b.2, symbol, op)?)
                }
            }
            AffineBinOp::FloorDiv | AffineBinOp::CeilDiv => Some(AffineExpr::binary(
                b.0,
                symbolic_divide(&b.1, symbol, op)?,
                b.2.clone(),
            )),
            AffineBinOp::Mod => None,
        },
    }
}

/// `expr` over `num_dims` dims and `num_symbols` symbols, simplified by
/// flattening it into a linear form and rebuilding it (MLIR's
/// `simplifyAffineExpr`); semi-affine expressions stay as they are.
pub fn simplify_affine_expr(expr: &AffineExpr, num_dims: u32, num_symbols: u32) -> AffineExpr {
    if !expr.is_pure_affine() {
        let simplified = simplify_semi_affine(expr);
        if !simplified.is_pure_affine() {
            return simplified;
        }
        return simplify_affine_expr(&simplified, num_dims, num_symbols);
    }
    let mut flattener = Flattener {
        num_dims: num_dims as usize,
        num_symbols: num_symbols as usize,
        locals: Vec::new(),
    };
    match flattener.flatten(expr) {
        Some(row) => {
            let row = flattener.widen(row);
            flattener.rebuild(&row)
        }
        None => expr.clone(),
    }
}

/// The linear form of a pure affine `expr`: one coefficient per dim,
/// then per symbol, then the constant (MLIR's
/// `SimpleAffineExprFlattener`); `None` when the expression is
/// semi-affine or needs local variables (a `floordiv`, `ceildiv` or `mod`
/// that does not cancel out).
pub fn flatten_affine_expr(expr: &AffineExpr, num_dims: u32, num_symbols: u32) -> Option<Vec<i64>> {
    if !expr.is_pure_affine() {
        return None;
    }
    let mut flattener = Flattener {
        num_dims: num_dims as usize,
        num_symbols: num_symbols as usize,
        locals: Vec::new(),
    };
    let row = flattener.flatten(expr)?;
    flattener.locals.is_empty().then_some(row)
}

/// A constant lower (`is_upper` false) or upper bound of `expr` from
/// constant bounds of its dims and symbols (`lower[i]`, `upper[i]`, dims
/// first), when one follows (MLIR's `getBoundForAffineExpr`): divisions
/// and `mod` by positive constants are bounded through their left side,
/// other expressions through their linear form (none with divisions
/// left inside).
pub fn bound_for_affine_expr(
    expr: &AffineExpr,
    num_dims: u32,
    num_symbols: u32,
    lower: &[Option<i64>],
    upper: &[Option<i64>],
    is_upper: bool,
) -> Option<i64> {
    let bound = |e: &AffineExpr, up: bool| {
        bound_for_affine_expr(e, num_dims, num_symbols, lower, upper, up)
    };
    if let AffineExpr::Binary(b) = expr {
        let c = b.2.as_const().filter(|&c| c >= 1);
        match b.0 {
            AffineBinOp::FloorDiv => return Some(floor_div(bound(&b.1, is_upper)?, c?)),
            AffineBinOp::CeilDiv => return Some(ceil_div(bound(&b.1, is_upper)?, c?)),
            AffineBinOp::Mod => {
                if let Some(c) = c {
                    let lb = bound(&b.1, false);
                    let ub = bound(&b.1, is_upper);
                    if let (Some(lb), Some(ub)) = (lb, ub) {
                        if floor_div(lb, c) == floor_div(ub, c) {
                            return Some(if is_upper {
                                modulo(ub, c)
                            } else {
                                modulo(lb, c)
                            });
                        }
                    }
                    return Some(if is_upper { c - 1 } else { 0 });
                }
            }
            _ => {}
        }
    }
    let mut flattener = Flattener {
        num_dims: num_dims as usize,
        num_symbols: num_symbols as usize,
        locals: Vec::new(),
    };
    let row = flattener.flatten(expr)?;
    if !flattener.locals.is_empty() {
        return None;
    }
    let mut total: i64 = 0;
    for (i, &k) in row.iter().take(row.len().saturating_sub(1)).enumerate() {
        let take_upper = (k > 0) == is_upper;
        let value = if k == 0 {
            continue;
        } else if take_upper {
            (*upper.get(i)?)?
        } else {
            (*lower.get(i)?)?
        };
        total = total.wrapping_add(value.wrapping_mul(k));
    }
    Some(total.wrapping_add(*row.last()?))
}

impl AffineMap {
    /// Each result simplified by [`simplify_affine_expr`] (MLIR's
    /// `simplifyAffineMap`).
    pub fn simplified(&self) -> AffineMap {
        AffineMap {
            num_dims: self.num_dims,
            num_symbols: self.num_symbols,
            results: self
                .results
                .iter()
                .map(|r| simplify_affine_expr(r, self.num_dims, self.num_symbols))
                .collect(),
        }
    }
}

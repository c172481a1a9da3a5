//! Affine expressions in linear form: flattening an expression into
//! coefficients over dims, symbols and local variables (one per distinct
//! division, and one per distinct semi-affine product, division or `mod`),
//! rebuilding it from that form, and the constant bounds it implies
//! (MLIR's `SimpleAffineExprFlattener`, `simplifyAffineExpr` and
//! `getBoundForAffineExpr`).
//!
//! In: expressions of [`super`] over a number of dims and symbols. Out:
//! the simplified expression (what `mlir-opt` prints after composing
//! maps), the coefficient row, or a bound.

use std::cell::RefCell;

use rustc_hash::FxHashMap;

use super::semi_affine::{rebuild_semi_affine, simplify_semi_affine};
use super::{ceil_div, floor_div, gcd, modulo, AffineBinOp, AffineExpr, AffineMap};

/// Flattens expressions into coefficient rows over the dims, the symbols,
/// local variables and a constant, as MLIR's `SimpleAffineExprFlattener`
/// does: a local stands for each distinct `floordiv`/`ceildiv` by a
/// constant, the quotient of each `mod` by a constant, and each distinct
/// semi-affine product, division or `mod` (by a non-constant), rebuilt
/// from its flattened operands. [`simplify_affine_expr`] rebuilds the
/// expression from the row.
pub(super) struct Flattener {
    pub(super) num_dims: usize,
    pub(super) num_symbols: usize,
    /// The expression each local variable stands for.
    pub(super) locals: Vec<AffineExpr>,
}

impl Flattener {
    fn width(&self) -> usize {
        self.num_dims + self.num_symbols + self.locals.len() + 1
    }

    /// `row` widened to the current number of locals (the constant stays
    /// last).
    pub(super) fn widen(&self, mut row: Vec<i64>) -> Vec<i64> {
        let constant = row.pop().unwrap_or(0);
        row.resize(self.width() - 1, 0);
        row.push(constant);
        row
    }

    /// The row of `e`, or `None` for a division or `mod` by a
    /// non-positive constant (MLIR's flattener fails there) or a dim or
    /// symbol past the counts.
    pub(super) fn flatten(&mut self, e: &AffineExpr) -> Option<Vec<i64>> {
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
                if op == AffineBinOp::Add {
                    return Some(l.iter().zip(&r).map(|(a, b)| a.wrapping_add(*b)).collect());
                }
                let Some(k) = rhs.as_const() else {
                    // A semi-affine node: one local for the node rebuilt
                    // from its flattened operands.
                    let (a, b) = (self.rebuild(&l), self.rebuild(&r));
                    let at = self.local(AffineExpr::binary(op, a, b));
                    let mut row = vec![0; self.width()];
                    row[self.num_dims + self.num_symbols + at] = 1;
                    return Some(row);
                };
                if op == AffineBinOp::Mul {
                    return Some(l.iter().map(|a| a.wrapping_mul(k)).collect());
                }
                // Division and `mod` by a non-positive constant do not
                // flatten.
                if k <= 0 {
                    return None;
                }
                if op == AffineBinOp::Mod {
                    self.modulo(l, k)
                } else {
                    self.divide(l, k, op == AffineBinOp::CeilDiv)
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
    pub(super) fn rebuild(&self, row: &[i64]) -> AffineExpr {
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

/// `expr` over `num_dims` dims and `num_symbols` symbols, simplified by
/// flattening it into a linear form and rebuilding it (MLIR's
/// `simplifyAffineExpr`). A semi-affine expression is first simplified
/// symbolically (divisions by a symbol that divides their left side,
/// `mod` of a `mod` subtraction), then flattened with its semi-affine
/// parts as locals and rebuilt in MLIR's order of terms for such sums;
/// when that rebuilds it unchanged it is returned as it is.
///
/// A dim, symbol or constant is its own simplification. Other results are
/// remembered (per thread, a bounded number) by expression and counts:
/// passes simplify the same bound and subscript maps over and over (a
/// loop's bounds on each fold, every kernel's equal subscripts), and the
/// answer depends on nothing else.
pub fn simplify_affine_expr(expr: &AffineExpr, num_dims: u32, num_symbols: u32) -> AffineExpr {
    if !matches!(expr, AffineExpr::Binary(_)) {
        return expr.clone();
    }
    let key = (expr.clone(), num_dims, num_symbols);
    if let Some(known) = SIMPLIFIED.with(|m| m.borrow().get(&key).cloned()) {
        return known;
    }
    let simplified = simplify_uncached(expr, num_dims, num_symbols);
    SIMPLIFIED.with(|m| {
        let mut m = m.borrow_mut();
        if m.len() >= SIMPLIFIED_LIMIT {
            m.clear();
        }
        m.insert(key, simplified.clone());
    });
    simplified
}

/// How many simplifications [`simplify_affine_expr`] remembers before it
/// starts over.
const SIMPLIFIED_LIMIT: usize = 4096;

type SimplifiedMap = FxHashMap<(AffineExpr, u32, u32), AffineExpr>;

thread_local! {
    static SIMPLIFIED: RefCell<SimplifiedMap> = RefCell::new(FxHashMap::default());
}

fn simplify_uncached(expr: &AffineExpr, num_dims: u32, num_symbols: u32) -> AffineExpr {
    let expr = if expr.is_pure_affine() {
        expr.clone()
    } else {
        simplify_semi_affine(expr, num_dims, num_symbols)
    };
    let mut flattener = Flattener {
        num_dims: num_dims as usize,
        num_symbols: num_symbols as usize,
        locals: Vec::new(),
    };
    let Some(row) = flattener.flatten(&expr) else {
        return expr;
    };
    let row = flattener.widen(row);
    if expr.is_pure_affine() {
        return flattener.rebuild(&row);
    }
    if flattener.rebuild(&row) == expr {
        return expr;
    }
    rebuild_semi_affine(&row, &flattener)
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

/// Linear forms of several expressions over shared local variables
/// (what [`flatten_affine_exprs_with_locals`] returns).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FlatForms {
    /// One row per expression: a coefficient per dim, per symbol, per
    /// local, then the constant.
    pub rows: Vec<Vec<i64>>,
    /// Per local, in column order: the row of its dividend (same layout)
    /// and its positive divisor; the local is `floor(dividend / divisor)`.
    pub locals: Vec<(Vec<i64>, i64)>,
}

/// The linear forms of pure affine `exprs` with a local variable per
/// distinct division (MLIR's `getFlattenedAffineExprs` with the
/// local-variable constraints it records): a `ceildiv` by `c` is the
/// floor division of its dividend plus `c - 1`, a `mod` the dividend
/// minus `c` times a floor division. A constraint system holds each
/// local exactly by `divisor * q <= dividend <= divisor * q + divisor - 1`.
/// `None` for a semi-affine expression or a division by a non-positive
/// constant (where MLIR's flattener fails).
pub fn flatten_affine_exprs_with_locals(
    exprs: &[AffineExpr],
    num_dims: u32,
    num_symbols: u32,
) -> Option<FlatForms> {
    // MLIR's flattener gives up long before this many divisions matter.
    const MAX_LOCALS: usize = 256;
    let mut flattener = Flattener {
        num_dims: num_dims as usize,
        num_symbols: num_symbols as usize,
        locals: Vec::new(),
    };
    let mut rows = Vec::with_capacity(exprs.len());
    for e in exprs {
        if !e.is_pure_affine() {
            return None;
        }
        rows.push(flattener.flatten(e)?);
    }
    // Each local's dividend, flattened in turn: the divisions nested in it
    // are locals already (the flattener finds them by expression).
    let mut locals = Vec::new();
    while locals.len() < flattener.locals.len() {
        if flattener.locals.len() > MAX_LOCALS {
            return None;
        }
        let AffineExpr::Binary(b) = flattener.locals[locals.len()].clone() else {
            return None;
        };
        let divisor = b.2.as_const().filter(|&k| k > 0)?;
        let mut dividend = flattener.flatten(&b.1)?;
        match b.0 {
            AffineBinOp::FloorDiv => {}
            AffineBinOp::CeilDiv => *dividend.last_mut()? += divisor - 1,
            _ => return None,
        }
        locals.push((dividend, divisor));
    }
    Some(FlatForms {
        rows: rows.into_iter().map(|r| flattener.widen(r)).collect(),
        locals: locals
            .into_iter()
            .map(|(r, k)| (flattener.widen(r), k))
            .collect(),
    })
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

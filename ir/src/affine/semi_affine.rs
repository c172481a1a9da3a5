//! Semi-affine expressions (products of symbols, divisions and `mod` by
//! symbols): the symbolic simplifications MLIR applies before flattening
//! them (`simplifySemiAffine`, `isDivisibleBySymbol`, `symbolicDivide`,
//! `isModOfModSubtraction`) and the rebuilding of a flattened
//! semi-affine expression in MLIR's order of terms
//! (`getSemiAffineExprFromFlatForm`).
//!
//! In: expressions over a number of dims and symbols, or a flattened row
//! with the flattener's locals. Out: the simplified expression.

use super::flatten::{simplify_affine_expr, Flattener};
use super::{AffineBinOp, AffineExpr};

/// Divisions and `mod` by a symbol of what that symbol divides, done
/// symbolically (`(e * s0) mod s0` is 0, `(e * s0) floordiv s0` is `e`),
/// and `(x - x mod q) mod q` as 0 (MLIR's `simplifySemiAffine`).
pub(super) fn simplify_semi_affine(
    expr: &AffineExpr,
    num_dims: u32,
    num_symbols: u32,
) -> AffineExpr {
    let AffineExpr::Binary(b) = expr else {
        return expr.clone();
    };
    let op = b.0;
    let lhs = simplify_semi_affine(&b.1, num_dims, num_symbols);
    let rhs = simplify_semi_affine(&b.2, num_dims, num_symbols);
    if matches!(op, AffineBinOp::Add | AffineBinOp::Mul) {
        return AffineExpr::binary(op, lhs, rhs);
    }
    if is_mod_of_mod_subtraction(&lhs, &rhs, num_dims, num_symbols) {
        return AffineExpr::Constant(0);
    }
    let AffineExpr::Symbol(symbol) = rhs else {
        return AffineExpr::binary(op, lhs, rhs);
    };
    // Divisibility is decided on the left side as written, as MLIR does.
    if !divisible_by_symbol(&b.1, symbol, op) {
        return AffineExpr::binary(op, lhs, rhs);
    }
    if op == AffineBinOp::Mod {
        return AffineExpr::Constant(0);
    }
    symbolic_divide(&lhs, symbol, op).unwrap_or_else(|| AffineExpr::binary(op, lhs.clone(), rhs))
}

/// The summands of a (nested) sum, left to right.
fn summands<'a>(e: &'a AffineExpr, out: &mut Vec<&'a AffineExpr>) {
    match e.as_binary(AffineBinOp::Add) {
        Some((l, r)) => {
            summands(l, out);
            summands(r, out);
        }
        None => out.push(e),
    }
}

/// `e` when `candidate` is `e * -1` or `-1 * e`.
fn negated(candidate: &AffineExpr) -> Option<&AffineExpr> {
    let (l, r) = candidate.as_binary(AffineBinOp::Mul)?;
    if l.as_const() == Some(-1) {
        return Some(r);
    }
    (r.as_const() == Some(-1)).then_some(l)
}

/// Is `lhs mod rhs` zero because `lhs` is `x - x mod rhs` (the form loop
/// peeling leaves; MLIR's `isModOfModSubtraction`)?
fn is_mod_of_mod_subtraction(
    lhs: &AffineExpr,
    rhs: &AffineExpr,
    num_dims: u32,
    num_symbols: u32,
) -> bool {
    let mut terms = Vec::new();
    summands(lhs, &mut terms);
    for (i, term) in terms.iter().enumerate() {
        let Some(inner) = negated(term) else {
            continue;
        };
        let Some((x, q)) = inner.as_binary(AffineBinOp::Mod) else {
            continue;
        };
        if q != rhs {
            continue;
        }
        let mut diff = AffineExpr::Constant(0);
        for (j, other) in terms.iter().enumerate() {
            if i != j {
                diff = diff + (*other).clone();
            }
        }
        diff = diff - x.clone();
        if simplify_affine_expr(&diff, num_dims, num_symbols).as_const() == Some(0) {
            return true;
        }
    }
    false
}

/// `e` is a multiple of symbol `symbol` (MLIR's `isDivisibleBySymbol`;
/// `op` is the division asking, since `(a floordiv b) floordiv s` is
/// `(a floordiv s) floordiv b` but a `ceildiv` inside does not commute).
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
/// `symbolicDivide`); `None` where it does not.
fn symbolic_divide(e: &AffineExpr, symbol: u32, op: AffineBinOp) -> Option<AffineExpr> {
    match e {
        AffineExpr::Constant(0) => Some(AffineExpr::Constant(0)),
        AffineExpr::Constant(_) | AffineExpr::Dim(_) => None,
        AffineExpr::Symbol(_) => Some(AffineExpr::Constant(1)),
        AffineExpr::Binary(b) => match b.0 {
            AffineBinOp::Add => {
                Some(symbolic_divide(&b.1, symbol, op)? + symbolic_divide(&b.2, symbol, op)?)
            }
            AffineBinOp::Mod => Some(
                symbolic_divide(&b.1, symbol, b.0)?.modulo(symbolic_divide(&b.2, symbol, b.0)?),
            ),
            AffineBinOp::Mul => {
                if divisible_by_symbol(&b.1, symbol, op) {
                    Some(symbolic_divide(&b.1, symbol, op)? * b.2.clone())
                } else {
                    Some(b.1.clone() * symbolic_divide(&b.2, symbol, op)?)
                }
            }
            AffineBinOp::FloorDiv | AffineBinOp::CeilDiv => Some(AffineExpr::binary(
                b.0,
                symbolic_divide(&b.1, symbol, b.0)?,
                b.2.clone(),
            )),
        },
    }
}

/// Where a term goes in a rebuilt semi-affine sum: MLIR sorts the terms
/// by (position, key), where a dim's key and that of a local over a dim
/// and a constant count down from -1 in the order they are met, a local
/// `d * s` (or `d floordiv s`, ...) is keyed by the symbol's position,
/// and a symbol's key and that of a local over a symbol count up from
/// `max(num_dims, num_symbols)`.
type TermKey = (u32, i64);

/// The next key of a counter, which moves by `step`.
fn take(next: &mut i64, step: i64) -> i64 {
    let key = *next;
    *next += step;
    key
}

/// The expression of a flattened semi-affine row, its terms in MLIR's
/// order (`getSemiAffineExprFromFlatForm`): dims, symbols and the locals
/// of one dim or symbol by a dim, symbol or constant, sorted by
/// [`TermKey`]; then the other locals in their order; then the constant.
pub(super) fn rebuild_semi_affine(row: &[i64], flattener: &Flattener) -> AffineExpr {
    let (num_dims, num_symbols) = (flattener.num_dims, flattener.num_symbols);
    let locals_at = num_dims + num_symbols;
    let symbol_base = num_dims.max(num_symbols) as i64;
    let mut terms: Vec<(TermKey, i64, AffineExpr)> = Vec::new();
    let mut next_symbol_key = symbol_base;
    let mut next_dim_key = -1i64;
    for (j, &k) in row[num_dims..].iter().enumerate().take(num_symbols) {
        if k != 0 {
            let key = (j as u32, take(&mut next_symbol_key, 1));
            terms.push((key, k, AffineExpr::Symbol(j as u32)));
        }
    }
    let mut placed = vec![false; flattener.locals.len()];
    for (i, local) in flattener.locals.iter().enumerate() {
        let k = row[locals_at + i];
        if k == 0 {
            continue;
        }
        let AffineExpr::Binary(b) = local else {
            continue;
        };
        let key = match (&b.1, &b.2) {
            (AffineExpr::Dim(d), AffineExpr::Constant(_)) => (*d, take(&mut next_dim_key, -1)),
            (AffineExpr::Symbol(s), AffineExpr::Constant(_))
            | (AffineExpr::Symbol(s), AffineExpr::Dim(_) | AffineExpr::Symbol(_)) => {
                (*s, take(&mut next_symbol_key, 1))
            }
            (AffineExpr::Dim(d), AffineExpr::Dim(p) | AffineExpr::Symbol(p)) => (*d, i64::from(*p)),
            _ => continue,
        };
        terms.push((key, k, local.clone()));
        placed[i] = true;
    }
    for (j, &k) in row.iter().enumerate().take(num_dims) {
        if k != 0 {
            let key = (j as u32, take(&mut next_dim_key, -1));
            terms.push((key, k, AffineExpr::Dim(j as u32)));
        }
    }
    // Two locals can share a key (`d0 * s0` and `d0 mod s0`): MLIR 22
    // keeps the first one's term with the coefficients summed, so the
    // second term is lost (`mlir-opt-22` prints `(d0 * s0) * 2` for
    // `d0 * s0 + d0 mod s0`); so do we, to print what it prints.
    let mut merged: Vec<(TermKey, i64, AffineExpr)> = Vec::with_capacity(terms.len());
    for (key, k, term) in terms {
        match merged.iter_mut().find(|t| t.0 == key) {
            Some(first) => first.1 = first.1.wrapping_add(k),
            None => merged.push((key, k, term)),
        }
    }
    merged.sort_by_key(|t| t.0);
    let mut expr = AffineExpr::Constant(0);
    for (_, k, term) in merged {
        expr = expr + term * AffineExpr::Constant(k);
    }
    for (i, local) in flattener.locals.iter().enumerate() {
        let k = row[locals_at + i];
        if k != 0 && !placed[i] {
            expr = expr + local.clone() * AffineExpr::Constant(k);
        }
    }
    expr + AffineExpr::Constant(row.last().copied().unwrap_or(0))
}

#[cfg(test)]
mod tests {
    use super::super::simplify_affine_expr;
    use crate::affine::AffineExpr::{self, Constant as C, Dim as D, Symbol as S};
    use crate::print_buffer::PrintBuffer;

    fn simplified(e: AffineExpr, dims: u32, symbols: u32) -> String {
        let mut s = PrintBuffer::new();
        simplify_affine_expr(&e, dims, symbols).write(&mut s);
        s.into_string_lossy()
    }

    #[test]
    fn flattens_the_affine_parts_of_a_semi_affine_expression() {
        // ((s0 + s1) * 4) floordiv s0: the dividend is flattened.
        let e = (S(0) + S(1)) * C(4);
        assert_eq!(
            simplified(e.floor_div(S(0)), 0, 2),
            "(s0 * 4 + s1 * 4) floordiv s0"
        );
        // Products of symbols are locals; equal terms merge, and the sum
        // is rebuilt dims first, then symbols and their products.
        let e = S(1).modulo(S(0) * C(3)) + (S(0) * S(0)) * C(6) + S(0) * C(8);
        assert_eq!(
            simplified(e, 0, 2),
            "s0 * 8 + (s0 * s0) * 6 + s1 mod (s0 * 3)"
        );
        // A symbolic term goes right of one with a dim as it is added.
        let e = D(0).ceil_div(S(0) * C(3)) + S(0) * C(2) + S(0) * C(6);
        assert_eq!(simplified(e, 1, 1), "d0 ceildiv (s0 * 3) + s0 * 8");
        // d0 first, then its divisions by a constant, its products and
        // divisions by a symbol, then symbols; other locals after, in the
        // order met. `d0 mod s0` shares its place with `d0 * s0` and is
        // lost, as in mlir-opt 22.
        let e = D(0) * S(0) + D(0).modulo(S(0)) + D(0).floor_div(C(2)) + S(1) * S(0) + D(0);
        assert_eq!(
            simplified(e, 1, 2),
            "d0 + d0 floordiv 2 + (d0 * s0) * 2 + s0 * s1"
        );
    }

    #[test]
    fn divides_by_a_symbol_that_divides() {
        assert_eq!(simplified((D(0) * S(0)).floor_div(S(0)), 1, 1), "d0");
        assert_eq!(simplified((D(0) * S(0)).modulo(S(0)), 1, 1), "0");
        // (d0 - d0 mod s0) mod s0 is 0.
        let e = (D(0) - D(0).modulo(S(0))).modulo(S(0));
        assert_eq!(simplified(e, 1, 1), "0");
    }
}

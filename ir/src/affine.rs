//! Affine expressions, maps and integer sets.
//!
//! In: expressions built with the constructors here ([`AffineExpr::add`],
//! [`AffineExpr::mul`], ...), which simplify as MLIR's `AffineExpr`
//! operators do (constant folding, constants and symbols to the right,
//! merging `c1 * e + c2 * e`, `e - (e floordiv c) * c` to `e mod c`, ...).
//! Out: canonical trees that compare structurally. Their text in
//! `mlir-opt`'s spelling (`d0 - s0 * 2`, `(d0 + 1) floordiv 4`) is the
//! printer's (`printer::affine`).

use std::ops::{Add, Mul, Neg, Sub};
use std::sync::Arc;

mod flatten;
mod semi_affine;
pub use flatten::{
    bound_for_affine_expr, flatten_affine_expr, flatten_affine_exprs_with_locals,
    simplify_affine_expr, FlatForms,
};

/// `a + b`, simplified as MLIR does.
impl Add for AffineExpr {
    type Output = AffineExpr;
    fn add(self, rhs: AffineExpr) -> AffineExpr {
        self.add_simplified(rhs)
    }
}

/// `a * b`, simplified as MLIR does.
impl Mul for AffineExpr {
    type Output = AffineExpr;
    fn mul(self, rhs: AffineExpr) -> AffineExpr {
        self.mul_simplified(rhs)
    }
}

/// `-a`, which is `a * -1`.
impl Neg for AffineExpr {
    type Output = AffineExpr;
    fn neg(self) -> AffineExpr {
        self * AffineExpr::Constant(-1)
    }
}

/// `a - b`, which is `a + b * -1`.
impl Sub for AffineExpr {
    type Output = AffineExpr;
    fn sub(self, rhs: AffineExpr) -> AffineExpr {
        self + -rhs
    }
}

/// An affine expression tree. Build binary nodes with the simplifying
/// constructors, never by hand, so equal expressions compare equal.
///
/// A binary node is shared (`Arc`): cloning an expression, or a map of
/// them, copies no tree, and comparing two clones of one node stops at
/// the node (`Arc`'s equality looks at the pointers first).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum AffineExpr {
    Dim(u32),
    Symbol(u32),
    Constant(i64),
    Binary(Arc<(AffineBinOp, AffineExpr, AffineExpr)>),
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum AffineBinOp {
    Add,
    Mul,
    Mod,
    FloorDiv,
    CeilDiv,
}

fn raw(op: AffineBinOp, lhs: AffineExpr, rhs: AffineExpr) -> AffineExpr {
    AffineExpr::Binary(Arc::new((op, lhs, rhs)))
}

fn floor_div(a: i64, b: i64) -> i64 {
    let q = a.wrapping_div(b);
    if (a % b != 0) && ((a < 0) != (b < 0)) {
        q - 1
    } else {
        q
    }
}

fn ceil_div(a: i64, b: i64) -> i64 {
    let q = a.wrapping_div(b);
    if (a % b != 0) && ((a < 0) == (b < 0)) {
        q + 1
    } else {
        q
    }
}

fn modulo(a: i64, b: i64) -> i64 {
    a.rem_euclid(b)
}

fn gcd(a: i64, b: i64) -> i64 {
    let (mut a, mut b) = (a.unsigned_abs(), b.unsigned_abs());
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a as i64
}

/// `lhs + rhs` simplified as MLIR's `simplifyAdd` does, or `None` when no
/// rule applies (the caller then builds the plain sum). Rules that MLIR 22
/// applies beyond its older sources (ordering `d1 + d0`, moving a
/// `(e floordiv c) * k` term into the right operand of a sum) were pinned
/// down against mlir-opt 22 output.
fn simplify_add(lhs: &AffineExpr, rhs: &AffineExpr) -> Option<AffineExpr> {
    // Constant arithmetic wraps, as MLIR's int64_t arithmetic does.
    if let (Some(a), Some(b)) = (lhs.as_const(), rhs.as_const()) {
        return Some(AffineExpr::Constant(a.wrapping_add(b)));
    }
    // Constants, then symbolic terms, go to the right.
    if lhs.as_const().is_some() || (lhs.is_symbolic_or_constant() && !rhs.is_symbolic_or_constant())
    {
        return Some(rhs.clone() + lhs.clone());
    }
    // `d1 + d0` becomes `d0 + d1` (likewise for symbols).
    match (lhs, rhs) {
        (AffineExpr::Dim(a), AffineExpr::Dim(b))
        | (AffineExpr::Symbol(a), AffineExpr::Symbol(b))
            if a > b =>
        {
            return Some(raw(AffineBinOp::Add, rhs.clone(), lhs.clone()));
        }
        _ => {}
    }
    let rc = rhs.as_const();
    if rc == Some(0) {
        return Some(lhs.clone());
    }
    let lhs_add = lhs.as_binary(AffineBinOp::Add);
    // (e + c1) + c2 -> e + (c1 + c2).
    if let (Some((ll, lr)), Some(c2)) = (lhs_add, rc) {
        if let Some(c1) = lr.as_const() {
            return Some(ll.clone() + AffineExpr::Constant(c1.wrapping_add(c2)));
        }
    }
    // c1 * e + c2 * e -> (c1 + c2) * e.
    let split = |e: &AffineExpr| -> (AffineExpr, i64) {
        if let Some((l, r)) = e.as_binary(AffineBinOp::Mul) {
            if let Some(c) = r.as_const() {
                return (l.clone(), c);
            }
        }
        (e.clone(), 1)
    };
    let (first, c1) = split(lhs);
    let (second, c2) = split(rhs);
    if first == second {
        return Some(first * AffineExpr::Constant(c1.wrapping_add(c2)));
    }
    // (e1 + c) + e2 -> (e1 + e2) + c.
    if let Some((ll, lr)) = lhs_add {
        if lr.as_const().is_some() {
            return Some(ll.clone() + rhs.clone() + lr.clone());
        }
    }
    // e - ((e floordiv q) * q) and e + (e floordiv q) * -q become e mod q.
    let AffineExpr::Binary(rb) = rhs else {
        return None;
    };
    let (rop, rl, rr) = (rb.0, &rb.1, &rb.2);
    if rr.as_const() == Some(-1) {
        if let Some((fd, q)) = rl.as_binary(AffineBinOp::Mul) {
            let (e, q2) = fd.as_binary(AffineBinOp::FloorDiv)?;
            if q2 == q && e == lhs {
                return Some(lhs.clone().modulo(q.clone()));
            }
        }
    }
    let (e, q) = rl.as_binary(AffineBinOp::FloorDiv)?;
    if rop != AffineBinOp::Mul {
        return None;
    }
    // Modulo by a non-positive constant is never formed.
    let q_ok = q.as_const().is_none_or(|c| c > 0);
    if q_ok && e == lhs && *q == -rr.clone() {
        return Some(lhs.clone().modulo(q.clone()));
    }
    // (a + b) + (e floordiv q) * k: try the term against `b`, so that
    // `a + e - (e floordiv q) * q` still finds `e mod q`.
    if let Some((a, b)) = lhs_add {
        if let Some(s) = simplify_add(b, rhs) {
            return Some(a.clone() + s);
        }
    }
    None
}

impl AffineExpr {
    /// The value of a constant expression.
    pub fn constant_value(&self) -> Option<i64> {
        self.as_const()
    }

    pub(crate) fn as_const(&self) -> Option<i64> {
        match self {
            AffineExpr::Constant(c) => Some(*c),
            _ => None,
        }
    }

    pub(crate) fn as_binary(&self, op: AffineBinOp) -> Option<(&AffineExpr, &AffineExpr)> {
        match self {
            AffineExpr::Binary(b) if b.0 == op => Some((&b.1, &b.2)),
            _ => None,
        }
    }

    /// Is the expression built from symbols and constants only?
    pub fn is_symbolic_or_constant(&self) -> bool {
        match self {
            AffineExpr::Dim(_) => false,
            AffineExpr::Symbol(_) | AffineExpr::Constant(_) => true,
            AffineExpr::Binary(b) => b.1.is_symbolic_or_constant() && b.2.is_symbolic_or_constant(),
        }
    }

    /// Is the expression pure affine: products only by a constant,
    /// divisions and `mod` only by a constant (of any sign), as MLIR's
    /// `isPureAffine`?
    pub fn is_pure_affine(&self) -> bool {
        match self {
            AffineExpr::Binary(b) => match b.0 {
                AffineBinOp::Add => b.1.is_pure_affine() && b.2.is_pure_affine(),
                AffineBinOp::Mul => {
                    b.1.is_pure_affine()
                        && b.2.is_pure_affine()
                        && (b.1.as_const().is_some() || b.2.as_const().is_some())
                }
                _ => b.1.is_pure_affine() && b.2.as_const().is_some(),
            },
            _ => true,
        }
    }

    /// The largest integer known to divide the expression's value.
    pub fn largest_known_divisor(&self) -> i64 {
        match self {
            AffineExpr::Dim(_) | AffineExpr::Symbol(_) => 1,
            AffineExpr::Constant(c) => c.wrapping_abs(),
            AffineExpr::Binary(b) => match b.0 {
                AffineBinOp::Mul => {
                    b.1.largest_known_divisor()
                        .wrapping_mul(b.2.largest_known_divisor())
                }
                AffineBinOp::Add | AffineBinOp::Mod => {
                    gcd(b.1.largest_known_divisor(), b.2.largest_known_divisor())
                }
                AffineBinOp::FloorDiv | AffineBinOp::CeilDiv => 1,
            },
        }
    }

    fn add_simplified(self, rhs: AffineExpr) -> AffineExpr {
        match simplify_add(&self, &rhs) {
            Some(e) => e,
            None => raw(AffineBinOp::Add, self, rhs),
        }
    }

    fn mul_simplified(self, rhs: AffineExpr) -> AffineExpr {
        if let (Some(a), Some(b)) = (self.as_const(), rhs.as_const()) {
            return AffineExpr::Constant(a.wrapping_mul(b));
        }
        if !rhs.is_symbolic_or_constant() || self.as_const().is_some() {
            if self.is_symbolic_or_constant() {
                return rhs.mul(self);
            }
            // Neither side symbolic: semi-affine, kept as written.
            return raw(AffineBinOp::Mul, self, rhs);
        }
        // `s1 * s0` becomes `s0 * s1`.
        if let (AffineExpr::Symbol(a), AffineExpr::Symbol(b)) = (&self, &rhs) {
            if a > b {
                return raw(AffineBinOp::Mul, rhs, self);
            }
        }
        let rc = rhs.as_const();
        match rc {
            Some(1) => return self,
            Some(0) => return rhs,
            _ => {}
        }
        if let Some((ll, lr)) = self.as_binary(AffineBinOp::Mul) {
            if let Some(c1) = lr.as_const() {
                if let Some(c2) = rc {
                    return ll.clone().mul(AffineExpr::Constant(c1.wrapping_mul(c2)));
                }
                // (e * c) * s -> (e * s) * c.
                return ll.clone().mul(rhs).mul(lr.clone());
            }
        }
        raw(AffineBinOp::Mul, self, rhs)
    }

    /// `self floordiv rhs`, simplified.
    pub fn floor_div(self, rhs: AffineExpr) -> AffineExpr {
        let c = match self.simplify_div(&rhs, floor_div) {
            Ok(done) => return done,
            Err(Some(c)) => c,
            Err(None) => return raw(AffineBinOp::FloorDiv, self, rhs),
        };
        if let Some((ll, lr)) = self.as_binary(AffineBinOp::Add) {
            if ll.largest_known_divisor() % c == 0 || lr.largest_known_divisor() % c == 0 {
                let (ll, lr) = (ll.clone(), lr.clone());
                return ll.floor_div(rhs.clone()).add(lr.floor_div(rhs));
            }
        }
        raw(AffineBinOp::FloorDiv, self, rhs)
    }

    /// `self ceildiv rhs`, simplified.
    pub fn ceil_div(self, rhs: AffineExpr) -> AffineExpr {
        match self.simplify_div(&rhs, ceil_div) {
            Ok(done) => done,
            Err(_) => raw(AffineBinOp::CeilDiv, self, rhs),
        }
    }

    /// The simplifications `floordiv` and `ceildiv` share: folding two
    /// constants with `fold`, dividing by 1, and `(e * m) / c` when `c`
    /// divides `m`. `Err` means none applied; it carries the divisor when
    /// that is a positive constant, for the caller's own rules.
    fn simplify_div(
        &self,
        rhs: &AffineExpr,
        fold: fn(i64, i64) -> i64,
    ) -> Result<AffineExpr, Option<i64>> {
        if let (Some(a), Some(b)) = (self.as_const(), rhs.as_const()) {
            if b != 0 && !(a == i64::MIN && b == -1) {
                return Ok(AffineExpr::Constant(fold(a, b)));
            }
        }
        let Some(c) = rhs.as_const().filter(|&c| c >= 1) else {
            return Err(None);
        };
        if c == 1 {
            return Ok(self.clone());
        }
        if let Some((ll, lr)) = self.as_binary(AffineBinOp::Mul) {
            if let Some(m) = lr.as_const() {
                if m % c == 0 {
                    return Ok(ll.clone().mul(AffineExpr::Constant(m / c)));
                }
            }
        }
        Err(Some(c))
    }

    /// `self mod rhs`, simplified.
    pub fn modulo(self, rhs: AffineExpr) -> AffineExpr {
        let Some(c) = rhs.as_const().filter(|&c| c >= 1) else {
            return raw(AffineBinOp::Mod, self, rhs);
        };
        if let Some(a) = self.as_const() {
            return AffineExpr::Constant(modulo(a, c));
        }
        if self.largest_known_divisor() % c == 0 {
            return AffineExpr::Constant(0);
        }
        if let Some((ll, lr)) = self.as_binary(AffineBinOp::Add) {
            if ll.largest_known_divisor() % c == 0 {
                return lr.clone().modulo(rhs);
            }
            if lr.largest_known_divisor() % c == 0 {
                return ll.clone().modulo(rhs);
            }
        }
        if let Some((ll, lr)) = self.as_binary(AffineBinOp::Mod) {
            if let Some(m) = lr.as_const() {
                if m >= 1 && modulo(m, c) == 0 {
                    return ll.clone().modulo(rhs);
                }
            }
        }
        raw(AffineBinOp::Mod, self, rhs)
    }

    /// Applies `op` with simplification.
    pub fn binary(op: AffineBinOp, lhs: AffineExpr, rhs: AffineExpr) -> AffineExpr {
        match op {
            AffineBinOp::Add => lhs.add(rhs),
            AffineBinOp::Mul => lhs.mul(rhs),
            AffineBinOp::Mod => lhs.modulo(rhs),
            AffineBinOp::FloorDiv => lhs.floor_div(rhs),
            AffineBinOp::CeilDiv => lhs.ceil_div(rhs),
        }
    }
}

impl AffineExpr {
    /// The expression with each dim `i` replaced by `dims[i]` and each
    /// symbol `j` by `symbols[j]` (a position past the end stays), the
    /// nodes over a replaced operand rebuilt with the simplifying
    /// constructors and the others kept as they are (MLIR's
    /// `replaceDimsAndSymbols`).
    pub fn replace_dims_and_symbols(
        &self,
        dims: &[AffineExpr],
        symbols: &[AffineExpr],
    ) -> AffineExpr {
        self.replaced(dims, symbols).unwrap_or_else(|| self.clone())
    }

    /// [`AffineExpr::replace_dims_and_symbols`], `None` when the result is
    /// the expression itself (nothing is allocated then: most
    /// canonicalizations of a map change nothing).
    pub fn replaced(&self, dims: &[AffineExpr], symbols: &[AffineExpr]) -> Option<AffineExpr> {
        let leaf = |with: Option<&AffineExpr>| with.filter(|&w| w != self).cloned();
        match self {
            AffineExpr::Dim(d) => leaf(dims.get(*d as usize)),
            AffineExpr::Symbol(s) => leaf(symbols.get(*s as usize)),
            AffineExpr::Constant(_) => None,
            AffineExpr::Binary(b) => {
                let (op, lhs, rhs) = &**b;
                // As upstream: a node whose operands come back equal is
                // kept, not rebuilt.
                let new_lhs = lhs.replaced(dims, symbols).filter(|n| n != lhs);
                let new_rhs = rhs.replaced(dims, symbols).filter(|n| n != rhs);
                if new_lhs.is_none() && new_rhs.is_none() {
                    return None;
                }
                Some(AffineExpr::binary(
                    *op,
                    new_lhs.unwrap_or_else(|| lhs.clone()),
                    new_rhs.unwrap_or_else(|| rhs.clone()),
                ))
            }
        }
    }

    /// Dims `0..num_dims` renumbered from `offset` (MLIR's `shiftDims`).
    pub fn shift_dims(&self, num_dims: u32, offset: u32) -> AffineExpr {
        let dims: Vec<AffineExpr> = (0..num_dims).map(|i| AffineExpr::Dim(i + offset)).collect();
        self.replace_dims_and_symbols(&dims, &[])
    }

    /// Symbols `0..num_symbols` renumbered from `offset` (MLIR's
    /// `shiftSymbols`).
    pub fn shift_symbols(&self, num_symbols: u32, offset: u32) -> AffineExpr {
        let symbols: Vec<AffineExpr> = (0..num_symbols)
            .map(|i| AffineExpr::Symbol(i + offset))
            .collect();
        self.replace_dims_and_symbols(&[], &symbols)
    }
}

/// `(d0, d1)[s0] -> (results)`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct AffineMap {
    pub num_dims: u32,
    pub num_symbols: u32,
    pub results: Box<[AffineExpr]>,
}

impl AffineMap {
    /// `(d0, ..., dn-1) -> (d0, ..., dn-1)`? Symbols do not matter, as in
    /// MLIR's `AffineMap::isIdentity`.
    pub fn is_identity(&self) -> bool {
        self.results.len() == self.num_dims as usize
            && self
                .results
                .iter()
                .enumerate()
                .all(|(i, r)| *r == AffineExpr::Dim(i as u32))
    }

    /// The map with its results' dims and symbols replaced (see
    /// [`AffineExpr::replace_dims_and_symbols`]), over `num_dims` dims and
    /// `num_symbols` symbols.
    pub fn replace_dims_and_symbols(
        &self,
        dims: &[AffineExpr],
        symbols: &[AffineExpr],
        num_dims: u32,
        num_symbols: u32,
    ) -> AffineMap {
        AffineMap {
            num_dims,
            num_symbols,
            results: self
                .results
                .iter()
                .map(|r| r.replace_dims_and_symbols(dims, symbols))
                .collect(),
        }
    }

    /// [`AffineMap::replace_dims_and_symbols`] in place: results that do
    /// not change are neither copied nor rebuilt.
    pub fn replace_dims_and_symbols_in_place(
        &mut self,
        dims: &[AffineExpr],
        symbols: &[AffineExpr],
        num_dims: u32,
        num_symbols: u32,
    ) {
        replace_all_in_place(&mut self.results, dims, symbols);
        self.num_dims = num_dims;
        self.num_symbols = num_symbols;
    }

    /// The map of results `start..start + len`, over the same inputs
    /// (MLIR's `getSliceMap`).
    pub fn slice(&self, start: usize, len: usize) -> AffineMap {
        let end = (start + len).min(self.results.len());
        AffineMap {
            num_dims: self.num_dims,
            num_symbols: self.num_symbols,
            results: self.results[start.min(end)..end].into(),
        }
    }

    /// The identity map on `n` dims.
    pub fn identity(n: u32) -> AffineMap {
        AffineMap {
            num_dims: n,
            num_symbols: 0,
            results: (0..n).map(AffineExpr::Dim).collect(),
        }
    }
}

/// Replaces dims and symbols in each of `exprs` where that changes it
/// (see [`AffineExpr::replaced`]).
pub fn replace_all_in_place(exprs: &mut [AffineExpr], dims: &[AffineExpr], symbols: &[AffineExpr]) {
    for e in exprs {
        if let Some(new) = e.replaced(dims, symbols) {
            *e = new;
        }
    }
}

/// One constraint of an integer set: `expr == 0` or `expr >= 0`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct AffineConstraint {
    pub expr: AffineExpr,
    pub is_eq: bool,
}

/// `(d0)[s0] : (constraints)`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct IntegerSet {
    pub num_dims: u32,
    pub num_symbols: u32,
    pub constraints: Box<[AffineConstraint]>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::print_buffer::PrintBuffer;
    use AffineExpr::{Constant as C, Dim as D, Symbol as S};

    fn show(e: &AffineExpr) -> String {
        let mut s = PrintBuffer::new();
        e.write(&mut s);
        s.into_string_lossy()
    }

    #[test]
    fn simplifies_and_prints() {
        assert_eq!(show(&C(4).add(D(0))), "d0 + 4");
        assert_eq!(show(&D(0).add(C(2)).add(C(3))), "d0 + 5");
        assert_eq!(show(&D(0).add(D(0))), "d0 * 2");
        assert_eq!(show(&D(0).sub(S(0))), "d0 - s0");
        assert_eq!(show(&D(0).sub(S(0).mul(C(2)))), "d0 - s0 * 2");
        assert_eq!(show(&D(0).add(C(-3))), "d0 - 3");
        assert_eq!(show(&D(0).add(C(1)).floor_div(C(4))), "(d0 + 1) floordiv 4");
        assert_eq!(show(&D(0).mul(C(128)).floor_div(C(64))), "d0 * 2");
        assert_eq!(show(&D(0).mul(C(128)).modulo(C(64))), "0");
        let fd = D(0).floor_div(C(4)).mul(C(4));
        assert_eq!(show(&D(0).sub(fd)), "d0 mod 4");
        assert_eq!(show(&D(0).neg()), "-d0");
        assert_eq!(show(&C(-7).modulo(C(3))), "2");
    }

    #[test]
    fn replaces_and_shifts_with_simplification() {
        let e = D(0).add(S(0).mul(C(2)));
        assert_eq!(show(&e.shift_dims(1, 2)), "d2 + s0 * 2");
        assert_eq!(show(&e.shift_symbols(1, 3)), "d0 + s3 * 2");
        // d0 := 5, s0 := d1: constants fold as the result is rebuilt.
        assert_eq!(
            show(&e.replace_dims_and_symbols(&[C(5)], &[D(1)])),
            "d1 * 2 + 5"
        );
        let m = AffineMap {
            num_dims: 1,
            num_symbols: 0,
            results: vec![D(0), C(1), D(0).add(C(1))].into(),
        };
        assert_eq!(m.slice(1, 2).results.len(), 2);
        assert_eq!(m.slice(2, 5).results.len(), 1);
    }
}

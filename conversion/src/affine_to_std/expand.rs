//! Affine expressions and maps as `arith` ops (upstream's
//! `AffineApplyExpander`, `expandAffineExpr` and `expandAffineMap` in
//! `Dialect/Affine/Utils/Utils.cpp`), and the `min`/`max` chains over a
//! map's results that loop bounds and `affine.min`/`affine.max` lower to.
//!
//! The ops are built in the order upstream's visitor builds them (left
//! operand, right operand, then the op; constants where the visitor meets
//! them, never shared), so the printed IR is `mlir-opt`'s value for value:
//!
//! - `a + b`: `arith.addi`; `a * b`: `arith.muli` with `overflow<nsw>`;
//! - `a mod b`: `arith.remsi`, and `b` added when the remainder is
//!   negative;
//! - `a floordiv b`: one `arith.divsi` of `a` or `-a - 1`, the quotient
//!   corrected for negative `a`;
//! - `a ceildiv b`: one `arith.divsi` of `-a` or `a - 1`, corrected for
//!   non-positive `a`.
//!
//! A `mod`, `floordiv` or `ceildiv` by a constant that is not positive is
//! not expanded: the expansion fails with upstream's message.

use dialect_arith::{
    AddIOp, CmpIOp, CmpIPredicate, ConstantOp, DivSIOp, IntegerOverflowFlags, MaxSIOp, MinSIOp,
    MulIOp, RemSIOp, SelectOp, SubIOp,
};
use ir::affine::{AffineBinOp, AffineExpr, AffineMap};
use ir::builder::OpBuilder;
use ir::{Location, Value};
use ods_runtime::Op;

/// Why an expansion failed: upstream's message, emitted at the op.
pub type ExpansionError = &'static str;

/// An `arith.constant` of type `index`.
pub fn index_constant(b: &mut OpBuilder<'_>, loc: Location, value: i64) -> Value {
    let index = b.ctx.index_type();
    let attr = b.ctx.integer_attr(index, i128::from(value));
    let c = ConstantOp::build(b, loc, index, attr);
    b.ir.result(c.op(), 0)
}

/// Builds the ops computing `expr` of `dims` and `symbols` at `b`'s
/// insertion point. `None` when a division or modulo is by a constant
/// that is not positive (the message is pushed on `errors`).
pub fn expand_affine_expr(
    b: &mut OpBuilder<'_>,
    loc: Location,
    expr: &AffineExpr,
    dims: &[Value],
    symbols: &[Value],
    errors: &mut Vec<ExpansionError>,
) -> Option<Value> {
    let mut expander = Expander {
        b,
        loc,
        dims,
        symbols,
        errors,
    };
    expander.visit(expr)
}

/// Builds the ops computing every result of `map` applied to `operands`
/// (dimensions first, then symbols). Every result is expanded even after
/// one fails, as upstream does, so each failure reports its message;
/// `None` when any failed.
pub fn expand_affine_map(
    b: &mut OpBuilder<'_>,
    loc: Location,
    map: &AffineMap,
    operands: &[Value],
    errors: &mut Vec<ExpansionError>,
) -> Option<Vec<Value>> {
    let num_dims = (map.num_dims as usize).min(operands.len());
    let (dims, symbols) = operands.split_at(num_dims);
    let expanded: Vec<Option<Value>> = map
        .results
        .iter()
        .map(|expr| expand_affine_expr(b, loc, expr, dims, symbols, errors))
        .collect();
    expanded.into_iter().collect()
}

/// Which way a chain of values is reduced.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reduction {
    /// `arith.minsi` (upper bounds, `affine.min`).
    Min,
    /// `arith.maxsi` (lower bounds, `affine.max`).
    Max,
}

/// The minimum or maximum of `values`, as a linear chain of
/// `arith.minsi`/`arith.maxsi` from the first value on (upstream's
/// `buildMinMaxReductionSeq`: a chain rather than a tree, which later
/// passes recognize as a reduction). `None` for no values.
pub fn min_max_chain(
    b: &mut OpBuilder<'_>,
    loc: Location,
    reduction: Reduction,
    values: &[Value],
) -> Option<Value> {
    let (&first, rest) = values.split_first()?;
    let mut value = first;
    for &next in rest {
        value = match reduction {
            Reduction::Max => MaxSIOp::build(b, loc, value, next).result(b.ctx, b.ir),
            Reduction::Min => MinSIOp::build(b, loc, value, next).result(b.ctx, b.ir),
        };
    }
    Some(value)
}

/// The results of `map` applied to `operands`, reduced with `reduction`
/// (upstream's `lowerAffineMapMax` / `lowerAffineMapMin`).
pub fn lower_map_min_max(
    b: &mut OpBuilder<'_>,
    loc: Location,
    reduction: Reduction,
    map: &AffineMap,
    operands: &[Value],
    errors: &mut Vec<ExpansionError>,
) -> Option<Value> {
    let values = expand_affine_map(b, loc, map, operands, errors)?;
    min_max_chain(b, loc, reduction, &values)
}

struct Expander<'x, 'b> {
    b: &'x mut OpBuilder<'b>,
    loc: Location,
    dims: &'x [Value],
    symbols: &'x [Value],
    errors: &'x mut Vec<ExpansionError>,
}

impl Expander<'_, '_> {
    fn visit(&mut self, expr: &AffineExpr) -> Option<Value> {
        match expr {
            AffineExpr::Dim(i) => self.dims.get(*i as usize).copied(),
            AffineExpr::Symbol(i) => self.symbols.get(*i as usize).copied(),
            AffineExpr::Constant(c) => Some(index_constant(self.b, self.loc, *c)),
            AffineExpr::Binary(node) => {
                let (op, lhs, rhs) = &**node;
                match op {
                    AffineBinOp::Add => self.add(lhs, rhs),
                    AffineBinOp::Mul => self.mul(lhs, rhs),
                    AffineBinOp::Mod => self.modulo(lhs, rhs),
                    AffineBinOp::FloorDiv => self.floor_div(lhs, rhs),
                    AffineBinOp::CeilDiv => self.ceil_div(lhs, rhs),
                }
            }
        }
    }

    /// Both operands, visited left first (both are visited even when the
    /// left one fails).
    fn operands(&mut self, lhs: &AffineExpr, rhs: &AffineExpr) -> Option<(Value, Value)> {
        let l = self.visit(lhs);
        let r = self.visit(rhs);
        Some((l?, r?))
    }

    /// Fails with `message` when `rhs` is a constant that is not positive.
    fn check_divisor(&mut self, rhs: &AffineExpr, message: ExpansionError) -> Option<()> {
        match rhs {
            AffineExpr::Constant(c) if *c <= 0 => {
                self.errors.push(message);
                None
            }
            _ => Some(()),
        }
    }

    fn add(&mut self, lhs: &AffineExpr, rhs: &AffineExpr) -> Option<Value> {
        let (l, r) = self.operands(lhs, rhs)?;
        Some(AddIOp::build(self.b, self.loc, l, r, None).result(self.b.ctx, self.b.ir))
    }

    fn mul(&mut self, lhs: &AffineExpr, rhs: &AffineExpr) -> Option<Value> {
        let (l, r) = self.operands(lhs, rhs)?;
        let nsw = Some(IntegerOverflowFlags::NSW);
        Some(MulIOp::build(self.b, self.loc, l, r, nsw).result(self.b.ctx, self.b.ir))
    }

    fn cmp(&mut self, predicate: CmpIPredicate, l: Value, r: Value) -> Value {
        let i1 = self.b.ctx.int_type(1);
        CmpIOp::build(self.b, self.loc, i1, predicate, l, r).result(self.b.ctx, self.b.ir)
    }

    fn select(&mut self, c: Value, t: Value, f: Value) -> Value {
        SelectOp::build(self.b, self.loc, c, t, f).result(self.b.ctx, self.b.ir)
    }

    fn sub(&mut self, l: Value, r: Value) -> Value {
        SubIOp::build(self.b, self.loc, l, r, None).result(self.b.ctx, self.b.ir)
    }

    fn div(&mut self, l: Value, r: Value) -> Value {
        DivSIOp::build(self.b, self.loc, l, r, false).result(self.b.ctx, self.b.ir)
    }

    /// `a mod b = let r = a rem b in r < 0 ? r + b : r`.
    fn modulo(&mut self, lhs: &AffineExpr, rhs: &AffineExpr) -> Option<Value> {
        self.check_divisor(rhs, "modulo by non-positive value is not supported")?;
        let (a, b) = self.operands(lhs, rhs)?;
        let remainder = RemSIOp::build(self.b, self.loc, a, b).result(self.b.ctx, self.b.ir);
        let zero = index_constant(self.b, self.loc, 0);
        let negative = self.cmp(CmpIPredicate::Slt, remainder, zero);
        let corrected =
            AddIOp::build(self.b, self.loc, remainder, b, None).result(self.b.ctx, self.b.ir);
        Some(self.select(negative, corrected, remainder))
    }

    /// `a floordiv b = a < 0 ? -((-a - 1) / b) - 1 : a / b`, one division.
    fn floor_div(&mut self, lhs: &AffineExpr, rhs: &AffineExpr) -> Option<Value> {
        self.check_divisor(rhs, "division by non-positive value is not supported")?;
        let (a, b) = self.operands(lhs, rhs)?;
        let zero = index_constant(self.b, self.loc, 0);
        let minus_one = index_constant(self.b, self.loc, -1);
        let negative = self.cmp(CmpIPredicate::Slt, a, zero);
        let negated_decremented = self.sub(minus_one, a);
        let dividend = self.select(negative, negated_decremented, a);
        let quotient = self.div(dividend, b);
        let corrected = self.sub(minus_one, quotient);
        Some(self.select(negative, corrected, quotient))
    }

    /// `a ceildiv b = a <= 0 ? -(-a / b) : (a - 1) / b + 1`, one division.
    fn ceil_div(&mut self, lhs: &AffineExpr, rhs: &AffineExpr) -> Option<Value> {
        self.check_divisor(rhs, "division by non-positive value is not supported")?;
        let (a, b) = self.operands(lhs, rhs)?;
        let zero = index_constant(self.b, self.loc, 0);
        let one = index_constant(self.b, self.loc, 1);
        let non_positive = self.cmp(CmpIPredicate::Sle, a, zero);
        let negated = self.sub(zero, a);
        let decremented = self.sub(a, one);
        let dividend = self.select(non_positive, negated, decremented);
        let quotient = self.div(dividend, b);
        let negated_quotient = self.sub(zero, quotient);
        let incremented =
            AddIOp::build(self.b, self.loc, quotient, one, None).result(self.b.ctx, self.b.ir);
        Some(self.select(non_positive, negated_quotient, incremented))
    }
}

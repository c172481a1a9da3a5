//! Canonicalization patterns of the `complex` dialect (upstream's
//! `getCanonicalizationPatterns` in `ComplexOps.cpp`), as [`Pattern`]s for
//! `--canonicalize`: chains of `complex.bitcast` and `arith.bitcast`
//! merged, the real or imaginary part of a negated `complex.create` read
//! as a negated operand.
//!
//! In: an op the greedy driver visits. Out: the op rewritten through the
//! [`Rewriter`] (new ops at its location, as upstream's C++ patterns
//! give them), or no match.

use super::{BitcastOp, CreateOp, NegOp};
use dialect_arith::{BitcastOp as ArithBitcastOp, NegFOp};
use ir::builder::InsertPoint;
use ir::{OpId, TypeKind};
use ods_runtime::Op;
use ods_transforms::rewrite::{def, pattern, replace_with_new};
use ods_transforms::rewrite::{Pattern, Rewriter};

/// Every pattern of the dialect, in the order upstream registers them
/// (ops by name, each op's patterns in its own order).
pub const CANONICALIZATION_PATTERNS: &[Pattern] = &[
    pattern("arith.bitcast", merge_arith_bitcast),
    pattern("complex.bitcast", merge_complex_bitcast),
    pattern("complex.im", fold_component_neg::<1>),
    pattern("complex.re", fold_component_neg::<0>),
];

/// `complex.bitcast(complex.bitcast(x))` -> one bitcast from `x` (an
/// `arith.bitcast` when neither end is complex), and
/// `complex.bitcast(arith.bitcast(x))` -> `complex.bitcast(x)`.
fn merge_complex_bitcast(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let input = rw.ir.operand(op, 0);
    let ty = rw.ir.value_type(rw.ir.result(op, 0));
    let loc = rw.ir.op_loc(op);
    let is_complex = |rw: &Rewriter<'_>, t| matches!(rw.ctx.type_kind(t), TypeKind::Complex { .. });
    if let Some(inner) = def::<BitcastOp>(rw, input) {
        let x = rw.ir.operand(inner.op(), 0);
        let complex_end = is_complex(rw, ty) || is_complex(rw, rw.ir.value_type(x));
        return replace_with_new(rw, op, InsertPoint::Before(op), |b| {
            if complex_end {
                BitcastOp::build(b, loc, ty, x).op()
            } else {
                ArithBitcastOp::build(b, loc, ty, x).op()
            }
        });
    }
    let Some(inner) = def::<ArithBitcastOp>(rw, input) else {
        return false;
    };
    let x = rw.ir.operand(inner.op(), 0);
    replace_with_new(rw, op, InsertPoint::Before(op), |b| {
        BitcastOp::build(b, loc, ty, x).op()
    })
}

/// `arith.bitcast(complex.bitcast(x))` -> `complex.bitcast(x)`.
fn merge_arith_bitcast(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let Some(inner) = def::<BitcastOp>(rw, rw.ir.operand(op, 0)) else {
        return false;
    };
    let x = rw.ir.operand(inner.op(), 0);
    let ty = rw.ir.value_type(rw.ir.result(op, 0));
    let loc = rw.ir.op_loc(op);
    replace_with_new(rw, op, InsertPoint::Before(op), |b| {
        BitcastOp::build(b, loc, ty, x).op()
    })
}

/// `re(neg(create(a, b)))` -> `negf(a)` and `im(neg(create(a, b)))` ->
/// `negf(b)` (`PART` 0 and 1).
fn fold_component_neg<const PART: usize>(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let Some(neg) = def::<NegOp>(rw, rw.ir.operand(op, 0)) else {
        return false;
    };
    let Some(create) = def::<CreateOp>(rw, rw.ir.operand(neg.op(), 0)) else {
        return false;
    };
    let part = rw.ir.operand(create.op(), PART);
    let loc = rw.ir.op_loc(op);
    replace_with_new(rw, op, InsertPoint::Before(op), |b| {
        NegFOp::build(b, loc, part, None).op()
    })
}

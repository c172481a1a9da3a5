//! The tutorial's chapter 3 rewrites, as Rust patterns registered with
//! the dialect ([`crate::registry`]), so `--canonicalize` and every
//! pipeline holding it run them:
//!
//! - `transpose(transpose(x))` is `x` (`SimplifyRedundantTranspose`);
//! - `reshape(reshape(x))` is `reshape(x)` (`ReshapeReshapeOptPattern`);
//! - a reshape to its input's own type is its input
//!   (`RedundantReshapeOptPattern`).
//!
//! In: the op a pattern is rooted at. Out: `true` when it rewrote it.

use ods_runtime::ir::builder::InsertPoint;
use ods_runtime::ir::OpId;
use ods_runtime::Op;
use ods_transforms::rewrite::{Pattern, Rewriter};

use crate::ops::{ReshapeOp, TransposeOp};

/// The dialect's canonicalization patterns.
pub const PATTERNS: &[Pattern] = &[
    Pattern {
        root: "toy.transpose",
        benefit: 1,
        apply: simplify_redundant_transpose,
    },
    Pattern {
        root: "toy.reshape",
        benefit: 1,
        apply: reshape_reshape,
    },
    Pattern {
        root: "toy.reshape",
        benefit: 1,
        apply: redundant_reshape,
    },
];

/// `transpose(transpose(x))` becomes `x`.
pub fn simplify_redundant_transpose(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let outer = TransposeOp::from_op_unchecked(op);
    let Some(def) = rw.ir.defining_op(outer.input(rw.ir)) else {
        return false;
    };
    let Some(inner) = TransposeOp::from_op(rw.ctx, rw.ir, def) else {
        return false;
    };
    let input = inner.input(rw.ir);
    rw.replace_op(op, &[input]);
    true
}

/// `reshape(reshape(x))` becomes `reshape(x)`.
pub fn reshape_reshape(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let outer = ReshapeOp::from_op_unchecked(op);
    let Some(def) = rw.ir.defining_op(outer.input(rw.ir)) else {
        return false;
    };
    let Some(inner) = ReshapeOp::from_op(rw.ctx, rw.ir, def) else {
        return false;
    };
    let (input, ty) = (inner.input(rw.ir), rw.ir.value_type(outer.output(rw.ir)));
    let loc = rw.ir.op_loc(op);
    let merged = rw.build(InsertPoint::Before(op), |b| {
        ReshapeOp::build(b, loc, ty, input)
    });
    let result = merged.output(rw.ir);
    rw.replace_op(op, &[result]);
    true
}

/// A reshape whose result type is its input's is its input.
pub fn redundant_reshape(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let reshape = ReshapeOp::from_op_unchecked(op);
    let input = reshape.input(rw.ir);
    if rw.ir.value_type(input) != rw.ir.value_type(reshape.output(rw.ir)) {
        return false;
    }
    rw.replace_op(op, &[input]);
    true
}

//! The tutorial's chapter 3 rewrites, registered with the dialect
//! ([`crate::registry`]), so `--canonicalize` and every pipeline holding
//! it run them. As upstream's Toy:
//!
//! - `transpose(transpose(x))` is `x` (`SimplifyRedundantTranspose`),
//!   a hand-written pattern (upstream writes it in C++, `ToyCombine.cpp`);
//! - the reshape rules are declarative (upstream's `ToyCombine.td`),
//!   written here with [`ods_macros::patterns!`]: `reshape(reshape(x))` is
//!   `reshape(x)` (`ReshapeReshapeOptPattern`), a reshape of a constant
//!   is a constant of the new shape (`FoldConstantReshapeOptPattern`), a
//!   reshape to its input's own type is its input
//!   (`RedundantReshapeOptPattern`).
//!
//! In: the op a pattern is rooted at. Out: `true` when it rewrote it.

use ods_runtime::ir::{AttrKind, Attribute, Context, Ir, OpId, Value};
use ods_runtime::Op;
use ods_transforms::rewrite::{Pattern, Rewriter};

use crate::ops::{ConstantOp, ReshapeOp, TransposeOp};

// Upstream's `ToyCombine.td`, with the C++ snippets in Rust.
ods_macros::patterns! {
    name = toy_combine;

    /// `reshape(reshape(x))` is `reshape(x)`.
    def ReshapeReshapeOptPattern : Pat<(ReshapeOp (ReshapeOp $arg)), (ReshapeOp $arg)>;

    /// `reshape(constant)` is the constant, reshaped.
    def ReshapeConstant : NativeCodeCall<"reshaped_constant($_ctxt, $_ir, $0, $1)">;
    def FoldConstantReshapeOptPattern : Pat<
        (ReshapeOp:$res (ConstantOp $arg)),
        (ConstantOp (ReshapeConstant $arg, $res))>;

    /// A reshape to the type it already has is its input.
    def TypesAreIdentical : Constraint<CPred<"$_ir.value_type($0) == $_ir.value_type($1)">>;
    def RedundantReshapeOptPattern : Pat<
        (ReshapeOp:$res $arg), (replaceWithValue $arg),
        [(TypesAreIdentical $res, $arg)]>;
}

/// The dialect's hand-written canonicalization patterns.
pub const PATTERNS: &[Pattern] = &[Pattern {
    root: "toy.transpose",
    benefit: 1,
    apply: simplify_redundant_transpose,
}];

/// `ReshapeConstant`: the dense elements `value` with the type of
/// `reshaped` (the reshape's result), or `value` unchanged when it is not
/// dense elements (the verifier makes a constant's value dense).
pub fn reshaped_constant(
    ctx: &mut Context,
    ir: &Ir,
    value: Attribute,
    reshaped: Value,
) -> Attribute {
    match ctx.attr_kind(value).clone() {
        AttrKind::DenseElements { data, .. } => {
            let ty = ir.value_type(reshaped);
            ctx.intern_attr(AttrKind::DenseElements { ty, data })
        }
        _ => value,
    }
}

/// `transpose(transpose(x))` becomes `x`.
pub fn simplify_redundant_transpose(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let outer = TransposeOp::from_op_unchecked(op);
    let Some(def) = rw.ir.defining_op(outer.input(rw.ctx, rw.ir)) else {
        return false;
    };
    let Some(inner) = TransposeOp::from_op(rw.ctx, rw.ir, def) else {
        return false;
    };
    let input = inner.input(rw.ctx, rw.ir);
    rw.replace_op(op, &[input]);
    true
}

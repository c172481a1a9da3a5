//! Folds (`hasFolder`) and canonicalization patterns of the `meter` ops.
//!
//! - `convert(convert(x, a -> b), b -> a)` folds to `x`;
//! - `sum(x)` folds to `x`;
//! - the pattern [`merge_conversions`] turns `convert(convert(x, a -> b),
//!   b -> c)` into `convert(x, a -> c)`, registered with the dialect by
//!   [`crate::registry`] through
//!   `ods_transforms::rewrite::add_canonicalization_patterns`.

use ods_runtime::fold::OpFoldResult;
use ods_runtime::ir::{Attribute, Context, Ir, OpId};
use ods_runtime::Op;
use ods_transforms::rewrite::{Pattern, Rewriter};

use crate::meter::{ConvertOp, SumOp};

/// The dialect's canonicalization patterns.
pub const PATTERNS: &[Pattern] = &[Pattern {
    root: "meter.convert",
    benefit: 1,
    apply: merge_conversions,
}];

impl ConvertOp {
    /// A conversion undoing the one that made its input gives that
    /// conversion's input back.
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        _operands: &[Option<Attribute>],
    ) -> Option<OpFoldResult> {
        let inner = ConvertOp::from_op(ctx, ir, ir.defining_op(self.input(ctx, ir))?)?;
        let undoes =
            inner.from(ctx, ir) == self.to(ctx, ir) && inner.to(ctx, ir) == self.from(ctx, ir);
        undoes.then(|| OpFoldResult::Value(inner.input(ctx, ir)))
    }
}

impl SumOp {
    /// The sum of one value is that value.
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        _operands: &[Option<Attribute>],
    ) -> Option<OpFoldResult> {
        let mut inputs = self.inputs(ctx, ir);
        match (inputs.next(), inputs.next()) {
            (Some(only), None) => Some(OpFoldResult::Value(only)),
            _ => None,
        }
    }
}

/// `convert(convert(x, a -> b), b -> c)` with `a != c` becomes
/// `convert(x, a -> c)` (when `a == c` the fold removes both).
pub fn merge_conversions(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let outer = ConvertOp::from_op_unchecked(op);
    let Some(def) = rw.ir.defining_op(outer.input(rw.ctx, rw.ir)) else {
        return false;
    };
    let Some(inner) = ConvertOp::from_op(rw.ctx, rw.ir, def) else {
        return false;
    };
    let from = inner.from(rw.ctx, rw.ir).to_string();
    let to = outer.to(rw.ctx, rw.ir).to_string();
    if from == to || inner.to(rw.ctx, rw.ir) != outer.from(rw.ctx, rw.ir) {
        return false;
    }
    let input = inner.input(rw.ctx, rw.ir);
    let loc = rw.ir.op_loc(op);
    let merged = rw.build(ods_runtime::ir::builder::InsertPoint::Before(op), |b| {
        ConvertOp::build(b, loc, input, &from, &to)
    });
    let result = merged.result(rw.ctx, rw.ir);
    rw.replace_op(op, &[result]);
    true
}

//! Canonicalization patterns of the `func` dialect (upstream's
//! `FuncOps.cpp`), as [`Pattern`]s for `--canonicalize`: an indirect call
//! of a `func.constant` becomes a direct call (its argument and result
//! attributes and discardable attributes dropped, as upstream's new op
//! has none).
//!
//! In: an op the greedy driver visits. Out: the op rewritten through the
//! [`Rewriter`], or no match.

use super::{CallIndirectOp, CallOp};
use ir::builder::InsertPoint;
use ir::{AttrKind, OpId, Type, Value};
use ods_runtime::fold::constant_value;
use ods_runtime::Op;
use ods_transforms::rewrite::{Pattern, Rewriter};

/// Every pattern of the dialect, in the order upstream registers them.
pub const CANONICALIZATION_PATTERNS: &[Pattern] = &[Pattern {
    root: "func.call_indirect",
    benefit: 1,
    apply: call_indirect_of_constant,
}];

/// `func.call_indirect` of a constant callee: `func.call` of its symbol.
fn call_indirect_of_constant(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let Some(call) = CallIndirectOp::from_op(rw.ctx, rw.ir, op) else {
        return false;
    };
    let callee = call.callee(rw.ctx, rw.ir);
    let Some(symbol) = constant_value(rw.ctx, rw.registry, rw.ir, callee) else {
        return false;
    };
    if !matches!(rw.ctx.attr_kind(symbol), AttrKind::SymbolRef { .. }) {
        return false;
    }
    let results: Vec<Type> = rw.ir.results(op).map(|r| rw.ir.value_type(r)).collect();
    let operands: Vec<Value> = call.arg_operands(rw.ir).collect();
    let loc = rw.ir.op_loc(op);
    let new = rw.build(InsertPoint::Before(op), |b| {
        CallOp::build_from_callee_results_operands(b, loc, symbol, &results, &operands).op()
    });
    let values: Vec<Value> = rw.ir.results(new).collect();
    rw.replace_op(op, &values);
    true
}

//! `LoopLikeOpInterface`'s verifier (upstream's
//! `verifyLoopLikeOpInterface`), run with the op's regions.
//!
//! In: a loop implementing the interface, once the ops nested in it
//! verified. Out: the first disagreement among its inits, region iter_args,
//! yielded values (when it says what it yields) and results (when it has
//! them), in number, then pairwise in type, worded as `mlir-opt` words it.

use super::LoopLikeOpInterface;
use crate::fold::OpFoldResult;
use ir::printer::print_type_str;
use ir::registry::{RegionCheckCx, VerifyError};
use ir::{RegionId, Value};
use smallvec::SmallVec;

/// The regions of a loop's body (inline for up to two: no allocation).
pub type LoopRegions = SmallVec<[RegionId; 2]>;

/// One bound or step per induction variable (inline for up to four).
pub type LoopBounds = SmallVec<[OpFoldResult; 4]>;

/// The interface's verifier: counts first, then types.
pub fn verify_loop_like<T: LoopLikeOpInterface>(
    op: T,
    cx: &mut RegionCheckCx<'_>,
) -> Result<(), VerifyError> {
    let (ctx, ir) = (cx.ctx, cx.ir);
    let inits = op.get_inits(ctx, ir);
    let iter_args = op.get_region_iter_args(ctx, ir);
    let yielded = op.get_yielded_values(ctx, ir);
    let results = op.get_loop_results(ctx, ir);
    let count_error = |what: &str, a: usize, b: usize| {
        Err(VerifyError::op_error(format!(
            "different number of {what}: {a} != {b}"
        )))
    };
    if inits.len() != iter_args.len() {
        return count_error("inits and region iter_args", inits.len(), iter_args.len());
    }
    if !yielded.is_empty() && iter_args.len() != yielded.len() {
        return count_error(
            "region iter_args and yielded values",
            iter_args.len(),
            yielded.len(),
        );
    }
    if let Some(results) = results.filter(|r| r.len() != iter_args.len()) {
        return count_error(
            "loop results and region iter_args",
            results.len(),
            iter_args.len(),
        );
    }
    let ty = |v: Value| ir.value_type(v);
    let mismatch = |i: usize, a: &str, b: &str, x: Value, y: Value| {
        Err(VerifyError::op_error(format!(
            "{i}-th {a} and {i}-th {b} have different type: '{}' != '{}'",
            print_type_str(ctx, ty(x)),
            print_type_str(ctx, ty(y))
        )))
    };
    for (i, (init, arg)) in inits.iter(ir).zip(iter_args.iter(ir)).enumerate() {
        if ty(init) != ty(arg) {
            return mismatch(i, "init", "region iter_arg", init, arg);
        }
        if let Some(y) = yielded.get(ir, i) {
            if ty(arg) != ty(y) {
                return mismatch(i, "region iter_arg", "yielded value", arg, y);
            }
        }
    }
    let results = results.unwrap_or_default();
    for (i, (result, arg)) in results.iter(ir).zip(iter_args.iter(ir)).enumerate() {
        if ty(arg) != ty(result) {
            return mismatch(i, "region iter_arg", "loop result", arg, result);
        }
    }
    Ok(())
}

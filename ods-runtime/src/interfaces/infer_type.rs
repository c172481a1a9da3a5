//! `InferTypeOpInterface`'s verifier (upstream's
//! `verifyInferredResultTypes`) and the state an existing op's inference
//! reads.
//!
//! In: an op implementing the interface, once the ops nested in it
//! verified. Out: `Ok` when the types it infers from its own operands,
//! attributes, properties and regions are compatible with its result
//! types; else `mlir-opt`'s two errors: `'x' op inferred type(s) ... are
//! incompatible with return type(s) of operation ...` (or the inference's
//! own message), then `'x' op failed to infer returned types`.

use super::{type_list, InferTypeOpInterface};
use ir::registry::{RegionCheckCx, VerifyError};
use ir::{Ir, OpId, OperationState};

/// What builders and the parser hand to `infer_return_types`, rebuilt
/// from an existing op: its name, location, operands, result types,
/// successors, regions, attributes and properties.
pub fn op_state(ir: &Ir, op: OpId) -> OperationState {
    let mut state = OperationState::new(ir.op_name(op), ir.op_loc(op));
    state.operands = ir.operands(op).collect();
    state.result_types = ir.results(op).map(|r| ir.value_type(r)).collect();
    state.successors = ir.successors(op).collect();
    state.regions = ir.regions(op).to_vec();
    state.attrs = ir.attrs(op);
    state.props = ir.props(op);
    state
}

/// The verifier of `InferTypeOpInterface`: infers the op's result types
/// (in the check's scratch context, so types the op does not have can be
/// made and named) and compares them with its own.
pub fn verify_inferred_result_types<T: InferTypeOpInterface>(
    op: T,
    cx: &mut RegionCheckCx<'_>,
) -> Result<(), VerifyError> {
    let ir = cx.ir;
    let this = crate::Op::op(op);
    let state = op_state(ir, this);
    let scratch = cx.scratch_context();
    let failed = || VerifyError::op_error("failed to infer returned types");
    let inferred = match T::infer_return_types(scratch, ir, &state) {
        Ok(types) => types,
        Err(message) if message.is_empty() => return Err(failed()),
        Err(message) => return Err(failed().preceded_by(None, message)),
    };
    if T::is_compatible_return_types(scratch, &inferred, &state.result_types) {
        return Ok(());
    }
    let message = format!(
        "'{}' op inferred type(s) {} are incompatible with return type(s) of operation {}",
        scratch.str(ir.op_name(this)),
        type_list(scratch, &inferred),
        type_list(scratch, &state.result_types)
    );
    Err(failed().preceded_by(None, message))
}

//! Helpers the builder bodies in `ods/ControlFlowOps.ods` call.
//!
//! In: the builder's arguments and the state being built. Out: the state
//! filled (operands, successors, segment sizes, branch weights).

use ir::{BlockId, Context, OperationState, Value};
use ods_runtime::op::build_props;

/// A `cf.cond_br` on `condition` to two destinations with their operands;
/// `weights`, when not empty, are the two branch weights.
pub fn fill_cond_br_state(
    ctx: &mut Context,
    state: &mut OperationState,
    condition: Value,
    (true_dest, true_operands): (BlockId, &[Value]),
    (false_dest, false_operands): (BlockId, &[Value]),
    weights: &[i32],
) {
    state.operands.push(condition);
    state.operands.extend_from_slice(true_operands);
    state.operands.extend_from_slice(false_operands);
    state.successors.extend_from_slice(&[true_dest, false_dest]);
    let segments = ods_runtime::segments::segment_sizes_attr(
        ctx,
        &[1, true_operands.len(), false_operands.len()],
    );
    let weights = (!weights.is_empty()).then(|| ods_runtime::attr::dense_array(ctx, weights));
    state.props = build_props(
        ctx,
        &[
            ("branch_weights", weights),
            ("operandSegmentSizes", Some(segments)),
        ],
    );
}

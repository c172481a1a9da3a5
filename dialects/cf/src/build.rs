//! Helpers the builder bodies in `ods/ControlFlowOps.ods` call.
//!
//! In: the builder's arguments and the state being built. Out: the state
//! filled (operands, successors, segment sizes, branch weights).

use ir::attributes::DenseData;
use ir::{AttrKind, Attribute, BlockId, Context, OperationState, Type, Value};
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

/// `dense<[v0, v1, ...]> : vector<N x element>` for an integer or index
/// `element`; stored as a splat when every value is the same, as MLIR
/// stores it.
pub fn dense_int_vector(ctx: &mut Context, element: Type, values: &[i64]) -> Attribute {
    let ty = ctx.vector_type(&[values.len() as i64], &[false], element);
    let width = ctx.int_or_float_width(element).unwrap_or(64);
    let scalar_bytes = width.div_ceil(8).max(1);
    let splat = values.windows(2).all(|w| w[0] == w[1]);
    let stored = if splat { &values[..1] } else { values };
    let mut raw = Vec::with_capacity(stored.len() * scalar_bytes as usize);
    for &v in stored {
        raw.extend_from_slice(&v.to_le_bytes()[..scalar_bytes.min(8) as usize]);
        // Wider than 64 bits: the sign fills the rest.
        let fill = if v < 0 { 0xff } else { 0 };
        raw.extend(std::iter::repeat_n(
            fill,
            scalar_bytes.saturating_sub(8) as usize,
        ));
    }
    ctx.intern_attr(AttrKind::DenseElements {
        ty,
        data: DenseData {
            scalar_bytes,
            splat,
            raw: raw.into(),
            tail_bits: 0,
        },
    })
}

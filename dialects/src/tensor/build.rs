//! Builders.
use super::*;
use ir::{NamedAttribute, OperationState};
/// collapse
pub fn collapse_shape(
    state: &mut OperationState,
    ctx: &mut Context,
    result_type: Type,
    src: Value,
    reassociation: &[Vec<i64>],
    attrs: &[NamedAttribute],
) {
    let _ = (state, ctx, result_type, src, reassociation, attrs);
}

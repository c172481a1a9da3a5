//! `testfmt.infer`'s `InferTypeOpInterface`: the result type is the tuple
//! of the operand types, as `InferOp::inferReturnTypes` in
//! `tests/twin/testfmt.cpp`.
//!
//! In: the operand types of the op being read. Out: its result types.

use super::InferOp;
use ir::{Context, OperationState, Type};

impl InferOp {
    /// The result types of an op with these operand types (the generated
    /// parser calls it once the operands are resolved).
    pub fn infer_return_types(
        ctx: &mut Context,
        operand_types: &[Type],
        _state: &OperationState,
    ) -> Result<Vec<Type>, String> {
        Ok(vec![ctx.tuple_type(operand_types)])
    }
}

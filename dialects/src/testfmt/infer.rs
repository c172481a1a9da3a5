//! `testfmt.infer`'s `InferTypeOpInterface`: the result type is the tuple
//! of the operand types, as `InferOp::inferReturnTypes` in
//! `tests/twin/testfmt.cpp`.
//!
//! In: the state of the op being read, built or verified. Out: its result
//! types.

use super::InferOp;
use ir::{Context, Ir, OperationState, Type};

impl InferOp {
    /// The result types of an op with these operands (the generated parser
    /// and `build_inferred` call it through the interface, the verifier
    /// compares it with the op's own).
    pub fn infer_return_types(
        ctx: &mut Context,
        ir: &Ir,
        state: &OperationState,
    ) -> Result<Vec<Type>, String> {
        let operand_types: Vec<Type> = state.operands.iter().map(|&v| ir.value_type(v)).collect();
        Ok(vec![ctx.tuple_type(&operand_types)])
    }
}

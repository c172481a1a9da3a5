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

#[cfg(test)]
mod tests {
    use super::*;
    use ir::verifier::verify;
    use ir::Location;
    use ods_runtime::testing::Fixture;
    use ods_runtime::Op;

    #[test]
    fn the_inferred_builder_and_the_verifier_use_the_interface() {
        let mut f = Fixture::new(crate::registry);
        let [a, b] = f.values(&["i32", "f32"]);
        let op = InferOp::build_inferred(&mut f.builder(), Location::UNKNOWN, a, b)
            .expect("the tuple of the operand types");
        let tuple = f.ty("tuple<i32, f32>");
        assert_eq!(f.ir.value_type(f.ir.result(op.op(), 0)), tuple);
        assert!(verify(&f.ctx, &f.ir, &f.reg, f.module, None).is_ok());
        // Another result type: the verifier infers the tuple and says so
        // first, then that inference failed (mlir-opt's two errors).
        let wrong = f.ty("tuple<f32>");
        let bad = InferOp::build(&mut f.builder(), Location::UNKNOWN, wrong, a, b);
        let err = verify(&f.ctx, &f.ir, &f.reg, f.module, None).unwrap_err();
        assert_eq!(
            err.message,
            "'testfmt.infer' op inferred type(s) 'tuple<i32, f32>' are incompatible with return type(s) of operation 'tuple<f32>'"
        );
        assert_eq!(
            err.notes[0].message,
            "'testfmt.infer' op failed to infer returned types"
        );
        assert_eq!(err.notes[0].severity, ir::Severity::Error);
        f.ir.erase_op(bad.op());
        assert!(verify(&f.ctx, &f.ir, &f.reg, f.module, None).is_ok());
    }
}

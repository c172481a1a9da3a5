//! The checks Toy's ops declare with `hasVerifier`, beyond what their
//! constraints and traits generate, worded as the tutorial's C++ words
//! them (`emitOpError` prefixes `'toy.x' op `, `emitError` does not), and
//! `toy.func`'s entry block against its signature (what upstream's
//! `FunctionOpInterface` checks).
//!
//! In: an op whose ODS invariants hold. Out: the first problem, as a
//! [`VerifyError`].

use ods_runtime::function_op::{function_signature, verify_function_op};
use ods_runtime::ir::printer::print_type_str;
use ods_runtime::ir::{Context, Ir, Type, TypeKind};
use ods_runtime::op::inherent_attr;
use ods_runtime::pred::attr_type;
use ods_runtime::{Op, VerifyError};

use crate::format::TOY_FUNC;
use crate::ops::{ConstantOp, FuncOp, ReturnOp, TransposeOp};

/// A ranked tensor's shape, `None` for anything else.
fn ranked_shape(ctx: &Context, ty: Type) -> Option<&[i64]> {
    match ctx.type_kind(ty) {
        TypeKind::RankedTensor { shape, .. } => Some(shape),
        _ => None,
    }
}

impl ConstantOp {
    /// A ranked result has the literal's shape: first its rank, then each
    /// dimension.
    pub fn verify_op(self, ctx: &Context, ir: &Ir) -> Result<(), VerifyError> {
        let result = ir.value_type(ir.result(self.op(), 0));
        let Some(result_shape) = ranked_shape(ctx, result) else {
            return Ok(());
        };
        let value = inherent_attr(ctx, ir, self.op(), "value").and_then(|v| attr_type(ctx, v));
        let Some(value_shape) = value.and_then(|t| ranked_shape(ctx, t)) else {
            return Ok(());
        };
        if value_shape.len() != result_shape.len() {
            return Err(VerifyError::op_error(format!(
                "return type must match the one of the attached value attribute: {} != {}",
                value_shape.len(),
                result_shape.len()
            )));
        }
        for (dim, (have, want)) in value_shape.iter().zip(result_shape).enumerate() {
            if have != want {
                return Err(VerifyError::op_error(format!(
                    "return type shape mismatches its attribute at dimension {dim}: {have} != {want}"
                )));
            }
        }
        Ok(())
    }
}

impl ReturnOp {
    /// At most one operand, as many as the enclosing function returns, of
    /// its result type unless either side is unranked.
    pub fn verify_op(self, ctx: &Context, ir: &Ir) -> Result<(), VerifyError> {
        let op = self.op();
        let count = ir.num_operands(op);
        if count > 1 {
            return Err(VerifyError::op_error("expects at most 1 return operand"));
        }
        // `HasParent<"FuncOp">` checked the parent before this runs.
        let Some(func) = ir.parent_op(op) else {
            return Ok(());
        };
        let (_, results) = function_signature(ctx, ir, func, &TOY_FUNC);
        if count != results.len() {
            return Err(VerifyError::op_error(format!(
                "does not return the same number of values ({count}) as the enclosing function ({})",
                results.len()
            )));
        }
        let Some(input) = ir.operands(op).next().map(|v| ir.value_type(v)) else {
            return Ok(());
        };
        let result = results[0];
        let unranked = |t: Type| matches!(ctx.type_kind(t), TypeKind::UnrankedTensor { .. });
        if input == result || unranked(input) || unranked(result) {
            return Ok(());
        }
        Err(VerifyError::new(format!(
            "type of return operand ({}) doesn't match function result type ({})",
            print_type_str(ctx, input),
            print_type_str(ctx, result)
        )))
    }
}

impl TransposeOp {
    /// With both sides ranked, the result's shape is the input's reversed.
    pub fn verify_op(self, ctx: &Context, ir: &Ir) -> Result<(), VerifyError> {
        let op = self.op();
        let input = ir.value_type(ir.operand(op, 0));
        let result = ir.value_type(ir.result(op, 0));
        let (Some(input), Some(result)) = (ranked_shape(ctx, input), ranked_shape(ctx, result))
        else {
            return Ok(());
        };
        if input.len() == result.len() && input.iter().eq(result.iter().rev()) {
            return Ok(());
        }
        Err(VerifyError::new(
            "expected result shape to be a transpose of the input",
        ))
    }
}

impl FuncOp {
    /// What upstream's `FunctionOpInterface` checks: the argument and
    /// result attribute arrays, then the entry block against the
    /// signature (run as that interface's verifier, after `Symbol`'s).
    pub fn verify_function_op_interface(self, ctx: &Context, ir: &Ir) -> Result<(), VerifyError> {
        verify_function_op(ctx, ir, self.op(), &TOY_FUNC)
    }
}

//! The checks Toy's ops declare with `hasVerifier`, beyond what their
//! constraints and traits generate, worded as the tutorial's C++ words
//! them (`emitOpError` prefixes `'toy.x' op `, `emitError` does not), and
//! `toy.func`'s entry block against its signature (what upstream's
//! `FunctionOpInterface` checks).
//!
//! In: an op whose ODS invariants hold. Out: the first problem, as a
//! [`VerifyError`].

use ods_runtime::ir::printer::print_type_str;
use ods_runtime::ir::{Context, Ir, Type, TypeKind};
use ods_runtime::op::inherent_attr;
use ods_runtime::pred::{attr_type, type_attr_value};
use ods_runtime::{Op, VerifyError};

use crate::ops::{ConstantOp, FuncOp, ReturnOp, TransposeOp};

/// The input and result types of a function op (empty when its
/// `function_type` is missing; its constraint reports that first).
fn signature(ctx: &Context, ir: &Ir, func: ods_runtime::ir::OpId) -> (Vec<Type>, Vec<Type>) {
    let ty = inherent_attr(ctx, ir, func, "function_type").and_then(|a| type_attr_value(ctx, a));
    match ty.map(|t| ctx.type_kind(t)) {
        Some(TypeKind::Function { inputs, results }) => (inputs.to_vec(), results.to_vec()),
        _ => (Vec::new(), Vec::new()),
    }
}

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
        let (_, results) = signature(ctx, ir, func);
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
    /// The body's entry block takes the signature's inputs.
    pub fn verify_op(self, ctx: &Context, ir: &Ir) -> Result<(), VerifyError> {
        let op = self.op();
        let (inputs, _) = signature(ctx, ir, op);
        let Some(entry) = ir.first_block(ir.region(op, 0)) else {
            return Ok(());
        };
        if ir.num_arguments(entry) != inputs.len() {
            return Err(VerifyError::op_error(format!(
                "entry block must have {} arguments to match function signature",
                inputs.len()
            )));
        }
        for (i, &want) in inputs.iter().enumerate() {
            let have = ir.value_type(ir.argument(entry, i));
            if have != want {
                return Err(VerifyError::op_error(format!(
                    "type of entry block argument #{i}('{}') must match the type of the corresponding argument in function signature('{}')",
                    print_type_str(ctx, have),
                    print_type_str(ctx, want)
                )));
            }
        }
        Ok(())
    }
}

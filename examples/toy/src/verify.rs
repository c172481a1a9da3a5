//! The checks Toy's ops declare with `hasVerifier`, beyond what their
//! constraints and traits generate, worded as the tutorial's C++ words
//! them (`emitOpError` prefixes `'toy.x' op `, `emitError` does not), and
//! `toy.func`'s entry block against its signature (what upstream's
//! `FunctionOpInterface` checks).
//!
//! In: an op whose ODS invariants hold. Out: the first problem, as a
//! [`VerifyError`].

use ods_runtime::function_op::{function_signature, verify_function_op};
use ods_runtime::ir::printer::attrs::print_attribute_str;
use ods_runtime::ir::printer::print_type_str;
use ods_runtime::ir::{AttrKind, Attribute, Context, Ir, OpId, Type, TypeKind};
use ods_runtime::op::inherent_attr;
use ods_runtime::pred::attr_type;
use ods_runtime::{Op, VerifyError};

use crate::format::TOY_FUNC;
use crate::ops::{ConstantOp, FuncOp, ReturnOp, TransposeOp};
use crate::struct_type::StructType;

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
        check_constant_shape(value_shape, result_shape)
    }
}

impl ReturnOp {
    /// At most one operand, as many as the enclosing function returns, of
    /// its result type unless either side is unranked.
    pub fn verify_op(self, ctx: &Context, ir: &Ir) -> Result<(), VerifyError> {
        verify_return(ctx, ir, self.op())
    }
}

/// `toy.return`'s checks (chapter 7's op, returning structs too, has the
/// same): at most one operand, as many as the enclosing function returns,
/// of its result type unless either side is an unranked tensor.
pub(crate) fn verify_return(ctx: &Context, ir: &Ir, op: OpId) -> Result<(), VerifyError> {
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

/// Chapter 7's `verifyConstantForType`: a constant of tensor type holds
/// dense `f64` elements, of its shape when it is ranked; one of struct
/// type an array with a valid value per member.
pub(crate) fn verify_constant_for_type(
    ctx: &Context,
    ty: Type,
    value: Attribute,
) -> Result<(), VerifyError> {
    if let Some(members) = StructType::from_type(ctx, ty).map(|s| s.element_types(ctx)) {
        let values = match ctx.attr_kind(value) {
            AttrKind::Array(values) if values.len() == members.len() => values.to_vec(),
            _ => {
                return Err(VerifyError::new(format!(
                    "constant of StructType must be initialized by an ArrayAttr with the same number of elements, got {}",
                    print_attribute_str(ctx, value)
                )))
            }
        };
        for (member, value) in members.into_iter().zip(values) {
            verify_constant_for_type(ctx, member, value)?;
        }
        return Ok(());
    }
    let dense_f64 = matches!(ctx.attr_kind(value), AttrKind::DenseElements { .. })
        && attr_type(ctx, value)
            .and_then(|t| match ctx.type_kind(t) {
                TypeKind::RankedTensor { element, .. } => Some(*element),
                _ => None,
            })
            .is_some_and(|e| matches!(ctx.type_kind(e), TypeKind::Float(_)));
    if !dense_f64 {
        return Err(VerifyError::new(format!(
            "constant of TensorType must be initialized by a DenseFPElementsAttr, got {}",
            print_attribute_str(ctx, value)
        )));
    }
    let Some(result_shape) = ranked_shape(ctx, ty) else {
        return Ok(());
    };
    let value_type = attr_type(ctx, value);
    let Some(value_shape) = value_type.and_then(|t| ranked_shape(ctx, t)) else {
        return Ok(());
    };
    check_constant_shape(value_shape, result_shape)
}

/// A ranked constant's type against its literal's: first the rank, then
/// each dimension.
fn check_constant_shape(value_shape: &[i64], result_shape: &[i64]) -> Result<(), VerifyError> {
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

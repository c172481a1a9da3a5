//! `llvm.mlir.constant`'s verifier (upstream's `ConstantOp::verify` and
//! `verifyStructArrayConstant`): the value attribute must fit the result
//! type, with upstream's messages in its order.

use ods_runtime::ir::registry::VerifyError;
use ods_runtime::ir::{AttrKind, Attribute, Context, Ir, OpId, Type, TypeKind};
use ods_runtime::op::inherent_attr;

use crate::{LLVMArrayType, LLVMStructType, UndefAttr, ZeroAttr};

fn op_error<T>(message: impl Into<String>) -> Result<T, VerifyError> {
    Err(VerifyError::op_error(message))
}

/// Checks the op's `value` against its result type.
pub fn verify(ctx: &Context, ir: &Ir, op: OpId) -> Result<(), VerifyError> {
    let (Some(value), Some(ty)) = (
        inherent_attr(ctx, ir, op, "value"),
        ir.results(op).next().map(|r| ir.value_type(r)),
    ) else {
        return Ok(());
    };
    if crate::LLVMTargetExtType::from_type(ctx, ty).is_some() {
        return op_error("does not support target extension type.");
    }
    if let AttrKind::String { value: bytes, .. } = ctx.attr_kind(value) {
        let fits = LLVMArrayType::from_type(ctx, ty).is_some_and(|a| {
            a.num_elements(ctx) == bytes.len() as u64
                && ods_runtime::pred::is_signless_integer_of_width(ctx, a.element_type(ctx), 8)
        });
        if !fits {
            return op_error(format!(
                "expected array type of {} i8 elements for the string constant",
                bytes.len()
            ));
        }
        return Ok(());
    }
    if let Some(st) = LLVMStructType::from_type(ctx, ty) {
        return verify_struct(ctx, value, &st.body(ctx));
    }
    match ctx.attr_kind(value) {
        AttrKind::Integer { .. } => {
            if !matches!(ctx.type_kind(ty), TypeKind::Integer { .. }) {
                return op_error("expected integer type");
            }
            Ok(())
        }
        AttrKind::Float { ty: attr_ty, .. } => verify_float_semantics(ctx, *attr_ty, ty),
        AttrKind::DenseElements { ty: attr_ty, data } => {
            verify_elements(ctx, *attr_ty, data.splat, ty)
        }
        AttrKind::DenseStrings { ty: attr_ty, .. }
        | AttrKind::DenseResource { ty: attr_ty, .. }
        | AttrKind::Sparse { ty: attr_ty, .. } => verify_elements(ctx, *attr_ty, false, ty),
        AttrKind::Array(elements) => {
            let Some(array) = LLVMArrayType::from_type(ctx, ty) else {
                return op_error("expected array or struct type for array attribute");
            };
            verify_struct_array(ctx, array, elements, 0)
        }
        _ => op_error("only supports integer, float, string or elements attributes"),
    }
}

/// A struct constant: an array attribute of integers and floats of the
/// struct's element types.
fn verify_struct(ctx: &Context, value: Attribute, body: &[Type]) -> Result<(), VerifyError> {
    let AttrKind::Array(elements) = ctx.attr_kind(value) else {
        return op_error("expected array attribute for struct type");
    };
    if elements.len() != body.len() {
        return op_error(format!("expected array attribute of size {}", body.len()));
    }
    for (i, (&attr, &ty)) in elements.iter().zip(body).enumerate() {
        let scalar = ods_runtime::pred::is_signless_integer_or_index(ctx, ty)
            || matches!(ctx.type_kind(ty), TypeKind::Float(_));
        if !scalar {
            return op_error(
                "expected struct element types to be floating point type or integer type",
            );
        }
        let attr_ty = match ctx.attr_kind(attr) {
            AttrKind::Integer { ty, .. } | AttrKind::Float { ty, .. } => *ty,
            _ => {
                return op_error(
                    "expected element of array attribute to be floating point or integer",
                )
            }
        };
        if attr_ty != ty {
            return op_error(format!("struct element at index {i} is of wrong type"));
        }
    }
    Ok(())
}

/// A float attribute of `attr_ty` for an element of type `ty`: the same
/// float type, or an integer of the float's width.
fn verify_float_semantics(ctx: &Context, attr_ty: Type, ty: Type) -> Result<(), VerifyError> {
    match ctx.type_kind(ty) {
        TypeKind::Float(_) => {
            if ctx.type_kind(ty) != ctx.type_kind(attr_ty) {
                return op_error("attribute and type have different float semantics");
            }
            Ok(())
        }
        TypeKind::Integer { width, .. } => {
            let float_width = ctx.int_or_float_width(attr_ty).unwrap_or(0);
            if *width != float_width || !ods_runtime::pred::is_signless_integer(ctx, ty) {
                return op_error(format!("expected integer type of width {float_width}"));
            }
            Ok(())
        }
        _ => Ok(()),
    }
}

/// The element count of a vector or (nested) LLVM array type, 1 for
/// anything else (upstream's `getNumElements`).
fn num_elements(ctx: &Context, ty: Type) -> i64 {
    if let TypeKind::Vector { shape, .. } = ctx.type_kind(ty) {
        return shape.iter().product();
    }
    if let Some(array) = LLVMArrayType::from_type(ctx, ty) {
        let n = i64::try_from(array.num_elements(ctx)).unwrap_or(i64::MAX);
        return n.saturating_mul(num_elements(ctx, array.element_type(ctx)));
    }
    1
}

/// The innermost element type of a vector or (nested) LLVM array type.
fn innermost_element(ctx: &Context, ty: Type) -> Type {
    if let TypeKind::Vector { element, .. } = ctx.type_kind(ty) {
        return *element;
    }
    if let Some(array) = LLVMArrayType::from_type(ctx, ty) {
        return innermost_element(ctx, array.element_type(ctx));
    }
    ty
}

/// An elements attribute of type `attr_ty` for a vector or array `ty`.
fn verify_elements(ctx: &Context, attr_ty: Type, splat: bool, ty: Type) -> Result<(), VerifyError> {
    if ods_runtime::pred::is_scalable_vector(ctx, ty) {
        if !splat {
            return op_error("scalable vector type requires a splat attribute");
        }
        return Ok(());
    }
    let is_vector = matches!(ctx.type_kind(ty), TypeKind::Vector { .. });
    if !is_vector && LLVMArrayType::from_type(ctx, ty).is_none() {
        return op_error("expected vector or array type");
    }
    let attr_count: i64 = ctx.shape(attr_ty).map_or(1, |s| s.iter().product());
    let count = num_elements(ctx, ty);
    if count != attr_count {
        return op_error(format!(
            "type and attribute have a different number of elements: {count} vs. {attr_count}"
        ));
    }
    let attr_element = ctx.element_type(attr_ty).unwrap_or(attr_ty);
    let element = innermost_element(ctx, ty);
    if matches!(ctx.type_kind(attr_element), TypeKind::Float(_)) {
        return verify_float_semantics(ctx, attr_element, element);
    }
    if matches!(ctx.type_kind(attr_element), TypeKind::Integer { .. })
        && !matches!(ctx.type_kind(element), TypeKind::Integer { .. })
    {
        return op_error("expected integer element type for integer elements attribute");
    }
    Ok(())
}

fn is_zero_or_undef(ctx: &Context, attr: Attribute) -> bool {
    ZeroAttr::from_attr(ctx, attr).is_some() || UndefAttr::from_attr(ctx, attr).is_some()
}

/// An array attribute for an LLVM array type (`verifyStructArrayConstant`
/// as of LLVM 22): nested arrays for nested array types, arrays of the
/// struct's size for structs.
fn verify_struct_array(
    ctx: &Context,
    array: LLVMArrayType,
    elements: &[Attribute],
    dim: usize,
) -> Result<(), VerifyError> {
    let n = array.num_elements(ctx);
    if n != elements.len() as u64 {
        return op_error(format!(
            "array attribute size does not match array type size in dimension {dim}: {} vs. {n}",
            elements.len()
        ));
    }
    let mut verified: Vec<Attribute> = Vec::new();
    let element_type = array.element_type(ctx);
    if let Some(sub) = LLVMArrayType::from_type(ctx, element_type) {
        for (idx, &attr) in elements.iter().enumerate() {
            if verified.contains(&attr) {
                continue;
            }
            verified.push(attr);
            if is_zero_or_undef(ctx, attr) {
                continue;
            }
            let AttrKind::Array(nested) = ctx.attr_kind(attr) else {
                return op_error(format!(
                    "nested attribute for sub-array in dimension {dim} at index {idx} must be a zero, or undef, or array attribute"
                ));
            };
            verify_struct_array(ctx, sub, nested, dim + 1)?;
        }
        return Ok(());
    }
    let Some(st) = LLVMStructType::from_type(ctx, element_type) else {
        return op_error("for array with an array attribute must have a struct element type");
    };
    let size = st.body(ctx).len();
    for (idx, &attr) in elements.iter().enumerate() {
        if verified.contains(&attr) {
            continue;
        }
        verified.push(attr);
        if is_zero_or_undef(ctx, attr) {
            continue;
        }
        let AttrKind::Array(nested) = ctx.attr_kind(attr) else {
            return op_error(format!(
                "nested attribute for struct element at index {idx} must be a zero, or undef, or array attribute"
            ));
        };
        if nested.len() != size {
            return op_error(format!(
                "nested array attribute size for struct element at index {idx} must match struct size: {} vs. {size}",
                nested.len()
            ));
        }
    }
    Ok(())
}

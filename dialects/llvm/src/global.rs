//! `llvm.mlir.global`'s verifier (upstream's `GlobalOp::verify` and
//! `verifyRegions`, the part for ported types and attributes).

use ods_runtime::ir::attributes::DenseData;
use ods_runtime::ir::printer::print_type_str;
use ods_runtime::ir::registry::VerifyError;
use ods_runtime::ir::{AttrKind, Attribute, Context, Ir, OpId};
use ods_runtime::op::inherent_attr;

use crate::func::int_of;
use crate::Linkage;

/// `llvm.mlir.global`'s own checks (upstream's `GlobalOp::verify`, the
/// part for ported types): a string value needs an `i8` array of its
/// length, a target extension type one that may be global and no value,
/// a power-of-two alignment, no value and initializer both.
pub fn verify_global(ctx: &Context, ir: &Ir, op: OpId) -> Result<(), VerifyError> {
    let global_type = inherent_attr(ctx, ir, op, "global_type")
        .and_then(|a| ods_runtime::pred::type_attr_value(ctx, a));
    // A type LLVM IR has, but not one without values.
    if let Some(t) = global_type {
        let valueless = [
            crate::LLVMVoidType::def(),
            crate::LLVMTokenType::def(),
            crate::LLVMMetadataType::def(),
            crate::LLVMLabelType::def(),
        ];
        let valid = crate::pred::is_compatible_outer_type(ctx, t)
            && !valueless
                .into_iter()
                .any(|d| ctx.type_params(t, d).is_some());
        if !valid {
            return Err(VerifyError::op_error(
                "expects type to be a valid element type for an LLVM global",
            ));
        }
    }
    let value = inherent_attr(ctx, ir, op, "value");
    if let (Some(t), Some(AttrKind::String { value: bytes, .. })) =
        (global_type, value.map(|v| ctx.attr_kind(v)))
    {
        let fits = crate::LLVMArrayType::from_type(ctx, t).is_some_and(|a| {
            a.num_elements(ctx) == bytes.len() as u64
                && ods_runtime::pred::is_signless_integer_of_width(ctx, a.element_type(ctx), 8)
        });
        if !fits {
            return Err(VerifyError::op_error(
                "requires an i8 array type of the length equal to that of the string attribute",
            ));
        }
    }
    if let Some(ext) = global_type.and_then(|t| crate::LLVMTargetExtType::from_type(ctx, t)) {
        if !ext.has_property(ctx, crate::LLVMTargetExtType::CAN_BE_GLOBAL) {
            return Err(VerifyError::op_error(
                "this target extension type cannot be used in a global",
            ));
        }
        if value.is_some() {
            return Err(VerifyError::op_error(
                "global with target extension type can only be initialized with zero-initializer",
            ));
        }
    }
    let linkage = inherent_attr(ctx, ir, op, "linkage")
        .and_then(|a| crate::LinkageAttr::from_attr(ctx, a))
        .map(|a| a.linkage(ctx))
        .unwrap_or_default();
    if linkage == Linkage::Common && value.is_some_and(|v| !is_zero_value(ctx, v)) {
        return Err(VerifyError::op_error(
            "expected zero value for 'common' linkage",
        ));
    }
    let is_array = global_type.is_some_and(|t| crate::LLVMArrayType::from_type(ctx, t).is_some());
    if linkage == Linkage::Appending && !is_array {
        return Err(VerifyError::op_error(
            "expected array type for 'appending' linkage",
        ));
    }
    crate::module_ops::verify_comdat(ctx, ir, op)?;
    if let Some(align) = inherent_attr(ctx, ir, op, "alignment") {
        let a = int_of(ctx, Some(align));
        if a <= 0 || (a & (a - 1)) != 0 {
            return Err(VerifyError::new("alignment attribute is not a power of 2"));
        }
    }
    let has_body = ir.num_regions(op) > 0 && !ir.region_is_empty(ir.region(op, 0));
    // What the initializer returns is the global's value.
    let ret = ir
        .first_block(ir.region(op, 0))
        .filter(|_| has_body)
        .and_then(|b| ir.last_op(b))
        .filter(|&t| ctx.str(ir.op_name(t)) == "llvm.return");
    if let Some(ret) = ret {
        let Some(returned) = ir.operands(ret).next().map(|v| ir.value_type(v)) else {
            return Err(VerifyError::op_error(
                "initializer region cannot return void",
            ));
        };
        if let Some(t) = global_type.filter(|&t| t != returned) {
            return Err(VerifyError::op_error(format!(
                "initializer region type '{}' does not match global type '{}'",
                print_type_str(ctx, returned),
                print_type_str(ctx, t)
            )));
        }
    }
    if has_body && value.is_some() {
        return Err(VerifyError::op_error(
            "cannot have both initializer value and region",
        ));
    }
    Ok(())
}

/// Whether a global's value is zero in every element (upstream's
/// `isZeroAttribute`): an integer or float zero (either sign), elements
/// or an array all of whose values are. `#llvm.zero` and other
/// attributes are not.
/// Whether every scalar of `data` is zero: all its bytes zero, or for
/// floats (`float`) all but the sign bit (`-0.0` is zero, as upstream's
/// `APFloat::isZero`). The bytes are little-endian, the sign in the last.
fn dense_is_zero(data: &DenseData, float: bool) -> bool {
    let width = (data.scalar_bytes as usize).max(1);
    data.raw.chunks(width).all(|scalar| {
        let (last, rest) = scalar.split_last().unwrap_or((&0, &[]));
        rest.iter().all(|&b| b == 0) && (*last == 0 || (float && *last == 0x80))
    })
}

fn is_zero_value(ctx: &Context, attr: Attribute) -> bool {
    use ods_runtime::matchers::{is_any_zero_float, is_zero};
    match ctx.attr_kind(attr) {
        AttrKind::Integer { .. } => is_zero(ctx, attr),
        AttrKind::Float { .. } => is_any_zero_float(ctx, attr),
        // On the stored bytes: a splat or a large literal is never
        // expanded (a zero `vector<4294967296xi8>` is a valid value).
        AttrKind::DenseElements { ty, data } => {
            let float = ctx.element_type(*ty).is_some_and(|e| ctx.is_float(e));
            dense_is_zero(data, float)
        }
        AttrKind::Sparse { values, .. } => is_zero_value(ctx, *values),
        AttrKind::Array(items) => items.iter().all(|&a| is_zero_value(ctx, a)),
        _ => false,
    }
}

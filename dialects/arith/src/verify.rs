//! The checks of `arith` ops that the spec leaves to Rust (`hasVerifier`;
//! the casts' are in `casts.rs`), worded as `mlir-opt` words them.
//!
//! In: an op whose ODS invariants hold. Out: the first problem, as a
//! [`VerifyError`].

use ir::printer::print_type_str;
use ir::registry::VerifyError;
use ir::{AttrKind, Context, Ir, OpId, Signedness, Type, TypeKind};
use ods_runtime::op::inherent_attr;

/// `arith.constant`: a signless integer type, a value that is an
/// integer, float or elements attribute, and a splat for a scalable
/// vector.
pub fn verify_constant(ctx: &Context, ir: &Ir, op: OpId) -> Result<(), VerifyError> {
    let ty = ir.value_type(ir.result(op, 0));
    if let TypeKind::Integer { signedness, .. } = ctx.type_kind(ty) {
        if *signedness != Signedness::Signless {
            return Err(VerifyError::op_error(
                "integer return type must be signless",
            ));
        }
    }
    let value = inherent_attr(ctx, ir, op, "value");
    let usable = value.is_some_and(|v| {
        matches!(
            ctx.attr_kind(v),
            AttrKind::Integer { .. }
                | AttrKind::Float { .. }
                | AttrKind::DenseElements { .. }
                | AttrKind::DenseStrings { .. }
                | AttrKind::DenseResource { .. }
                | AttrKind::Sparse { .. }
        )
    });
    if !usable {
        return Err(VerifyError::op_error(
            "value must be an integer, float, or elements attribute",
        ));
    }
    let scalable =
        matches!(ctx.type_kind(ty), TypeKind::Vector { scalable, .. } if scalable.contains(&true));
    if scalable && !value.is_some_and(|v| is_splat_elements(ctx, v)) {
        return Err(VerifyError::op_error(
            "intializing scalable vectors with elements attribute is not supported unless it's a vector splat",
        ));
    }
    Ok(())
}

/// Whether `attr` is a `dense<...>` attribute holding one value for all
/// its elements (MLIR's `SplatElementsAttr`).
fn is_splat_elements(ctx: &Context, attr: ir::Attribute) -> bool {
    match ctx.attr_kind(attr) {
        AttrKind::DenseElements { data, .. } => data.splat,
        AttrKind::DenseStrings { values, .. } => values.len() == 1,
        _ => false,
    }
}

/// `arith.select`: a scalar `i1` condition, or for a vector or tensor
/// result, an `i1` condition of the result's shape.
pub fn verify_select(ctx: &Context, ir: &Ir, op: OpId) -> Result<(), VerifyError> {
    let condition = ir.value_type(ir.operand(op, 0));
    if ods_runtime::pred::is_signless_integer_of_width(ctx, condition, 1) {
        return Ok(());
    }
    let result = ir.value_type(ir.result(op, 0));
    let shaped = matches!(
        ctx.type_kind(result),
        TypeKind::Vector { .. } | TypeKind::RankedTensor { .. } | TypeKind::UnrankedTensor { .. }
    );
    if !shaped {
        return Err(VerifyError::op_error(format!(
            "expected condition to be a signless i1, but got '{}'",
            print_type_str(ctx, condition)
        )));
    }
    let is_i1 = |c: &Context, t: Type| ods_runtime::pred::is_signless_integer_of_width(c, t, 1);
    if ods_runtime::pred::is_clone_with_element(ctx, result, condition, is_i1) {
        return Ok(());
    }
    // The expected type is the result's with i1 elements; verifiers cannot
    // intern it, so its text is made from the result's.
    let text = print_type_str(ctx, result);
    let element = ctx
        .element_type(result)
        .map(|e| format!("x{}", print_type_str(ctx, e)))
        .unwrap_or_default();
    let expected = match text.rfind(&element).filter(|_| !element.is_empty()) {
        Some(at) => format!("{}xi1{}", &text[..at], &text[at + element.len()..]),
        None => text,
    };
    Err(VerifyError::op_error(format!(
        "expected condition type to have the same shape as the result type, expected '{expected}', but got '{}'",
        print_type_str(ctx, condition)
    )))
}

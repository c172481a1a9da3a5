//! The own checks of `llvm.shufflevector` and of the masked gather and
//! scatter intrinsics, with upstream's messages.

use ods_runtime::ir::printer::print_type_str;
use ods_runtime::ir::registry::VerifyError;
use ods_runtime::ir::{Context, Ir, Type, TypeKind};
use ods_runtime::Op;

use super::op_error;
use crate::{masked_gather, masked_scatter, ShuffleVectorOp};

/// The length and scalability of a 1-D vector type.
fn length(ctx: &Context, t: Type) -> Option<(i64, bool)> {
    match ctx.type_kind(t) {
        TypeKind::Vector {
            shape, scalable, ..
        } if shape.len() == 1 => Some((shape[0], scalable.first().copied().unwrap_or(false))),
        _ => None,
    }
}

/// `llvm.shufflevector`: a scalable vector is only splatted (every mask
/// element 0).
pub fn verify_shuffle_vector(
    ctx: &Context,
    ir: &Ir,
    op: ShuffleVectorOp,
) -> Result<(), VerifyError> {
    let v1 = ir.value_type(ir.operand(op.op(), 0));
    let scalable = length(ctx, v1).is_some_and(|(_, s)| s);
    let mask = ods_runtime::op::inherent_attr(ctx, ir, op.op(), "mask")
        .map(|a| ods_runtime::attr::dense_array_values::<i32>(ctx, a))
        .unwrap_or_default();
    if scalable && mask.iter().any(|&m| m != 0) {
        return op_error("expected a splat operation for scalable vectors");
    }
    Ok(())
}

/// The pointer vector's type must have the data vector's length
/// (upstream's `verifyVectorWithPtrs`): `expected operand #N type to be
/// 'vector<Lx!llvm.ptr>'`, with upstream's operand number.
fn check_ptrs(ctx: &Context, ptrs: Type, data: Type, number: u32) -> Result<(), VerifyError> {
    let (Some(have), Some(want)) = (length(ctx, ptrs), length(ctx, data)) else {
        return Ok(());
    };
    if have == want {
        return Ok(());
    }
    let element = ctx
        .element_type(ptrs)
        .map_or_else(String::new, |e| print_type_str(ctx, e));
    let (n, scalable) = want;
    let dim = if scalable {
        format!("[{n}]")
    } else {
        n.to_string()
    };
    op_error(format!(
        "expected operand #{number} type to be 'vector<{dim}x{element}>'"
    ))
}

/// `llvm.intr.masked.gather`: one pointer per result element.
pub fn verify_masked_gather(ctx: &Context, ir: &Ir, op: masked_gather) -> Result<(), VerifyError> {
    let ptrs = ir.value_type(ir.operand(op.op(), 0));
    let Some(res) = ir.results(op.op()).next().map(|r| ir.value_type(r)) else {
        return Ok(());
    };
    check_ptrs(ctx, ptrs, res, 1)
}

/// `llvm.intr.masked.scatter`: one pointer per stored element (upstream
/// numbers the pointers operand #2).
pub fn verify_masked_scatter(
    ctx: &Context,
    ir: &Ir,
    op: masked_scatter,
) -> Result<(), VerifyError> {
    let value = ir.value_type(ir.operand(op.op(), 0));
    let ptrs = ir.value_type(ir.operand(op.op(), 1));
    check_ptrs(ctx, ptrs, value, 2)
}

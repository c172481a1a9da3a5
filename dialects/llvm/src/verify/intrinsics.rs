//! The own checks of the intrinsics (`SincosOp::verify`,
//! `AssumeOp::verify`) and of `llvm.inline_asm`, with upstream's messages.

use ods_runtime::ir::registry::VerifyError;
use ods_runtime::ir::{Context, Ir};
use ods_runtime::Op;

use super::{op_error, result_type, ty};
use crate::{AssumeOp, InlineAsmOp, LLVMStructType, SincosOp};

/// `llvm.intr.sincos`: the result is a struct of two elements, each the
/// operand's type.
pub fn verify_sincos(ctx: &Context, ir: &Ir, op: SincosOp) -> Result<(), VerifyError> {
    let operand = ir.value_type(ir.operand(op.op(), 0));
    let Some(result) = result_type(ir, op.op()) else {
        return Ok(());
    };
    let homogeneous = LLVMStructType::from_type(ctx, result).is_some_and(|s| {
        let body = s.body(ctx);
        body.len() == 2 && body.iter().all(|&t| t == operand)
    });
    if !homogeneous {
        return op_error(format!(
            "expected result type to be an homogeneous struct with two elements matching the operand type, but got {}",
            ty(ctx, result)
        ));
    }
    Ok(())
}

/// `llvm.intr.assume`: one string tag per operand bundle (upstream's
/// `verifyOperandBundles`, which `llvm.call` shares).
pub fn verify_assume(ctx: &Context, ir: &Ir, op: AssumeOp) -> Result<(), VerifyError> {
    crate::call::verify_call(ctx, ir, op.op())
}

/// `llvm.inline_asm`: LLVM's inline assembly cannot be a `musttail` call.
pub fn verify_inline_asm(ctx: &Context, ir: &Ir, op: InlineAsmOp) -> Result<(), VerifyError> {
    if op.tail_call_kind(ctx, ir) == crate::TailCallKind::MustTail {
        return op_error("tail call kind 'musttail' is not supported by this operation");
    }
    Ok(())
}

//! The errors the `func.func` pattern prints without failing the pass
//! (upstream's `emitError` in `convertFuncOpToLLVMFuncOp`): the function
//! stays, its body is still lowered, and `mlir-opt-22` prints the error
//! with a `see current operation` note and goes on.
//!
//! They are rendered before the conversion runs: the conversion meets a
//! function before anything inside it, so the function is then as the
//! note shows it, and the rendering needs the pass's report settings,
//! which patterns do not see.

use ir::registry::VerifyError;
use ir::{Diagnostic, OpId};
use ods_transforms::pass::PassCx;

use super::FuncAttrs;
use crate::llvm_common::LlvmTypeConverter;

/// The errors of the functions under `root` (itself included) that the
/// `func.func` pattern with `converter` will leave, in the order the
/// conversion meets them (pre-order).
pub fn reported_func_errors(
    cx: &mut PassCx<'_>,
    root: OpId,
    converter: &LlvmTypeConverter,
) -> Vec<Diagnostic> {
    let mut failing = Vec::new();
    let mut stack = vec![root];
    while let Some(op) = stack.pop() {
        if cx.ctx.str(cx.ir.op_name(op)) == "func.func" {
            if let Some(error) = func_error(cx, op, converter) {
                failing.push((op, error.message()));
            }
        }
        let mut inner = Vec::new();
        for &region in cx.ir.regions(op) {
            for block in cx.ir.region_blocks(region) {
                inner.extend(cx.ir.block_ops(block));
            }
        }
        stack.extend(inner.into_iter().rev());
    }
    let reporter = cx.reporter(root);
    failing
        .into_iter()
        .map(|(op, message)| reporter.op_error(op, VerifyError::new(message)))
        .collect()
}

/// The error of `func`, when its signature converts (the pattern gives up
/// silently otherwise) and its attributes stop the lowering.
fn func_error(
    cx: &mut PassCx<'_>,
    func: OpId,
    converter: &LlvmTypeConverter,
) -> Option<super::FuncError> {
    let function_type = super::function_type(cx.ctx, cx.ir, func)?;
    let attrs = FuncAttrs::of(cx.ctx, cx.ir, func, converter);
    // The attributes first: they are cheaper to check than the signature.
    let error = attrs.unconvertible(cx.ctx)?;
    converter.convert_function_signature(cx.ctx, function_type, attrs.variadic, attrs.bare)?;
    Some(error)
}

//! `cf.assert` (upstream's `AssertOpLowering` and `createPrintStrCall`):
//! the block is split at the assert; a new block at the end of the region
//! takes the address of a private constant global holding the message,
//! calls `puts` with it, then `abort`; the assert becomes a conditional
//! branch to the rest of the block or to that one. The global, `puts` and
//! `abort` are added at the start of the module when missing.

use std::cell::Cell;

use dialect_llvm::{
    AddressOfOp, GEPNoWrapFlags, GlobalOp, LLVMArrayType, LLVMFunctionType, LLVMPointerType,
    LLVMVoidType, Linkage, UnreachableOp, Visibility,
};
use ir::builder::InsertPoint;
use ir::{AttrKind, Location, OpId, Type};
use ods_runtime::op::inherent_attr;
use ods_runtime::Op;
use ods_transforms::conversion::{ConversionRewriter, LogicalResult, OpAdaptor};

use super::string_attr;
use crate::func_to_llvm::ops::build_call;
use crate::func_to_llvm::{create_llvm_func, LlvmFuncParts};
use crate::llvm_common::LlvmTypeConverter;

/// The `builtin.module` holding `op`.
pub(crate) fn enclosing_module(rw: &ConversionRewriter<'_>, op: OpId) -> Option<OpId> {
    let mut current = rw.ir().parent_op(op)?;
    loop {
        if rw.ctx.str(rw.ir().op_name(current)) == "builtin.module" {
            return Some(current);
        }
        current = rw.ir().parent_op(current)?;
    }
}

/// The op of `module`'s body whose `sym_name` is `name`.
pub(crate) fn lookup_in_module(
    rw: &ConversionRewriter<'_>,
    module: OpId,
    name: &str,
) -> Option<OpId> {
    let ir = rw.ir();
    let body = ir.region(module, 0);
    let block = ir.first_block(body)?;
    ir.block_ops(block).find(|&op| {
        !rw.is_erased(op)
            && matches!(
                inherent_attr(rw.ctx, ir, op, "sym_name").map(|a| rw.ctx.attr_kind(a)),
                Some(AttrKind::String { value, .. }) if value.as_ref() == name.as_bytes()
            )
    })
}

/// Where ops go at the start of `module`'s body.
fn module_start(rw: &ConversionRewriter<'_>, module: OpId) -> Option<(InsertPoint, OpId)> {
    let body = rw.ir().region(module, 0);
    let block = rw.ir().first_block(body)?;
    let first = rw.ir().block_ops(block).next()?;
    Some((InsertPoint::Start(block), first))
}

/// The declaration `name` of type `ty` at the start of `module`, made
/// when missing (upstream's `lookupOrCreateFn`).
pub(crate) fn lookup_or_create_fn(
    rw: &mut ConversionRewriter<'_>,
    module: OpId,
    name: &str,
    ty: Type,
    loc: Location,
) -> Option<()> {
    if lookup_in_module(rw, module, name).is_some() {
        return Some(());
    }
    let (_, first) = module_start(rw, module)?;
    let parts = LlvmFuncParts {
        name: name.to_string(),
        function_type: ty,
        linkage: dialect_llvm::LinkageAttr::get(rw.ctx, Linkage::External).attr(),
        visibility: None,
        attrs: Vec::new(),
        arg_attrs: None,
        res_attrs: None,
    };
    create_llvm_func(rw, first, loc, parts);
    Some(())
}

/// A symbol name not taken in `module`: `base`, else `base_N` with the
/// pass's running counter (upstream's counter is process-wide).
fn unique_symbol(
    rw: &ConversionRewriter<'_>,
    module: OpId,
    base: &str,
    counter: &Cell<u32>,
) -> String {
    let mut name = base.to_string();
    while lookup_in_module(rw, module, &name).is_some() {
        name = format!("{base}_{}", counter.get());
        counter.set(counter.get() + 1);
    }
    name
}

pub(super) fn lower_assert(
    rw: &mut ConversionRewriter<'_>,
    op: OpId,
    adaptor: &OpAdaptor,
    _converter: &LlvmTypeConverter,
    counter: &Cell<u32>,
) -> LogicalResult {
    let Some(module) = enclosing_module(rw, op) else {
        return Err(rw.notify_match_failure(op, "not inside a module"));
    };
    let condition = match adaptor.values(0) {
        [c] => *c,
        _ => return Err(rw.notify_match_failure(op, "expected one condition")),
    };
    let (Some(block), Some(region)) = (
        rw.ir().op_block(op),
        rw.ir().op_block(op).and_then(|b| rw.ir().block_region(b)),
    ) else {
        return Err(rw.notify_match_failure(op, "not in a block"));
    };
    let message = string_attr(rw, op, "msg").unwrap_or_default();
    let loc = rw.ir().op_loc(op);
    let continuation = rw.split_block(block, Some(op));
    let failure = rw.create_block(region, None, &[], loc);

    // The message as a private constant global at the start of the module.
    let mut bytes: Vec<i64> = message.iter().map(|&c| i64::from(c as i8)).collect();
    bytes.push(0);
    let i8t = rw.ctx.int_type(8);
    let array_ty = LLVMArrayType::intern(rw.ctx, i8t, bytes.len() as u64).ty();
    let tensor_ty = rw.ctx.ranked_tensor_type(&[bytes.len() as i64], i8t, None);
    let Some(data) = ods_runtime::attr::dense_int_elements(rw.ctx, tensor_ty, &bytes) else {
        return Err(rw.notify_match_failure(op, "the message does not make a dense attribute"));
    };
    let global_name = unique_symbol(rw, module, "assert_msg", counter);
    let Some((start, _)) = module_start(rw, module) else {
        return Err(rw.notify_match_failure(op, "the module is empty"));
    };
    rw.build(start, |b| {
        GlobalOp::build(
            b,
            loc,
            array_ty,
            true,
            &global_name,
            Linkage::Private,
            false,
            false,
            false,
            Some(data),
            None,
            Some(0),
            None,
            None,
            None,
            None,
            Some(Visibility::Default),
            None,
        );
    });

    // `puts(message)`, then `abort()`, in the failure block.
    let ptr = LLVMPointerType::get_from(rw.ctx).ty();
    let void = LLVMVoidType::get(rw.ctx).ty();
    let module_loc = rw.ir().op_loc(module);
    let puts_ty = LLVMFunctionType::get_checked(rw.ctx, void, vec![ptr], false)
        .map(|f| f.ty())
        .ok();
    let abort_ty = LLVMFunctionType::get_checked(rw.ctx, void, vec![], false)
        .map(|f| f.ty())
        .ok();
    let (Some(puts_ty), Some(abort_ty)) = (puts_ty, abort_ty) else {
        return Err(rw.notify_match_failure(op, "no function type"));
    };
    rw.build(InsertPoint::End(failure), |b| {
        let addr = AddressOfOp::build(b, loc, ptr, &global_name).op();
        let addr = b.ir.results(addr).next().expect("addressof has a result");
        let gep = dialect_llvm::GEPOp::build(
            b,
            loc,
            ptr,
            addr,
            &[],
            vec![0],
            array_ty,
            GEPNoWrapFlags::NONE,
        )
        .op();
        let gep =
            b.ir.results(gep)
                .next()
                .expect("getelementptr has a result");
        build_call(b, loc, None, Some("puts"), &[gep]);
    });
    lookup_or_create_fn(rw, module, "puts", puts_ty, module_loc);
    if lookup_in_module(rw, module, "abort").is_none() {
        lookup_or_create_fn(rw, module, "abort", abort_ty, Location::UNKNOWN);
    }
    rw.build(InsertPoint::End(failure), |b| {
        build_call(b, loc, None, Some("abort"), &[]);
        UnreachableOp::build(b, loc);
    });

    // The assert becomes the branch.
    rw.build(InsertPoint::End(block), |b| {
        dialect_llvm::CondBrOp::build(
            b,
            loc,
            condition,
            &[],
            &[],
            None,
            None,
            continuation,
            failure,
        );
    });
    rw.erase_op(op);
    Ok(())
}

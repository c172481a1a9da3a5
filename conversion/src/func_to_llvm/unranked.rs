//! Unranked memrefs crossing a function boundary (upstream's
//! `ConvertToLLVMPattern::copyUnrankedDescriptors` and
//! `UnrankedMemRefDescriptor::computeSizes`): the ranked descriptor an
//! unranked one points to lives on the stack of the function that made
//! it, so a returned one is copied to the heap (`malloc`), and a call's
//! result is copied back to the stack (`alloca`) and the heap copy freed.
//! Each copy gets a new unranked descriptor.

use dialect_llvm::{AllocaOp, LLVMFunctionType, LLVMPointerType, LLVMVoidType, MemcpyOp};
use ir::builder::OpBuilder;
use ir::{Location, OpId, Type, TypeKind, Value};
use ods_runtime::Op;
use ods_transforms::conversion::{ConversionRewriter, MatchFailure};

use super::ops::build_call;
use crate::cf_to_llvm::lookup_or_create_fn;
use crate::llvm_common::pattern::index_attr_constant;
use crate::llvm_common::vector_pattern::create_llvm_op;
use crate::llvm_common::{LlvmTypeConverter, UnrankedMemRefDescriptor};

/// Whether `types` holds an unranked memref.
pub(super) fn has_unranked(rw: &ConversionRewriter<'_>, types: &[Type]) -> bool {
    types
        .iter()
        .any(|&t| matches!(rw.ctx.type_kind(t), TypeKind::UnrankedMemRef { .. }))
}

/// Declares `malloc` (`to_dynamic`) or `free` at the start of the module
/// holding `op` when it is missing.
pub(super) fn declare_allocator(
    rw: &mut ConversionRewriter<'_>,
    op: OpId,
    converter: &LlvmTypeConverter,
    to_dynamic: bool,
) -> Result<(), MatchFailure> {
    let Some(module) = crate::cf_to_llvm::enclosing_module(rw, op) else {
        return Err(rw.notify_match_failure(op, "not inside a module"));
    };
    let ptr = LLVMPointerType::get_from(rw.ctx).ty();
    let (name, ty) = if to_dynamic {
        let index = converter.index_type(rw.ctx);
        (
            "malloc",
            LLVMFunctionType::get_checked(rw.ctx, ptr, vec![index], false),
        )
    } else {
        let void = LLVMVoidType::get(rw.ctx).ty();
        (
            "free",
            LLVMFunctionType::get_checked(rw.ctx, void, vec![ptr], false),
        )
    };
    let Ok(ty) = ty else {
        return Err(rw.notify_match_failure(op, "no function type"));
    };
    let loc = rw.ir().op_loc(module);
    match lookup_or_create_fn(rw, module, name, ty.ty(), loc) {
        Some(()) => Ok(()),
        None => Err(rw.notify_match_failure(op, "the module is empty")),
    }
}

fn result(b: &OpBuilder<'_>, op: OpId) -> Value {
    b.ir.results(op).next().expect("one result")
}

/// Replaces each unranked descriptor of `values` (whose original types
/// are `types`) by a copy on the heap (`to_dynamic`) or the stack.
pub(super) fn copy_unranked_descriptors(
    b: &mut OpBuilder<'_>,
    loc: Location,
    converter: &LlvmTypeConverter,
    types: &[Type],
    values: &mut [Value],
    to_dynamic: bool,
) {
    let positions: Vec<usize> = (0..types.len())
        .filter(|&i| matches!(b.ctx.type_kind(types[i]), TypeKind::UnrankedMemRef { .. }))
        .collect();
    if positions.is_empty() {
        return;
    }
    let index = converter.index_type(b.ctx);
    let index_bytes = i64::from(converter.index_bitwidth().div_ceil(8));
    let ptr = LLVMPointerType::get_from(b.ctx).ty();
    // One descriptor at a time, its size first (`mlir-opt-22` computes the
    // sizes descriptor by descriptor, constants included).
    for i in positions {
        let desc = UnrankedMemRefDescriptor::new(values[i]);
        let size = descriptor_size(b, loc, index, index_bytes, &desc);
        let memory = if to_dynamic {
            let call = build_call(b, loc, Some(ptr), Some("malloc"), &[size]);
            result(b, call)
        } else {
            let i8t = b.ctx.int_type(8);
            let op = AllocaOp::build(b, loc, ptr, size, None, i8t, false).op();
            result(b, op)
        };
        let source = desc.memref_desc_ptr(b, loc);
        MemcpyOp::build(
            b, loc, memory, source, size, false, None, None, None, None, None, None,
        );
        if !to_dynamic {
            build_call(b, loc, None, Some("free"), &[source]);
        }
        let Some(descriptor_ty) = converter.convert_type(b.ctx, types[i]) else {
            continue;
        };
        let mut updated = UnrankedMemRefDescriptor::poison(b, loc, descriptor_ty);
        let rank = desc.rank(b, loc);
        updated.set_rank(b, loc, rank);
        updated.set_memref_desc_ptr(b, loc, memory);
        values[i] = updated.value();
    }
}

/// The bytes of the ranked descriptor `desc` points to:
/// `2 * sizeof(ptr) + (1 + 2 * rank) * sizeof(index)`.
fn descriptor_size(
    b: &mut OpBuilder<'_>,
    loc: Location,
    index: Type,
    index_bytes: i64,
    desc: &UnrankedMemRefDescriptor,
) -> Value {
    let one = index_attr_constant(b, loc, index, 1);
    let two = index_attr_constant(b, loc, index, 2);
    let index_size = index_attr_constant(b, loc, index, index_bytes);
    // Pointers are 64-bit in every address space of the default layout.
    let pointer_size = index_attr_constant(b, loc, index, 8);
    let mul = |b: &mut OpBuilder<'_>, x: Value, y: Value| {
        let op = create_llvm_op::<dialect_llvm::MulOp>(
            b,
            loc,
            &[x, y],
            &[index],
            Vec::new(),
            Vec::new(),
        );
        result(b, op)
    };
    let add = |b: &mut OpBuilder<'_>, x: Value, y: Value| {
        let op = create_llvm_op::<dialect_llvm::AddOp>(
            b,
            loc,
            &[x, y],
            &[index],
            Vec::new(),
            Vec::new(),
        );
        result(b, op)
    };
    let double_pointer_size = mul(b, two, pointer_size);
    let rank = desc.rank(b, loc);
    let double_rank = mul(b, two, rank);
    let incremented = add(b, double_rank, one);
    let rank_index_size = mul(b, incremented, index_size);
    add(b, double_pointer_size, rank_index_size)
}

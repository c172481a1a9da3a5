//! `memref.global` and `memref.get_global` (upstream's
//! `GlobalMemrefOpLowering` and `GetGlobalMemrefOpLowering`): the global
//! becomes an `llvm.mlir.global` of nested arrays (of the element itself
//! at rank 0); its use, a descriptor whose aligned pointer is the
//! global's first element and whose allocated pointer is `0xdeadbeef`,
//! since a global is never freed.
//!
//! In: the op. Out: the op replaced.

use super::alloc::{descriptor_sizes, fresh_descriptor, size_in_bytes};

use crate::llvm_common::pattern::index_attr_constant;
use crate::llvm_common::LowerToLlvmOptions;
use dialect_llvm::{
    AddressOfOp, GEPNoWrapFlags, GEPOp, GlobalOp, IntToPtrOp, LLVMArrayType, LLVMStructType,
    Linkage, ReturnOp, UndefOp, Visibility,
};
use dialect_memref::layout::has_identity_layout;
use ir::builder::InsertPoint;
use ir::{AttrKind, Context, OpId, Type, TypeKind};
use ods_runtime::op::inherent_attr;
use ods_runtime::Op;
use ods_transforms::conversion::{ConversionRewriter, LogicalResult};

/// What the global holds: the element type converted, in arrays from the
/// innermost dimension out (upstream's `convertGlobalMemrefTypeToLLVM`).
fn global_type(rw: &mut ConversionRewriter<'_>, memref: Type) -> Option<Type> {
    let TypeKind::MemRef { shape, element, .. } = rw.ctx.type_kind(memref).clone() else {
        return None;
    };
    let mut ty = rw.type_converter()?.convert_type_1to1(rw.ctx, element)?;
    for &d in shape.iter().rev() {
        ty = LLVMArrayType::intern(rw.ctx, ty, u64::try_from(d).ok()?).ty();
    }
    Some(ty)
}

/// The memref type of a `memref.global` (its `type` attribute).
fn declared_type(ctx: &Context, ir: &ir::Ir, op: OpId) -> Option<Type> {
    match ctx.attr_kind(inherent_attr(ctx, ir, op, "type")?) {
        AttrKind::Type(t) => Some(*t),
        _ => None,
    }
}

/// `memref.global`: `llvm.mlir.global` with the initial value (its one
/// element at rank 0), an initializer returning `llvm.mlir.undef` when
/// uninitialized, none when external.
pub(super) fn lower_global(rw: &mut ConversionRewriter<'_>, op: OpId) -> LogicalResult {
    let Some(memref) = declared_type(rw.ctx, rw.ir(), op) else {
        return Err(rw.notify_match_failure(op, "no type"));
    };
    if !has_identity_layout(rw.ctx, memref) {
        return Err(rw.notify_match_failure(op, "layout maps must have been normalized away"));
    }
    let Some(array) = global_type(rw, memref) else {
        return Err(rw.notify_match_failure(op, "type not convertible"));
    };
    let Some(descriptor) = rw
        .type_converter()
        .and_then(|c| c.convert_type_1to1(rw.ctx, memref))
    else {
        return Err(rw.notify_match_failure(op, "type not convertible"));
    };
    let address_space = LLVMStructType::from_type(rw.ctx, descriptor)
        .and_then(|s| s.body(rw.ctx).first().copied())
        .and_then(|p| dialect_llvm::pred::pointer_address_space(rw.ctx, p));
    let Some(address_space) = address_space else {
        return Err(rw.notify_match_failure(op, "not a descriptor"));
    };
    let attr = |rw: &ConversionRewriter<'_>, name: &str| inherent_attr(rw.ctx, rw.ir(), op, name);
    let public = attr(rw, "sym_visibility").is_none();
    let constant = attr(rw, "constant").is_some();
    let name = attr(rw, "sym_name")
        .map(|a| ods_runtime::attr::string_value(rw.ctx, a).to_string())
        .unwrap_or_default();
    let alignment = attr(rw, "alignment")
        .map(|a| ods_runtime::attr::int_value(rw.ctx, a))
        .filter(|&a| a != 0);
    let initial = attr(rw, "initial_value");
    let uninitialized = initial.is_some_and(|a| matches!(rw.ctx.attr_kind(a), AttrKind::Unit));
    let value = match initial {
        Some(a) if !uninitialized => {
            let rank0 = match rw.ctx.type_kind(memref) {
                TypeKind::MemRef { shape, element, .. } => shape.is_empty().then_some(*element),
                _ => None,
            };
            if let Some(element) = rank0 {
                match splat_scalar(rw.ctx, a, element) {
                    Some(v) => Some(v),
                    None => return Err(rw.notify_match_failure(op, "not a splat")),
                }
            } else {
                Some(a)
            }
        }
        _ => None,
    };
    let linkage = if public {
        Linkage::External
    } else {
        Linkage::Private
    };
    let loc = rw.ir().op_loc(op);
    let global = rw.build(InsertPoint::Before(op), |b| {
        GlobalOp::build(
            b,
            loc,
            array,
            constant,
            &name,
            linkage,
            false,
            false,
            false,
            value,
            alignment,
            Some(address_space as i32),
            None,
            None,
            None,
            None,
            Some(Visibility::Default),
            None,
        )
        .op()
    });
    if uninitialized {
        let region = rw.ir().regions(global)[0];
        let block = rw.create_block(region, None, &[], loc);
        rw.build(InsertPoint::End(block), |b| {
            let undef = UndefOp::build(b, loc, array);
            let undef = b.ir.result(undef.op(), 0);
            ReturnOp::build(b, loc, Some(undef));
        });
    }
    rw.erase_op(op);
    Ok(())
}

/// `memref.get_global`: the descriptor of the global's storage.
pub(super) fn lower_get_global(
    rw: &mut ConversionRewriter<'_>,
    op: OpId,
    options: LowerToLlvmOptions,
) -> LogicalResult {
    let memref = rw.ir().value_type(rw.ir().result(op, 0));
    let TypeKind::MemRef { shape, element, .. } = rw.ctx.type_kind(memref).clone() else {
        return Err(rw.notify_match_failure(op, "expected a ranked memref"));
    };
    if !has_identity_layout(rw.ctx, memref) {
        return Err(rw.notify_match_failure(op, "layout maps must have been normalized away"));
    }
    let (Some(array), Some(descriptor), Some(elem)) = (
        global_type(rw, memref),
        rw.type_converter()
            .and_then(|c| c.convert_type_1to1(rw.ctx, memref)),
        rw.type_converter()
            .and_then(|c| c.convert_type_1to1(rw.ctx, element)),
    ) else {
        return Err(rw.notify_match_failure(op, "type not convertible"));
    };
    let Some(ptr) =
        LLVMStructType::from_type(rw.ctx, descriptor).and_then(|s| s.body(rw.ctx).first().copied())
    else {
        return Err(rw.notify_match_failure(op, "not a descriptor"));
    };
    let name = inherent_attr(rw.ctx, rw.ir(), op, "name")
        .map(|a| ods_runtime::attr::flat_symbol_ref_value(rw.ctx, a).to_string())
        .unwrap_or_default();
    let index = rw.ctx.int_type(options.index_bitwidth);
    let int_ptr = rw.ctx.int_type(64);
    let loc = rw.ir().op_loc(op);
    let at = rw.insertion_point();
    let value = rw.build(at, |b| {
        let (sizes, strides, count) = descriptor_sizes(b, loc, index, &shape, &[]);
        size_in_bytes(b, loc, index, elem, count);
        let address = AddressOfOp::build(b, loc, ptr, &name);
        let address = b.ir.result(address.op(), 0);
        let zeros = vec![0i32; shape.len() + 1];
        let first = GEPOp::build(
            b,
            loc,
            ptr,
            address,
            &[],
            zeros,
            array,
            GEPNoWrapFlags::NONE,
        );
        let first = b.ir.result(first.op(), 0);
        let dead_beef = index_attr_constant(b, loc, int_ptr, 0xdead_beef);
        let bad = IntToPtrOp::build(b, loc, ptr, dead_beef, None);
        let bad = b.ir.result(bad.op(), 0);
        fresh_descriptor(b, loc, descriptor, bad, first, &sizes, &strides)
    });
    match value {
        Some(v) => {
            rw.replace_op(op, &[v]);
            Ok(())
        }
        None => Err(rw.notify_match_failure(op, "not a descriptor")),
    }
}

/// The one value of splat `attr` as a scalar attribute of `element`
/// (upstream's `getSplatValue<Attribute>`).
fn splat_scalar(ctx: &mut Context, attr: ir::Attribute, element: Type) -> Option<ir::Attribute> {
    if ctx.is_float(element) {
        let v = ods_runtime::matchers::splat_float(ctx, attr)?;
        return Some(ctx.float_attr(element, v));
    }
    let v = ods_runtime::matchers::splat_int(ctx, attr)?;
    Some(ctx.integer_attr(element, v))
}

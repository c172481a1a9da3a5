//! `memref.alloc`, `memref.alloca` and `memref.dealloc` (upstream's
//! `AllocOpLowering`, `AllocaOpLowering`, `DeallocOpLowering` and
//! `AllocLikeOpLLVMLowering`): the sizes and strides of the identity
//! layout, the buffer from `malloc` (aligned by hand when the op asks
//! for an alignment), `aligned_alloc` or `llvm.alloca`, and a descriptor
//! over it; `free` of the allocated pointer. `memref.alloca_scope`
//! (`AllocaScopeOpLowering`): its body inlined between a stack save and
//! restore.
//!
//! In: the op, its converted operands. Out: the op replaced, the
//! allocation function declared in the module.

use super::{call, lookup_or_create_fn, symbol_table_of};
use crate::llvm_common::pattern::index_attr_constant;
use crate::llvm_common::{Field, MemRefDescriptor};
use crate::llvm_common::{LlvmTypeConverter, LowerToLlvmOptions};
use dialect_llvm::{
    AddOp, AddrSpaceCastOp, AllocaOp, BrOp, GEPNoWrapFlags, GEPOp, IntToPtrOp,
    IntegerOverflowFlags, LLVMPointerType, LLVMStructType, LLVMVoidType, MulOp, PtrToIntOp,
    StackRestoreOp, StackSaveOp, SubOp, URemOp, ZeroOp,
};
use dialect_memref::layout::has_identity_layout;
use ir::builder::{InsertPoint, OpBuilder};
use ir::{Context, Location, OpId, Type, TypeKind, Value};
use ods_runtime::index_list::DYNAMIC;
use ods_runtime::Op;
use ods_transforms::conversion::{ConversionRewriter, LogicalResult, OpAdaptor};

/// GEP's marker for a dynamic index among `rawConstantIndices`.
const DYNAMIC_INDEX: i32 = i32::MIN;

/// The smallest alignment `aligned_alloc` is given when the op names
/// none (upstream's `kMinAlignedAllocAlignment`).
const MIN_ALIGNED_ALLOC_ALIGNMENT: u64 = 16;

fn result(b: &OpBuilder<'_>, op: OpId) -> Value {
    b.ir.result(op, 0)
}

/// `llvm.getelementptr base[index] : elem`.
pub(super) fn gep(
    b: &mut OpBuilder<'_>,
    loc: Location,
    ptr_type: Type,
    elem: Type,
    base: Value,
    index: Value,
    flags: GEPNoWrapFlags,
) -> Value {
    let op = GEPOp::build(
        b,
        loc,
        ptr_type,
        base,
        &[index],
        vec![DYNAMIC_INDEX],
        elem,
        flags,
    );
    result(b, op.op())
}

/// The memref type's sizes and strides as values, and the buffer size in
/// elements (upstream's `getMemRefDescriptorSizes` without the bytes).
pub(super) fn descriptor_sizes(
    b: &mut OpBuilder<'_>,
    loc: Location,
    index: Type,
    shape: &[i64],
    dynamic: &[Value],
) -> (Vec<Value>, Vec<Value>, Value) {
    let mut next = dynamic.iter();
    let sizes: Vec<Value> = shape
        .iter()
        .map(|&d| match d {
            DYNAMIC => *next.next().expect("one operand per dynamic size"),
            d => index_attr_constant(b, loc, index, d),
        })
        .collect();
    let mut stride: i64 = 1;
    let mut running = index_attr_constant(b, loc, index, 1);
    let mut strides = vec![running; shape.len()];
    for i in (0..shape.len()).rev() {
        strides[i] = running;
        let use_size = stride == 1;
        if shape[i] == DYNAMIC {
            stride = DYNAMIC;
        }
        if stride != DYNAMIC {
            stride = stride.wrapping_mul(shape[i]);
        }
        running = if use_size {
            sizes[i]
        } else if stride == DYNAMIC {
            let mul = MulOp::build(b, loc, running, sizes[i], IntegerOverflowFlags::NONE);
            result(b, mul.op())
        } else {
            index_attr_constant(b, loc, index, stride)
        };
    }
    (sizes, strides, running)
}

/// The size in bytes of `count` elements of `elem`: `ptrtoint` of a GEP
/// from null (upstream's idiom, which needs no data layout).
pub(super) fn size_in_bytes(
    b: &mut OpBuilder<'_>,
    loc: Location,
    index: Type,
    elem: Type,
    count: Value,
) -> Value {
    let ptr = LLVMPointerType::intern(b.ctx, 0).ty();
    let null = ZeroOp::build(b, loc, ptr);
    let null = result(b, null.op());
    let end = gep(b, loc, ptr, elem, null, count, GEPNoWrapFlags::NONE);
    let int = PtrToIntOp::build(b, loc, index, end);
    result(b, int.op())
}

/// The size in bytes of one `elem` (upstream's `getSizeInBytes`: a GEP
/// to element 1 from null).
pub(super) fn element_size(b: &mut OpBuilder<'_>, loc: Location, index: Type, elem: Type) -> Value {
    let ptr = LLVMPointerType::intern(b.ctx, 0).ty();
    let null = ZeroOp::build(b, loc, ptr);
    let null = result(b, null.op());
    let end = GEPOp::build(b, loc, ptr, null, &[], vec![1], elem, GEPNoWrapFlags::NONE);
    let end = result(b, end.op());
    let int = PtrToIntOp::build(b, loc, index, end);
    result(b, int.op())
}

/// `ptr` (from an allocation function, address space 0) as a pointer of
/// type `ptr_type` (upstream's `castAllocFuncResult`).
fn to_address_space(b: &mut OpBuilder<'_>, loc: Location, ptr: Value, ptr_type: Type) -> Value {
    if b.ir.value_type(ptr) == ptr_type {
        return ptr;
    }
    let cast = AddrSpaceCastOp::build(b, loc, ptr_type, ptr);
    result(b, cast.op())
}

/// `input` rounded up to a multiple of `alignment` (upstream's
/// `createAligned`).
fn aligned(
    b: &mut OpBuilder<'_>,
    loc: Location,
    index: Type,
    input: Value,
    alignment: Value,
) -> Value {
    let one = index_attr_constant(b, loc, index, 1);
    let minus_one = SubOp::build(b, loc, alignment, one, IntegerOverflowFlags::NONE);
    let minus_one = result(b, minus_one.op());
    let bumped = AddOp::build(b, loc, input, minus_one, IntegerOverflowFlags::NONE);
    let bumped = result(b, bumped.op());
    let rem = URemOp::build(b, loc, bumped, alignment);
    let rem = result(b, rem.op());
    let down = SubOp::build(b, loc, bumped, rem, IntegerOverflowFlags::NONE);
    result(b, down.op())
}

/// What an allocation needs from the op's type.
struct Allocation {
    loc: Location,
    shape: Vec<i64>,
    /// The element type, converted.
    elem: Type,
    /// The descriptor's struct type.
    descriptor: Type,
    /// The pointer type of the descriptor (with the address space).
    ptr: Type,
    index: Type,
    /// The element is an integer, index or float (else `malloc`'s
    /// alignment is the element's size).
    scalar: bool,
    /// The element's size in bytes, when a data layout question about
    /// it has an answer here.
    elem_bytes: Option<u64>,
    alignment: Option<i64>,
}

/// The allocation of `op`, or why it cannot be lowered.
fn allocation(
    rw: &mut ConversionRewriter<'_>,
    op: OpId,
    options: LowerToLlvmOptions,
) -> Result<Allocation, &'static str> {
    let loc = rw.ir().op_loc(op);
    let ty = rw.ir().value_type(rw.ir().result(op, 0));
    let TypeKind::MemRef { shape, element, .. } = rw.ctx.type_kind(ty).clone() else {
        return Err("expected a ranked memref result");
    };
    if !has_identity_layout(rw.ctx, ty) {
        return Err("layout maps must have been normalized away");
    }
    let converter = rw.type_converter().ok_or("no type converter")?;
    let descriptor = converter
        .convert_type_1to1(rw.ctx, ty)
        .ok_or("memref type not convertible")?;
    let elem = converter
        .convert_type_1to1(rw.ctx, element)
        .ok_or("element type not convertible")?;
    let ptr = *LLVMStructType::from_type(rw.ctx, descriptor)
        .ok_or("not a descriptor")?
        .body(rw.ctx)
        .first()
        .ok_or("not a descriptor")?;
    let scalar = rw.ctx.is_index(element)
        || rw.ctx.is_float(element)
        || matches!(
            rw.ctx.type_kind(element),
            TypeKind::Integer {
                signedness: ir::Signedness::Signless,
                ..
            }
        );
    let alignment = ods_runtime::op::inherent_attr(rw.ctx, rw.ir(), op, "alignment")
        .map(|a| ods_runtime::attr::int_value(rw.ctx, a));
    Ok(Allocation {
        loc,
        shape: shape.to_vec(),
        elem,
        descriptor,
        ptr,
        index: rw.ctx.int_type(options.index_bitwidth),
        scalar,
        elem_bytes: element_bytes(rw.ctx, element, options),
        alignment,
    })
}

/// The size in bytes of an element under the default data layout
/// (MLIR's `DataLayout::getTypeSize`): integers and floats by their
/// width; a vector by its element's size times its element count, the
/// innermost dimension rounded up to a power of two.
fn element_bytes(ctx: &Context, element: Type, options: LowerToLlvmOptions) -> Option<u64> {
    if ctx.is_index(element) {
        return Some(u64::from(options.index_bitwidth).div_ceil(8));
    }
    match ctx.type_kind(element) {
        TypeKind::Integer { width, .. } => Some(u64::from(*width).div_ceil(8)),
        TypeKind::Float(kind) => Some(u64::from(kind.bit_width()).div_ceil(8)),
        TypeKind::Vector {
            shape,
            scalable,
            element,
        } => {
            let (&last, outer) = shape.split_last()?;
            if scalable.iter().any(|&s| s) || last <= 0 {
                return None;
            }
            let outer: u64 = outer.iter().map(|&d| d as u64).product();
            let each = element_bytes(ctx, *element, options)?;
            Some(outer * (last as u64).next_power_of_two() * each)
        }
        _ => None,
    }
}

/// The descriptor of a fresh buffer (upstream's `createMemRefDescriptor`).
fn descriptor(
    b: &mut OpBuilder<'_>,
    a: &Allocation,
    allocated: Value,
    aligned: Value,
    sizes: &[Value],
    strides: &[Value],
) -> Option<Value> {
    fresh_descriptor(b, a.loc, a.descriptor, allocated, aligned, sizes, strides)
}

/// A descriptor of struct type `ty` on `allocated` and `aligned`, offset
/// 0, `sizes` and `strides` (upstream's `createMemRefDescriptor`).
pub(super) fn fresh_descriptor(
    b: &mut OpBuilder<'_>,
    loc: Location,
    ty: Type,
    allocated: Value,
    aligned: Value,
    sizes: &[Value],
    strides: &[Value],
) -> Option<Value> {
    let mut d = MemRefDescriptor::poison(b, loc, ty)?;
    d.set(b, loc, Field::AllocatedPtr, allocated);
    d.set(b, loc, Field::AlignedPtr, aligned);
    d.set_constant(b, loc, Field::Offset, 0);
    for (i, &s) in sizes.iter().enumerate() {
        d.set(b, loc, Field::Size(i), s);
    }
    for (i, &s) in strides.iter().enumerate() {
        d.set(b, loc, Field::Stride(i), s);
    }
    Some(d.value())
}

/// `memref.alloc`: `malloc` (or `aligned_alloc`) of the buffer's bytes.
pub(super) fn lower_alloc(
    rw: &mut ConversionRewriter<'_>,
    op: OpId,
    adaptor: &OpAdaptor,
    converter: &LlvmTypeConverter,
) -> LogicalResult {
    let options = *converter.options();
    let a = match allocation(rw, op, options) {
        Ok(a) => a,
        Err(why) => return Err(rw.notify_match_failure(op, why)),
    };
    let Some(dynamic) = adaptor.one_to_one() else {
        return Err(rw.notify_match_failure(op, "sizes not converted one to one"));
    };
    if a.shape.iter().filter(|&&d| d == DYNAMIC).count() != dynamic.len() {
        return Err(rw.notify_match_failure(op, "one operand per dynamic size expected"));
    }
    let Some(module) = symbol_table_of(rw, op) else {
        return Err(rw.notify_match_failure(op, "not inside a module"));
    };
    let ptr0 = LLVMPointerType::intern(rw.ctx, 0).ty();
    let aligned_bytes = if options.use_aligned_alloc {
        let Some(bytes) = a.elem_bytes else {
            return Err(rw.notify_match_failure(op, "element size unknown"));
        };
        let alignment = match a.alignment {
            Some(n) => n as u64,
            None => MIN_ALIGNED_ALLOC_ALIGNMENT.max(bytes.next_power_of_two()),
        };
        let static_bytes = a
            .shape
            .iter()
            .filter(|&&d| d != DYNAMIC)
            .fold(bytes, |acc, &d| acc.wrapping_mul(d as u64));
        let multiple = alignment != 0 && static_bytes % alignment == 0;
        Some((alignment, multiple))
    } else {
        None
    };
    let (name, params) = match (aligned_bytes.is_some(), options.use_generic_functions) {
        (false, false) => ("malloc", vec![a.index]),
        (false, true) => ("_mlir_memref_to_llvm_alloc", vec![a.index]),
        (true, false) => ("aligned_alloc", vec![a.index, a.index]),
        (true, true) => ("_mlir_memref_to_llvm_aligned_alloc", vec![a.index, a.index]),
    };
    let at = rw.insertion_point();
    let (sizes, strides, count) = rw.build(at, |b| {
        descriptor_sizes(b, a.loc, a.index, &a.shape, &dynamic)
    });
    let at = rw.insertion_point();
    let bytes = rw.build(at, |b| size_in_bytes(b, a.loc, a.index, a.elem, count));
    if lookup_or_create_fn(rw, converter, module, name, &params, ptr0).is_none() {
        return Err(rw.notify_match_failure(op, "allocation function is not an llvm.func"));
    }
    let at = rw.insertion_point();
    let value = rw.build(at, |b| {
        let loc = a.loc;
        let (allocated, aligned_ptr) = match aligned_bytes {
            Some((alignment, multiple)) => {
                let alignment = index_attr_constant(b, loc, a.index, alignment as i64);
                let size = if multiple {
                    bytes
                } else {
                    aligned(b, loc, a.index, bytes, alignment)
                };
                let p = call(b, loc, name, &[alignment, size], Some(ptr0))?;
                let p = to_address_space(b, loc, p, a.ptr);
                (p, p)
            }
            None => {
                let alignment = match a.alignment {
                    Some(n) => Some(index_attr_constant(b, loc, a.index, n)),
                    None if !a.scalar => Some(element_size(b, loc, a.index, a.elem)),
                    None => None,
                };
                let size = match alignment {
                    Some(al) => {
                        let add = AddOp::build(b, loc, bytes, al, IntegerOverflowFlags::NONE);
                        result(b, add.op())
                    }
                    None => bytes,
                };
                let p = call(b, loc, name, &[size], Some(ptr0))?;
                let p = to_address_space(b, loc, p, a.ptr);
                match alignment {
                    Some(al) => {
                        let int = PtrToIntOp::build(b, loc, a.index, p);
                        let int = result(b, int.op());
                        let up = aligned(b, loc, a.index, int, al);
                        let q = IntToPtrOp::build(b, loc, a.ptr, up, None);
                        (p, result(b, q.op()))
                    }
                    None => (p, p),
                }
            }
        };
        descriptor(b, &a, allocated, aligned_ptr, &sizes, &strides)
    });
    match value {
        Some(v) => {
            rw.replace_op(op, &[v]);
            Ok(())
        }
        None => Err(rw.notify_match_failure(op, "underlying buffer allocation failed")),
    }
}

/// `memref.alloca`: `llvm.alloca` of the element count.
pub(super) fn lower_alloca(
    rw: &mut ConversionRewriter<'_>,
    op: OpId,
    adaptor: &OpAdaptor,
    options: LowerToLlvmOptions,
) -> LogicalResult {
    let a = match allocation(rw, op, options) {
        Ok(a) => a,
        Err(why) => return Err(rw.notify_match_failure(op, why)),
    };
    let Some(dynamic) = adaptor.one_to_one() else {
        return Err(rw.notify_match_failure(op, "sizes not converted one to one"));
    };
    if a.shape.iter().filter(|&&d| d == DYNAMIC).count() != dynamic.len() {
        return Err(rw.notify_match_failure(op, "one operand per dynamic size expected"));
    }
    let at = rw.insertion_point();
    let value = rw.build(at, |b| {
        let loc = a.loc;
        let (sizes, strides, count) = descriptor_sizes(b, loc, a.index, &a.shape, &dynamic);
        let alignment = a.alignment.filter(|&n| n != 0);
        let alloca = AllocaOp::build(b, loc, a.ptr, count, alignment, a.elem, false);
        let p = result(b, alloca.op());
        descriptor(b, &a, p, p, &sizes, &strides)
    });
    match value {
        Some(v) => {
            rw.replace_op(op, &[v]);
            Ok(())
        }
        None => Err(rw.notify_match_failure(op, "not a descriptor type")),
    }
}

/// `memref.dealloc`: `free` of the allocated pointer.
pub(super) fn lower_dealloc(
    rw: &mut ConversionRewriter<'_>,
    op: OpId,
    adaptor: &OpAdaptor,
    converter: &LlvmTypeConverter,
) -> LogicalResult {
    let options = *converter.options();
    let Some(memref) = adaptor.operand(0) else {
        return Err(rw.notify_match_failure(op, "no operand"));
    };
    let Some(desc) = MemRefDescriptor::new(rw.ctx, rw.ir(), memref) else {
        return Err(rw.notify_match_failure(op, "unranked memrefs are not lowered here"));
    };
    let Some(module) = symbol_table_of(rw, op) else {
        return Err(rw.notify_match_failure(op, "not inside a module"));
    };
    let name = if options.use_generic_functions {
        "_mlir_memref_to_llvm_free"
    } else {
        "free"
    };
    let ptr0 = LLVMPointerType::intern(rw.ctx, 0).ty();
    let void = LLVMVoidType::intern(rw.ctx).ty();
    if lookup_or_create_fn(rw, converter, module, name, &[ptr0], void).is_none() {
        return Err(rw.notify_match_failure(op, "free is not an llvm.func"));
    }
    let loc = rw.ir().op_loc(op);
    let at = rw.insertion_point();
    rw.build(at, |b| {
        let p = desc.allocated_ptr(b, loc);
        call(b, loc, name, &[p], None);
    });
    rw.erase_op(op);
    Ok(())
}

/// `memref.alloca_scope` (upstream's `AllocaScopeOpLowering`): the block
/// is split before the op; its end saves the stack pointer and branches
/// into the inlined body, whose `memref.alloca_scope.return` becomes a
/// stack restore and a branch to the continuation (a new block taking the
/// results, which branches to the rest, when the op has results).
pub(super) fn lower_alloca_scope(rw: &mut ConversionRewriter<'_>, op: OpId) -> LogicalResult {
    let loc = rw.ir().op_loc(op);
    let Some(current) = rw.ir().op_block(op) else {
        return Err(rw.notify_match_failure(op, "not in a block"));
    };
    let Some(parent) = rw.ir().block_region(current) else {
        return Err(rw.notify_match_failure(op, "not in a region"));
    };
    let Some(&body) = rw.ir().regions(op).first() else {
        return Err(rw.notify_match_failure(op, "no body"));
    };
    let (Some(before_body), Some(after_body)) = (
        rw.ir().region_blocks(body).next(),
        rw.ir().region_blocks(body).last(),
    ) else {
        return Err(rw.notify_match_failure(op, "empty body"));
    };
    let Some(ret) = rw.live_terminator(after_body) else {
        return Err(rw.notify_match_failure(op, "no terminator"));
    };
    let result_types: Vec<Type> = rw.ir().results(op).map(|r| rw.ir().value_type(r)).collect();
    let remaining = rw.split_block(current, Some(op));
    let continue_block = if result_types.is_empty() {
        remaining
    } else {
        let block = rw.create_block(parent, Some(remaining), &result_types, loc);
        rw.build(InsertPoint::End(block), |b| {
            BrOp::build(b, loc, &[], None, remaining);
        });
        block
    };
    rw.inline_region_before(body, parent, Some(continue_block));
    let stack = rw.build(InsertPoint::End(current), |b| {
        let ptr = LLVMPointerType::intern(b.ctx, 0).ty();
        let save = StackSaveOp::build(b, loc, ptr);
        let stack = b.ir.result(save.op(), 0);
        BrOp::build(b, loc, &[], None, before_body);
        stack
    });
    let returned: Vec<Value> = rw.ir().operands(ret).collect();
    // The branch replaces the return, at its location.
    let ret_loc = rw.ir().op_loc(ret);
    rw.build(InsertPoint::Before(ret), |b| {
        StackRestoreOp::build(b, loc, stack);
        BrOp::build(b, ret_loc, &returned, None, continue_block);
    });
    rw.erase_op(ret);
    let results: Vec<Value> = rw.ir().arguments(continue_block).collect();
    let results = if result_types.is_empty() {
        Vec::new()
    } else {
        results
    };
    rw.replace_op(op, &results);
    Ok(())
}

//! Reading and writing through a descriptor: `memref.load` and
//! `memref.store` (upstream's `LoadOpLowering`, `StoreOpLowering` over
//! `getStridedElementPtr`), `memref.dim` (of ranked and unranked memrefs),
//! `memref.assume_alignment`,
//! `extract_aligned_pointer_as_index` and `extract_strided_metadata`.
//!
//! In: the op, its converted operands (descriptors, `iN` indices). Out:
//! the op replaced by LLVM ops.

use super::alloc::gep;
use crate::llvm_common::pattern::{index_attr_constant, load, store, Access};
use crate::llvm_common::{LlvmTypeConverter, LowerToLlvmOptions, MemRefDescriptor};
use dialect_llvm::{AddOp, GEPNoWrapFlags, IntegerOverflowFlags, MulOp, PtrToIntOp};
use dialect_memref::layout::strides_and_offset;
use ir::builder::OpBuilder;
use ir::{Location, OpId, Type, TypeKind, Value};
use ods_runtime::index_list::DYNAMIC;
use ods_runtime::Op;
use ods_transforms::conversion::{ConversionRewriter, LogicalResult, MatchFailure, OpAdaptor};

/// The address of element `indices` of the memref of type `ty` held by
/// descriptor `desc` (upstream's `getStridedElementPtr`): the aligned
/// pointer, moved by a static offset, then by the sum of index times
/// stride; with `in_bounds` (loads and stores) the `getelementptr` is
/// `inbounds|nuw` and the arithmetic `nsw, nuw`, else (the atomic loop)
/// they have no flags.
#[allow(clippy::too_many_arguments)]
pub(super) fn element_ptr(
    b: &mut OpBuilder<'_>,
    loc: Location,
    index_type: Type,
    elem: Type,
    ty: Type,
    desc: MemRefDescriptor,
    indices: &[Value],
    in_bounds: bool,
) -> Option<Value> {
    let (strides, offset) = strides_and_offset(b.ctx, ty)?;
    let ptr_type = desc.element_ptr_type(b.ctx, b.ir)?;
    let mut base = desc.aligned_ptr(b, loc);
    if offset != 0 {
        let offset = if offset == DYNAMIC {
            desc.offset(b, loc)
        } else {
            index_attr_constant(b, loc, index_type, offset)
        };
        base = gep(b, loc, ptr_type, elem, base, offset, GEPNoWrapFlags::NONE);
    }
    let flags = if in_bounds {
        IntegerOverflowFlags::from_value_truncate(
            IntegerOverflowFlags::NSW.value() | IntegerOverflowFlags::NUW.value(),
        )
    } else {
        IntegerOverflowFlags::from_value_truncate(0)
    };
    let mut index: Option<Value> = None;
    for (i, &increment) in indices.iter().enumerate() {
        let stride = *strides.get(i)?;
        let mut increment = increment;
        if stride != 1 {
            let stride = if stride == DYNAMIC {
                desc.stride(b, loc, i)
            } else {
                index_attr_constant(b, loc, index_type, stride)
            };
            let mul = MulOp::build(b, loc, increment, stride, flags);
            increment = b.ir.result(mul.op(), 0);
        }
        index = Some(match index {
            Some(sum) => {
                let add = AddOp::build(b, loc, sum, increment, flags);
                b.ir.result(add.op(), 0)
            }
            None => increment,
        });
    }
    let no_wrap = if in_bounds {
        GEPNoWrapFlags::from_value_truncate(
            GEPNoWrapFlags::INBOUNDS.value() | GEPNoWrapFlags::NUW.value(),
        )
    } else {
        GEPNoWrapFlags::NONE
    };
    Some(match index {
        Some(i) => gep(b, loc, ptr_type, elem, base, i, no_wrap),
        None => base,
    })
}

/// The parts of a `load`/`store` on a ranked memref: its type, the
/// converted element type, the descriptor and the converted indices.
pub(super) fn access_parts(
    rw: &mut ConversionRewriter<'_>,
    op: OpId,
    adaptor: &OpAdaptor,
    memref_operand: usize,
) -> Result<(Type, Type, MemRefDescriptor, Vec<Value>), &'static str> {
    let operands = adaptor
        .one_to_one()
        .ok_or("operands not converted one to one")?;
    let ty = rw.ir().value_type(rw.ir().operand(op, memref_operand));
    let TypeKind::MemRef { element, .. } = *rw.ctx.type_kind(ty) else {
        return Err("expected a ranked memref");
    };
    let converter = rw.type_converter().ok_or("no type converter")?;
    let elem = converter
        .convert_type_1to1(rw.ctx, element)
        .ok_or("element type not convertible")?;
    let memref = *operands.get(memref_operand).ok_or("no memref operand")?;
    let desc = MemRefDescriptor::new(rw.ctx, rw.ir(), memref).ok_or("not a descriptor")?;
    Ok((ty, elem, desc, operands[memref_operand + 1..].to_vec()))
}

/// The `alignment` and `nontemporal` of a `load`/`store`.
fn access_flags(rw: &ConversionRewriter<'_>, op: OpId) -> Access {
    let alignment = ods_runtime::op::inherent_attr(rw.ctx, rw.ir(), op, "alignment")
        .map(|a| ods_runtime::attr::int_value(rw.ctx, a))
        .filter(|&a| a != 0);
    let nontemporal = ods_runtime::op::inherent_attr(rw.ctx, rw.ir(), op, "nontemporal")
        .is_some_and(|a| ods_runtime::attr::bool_value(rw.ctx, a));
    Access {
        alignment,
        nontemporal,
    }
}

pub(super) fn index_type(rw: &mut ConversionRewriter<'_>, options: LowerToLlvmOptions) -> Type {
    rw.ctx.int_type(options.index_bitwidth)
}

/// `memref.load`: `llvm.load` of the element's address.
pub(super) fn lower_load(
    rw: &mut ConversionRewriter<'_>,
    op: OpId,
    adaptor: &OpAdaptor,
    options: LowerToLlvmOptions,
) -> LogicalResult {
    let (ty, elem, desc, indices) = match access_parts(rw, op, adaptor, 0) {
        Ok(parts) => parts,
        Err(why) => return Err(rw.notify_match_failure(op, why)),
    };
    let access = access_flags(rw, op);
    let loc = rw.ir().op_loc(op);
    let index = index_type(rw, options);
    let at = rw.insertion_point();
    let loaded = rw.build(at, |b| {
        let ptr = element_ptr(b, loc, index, elem, ty, desc, &indices, true)?;
        Some(load(b, loc, elem, ptr, access))
    });
    match loaded {
        Some(v) => {
            rw.replace_op(op, &[v]);
            Ok(())
        }
        None => Err(rw.notify_match_failure(op, "not a strided memref")),
    }
}

/// `memref.store`: `llvm.store` to the element's address.
pub(super) fn lower_store(
    rw: &mut ConversionRewriter<'_>,
    op: OpId,
    adaptor: &OpAdaptor,
    options: LowerToLlvmOptions,
) -> LogicalResult {
    let (ty, elem, desc, indices) = match access_parts(rw, op, adaptor, 1) {
        Ok(parts) => parts,
        Err(why) => return Err(rw.notify_match_failure(op, why)),
    };
    let Some(value) = adaptor.operand(0) else {
        return Err(rw.notify_match_failure(op, "no value"));
    };
    let access = access_flags(rw, op);
    let loc = rw.ir().op_loc(op);
    let index = index_type(rw, options);
    let at = rw.insertion_point();
    let stored = rw.build(at, |b| {
        let ptr = element_ptr(b, loc, index, elem, ty, desc, &indices, true)?;
        store(b, loc, value, ptr, access);
        Some(())
    });
    match stored {
        Some(()) => {
            rw.erase_op(op);
            Ok(())
        }
        None => Err(rw.notify_match_failure(op, "not a strided memref")),
    }
}

/// `memref.dim` of a ranked memref: by a constant index, the static size
/// as a constant or the descriptor's size; by another index, the sizes
/// copied to the stack and the one at the index loaded (upstream's
/// `MemRefDescriptor::size(pos, rank)`).
pub(super) fn lower_dim(
    rw: &mut ConversionRewriter<'_>,
    op: OpId,
    adaptor: &OpAdaptor,
    options: LowerToLlvmOptions,
) -> LogicalResult {
    let source_type = rw.ir().value_type(rw.ir().operand(op, 0));
    let shape = match rw.ctx.type_kind(source_type).clone() {
        TypeKind::MemRef { shape, .. } => shape,
        TypeKind::UnrankedMemRef {
            element,
            memory_space,
        } => return lower_unranked_dim(rw, op, adaptor, options, element, memory_space),
        _ => return Err(rw.notify_match_failure(op, "not a memref")),
    };
    let index_value = rw.ir().operand(op, 1);
    let constant = constant_index(rw.ctx, rw.ir(), index_value)
        .filter(|&i| i >= 0 && (i as usize) < shape.len());
    let (Some(source), Some(position)) = (adaptor.operand(0), adaptor.operand(1)) else {
        return Err(rw.notify_match_failure(op, "operands not converted"));
    };
    let Some(desc) = MemRefDescriptor::new(rw.ctx, rw.ir(), source) else {
        return Err(rw.notify_match_failure(op, "not a descriptor"));
    };
    let loc = rw.ir().op_loc(op);
    let index = index_type(rw, options);
    let at = rw.insertion_point();
    let size = rw.build(at, |b| match constant {
        Some(i) => match shape[i as usize] {
            DYNAMIC => desc.size(b, loc, i as usize),
            d => index_attr_constant(b, loc, index, d),
        },
        None => size_at(b, loc, index, desc, position, shape.len()),
    });
    rw.replace_op(op, &[size]);
    Ok(())
}

/// `memref.dim` of an unranked memref (upstream's
/// `extractSizeOfUnrankedMemRef`): the ranked descriptor the unranked one
/// points to is read as one of rank 0, the address of its offset field
/// moved on by the index plus one, and the size loaded from there.
fn lower_unranked_dim(
    rw: &mut ConversionRewriter<'_>,
    op: OpId,
    adaptor: &OpAdaptor,
    options: LowerToLlvmOptions,
    element: Type,
    memory_space: Option<ir::Attribute>,
) -> LogicalResult {
    let (Some(source), Some(position)) = (adaptor.operand(0), adaptor.operand(1)) else {
        return Err(rw.notify_match_failure(op, "operands not converted"));
    };
    // The descriptor of rank 0 (its pointers in address space 0, as
    // upstream builds it), and a pointer in the memref's address space.
    let scalar = rw.ctx.memref_type(&[], element, None, None);
    let spaced = rw.ctx.memref_type(&[], element, None, memory_space);
    let mut convert = |ty| {
        rw.type_converter()
            .and_then(|c| c.convert_type_1to1(rw.ctx, ty))
    };
    let (Some(scalar), Some(spaced)) = (convert(scalar), convert(spaced)) else {
        return Err(rw.notify_match_failure(op, "element type not convertible"));
    };
    let Some(index_ptr) = dialect_llvm::LLVMStructType::from_type(rw.ctx, spaced)
        .and_then(|s| s.body(rw.ctx).first().copied())
    else {
        return Err(rw.notify_match_failure(op, "not a descriptor"));
    };
    let loc = rw.ir().op_loc(op);
    let index = index_type(rw, options);
    let at = rw.insertion_point();
    let size = rw.build(at, |b| {
        let ranked =
            crate::llvm_common::UnrankedMemRefDescriptor::new(source).memref_desc_ptr(b, loc);
        let offset = dialect_llvm::GEPOp::build(
            b,
            loc,
            index_ptr,
            ranked,
            &[],
            vec![0, 2],
            scalar,
            GEPNoWrapFlags::NONE,
        );
        let offset = b.ir.result(offset.op(), 0);
        let one = index_attr_constant(b, loc, index, 1);
        let next = AddOp::build(b, loc, one, position, IntegerOverflowFlags::NONE);
        let next = b.ir.result(next.op(), 0);
        let at = dialect_llvm::GEPOp::build(
            b,
            loc,
            index_ptr,
            offset,
            &[next],
            vec![i32::MIN],
            index,
            GEPNoWrapFlags::NONE,
        );
        let at = b.ir.result(at.op(), 0);
        load(b, loc, index, at, Access::default())
    });
    rw.replace_op(op, &[size]);
    Ok(())
}

/// `memref.assume_alignment` (upstream's `AssumeAlignmentOpLowering`):
/// `llvm.intr.assume` of `true` with an `"align"` bundle of the address of
/// the memref's first element (the aligned pointer moved by the offset)
/// and the alignment; the op's result is its operand.
pub(super) fn lower_assume_alignment(
    rw: &mut ConversionRewriter<'_>,
    op: OpId,
    adaptor: &OpAdaptor,
    options: LowerToLlvmOptions,
) -> LogicalResult {
    let (ty, elem, desc, _) =
        access_parts(rw, op, adaptor, 0).map_err(|why| rw.notify_match_failure(op, why))?;
    let alignment = ods_runtime::op::inherent_attr(rw.ctx, rw.ir(), op, "alignment")
        .and_then(|a| ods_runtime::pred::integer_attr_value(rw.ctx, a))
        .ok_or_else(|| rw.notify_match_failure(op, "no alignment"))?;
    let loc = rw.ir().op_loc(op);
    let index = index_type(rw, options);
    let align_tag = ods_runtime::attr::string(rw.ctx, "align");
    let at = rw.insertion_point();
    let built = rw.build(at, |b| {
        let ptr = element_ptr(b, loc, index, elem, ty, desc, &[], true)?;
        let true_attr = b.ctx.bool_attr(true);
        let i1 = b.ctx.int_type(1);
        let cond = dialect_llvm::ConstantOp::build(b, loc, i1, true_attr);
        let cond = b.ir.result(cond.op(), 0);
        let alignment = index_attr_constant(b, loc, index, alignment);
        dialect_llvm::AssumeOp::build(b, loc, cond, &[&[ptr, alignment]], Some(&[align_tag]));
        Some(())
    });
    if built.is_none() {
        return Err(rw.notify_match_failure(op, "not a strided memref"));
    }
    rw.replace_op(op, &[desc.value()]);
    Ok(())
}

/// The integer `value` holds when a constant defines it (`arith`, `index`
/// or `llvm.mlir.constant`), seen through the cast the conversion leaves
/// where it already lowered an `arith.constant` (upstream's pattern still
/// sees the original constant there, as `--convert-to-llvm` lowers both).
fn constant_index(ctx: &ir::Context, ir: &ir::Ir, value: Value) -> Option<i64> {
    let def = ir.defining_op(value)?;
    match ctx.str(ir.op_name(def)) {
        "builtin.unrealized_conversion_cast" if ir.num_operands(def) == 1 => {
            constant_index(ctx, ir, ir.operand(def, 0))
        }
        "llvm.mlir.constant" => {
            let attr = ods_runtime::op::inherent_attr(ctx, ir, def, "value")?;
            ods_runtime::pred::integer_attr_value(ctx, attr)
        }
        _ => dialect_affine::compose::constant_index(ctx, ir, value),
    }
}

/// The size at dynamic position `pos` of a descriptor of rank `rank`.
fn size_at(
    b: &mut OpBuilder<'_>,
    loc: Location,
    index: Type,
    desc: MemRefDescriptor,
    pos: Value,
    rank: usize,
) -> Value {
    let array = dialect_llvm::LLVMArrayType::intern(b.ctx, index, rank as u64).ty();
    let ptr = dialect_llvm::LLVMPointerType::intern(b.ctx, 0).ty();
    let one = index_attr_constant(b, loc, index, 1);
    let sizes = dialect_llvm::ExtractValueOp::build(b, loc, array, desc.value(), vec![3]);
    let sizes = b.ir.result(sizes.op(), 0);
    let slot = dialect_llvm::AllocaOp::build(b, loc, ptr, one, None, array, false);
    let slot = b.ir.result(slot.op(), 0);
    store(b, loc, sizes, slot, Access::default());
    let at = dialect_llvm::GEPOp::build(
        b,
        loc,
        ptr,
        slot,
        &[pos],
        vec![0, i32::MIN],
        array,
        GEPNoWrapFlags::NONE,
    );
    let at = b.ir.result(at.op(), 0);
    load(b, loc, index, at, Access::default())
}

/// `memref.rank`: of a ranked memref the rank as a constant, of an
/// unranked one the rank its descriptor holds.
pub(super) fn lower_rank(
    rw: &mut ConversionRewriter<'_>,
    op: OpId,
    adaptor: &OpAdaptor,
    options: LowerToLlvmOptions,
) -> LogicalResult {
    let source_type = rw.ir().value_type(rw.ir().operand(op, 0));
    let loc = rw.ir().op_loc(op);
    let index = index_type(rw, options);
    let at = rw.insertion_point();
    let rank = match rw.ctx.type_kind(source_type).clone() {
        TypeKind::MemRef { shape, .. } => rw.build(at, |b| {
            index_attr_constant(b, loc, index, shape.len() as i64)
        }),
        _ => {
            let Some(source) = adaptor.operand(0) else {
                return Err(rw.notify_match_failure(op, "no source"));
            };
            rw.build(at, |b| {
                crate::llvm_common::UnrankedMemRefDescriptor::new(source).rank(b, loc)
            })
        }
    };
    rw.replace_op(op, &[rank]);
    Ok(())
}

/// The ranked descriptor `op`'s first operand was converted to, or the
/// match failure `why`.
fn source_descriptor(
    rw: &mut ConversionRewriter<'_>,
    op: OpId,
    adaptor: &OpAdaptor,
    why: &str,
) -> Result<MemRefDescriptor, MatchFailure> {
    adaptor
        .operand(0)
        .and_then(|v| MemRefDescriptor::new(rw.ctx, rw.ir(), v))
        .ok_or_else(|| rw.notify_match_failure(op, why))
}

/// `extract_aligned_pointer_as_index`: `llvm.ptrtoint` of the aligned
/// pointer; of an unranked memref, the pointer loaded from the second
/// field of the ranked descriptor it points to (upstream's
/// `UnrankedMemRefDescriptor::alignedPtr`).
pub(super) fn lower_extract_aligned_pointer(
    rw: &mut ConversionRewriter<'_>,
    op: OpId,
    adaptor: &OpAdaptor,
    options: LowerToLlvmOptions,
) -> LogicalResult {
    let source_type = rw
        .ctx
        .type_kind(rw.ir().value_type(rw.ir().operand(op, 0)))
        .clone();
    let loc = rw.ir().op_loc(op);
    let index = index_type(rw, options);
    let int = if let TypeKind::UnrankedMemRef {
        element,
        memory_space,
    } = source_type
    {
        let Some(source) = adaptor.operand(0) else {
            return Err(rw.notify_match_failure(op, "operands not converted"));
        };
        // The pointer type of the memref's address space: the first field
        // of a ranked descriptor in it.
        let spaced = rw.ctx.memref_type(&[], element, None, memory_space);
        let Some(elem_ptr) = rw
            .type_converter()
            .and_then(|c| c.convert_type_1to1(rw.ctx, spaced))
            .and_then(|t| dialect_llvm::LLVMStructType::from_type(rw.ctx, t))
            .and_then(|s| s.body(rw.ctx).first().copied())
        else {
            return Err(rw.notify_match_failure(op, "element type not convertible"));
        };
        let at = rw.insertion_point();
        rw.build(at, |b| {
            let ranked =
                crate::llvm_common::UnrankedMemRefDescriptor::new(source).memref_desc_ptr(b, loc);
            let field = dialect_llvm::GEPOp::build(
                b,
                loc,
                elem_ptr,
                ranked,
                &[],
                vec![1],
                elem_ptr,
                GEPNoWrapFlags::NONE,
            );
            let field = b.ir.result(field.op(), 0);
            let ptr = load(b, loc, elem_ptr, field, Access::default());
            let int = PtrToIntOp::build(b, loc, index, ptr);
            b.ir.result(int.op(), 0)
        })
    } else {
        let desc = source_descriptor(rw, op, adaptor, "not a memref descriptor")?;
        let at = rw.insertion_point();
        rw.build(at, |b| {
            let ptr = desc.aligned_ptr(b, loc);
            let int = PtrToIntOp::build(b, loc, index, ptr);
            b.ir.result(int.op(), 0)
        })
    };
    rw.replace_op(op, &[int]);
    Ok(())
}

/// `extract_strided_metadata`: a descriptor of the base buffer (rank 0,
/// offset 0) over the same pointers, and the offset, sizes and strides
/// read from the source's descriptor.
pub(super) fn lower_extract_strided_metadata(
    rw: &mut ConversionRewriter<'_>,
    op: OpId,
    adaptor: &OpAdaptor,
    options: LowerToLlvmOptions,
) -> LogicalResult {
    let desc = source_descriptor(rw, op, adaptor, "source is not a descriptor")?;
    let rank = (rw.ir().num_results(op).saturating_sub(2)) / 2;
    let base_type = rw.ir().value_type(rw.ir().result(op, 0));
    let loc = rw.ir().op_loc(op);

    let at = rw.insertion_point();
    let results = rw.build(at, |b| {
        let allocated = desc.allocated_ptr(b, loc);
        let aligned = desc.aligned_ptr(b, loc);
        let base =
            MemRefDescriptor::from_static_shape(b, loc, &options, base_type, allocated, aligned)?;
        let mut results = vec![base.value(), desc.offset(b, loc)];
        for i in 0..rank {
            results.push(desc.size(b, loc, i));
        }
        for i in 0..rank {
            results.push(desc.stride(b, loc, i));
        }
        Some(results)
    });
    match results {
        Some(values) => {
            rw.replace_op(op, &values);
            Ok(())
        }
        None => Err(rw.notify_match_failure(op, "base buffer type not convertible")),
    }
}

/// Whether memref type `ty` is ranked and one block of memory in
/// row-major order: an identity layout, or a static shape with the row-major strides
/// (any stride where the size is 1) and some elements (upstream's
/// condition for `llvm.intr.memcpy`).
fn is_contiguous(ctx: &ir::Context, ty: Type) -> bool {
    if !matches!(ctx.type_kind(ty), TypeKind::MemRef { .. }) {
        return false;
    }
    if dialect_memref::layout::has_identity_layout(ctx, ty) {
        return true;
    }
    let TypeKind::MemRef { shape, .. } = ctx.type_kind(ty) else {
        return false;
    };
    let Some((strides, _)) = strides_and_offset(ctx, ty) else {
        return false;
    };
    if shape.contains(&DYNAMIC) || shape.contains(&0) {
        return false;
    }
    let mut expected: i64 = 1;
    for i in (0..shape.len()).rev() {
        if shape[i] != 1 && strides[i] != expected {
            return false;
        }
        expected = expected.wrapping_mul(shape[i]);
    }
    true
}

/// `memref.copy` between contiguous memrefs: `llvm.intr.memcpy` of the
/// source's element count times the element size, from and to the
/// aligned pointers moved by the offsets. Other copies call the runtime's
/// `memrefCopy` on unranked descriptors kept on the stack
/// ([`copy_through_runtime`]).
pub(super) fn lower_copy(
    rw: &mut ConversionRewriter<'_>,
    op: OpId,
    adaptor: &OpAdaptor,
    converter: &LlvmTypeConverter,
) -> LogicalResult {
    let options = *converter.options();
    let source_type = rw.ir().value_type(rw.ir().operand(op, 0));
    let target_type = rw.ir().value_type(rw.ir().operand(op, 1));
    if !is_contiguous(rw.ctx, source_type) || !is_contiguous(rw.ctx, target_type) {
        return copy_through_runtime(rw, op, adaptor, converter);
    }
    let descriptors = (adaptor.operand(0), adaptor.operand(1));
    let (Some(source), Some(target)) = descriptors else {
        return Err(rw.notify_match_failure(op, "operands not converted"));
    };
    let (Some(source), Some(target)) = (
        MemRefDescriptor::new(rw.ctx, rw.ir(), source),
        MemRefDescriptor::new(rw.ctx, rw.ir(), target),
    ) else {
        return Err(rw.notify_match_failure(op, "not descriptors"));
    };
    let TypeKind::MemRef { shape, element, .. } = rw.ctx.type_kind(source_type).clone() else {
        return Err(rw.notify_match_failure(op, "expected a ranked memref"));
    };
    let Some(elem) = rw
        .type_converter()
        .and_then(|c| c.convert_type_1to1(rw.ctx, element))
    else {
        return Err(rw.notify_match_failure(op, "element type not convertible"));
    };
    let index = index_type(rw, options);
    let loc = rw.ir().op_loc(op);
    let at = rw.insertion_point();
    let copied = rw.build(at, |b| {
        let mut count = index_attr_constant(b, loc, index, 1);
        for i in 0..shape.len() {
            let size = source.size(b, loc, i);
            let mul = MulOp::build(b, loc, count, size, IntegerOverflowFlags::NONE);
            count = b.ir.result(mul.op(), 0);
        }
        let elem_size = super::alloc::element_size(b, loc, index, elem);
        let total = MulOp::build(b, loc, count, elem_size, IntegerOverflowFlags::NONE);
        let total = b.ir.result(total.op(), 0);
        let ptr_type = source.element_ptr_type(b.ctx, b.ir)?;
        let pointer = |d: MemRefDescriptor, b: &mut OpBuilder<'_>| {
            let base = d.aligned_ptr(b, loc);
            let offset = d.offset(b, loc);
            gep(b, loc, ptr_type, elem, base, offset, GEPNoWrapFlags::NONE)
        };
        let from = pointer(source, b);
        let to = pointer(target, b);
        dialect_llvm::MemcpyOp::build(
            b, loc, to, from, total, false, None, None, None, None, None, None,
        );
        Some(())
    });
    match copied {
        Some(()) => {
            rw.erase_op(op);
            Ok(())
        }
        None => Err(rw.notify_match_failure(op, "not a descriptor")),
    }
}

/// `memref.copy` through the runtime (upstream's
/// `lowerToMemCopyFunctionCall`): under `llvm.intr.stacksave`, each ranked
/// descriptor is stored to the stack and wrapped in an unranked one
/// (rank, address), both unranked descriptors are stored to the stack,
/// and `memrefCopy(element size, source, target)` is called; then
/// `llvm.intr.stackrestore`.
fn copy_through_runtime(
    rw: &mut ConversionRewriter<'_>,
    op: OpId,
    adaptor: &OpAdaptor,
    converter: &LlvmTypeConverter,
) -> LogicalResult {
    let options = *converter.options();
    let (Some(source), Some(target)) = (adaptor.operand(0), adaptor.operand(1)) else {
        return Err(rw.notify_match_failure(op, "operands not converted"));
    };
    let memref_types = [
        rw.ir().value_type(rw.ir().operand(op, 0)),
        rw.ir().value_type(rw.ir().operand(op, 1)),
    ];
    let mut parts = Vec::new();
    for ty in memref_types {
        let (element, space, rank) = match rw.ctx.type_kind(ty).clone() {
            TypeKind::MemRef {
                shape,
                element,
                memory_space,
                ..
            } => (element, memory_space, Some(shape.len() as i64)),
            TypeKind::UnrankedMemRef {
                element,
                memory_space,
            } => (element, memory_space, None),
            _ => return Err(rw.notify_match_failure(op, "not a memref")),
        };
        let unranked = rw.ctx.unranked_memref_type(element, space);
        let Some(unranked) = rw
            .type_converter()
            .and_then(|c| c.convert_type_1to1(rw.ctx, unranked))
        else {
            return Err(rw.notify_match_failure(op, "unranked type not convertible"));
        };
        parts.push((element, rank, unranked));
    }
    let Some(elem) = rw
        .type_converter()
        .and_then(|c| c.convert_type_1to1(rw.ctx, parts[0].0))
    else {
        return Err(rw.notify_match_failure(op, "element type not convertible"));
    };
    let Some(module) = super::symbol_table_of(rw, op) else {
        return Err(rw.notify_match_failure(op, "not inside a module"));
    };
    let index = index_type(rw, options);
    let ptr = dialect_llvm::LLVMPointerType::intern(rw.ctx, 0).ty();
    let void = dialect_llvm::LLVMVoidType::intern(rw.ctx).ty();
    let loc = rw.ir().op_loc(op);
    let at = rw.insertion_point();
    let stack = rw.build(at, |b| {
        let save = dialect_llvm::StackSaveOp::build(b, loc, ptr);
        b.ir.result(save.op(), 0)
    });
    let mut unranked = Vec::new();
    for (value, (_, rank, unranked_type)) in [source, target].into_iter().zip(&parts) {
        let Some(rank) = *rank else {
            unranked.push(value);
            continue;
        };
        let at = rw.insertion_point();
        let desc = rw.build(at, |b| {
            let i = b.ctx.integer_attr(index, i128::from(rank));
            let rank = crate::llvm_common::pattern::llvm_constant(b, loc, index, i);
            let slot = super::promote_one_descriptor(b, loc, value);
            let mut d =
                crate::llvm_common::UnrankedMemRefDescriptor::poison(b, loc, *unranked_type);
            d.set_rank(b, loc, rank);
            d.set_memref_desc_ptr(b, loc, slot);
            d.value()
        });
        unranked.push(desc);
    }
    let at = rw.insertion_point();
    let (size, pointers) = rw.build(at, |b| {
        let one = index_attr_constant(b, loc, index, 1);
        let pointers: Vec<ir::Value> = unranked
            .iter()
            .map(|&d| {
                let ty = b.ir.value_type(d);
                let slot = dialect_llvm::AllocaOp::build(b, loc, ptr, one, None, ty, false);
                let slot = b.ir.result(slot.op(), 0);
                store(b, loc, d, slot, Access::default());
                slot
            })
            .collect();
        (super::alloc::element_size(b, loc, index, elem), pointers)
    });
    if super::lookup_or_create_fn(
        rw,
        converter,
        module,
        "memrefCopy",
        &[index, ptr, ptr],
        void,
    )
    .is_none()
    {
        return Err(rw.notify_match_failure(op, "memrefCopy is not an llvm.func"));
    }
    let at = rw.insertion_point();
    rw.build(at, |b| {
        super::call(
            b,
            loc,
            "memrefCopy",
            &[size, pointers[0], pointers[1]],
            None,
        );
        dialect_llvm::StackRestoreOp::build(b, loc, stack);
    });
    rw.erase_op(op);
    Ok(())
}

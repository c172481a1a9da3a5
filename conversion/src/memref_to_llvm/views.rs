//! Ops that make a new descriptor for the same buffer:
//! `memref.reinterpret_cast` of a ranked memref (upstream's
//! `MemRefReinterpretCastOpLowering`) and `memref.cast` between ranked
//! memrefs (`MemRefCastOpLowering`, where both have one descriptor type),
//! and `memref.transpose` (`TransposeOpLowering`).
//!
//! In: the op, its converted operands. Out: the op replaced by the new
//! descriptor (or by its source's).

use crate::llvm_common::pattern::{load, Access};
use crate::llvm_common::{Field, LowerToLlvmOptions, MemRefDescriptor, UnrankedMemRefDescriptor};
use ir::OpId;
use ods_runtime::fold::OpFoldResult;
use ods_transforms::conversion::{ConversionRewriter, LogicalResult, OpAdaptor};

/// `memref.reinterpret_cast`: the source's pointers, then the offset and
/// each dimension's size and stride, constants where static.
pub(super) fn lower_reinterpret_cast(
    rw: &mut ConversionRewriter<'_>,
    op: OpId,
    adaptor: &OpAdaptor,
) -> LogicalResult {
    let Some(operands) = adaptor.one_to_one() else {
        return Err(rw.notify_match_failure(op, "operands not converted one to one"));
    };
    let Some(source) = operands
        .first()
        .and_then(|&v| MemRefDescriptor::new(rw.ctx, rw.ir(), v))
    else {
        return Err(rw.notify_match_failure(op, "unranked sources are not lowered here"));
    };
    let result_type = rw.ir().value_type(rw.ir().result(op, 0));
    let Some(target) = rw
        .type_converter()
        .and_then(|c| c.convert_type_1to1(rw.ctx, result_type))
    else {
        return Err(rw.notify_match_failure(op, "result type not convertible"));
    };
    // The mixed lists read the original operands; each dynamic entry's
    // converted value is at the same operand index.
    let (ctx, ir) = rw.ctx_and_ir();
    let [offsets, sizes, strides] = dialect_memref::mixed_offsets_sizes_strides(ctx, ir, op);
    let original: Vec<ir::Value> = rw.ir().operands(op).collect();
    let converted = |v: ir::Value| {
        original
            .iter()
            .position(|&o| o == v)
            .and_then(|i| operands.get(i).copied())
    };
    let entry = |ofr: OpFoldResult| -> Option<Result<ir::Value, i64>> {
        match ofr {
            OpFoldResult::Value(v) => converted(v).map(Ok),
            OpFoldResult::Attribute(a) => Some(Err(ods_runtime::attr::int_value(rw.ctx, a))),
        }
    };
    let Some(offset) = offsets.first().copied().and_then(entry) else {
        return Err(rw.notify_match_failure(op, "no offset"));
    };
    let dims: Option<Vec<_>> = sizes
        .iter()
        .zip(&strides)
        .map(|(&s, &t)| Some((entry(s)?, entry(t)?)))
        .collect();
    let Some(dims) = dims else {
        return Err(rw.notify_match_failure(op, "sizes and strides do not match"));
    };
    let loc = rw.ir().op_loc(op);
    let at = rw.insertion_point();
    let value = rw.build(at, |b| {
        let mut desc = MemRefDescriptor::poison(b, loc, target)?;
        let allocated = source.allocated_ptr(b, loc);
        let aligned = source.aligned_ptr(b, loc);
        desc.set(b, loc, Field::AllocatedPtr, allocated);
        desc.set(b, loc, Field::AlignedPtr, aligned);
        desc.set_value_or_constant(b, loc, Field::Offset, offset);
        for (i, (size, stride)) in dims.into_iter().enumerate() {
            desc.set_value_or_constant(b, loc, Field::Size(i), size);
            desc.set_value_or_constant(b, loc, Field::Stride(i), stride);
        }
        Some(desc.value())
    });
    match value {
        Some(v) => {
            rw.replace_op(op, &[v]);
            Ok(())
        }
        None => Err(rw.notify_match_failure(op, "result is not a descriptor")),
    }
}

/// `memref.cast`: between ranked memrefs the same descriptor; from a
/// ranked memref to an unranked one, the descriptor copied to the stack
/// and its rank and address in an unranked descriptor; from an unranked
/// memref to a ranked one, the descriptor loaded from that address.
pub(super) fn lower_cast(
    rw: &mut ConversionRewriter<'_>,
    op: OpId,
    adaptor: &OpAdaptor,
    options: LowerToLlvmOptions,
) -> LogicalResult {
    let Some(source) = adaptor.operand(0) else {
        return Err(rw.notify_match_failure(op, "no source"));
    };
    let result_type = rw.ir().value_type(rw.ir().result(op, 0));
    let source_memref = rw.ir().value_type(rw.ir().operand(op, 0));
    let Some(target) = rw
        .type_converter()
        .and_then(|c| c.convert_type_1to1(rw.ctx, result_type))
    else {
        return Err(rw.notify_match_failure(op, "result type not convertible"));
    };
    let ranked = |rw: &ConversionRewriter<'_>, t: ir::Type| {
        matches!(rw.ctx.type_kind(t), ir::TypeKind::MemRef { .. })
    };
    let loc = rw.ir().op_loc(op);
    let index = rw.ctx.int_type(options.index_bitwidth);
    let at = rw.insertion_point();
    let value = match (ranked(rw, source_memref), ranked(rw, result_type)) {
        (true, true) => {
            if rw.ir().value_type(source) != target {
                return Err(rw.notify_match_failure(op, "descriptor types differ"));
            }
            source
        }
        (true, false) => {
            let rank = match rw.ctx.type_kind(source_memref) {
                ir::TypeKind::MemRef { shape, .. } => shape.len() as i64,
                _ => 0,
            };
            rw.build(at, |b| {
                let slot = super::promote_one_descriptor(b, loc, source);
                let rank = crate::llvm_common::pattern::index_attr_constant(b, loc, index, rank);
                let mut desc = UnrankedMemRefDescriptor::poison(b, loc, target);
                desc.set_rank(b, loc, rank);
                desc.set_memref_desc_ptr(b, loc, slot);
                desc.value()
            })
        }
        (false, true) => rw.build(at, |b| {
            let desc = UnrankedMemRefDescriptor::new(source);
            let ptr = desc.memref_desc_ptr(b, loc);
            load(b, loc, target, ptr, Access::default())
        }),
        (false, false) => {
            return Err(rw.notify_match_failure(op, "unranked to unranked"));
        }
    };
    rw.replace_op(op, &[value]);
    Ok(())
}

/// `memref.view` of a byte buffer as a contiguous memref (upstream's
/// `ViewOpLowering`): the source's allocated pointer, its aligned pointer
/// moved by the byte shift, offset 0, then from the innermost dimension
/// out each size (static, or the next dynamic operand) and stride (the
/// type's when static, else the running product of the inner sizes).
/// Where upstream warns (a type that is not contiguous), the op stays.
pub(super) fn lower_view(
    rw: &mut ConversionRewriter<'_>,
    op: OpId,
    adaptor: &OpAdaptor,
    options: LowerToLlvmOptions,
) -> LogicalResult {
    let Some(operands) = adaptor.one_to_one() else {
        return Err(rw.notify_match_failure(op, "operands not converted one to one"));
    };
    let (Some(source), Some(&shift)) = (
        operands
            .first()
            .and_then(|&v| MemRefDescriptor::new(rw.ctx, rw.ir(), v)),
        operands.get(1),
    ) else {
        return Err(rw.notify_match_failure(op, "unexpected operands"));
    };
    let dynamic_sizes = operands[2..].to_vec();
    let result_type = rw.ir().value_type(rw.ir().result(op, 0));
    let source_type = rw.ir().value_type(rw.ir().operand(op, 0));
    let ir::TypeKind::MemRef { shape, .. } = rw.ctx.type_kind(result_type).clone() else {
        return Err(rw.notify_match_failure(op, "expected a ranked result"));
    };
    let Some((strides, 0)) = dialect_memref::layout::strides_and_offset(rw.ctx, result_type) else {
        return Err(rw.notify_match_failure(op, "cannot cast to non-strided shape"));
    };
    if strides.last().is_some_and(|&s| s != 1 && s != 0) {
        return Err(rw.notify_match_failure(op, "cannot cast to non-contiguous shape"));
    }
    let Some(converter) = rw.type_converter() else {
        return Err(rw.notify_match_failure(op, "no type converter"));
    };
    let target = converter.convert_type_1to1(rw.ctx, result_type);
    let source_element = match rw.ctx.type_kind(source_type) {
        ir::TypeKind::MemRef { element, .. } => Some(*element),
        _ => None,
    };
    let source_element = source_element.and_then(|e| converter.convert_type_1to1(rw.ctx, e));
    let (Some(target), Some(source_element)) = (target, source_element) else {
        return Err(rw.notify_match_failure(op, "Target descriptor type not converted to LLVM"));
    };
    let index = rw.ctx.int_type(options.index_bitwidth);
    let loc = rw.ir().op_loc(op);
    let at = rw.insertion_point();
    let value = rw.build(at, |b| {
        let mut desc = MemRefDescriptor::poison(b, loc, target)?;
        let allocated = source.allocated_ptr(b, loc);
        desc.set(b, loc, Field::AllocatedPtr, allocated);
        let aligned = source.aligned_ptr(b, loc);
        let ptr_type = b.ir.value_type(aligned);
        let aligned = super::alloc::gep(
            b,
            loc,
            ptr_type,
            source_element,
            aligned,
            shift,
            dialect_llvm::GEPNoWrapFlags::NONE,
        );
        desc.set(b, loc, Field::AlignedPtr, aligned);
        desc.set_constant(b, loc, Field::Offset, 0);
        let mut stride: Option<ir::Value> = None;
        let mut next_size: Option<ir::Value> = None;
        for i in (0..shape.len()).rev() {
            let size = if shape[i] == ods_runtime::index_list::DYNAMIC {
                let before = shape[..i]
                    .iter()
                    .filter(|&&d| d == ods_runtime::index_list::DYNAMIC)
                    .count();
                *dynamic_sizes.get(before)?
            } else {
                crate::llvm_common::pattern::index_attr_constant(b, loc, index, shape[i])
            };
            desc.set(b, loc, Field::Size(i), size);
            let s = if strides[i] != ods_runtime::index_list::DYNAMIC {
                crate::llvm_common::pattern::index_attr_constant(b, loc, index, strides[i])
            } else {
                match (next_size, stride) {
                    (Some(n), Some(r)) => {
                        let mul = dialect_llvm::MulOp::build(
                            b,
                            loc,
                            r,
                            n,
                            dialect_llvm::IntegerOverflowFlags::NONE,
                        );
                        b.ir.result(ods_runtime::Op::op(mul), 0)
                    }
                    (Some(n), None) => n,
                    _ => crate::llvm_common::pattern::index_attr_constant(b, loc, index, 1),
                }
            };
            desc.set(b, loc, Field::Stride(i), s);
            stride = Some(s);
            next_size = Some(size);
        }
        Some(desc.value())
    });
    match value {
        Some(v) => {
            rw.replace_op(op, &[v]);
            Ok(())
        }
        None => Err(rw.notify_match_failure(op, "not a descriptor")),
    }
}

/// `memref.transpose` (upstream's `TransposeOpLowering`): an identity
/// permutation is the source descriptor; else a new descriptor with the
/// source's pointers and offset, and at each result dimension the size and
/// stride of the source dimension the permutation names there.
pub(super) fn lower_transpose(
    rw: &mut ConversionRewriter<'_>,
    op: OpId,
    adaptor: &OpAdaptor,
) -> LogicalResult {
    let Some(source) = adaptor
        .one_to_one()
        .and_then(|o| o.first().copied())
        .and_then(|v| MemRefDescriptor::new(rw.ctx, rw.ir(), v))
    else {
        return Err(rw.notify_match_failure(op, "source not a memref descriptor"));
    };
    let map = match ods_runtime::op::inherent_attr(rw.ctx, rw.ir(), op, "permutation")
        .map(|a| rw.ctx.attr_kind(a))
    {
        Some(ir::AttrKind::AffineMap(m)) => m.clone(),
        _ => return Err(rw.notify_match_failure(op, "no permutation")),
    };
    let Some(order) = dialect_memref::layout::permutation(&map) else {
        return Err(rw.notify_match_failure(op, "not a permutation"));
    };
    if map.is_identity() {
        rw.replace_op(op, &[source.value()]);
        return Ok(());
    }
    let input_type = rw.ir().value_type(rw.ir().operand(op, 0));
    let Some(target) = rw
        .type_converter()
        .and_then(|c| c.convert_type_1to1(rw.ctx, input_type))
    else {
        return Err(rw.notify_match_failure(op, "source type not convertible"));
    };
    let loc = rw.ir().op_loc(op);
    let at = rw.insertion_point();
    let value = rw.build(at, |b| {
        let mut desc = MemRefDescriptor::poison(b, loc, target)?;
        let allocated = source.allocated_ptr(b, loc);
        desc.set(b, loc, Field::AllocatedPtr, allocated);
        let aligned = source.aligned_ptr(b, loc);
        desc.set(b, loc, Field::AlignedPtr, aligned);
        let offset = source.offset(b, loc);
        desc.set(b, loc, Field::Offset, offset);
        for (target_pos, &source_pos) in order.iter().enumerate() {
            let size = source.size(b, loc, source_pos);
            desc.set(b, loc, Field::Size(target_pos), size);
            let stride = source.stride(b, loc, source_pos);
            desc.set(b, loc, Field::Stride(target_pos), stride);
        }
        Some(desc.value())
    });
    match value {
        Some(v) => {
            rw.replace_op(op, &[v]);
            Ok(())
        }
        None => Err(rw.notify_match_failure(op, "result type not a descriptor")),
    }
}

//! Ops that make a new descriptor for the same buffer:
//! `memref.reinterpret_cast` of a ranked memref (upstream's
//! `MemRefReinterpretCastOpLowering`) and `memref.cast` between ranked
//! memrefs (`MemRefCastOpLowering`, where both have one descriptor type).
//!
//! In: the op, its converted operands. Out: the op replaced by the new
//! descriptor (or by its source's).

use crate::llvm_common::MemRefDescriptor;
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
        desc.set_allocated_ptr(b, loc, allocated);
        desc.set_aligned_ptr(b, loc, aligned);
        match offset {
            Ok(v) => desc.set_offset(b, loc, v),
            Err(c) => desc.set_constant_offset(b, loc, c),
        }
        for (i, (size, stride)) in dims.into_iter().enumerate() {
            match size {
                Ok(v) => desc.set_size(b, loc, i, v),
                Err(c) => desc.set_constant_size(b, loc, i, c),
            }
            match stride {
                Ok(v) => desc.set_stride(b, loc, i, v),
                Err(c) => desc.set_constant_stride(b, loc, i, c),
            }
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

/// `memref.cast` between ranked memrefs: the same descriptor.
pub(super) fn lower_cast(
    rw: &mut ConversionRewriter<'_>,
    op: OpId,
    adaptor: &OpAdaptor,
) -> LogicalResult {
    let Some(source) = adaptor.operand(0) else {
        return Err(rw.notify_match_failure(op, "no source"));
    };
    let result_type = rw.ir().value_type(rw.ir().result(op, 0));
    let target = rw
        .type_converter()
        .and_then(|c| c.convert_type_1to1(rw.ctx, result_type));
    let source_type = rw.ir().value_type(source);
    if target != Some(source_type) || MemRefDescriptor::new(rw.ctx, rw.ir(), source).is_none() {
        return Err(
            rw.notify_match_failure(op, "casts to or from unranked memrefs are not lowered here")
        );
    }
    rw.replace_op(op, &[source]);
    Ok(())
}

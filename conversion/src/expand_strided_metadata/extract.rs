//! `memref.extract_strided_metadata` of the ops that make a memref from
//! nothing (`alloc`, `alloca`, `get_global`) or from another one without
//! moving it (`reinterpret_cast`, `cast`, `memory_space_cast`, the base
//! buffer of an `extract_strided_metadata`), and
//! `extract_aligned_pointer_as_index` of a view: each reads what is
//! underneath (upstream's `ExtractStridedMetadataOp*Folder`s and
//! `RewriteExtractAlignedPointerAsIndexOfViewLikeOp`).
//!
//! In: the op the greedy driver visits. Out: its results replaced (or its
//! operand moved), new ops built before it, or no match.

use super::{
    extract_metadata, extract_result_types, folded_apply, index_attr, metadata_part,
    replace_extract, shape, source_op, static_or, value_or_constant, StridedMetadata,
};
use dialect_memref::layout::{has_identity_layout, memory_space, strides_and_offset};
use dialect_memref::{MemorySpaceCastOp, ReinterpretCastOp};
use ir::affine::AffineExpr;
use ir::builder::InsertPoint;
use ir::{Location, OpId, Type, TypeKind, Value};
use ods_runtime::fold::OpFoldResult;
use ods_runtime::index_list::DYNAMIC;
use ods_runtime::interfaces::ViewLikeOpInterfaceRef;
use ods_runtime::Op;
use ods_transforms::rewrite::Rewriter;

/// The base buffer result of `extract_strided_metadata` `op` when it has
/// no use: upstream replaces it by a null value, which only an unused
/// result allows; the result itself stands in for it here.
fn unused_base(rw: &Rewriter<'_>, op: OpId) -> Option<Value> {
    let base = rw.ir.result(op, 0);
    (!rw.ir.has_uses(base)).then_some(base)
}

/// `source` as the base buffer type `base` (a rank-0 memref): itself when
/// it has that type, else a `reinterpret_cast` to it with offset 0.
fn as_base_buffer(
    rw: &mut Rewriter<'_>,
    at: OpId,
    loc: Location,
    source: Value,
    base: Type,
) -> Value {
    if rw.ir.value_type(source) == base {
        return source;
    }
    let zero = index_attr(rw, 0);
    let cast = rw.build(InsertPoint::Before(at), |b| {
        ReinterpretCastOp::build_from_result_type_source_offset_sizes_strides_attrs(
            b,
            loc,
            base,
            source,
            zero,
            &[],
            &[],
            &[],
        )
        .op()
    });
    rw.ir.result(cast, 0)
}

/// `extract_strided_metadata(alloc)` or `(alloca)` of an identity layout
/// (upstream's `ExtractStridedMetadataOpAllocFolder`): offset 0, the
/// allocated sizes, their suffix products as strides.
fn of_alloc_like(rw: &mut Rewriter<'_>, op: OpId, name: &str) -> bool {
    let Some(alloc) = source_op(rw, op, name) else {
        return false;
    };
    let memref = rw.ir.result(alloc, 0);
    let ty = rw.ir.value_type(memref);
    if !has_identity_layout(rw.ctx, ty) {
        // Upstream: "alloc-like operations should have been normalized".
        return false;
    }
    let loc = rw.ir.op_loc(op);
    let dims = shape(rw, ty);
    let segments =
        ods_runtime::segments::segment_sizes(rw.ctx, rw.ir, alloc, "operandSegmentSizes", 2);
    let dynamic: Vec<Value> = ods_runtime::segments::segment_group(&segments, 0)
        .filter(|&i| i < rw.ir.num_operands(alloc))
        .map(|i| rw.ir.operand(alloc, i))
        .collect();
    if dims.iter().filter(|&&d| d == DYNAMIC).count() != dynamic.len() {
        return false;
    }
    let mut next_dynamic = dynamic.into_iter();
    let mut sizes = Vec::with_capacity(dims.len());
    for &d in &dims {
        sizes.push(match d {
            DYNAMIC => OpFoldResult::Value(next_dynamic.next().expect("counted above")),
            d => index_attr(rw, d),
        });
    }
    // stride#i = 1 * size#(i+1) * ... * size#(rank-1), one symbol per size.
    let rank = dims.len();
    let one = index_attr(rw, 1);
    let mut strides = vec![one; rank];
    let mut expr = AffineExpr::Constant(1);
    for (symbols, i) in (0..rank.saturating_sub(1)).rev().enumerate() {
        expr = expr * AffineExpr::Symbol(symbols as u32);
        let involved = sizes[i + 1..i + 2 + symbols].to_vec();
        strides[i] = folded_apply(rw, op, loc, expr.clone(), &involved);
    }
    let base = match unused_base(rw, op) {
        Some(unused) => unused,
        None => {
            let base_type = rw.ir.value_type(rw.ir.result(op, 0));
            as_base_buffer(rw, op, loc, memref, base_type)
        }
    };
    let offset = index_attr(rw, 0);
    super::replace_extract(
        rw,
        op,
        loc,
        StridedMetadata {
            base,
            offset,
            sizes,
            strides,
        },
    );
    true
}

/// `extract_strided_metadata(memref.alloc)`.
pub(super) fn of_alloc(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    of_alloc_like(rw, op, "memref.alloc")
}

/// `extract_strided_metadata(memref.alloca)`.
pub(super) fn of_alloca(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    of_alloc_like(rw, op, "memref.alloca")
}

/// `extract_strided_metadata(get_global)` of a static identity layout
/// (upstream's `ExtractStridedMetadataOpGetGlobalFolder`): every part a
/// constant; the base buffer is made even when unused.
pub(super) fn of_get_global(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let Some(global) = source_op(rw, op, "memref.get_global") else {
        return false;
    };
    let memref = rw.ir.result(global, 0);
    let ty = rw.ir.value_type(memref);
    let dims = shape(rw, ty);
    if !has_identity_layout(rw.ctx, ty) || dims.contains(&DYNAMIC) {
        return false;
    }
    let loc = rw.ir.op_loc(op);
    let mut strides = vec![1i64; dims.len()];
    for i in (0..dims.len().saturating_sub(1)).rev() {
        strides[i] = strides[i + 1].wrapping_mul(dims[i + 1]);
    }
    let base_type = rw.ir.value_type(rw.ir.result(op, 0));
    let base = as_base_buffer(rw, op, loc, memref, base_type);
    let offset = index_attr(rw, 0);
    let sizes = dims.iter().map(|&d| index_attr(rw, d)).collect();
    let strides = strides.iter().map(|&s| index_attr(rw, s)).collect();
    replace_extract(
        rw,
        op,
        loc,
        StridedMetadata {
            base,
            offset,
            sizes,
            strides,
        },
    );
    true
}

/// `extract_aligned_pointer_as_index` of a `subview` or `reinterpret_cast`
/// reads the view's source (upstream's
/// `RewriteExtractAlignedPointerAsIndexOfViewLikeOp`, which since MLIR 22
/// takes only these two views: a view in general, `memref.view` for one,
/// need not keep its source's base pointer).
pub(super) fn aligned_pointer_of_view(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    if rw.ir.num_operands(op) != 1 {
        return false;
    }
    let source = rw.ir.operand(op, 0);
    let Some(def) = rw.ir.defining_op(source) else {
        return false;
    };
    if !matches!(
        rw.ctx.str(rw.ir.op_name(def)),
        "memref.subview" | "memref.reinterpret_cast"
    ) {
        return false;
    }
    let Some(view) = ods_runtime::interface::<ViewLikeOpInterfaceRef>(rw.registry, rw.ir, def)
    else {
        return false;
    };
    if view.get_view_dest(rw.ctx, rw.ir) != source {
        return false;
    }
    let view_source = view.get_view_source(rw.ctx, rw.ir);
    rw.set_operand(op, 0, view_source);
    true
}

/// `extract_strided_metadata(assume_alignment(x))` extracts from `x`
/// (upstream's `ExtractStridedMetadataOpAssumeAlignmentFolder`): the
/// assumption says nothing about the metadata.
pub(super) fn of_assume_alignment(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let Some(assume) = source_op(rw, op, "memref.assume_alignment") else {
        return false;
    };
    let loc = rw.ir.op_loc(op);
    let source = rw.ir.operand(assume, 0);
    let Some((_, results)) = extract_metadata(rw, op, loc, source) else {
        return false;
    };
    if results.len() != rw.ir.num_results(op) {
        return false;
    }
    rw.replace_op(op, &results);
    true
}

/// `extract_strided_metadata(reinterpret_cast)` takes the cast's offset,
/// sizes and strides and its source's base (upstream's
/// `ExtractStridedMetadataOpReinterpretCastFolder`).
pub(super) fn of_reinterpret_cast(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let Some(cast) = source_op(rw, op, "memref.reinterpret_cast") else {
        return false;
    };
    let loc = rw.ir.op_loc(op);
    let source = rw.ir.operand(cast, 0);
    let source_type = rw.ir.value_type(source);
    if extract_result_types(rw, source_type).is_none() {
        // Upstream: "reinterpret_cast source's type is incompatible".
        return false;
    }
    let [offsets, sizes, strides] =
        dialect_memref::mixed_offsets_sizes_strides(rw.ctx, rw.ir, cast);
    let Some(&offset) = offsets.first() else {
        return false;
    };
    let Some((_, meta)) = extract_metadata(rw, op, loc, source) else {
        return false;
    };
    let offset = value_or_constant(rw, op, loc, offset);
    replace_extract(
        rw,
        op,
        loc,
        StridedMetadata {
            base: meta[0],
            offset: OpFoldResult::Value(offset),
            sizes,
            strides,
        },
    );
    true
}

/// `extract_strided_metadata(cast)` reads the cast's source, taking what
/// the cast's type fixes as constants (upstream's
/// `ExtractStridedMetadataOpCastFolder`). The fold of
/// `extract_strided_metadata` reads through a cast of a ranked memref
/// first, so this is rarely reached.
pub(super) fn of_cast(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let Some(cast) = source_op(rw, op, "memref.cast") else {
        return false;
    };
    let loc = rw.ir.op_loc(op);
    let source = rw.ir.operand(cast, 0);
    let source_type = rw.ir.value_type(source);
    if extract_result_types(rw, source_type).is_none() {
        // Upstream: "cast source's type is incompatible".
        return false;
    }
    let cast_type = rw.ir.value_type(rw.ir.result(cast, 0));
    let dims = shape(rw, cast_type);
    let Some((type_strides, type_offset)) = strides_and_offset(rw.ctx, cast_type) else {
        return false;
    };
    let rank = dims.len();
    let Some((_, meta)) = extract_metadata(rw, op, loc, source) else {
        return false;
    };
    if meta.len() != 2 + 2 * rank {
        return false;
    }
    let offset = static_or(rw, type_offset, meta[1]);
    let sizes = (0..rank)
        .map(|i| static_or(rw, dims[i], metadata_part(&meta, rank, 0)[i]))
        .collect();
    let strides = (0..rank)
        .map(|i| static_or(rw, type_strides[i], metadata_part(&meta, rank, 1)[i]))
        .collect();
    replace_extract(
        rw,
        op,
        loc,
        StridedMetadata {
            base: meta[0],
            offset,
            sizes,
            strides,
        },
    );
    true
}

/// `extract_strided_metadata(memory_space_cast)` extracts from the cast's
/// source, and casts the base buffer when it is used (upstream's
/// `ExtractStridedMetadataOpMemorySpaceCastFolder`).
pub(super) fn of_memory_space_cast(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let Some(cast) = source_op(rw, op, "memref.memory_space_cast") else {
        return false;
    };
    let loc = rw.ir.op_loc(op);
    let source = rw.ir.operand(cast, 0);
    let Some((_, mut results)) = extract_metadata(rw, op, loc, source) else {
        return false;
    };
    if results.len() != rw.ir.num_results(op) {
        return false;
    }
    results[0] = match unused_base(rw, op) {
        Some(unused) => unused,
        None => {
            let base = results[0];
            let cast_type = rw.ir.value_type(rw.ir.result(cast, 0));
            let space = memory_space(rw.ctx, cast_type);
            let TypeKind::MemRef { element, .. } = *rw.ctx.type_kind(rw.ir.value_type(base)) else {
                return false;
            };
            let ty = rw.ctx.memref_type(&[], element, None, space);
            let new = rw.build(InsertPoint::Before(op), |b| {
                MemorySpaceCastOp::build(b, loc, ty, base).op()
            });
            rw.ir.result(new, 0)
        }
    };
    rw.replace_op(op, &results);
    true
}

/// `extract_strided_metadata` of the base buffer of another is that base
/// with offset 0 (upstream's
/// `ExtractStridedMetadataOpExtractStridedMetadataFolder`).
pub(super) fn of_extract_strided_metadata(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let Some(inner) = source_op(rw, op, "memref.extract_strided_metadata") else {
        return false;
    };
    if rw.ir.num_results(op) != 2 {
        return false;
    }
    let loc = rw.ir.op_loc(op);
    let base = rw.ir.result(inner, 0);
    let zero = index_attr(rw, 0);
    let offset = value_or_constant(rw, op, loc, zero);
    rw.replace_op(op, &[base, offset]);
    true
}

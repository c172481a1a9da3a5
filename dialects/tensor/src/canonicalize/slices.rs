//! The `tensor.extract_slice` and `tensor.insert_slice` patterns:
//! constant offsets, sizes and strides moved into the static lists (with
//! a cast when a type gets more static), casts from more static tensors
//! read through, an insert's source cast to the type its sizes give it.
//!
//! In: a slice op the greedy driver visits. Out: it rewritten through
//! the [`Rewriter`] (new ops at its location), or no match.

use super::super::fold::preserves_static_information;
use super::super::{
    element_of, encoding_of, mixed_offsets_sizes_strides, rank_reduction_mask,
    rank_reduction_mask_matching, shape_of, static_entries,
};
use super::super::{CastOp, ExtractSliceOp, InsertSliceOp};
use super::tensor_cast;
use dialect_memref::canonicalize::{
    constant_int, def, fold_constant_slice_operands, foldable_source_cast,
    has_constant_index_operand, replace_with_new, replace_with_slice_of, CastBack, SliceKind,
};
use ir::builder::InsertPoint;
use ir::{OpId, Type, Value};
use ods_runtime::fold::OpFoldResult;
use ods_runtime::index_list::DYNAMIC;
use ods_runtime::Op;
use ods_transforms::rewrite::Rewriter;

/// `tensor.extract_slice`, cast back when the type changed (upstream's
/// `SliceCanonicalizer`).
pub(super) const EXTRACT_SLICE: SliceKind = SliceKind {
    cast_back: CastBack::WhenTypesDiffer,
    cast: tensor_cast,
    name: ExtractSliceOp::NAME,
};

/// The type of a slice of `source` with static `sizes`, rank-reduced to
/// `rank` by leaving out the first unit dimensions (MLIR's
/// `inferCanonicalRankReducedResultType`; a reduced type has no
/// encoding).
fn canonical_slice_type(
    rw: &mut Rewriter<'_>,
    source: Type,
    sizes: &[i64],
    rank: usize,
) -> Option<Type> {
    let element = element_of(rw.ctx, source)?;
    let mut drop = sizes.len().checked_sub(rank)?;
    if drop == 0 {
        let encoding = encoding_of(rw.ctx, source);
        return Some(rw.ctx.ranked_tensor_type(sizes, element, encoding));
    }
    let mut shape = Vec::with_capacity(rank);
    for &s in sizes {
        if s == 1 && drop > 0 {
            drop -= 1;
        } else {
            shape.push(s);
        }
    }
    Some(rw.ctx.ranked_tensor_type(&shape, element, None))
}

/// `extract_slice(%t)[%c0, ..]` -> `extract_slice(%t)[0, ..]` (cast back
/// when the type changes): MLIR's
/// `OpWithOffsetSizesAndStridesConstantArgumentFolder`.
pub(super) fn extract_slice_constant_argument_folder(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let source = rw.ir.operand(op, 0);
    let result = rw.ir.result(op, 0);
    let Some((ty, mixed)) = folded_slice(rw, op, source, result) else {
        return false;
    };
    replace_with_slice_of(rw, op, ty, source, &mixed, &EXTRACT_SLICE)
}

/// A slice op `op` of `whole` (an extract's source, an insert's
/// destination) whose `part` (the other side) is ranked: its offsets,
/// sizes and strides with the constants folded in, and the type of the
/// part they give (rank-reduced to `part`'s rank).
fn folded_slice(
    rw: &mut Rewriter<'_>,
    op: OpId,
    whole: Value,
    part: Value,
) -> Option<(Type, [Vec<OpFoldResult>; 3])> {
    let whole_ty = rw.ir.value_type(whole);
    let rank = shape_of(rw.ctx, rw.ir.value_type(part))?.len();
    let shape = shape_of(rw.ctx, whole_ty)?;
    let mut mixed = mixed_offsets_sizes_strides(rw.ctx, rw.ir, op);
    let statics = fold_constant_slice_operands(rw, &shape, &mut mixed)?;
    let ty = canonical_slice_type(rw, whole_ty, &statics[1], rank)?;
    Some((ty, mixed))
}

/// Whether the static offsets, sizes and strides of slice `op` stay
/// inside a tensor of type `whole` (MLIR's `verifyInBoundsSlice`, which
/// its cast folders ask before folding).
fn in_bounds_of(rw: &Rewriter<'_>, op: OpId, whole: Type) -> bool {
    let Some(shape) = shape_of(rw.ctx, whole) else {
        return true;
    };
    let [offsets, sizes, strides] = ["static_offsets", "static_sizes", "static_strides"]
        .map(|name| static_entries(rw.ctx, rw.ir, op, name));
    dialect_memref::verify_views::verify_in_bounds(&shape, &offsets, &sizes, &strides).is_ok()
}

/// `extract_slice(cast(%t))` -> `extract_slice(%t)` when the cast only
/// makes the type less static.
pub(super) fn extract_slice_cast_folder(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    // The cast's source is at least as static as its result.
    let fold = |rw: &Rewriter<'_>, cast| {
        let (source, result) = (rw.ir.operand(cast, 0), rw.ir.result(cast, 0));
        preserves_static_information(rw.ctx, rw.ir.value_type(result), rw.ir.value_type(source))
    };
    let Some(cast) = foldable_source_cast(rw, op, CastOp::NAME, fold) else {
        return false;
    };
    let source = rw.ir.operand(cast, 0);
    // Not when the slice would then be statically out of bounds of the
    // more static source: the new op would not verify.
    if !in_bounds_of(rw, op, rw.ir.value_type(source)) {
        return false;
    }
    let ty = rw.ir.value_type(rw.ir.result(op, 0));
    let mixed = mixed_offsets_sizes_strides(rw.ctx, rw.ir, op);
    replace_with_slice_of(rw, op, ty, source, &mixed, &EXTRACT_SLICE)
}

/// Replaces `insert_slice` `op` by one inserting `source` with these
/// offsets, sizes and strides (into the same destination).
fn replace_with_insert(
    rw: &mut Rewriter<'_>,
    op: OpId,
    source: Value,
    [offsets, sizes, strides]: &[Vec<OpFoldResult>; 3],
) -> bool {
    let dest = rw.ir.operand(op, 1);
    let loc = rw.ir.op_loc(op);
    replace_with_new(rw, op, InsertPoint::Before(op), |b| {
        InsertSliceOp::build_from_source_dest_offsets_sizes_strides_attrs(
            b,
            loc,
            source,
            dest,
            offsets,
            sizes,
            strides,
            &[],
        )
        .op()
    })
}

/// `source` cast to `ty` before `op` (itself when it has that type).
fn cast_source_to(rw: &mut Rewriter<'_>, op: OpId, source: Value, ty: Type) -> Value {
    if rw.ir.value_type(source) == ty {
        return source;
    }
    let loc = rw.ir.op_loc(op);
    let cast = rw.build(InsertPoint::Before(op), |b| tensor_cast(b, loc, ty, source));
    rw.ir.result(cast, 0)
}

/// `insert_slice %s into %d[%c0, ..]` -> `insert_slice` with the constants
/// in the static lists, the source cast to the type they give it.
pub(super) fn insert_slice_constant_argument_folder(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let (source, dest) = (rw.ir.operand(op, 0), rw.ir.operand(op, 1));
    let Some((source_ty, mixed)) = folded_slice(rw, op, dest, source) else {
        return false;
    };
    let source = cast_source_to(rw, op, source, source_ty);
    replace_with_insert(rw, op, source, &mixed)
}

/// `insert_slice %s : tensor<?x?xT> into ..[..] [64, 64] [..]` -> the
/// same with `%s` cast to `tensor<64x64xT>` first (the sizes say more
/// than the source type).
pub(super) fn insert_slice_source_cast_inserter(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let source = rw.ir.operand(op, 0);
    let source_ty = rw.ir.value_type(source);
    let dest_shape = shape_of(rw.ctx, rw.ir.value_type(rw.ir.operand(op, 1)));
    let (Some(mut shape), Some(dest_shape)) = (shape_of(rw.ctx, source_ty), dest_shape) else {
        return false;
    };
    if shape.len() != dest_shape.len() {
        return false;
    }
    let mixed = mixed_offsets_sizes_strides(rw.ctx, rw.ir, op);
    for (dim, &size) in shape.iter_mut().zip(&mixed[1]) {
        let constant = match size {
            OpFoldResult::Attribute(a) => ods_runtime::pred::integer_attr_value(rw.ctx, a),
            OpFoldResult::Value(v) => constant_int(rw.ctx, rw.registry, rw.ir, v),
        };
        match constant {
            Some(c) if c < 0 => return false,
            Some(c) => *dim = c,
            None => {}
        }
    }
    let Some(element) = element_of(rw.ctx, source_ty) else {
        return false;
    };
    let encoding = encoding_of(rw.ctx, source_ty);
    let new_ty = rw.ctx.ranked_tensor_type(&shape, element, encoding);
    // More static than the source, and a cast the verifier accepts (the
    // static sizes agree).
    let old_shape = shape_of(rw.ctx, source_ty).unwrap_or_default();
    let compatible = old_shape
        .iter()
        .zip(&shape)
        .all(|(&a, &b)| a == DYNAMIC || a == b);
    if new_ty == source_ty
        || !preserves_static_information(rw.ctx, source_ty, new_ty)
        || !compatible
    {
        return false;
    }
    let source = cast_source_to(rw, op, source, new_ty);
    replace_with_insert(rw, op, source, &mixed)
}

/// The source of the `tensor.cast` defining `v`, when the cast only makes
/// the type less static (MLIR's `canFoldIntoConsumerOp`).
fn less_static_cast_source(rw: &Rewriter<'_>, v: Value) -> Option<Value> {
    let cast = def::<CastOp>(rw, v)?;
    let source = cast.source(rw.ctx, rw.ir);
    let (from, to) = (rw.ir.value_type(source), rw.ir.value_type(v));
    preserves_static_information(rw.ctx, to, from).then_some(source)
}

/// `insert_slice(cast(%s)) into cast(%d)` -> the insert of `%s` into
/// `%d` (sizes made static from `%s`'s type), cast back when the
/// destination's type changed.
pub(super) fn insert_slice_cast_folder(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    if has_constant_index_operand(rw, op) {
        return false;
    }
    let (source, dest) = (rw.ir.operand(op, 0), rw.ir.operand(op, 1));
    let (src_cast, dst_cast) = (
        less_static_cast_source(rw, source),
        less_static_cast_source(rw, dest),
    );
    if src_cast.is_none() && dst_cast.is_none() {
        return false;
    }
    let (src, dst) = (src_cast.unwrap_or(source), dst_cast.unwrap_or(dest));
    let (src_ty, dst_ty) = (rw.ir.value_type(src), rw.ir.value_type(dst));
    // Not when the insert would then be statically out of bounds of the
    // more static destination: the new op would not verify.
    if !in_bounds_of(rw, op, dst_ty) {
        return false;
    }
    let (Some(src_shape), Some(_)) = (shape_of(rw.ctx, src_ty), shape_of(rw.ctx, dst_ty)) else {
        return false;
    };
    let mut static_sizes = static_entries(rw.ctx, rw.ir, op, "static_sizes");
    let Some(dropped) = rank_reduction_mask_matching(&static_sizes, &src_shape, true) else {
        return false;
    };
    // Each kept size that `%s`'s type knows becomes static (upstream moves
    // to the next source dimension only then).
    let [offsets, mut sizes, strides] = mixed_offsets_sizes_strides(rw.ctx, rw.ir, op);
    let mut next = 0;
    for (i, size) in static_sizes.iter_mut().enumerate() {
        let known = src_shape.get(next).copied().filter(|&d| d != DYNAMIC);
        if let (false, Some(d)) = (dropped[i], known) {
            sizes[i] = OpFoldResult::Attribute(ods_runtime::attr::index(rw.ctx, d));
            *size = d;
            next += 1;
        }
    }
    // The new insert must verify: `%s` is the slice's shape, perhaps
    // rank-reduced, of the same element type.
    let fits = rank_reduction_mask(&static_sizes, &src_shape).is_some()
        && element_of(rw.ctx, src_ty) == element_of(rw.ctx, dst_ty);
    if !fits {
        return false;
    }
    let old_ty = rw.ir.value_type(rw.ir.result(op, 0));
    let loc = rw.ir.op_loc(op);
    let mixed = [offsets, sizes, strides];
    replace_with_new(rw, op, InsertPoint::Before(op), |b| {
        let [o, s, t] = &mixed;
        let insert = InsertSliceOp::build_from_source_dest_offsets_sizes_strides_attrs(
            b,
            loc,
            src,
            dst,
            o,
            s,
            t,
            &[],
        )
        .op();
        match b.ir.value_type(b.ir.result(insert, 0)) == old_ty {
            true => insert,
            false => {
                let v = b.ir.result(insert, 0);
                tensor_cast(b, loc, old_ty, v)
            }
        }
    })
}

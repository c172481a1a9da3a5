//! The checks of the memref ops that make views (`reinterpret_cast`,
//! `expand_shape`, `collapse_shape`, `transpose`, `subview`): the result
//! type against the one the strided-layout arithmetic computes, with
//! `mlir-opt`'s messages in its order.
//!
//! In: an op (verified against its ODS constraints and interfaces
//! already). Out: `Ok` or the error, reported at the op.

use super::verify::{desc, error, op_error, rank, result_type, ty};
use super::*;
use ir::registry::VerifyError;
use ods_runtime::index_list::DYNAMIC;
use ods_runtime::Op;

/// `size = N` / `size = dynamic` as upstream's messages write an entry.
fn entry(v: i64) -> String {
    if v == DYNAMIC {
        "dynamic".to_string()
    } else {
        v.to_string()
    }
}

/// `memref.reinterpret_cast`: the result type states the static offset,
/// sizes and strides.
pub fn verify_reinterpret_cast(
    ctx: &Context,
    ir: &Ir,
    op: ReinterpretCastOp,
) -> Result<(), VerifyError> {
    let src = ir.value_type(op.source(ctx, ir));
    let res = ir.value_type(op.result(ctx, ir));
    let pair = format!("{} and result memref type {}", ty(ctx, src), ty(ctx, res));
    if memory_space(ctx, src) != memory_space(ctx, res) {
        return error(format!(
            "different memory spaces specified for source type {pair}"
        ));
    }
    if element_of(ctx, src) != element_of(ctx, res) {
        return error(format!(
            "different element types specified for source type {pair}"
        ));
    }
    let shape = shape_of(ctx, res).unwrap_or_default();
    for (idx, (&size, &expected)) in shape.iter().zip(&op.static_sizes(ctx, ir)).enumerate() {
        if size != DYNAMIC && size != expected {
            return error(format!(
                "expected result type with size = {} instead of {size} in dim = {idx}",
                entry(expected)
            ));
        }
    }
    let Some((strides, offset)) = strides_and_offset(ctx, res) else {
        return error(format!(
            "expected result type to have strided layout but found {}",
            ty(ctx, res)
        ));
    };
    let expected_offset = op
        .static_offsets(ctx, ir)
        .first()
        .copied()
        .unwrap_or(DYNAMIC);
    if offset != DYNAMIC && offset != expected_offset {
        return error(format!(
            "expected result type with offset = {} instead of {offset}",
            entry(expected_offset)
        ));
    }
    for (idx, (&stride, &expected)) in strides.iter().zip(&op.static_strides(ctx, ir)).enumerate() {
        if stride != DYNAMIC && stride != expected {
            return error(format!(
                "expected result type with stride = {} instead of {stride} in dim = {idx}",
                entry(expected)
            ));
        }
    }
    Ok(())
}

/// The reassociation groups against the collapsed and expanded shapes
/// (MLIR's `verifyCollapsedShape`, several dynamic dims per group
/// allowed).
fn verify_collapsed_shape(
    collapsed: &[i64],
    expanded: &[i64],
    groups: &[Vec<i64>],
) -> Result<(), VerifyError> {
    if collapsed.len() != groups.len() {
        return op_error(format!(
            "invalid number of reassociation groups: found {}, expected {}",
            groups.len(),
            collapsed.len()
        ));
    }
    let mut next = 0i64;
    for (c, group) in groups.iter().enumerate() {
        let mut found_dynamic = false;
        for &d in group {
            if d != next {
                return op_error("reassociation indices must be contiguous");
            }
            next += 1;
            let Some(&size) = usize::try_from(d).ok().and_then(|d| expanded.get(d)) else {
                return op_error(format!("reassociation index {d} is out of bounds"));
            };
            found_dynamic |= size == DYNAMIC;
        }
        if (collapsed[c] == DYNAMIC) != found_dynamic {
            return op_error(format!(
                "collapsed dim ({c}) must be dynamic if and only if reassociation group is dynamic"
            ));
        }
        if !found_dynamic {
            let size: i64 = group.iter().map(|&d| expanded[d as usize]).product();
            if size != collapsed[c] {
                return op_error(format!(
                    "collapsed dim size ({}) must equal reassociation group size ({size})",
                    collapsed[c]
                ));
            }
        }
    }
    if collapsed.is_empty() {
        if expanded.iter().any(|&d| d != 1) {
            return op_error("rank 0 memrefs can only be extended/collapsed with/from ones");
        }
    } else if next != expanded.len() as i64 {
        return op_error(format!(
            "expanded rank ({}) inconsistent with number of reassociation indices ({next})",
            expanded.len()
        ));
    }
    Ok(())
}

/// An `expand_shape`'s `output_shape` has a value for each dynamic entry
/// of `static_output_shape` (memref's and tensor's).
pub fn verify_output_shape_values(statics: &[i64], values: usize) -> Result<(), VerifyError> {
    let dynamic = statics.iter().filter(|&&s| s == DYNAMIC).count();
    if values != dynamic {
        return op_error(format!(
            "mismatch in dynamic dims in output_shape and static_output_shape: static_output_shape has {dynamic} dynamic dims while output_shape has {values} values"
        ));
    }
    Ok(())
}

/// `memref.expand_shape`.
pub fn verify_expand_shape(ctx: &Context, ir: &Ir, op: ExpandShapeOp) -> Result<(), VerifyError> {
    let src = ir.value_type(op.src(ctx, ir));
    let res = ir.value_type(op.result(ctx, ir));
    let (ss, rs) = (
        shape_of(ctx, src).unwrap_or_default(),
        shape_of(ctx, res).unwrap_or_default(),
    );
    if ss.len() > rs.len() {
        let (r0, r1) = (ss.len(), rs.len());
        return op_error(format!(
            "has source rank {r0} and result rank {r1}. This is not an expansion ({r0} > {r1})."
        ));
    }
    let groups = op.get_reassociation_indices(ctx, ir);
    verify_collapsed_shape(&ss, &rs, &groups)?;
    let Some(expected) = expanded_type(ctx, src, &rs, &groups) else {
        return op_error("invalid source layout map");
    };
    if !expected.is(ctx, res) {
        return op_error(format!(
            "expected expanded type to be {} but found {}",
            desc(ctx, &expected),
            ty(ctx, res)
        ));
    }
    let statics = op.static_output_shape(ctx, ir);
    if statics.len() != rs.len() {
        return op_error(format!(
            "expected number of static shape bounds to be equal to the output rank ({}) but found {} inputs instead",
            rs.len(),
            statics.len()
        ));
    }
    verify_output_shape_values(&statics, op.output_shape(ctx, ir).len())?;
    for (pos, (&size, &stat)) in rs.iter().zip(&statics).enumerate() {
        if size != DYNAMIC && size != stat {
            return op_error(format!("invalid output shape provided at pos {pos}"));
        }
    }
    Ok(())
}

/// `memref.collapse_shape`.
pub fn verify_collapse_shape(
    ctx: &Context,
    ir: &Ir,
    op: CollapseShapeOp,
) -> Result<(), VerifyError> {
    let src = ir.value_type(op.src(ctx, ir));
    let res = ir.value_type(op.result(ctx, ir));
    let (ss, rs) = (
        shape_of(ctx, src).unwrap_or_default(),
        shape_of(ctx, res).unwrap_or_default(),
    );
    if ss.len() < rs.len() {
        let (r0, r1) = (ss.len(), rs.len());
        return op_error(format!(
            "has source rank {r0} and result rank {r1}. This is not a collapse ({r0} < {r1})."
        ));
    }
    let groups = op.get_reassociation_indices(ctx, ir);
    verify_collapsed_shape(&rs, &ss, &groups)?;
    let Some(expected) = collapsed_type_with_shape(ctx, src, &groups, &rs) else {
        return op_error("invalid source layout map or collapsing non-contiguous dims");
    };
    if !expected.is(ctx, res) {
        return op_error(format!(
            "expected collapsed type to be {} but found {}",
            desc(ctx, &expected),
            ty(ctx, res)
        ));
    }
    Ok(())
}

/// `memref.transpose`.
pub fn verify_transpose(ctx: &Context, ir: &Ir, op: TransposeOp) -> Result<(), VerifyError> {
    let map = match op.permutation_attr(ctx, ir).map(|a| ctx.attr_kind(a)) {
        Some(ir::AttrKind::AffineMap(m)) => m.clone(),
        _ => return Ok(()),
    };
    if permutation(&map).is_none() {
        return op_error("expected a permutation map");
    }
    let src = ir.value_type(op.r#in(ctx, ir));
    if map.num_dims as usize != rank(ctx, src).unwrap_or(0) {
        return op_error("expected a permutation map of same rank as the input");
    }
    let Some(res) = result_type(ir, op.op()) else {
        return Ok(());
    };
    let Some(inferred) = transposed_type(ctx, src, &map) else {
        return Ok(());
    };
    // Compared and shown as upstream does: both types' layouts in the
    // canonical form (the expected one printed so), the result as written.
    let canonical = canonicalize_strided_layout(ctx, &inferred);
    let actual = MemRefDesc::of(ctx, res).map(|d| canonicalize_strided_layout(ctx, &d));
    if actual.as_ref() != Some(&canonical) {
        return op_error(format!(
            "result type {} is not equivalent to the canonical transposed input type {}",
            ty(ctx, res),
            desc(ctx, &canonical)
        ));
    }
    Ok(())
}

/// `memref.subview`: the result type is the inferred one, possibly rank
/// reduced, and the static entries stay inside the source.
pub fn verify_subview(ctx: &Context, ir: &Ir, op: SubViewOp) -> Result<(), VerifyError> {
    let base = ir.value_type(op.source(ctx, ir));
    let sub = ir.value_type(op.result(ctx, ir));
    if memory_space(ctx, base) != memory_space(ctx, sub) {
        return error(format!(
            "different memory spaces specified for base memref type {} and subview memref type {}",
            ty(ctx, base),
            ty(ctx, sub)
        ));
    }
    if !is_strided(ctx, base) {
        return error(format!("base type {} is not strided", ty(ctx, base)));
    }
    let (offsets, sizes, strides) = (
        op.static_offsets(ctx, ir),
        op.static_sizes(ctx, ir),
        op.static_strides(ctx, ir),
    );
    let Some(expected) = subview_result_type(ctx, base, &offsets, &sizes, &strides) else {
        // The list lengths are `OffsetSizeAndStrideOpInterface`'s to report.
        return Ok(());
    };
    let layout_mismatch = |ctx: &Context| {
        error(format!(
            "expected result type to be {} or a rank-reduced version. (mismatch of result layout), but got {}",
            desc(ctx, &expected),
            ty(ctx, sub)
        ))
    };
    let (es, ss) = (
        expected.shape.clone(),
        shape_of(ctx, sub).unwrap_or_default(),
    );
    if ss.len() > es.len() {
        return error(format!(
            "expected result rank to be smaller or equal to the source rank, but got {}",
            ty(ctx, sub)
        ));
    }
    if !is_rank_reduced_shape(&es, &ss) {
        return error(format!(
            "expected result type to be {} or a rank-reduced version. (mismatch of result sizes), but got {}",
            desc(ctx, &expected),
            ty(ctx, sub)
        ));
    }
    if Some(expected.element) != element_of(ctx, sub) {
        return error(format!(
            "expected result element type to be {}, but got {}",
            ty(ctx, expected.element),
            ty(ctx, sub)
        ));
    }
    let Some(Layout::Strided(e_strides, e_off)) = expected.layout.clone() else {
        return layout_mismatch(ctx);
    };
    let Some((s_strides, s_off)) = strides_and_offset(ctx, sub) else {
        return layout_mismatch(ctx);
    };
    if e_off != s_off {
        return layout_mismatch(ctx);
    }
    let Some(dropped) = rank_reduction_mask_of(ctx, &e_strides, es.len(), sub, &sizes) else {
        return layout_mismatch(ctx);
    };
    let kept: Vec<i64> = e_strides
        .iter()
        .zip(&dropped)
        .filter(|(_, &d)| !d)
        .map(|(&s, _)| s)
        .collect();
    if kept != s_strides {
        return layout_mismatch(ctx);
    }
    let base_shape = shape_of(ctx, base).unwrap_or_default();
    verify_in_bounds(&base_shape, &offsets, &sizes, &strides)
}

/// Whether `reduced` is `original` with some unit dimensions left out
/// (the size part of MLIR's `isRankReducedType`).
fn is_rank_reduced_shape(original: &[i64], reduced: &[i64]) -> bool {
    let mut j = 0;
    for &d in original {
        if j < reduced.len() && reduced[j] == d {
            j += 1;
        } else if d != 1 {
            return false;
        }
    }
    j == reduced.len()
}

/// The static entries of a slice stay inside `shape` (MLIR's
/// `verifyInBoundsSlice`).
pub fn verify_in_bounds(
    shape: &[i64],
    offsets: &[i64],
    sizes: &[i64],
    strides: &[i64],
) -> Result<(), VerifyError> {
    for (i, &dim) in shape.iter().enumerate() {
        let (Some(&o), Some(&s), Some(&st)) = (offsets.get(i), sizes.get(i), strides.get(i)) else {
            continue;
        };
        if dim == DYNAMIC {
            continue;
        }
        if o != DYNAMIC && o >= dim {
            return error(format!("offset {i} is out-of-bounds: {o} >= {dim}"));
        }
        if o != DYNAMIC && s != DYNAMIC && st != DYNAMIC {
            let last = o + (s - 1) * st;
            if s > 0 && last >= dim {
                return error(format!(
                    "slice along dimension {i} runs out-of-bounds: {last} >= {dim}"
                ));
            }
        }
    }
    Ok(())
}

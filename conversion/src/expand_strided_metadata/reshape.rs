//! `memref.expand_shape` and `memref.collapse_shape`, and
//! `extract_strided_metadata` of either (upstream's `ReshapeFolder` and
//! the `ExtractStridedMetadataOp{Expand,Collapse}ShapeFolder`s): the
//! source's base buffer and offset are kept; each reassociation group's
//! sizes and strides are computed from the source's.
//!
//! In: the reshape op. Out: its [`StridedMetadata`], with the
//! `affine.apply`s computing it built before the op being rewritten.

use super::{
    extract_metadata, folded_apply, index_attr, metadata_part, replace_extract,
    replace_with_reinterpret_cast, shape, source_op, static_or, StridedMetadata,
};
use dialect_memref::layout::strides_and_offset;
use ir::affine::AffineExpr;
use ir::OpId;
use ods_runtime::fold::OpFoldResult;
use ods_runtime::index_list::DYNAMIC;
use ods_runtime::op::inherent_attr;
use ods_transforms::rewrite::Rewriter;

/// Which reshape: the two compute a group's sizes and strides apart.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Reshape {
    Expand,
    Collapse,
}

/// What a reshape op gives the group computations: its groups, the
/// source's and result's static shapes, the source's static strides.
struct ReshapeInfo {
    /// The reshape op (its location is the new ops').
    op: OpId,
    /// Where new ops go: before the op being rewritten.
    at: OpId,
    groups: Vec<Vec<i64>>,
    source_shape: Vec<i64>,
    result_shape: Vec<i64>,
    source_strides: Vec<i64>,
    /// The result type's strides (for a collapsed group of size-1
    /// dimensions, whose stride the source does not say).
    result_strides: Vec<i64>,
}

/// The sizes of expanded group `group` (upstream's `getExpandedSizes`):
/// the result type's static sizes, and the one dynamic size as the
/// source's size divided by the product of the static ones.
fn expanded_sizes(
    rw: &mut Rewriter<'_>,
    info: &ReshapeInfo,
    orig_sizes: &[OpFoldResult],
    group: usize,
) -> Vec<OpFoldResult> {
    let dims = &info.groups[group];
    let mut sizes: Vec<Option<OpFoldResult>> = vec![None; dims.len()];
    let mut product: i64 = 1;
    let mut dynamic = None;
    for (i, &d) in dims.iter().enumerate() {
        let size = info.result_shape[d as usize];
        if size == DYNAMIC {
            dynamic = Some(i);
            continue;
        }
        product = product.wrapping_mul(size);
        sizes[i] = Some(index_attr(rw, size));
    }
    if let Some(i) = dynamic {
        let loc = rw.ir.op_loc(info.op);
        let expr = AffineExpr::Symbol(0).floor_div(AffineExpr::Constant(product));
        sizes[i] = Some(folded_apply(rw, info.at, loc, expr, &[orig_sizes[group]]));
    }
    sizes
        .into_iter()
        .map(|s| s.unwrap_or(orig_sizes[group]))
        .collect()
}

/// The strides of expanded group `group` (upstream's
/// `getExpandedStrides`): the suffix products of the group's sizes times
/// the source dimension's stride; before a dynamic size, the suffix
/// product goes through the source's size.
fn expanded_strides(
    rw: &mut Rewriter<'_>,
    info: &ReshapeInfo,
    orig_sizes: &[OpFoldResult],
    orig_strides: &[OpFoldResult],
    group: usize,
) -> Vec<OpFoldResult> {
    let dims = &info.groups[group];
    let mut suffix = vec![0i64; dims.len()];
    let mut current: i64 = 1;
    let mut dynamic = None;
    for i in (0..dims.len()).rev() {
        suffix[i] = current;
        let size = info.result_shape[dims[i] as usize];
        if size == DYNAMIC {
            dynamic = Some(i);
            continue;
        }
        current = current.wrapping_mul(size);
    }
    let orig_stride = match info.source_strides[group] {
        DYNAMIC => orig_strides[group],
        s => index_attr(rw, s),
    };
    let loc = rw.ir.op_loc(info.op);
    let mut strides = Vec::with_capacity(dims.len());
    let mut done = 0;
    if let Some(dynamic) = dynamic {
        let product = current;
        let orig_size = orig_sizes[group];
        while done < dynamic {
            let expr = (AffineExpr::Symbol(0) * AffineExpr::Constant(suffix[done]))
                .floor_div(AffineExpr::Constant(product))
                * AffineExpr::Symbol(1);
            strides.push(folded_apply(
                rw,
                info.at,
                loc,
                expr,
                &[orig_size, orig_stride],
            ));
            done += 1;
        }
    }
    while done < dims.len() {
        let expr = AffineExpr::Symbol(0) * AffineExpr::Constant(suffix[done]);
        strides.push(folded_apply(rw, info.at, loc, expr, &[orig_stride]));
        done += 1;
    }
    strides
}

/// The size of collapsed group `group` (upstream's `getCollapsedSize`):
/// the result type's, or the product of the group's source sizes.
fn collapsed_size(
    rw: &mut Rewriter<'_>,
    info: &ReshapeInfo,
    orig_sizes: &[OpFoldResult],
    group: usize,
) -> OpFoldResult {
    let size = info.result_shape[group];
    if size != DYNAMIC {
        return index_attr(rw, size);
    }
    // `getProductOfValues`: 1 * s0 * s1 * ..., one symbol per dimension.
    let mut expr = AffineExpr::Constant(1);
    let mut inputs = Vec::new();
    for (i, &d) in info.groups[group].iter().enumerate() {
        expr = expr * AffineExpr::Symbol(i as u32);
        let d = d as usize;
        inputs.push(match info.source_shape[d] {
            DYNAMIC => orig_sizes[d],
            s => index_attr(rw, s),
        });
    }
    let loc = rw.ir.op_loc(info.op);
    folded_apply(rw, info.at, loc, expr, &inputs)
}

/// The stride of collapsed group `group` (upstream's
/// `getCollapsedStride`): the stride of its innermost dimension whose
/// size is not 1; for a group of size-1 dimensions, the result type's
/// stride, or the first dynamic stride of the source when that is
/// dynamic.
fn collapsed_stride(
    rw: &mut Rewriter<'_>,
    info: &ReshapeInfo,
    orig_strides: &[OpFoldResult],
    group: usize,
) -> Option<OpFoldResult> {
    let dims = &info.groups[group];
    let mut last = None;
    for &d in dims {
        let d = d as usize;
        if info.source_shape[d] == 1 {
            continue;
        }
        last = Some(match info.source_strides[d] {
            DYNAMIC => orig_strides[d],
            s => index_attr(rw, s),
        });
    }
    if last.is_some() {
        return last;
    }
    match info.result_strides.get(group).copied()? {
        DYNAMIC => dims
            .iter()
            .find(|&&d| info.source_strides[d as usize] == DYNAMIC)
            .map(|&d| orig_strides[d as usize]),
        s => Some(index_attr(rw, s)),
    }
}

/// What [`resolve`] reads off reshape `op`, or `None` when its types are
/// not strided.
fn reshape_info(rw: &Rewriter<'_>, op: OpId, at: OpId) -> Option<ReshapeInfo> {
    let source = rw.ir.operand(op, 0);
    let source_type = rw.ir.value_type(source);
    let result_type = rw.ir.value_type(rw.ir.result(op, 0));
    let (source_strides, _) = strides_and_offset(rw.ctx, source_type)?;
    let (result_strides, _) = strides_and_offset(rw.ctx, result_type)?;
    let groups = dialect_memref::reassociation_indices(
        rw.ctx,
        inherent_attr(rw.ctx, rw.ir, op, "reassociation"),
    );
    Some(ReshapeInfo {
        op,
        at,
        groups,
        source_shape: shape(rw, source_type),
        result_shape: shape(rw, result_type),
        source_strides,
        result_strides,
    })
}

/// Upstream's `resolveReshapeStridedMetadata`: the metadata of reshape
/// `op` from its source's, group by group (each group's sizes, then its
/// strides), the ops computing it built before `at`.
fn resolve(rw: &mut Rewriter<'_>, op: OpId, at: OpId, kind: Reshape) -> Option<StridedMetadata> {
    let info = reshape_info(rw, op, at)?;
    if !groups_fit(&info, kind) {
        return None;
    }
    let loc = rw.ir.op_loc(op);
    let source = rw.ir.operand(op, 0);
    let source_type = rw.ir.value_type(source);
    let (_, source_offset) = strides_and_offset(rw.ctx, source_type)?;
    let rank = info.source_shape.len();
    let (_, meta) = extract_metadata(rw, at, loc, source)?;
    let offset = static_or(rw, source_offset, meta[1]);
    let result_rank = info.result_shape.len();
    if rank == 0 {
        let one = index_attr(rw, 1);
        return Some(StridedMetadata {
            base: meta[0],
            offset,
            sizes: vec![one; result_rank],
            strides: vec![one; result_rank],
        });
    }
    let orig_sizes: Vec<OpFoldResult> = metadata_part(&meta, rank, 0)
        .iter()
        .map(|&v| OpFoldResult::Value(v))
        .collect();
    let orig_strides: Vec<OpFoldResult> = metadata_part(&meta, rank, 1)
        .iter()
        .map(|&v| OpFoldResult::Value(v))
        .collect();
    let mut sizes = Vec::with_capacity(result_rank);
    let mut strides = Vec::with_capacity(result_rank);
    for group in 0..info.groups.len() {
        match kind {
            Reshape::Expand => {
                sizes.extend(expanded_sizes(rw, &info, &orig_sizes, group));
                strides.extend(expanded_strides(
                    rw,
                    &info,
                    &orig_sizes,
                    &orig_strides,
                    group,
                ));
            }
            Reshape::Collapse => {
                sizes.push(collapsed_size(rw, &info, &orig_sizes, group));
                // A group whose stride cannot be found has a type the
                // verifier rejects; the index stays in range regardless.
                let stride = collapsed_stride(rw, &info, &orig_strides, group)
                    .unwrap_or_else(|| index_attr(rw, 1));
                strides.push(stride);
            }
        }
    }
    Some(StridedMetadata {
        base: meta[0],
        offset,
        sizes,
        strides,
    })
}

/// Whether the groups index the shapes as a verified reshape's do (so
/// the computations above stay in range on any input).
fn groups_fit(info: &ReshapeInfo, kind: Reshape) -> bool {
    let (grouped, other) = match kind {
        Reshape::Expand => (&info.result_shape, &info.source_shape),
        Reshape::Collapse => (&info.source_shape, &info.result_shape),
    };
    let in_range =
        |g: &Vec<i64>| !g.is_empty() && g.iter().all(|&d| d >= 0 && (d as usize) < grouped.len());
    if !info.groups.iter().all(in_range)
        || !(other.is_empty() || info.groups.len() == other.len())
        || info.source_strides.len() != info.source_shape.len()
    {
        return false;
    }
    // Upstream asserts one dynamic size per expanded group (and crashes
    // on more, which `output_shape` allows): such an op stays.
    kind == Reshape::Collapse
        || info.groups.iter().all(|g| {
            g.iter()
                .filter(|&&d| info.result_shape[d as usize] == DYNAMIC)
                .count()
                <= 1
        })
}

/// `memref.expand_shape` becomes a `reinterpret_cast` (upstream's
/// `ReshapeFolder<ExpandShapeOp>`).
pub(super) fn expand_shape_folder(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    match resolve(rw, op, op, Reshape::Expand) {
        Some(meta) => replace_with_reinterpret_cast(rw, op, meta),
        None => false,
    }
}

/// `memref.collapse_shape` becomes a `reinterpret_cast` (upstream's
/// `ReshapeFolder<CollapseShapeOp>`).
pub(super) fn collapse_shape_folder(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    match resolve(rw, op, op, Reshape::Collapse) {
        Some(meta) => replace_with_reinterpret_cast(rw, op, meta),
        None => false,
    }
}

fn extract_of(rw: &mut Rewriter<'_>, op: OpId, name: &str, kind: Reshape) -> bool {
    let Some(reshape) = source_op(rw, op, name) else {
        return false;
    };
    let Some(meta) = resolve(rw, reshape, op, kind) else {
        return false;
    };
    let loc = rw.ir.op_loc(reshape);
    replace_extract(rw, op, loc, meta);
    true
}

/// `extract_strided_metadata(collapse_shape)` reads the collapse's
/// source (upstream's `ExtractStridedMetadataOpCollapseShapeFolder`).
pub(super) fn extract_of_collapse_shape(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    extract_of(rw, op, "memref.collapse_shape", Reshape::Collapse)
}

/// `extract_strided_metadata(expand_shape)` reads the expansion's source
/// (upstream's `ExtractStridedMetadataOpExpandShapeFolder`).
pub(super) fn extract_of_expand_shape(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    extract_of(rw, op, "memref.expand_shape", Reshape::Expand)
}

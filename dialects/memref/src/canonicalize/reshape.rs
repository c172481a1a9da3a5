//! The `expand_shape` / `collapse_shape` patterns (upstream's
//! `ComposeReassociativeReshapeOps`, `ComposeCollapseOfExpandOp` and
//! `CollapseShapeOpMemRefCastFolder`): two reshapes of one kind become
//! one, a collapse of an expansion becomes one reshape when the groups
//! line up, and a collapse of a `memref.cast` collapses the cast's source.
//!
//! In: a reshape op the greedy driver visits. Out: the op rewritten, or no
//! match. Every pattern leaves memrefs with non-identity layouts alone, as
//! upstream's do. The compositions are written over [`ReshapeOps`], so
//! that tensor's reshapes use them too (upstream shares the templates).

//!
//! Not done (upstream has it): `ComposeExpandOfCollapseOp`, whose
//! reassociation search (`getReassociationIndicesForCollapse`) differs
//! between releases.

use super::super::{
    collapsed_type_with_shape, has_identity_layout, layout::can_fold_cast_into_consumer,
    mixed_values, reassociation_indices, shape_of, CastOp, CollapseShapeOp, ExpandShapeOp,
};
use super::{memref_cast, replace_with_cast_of, CastBack};
use crate::build::{collapse_shape, create, expand_shape};
use ir::builder::{InsertPoint, OpBuilder};
use ir::{Location, OpId, Type, TypeKind, Value};
use ods_runtime::fold::OpFoldResult;
use ods_runtime::Op;
use ods_transforms::rewrite::{def, replace_with_new, Rewriter};

/// The names of a dialect's reshape ops and its cast.
#[derive(Clone, Copy)]
pub struct ReshapeOps {
    pub collapse: &'static str,
    pub expand: &'static str,
    pub cast: &'static str,
}

/// memref's reshapes.
const MEMREF: ReshapeOps = ReshapeOps {
    collapse: CollapseShapeOp::NAME,
    expand: ExpandShapeOp::NAME,
    cast: CastOp::NAME,
};

/// The op named `name` defining `v`.
fn defined_as(rw: &Rewriter<'_>, v: Value, name: &str) -> Option<OpId> {
    rw.ir
        .defining_op(v)
        .filter(|&d| rw.ctx.str(rw.ir.op_name(d)) == name)
}

/// A new collapse (named `name`) of `src` to `ty`.
fn build_collapse(
    b: &mut OpBuilder<'_>,
    name: &str,
    loc: Location,
    ty: Type,
    src: Value,
    groups: &[Vec<i64>],
) -> OpId {
    create(b, name, loc, |b, s| {
        collapse_shape(s, b.ctx, ty, src, groups, &[])
    })
}

/// A new expansion (named `name`) of `src` to `ty` with `output_shape`
/// (its static sizes when `None`).
fn build_expand(
    b: &mut OpBuilder<'_>,
    name: &str,
    loc: Location,
    ty: Type,
    src: Value,
    groups: &[Vec<i64>],
    output_shape: Option<&[OpFoldResult]>,
) -> OpId {
    create(b, name, loc, |b, s| {
        expand_shape(s, b, ty, src, groups, output_shape)
    })
}

/// Whether `ty` is a memref whose layout is not the identity (MLIR's
/// `hasNonIdentityLayout`; tensors and other types have none).
fn has_non_identity_layout(rw: &Rewriter<'_>, ty: Type) -> bool {
    matches!(rw.ctx.type_kind(ty), TypeKind::MemRef { .. }) && !has_identity_layout(rw.ctx, ty)
}

/// The reassociation groups of reshape `op`.
fn groups_of(rw: &Rewriter<'_>, op: OpId) -> Vec<Vec<i64>> {
    let attr = ods_runtime::op::inherent_attr(rw.ctx, rw.ir, op, "reassociation");
    reassociation_indices(rw.ctx, attr)
}

/// The groups of a reshape that applies `producer`'s groups and then
/// `consumer`'s, both collapsing or both expanding (MLIR's
/// `composeReassociationIndices`): each group of the shorter list joins
/// the groups of the longer it names. `None` when the lists are as long
/// as each other or do not fit.
pub fn compose_groups(producer: &[Vec<i64>], consumer: &[Vec<i64>]) -> Option<Vec<Vec<i64>>> {
    if producer.len() == consumer.len() {
        return None;
    }
    let (longer, shorter) = if producer.len() < consumer.len() {
        (consumer, producer)
    } else {
        (producer, consumer)
    };
    if shorter.is_empty() {
        return Some(Vec::new());
    }
    let named: usize = shorter.iter().map(Vec::len).sum();
    if named != longer.len() {
        return None;
    }
    shorter
        .iter()
        .map(|group| {
            let mut joined = Vec::new();
            for &i in group {
                joined.extend_from_slice(longer.get(usize::try_from(i).ok()?)?);
            }
            Some(joined)
        })
        .collect()
}

/// Whether any of the types of these values is a memref with a
/// non-identity layout.
fn any_non_identity(rw: &Rewriter<'_>, values: &[Value]) -> bool {
    values
        .iter()
        .any(|&v| has_non_identity_layout(rw, rw.ir.value_type(v)))
}

/// For reshape `op` of a reshape named `inner_name` (the same kind): the
/// inner reshape's source and the composed reassociation groups, when no
/// type on the way has a non-identity layout and the groups compose.
fn composed_with_inner(
    rw: &Rewriter<'_>,
    op: OpId,
    inner_name: &str,
) -> Option<(Value, Vec<Vec<i64>>)> {
    let inner = defined_as(rw, rw.ir.operand(op, 0), inner_name)?;
    let (src, result) = (rw.ir.operand(inner, 0), rw.ir.result(op, 0));
    if any_non_identity(rw, &[src, rw.ir.operand(op, 0), result]) {
        return None;
    }
    let groups = compose_groups(&groups_of(rw, inner), &groups_of(rw, op))?;
    Some((src, groups))
}

/// `collapse_shape(collapse_shape(%x, g1), g2)` -> `collapse_shape(%x, g)`
/// with `g` the composed groups, the outer collapse's result type kept.
pub fn compose_collapse_of_collapse(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    compose_collapse_of_collapse_with(rw, op, MEMREF)
}

/// [`compose_collapse_of_collapse`] for the reshapes `ops`.
pub fn compose_collapse_of_collapse_with(rw: &mut Rewriter<'_>, op: OpId, ops: ReshapeOps) -> bool {
    let Some((src, groups)) = composed_with_inner(rw, op, ops.collapse) else {
        return false;
    };
    let result = rw.ir.result(op, 0);
    let (ty, loc) = (rw.ir.value_type(result), rw.ir.op_loc(op));
    replace_with_new(rw, op, InsertPoint::Before(op), |b| {
        build_collapse(b, ops.collapse, loc, ty, src, &groups)
    })
}

/// `expand_shape(expand_shape(%x, g1), g2) output_shape [s]` ->
/// `expand_shape(%x, g) output_shape [s]` with `g` the composed groups.
pub fn compose_expand_of_expand(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    compose_expand_of_expand_with(rw, op, MEMREF)
}

/// [`compose_expand_of_expand`] for the reshapes `ops`.
pub fn compose_expand_of_expand_with(rw: &mut Rewriter<'_>, op: OpId, ops: ReshapeOps) -> bool {
    let Some((src, groups)) = composed_with_inner(rw, op, ops.expand) else {
        return false;
    };
    let result = rw.ir.result(op, 0);
    let statics = ods_runtime::op::inherent_attr(rw.ctx, rw.ir, op, "static_output_shape")
        .map(|a| ods_runtime::attr::dense_array_values::<i64>(rw.ctx, a))
        .unwrap_or_default();
    let dynamic: Vec<Value> = rw.ir.operands(op).skip(1).collect();
    let output_shape = mixed_values(rw.ctx, &statics, &dynamic);
    let (ty, loc) = (rw.ir.value_type(result), rw.ir.op_loc(op));
    replace_with_new(rw, op, InsertPoint::Before(op), |b| {
        build_expand(b, ops.expand, loc, ty, src, &groups, Some(&output_shape))
    })
}

/// `collapse_shape(expand_shape(%x, g1), g2)` -> one reshape of `%x`
/// (a collapse when the result has the lower rank, an expansion when the
/// higher, a cast when the same), when each group of the lower-ranked
/// side is a run of whole groups of the higher-ranked one. An expansion
/// needs a static result shape here (upstream reads dynamic sizes back
/// from the source with `dim`; that case is left alone).
pub fn compose_collapse_of_expand(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    compose_collapse_of_expand_with(rw, op, MEMREF)
}

/// [`compose_collapse_of_expand`] for the reshapes `ops`.
pub fn compose_collapse_of_expand_with(rw: &mut Rewriter<'_>, op: OpId, ops: ReshapeOps) -> bool {
    let Some(expand) = defined_as(rw, rw.ir.operand(op, 0), ops.expand) else {
        return false;
    };
    let src = rw.ir.operand(expand, 0);
    if any_non_identity(rw, &[rw.ir.operand(op, 0), src, rw.ir.result(expand, 0)]) {
        return false;
    }
    let (src_ty, result_ty) = (rw.ir.value_type(src), rw.ir.value_type(rw.ir.result(op, 0)));
    if src_ty == result_ty {
        return false;
    }
    let (Some(src_shape), Some(result_shape)) =
        (shape_of(rw.ctx, src_ty), shape_of(rw.ctx, result_ty))
    else {
        return false;
    };
    let (expand_groups, collapse_groups) = (groups_of(rw, expand), groups_of(rw, op));
    let (higher, lower) = if src_shape.len() > result_shape.len() {
        (&expand_groups, &collapse_groups)
    } else {
        (&collapse_groups, &expand_groups)
    };
    let Some(groups) = cover_with_whole_groups(higher, lower) else {
        return false;
    };
    let (src_rank, result_rank) = (src_shape.len(), result_shape.len());
    if src_rank < result_rank && result_shape.contains(&ods_runtime::index_list::DYNAMIC) {
        return false;
    }
    let loc = rw.ir.op_loc(op);
    replace_with_new(rw, op, InsertPoint::Before(op), |b| {
        if src_rank > result_rank {
            build_collapse(b, ops.collapse, loc, result_ty, src, &groups)
        } else if src_rank < result_rank {
            build_expand(b, ops.expand, loc, result_ty, src, &groups, None)
        } else {
            create(b, ops.cast, loc, |_, s| {
                s.operands.push(src);
                s.result_types.push(result_ty);
            })
        }
    })
}

/// For each group of `lower`, the indices of the run of `higher`'s groups
/// that ends where it ends; `None` when a group of `higher` straddles one
/// of `lower`'s ends.
fn cover_with_whole_groups(higher: &[Vec<i64>], lower: &[Vec<i64>]) -> Option<Vec<Vec<i64>>> {
    let mut next = 0usize;
    let mut composed = Vec::with_capacity(lower.len());
    for group in lower {
        let end = *group.last()?;
        let mut run = Vec::new();
        while let Some(candidate) = higher.get(next) {
            let rightmost = *candidate.last()?;
            if rightmost > end {
                return None;
            }
            run.push(i64::try_from(next).ok()?);
            next += 1;
            if rightmost == end {
                break;
            }
        }
        composed.push(run);
    }
    Some(composed)
}

/// `collapse_shape(memref.cast %x)` -> the collapse of `%x`, when the
/// cast only erases static information: in place when the collapsed type
/// of `%x` is the result type, else followed by a cast to it.
pub fn collapse_of_cast(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let Some(cast) = def::<CastOp>(rw, rw.ir.operand(op, 0)) else {
        return false;
    };
    let cast = cast.op();
    if !can_fold_cast_into_consumer(rw.ctx, rw.ir, cast) {
        return false;
    }
    let src = rw.ir.operand(cast, 0);
    let src_ty = rw.ir.value_type(src);
    let groups = groups_of(rw, op);
    let Some(src_shape) = shape_of(rw.ctx, src_ty) else {
        return false;
    };
    let collapsed_shape: Vec<i64> = groups
        .iter()
        .map(|g| {
            g.iter().fold(1i64, |acc, &d| {
                let size = usize::try_from(d)
                    .ok()
                    .and_then(|d| src_shape.get(d).copied())
                    .unwrap_or(ods_runtime::index_list::DYNAMIC);
                if acc == ods_runtime::index_list::DYNAMIC
                    || size == ods_runtime::index_list::DYNAMIC
                {
                    ods_runtime::index_list::DYNAMIC
                } else {
                    acc.saturating_mul(size)
                }
            })
        })
        .collect();
    let Some(desc) = collapsed_type_with_shape(rw.ctx, src_ty, &groups, &collapsed_shape) else {
        return false;
    };
    let new_ty = desc.intern(rw.ctx);
    if new_ty == rw.ir.value_type(rw.ir.result(op, 0)) {
        rw.set_operand(op, 0, src);
        return true;
    }
    replace_with_cast_of(rw, op, CastBack::Always, memref_cast, |b, loc| {
        create(b, CollapseShapeOp::NAME, loc, |b, s| {
            collapse_shape(s, b.ctx, new_ty, src, &groups, &[])
        })
    })
}

#[cfg(test)]
mod tests {
    use super::{compose_groups, cover_with_whole_groups};

    #[test]
    fn groups_compose_from_either_side() {
        let five_to_three = vec![vec![0, 1], vec![2], vec![3, 4]];
        let three_to_two = vec![vec![0, 1], vec![2]];
        let joined = Some(vec![vec![0, 1, 2], vec![3, 4]]);
        assert_eq!(compose_groups(&five_to_three, &three_to_two), joined);
        assert_eq!(compose_groups(&three_to_two, &five_to_three), joined);
        assert_eq!(compose_groups(&[vec![0, 1, 2]], &[]), Some(vec![]));
        assert_eq!(compose_groups(&three_to_two, &three_to_two), None);
        assert_eq!(compose_groups(&five_to_three, &[vec![0, 1]]), None);
    }

    #[test]
    fn whole_groups_cover_or_straddle() {
        let higher = vec![vec![0], vec![1], vec![2, 3]];
        let lower = vec![vec![0, 1], vec![2, 3]];
        let covered = Some(vec![vec![0, 1], vec![2]]);
        assert_eq!(cover_with_whole_groups(&higher, &lower), covered);
        let straddling = vec![vec![0, 1, 2], vec![3]];
        assert_eq!(cover_with_whole_groups(&higher, &straddling), None);
    }
}

//! The `memref.subview` patterns, and the constant folding of slice
//! operands they share with `tensor.extract_slice`'s: constant offsets,
//! sizes and strides moved into the static lists (a cast gives back the
//! old type), a cast from a more static memref read through, a subview
//! that takes everything replaced by its source.
//!
//! In: a `memref.subview` the greedy driver visits. Out: it rewritten
//! through the [`Rewriter`] (new ops at its location), or no match.

use super::super::{
    mixed_offsets_sizes_strides, split_mixed, subview_dropped_dims, subview_result_type, CastOp,
    Layout, MemRefDesc, SubViewOp,
};
use super::{constant_int, memref_cast, replace_with_cast_of, replace_with_new, CastBack};
use ir::builder::{InsertPoint, OpBuilder};
use ir::{Location, OpId, Type, TypeKind, Value};
use ods_runtime::fold::OpFoldResult;
use ods_runtime::index_list::DYNAMIC;
use ods_runtime::Op;
use ods_transforms::rewrite::Rewriter;

/// Replaces each value of `list` that a constant defines (non-negative
/// when `only_non_negative`) by its index attribute (MLIR's
/// `foldDynamicIndexList`); whether any was.
fn fold_constant_entries(
    rw: &mut Rewriter<'_>,
    list: &mut [OpFoldResult],
    only_non_negative: bool,
) -> bool {
    let mut folded = false;
    for entry in list.iter_mut() {
        let OpFoldResult::Value(v) = *entry else {
            continue;
        };
        let Some(c) = constant_int(rw.ctx, rw.registry, rw.ir, v) else {
            continue;
        };
        if only_non_negative && c < 0 {
            continue;
        }
        *entry = OpFoldResult::Attribute(ods_runtime::attr::index(rw.ctx, c));
        folded = true;
    }
    folded
}

/// The offsets, sizes and strides of a slice with the constants of the
/// first list that has any folded in (upstream stops at the first list
/// that changes; the pattern's next run takes the others), as static
/// lists; `None` when no list has a constant, or when the folded slice
/// would leave `shape` (MLIR's `verifyInBoundsSlice`).
pub fn fold_constant_slice_operands(
    rw: &mut Rewriter<'_>,
    shape: &[i64],
    mixed: &mut [Vec<OpFoldResult>; 3],
) -> Option<[Vec<i64>; 3]> {
    let [offsets, sizes, strides] = mixed;
    let folded = fold_constant_entries(rw, offsets, true)
        || fold_constant_entries(rw, sizes, true)
        || fold_constant_entries(rw, strides, false);
    if !folded {
        return None;
    }
    let statics = [
        split_mixed(rw.ctx, offsets).0,
        split_mixed(rw.ctx, sizes).0,
        split_mixed(rw.ctx, strides).0,
    ];
    crate::verify_views::verify_in_bounds(shape, &statics[0], &statics[1], &statics[2]).ok()?;
    Some(statics)
}

/// The cast (an op named `cast_name`) defining the source (first operand)
/// of slice op `op`, when `can_fold` says the slice may read through it
/// and no operand of `op` is a constant index (the cast folders leave
/// those to the constant folders).
pub fn foldable_source_cast(
    rw: &mut Rewriter<'_>,
    op: OpId,
    cast_name: &str,
    can_fold: impl Fn(&Rewriter<'_>, OpId) -> bool,
) -> Option<OpId> {
    if has_constant_index_operand(rw, op) {
        return None;
    }
    rw.ir
        .defining_op(rw.ir.operand(op, 0))
        .filter(|&c| rw.ctx.str(rw.ir.op_name(c)) == cast_name && can_fold(rw, c))
}

/// Whether an operand of `op` is a constant of type `index` (MLIR's
/// `matchConstantIndex`).
pub fn has_constant_index_operand(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let operands: Vec<Value> = rw.ir.operands(op).collect();
    operands.into_iter().any(|v| {
        matches!(rw.ctx.type_kind(rw.ir.value_type(v)), TypeKind::Index)
            && constant_int(rw.ctx, rw.registry, rw.ir, v).is_some()
    })
}

/// The subview type of `source` for these static lists, with the
/// dimensions `dropped` marks left out (shape and strides).
fn subview_type(
    rw: &mut Rewriter<'_>,
    source: Type,
    statics: &[Vec<i64>; 3],
    dropped: Option<&[bool]>,
) -> Option<Type> {
    let mut desc: MemRefDesc =
        subview_result_type(rw.ctx, source, &statics[0], &statics[1], &statics[2])?;
    if let (Some(dropped), Some(Layout::Strided(strides, offset))) = (dropped, &desc.layout) {
        let keep = |v: &[i64]| -> Vec<i64> {
            v.iter()
                .zip(dropped)
                .filter(|(_, &d)| !d)
                .map(|(&x, _)| x)
                .collect()
        };
        let layout = Layout::Strided(keep(strides), *offset);
        desc.shape = keep(&desc.shape);
        desc.layout = Some(layout);
    }
    Some(desc.intern(rw.ctx))
}

/// How a slice pattern's dialect builds its new slice op (`subview`,
/// `extract_slice`) and the cast back to the replaced op's type.
pub struct SliceKind {
    /// When the cast back is built.
    pub cast_back: CastBack,
    /// Builds the cast.
    pub cast: fn(&mut OpBuilder<'_>, Location, Type, Value) -> OpId,
    /// The slice op's name; its operands and properties are those of
    /// [`slice_state`](crate::build::slice_state).
    pub name: &'static str,
}

/// Replaces slice op `op` by a slice of `source` of type `ty` with these
/// offsets, sizes and strides, built at its place as `kind` says.
pub fn replace_with_slice_of(
    rw: &mut Rewriter<'_>,
    op: OpId,
    ty: Type,
    source: Value,
    [offsets, sizes, strides]: &[Vec<OpFoldResult>; 3],
    kind: &SliceKind,
) -> bool {
    replace_with_cast_of(rw, op, kind.cast_back, kind.cast, |b, loc| {
        crate::build::create(b, kind.name, loc, |b, state| {
            state.result_types.push(ty);
            let lists = [offsets.as_slice(), sizes, strides];
            crate::build::slice_state(b, state, &[source], lists, &[]);
        })
    })
}

/// `memref.subview`, always cast back (upstream's `SubViewCanonicalizer`).
const SUBVIEW: SliceKind = SliceKind {
    cast_back: CastBack::Always,
    cast: memref_cast,
    name: SubViewOp::NAME,
};

/// `subview(%m)[%c0, ..]` -> `cast(subview(%m)[0, ..])`: constant
/// operands into the static lists (MLIR's
/// `OpWithOffsetSizesAndStridesConstantArgumentFolder`).
pub(super) fn subview_constant_argument_folder(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let sub = SubViewOp::from_op_unchecked(op);
    let source = rw.ir.operand(op, 0);
    let source_ty = rw.ir.value_type(source);
    let Some(shape) = super::super::shape_of(rw.ctx, source_ty) else {
        return false;
    };
    let mut mixed = mixed_offsets_sizes_strides(rw.ctx, rw.ir, op);
    let Some(statics) = fold_constant_slice_operands(rw, &shape, &mut mixed) else {
        return false;
    };
    // A subview type needs offsets and sizes that are not negative and
    // strides that are not 0 (MLIR's `hasValidSizesOffsets`,
    // `hasValidStrides`).
    let valid = |v: &i64| *v >= 0 || *v == DYNAMIC;
    if !statics[0].iter().all(valid) || !statics[1].iter().all(valid) || statics[2].contains(&0) {
        return false;
    }
    let dropped = subview_dropped_dims(rw.ctx, rw.ir, sub);
    let dropped = dropped.filter(|d| d.contains(&true));
    let Some(ty) = subview_type(rw, source_ty, &statics, dropped.as_deref()) else {
        return false;
    };
    replace_with_slice_of(rw, op, ty, source, &mixed, &SUBVIEW)
}

/// `subview(cast(%m))` -> `cast(subview(%m))` when the cast only makes
/// the type less static.
pub(super) fn subview_memref_cast_folder(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let fold =
        |rw: &Rewriter<'_>, cast| super::super::can_fold_cast_into_consumer(rw.ctx, rw.ir, cast);
    let Some(cast) = foldable_source_cast(rw, op, CastOp::NAME, fold) else {
        return false;
    };
    let source = rw.ir.operand(cast, 0);
    let (current_source, current_result) = (
        rw.ir.value_type(rw.ir.operand(op, 0)),
        rw.ir.value_type(rw.ir.result(op, 0)),
    );
    let mixed = mixed_offsets_sizes_strides(rw.ctx, rw.ir, op);
    let statics = [
        split_mixed(rw.ctx, &mixed[0]).0,
        split_mixed(rw.ctx, &mixed[1]).0,
        split_mixed(rw.ctx, &mixed[2]).0,
    ];
    let Some(dropped) =
        super::super::rank_reduction_mask(rw.ctx, current_source, current_result, &statics[1])
    else {
        return false;
    };
    let source_ty = rw.ir.value_type(source);
    let Some(ty) = subview_type(rw, source_ty, &statics, Some(&dropped)) else {
        return false;
    };
    replace_with_slice_of(rw, op, ty, source, &mixed, &SUBVIEW)
}

/// A subview taking all of its source (offsets 0, strides 1, the source's
/// static sizes, no rank reduction) -> its source, cast when the types
/// differ.
pub(super) fn trivial_subview_folder(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let source = rw.ir.operand(op, 0);
    let (source_ty, result_ty) = (
        rw.ir.value_type(source),
        rw.ir.value_type(rw.ir.result(op, 0)),
    );
    let (Some(shape), Some(result_shape)) = (
        super::super::shape_of(rw.ctx, source_ty),
        super::super::shape_of(rw.ctx, result_ty),
    ) else {
        return false;
    };
    if shape.len() != result_shape.len() {
        return false;
    }
    let [offsets, sizes, strides] = mixed_offsets_sizes_strides(rw.ctx, rw.ir, op);
    let mut is = |list: &[OpFoldResult], want: &dyn Fn(usize) -> i64| {
        list.iter().enumerate().all(|(i, &e)| {
            let c = match e {
                OpFoldResult::Attribute(a) => ods_runtime::pred::integer_attr_value(rw.ctx, a),
                OpFoldResult::Value(v) => constant_int(rw.ctx, rw.registry, rw.ir, v),
            };
            c == Some(want(i)) && want(i) != DYNAMIC
        })
    };
    if !is(&offsets, &|_| 0) || !is(&strides, &|_| 1) || !is(&sizes, &|i| shape[i]) {
        return false;
    }
    if source_ty == result_ty {
        rw.replace_op(op, &[source]);
        return true;
    }
    let loc = rw.ir.op_loc(op);
    replace_with_new(rw, op, InsertPoint::Before(op), |b| {
        CastOp::build(b, loc, result_ty, source).op()
    })
}

//! Canonicalization patterns of the `memref` dialect (upstream's
//! `getCanonicalizationPatterns` of the memref ops), as [`Pattern`]s for
//! `--canonicalize`: constant sizes moved into an allocation's type,
//! allocations nothing reads removed, copies that do nothing removed,
//! `dim` of a `reshape` read from the shape operand, `alloca_scope`s
//! inlined where that extends no allocation's lifetime; reshapes
//! composed (in [`reshape`]).
//!
//! In: an op the greedy driver visits. Out: the op rewritten through the
//! [`Rewriter`] (new ops take the location of the op they replace, as
//! upstream's C++ patterns give them), or no match.
//!
//! Not done (upstream has them): `AllocaScopeHoister`, the subview, view
//! and reinterpret_cast patterns (constant operands into the type, casts
//! folded into them), `ComposeExpandOfCollapseOp`.

use super::{AllocOp, AllocaOp, CastOp, LoadOp, MemRefDesc, ReshapeOp, StoreOp};
use dialect_arith::IndexCastOp;
use ir::builder::{InsertPoint, OpBuilder};
use ir::{Location, OpId, OpTraits, RegionId, Type, TypeKind, Value};
use ods_runtime::effects::{
    AutomaticAllocationScopeResource, EffectTarget, MemoryEffect, Resource,
};
use ods_runtime::interfaces::MemoryEffectOpInterfaceRef;
pub use ods_runtime::matchers::constant_int;
use ods_runtime::Op;
pub use ods_transforms::rewrite::{def, pattern, replace_with_new};
use ods_transforms::rewrite::{Pattern, Rewriter};

mod reshape;
mod subview;
pub use reshape::{
    compose_collapse_of_collapse_with, compose_collapse_of_expand_with,
    compose_expand_of_expand_with, compose_groups, ReshapeOps,
};
pub use subview::{
    fold_constant_slice_operands, foldable_source_cast, has_constant_index_operand,
    replace_with_slice_of, SliceKind,
};

/// Every pattern of the dialect, in the order upstream registers them
/// (ops by name, each op's patterns in its own order).
pub const CANONICALIZATION_PATTERNS: &[Pattern] = &[
    pattern("memref.alloc", simplify_alloc_const::<AllocOp>),
    pattern("memref.alloc", simplify_dead_alloc),
    pattern("memref.alloca", simplify_alloc_const::<AllocaOp>),
    pattern("memref.alloca", simplify_dead_alloc),
    pattern("memref.alloca_scope", alloca_scope_inliner),
    pattern(
        "memref.collapse_shape",
        reshape::compose_collapse_of_collapse,
    ),
    pattern("memref.collapse_shape", reshape::compose_collapse_of_expand),
    pattern("memref.collapse_shape", reshape::collapse_of_cast),
    pattern("memref.copy", fold_empty_copy),
    pattern("memref.copy", fold_self_copy),
    pattern("memref.dim", dim_of_reshape),
    pattern("memref.expand_shape", reshape::compose_expand_of_expand),
    pattern("memref.realloc", simplify_dead_alloc),
    pattern("memref.subview", subview::subview_constant_argument_folder),
    pattern("memref.subview", subview::subview_memref_cast_folder),
    pattern("memref.subview", subview::trivial_subview_folder),
];

/// Whether a pattern's new op gets a cast back to the replaced op's type
/// always, or only when the types differ (as each upstream pattern does).
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum CastBack {
    Always,
    WhenTypesDiffer,
}

/// Replaces `op` by the op `build` makes at its place (given `op`'s
/// location), followed by a cast that `cast` builds to `op`'s type.
pub fn replace_with_cast_of(
    rw: &mut Rewriter<'_>,
    op: OpId,
    cast_back: CastBack,
    cast: fn(&mut OpBuilder<'_>, Location, Type, Value) -> OpId,
    build: impl FnOnce(&mut OpBuilder<'_>, Location) -> OpId,
) -> bool {
    let old_ty = rw.ir.value_type(rw.ir.result(op, 0));
    let loc = rw.ir.op_loc(op);
    replace_with_new(rw, op, InsertPoint::Before(op), |b| {
        let new = build(b, loc);
        let v = b.ir.result(new, 0);
        if cast_back == CastBack::WhenTypesDiffer && b.ir.value_type(v) == old_ty {
            return new;
        }
        cast(b, loc, old_ty, v)
    })
}

/// Builds `memref.cast %v : .. to ty` (for [`replace_with_cast_of`]).
fn memref_cast(b: &mut OpBuilder<'_>, loc: Location, ty: Type, v: Value) -> OpId {
    CastOp::build(b, loc, ty, v).op()
}

/// The op giving `v` as type `ty`: `v`'s own op when it has that type,
/// else a new `arith.index_cast` (how `dim` patterns turn a shape element
/// into an index).
fn index_cast_to(b: &mut OpBuilder<'_>, loc: Location, v: Value, ty: Type) -> OpId {
    match b.ir.defining_op(v) {
        Some(def) if b.ir.value_type(v) == ty => def,
        _ => IndexCastOp::build(b, loc, ty, v).op(),
    }
}

/// The shape `shape` with each dynamic size that `sizes` (the values of
/// the dynamic sizes, in order) gives as a non-negative constant put in
/// place, and the sizes left dynamic (MLIR's `foldDynamicToStaticDimSizes`);
/// `None` when no size is such a constant.
pub fn constant_sizes_into_shape(
    rw: &mut Rewriter<'_>,
    shape: &[i64],
    sizes: &[Value],
) -> Option<(Vec<i64>, Vec<Value>)> {
    let mut shape = shape.to_vec();
    let mut kept = Vec::new();
    let mut changed = false;
    let mut next = sizes.iter();
    for dim in shape
        .iter_mut()
        .filter(|d| **d == ods_runtime::index_list::DYNAMIC)
    {
        let &v = next.next()?;
        match constant_int(rw.ctx, rw.registry, rw.ir, v).filter(|&c| c >= 0) {
            Some(c) => {
                *dim = c;
                changed = true;
            }
            None => kept.push(v),
        }
    }
    changed.then_some((shape, kept))
}

/// `alloc(%c4, %n) : memref<?x?xT>` -> `cast(alloc(%n) : memref<4x?xT>)`
/// for `alloc` and `alloca`: each non-negative constant size moves into
/// the type, a cast gives back the old type.
fn simplify_alloc_const<T: Op>(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let old_ty = rw.ir.value_type(rw.ir.result(op, 0));
    let Some(mut desc) = MemRefDesc::of(rw.ctx, old_ty) else {
        return false;
    };
    let segments = ods_runtime::segments::segment_sizes(
        rw.ctx,
        rw.ir,
        op,
        ods_runtime::segments::OPERAND_SEGMENT_SIZES,
        2,
    );
    let operands: Vec<Value> = rw.ir.operands(op).collect();
    let sizes = operands[ods_runtime::segments::segment_group(&segments, 0)].to_vec();
    let symbols = operands[ods_runtime::segments::segment_group(&segments, 1)].to_vec();
    let Some((shape, kept)) = constant_sizes_into_shape(rw, &desc.shape, &sizes) else {
        return false;
    };
    desc.shape = shape;
    let new_ty = desc.intern(rw.ctx);
    let alignment = ods_runtime::op::inherent_attr(rw.ctx, rw.ir, op, "alignment");
    let is_alloca = T::NAME == AllocaOp::NAME;
    replace_with_cast_of(rw, op, CastBack::Always, memref_cast, |b, loc| {
        if is_alloca {
            AllocaOp::build_raw(b, loc, new_ty, &kept, &symbols, alignment).op()
        } else {
            AllocOp::build_raw(b, loc, new_ty, &kept, &symbols, alignment).op()
        }
    })
}

/// An allocation (`alloc`, `alloca`, `realloc`) only stored into and
/// deallocated goes, with those stores and deallocations.
fn simplify_dead_alloc(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let result = rw.ir.result(op, 0);
    let users: Vec<OpId> = rw.ir.uses(result).map(|u| u.owner).collect();
    let only_written = users
        .iter()
        .all(|&user| match StoreOp::from_op(rw.ctx, rw.ir, user) {
            Some(store) => store.value(rw.ctx, rw.ir) != result,
            None => rw.ctx.str(rw.ir.op_name(user)) == "memref.dealloc",
        });
    if !only_written {
        return false;
    }
    let mut erased = Vec::new();
    for user in users {
        // A store may use the value twice (as memref and index): erase once.
        if !erased.contains(&user) {
            erased.push(user);
            rw.erase_op(user);
        }
    }
    rw.erase_op(op);
    true
}

/// `copy(%a, %a)` does nothing.
fn fold_self_copy(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    if rw.ir.operand(op, 0) != rw.ir.operand(op, 1) {
        return false;
    }
    rw.erase_op(op);
    true
}

/// A copy from or to a memref with no elements (a ranked memref with a
/// size 0) does nothing.
fn fold_empty_copy(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let empty = |rw: &Rewriter<'_>, v: Value| match rw.ctx.type_kind(rw.ir.value_type(v)) {
        TypeKind::MemRef { shape, .. } => shape.contains(&0),
        _ => false,
    };
    if !empty(rw, rw.ir.operand(op, 0)) && !empty(rw, rw.ir.operand(op, 1)) {
        return false;
    }
    rw.erase_op(op);
    true
}

/// The region a value is defined in.
fn value_region(rw: &Rewriter<'_>, v: Value) -> Option<RegionId> {
    rw.ir.value_block(v).and_then(|b| rw.ir.block_region(b))
}

/// Whether `ancestor` strictly encloses `region`.
fn is_proper_ancestor(rw: &Rewriter<'_>, ancestor: RegionId, region: RegionId) -> bool {
    let mut at = region;
    loop {
        let Some(parent) = rw
            .ir
            .region_op(at)
            .and_then(|op| rw.ir.op_block(op))
            .and_then(|b| rw.ir.block_region(b))
        else {
            return false;
        };
        if parent == ancestor {
            return true;
        }
        at = parent;
    }
}

/// Whether `a` comes before `b` in their (common) block.
fn is_before_in_block(rw: &Rewriter<'_>, a: OpId, b: OpId) -> bool {
    let mut at = rw.ir.next_op(a);
    while let Some(op) = at {
        if op == b {
            return true;
        }
        at = rw.ir.next_op(op);
    }
    false
}

/// `dim(reshape(%src, %shape), %i)` -> the element `%i` of `%shape`, for
/// either dialect's `dim` (operands: the shaped value, the index) and
/// `reshape` named `reshape_name` (operands: the source, the shape):
/// `place` says where the reading goes (or that it may not), `read` builds
/// it; an `index_cast` follows when the shape's elements are not `index`.
pub fn dim_of_reshape_with(
    rw: &mut Rewriter<'_>,
    op: OpId,
    reshape_name: &str,
    place: fn(&Rewriter<'_>, OpId, OpId) -> Option<InsertPoint>,
    read: fn(&mut OpBuilder<'_>, Location, Value, Value) -> OpId,
) -> bool {
    let Some(reshape) = rw
        .ir
        .defining_op(rw.ir.operand(op, 0))
        .filter(|&r| rw.ctx.str(rw.ir.op_name(r)) == reshape_name)
    else {
        return false;
    };
    let Some(at) = place(rw, op, reshape) else {
        return false;
    };
    let (shape, index) = (rw.ir.operand(reshape, 1), rw.ir.operand(op, 1));
    let dim_ty = rw.ir.value_type(rw.ir.result(op, 0));
    let loc = rw.ir.op_loc(op);
    replace_with_new(rw, op, at, |b| {
        let read = read(b, loc, shape, index);
        let element = b.ir.result(read, 0);
        index_cast_to(b, loc, element, dim_ty)
    })
}

/// `dim(reshape(%src, %shape), %i)` -> `load %shape[%i]`, placed just
/// after the reshape (the shape memref may change later), when `%i` is
/// known (cheaply) to be defined there.
fn dim_of_reshape(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    dim_of_reshape_with(
        rw,
        op,
        ReshapeOp::NAME,
        after_reshape,
        |b, loc, shape, index| LoadOp::build_from_memref_indices(b, loc, shape, &[index]).op(),
    )
}

/// Just after `reshape`, when the index of `dim` is defined before it (in
/// its block or an enclosing region: MLIR's cheap check in place of
/// dominance).
fn after_reshape(rw: &Rewriter<'_>, dim: OpId, reshape: OpId) -> Option<InsertPoint> {
    let index = rw.ir.operand(dim, 1);
    let reshape_block = rw.ir.op_block(reshape);
    if rw.ir.value_block(index) == reshape_block {
        if let Some(index_def) = rw.ir.defining_op(index) {
            if is_before_in_block(rw, reshape, index_def) {
                return None;
            }
        }
    } else if rw.ir.op_block(dim) != reshape_block {
        let reshape_region = reshape_block.and_then(|b| rw.ir.block_region(b));
        let dominates = match (value_region(rw, index), reshape_region) {
            (Some(ir), Some(rr)) => is_proper_ancestor(rw, ir, rr),
            _ => false,
        };
        if !dominates {
            return None;
        }
    }
    Some(InsertPoint::After(reshape))
}

/// Whether `op` itself (not the ops nested in it) may allocate on the
/// stack of its allocation scope: an op without known effects may; one
/// whose effects are its regions' does not.
fn may_allocate_on_stack(rw: &Rewriter<'_>, op: OpId) -> bool {
    let traits = rw.registry.op(rw.ir.op_name(op)).map(|i| i.traits);
    if traits.is_some_and(|t| t.contains(OpTraits::RECURSIVE_MEMORY_EFFECTS)) {
        return false;
    }
    let Some(effects) =
        ods_runtime::interface::<MemoryEffectOpInterfaceRef>(rw.registry, rw.ir, op)
    else {
        return true;
    };
    effects.get_effects(rw.ctx, rw.ir).iter().any(|e| {
        e.effect == MemoryEffect::Allocate
            && matches!(e.on, EffectTarget::Result(v) if rw.ir.defining_op(v) == Some(op))
            && e.resource == AutomaticAllocationScopeResource::NAME
    })
}

/// Whether an op nested in `op` (not under a nested allocation scope) may
/// allocate on the stack.
fn has_potential_alloca(rw: &Rewriter<'_>, op: OpId) -> bool {
    let mut pending: Vec<OpId> = Vec::new();
    let push_children = |pending: &mut Vec<OpId>, op: OpId| {
        for &r in rw.ir.regions(op).iter().rev() {
            let blocks: Vec<_> = rw.ir.region_blocks(r).collect();
            for b in blocks.into_iter().rev() {
                pending.extend(rw.ir.block_ops_rev(b));
            }
        }
    };
    push_children(&mut pending, op);
    while let Some(nested) = pending.pop() {
        if may_allocate_on_stack(rw, nested) {
            return true;
        }
        if !super::ops::is_allocation_scope(rw.ctx, rw.ir, nested) {
            push_children(&mut pending, nested);
        }
    }
    false
}

/// Whether `op` is the last op but the terminator of the only block of
/// its region (moving allocations out of it extends no lifetime).
fn last_non_terminator_in_region(rw: &Rewriter<'_>, op: OpId) -> bool {
    let Some(block) = rw.ir.op_block(op) else {
        return false;
    };
    let Some(next) = rw.ir.next_op(op) else {
        return false;
    };
    let might_be_terminator = match rw.registry.op(rw.ir.op_name(next)) {
        Some(info) => info.traits.contains(OpTraits::TERMINATOR),
        None => true,
    };
    let one_block = rw
        .ir
        .block_region(block)
        .is_some_and(|r| rw.ir.region_blocks(r).count() == 1);
    rw.ir.last_op(block) == Some(next) && might_be_terminator && one_block
}

/// `alloca_scope { ops; return %v }` -> `ops`, `%v` in place of its
/// results, when nothing in it allocates on the stack, or when its parent
/// is an allocation scope and it is the last op there.
fn alloca_scope_inliner(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    if has_potential_alloca(rw, op) {
        let parent_is_scope = rw
            .ir
            .parent_op(op)
            .is_some_and(|p| super::ops::is_allocation_scope(rw.ctx, rw.ir, p));
        if !parent_is_scope || !last_non_terminator_in_region(rw, op) {
            return false;
        }
    }
    let Some(block) = rw.ir.first_block(rw.ir.region(op, 0)) else {
        return false;
    };
    let Some(terminator) = rw.ir.terminator(block) else {
        return false;
    };
    let ops: Vec<OpId> = rw.ir.block_ops(block).collect();
    for moved in ops {
        rw.ir.move_op_before(moved, op);
        rw.notify_inserted(moved);
    }
    let results: Vec<Value> = rw.ir.operands(terminator).collect();
    rw.replace_op(op, &results);
    rw.erase_op(terminator);
    true
}

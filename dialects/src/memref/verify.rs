//! The memref ops' own checks (`hasVerifier`) and `memref.get_global`'s
//! symbol check, with `mlir-opt`'s messages in its order.
//!
//! In: an op (verified against its ODS constraints already). Out: `Ok`
//! or the error, reported at the op.

use super::*;
use crate::view_like::DYNAMIC;
use ir::printer::print_type_str;
use ir::registry::VerifyError;
use ir::symbols::SymbolTables;
use ods_runtime::Op;

/// A type as diagnostics quote it.
fn ty(ctx: &Context, t: Type) -> String {
    format!("'{}'", print_type_str(ctx, t))
}

/// A computed type as diagnostics quote it.
fn desc(ctx: &Context, d: &MemRefDesc) -> String {
    format!("'{}'", d.text(ctx))
}

fn op_error(message: impl Into<String>) -> Result<(), VerifyError> {
    Err(VerifyError::op_error(message))
}

/// An error worded as given (MLIR's `emitError`, without the op prefix).
fn error(message: impl Into<String>) -> Result<(), VerifyError> {
    Err(VerifyError::new(message))
}

fn operand_type(ir: &Ir, op: OpId, i: usize) -> Type {
    ir.value_type(ir.operand(op, i))
}

fn result_type(ir: &Ir, op: OpId) -> Option<Type> {
    ir.results(op).next().map(|r| ir.value_type(r))
}

fn rank(ctx: &Context, t: Type) -> Option<usize> {
    shape_of(ctx, t).map(|s| s.len())
}

fn dynamic_dims(ctx: &Context, t: Type) -> usize {
    shape_of(ctx, t)
        .unwrap_or_default()
        .iter()
        .filter(|&&d| d == DYNAMIC)
        .count()
}

/// `alloc` and `alloca`: one size operand per dynamic dimension, one
/// symbol operand per symbol of the layout map.
fn verify_alloc_like(
    ctx: &Context,
    ir: &Ir,
    op: OpId,
    sizes: usize,
    symbols: usize,
) -> Result<(), VerifyError> {
    let Some(t) = result_type(ir, op).filter(|&t| shape_of(ctx, t).is_some()) else {
        return op_error("result must be a memref");
    };
    if sizes != dynamic_dims(ctx, t) {
        return op_error("dimension operand count does not equal memref dynamic dimension count");
    }
    let expected = layout_symbols(ctx, t) as usize;
    if symbols != expected {
        return op_error(format!(
            "symbol operand count does not equal memref symbol count: expected {expected}, got {symbols}"
        ));
    }
    Ok(())
}

/// `memref.alloc`.
pub fn verify_alloc(ctx: &Context, ir: &Ir, op: AllocOp) -> Result<(), VerifyError> {
    let (sizes, symbols) = (
        op.dynamic_sizes(ctx, ir).len(),
        op.symbol_operands(ctx, ir).len(),
    );
    verify_alloc_like(ctx, ir, op.op(), sizes, symbols)
}

/// `memref.alloca`: also needs an enclosing allocation scope.
pub fn verify_alloca(
    ctx: &Context,
    ir: &Ir,
    op: AllocaOp,
    registry_scope: bool,
) -> Result<(), VerifyError> {
    if !registry_scope {
        return op_error("requires an ancestor op with AutomaticAllocationScope trait");
    }
    let (sizes, symbols) = (
        op.dynamic_sizes(ctx, ir).len(),
        op.symbol_operands(ctx, ir).len(),
    );
    verify_alloc_like(ctx, ir, op.op(), sizes, symbols)
}

/// `memref.realloc`.
pub fn verify_realloc(ctx: &Context, ir: &Ir, op: ReallocOp) -> Result<(), VerifyError> {
    let src = operand_type(ir, op.op(), 0);
    let Some(res) = result_type(ir, op.op()) else {
        return Ok(());
    };
    if !has_identity_layout(ctx, src) {
        return error(format!(
            "unsupported layout for source memref type {}",
            ty(ctx, src)
        ));
    }
    if !has_identity_layout(ctx, res) {
        return error(format!(
            "unsupported layout for result memref type {}",
            ty(ctx, res)
        ));
    }
    let pair = format!("{} and result memref type {}", ty(ctx, src), ty(ctx, res));
    if memory_space(ctx, src) != memory_space(ctx, res) {
        return error(format!(
            "different memory spaces specified for source memref type {pair}"
        ));
    }
    if element_of(ctx, src) != element_of(ctx, res) {
        return error(format!(
            "different element types specified for source memref type {pair}"
        ));
    }
    let has_size = op.dynamic_result_size(ir).is_some();
    let dynamic = dynamic_dims(ctx, res) > 0;
    if dynamic && !has_size {
        return error(format!(
            "missing dimension operand for result type {}",
            ty(ctx, res)
        ));
    }
    if !dynamic && has_size {
        return error(format!(
            "unnecessary dimension operand for result type {}",
            ty(ctx, res)
        ));
    }
    Ok(())
}

/// `memref.assume_alignment`.
pub fn verify_assume_alignment(
    ctx: &Context,
    ir: &Ir,
    op: AssumeAlignmentOp,
) -> Result<(), VerifyError> {
    let a = op.alignment(ctx, ir);
    if a <= 0 || (a & (a - 1)) != 0 {
        return op_error("alignment must be power of 2");
    }
    Ok(())
}

/// `memref.distinct_objects`.
pub fn verify_distinct_objects(_ctx: &Context, ir: &Ir, op: OpId) -> Result<(), VerifyError> {
    let ins: Vec<Type> = ir.operands(op).map(|v| ir.value_type(v)).collect();
    let outs: Vec<Type> = ir.results(op).map(|v| ir.value_type(v)).collect();
    if ins != outs {
        return op_error("operand types and result types must match");
    }
    if ins.is_empty() {
        return op_error("expected at least one operand");
    }
    Ok(())
}

/// `memref.dma_start`: the flat operand list read by the ranks of its
/// memrefs.
pub fn verify_dma_start(ctx: &Context, ir: &Ir, op: OpId) -> Result<(), VerifyError> {
    let n = ir.num_operands(op);
    if n < 4 {
        return op_error("expected at least 4 operands");
    }
    let index = |i: usize| ods_runtime::pred::is_index(ctx, operand_type(ir, op, i));
    let all_index = |r: std::ops::Range<usize>| r.clone().all(|i| i < n && index(i));
    let src = operand_type(ir, op, 0);
    let Some(src_rank) =
        rank(ctx, src).filter(|_| matches!(ctx.type_kind(src), TypeKind::MemRef { .. }))
    else {
        return op_error("expected source to be of memref type");
    };
    if n < src_rank + 4 {
        return op_error(format!("expected at least {} operands", src_rank + 4));
    }
    if !all_index(1..1 + src_rank) {
        return op_error("expected source indices to be of index type");
    }
    let dst_at = 1 + src_rank;
    let dst = operand_type(ir, op, dst_at);
    let Some(dst_rank) =
        rank(ctx, dst).filter(|_| matches!(ctx.type_kind(dst), TypeKind::MemRef { .. }))
    else {
        return op_error("expected destination to be of memref type");
    };
    let mut expected = src_rank + dst_rank + 4;
    if n < expected {
        return op_error(format!("expected at least {expected} operands"));
    }
    if !all_index(dst_at + 1..dst_at + 1 + dst_rank) {
        return op_error("expected destination indices to be of index type");
    }
    let num_at = dst_at + 1 + dst_rank;
    if !index(num_at) {
        return op_error("expected num elements to be of index type");
    }
    let tag = operand_type(ir, op, num_at + 1);
    let Some(tag_rank) =
        rank(ctx, tag).filter(|_| matches!(ctx.type_kind(tag), TypeKind::MemRef { .. }))
    else {
        return op_error("expected tag to be of memref type");
    };
    expected += tag_rank;
    if n < expected {
        return op_error(format!("expected at least {expected} operands"));
    }
    if !all_index(num_at + 2..num_at + 2 + tag_rank) {
        return op_error("expected tag indices to be of index type");
    }
    if n != expected && n != expected + 2 {
        return op_error("incorrect number of operands");
    }
    if n == expected + 2 && !(index(n - 2) && index(n - 1)) {
        return op_error("expected stride and num elements per stride to be of type index");
    }
    Ok(())
}

/// `memref.dma_wait`.
pub fn verify_dma_wait(ctx: &Context, ir: &Ir, op: DmaWaitOp) -> Result<(), VerifyError> {
    let (have, want) = (op.tag_indices(ir).len(), op.get_tag_mem_ref_rank(ctx, ir));
    if have != want {
        return op_error(format!(
            "expected tagIndices to have the same number of elements as the tagMemRef rank, expected {want}, but got {have}"
        ));
    }
    Ok(())
}

/// `memref.generic_atomic_rmw`: one body argument of the result type,
/// and a body without side effects.
pub fn verify_generic_atomic_rmw(
    ctx: &Context,
    ir: &Ir,
    op: OpId,
    pure_op: &dyn Fn(OpId) -> bool,
) -> Result<(), VerifyError> {
    let args = crate::scf::body_arguments(ir, op, 0);
    if args.len() != 1 {
        return op_error("expected single number of entry block arguments");
    }
    if result_type(ir, op) != Some(ir.value_type(args[0])) {
        return op_error("expected block argument of the same type result type");
    }
    let _ = ctx;
    let mut stack = crate::scf::region_ops(ir, op, 0);
    while let Some(nested) = stack.pop() {
        if !pure_op(nested) {
            return Err(VerifyError::new(
                "body of 'memref.generic_atomic_rmw' should contain only operations with no side effects",
            )
            .on(nested));
        }
    }
    Ok(())
}

/// `memref.atomic_yield`: yields the parent's result type.
pub fn verify_atomic_yield(ctx: &Context, ir: &Ir, op: OpId) -> Result<(), VerifyError> {
    let Some(parent) = ir.parent_op(op) else {
        return Ok(());
    };
    let (Some(want), Some(have)) = (
        result_type(ir, parent),
        ir.operands(op).next().map(|v| ir.value_type(v)),
    ) else {
        return Ok(());
    };
    if want != have {
        return op_error(format!(
            "types mismatch between yield op: {} and its parent: {}",
            ty(ctx, have),
            ty(ctx, want)
        ));
    }
    Ok(())
}

/// `memref.global`.
pub fn verify_global(ctx: &Context, ir: &Ir, op: GlobalOp) -> Result<(), VerifyError> {
    let t = op.r#type(ctx, ir);
    let Some(shape) = shape_of(ctx, t).filter(|s| s.iter().all(|&d| d != DYNAMIC)) else {
        return op_error(format!(
            "type should be static shaped memref, but got {}",
            ty(ctx, t)
        ));
    };
    let Some(init) = op.initial_value(ctx, ir) else {
        return Ok(());
    };
    if ods_runtime::pred::is_unit_attr(ctx, init) {
        return Ok(());
    }
    if !ods_runtime::pred::is_elements_attr(ctx, init) {
        return op_error("initial value should be a unit or elements attribute");
    }
    let Some(init_type) = ods_runtime::pred::attr_type(ctx, init) else {
        return Ok(());
    };
    let (want, have) = (
        element_of(ctx, t),
        ods_runtime::pred::element_type(ctx, init_type),
    );
    if let (Some(w), Some(h)) = (want, have) {
        if w != h {
            return op_error(format!(
                "initial value element expected to be of type {}, but was of type {}",
                ty(ctx, w),
                ty(ctx, h)
            ));
        }
    }
    let init_shape = shape_of(ctx, init_type).unwrap_or_default();
    if init_shape != shape {
        let list = |s: &[i64]| s.iter().map(i64::to_string).collect::<Vec<_>>().join(", ");
        return op_error(format!(
            "initial value shape expected to be {} but was {}",
            list(&shape),
            list(&init_shape)
        ));
    }
    Ok(())
}

/// `memref.get_global`: names a `memref.global` of the result's type.
pub fn verify_get_global_symbol_uses(
    tables: &mut SymbolTables<'_>,
    op: GetGlobalOp,
) -> Result<(), VerifyError> {
    let (ctx, ir) = (tables.ctx, tables.ir);
    let Some(name) = op.name_attr(ctx, ir) else {
        return Ok(());
    };
    let text = ods_runtime::attr::flat_symbol_ref_value(ctx, name).to_string();
    let global = tables
        .lookup_nearest_from(op.op(), name)
        .filter(|&g| ctx.str(ir.op_name(g)) == "memref.global");
    let Some(global) = global else {
        return op_error(format!("'{text}' does not reference a valid global memref"));
    };
    let global_type = ods_runtime::op::inherent_attr(ctx, ir, global, "type")
        .map(|a| ods_runtime::attr::type_value(ctx, a));
    let result = op.result(ir);
    let have = ir.value_type(result);
    if global_type != Some(have) {
        let g = global_type.map(|t| ty(ctx, t)).unwrap_or_default();
        return op_error(format!(
            "result type {} does not match type {g} of the global memref @{text}",
            ty(ctx, have)
        ));
    }
    Ok(())
}

/// `memref.load`: one index per dimension.
pub fn verify_load(ctx: &Context, ir: &Ir, op: LoadOp) -> Result<(), VerifyError> {
    let r = rank(ctx, ir.value_type(op.memref(ir))).unwrap_or(0);
    let n = op.indices(ir).len();
    if n != r {
        return op_error(format!(
            "incorrect number of indices for load, expected {r} but got {n}"
        ));
    }
    Ok(())
}

/// `memref.store`: one index per dimension.
pub fn verify_store(ctx: &Context, ir: &Ir, op: StoreOp) -> Result<(), VerifyError> {
    let r = rank(ctx, ir.value_type(op.memref(ir))).unwrap_or(0);
    if ir.num_operands(op.op()) != 2 + r {
        return op_error("store index operand count not equal to memref rank");
    }
    Ok(())
}

/// `memref.prefetch`: one index per dimension.
pub fn verify_prefetch(ctx: &Context, ir: &Ir, op: PrefetchOp) -> Result<(), VerifyError> {
    let r = rank(ctx, ir.value_type(op.memref(ir))).unwrap_or(0);
    if ir.num_operands(op.op()) != 1 + r {
        return op_error("too few indices");
    }
    Ok(())
}

/// `memref.atomic_rmw`: one index per dimension and a value type the
/// kind works on.
pub fn verify_atomic_rmw(ctx: &Context, ir: &Ir, op: AtomicRMWOp) -> Result<(), VerifyError> {
    let r = rank(ctx, ir.value_type(op.memref(ir))).unwrap_or(0);
    if r + 2 != ir.num_operands(op.op()) {
        return op_error("expects the number of subscripts to be equal to memref rank");
    }
    let kind = op.kind(ctx, ir).to_string();
    let name = kind.as_str();
    let value = ir.value_type(op.value(ir));
    let float_kinds = ["addf", "maximumf", "minimumf", "mulf"];
    let int_kinds = [
        "addi", "maxs", "maxu", "mins", "minu", "muli", "ori", "xori", "andi",
    ];
    if float_kinds.contains(&name) && !ods_runtime::pred::is_float(ctx, value) {
        return op_error(format!("with kind '{name}' expects a floating-point type"));
    }
    if int_kinds.contains(&name) && !ods_runtime::pred::is_integer(ctx, value) {
        return op_error(format!("with kind '{name}' expects an integer type"));
    }
    Ok(())
}

/// `memref.reshape`.
pub fn verify_reshape(ctx: &Context, ir: &Ir, op: ReshapeOp) -> Result<(), VerifyError> {
    let src = ir.value_type(op.source(ir));
    let res = ir.value_type(op.result(ir));
    if element_of(ctx, src) != element_of(ctx, res) {
        return op_error("element types of source and destination memref types should be the same");
    }
    if shape_of(ctx, src).is_some() && !has_identity_layout(ctx, src) {
        return op_error("source memref type should have identity affine map");
    }
    let shape_size = shape_of(ctx, ir.value_type(op.shape(ir)))
        .and_then(|s| s.first().copied())
        .unwrap_or(DYNAMIC);
    if let Some(res_shape) = shape_of(ctx, res) {
        if !has_identity_layout(ctx, res) {
            return op_error("result memref type should have identity affine map");
        }
        if shape_size == DYNAMIC {
            return op_error(
                "cannot use shape operand with dynamic length to reshape to statically-ranked memref type",
            );
        }
        if shape_size != res_shape.len() as i64 {
            return op_error("length of shape operand differs from the result's memref rank");
        }
    }
    Ok(())
}

/// `memref.view`.
pub fn verify_view(ctx: &Context, ir: &Ir, op: ViewOp) -> Result<(), VerifyError> {
    let base = ir.value_type(op.source(ir));
    let Some(view) = result_type(ir, op.op()) else {
        return Ok(());
    };
    if !has_identity_layout(ctx, base) {
        return error(format!(
            "unsupported map for base memref type {}",
            ty(ctx, base)
        ));
    }
    if !has_identity_layout(ctx, view) {
        return error(format!(
            "unsupported map for result memref type {}",
            ty(ctx, view)
        ));
    }
    if memory_space(ctx, base) != memory_space(ctx, view) {
        return error(format!(
            "different memory spaces specified for base memref type {} and view memref type {}",
            ty(ctx, base),
            ty(ctx, view)
        ));
    }
    if op.sizes(ir).len() != dynamic_dims(ctx, view) {
        return error(format!(
            "incorrect number of size operands for type {}",
            ty(ctx, view)
        ));
    }
    Ok(())
}

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
    let res = ir.value_type(op.result(ir));
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

/// `memref.expand_shape`.
pub fn verify_expand_shape(ctx: &Context, ir: &Ir, op: ExpandShapeOp) -> Result<(), VerifyError> {
    let src = ir.value_type(op.src(ir));
    let res = ir.value_type(op.result(ir));
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
    let dynamic = statics.iter().filter(|&&s| s == DYNAMIC).count();
    let values = op.output_shape(ir).len();
    if values != dynamic {
        return op_error(format!(
            "mismatch in dynamic dims in output_shape and static_output_shape: static_output_shape has {dynamic} dynamic dims while output_shape has {values} values"
        ));
    }
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
    let src = ir.value_type(op.src(ir));
    let res = ir.value_type(op.result(ir));
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
    let src = ir.value_type(op.r#in(ir));
    if map.num_dims as usize != rank(ctx, src).unwrap_or(0) {
        return op_error("expected a permutation map of same rank as the input");
    }
    let Some(res) = result_type(ir, op.op()) else {
        return Ok(());
    };
    let Some(inferred) = transposed_type(ctx, src, &map) else {
        return Ok(());
    };
    let canonical = canonical_strided(&inferred);
    let actual = MemRefDesc::of(ctx, res).map(|d| canonical_strided(&d));
    if actual.as_ref() != Some(&canonical) {
        let shown = actual
            .map(|d| desc(ctx, &d))
            .unwrap_or_else(|| ty(ctx, res));
        return op_error(format!(
            "result type {shown} is not equivalent to the canonical transposed input type {}",
            desc(ctx, &canonical)
        ));
    }
    Ok(())
}

/// `memref.subview`: the result type is the inferred one, possibly rank
/// reduced, and the static entries stay inside the source.
pub fn verify_subview(ctx: &Context, ir: &Ir, op: SubViewOp) -> Result<(), VerifyError> {
    let base = ir.value_type(op.source(ctx, ir));
    let sub = ir.value_type(op.result(ir));
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
pub(crate) fn verify_in_bounds(
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

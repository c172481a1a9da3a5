//! The memref ops' own checks (`hasVerifier`) and `memref.get_global`'s
//! symbol check, with `mlir-opt`'s messages in its order; the checks of
//! the ops that make views from offsets, sizes, strides, reassociations
//! or permutations are in [`super::verify_views`].
//!
//! In: an op (verified against its ODS constraints already). Out: `Ok`
//! or the error, reported at the op.

use super::*;
use ir::printer::print_type_str;
use ir::registry::VerifyError;
use ir::symbols::SymbolTables;
use ods_runtime::index_list::DYNAMIC;
use ods_runtime::Op;

/// A type as diagnostics quote it.
pub(super) fn ty(ctx: &Context, t: Type) -> String {
    format!("'{}'", print_type_str(ctx, t))
}

/// A computed type as diagnostics quote it.
pub(super) fn desc(ctx: &Context, d: &MemRefDesc) -> String {
    format!("'{}'", d.text(ctx))
}

pub(super) fn op_error(message: impl Into<String>) -> Result<(), VerifyError> {
    Err(VerifyError::op_error(message))
}

/// An error worded as given (MLIR's `emitError`, without the op prefix).
pub(super) fn error(message: impl Into<String>) -> Result<(), VerifyError> {
    Err(VerifyError::new(message))
}

fn operand_type(ir: &Ir, op: OpId, i: usize) -> Type {
    ir.value_type(ir.operand(op, i))
}

pub(super) fn result_type(ir: &Ir, op: OpId) -> Option<Type> {
    ir.results(op).next().map(|r| ir.value_type(r))
}

pub(super) fn rank(ctx: &Context, t: Type) -> Option<usize> {
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
    let has_size = op.dynamic_result_size(ctx, ir).is_some();
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
    let (have, want) = (
        op.tag_indices(ctx, ir).len(),
        op.get_tag_mem_ref_rank(ctx, ir),
    );
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
    let args = ir.entry_block_arguments(op, 0);
    if args.len() != 1 {
        return op_error("expected single number of entry block arguments");
    }
    if result_type(ir, op) != Some(ir.value_type(args[0])) {
        return op_error("expected block argument of the same type result type");
    }
    let _ = ctx;
    let mut stack = ir.entry_block_ops(op, 0);
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
    let result = op.result(ctx, ir);
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
    let r = rank(ctx, ir.value_type(op.memref(ctx, ir))).unwrap_or(0);
    let n = op.indices(ctx, ir).len();
    if n != r {
        return op_error(format!(
            "incorrect number of indices for load, expected {r} but got {n}"
        ));
    }
    Ok(())
}

/// `memref.store`: one index per dimension.
pub fn verify_store(ctx: &Context, ir: &Ir, op: StoreOp) -> Result<(), VerifyError> {
    let r = rank(ctx, ir.value_type(op.memref(ctx, ir))).unwrap_or(0);
    if ir.num_operands(op.op()) != 2 + r {
        return op_error("store index operand count not equal to memref rank");
    }
    Ok(())
}

/// `memref.prefetch`: one index per dimension.
pub fn verify_prefetch(ctx: &Context, ir: &Ir, op: PrefetchOp) -> Result<(), VerifyError> {
    let r = rank(ctx, ir.value_type(op.memref(ctx, ir))).unwrap_or(0);
    if ir.num_operands(op.op()) != 1 + r {
        return op_error("too few indices");
    }
    Ok(())
}

/// `memref.atomic_rmw`: one index per dimension and a value type the
/// kind works on.
pub fn verify_atomic_rmw(ctx: &Context, ir: &Ir, op: AtomicRMWOp) -> Result<(), VerifyError> {
    let r = rank(ctx, ir.value_type(op.memref(ctx, ir))).unwrap_or(0);
    if r + 2 != ir.num_operands(op.op()) {
        return op_error("expects the number of subscripts to be equal to memref rank");
    }
    let kind = op.kind(ctx, ir).to_string();
    let name = kind.as_str();
    let value = ir.value_type(op.value(ctx, ir));
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
    let src = ir.value_type(op.source(ctx, ir));
    let res = ir.value_type(op.result(ctx, ir));
    if element_of(ctx, src) != element_of(ctx, res) {
        return op_error("element types of source and destination memref types should be the same");
    }
    if shape_of(ctx, src).is_some() && !has_identity_layout(ctx, src) {
        return op_error("source memref type should have identity affine map");
    }
    let shape_size = shape_of(ctx, ir.value_type(op.shape(ctx, ir)))
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
    let base = ir.value_type(op.source(ctx, ir));
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
    if op.sizes(ctx, ir).len() != dynamic_dims(ctx, view) {
        return error(format!(
            "incorrect number of size operands for type {}",
            ty(ctx, view)
        ));
    }
    Ok(())
}

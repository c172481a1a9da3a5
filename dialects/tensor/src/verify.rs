//! The tensor ops' own checks (`hasVerifier`, `hasRegionVerifier`), with
//! `mlir-opt`'s messages in its order. The slice ops first run the checks
//! of `OffsetSizeAndStrideOpInterface` (upstream runs them as a trait,
//! before the op's own).
//!
//! In: an op (verified against its ODS constraints already). Out: `Ok`
//! or the error, reported at the op.

use super::*;
use ir::printer::print_type_str;
use ir::registry::VerifyError;
use ods_runtime::index_list::verify_offset_size_and_stride;
use ods_runtime::Op;

/// A type as diagnostics quote it.
fn ty(ctx: &Context, t: Type) -> String {
    format!("'{}'", print_type_str(ctx, t))
}

fn op_error(message: impl Into<String>) -> Result<(), VerifyError> {
    Err(VerifyError::op_error(message))
}

/// An error worded as given (MLIR's `emitError`, without the op prefix).
fn error(message: impl Into<String>) -> Result<(), VerifyError> {
    Err(VerifyError::new(message))
}

fn result_type(ir: &Ir, op: OpId) -> Type {
    ir.value_type(ir.result(op, 0))
}

fn rank(ctx: &Context, t: Type) -> usize {
    shape_of(ctx, t).map_or(0, |s| s.len())
}

/// The result has one dynamic size per size operand (MLIR's
/// `verifyDynamicDimensionCount`).
fn verify_dynamic_sizes(ctx: &Context, ty: Type, operands: usize) -> Result<(), VerifyError> {
    let expected = dynamic_dims(ctx, ty);
    if operands != expected {
        return op_error(format!(
            "incorrect number of dynamic sizes, has {operands}, expected {expected}"
        ));
    }
    Ok(())
}

/// `tensor.concat`: inputs of the result's rank and element type, equal
/// sizes off the concatenated dimension, a result no more static than the
/// sum.
pub fn verify_concat(ctx: &Context, ir: &Ir, op: ConcatOp) -> Result<(), VerifyError> {
    let inputs: Vec<Type> = op.inputs(ctx, ir).map(|v| ir.value_type(v)).collect();
    if inputs.is_empty() {
        return op_error("requires at least one input");
    }
    let result = result_type(ir, op.op());
    let result_shape = shape_of(ctx, result).unwrap_or_default();
    let result_rank = result_shape.len();
    if inputs.iter().any(|&t| rank(ctx, t) != result_rank) {
        return op_error("rank of concatenated inputs must match result rank");
    }
    let element = element_of(ctx, result);
    if inputs.iter().any(|&t| element_of(ctx, t) != element) {
        return op_error("inputs and result element type must match");
    }
    let dim = op.dim(ctx, ir);
    if dim >= result_rank as i64 || dim < 0 {
        return op_error("concatenation dim must be less than the tensor rank");
    }
    let shapes: Vec<Vec<i64>> = inputs
        .iter()
        .map(|&t| shape_of(ctx, t).unwrap_or_default())
        .collect();
    let mut inferred = vec![DYNAMIC; result_rank];
    for (i, size) in inferred.iter_mut().enumerate() {
        if i as i64 == dim {
            let mut sum = 0i64;
            for s in &shapes {
                sum = if sum == DYNAMIC || s[i] == DYNAMIC {
                    DYNAMIC
                } else {
                    sum.saturating_add(s[i])
                };
            }
            *size = sum;
            continue;
        }
        for s in &shapes {
            if s[i] == DYNAMIC {
                continue;
            }
            if *size != DYNAMIC && *size != s[i] {
                return op_error(format!(
                    "static concatenation size mismatch along non-concatenated dimension {i}"
                ));
            }
            *size = s[i];
        }
    }
    let mismatch = inferred
        .iter()
        .zip(&result_shape)
        .any(|(&a, &b)| a != DYNAMIC && b != DYNAMIC && a != b);
    if mismatch {
        return op_error(format!(
            "result type {}does not match inferred shape {} static sizes",
            ty(ctx, result),
            tensor_text(ctx, &inferred, element, None)
        ));
    }
    Ok(())
}

/// `tensor.empty`: one operand per dynamic size.
pub fn verify_empty(ctx: &Context, ir: &Ir, op: EmptyOp) -> Result<(), VerifyError> {
    verify_dynamic_sizes(ctx, result_type(ir, op.op()), ir.num_operands(op.op()))
}

/// `tensor.extract`: one index per dimension.
pub fn verify_extract(ctx: &Context, ir: &Ir, op: ExtractOp) -> Result<(), VerifyError> {
    let t = ir.value_type(op.tensor(ctx, ir));
    if rank(ctx, t) != op.indices(ctx, ir).len() {
        return op_error("incorrect number of indices for extract_element");
    }
    Ok(())
}

/// `tensor.insert`: one index per dimension.
pub fn verify_insert(ctx: &Context, ir: &Ir, op: InsertOp) -> Result<(), VerifyError> {
    let t = ir.value_type(op.dest(ctx, ir));
    if rank(ctx, t) != op.indices(ctx, ir).len() {
        return op_error("incorrect number of indices");
    }
    Ok(())
}

/// How a candidate type relates to the type a slice op infers (MLIR's
/// `isRankReducedType` and `produceSliceErrorMsg`).
fn verify_rank_reduced(
    ctx: &Context,
    expected_shape: &[i64],
    expected_element: Option<Type>,
    expected_encoding: Option<ir::Attribute>,
    candidate: Type,
) -> Result<(), VerifyError> {
    let shape = shape_of(ctx, candidate).unwrap_or_default();
    if shape.len() > expected_shape.len() {
        return error("expected rank to be smaller or equal to the other rank. ");
    }
    if rank_reduction_mask(expected_shape, &shape).is_none() {
        return error(format!(
            "expected type to be {} or a rank-reduced version. (size mismatch) ",
            tensor_text(ctx, expected_shape, expected_element, expected_encoding)
        ));
    }
    if expected_element.is_some() && element_of(ctx, candidate) != expected_element {
        return error(format!(
            "expected element type to be {}",
            ty(ctx, expected_element.unwrap_or(candidate))
        ));
    }
    Ok(())
}

/// `'tensor<4x?xf32>'` for a shape, element type and encoding: a type
/// quoted without interning it (verifiers see the context read-only).
fn tensor_text(
    ctx: &Context,
    shape: &[i64],
    element: Option<Type>,
    encoding: Option<ir::Attribute>,
) -> String {
    let dims: String = shape
        .iter()
        .map(|&d| {
            if d == DYNAMIC {
                "?x".to_string()
            } else {
                format!("{d}x")
            }
        })
        .collect();
    let element = element.map_or_else(String::new, |e| print_type_str(ctx, e));
    let encoding = encoding.map_or_else(String::new, |e| {
        format!(", {}", ir::printer::attrs::print_attribute_str(ctx, e))
    });
    format!("'tensor<{dims}{element}{encoding}>'")
}

/// The checks of a slice of `whole` (the source of an extract, the
/// destination of an insert) against `part` (the other side): the part
/// is the slice's shape, perhaps rank-reduced, and the slice stays inside
/// the whole.
fn verify_slice(
    ctx: &Context,
    ir: &Ir,
    op: OpId,
    whole: Type,
    part: Type,
) -> Result<(), VerifyError> {
    let whole_rank = rank(ctx, whole);
    verify_offset_size_and_stride(ctx, ir, op, [whole_rank; 3])?;
    let offsets = static_entries(ctx, ir, op, "static_offsets");
    let sizes = static_entries(ctx, ir, op, "static_sizes");
    let strides = static_entries(ctx, ir, op, "static_strides");
    // The inferred slice type keeps the encoding of the whole.
    let encoding = super::encoding_of(ctx, whole);
    verify_rank_reduced(ctx, &sizes, element_of(ctx, whole), encoding, part)?;
    let shape = shape_of(ctx, whole).unwrap_or_default();
    dialect_memref::verify_views::verify_in_bounds(&shape, &offsets, &sizes, &strides)
}

/// `tensor.extract_slice`.
pub fn verify_extract_slice(ctx: &Context, ir: &Ir, op: ExtractSliceOp) -> Result<(), VerifyError> {
    let source = ir.value_type(op.source(ctx, ir));
    verify_slice(ctx, ir, op.op(), source, result_type(ir, op.op()))
}

/// `tensor.insert_slice`.
pub fn verify_insert_slice(ctx: &Context, ir: &Ir, op: InsertSliceOp) -> Result<(), VerifyError> {
    let source = ir.value_type(op.source(ctx, ir));
    let dest = ir.value_type(op.dest(ctx, ir));
    verify_slice(ctx, ir, op.op(), dest, source)
}

/// The ops of this workspace with MLIR's `InParallelOpInterface` (a
/// verifier hook sees no registry, so it is looked up by name).
const IN_PARALLEL_OPS: [&str; 1] = ["scf.forall.in_parallel"];

/// `tensor.parallel_insert_slice`: inside a parallel op's terminator, then
/// as `insert_slice`. (`mlir-opt` prints the whole parent op after
/// `got:`; this message names it.)
pub fn verify_parallel_insert_slice(
    ctx: &Context,
    ir: &Ir,
    op: ParallelInsertSliceOp,
) -> Result<(), VerifyError> {
    let parent = ir.parent_op(op.op());
    let parent_name = parent.map(|p| ctx.str(ir.op_name(p)));
    if !parent_name.is_some_and(|n| IN_PARALLEL_OPS.contains(&n)) {
        return error(format!(
            "expected InParallelOpInterface parent, got: '{}'",
            parent_name.unwrap_or("")
        ));
    }
    let source = ir.value_type(op.source(ctx, ir));
    let dest = ir.value_type(op.dest(ctx, ir));
    verify_slice(ctx, ir, op.op(), dest, source)
}

/// The checks `gather` and `scatter` share on their dimension list
/// (MLIR's `verifyGatherOrScatterDims`).
fn verify_gather_or_scatter_dims(
    dims: &[i64],
    indices: &[i64],
    rank: usize,
    which: &str,
    side: &str,
) -> Result<(), VerifyError> {
    if dims.is_empty() {
        return op_error(format!("{which}_dims must be non-empty"));
    }
    if dims.len() > rank {
        return op_error(format!("{which}_dims overflow {side} rank"));
    }
    if indices.last() != Some(&(dims.len() as i64)) {
        return op_error(format!(
            "{which}_dims length must match the size of last dimension of indices"
        ));
    }
    for &d in dims {
        if d < 0 {
            return op_error(format!("{which}_dims value must be non-negative"));
        }
        if d >= rank as i64 {
            return op_error(format!(
                "{which}_dims value must be smaller than {side} rank"
            ));
        }
    }
    if dims.windows(2).any(|w| w[0] >= w[1]) {
        return op_error(format!("{which}_dims values must be strictly increasing"));
    }
    Ok(())
}

/// The message when `actual` is neither the gathered type of `whole` at
/// `indices` nor its rank-reduced variant.
fn verify_gathered_type(
    ctx: &Context,
    whole: Type,
    indices: Type,
    dims: &[i64],
    actual: Type,
    what: &str,
) -> Result<(), VerifyError> {
    let (Some(ws), Some(is)) = (shape_of(ctx, whole), shape_of(ctx, indices)) else {
        return Ok(());
    };
    let element = element_of(ctx, whole);
    let encoding = encoding_of(ctx, whole);
    let full = gather_shape(&ws, &is, dims, false);
    let reduced = gather_shape(&ws, &is, dims, true);
    let same = |shape: &[i64]| {
        shape_of(ctx, actual).as_deref() == Some(shape)
            && element_of(ctx, actual) == element
            && encoding_of(ctx, actual) == encoding
    };
    if !same(&full) && !same(&reduced) {
        return op_error(format!(
            "{what} type mismatch: expected {} or its rank-reduced variant {} (got: {})",
            tensor_text(ctx, &full, element, encoding),
            tensor_text(ctx, &reduced, element, encoding),
            ty(ctx, actual)
        ));
    }
    Ok(())
}

/// `tensor.gather`.
pub fn verify_gather(ctx: &Context, ir: &Ir, op: GatherOp) -> Result<(), VerifyError> {
    let source = ir.value_type(op.source(ctx, ir));
    let indices = ir.value_type(op.indices(ctx, ir));
    let dims = op.gather_dims(ctx, ir);
    let indices_shape = shape_of(ctx, indices).unwrap_or_default();
    verify_gather_or_scatter_dims(&dims, &indices_shape, rank(ctx, source), "gather", "source")?;
    verify_gathered_type(
        ctx,
        source,
        indices,
        &dims,
        result_type(ir, op.op()),
        "result",
    )
}

/// `tensor.scatter`: as a gather from the destination, and `unique`.
pub fn verify_scatter(ctx: &Context, ir: &Ir, op: ScatterOp) -> Result<(), VerifyError> {
    let dest = ir.value_type(op.dest(ctx, ir));
    let indices = ir.value_type(op.indices(ctx, ir));
    let dims = op.scatter_dims(ctx, ir);
    let indices_shape = shape_of(ctx, indices).unwrap_or_default();
    verify_gather_or_scatter_dims(&dims, &indices_shape, rank(ctx, dest), "scatter", "dest")?;
    if !op.unique(ctx, ir) {
        return op_error("requires 'unique' attribute to be set");
    }
    let source = ir.value_type(op.source(ctx, ir));
    verify_gathered_type(ctx, dest, indices, &dims, source, "source")
}

/// `tensor.generate`: one operand per dynamic size.
pub fn verify_generate(ctx: &Context, ir: &Ir, op: GenerateOp) -> Result<(), VerifyError> {
    verify_dynamic_sizes(ctx, result_type(ir, op.op()), ir.num_operands(op.op()))
}

/// The entry block of region 0 of `op`, its argument types and the
/// type of the value its terminator yields.
fn body_of(ir: &Ir, op: OpId) -> Option<(Vec<Type>, Option<Type>)> {
    let block = ir.first_block(ir.region(op, 0))?;
    let args = ir.arguments(block).map(|a| ir.value_type(a)).collect();
    let yielded = ir
        .last_op(block)
        .filter(|&t| ir.num_operands(t) > 0)
        .map(|t| ir.value_type(ir.operand(t, 0)));
    Some((args, yielded))
}

/// `tensor.generate`'s body: index arguments, one per dimension, yielding
/// an element.
pub fn verify_generate_regions(ctx: &Context, ir: &Ir, op: GenerateOp) -> Result<(), VerifyError> {
    let result = result_type(ir, op.op());
    let Some((args, yielded)) = body_of(ir, op.op()) else {
        return Ok(());
    };
    if args.iter().any(|&t| !ctx.is_index(t)) {
        return error("all body arguments must be index");
    }
    if args.len() != rank(ctx, result) {
        return error("must have one body argument per input dimension");
    }
    if yielded != element_of(ctx, result) {
        return op_error(
            "body must be terminated with a `yield` operation of the tensor element type",
        );
    }
    Ok(())
}

/// `tensor.reshape`.
pub fn verify_reshape(ctx: &Context, ir: &Ir, op: ReshapeOp) -> Result<(), VerifyError> {
    let source = ir.value_type(op.source(ctx, ir));
    let result = result_type(ir, op.op());
    if element_of(ctx, source) != element_of(ctx, result) {
        return op_error("element types of source and destination tensor types should be the same");
    }
    let shape_len = shape_of(ctx, ir.value_type(op.shape(ctx, ir)))
        .and_then(|s| s.first().copied())
        .unwrap_or(DYNAMIC);
    let Some(result_shape) = shape_of(ctx, result) else {
        return Ok(());
    };
    if let Some(source_shape) = shape_of(ctx, source) {
        let fully_static = |s: &[i64]| !s.contains(&DYNAMIC);
        if fully_static(&source_shape) && fully_static(&result_shape) {
            let count = |s: &[i64]| s.iter().fold(1i64, |a, &d| a.wrapping_mul(d));
            if count(&source_shape) != count(&result_shape) {
                return op_error(
                    "source and destination tensor should have the same number of elements",
                );
            }
        }
    }
    if shape_len == DYNAMIC {
        return op_error(
            "cannot use shape operand with dynamic length to reshape to statically-ranked tensor type",
        );
    }
    if shape_len != result_shape.len() as i64 {
        return op_error("length of shape operand differs from the result's tensor rank");
    }
    Ok(())
}

/// Whether `groups` list the dimensions `0..n` in order, each group
/// non-empty (MLIR's `isReassociationValid` on the groups' maps); the
/// first bad group when not.
fn invalid_group(groups: &[Vec<i64>], n: usize) -> Option<usize> {
    let mut next = 0i64;
    for (i, g) in groups.iter().enumerate() {
        for &d in g {
            if d != next {
                return Some(i);
            }
            next += 1;
        }
    }
    (next != n as i64 && !groups.is_empty()).then(|| groups.len() - 1)
}

/// The checks `expand_shape` and `collapse_shape` share (MLIR's
/// `verifyTensorReshapeOp`).
fn verify_reshape_like(
    ctx: &Context,
    expanded: Type,
    collapsed: Type,
    groups: &[Vec<i64>],
) -> Result<(), VerifyError> {
    let es = shape_of(ctx, expanded).unwrap_or_default();
    let cs = shape_of(ctx, collapsed).unwrap_or_default();
    if es.len() < cs.len() {
        return op_error(format!(
            "expected the expanded type, {} to have a higher (or same) rank than the collapsed type, {}.",
            ty(ctx, expanded),
            ty(ctx, collapsed)
        ));
    }
    if cs.len() != groups.len() {
        return op_error(format!(
            "expected collapsed rank ({}) to equal the number of reassociation maps ({}).",
            cs.len(),
            groups.len()
        ));
    }
    // Each group's map has as many dimensions as the largest index + 1.
    let dims = groups.iter().flatten().map(|&d| d + 1).max().unwrap_or(0);
    if !groups.is_empty() && dims != es.len() as i64 {
        return op_error(format!(
            "expected reassociation map #0 to have size equal to the expanded rank ({}), but it is  {dims}.",
            es.len()
        ));
    }
    if let Some(bad) = invalid_group(groups, es.len()) {
        return op_error(format!(
            "expected reassociation map #{bad} to be valid and contiguous."
        ));
    }
    let mut start = 0usize;
    for (i, g) in groups.iter().enumerate() {
        let band = &es[start..start + g.len()];
        start += g.len();
        if band.contains(&DYNAMIC) {
            if cs[i] != DYNAMIC {
                return op_error(format!(
                    "expected dimension {i} of collapsed type to be dynamic since one or more of the corresponding dimensions in the expanded type is dynamic"
                ));
            }
        } else {
            let product = band.iter().fold(1i64, |a, &d| a.wrapping_mul(d));
            if cs[i] != product {
                return op_error(format!(
                    "expected dimension {i} of collapsed type to be static value of {product}"
                ));
            }
        }
    }
    if let Some(expected) = collapsed_shape(&es, groups) {
        let element = element_of(ctx, expanded);
        if expected != cs || element_of(ctx, collapsed) != element {
            return op_error(format!(
                "expected collapsed type to be {}, but got {}",
                tensor_text(ctx, &expected, element, None),
                ty(ctx, collapsed)
            ));
        }
    }
    Ok(())
}

/// `tensor.expand_shape`: the static output shape lists every result
/// size, a value for each dynamic one; then the reshape checks.
pub fn verify_expand_shape(ctx: &Context, ir: &Ir, op: ExpandShapeOp) -> Result<(), VerifyError> {
    let src = ir.value_type(op.src(ctx, ir));
    let result = result_type(ir, op.op());
    let statics = op.static_output_shape(ctx, ir);
    let result_rank = rank(ctx, result);
    if statics.len() != result_rank {
        return op_error(format!(
            "expected number of static shape dims to be equal to the output rank ({result_rank}) but found {} inputs instead",
            statics.len()
        ));
    }
    dialect_memref::verify_views::verify_output_shape_values(
        &statics,
        op.output_shape(ctx, ir).len(),
    )?;
    let groups = op.get_reassociation_indices(ctx, ir);
    verify_reshape_like(ctx, result, src, &groups)
}

/// `tensor.collapse_shape`.
pub fn verify_collapse_shape(
    ctx: &Context,
    ir: &Ir,
    op: CollapseShapeOp,
) -> Result<(), VerifyError> {
    let src = ir.value_type(op.src(ctx, ir));
    let result = result_type(ir, op.op());
    let groups = op.get_reassociation_indices(ctx, ir);
    verify_reshape_like(ctx, src, result, &groups)
}

/// `tensor.pad`: the result type is the padded source's (a dynamic
/// inferred size accepts any).
pub fn verify_pad(ctx: &Context, ir: &Ir, op: PadOp) -> Result<(), VerifyError> {
    let source = ir.value_type(op.source(ctx, ir));
    let result = result_type(ir, op.op());
    let low = static_entries(ctx, ir, op.op(), "static_low");
    let high = static_entries(ctx, ir, op.op(), "static_high");
    let source_shape = shape_of(ctx, source).unwrap_or_default();
    let Some(es) = pad_shape(&source_shape, &low, &high, &[]) else {
        return error(format!(
            "failed to infer expectedType from sourceType {}, specified resultType is {}",
            ty(ctx, source),
            ty(ctx, result)
        ));
    };
    let rs = shape_of(ctx, result).unwrap_or_default();
    let differs = rs.len() != es.len() || rs.iter().zip(&es).any(|(&r, &e)| r != e && e != DYNAMIC);
    if differs {
        return error(format!(
            "specified type {} does not match the inferred type {}",
            ty(ctx, result),
            tensor_text(ctx, &es, element_of(ctx, source), None)
        ));
    }
    Ok(())
}

/// `tensor.pad`'s body: one index argument per dimension, yielding the
/// element type.
pub fn verify_pad_regions(ctx: &Context, ir: &Ir, op: PadOp) -> Result<(), VerifyError> {
    let result = result_type(ir, op.op());
    let Some((args, yielded)) = body_of(ir, op.op()) else {
        return Ok(());
    };
    let n = rank(ctx, result);
    if args.len() != n {
        return error(format!("expected the block to have {n} arguments"));
    }
    if let Some(i) = args.iter().position(|&t| !ctx.is_index(t)) {
        return op_error(format!("expected block argument {} to be an index", i + 1));
    }
    if yielded != element_of(ctx, result) {
        return op_error("expected yield type to match shape element type");
    }
    Ok(())
}

/// `tensor.splat`: one operand per dynamic size.
pub fn verify_splat(ctx: &Context, ir: &Ir, op: SplatOp) -> Result<(), VerifyError> {
    verify_dynamic_sizes(
        ctx,
        result_type(ir, op.op()),
        op.dynamic_sizes(ctx, ir).len(),
    )
}

//! The tensor ops' `fold` hooks (`hasFolder`), in the shape
//! `ods_runtime::fold` fixes: upstream's folds, written in Rust.
//!
//! In: the op and its constant operands. Out: what its result folds to
//! (`None`: no fold); an op updated in place returns its own result.
//!
//! Not done (the fold declines where upstream would go on): constants
//! are read and built for integer, index, float and complex elements only
//! (a `dense<...>` of strings or a `dense_resource` is left alone; see
//! [`crate::elements`]).

use super::*;
use crate::elements::dense_data;
pub use crate::elements::{dense_element, dense_from, element_at, splat_value};
use ir::{AttrKind, Attribute};

/// The op defining `v`, when its name is `name`.
fn defined_by(ctx: &Context, ir: &Ir, v: Value, name: &str) -> Option<OpId> {
    ir.defining_op(v)
        .filter(|&d| ctx.str(ir.op_name(d)) == name)
}

/// The op's result as what it folds to (updated in place).
fn itself(ir: &Ir, op: OpId) -> Option<OpFoldResult> {
    Some(OpFoldResult::Value(ir.result(op, 0)))
}

fn value(v: Value) -> Option<OpFoldResult> {
    Some(OpFoldResult::Value(v))
}

fn has_static_shape(ctx: &Context, ty: Type) -> bool {
    shape_of(ctx, ty).is_some_and(|s| !s.contains(&DYNAMIC))
}

// ------------------------------------------------------------ constants

/// The same elements under type `ty` (MLIR's `DenseElementsAttr::reshape`
/// and, for a splat, `resizeSplat`).
fn with_type(ctx: &mut Context, attr: Attribute, ty: Type) -> Option<Attribute> {
    let (_, data) = dense_data(ctx, attr)?;
    let data = data.clone();
    Some(ctx.intern_attr(AttrKind::DenseElements { ty, data }))
}

/// A splat source of a statically shaped result, resized to it (MLIR's
/// `reshapeConstantSource`).
fn reshape_constant_source(
    ctx: &mut Context,
    source: Option<Attribute>,
    result: Type,
) -> Option<OpFoldResult> {
    let source = source?;
    if !dense_data(ctx, source)?.1.splat || !has_static_shape(ctx, result) {
        return None;
    }
    with_type(ctx, source, result).map(OpFoldResult::Attribute)
}

// ---------------------------------------------------- slices and casts

/// Reads each operand that a `tensor.cast` to a less static type defines
/// from the cast's source instead (MLIR's `foldTensorCast`); whether any
/// changed.
pub fn fold_tensor_cast(ctx: &Context, ir: &mut Ir, op: OpId) -> bool {
    let mut folded = false;
    for i in 0..ir.num_operands(op) {
        let v = ir.operand(op, i);
        let Some(cast) = defined_by(ctx, ir, v, "tensor.cast") else {
            continue;
        };
        let source = ir.operand(cast, 0);
        if preserves_static_information(ctx, ir.value_type(v), ir.value_type(source)) {
            ir.set_operand(op, i, source);
            folded = true;
        }
    }
    folded
}

/// Whether ranked `target` keeps every static size of ranked `source`
/// (same element type, rank and encoding; MLIR's
/// `preservesStaticInformation`).
pub fn preserves_static_information(ctx: &Context, source: Type, target: Type) -> bool {
    let (Some(s), Some(t)) = (shape_of(ctx, source), shape_of(ctx, target)) else {
        return false;
    };
    element_of(ctx, source) == element_of(ctx, target)
        && super::encoding_of(ctx, source) == super::encoding_of(ctx, target)
        && s.len() == t.len()
        && s.iter()
            .zip(&t)
            .all(|(&a, &b)| a == DYNAMIC || b != DYNAMIC)
}

/// The constant an [`OpFoldResult`] holds.
fn constant(ctx: &Context, ir: &Ir, ofr: OpFoldResult) -> Option<i64> {
    ods_runtime::matchers::read_fold_result_int::<dialect_arith::ConstantOp>(ctx, ir, ofr)
}

/// Offsets 0, strides 1 and sizes the leading sizes of `shape` (MLIR's
/// `foldIdentityOffsetSizeAndStrideOpInterface`).
fn is_identity_slice(ctx: &mut Context, ir: &Ir, op: OpId, shape: &[i64]) -> bool {
    let [offsets, sizes, strides] = mixed_offsets_sizes_strides(ctx, ir, op);
    offsets.iter().all(|&o| constant(ctx, ir, o) == Some(0))
        && sizes
            .iter()
            .zip(shape)
            .all(|(&s, &d)| constant(ctx, ir, s) == Some(d))
        && strides.iter().all(|&s| constant(ctx, ir, s) == Some(1))
}

/// Whether two slice ops take the same offsets, sizes and strides (the
/// same constants or the same values).
fn same_slice(ctx: &mut Context, ir: &Ir, a: OpId, b: OpId) -> bool {
    mixed_offsets_sizes_strides(ctx, ir, a) == mixed_offsets_sizes_strides(ctx, ir, b)
}

// ---------------------------------------------------------------- folds

impl ConcatOp {
    /// A concatenation of one input of the result's type is that input.
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        _operands: &[Option<Attribute>],
    ) -> Option<OpFoldResult> {
        let inputs: Vec<Value> = self.inputs(ctx, ir).collect();
        match inputs[..] {
            [only] if ir.value_type(only) == ir.value_type(ir.result(self.op(), 0)) => value(only),
            _ => None,
        }
    }
}

impl DimOp {
    /// A static size is its constant; a dynamic one is the operand of the
    /// `tensor.generate` or (not rank-reducing) `tensor.extract_slice`
    /// that gives it; else the op reads through a `tensor.cast`.
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        operands: &[Option<Attribute>],
    ) -> Option<OpFoldResult> {
        let index = operands
            .get(1)
            .copied()
            .flatten()
            .and_then(|a| ods_runtime::pred::integer_attr_value(ctx, a))?;
        let source = self.source(ctx, ir);
        let shape = shape_of(ctx, ir.value_type(source))?;
        let i = usize::try_from(index).ok().filter(|&i| i < shape.len())?;
        if shape[i] != DYNAMIC {
            return Some(OpFoldResult::Attribute(ods_runtime::attr::index(
                ctx, shape[i],
            )));
        }
        if let Some(generate) = defined_by(ctx, ir, source, "tensor.generate") {
            return dynamic_size_operand(ctx, ir, generate, 0, i).and_then(value);
        }
        if let Some(slice) = defined_by(ctx, ir, source, "tensor.extract_slice") {
            let source_rank = shape_of(ctx, ir.value_type(ir.operand(slice, 0)))?.len();
            if source_rank == shape.len() {
                let [_, sizes, _] = mixed_offsets_sizes_strides(ctx, ir, slice);
                if let Some(&OpFoldResult::Value(v)) = sizes.get(i) {
                    return value(v);
                }
            }
        }
        if fold_tensor_cast(ctx, ir, self.op()) {
            return itself(ir, self.op());
        }
        None
    }
}

impl ExtractOp {
    /// An element of a constant (splat or at constant indices), of a
    /// `tensor.from_elements`, or the scalar a `tensor.insert` at the same
    /// constant indices put there.
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        operands: &[Option<Attribute>],
    ) -> Option<OpFoldResult> {
        let constant_tensor = operands.first().copied().flatten();
        if let Some(splat) = constant_tensor.and_then(|t| splat_value(ctx, t)) {
            return Some(OpFoldResult::Attribute(splat));
        }
        let mut indices = Vec::new();
        for &i in operands.get(1..).unwrap_or_default() {
            indices.push(i.and_then(|a| ods_runtime::pred::integer_attr_value(ctx, a))?);
        }
        let tensor = self.tensor(ctx, ir);
        let shape = shape_of(ctx, ir.value_type(tensor))?;
        let flat = flat_index(&shape, &indices);
        if let Some(from) = defined_by(ctx, ir, tensor, "tensor.from_elements") {
            let flat = usize::try_from(flat?).ok()?;
            return (flat < ir.num_operands(from))
                .then(|| OpFoldResult::Value(ir.operand(from, flat)));
        }
        if let Some(element) = constant_tensor.and_then(|t| element_at(ctx, t, &indices)) {
            return Some(OpFoldResult::Attribute(element));
        }
        let insert = defined_by(ctx, ir, tensor, "tensor.insert")?;
        let scalar = ir.operand(insert, 0);
        let same_type = ir.value_type(scalar) == ir.value_type(ir.result(self.op(), 0));
        let theirs: Vec<OpFoldResult> = (2..ir.num_operands(insert))
            .map(|k| as_fold_result(ctx, ir, ir.operand(insert, k)))
            .collect();
        let ours: Vec<OpFoldResult> = self
            .indices(ctx, ir)
            .map(|v| as_fold_result(ctx, ir, v))
            .collect();
        (same_type && theirs == ours).then_some(OpFoldResult::Value(scalar))
    }
}

/// A value as MLIR's `getAsOpFoldResult` sees it: the attribute of the
/// constant defining it, or the value.
fn as_fold_result(ctx: &Context, ir: &Ir, v: Value) -> OpFoldResult {
    ir.defining_op(v)
        .filter(|&d| ctx.str(ir.op_name(d)) == "arith.constant")
        .and_then(|d| inherent_attr(ctx, ir, d, "value"))
        .map_or(OpFoldResult::Value(v), OpFoldResult::Attribute)
}

/// The row-major position of `indices` in `shape` (as upstream computes
/// it: no bounds check of each index).
fn flat_index(shape: &[i64], indices: &[i64]) -> Option<i64> {
    let mut flat = 0i64;
    let mut stride = 1i64;
    for (&i, &d) in indices.iter().zip(shape).rev() {
        flat = flat.checked_add(i.checked_mul(stride)?)?;
        stride = stride.checked_mul(d)?;
    }
    Some(flat)
}

impl ExtractSliceOp {
    /// A splat constant resized; the whole source; the source of a
    /// `tensor.insert_slice` at the same place.
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        operands: &[Option<Attribute>],
    ) -> Option<OpFoldResult> {
        let result = ir.value_type(ir.result(self.op(), 0));
        if let Some(r) = reshape_constant_source(ctx, operands.first().copied().flatten(), result) {
            return Some(r);
        }
        let source = self.source(ctx, ir);
        if ir.value_type(source) == result {
            let shape = shape_of(ctx, result).unwrap_or_default();
            if is_identity_slice(ctx, ir, self.op(), &shape) {
                return value(source);
            }
        }
        let insert = defined_by(ctx, ir, source, "tensor.insert_slice")?;
        let inserted = ir.operand(insert, 0);
        (ir.value_type(inserted) == result && same_slice(ctx, ir, insert, self.op()))
            .then_some(OpFoldResult::Value(inserted))
    }
}

impl FromElementsOp {
    /// Constant elements are a `dense<...>` constant.
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        operands: &[Option<Attribute>],
    ) -> Option<OpFoldResult> {
        let elements: Option<Vec<Attribute>> = operands.iter().copied().collect();
        let ty = ir.value_type(ir.result(self.op(), 0));
        dense_from(ctx, ty, &elements?).map(OpFoldResult::Attribute)
    }
}

impl GatherOp {
    /// A gather from a splat constant is the splat resized.
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        operands: &[Option<Attribute>],
    ) -> Option<OpFoldResult> {
        let result = ir.value_type(ir.result(self.op(), 0));
        reshape_constant_source(ctx, operands.first().copied().flatten(), result)
    }
}

impl InsertOp {
    /// Inserting a splat constant's own value into it changes nothing.
    pub fn fold(
        self,
        ctx: &mut Context,
        _ir: &mut Ir,
        operands: &[Option<Attribute>],
    ) -> Option<OpFoldResult> {
        let scalar = operands.first().copied().flatten()?;
        let dest = operands.get(1).copied().flatten()?;
        (splat_value(ctx, dest)? == scalar).then_some(OpFoldResult::Attribute(dest))
    }
}

impl InsertSliceOp {
    /// The whole destination replaced; an insert over one at the same
    /// place (which it reads past); an insert of what was extracted from
    /// the same place; an insert of nothing (a size 0).
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        _operands: &[Option<Attribute>],
    ) -> Option<OpFoldResult> {
        let op = self.op();
        let source = self.source(ctx, ir);
        let dest = self.dest(ctx, ir);
        let (st, rt) = (ir.value_type(source), ir.value_type(ir.result(op, 0)));
        if has_static_shape(ctx, st) && st == rt {
            let shape = shape_of(ctx, rt).unwrap_or_default();
            if is_identity_slice(ctx, ir, op, &shape) {
                return value(source);
            }
        }
        if let Some(prev) = defined_by(ctx, ir, dest, "tensor.insert_slice") {
            let prev_source = ir.value_type(ir.operand(prev, 0));
            if prev_source == st && same_slice(ctx, ir, prev, op) {
                let prev_dest = ir.operand(prev, 1);
                ir.set_operand(op, 1, prev_dest);
                return itself(ir, op);
            }
        }
        if let Some(extract) = defined_by(ctx, ir, source, "tensor.extract_slice") {
            if ir.operand(extract, 0) == dest && same_slice(ctx, ir, extract, op) {
                return value(dest);
            }
        }
        let [_, sizes, _] = mixed_offsets_sizes_strides(ctx, ir, op);
        sizes
            .iter()
            .any(|&s| constant(ctx, ir, s) == Some(0))
            .then_some(OpFoldResult::Value(dest))
    }
}

impl RankOp {
    /// The rank of a ranked tensor.
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        _operands: &[Option<Attribute>],
    ) -> Option<OpFoldResult> {
        let shape = shape_of(ctx, ir.value_type(self.tensor(ctx, ir)))?;
        Some(OpFoldResult::Attribute(ods_runtime::attr::index(
            ctx,
            shape.len() as i64,
        )))
    }
}

impl ReshapeOp {
    /// A splat constant resized; a reshape of a reshape reads the first
    /// one's source; a reshape to the source's own type that is a no-op
    /// (rank at most 1, or a shape of the source's own sizes).
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        operands: &[Option<Attribute>],
    ) -> Option<OpFoldResult> {
        let op = self.op();
        let result = ir.value_type(ir.result(op, 0));
        if let Some(r) = reshape_constant_source(ctx, operands.first().copied().flatten(), result) {
            return Some(r);
        }
        let source = self.source(ctx, ir);
        if let Some(producer) = defined_by(ctx, ir, source, "tensor.reshape") {
            let inner = ir.operand(producer, 0);
            ir.set_operand(op, 0, inner);
            return itself(ir, op);
        }
        let source_type = ir.value_type(source);
        let shape = shape_of(ctx, source_type)?;
        if source_type != result {
            return None;
        }
        if shape.len() <= 1 {
            return value(source);
        }
        let from = defined_by(ctx, ir, self.shape(ctx, ir), "tensor.from_elements")?;
        let elements: Vec<Value> = ir.operands(from).collect();
        let noop = elements.len() == shape.len()
            && elements.iter().enumerate().all(|(id, &e)| {
                if let Some(c) = constant(ctx, ir, OpFoldResult::Value(e)) {
                    return c == shape[id];
                }
                defined_by(ctx, ir, e, "tensor.dim").is_some_and(|dim| {
                    ir.operand(dim, 0) == source
                        && constant(ctx, ir, OpFoldResult::Value(ir.operand(dim, 1)))
                            == Some(id as i64)
                })
            });
        noop.then_some(OpFoldResult::Value(source))
    }
}

/// What `expand_shape` and `collapse_shape` fold to (MLIR's
/// `foldReshapeOp`): the source when the types are equal, a constant
/// source under the result type, or the source of the inverse reshape
/// that produced it (when its type is the result's and it has at most one
/// dynamic dimension, or both use the same groups and either the pair
/// expands then collapses or no group of the original spans two dynamic
/// sizes).
fn fold_reassociative_reshape(
    ctx: &mut Context,
    ir: &Ir,
    op: OpId,
    operands: &[Option<Attribute>],
    inverse: &str,
) -> Option<OpFoldResult> {
    let src = ir.operand(op, 0);
    let result = ir.value_type(ir.result(op, 0));
    if ir.value_type(src) == result {
        return value(src);
    }
    if let Some(c) = operands.first().copied().flatten() {
        if has_static_shape(ctx, result) {
            if let Some(r) = with_type(ctx, c, result) {
                return Some(OpFoldResult::Attribute(r));
            }
        }
    }
    let producer = defined_by(ctx, ir, src, inverse)?;
    let original = ir.operand(producer, 0);
    let original_type = ir.value_type(original);
    if original_type != result {
        return None;
    }
    let count_dynamic = |shape: &[i64]| shape.iter().filter(|&&d| d == DYNAMIC).count();
    if count_dynamic(&shape_of(ctx, original_type)?) < 2 {
        return value(original);
    }
    // Perfect inverses: the same groups, and either an expansion undone
    // by a collapse, or no group of the original spanning two dynamic
    // sizes.
    let groups = |o: OpId| reassociation_indices(ctx, inherent_attr(ctx, ir, o, "reassociation"));
    let ours = groups(op);
    if ours != groups(producer) {
        return None;
    }
    let original_shape = shape_of(ctx, original_type)?;
    let between = shape_of(ctx, ir.value_type(src))?;
    if original_shape.len() < between.len() {
        return value(original);
    }
    let fine = ours.iter().all(|g| {
        let band: Vec<i64> = g
            .iter()
            .filter_map(|&d| original_shape.get(usize::try_from(d).ok()?).copied())
            .collect();
        count_dynamic(&band) < 2
    });
    fine.then_some(OpFoldResult::Value(original))
}

impl ExpandShapeOp {
    /// See [`fold_reassociative_reshape`].
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        operands: &[Option<Attribute>],
    ) -> Option<OpFoldResult> {
        fold_reassociative_reshape(ctx, ir, self.op(), operands, "tensor.collapse_shape")
    }
}

impl CollapseShapeOp {
    /// See [`fold_reassociative_reshape`].
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        operands: &[Option<Attribute>],
    ) -> Option<OpFoldResult> {
        fold_reassociative_reshape(ctx, ir, self.op(), operands, "tensor.expand_shape")
    }
}

impl PadOp {
    /// A pad to the source's own static type (without `nofold`) is the
    /// source.
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        _operands: &[Option<Attribute>],
    ) -> Option<OpFoldResult> {
        let source = self.source(ctx, ir);
        let result = ir.value_type(ir.result(self.op(), 0));
        let nofold = self.nofold(ctx, ir);
        (has_static_shape(ctx, result) && ir.value_type(source) == result && !nofold)
            .then_some(OpFoldResult::Value(source))
    }
}

impl SplatOp {
    /// A splat of an integer or float constant into a static shape is a
    /// splat constant.
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        operands: &[Option<Attribute>],
    ) -> Option<OpFoldResult> {
        let input = operands.first().copied().flatten()?;
        let scalar = matches!(
            ctx.attr_kind(input),
            AttrKind::Integer { .. } | AttrKind::Float { .. }
        );
        let ty = ir.value_type(ir.result(self.op(), 0));
        if !scalar || !has_static_shape(ctx, ty) {
            return None;
        }
        dense_from(ctx, ty, &[input]).map(OpFoldResult::Attribute)
    }
}

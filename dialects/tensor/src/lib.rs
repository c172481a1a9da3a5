//! The `tensor` dialect (spec: `ods/TensorOps.ods`): creating tensors,
//! reading and replacing their elements and slices, reshaping them. What
//! the spec leaves to hand-written Rust lives here: the verifiers
//! ([`verify`]), the folds ([`fold`]), the builders declared without a body
//! ([`build`]), the result names ([`names`]) and the shape arithmetic they
//! share (this module). Every op has a declarative format;
//! `custom<DynamicIndexList>` is [`crate::view_like`]'s.

// Generated code names this crate by its path, as other crates do.
extern crate self as dialect_tensor;

#[cfg(test)]
mod testing {
    dialect_testing::dialect_test_helpers!(
        dialect_arith,
        dialect_func,
        dialect_complex,
        dialect_memref,
        crate
    );
}

pub mod build;
pub mod canonicalize;
mod elements;
pub mod fold;
mod names;
mod ops;
pub mod verify;

#[cfg(test)]
mod tests;

mod inliner;

/// The ops generated from the spec (see `build.rs`).
mod generated {
    // `SingleBlockImplicitTerminator<"crate::YieldOp">` names the
    // op by this path; the custom directives are called unqualified.
    use ods_runtime::index_list::{parse_dynamic_index_list, print_dynamic_index_list};
    use ods_runtime::Op;
    include!(concat!(env!("OUT_DIR"), "/tensor_ops.rs"));
}
pub use generated::*;

use ir::{Context, Ir, OpId, Registry, Type, TypeKind, Value};
use ods_runtime::fold::OpFoldResult;
use ods_runtime::index_list::DYNAMIC;
use ods_runtime::op::inherent_attr;
use ods_runtime::Op;

pub use dialect_memref::{mixed_values, reassociation_attr, reassociation_indices, split_mixed};

/// Registers the dialect.
pub fn register(ctx: &mut Context, reg: &mut Registry) {
    ods_runtime::register_dialect::<TensorDialect>(ctx, reg);
}

impl TensorDialect {
    /// What the crate adds to the generated registration (MLIR's
    /// `initialize()`): its canonicalization patterns. Run by
    /// `ods_runtime::register_dialect`, so a dialect that depends on this
    /// one (`dependentDialects`) registers them too.
    pub fn initialize(_ctx: &mut Context, reg: &mut Registry) {
        inliner::register(reg);
        ods_transforms::rewrite::add_canonicalization_patterns(
            reg,
            canonicalize::CANONICALIZATION_PATTERNS,
        );
    }
}

/// One dimension of a slice: offset, size and stride, each a constant or
/// a value (MLIR's `Range`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Range {
    /// Where the slice starts.
    pub offset: OpFoldResult,
    /// How many elements it has.
    pub size: OpFoldResult,
    /// The distance between them.
    pub stride: OpFoldResult,
}

/// The shape of a ranked tensor type.
pub fn shape_of(ctx: &Context, ty: Type) -> Option<Vec<i64>> {
    match ctx.type_kind(ty) {
        TypeKind::RankedTensor { shape, .. } => Some(shape.to_vec()),
        _ => None,
    }
}

/// The element type of a tensor type, ranked or not.
pub fn element_of(ctx: &Context, ty: Type) -> Option<Type> {
    match ctx.type_kind(ty) {
        TypeKind::RankedTensor { element, .. } | TypeKind::UnrankedTensor { element } => {
            Some(*element)
        }
        _ => None,
    }
}

/// The encoding of a ranked tensor type.
pub fn encoding_of(ctx: &Context, ty: Type) -> Option<ir::Attribute> {
    match ctx.type_kind(ty) {
        TypeKind::RankedTensor { encoding, .. } => *encoding,
        _ => None,
    }
}

/// The number of dynamic sizes of a ranked tensor type.
pub fn dynamic_dims(ctx: &Context, ty: Type) -> usize {
    shape_of(ctx, ty)
        .unwrap_or_default()
        .iter()
        .filter(|&&d| d == DYNAMIC)
        .count()
}

/// The static entries stored in `op`'s property `name` (a
/// `DenseI64ArrayAttr`).
pub fn static_entries(ctx: &Context, ir: &Ir, op: OpId, name: &str) -> Vec<i64> {
    inherent_attr(ctx, ir, op, name)
        .map(|a| ods_runtime::attr::dense_array_values(ctx, a))
        .unwrap_or_default()
}

/// The values of operand group `index` of an op with
/// `AttrSizedOperandSegments` (`groups` groups in all).
pub fn operand_group(ctx: &Context, ir: &Ir, op: OpId, groups: usize, index: usize) -> Vec<Value> {
    let sizes = ods_runtime::segments::segment_sizes(ctx, ir, op, "operandSegmentSizes", groups);
    ods_runtime::segments::segment_group(&sizes, index)
        .filter(|&k| k < ir.num_operands(op))
        .map(|k| ir.operand(op, k))
        .collect()
}

/// The offsets, sizes and strides of a slice op (the last three operand
/// groups), each entry a constant or a value.
pub fn mixed_offsets_sizes_strides(ctx: &mut Context, ir: &Ir, op: OpId) -> [Vec<OpFoldResult>; 3] {
    let groups = ods_runtime::segments::segment_sizes(ctx, ir, op, "operandSegmentSizes", 4).len();
    let mixed = |ctx: &mut Context, k: usize, name: &str| {
        let values = operand_group(ctx, ir, op, groups, groups - 3 + k);
        let statics = static_entries(ctx, ir, op, name);
        mixed_values(ctx, &statics, &values)
    };
    [
        mixed(ctx, 0, "static_offsets"),
        mixed(ctx, 1, "static_sizes"),
        mixed(ctx, 2, "static_strides"),
    ]
}

/// `tensor.pad`'s padding before and after each dimension.
pub fn pad_mixed_low_high(ctx: &mut Context, ir: &Ir, op: PadOp) -> [Vec<OpFoldResult>; 2] {
    let mixed = |ctx: &mut Context, group: usize, name: &str| {
        let values = operand_group(ctx, ir, op.op(), 3, group);
        let statics = static_entries(ctx, ir, op.op(), name);
        mixed_values(ctx, &statics, &values)
    };
    [mixed(ctx, 1, "static_low"), mixed(ctx, 2, "static_high")]
}

/// Each dimension of the ranked tensor type `ty`: its static size, or the
/// next of `dynamic`.
pub fn mixed_sizes_of(ctx: &mut Context, ty: Type, dynamic: &[Value]) -> Vec<OpFoldResult> {
    let shape = shape_of(ctx, ty).unwrap_or_default();
    mixed_values(ctx, &shape, dynamic)
}

/// The operand (from `first` on) that gives dynamic dimension `idx` of
/// `op`'s result; `None` when that dimension is static.
pub fn dynamic_size_operand(
    ctx: &Context,
    ir: &Ir,
    op: OpId,
    first: usize,
    idx: usize,
) -> Option<Value> {
    let shape = shape_of(ctx, ir.value_type(ir.result(op, 0)))?;
    if *shape.get(idx)? != DYNAMIC {
        return None;
    }
    let before = shape[..idx].iter().filter(|&&d| d == DYNAMIC).count();
    (first + before < ir.num_operands(op)).then(|| ir.operand(op, first + before))
}

/// The type of concatenating ranked tensors of `input_types` along `dim`:
/// the concatenated size is the sum (dynamic when any is), the others the
/// first static size among the inputs.
pub fn concat_result_type(ctx: &mut Context, dim: i64, input_types: &[Type]) -> Option<Type> {
    let first = *input_types.first()?;
    let element = element_of(ctx, first)?;
    let mut sizes = shape_of(ctx, first)?;
    let dim = usize::try_from(dim).ok().filter(|&d| d < sizes.len())?;
    for &t in &input_types[1..] {
        let shape = shape_of(ctx, t)?;
        for (i, &s) in shape.iter().enumerate().take(sizes.len()) {
            if i == dim {
                sizes[i] = if sizes[i] == DYNAMIC || s == DYNAMIC {
                    DYNAMIC
                } else {
                    sizes[i] + s
                };
            } else if sizes[i] == DYNAMIC {
                sizes[i] = s;
            }
        }
    }
    Some(ctx.ranked_tensor_type(&sizes, element, None))
}

/// The type of a slice of `source_type` with these sizes (not
/// rank-reduced; the encoding kept).
pub fn slice_result_type(
    ctx: &mut Context,
    source_type: Type,
    static_sizes: &[i64],
) -> Option<Type> {
    let element = element_of(ctx, source_type)?;
    let encoding = encoding_of(ctx, source_type);
    Some(ctx.ranked_tensor_type(static_sizes, element, encoding))
}

/// Which dimensions of `original` the rank-reduced shape `reduced` leaves
/// out, matching unit dimensions greedily (MLIR's
/// `computeRankReductionMask`); `None` when `reduced` is not such a shape.
pub fn rank_reduction_mask(original: &[i64], reduced: &[i64]) -> Option<Vec<bool>> {
    rank_reduction_mask_matching(original, reduced, false)
}

/// [`rank_reduction_mask`], where with `match_dynamic` a dynamic size on
/// either side matches any size but a unit one of `original` (MLIR's
/// `matchDynamic`).
pub fn rank_reduction_mask_matching(
    original: &[i64],
    reduced: &[i64],
    match_dynamic: bool,
) -> Option<Vec<bool>> {
    let mut dropped = vec![false; original.len()];
    if reduced.len() > original.len() {
        return None;
    }
    let mut j = 0;
    for (i, &d) in original.iter().enumerate() {
        let matches = j < reduced.len()
            && (reduced[j] == d
                || (match_dynamic && d != 1 && (reduced[j] == DYNAMIC || d == DYNAMIC)));
        if matches {
            j += 1;
        } else if d == 1 {
            dropped[i] = true;
        } else {
            return None;
        }
    }
    (j == reduced.len()).then_some(dropped)
}

/// The source dimensions an `extract_slice` leaves out of its result.
pub fn dropped_dims(ctx: &Context, ir: &Ir, op: ExtractSliceOp) -> Option<Vec<usize>> {
    let sizes = static_entries(ctx, ir, op.op(), "static_sizes");
    let result = shape_of(ctx, ir.value_type(ir.result(op.op(), 0)))?;
    let mask = rank_reduction_mask(&sizes, &result)?;
    Some(
        mask.iter()
            .enumerate()
            .filter(|(_, &d)| d)
            .map(|(i, _)| i)
            .collect(),
    )
}

/// The shape of a gather from `source` at `indices` along `dims`: the
/// indices' batch dimensions, then the source's with the gathered ones as
/// 1 (or left out when `rank_reduced`).
pub fn gather_shape(source: &[i64], indices: &[i64], dims: &[i64], rank_reduced: bool) -> Vec<i64> {
    let mut shape: Vec<i64> = indices[..indices.len().saturating_sub(1)].to_vec();
    for (i, &s) in source.iter().enumerate() {
        if dims.contains(&(i as i64)) {
            if !rank_reduced {
                shape.push(1);
            }
        } else {
            shape.push(s);
        }
    }
    shape
}

/// The result type of a gather of `source_type` at `indices_type` along
/// `dims` ([`gather_shape`]; the source's element type and encoding).
pub fn gather_result_type(
    ctx: &mut Context,
    source_type: Type,
    indices_type: Type,
    dims: &[i64],
    rank_reduced: bool,
) -> Option<Type> {
    let indices = shape_of(ctx, indices_type)?;
    let source = shape_of(ctx, source_type)?;
    let element = element_of(ctx, source_type)?;
    let encoding = encoding_of(ctx, source_type);
    let shape = gather_shape(&source, &indices, dims, rank_reduced);
    Some(ctx.ranked_tensor_type(&shape, element, encoding))
}

/// The shape of collapsing `shape` by `groups`: each group's sizes
/// multiplied (dynamic when any is); `None` for an index out of range.
pub fn collapsed_shape(shape: &[i64], groups: &[Vec<i64>]) -> Option<Vec<i64>> {
    let mut sizes = Vec::with_capacity(groups.len());
    for g in groups {
        let mut size = 1i64;
        for &d in g {
            let s = *shape.get(usize::try_from(d).ok()?)?;
            size = if size == DYNAMIC || s == DYNAMIC {
                DYNAMIC
            } else {
                size.checked_mul(s)?
            };
        }
        sizes.push(size);
    }
    Some(sizes)
}

/// The type of collapsing ranked `source_type` by `groups`
/// ([`collapsed_shape`]).
pub fn collapsed_type(ctx: &mut Context, source_type: Type, groups: &[Vec<i64>]) -> Option<Type> {
    let shape = collapsed_shape(&shape_of(ctx, source_type)?, groups)?;
    let element = element_of(ctx, source_type)?;
    Some(ctx.ranked_tensor_type(&shape, element, None))
}

/// The shape of padding `shape`: each size is the source's plus both
/// paddings when all three are static, else `result_shape`'s entry
/// (dynamic when it has none); `None` when the padding lists do not match
/// the rank.
pub fn pad_shape(
    shape: &[i64],
    low: &[i64],
    high: &[i64],
    result_shape: &[i64],
) -> Option<Vec<i64>> {
    if low.len() != shape.len() || high.len() != shape.len() {
        return None;
    }
    if !result_shape.is_empty() && result_shape.len() != shape.len() {
        return None;
    }
    Some(
        (0..shape.len())
            .map(|i| {
                if shape[i] == DYNAMIC || low[i] == DYNAMIC || high[i] == DYNAMIC {
                    result_shape.get(i).copied().unwrap_or(DYNAMIC)
                } else {
                    shape[i] + low[i] + high[i]
                }
            })
            .collect(),
    )
}

/// The result type of padding ranked `source_type` ([`pad_shape`]).
pub fn pad_result_type(
    ctx: &mut Context,
    source_type: Type,
    low: &[i64],
    high: &[i64],
    result_shape: &[i64],
) -> Option<Type> {
    let shape = pad_shape(&shape_of(ctx, source_type)?, low, high, result_shape)?;
    let element = element_of(ctx, source_type)?;
    Some(ctx.ranked_tensor_type(&shape, element, None))
}

/// The transform of `tensor.from_elements`'s `TypesMatchWith`: one
/// operand of the element type per element of the static result type
/// (upstream's `SmallVector<Type>(getNumElements(), getElementType())`),
/// from the `&mut Context` and result type of the generated parser or the
/// `&Context` and optional result type of the verifier.
pub fn from_elements_operand_types<C: ElementTypes<T>, T>(ctx: C, result: T) -> Vec<Type> {
    ctx.element_types(result)
}

/// See [`from_elements_operand_types`].
pub trait ElementTypes<T> {
    /// The list.
    fn element_types(self, result: T) -> Vec<Type>;
}

impl ElementTypes<Type> for &mut Context {
    fn element_types(self, result: Type) -> Vec<Type> {
        element_list(self, Some(result))
    }
}

impl ElementTypes<Option<Type>> for &Context {
    fn element_types(self, result: Option<Type>) -> Vec<Type> {
        element_list(self, result)
    }
}

fn element_list(ctx: &Context, result: Option<Type>) -> Vec<Type> {
    let Some(t) = result else {
        return Vec::new();
    };
    match (shape_of(ctx, t), element_of(ctx, t)) {
        (Some(shape), Some(element)) if !shape.contains(&DYNAMIC) => {
            let n: i64 = shape.iter().product();
            vec![element; usize::try_from(n).unwrap_or(0)]
        }
        _ => Vec::new(),
    }
}

/// `tensor.dim`'s speculatability: a constant index below the rank of a
/// ranked source.
pub fn dim_speculatability(
    ctx: &Context,
    ir: &Ir,
    op: DimOp,
) -> ods_runtime::interfaces::Speculatability {
    use ods_runtime::interfaces::Speculatability as S;
    let index = op.get_constant_index(ctx, ir);
    let rank = shape_of(ctx, ir.value_type(op.source(ctx, ir))).map(|s| s.len() as i64);
    match (index, rank) {
        (Some(i), Some(r)) if (0..r).contains(&i) => S::Speculatable,
        _ => S::NotSpeculatable,
    }
}

impl TensorDialect {
    /// The dialect's constant materializer (upstream's
    /// `TensorDialect::materializeConstant`): what `arith.constant` can
    /// hold becomes one, else a complex pair `complex.constant`; `None`
    /// otherwise.
    pub fn materialize_constant(
        b: &mut ir::builder::OpBuilder<'_>,
        value: ir::Attribute,
        ty: Type,
        loc: ir::Location,
    ) -> Option<OpId> {
        if let Some(constant) = dialect_arith::ConstantOp::materialize(b, value, ty, loc) {
            return Some(constant.op());
        }
        let complex = dialect_complex::constant_is_buildable_with(b.ctx, value, ty);
        complex.then(|| dialect_complex::ConstantOp::build_raw(b, loc, ty, value).op())
    }
}

//! The memref ops' `fold` hooks (`hasFolder`), in the shape
//! `ods_runtime::fold` fixes: upstream's folds, written in Rust.
//!
//! In: the op and its constant operands. Out: what its results fold to
//! (`None`: no fold); an op updated in place returns its own result (or,
//! without results, an empty vector).
//!
//! Not done (the fold declines where upstream would go on):
//! `expand_shape`/`collapse_shape` fold only a no-op reshape and a reshape
//! undoing its producer (not constants, which memrefs never are, nor
//! producers with one dynamic dimension).

use super::*;
use dialect_arith::ConstantOp;
use ods_runtime::matchers::read_fold_result_int;
use ods_runtime::Op;

/// An op whose results are all updated in place.
fn in_place(folded: bool) -> Option<Vec<OpFoldResult>> {
    folded.then(Vec::new)
}

/// The op's first result as what it folds to (updated in place).
fn itself(ir: &Ir, op: OpId, folded: bool) -> Option<OpFoldResult> {
    folded.then(|| OpFoldResult::Value(ir.result(op, 0)))
}

/// The `memref.cast` defining `v`, when one does.
fn cast_of(ctx: &Context, ir: &Ir, v: Value) -> Option<OpId> {
    ir.defining_op(v)
        .filter(|&d| ctx.str(ir.op_name(d)) == "memref.cast")
}

fn defined_by(ctx: &Context, ir: &Ir, v: Value, name: &str) -> Option<OpId> {
    ir.defining_op(v)
        .filter(|&d| ctx.str(ir.op_name(d)) == name)
}

/// Reads each operand (but `inner`) that a `memref.cast` from a ranked
/// memref defines from the cast's source instead (MLIR's
/// `foldMemRefCast`); whether any changed.
pub fn fold_memref_cast(ctx: &Context, ir: &mut Ir, op: OpId, inner: Option<Value>) -> bool {
    let mut folded = false;
    for i in 0..ir.num_operands(op) {
        let v = ir.operand(op, i);
        if Some(v) == inner {
            continue;
        }
        let Some(cast) = cast_of(ctx, ir, v) else {
            continue;
        };
        let src = ir.operand(cast, 0);
        if matches!(
            ctx.type_kind(ir.value_type(src)),
            TypeKind::UnrankedMemRef { .. }
        ) {
            continue;
        }
        ir.set_operand(op, i, src);
        folded = true;
    }
    folded
}

impl AssumeAlignmentOp {
    /// `assume_alignment(assume_alignment(x, a), a)` is the inner one.
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        _operands: &[Option<Attribute>],
    ) -> Option<OpFoldResult> {
        let source = self.memref(ctx, ir);
        let inner = defined_by(ctx, ir, source, "memref.assume_alignment")?;
        let alignment = |o: OpId| inherent_attr(ctx, ir, o, "alignment");
        (alignment(inner) == alignment(self.op())).then_some(OpFoldResult::Value(source))
    }
}

impl CastOp {
    /// `cast(cast(x))` reads `x` when it is ranked.
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        _operands: &[Option<Attribute>],
    ) -> Option<OpFoldResult> {
        let folded = fold_memref_cast(ctx, ir, self.op(), None);
        itself(ir, self.op(), folded)
    }
}

impl CopyOp {
    /// A copy reads and writes through casts that only relax the layout.
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        _operands: &[Option<Attribute>],
    ) -> Option<Vec<OpFoldResult>> {
        for i in 0..ir.num_operands(self.op()) {
            let v = ir.operand(self.op(), i);
            if let Some(cast) = cast_of(ctx, ir, v) {
                if can_fold_cast_into_consumer(ctx, ir, cast) {
                    let src = ir.operand(cast, 0);
                    ir.set_operand(self.op(), i, src);
                    return Some(Vec::new());
                }
            }
        }
        None
    }
}

/// The ops whose only fold is reading through `memref.cast`s.
macro_rules! cast_consumer_without_results {
    ($($op:ident),*) => {$(
        impl $op {
            /// Reads through `memref.cast`s of ranked memrefs.
            pub fn fold(self, ctx: &mut Context, ir: &mut Ir, _operands: &[Option<Attribute>]) -> Option<Vec<OpFoldResult>> {
                in_place(fold_memref_cast(ctx, ir, self.op(), None))
            }
        }
    )*};
}

cast_consumer_without_results!(DeallocOp, DmaStartOp, DmaWaitOp, PrefetchOp);

impl StoreOp {
    /// Writes through a `memref.cast` of a ranked memref (the stored
    /// value stays).
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        _operands: &[Option<Attribute>],
    ) -> Option<Vec<OpFoldResult>> {
        let value = self.value(ctx, ir);
        in_place(fold_memref_cast(ctx, ir, self.op(), Some(value)))
    }
}

impl LoadOp {
    /// Reads through a `memref.cast` of a ranked memref.
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        _operands: &[Option<Attribute>],
    ) -> Option<OpFoldResult> {
        let folded = fold_memref_cast(ctx, ir, self.op(), None);
        itself(ir, self.op(), folded)
    }
}

impl AtomicRMWOp {
    /// Updates through a `memref.cast` of a ranked memref.
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        _operands: &[Option<Attribute>],
    ) -> Option<OpFoldResult> {
        let value = self.value(ctx, ir);
        let folded = fold_memref_cast(ctx, ir, self.op(), Some(value));
        itself(ir, self.op(), folded)
    }
}

impl DimOp {
    /// A static size is a constant; a dynamic one is the operand that
    /// gave it to `alloc`, `alloca`, `view` or `subview`; otherwise the
    /// op reads through a `memref.cast`.
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
        if shape[i] != ods_runtime::index_list::DYNAMIC {
            return Some(OpFoldResult::Attribute(ods_runtime::attr::index(
                ctx, shape[i],
            )));
        }
        let dynamic_index = shape[..i]
            .iter()
            .filter(|&&d| d == ods_runtime::index_list::DYNAMIC)
            .count();
        if let Some(def) = ir.defining_op(source) {
            let name = ctx.str(ir.op_name(def));
            let sizes: Option<Vec<Value>> = match name {
                "memref.alloc" => Some(
                    AllocOp::from_op_unchecked(def)
                        .dynamic_sizes(ctx, ir)
                        .collect(),
                ),
                "memref.alloca" => Some(
                    AllocaOp::from_op_unchecked(def)
                        .dynamic_sizes(ctx, ir)
                        .collect(),
                ),
                "memref.view" => Some(ViewOp::from_op_unchecked(def).sizes(ctx, ir).collect()),
                _ => None,
            };
            if let Some(v) = sizes.and_then(|s| s.get(dynamic_index).copied()) {
                return Some(OpFoldResult::Value(v));
            }
            if name == "memref.subview" {
                let sub = SubViewOp::from_op_unchecked(def);
                let dropped = sub.get_dropped_dims(ctx, ir)?;
                let source_index = (0..dropped.len()).filter(|&d| !dropped[d]).nth(i)?;
                let statics = sub.static_sizes(ctx, ir);
                if statics.get(source_index) == Some(&ods_runtime::index_list::DYNAMIC) {
                    let k = statics[..source_index]
                        .iter()
                        .filter(|&&s| s == ods_runtime::index_list::DYNAMIC)
                        .count();
                    return sub.sizes(ctx, ir).nth(k).map(OpFoldResult::Value);
                }
                return None;
            }
        }
        let folded = fold_memref_cast(ctx, ir, self.op(), None);
        itself(ir, self.op(), folded)
    }
}

/// The constant value of `ofr` when the source type fixes it, as an
/// index attribute; `ofr` itself otherwise (MLIR's `constifyIndexValues`).
fn constify(ctx: &mut Context, ir: &Ir, ofr: OpFoldResult, fixed: i64) -> OpFoldResult {
    if fixed != ods_runtime::index_list::DYNAMIC {
        return OpFoldResult::Attribute(ods_runtime::attr::index(ctx, fixed));
    }
    match read_fold_result_int::<ConstantOp>(ctx, ir, ofr) {
        Some(c) => OpFoldResult::Attribute(ods_runtime::attr::index(ctx, c)),
        None => ofr,
    }
}

/// The offset, sizes and strides of `extract_strided_metadata`'s results,
/// constants where the source type or an `arith.constant` fixes them.
pub fn constified_metadata(
    ctx: &mut Context,
    ir: &Ir,
    op: ExtractStridedMetadataOp,
) -> (OpFoldResult, Vec<OpFoldResult>, Vec<OpFoldResult>) {
    let source = ir.value_type(op.source(ctx, ir));
    let shape = shape_of(ctx, source).unwrap_or_default();
    let (strides, offset) = strides_and_offset(ctx, source).unwrap_or_else(|| {
        (
            vec![ods_runtime::index_list::DYNAMIC; shape.len()],
            ods_runtime::index_list::DYNAMIC,
        )
    });
    let results: Vec<Value> = ir.results(op.op()).collect();
    let rank = results.len().saturating_sub(2) / 2;
    let off = results
        .get(1)
        .map(|&v| constify(ctx, ir, OpFoldResult::Value(v), offset))
        .unwrap_or(OpFoldResult::Attribute(ods_runtime::attr::index(
            ctx, offset,
        )));
    let mut sizes = Vec::with_capacity(rank);
    let mut stride_list = Vec::with_capacity(rank);
    for d in 0..rank.min(shape.len()) {
        sizes.push(constify(
            ctx,
            ir,
            OpFoldResult::Value(results[2 + d]),
            shape[d],
        ));
        stride_list.push(constify(
            ctx,
            ir,
            OpFoldResult::Value(results[2 + rank + d]),
            strides[d],
        ));
    }
    (off, sizes, stride_list)
}

impl ExtractStridedMetadataOp {
    /// Uses of an offset, size or stride the source type (or a constant)
    /// fixes read an `arith.constant` made before the op instead; the
    /// source of a `memref.cast` from a ranked memref is read directly.
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        _operands: &[Option<Attribute>],
    ) -> Option<Vec<OpFoldResult>> {
        let (offset, sizes, strides) = constified_metadata(ctx, ir, self);
        let results: Vec<Value> = ir.results(self.op()).collect();
        let mut folded = false;
        let fixed = std::iter::once(offset).chain(sizes).chain(strides);
        for (&result, value) in results.iter().skip(1).zip(fixed) {
            let OpFoldResult::Attribute(attr) = value else {
                continue;
            };
            if !ir.has_uses(result) {
                continue;
            }
            let index = ctx.index_type();
            let mut b = ir::builder::OpBuilder::new(ctx, ir);
            b.set_insertion_point_before(self.op());
            let loc = b.ir.op_loc(self.op());
            let c = dialect_arith::ConstantOp::build(&mut b, loc, index, attr);
            let constant = b.ir.result(c.op(), 0);
            ir.replace_all_uses(result, constant);
            folded = true;
        }
        let source = self.source(ctx, ir);
        if let Some(cast) = cast_of(ctx, ir, source) {
            let inner = ir.operand(cast, 0);
            if matches!(ctx.type_kind(ir.value_type(inner)), TypeKind::MemRef { .. }) {
                ir.set_operand(self.op(), 0, inner);
                folded = true;
            }
        }
        // An in-place fold (no results), as upstream's `success()` with
        // none pushed: the op stays, some of its uses now read constants.
        folded.then(Vec::new)
    }
}

impl MemorySpaceCastOp {
    /// `memory_space_cast(memory_space_cast(x))` casts `x` directly.
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        _operands: &[Option<Attribute>],
    ) -> Option<OpFoldResult> {
        let parent = defined_by(ctx, ir, self.source(ctx, ir), "memref.memory_space_cast")?;
        let src = ir.operand(parent, 0);
        ir.set_operand(self.op(), 0, src);
        Some(OpFoldResult::Value(self.dest(ctx, ir)))
    }
}

impl RankOp {
    /// The rank of a ranked memref.
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        _operands: &[Option<Attribute>],
    ) -> Option<OpFoldResult> {
        let rank = shape_of(ctx, ir.value_type(self.memref(ctx, ir)))?.len();
        Some(OpFoldResult::Attribute(ods_runtime::attr::index(
            ctx,
            rank as i64,
        )))
    }
}

impl ReinterpretCastOp {
    /// Reads the base of a `reinterpret_cast`, `cast` or zero-offset
    /// `subview` source directly; a cast that changes nothing is its
    /// source.
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        _operands: &[Option<Attribute>],
    ) -> Option<OpFoldResult> {
        let src = self.source(ctx, ir);
        let prev = ir
            .defining_op(src)
            .and_then(|d| match ctx.str(ir.op_name(d)) {
                "memref.reinterpret_cast" | "memref.cast" => Some(ir.operand(d, 0)),
                "memref.subview" => {
                    let offsets = mixed_offsets_sizes_strides(ctx, ir, d)[0].clone();
                    offsets
                        .iter()
                        .all(|&o| read_fold_result_int::<ConstantOp>(ctx, ir, o) == Some(0))
                        .then(|| ir.operand(d, 0))
                }
                _ => None,
            });
        if let Some(prev) = prev {
            ir.set_operand(self.op(), 0, prev);
            return Some(OpFoldResult::Value(self.result(ctx, ir)));
        }
        let result_type = ir.value_type(self.result(ctx, ir));
        let static_shape = shape_of(ctx, result_type)?
            .iter()
            .all(|&d| d != ods_runtime::index_list::DYNAMIC);
        let zero_offset = self.static_offsets(ctx, ir).first() == Some(&0);
        (static_shape && ir.value_type(src) == result_type && zero_offset)
            .then_some(OpFoldResult::Value(src))
    }
}

/// `expand_shape`/`collapse_shape`: a reshape to its own type is its
/// source; one that undoes its producer (`inverse`) is the producer's
/// source.
fn fold_reshape(ctx: &Context, ir: &Ir, op: OpId, inverse: &str) -> Option<OpFoldResult> {
    let src = ir.operand(op, 0);
    let result_type = ir.value_type(ir.result(op, 0));
    if ir.value_type(src) == result_type {
        return Some(OpFoldResult::Value(src));
    }
    let producer = defined_by(ctx, ir, src, inverse)?;
    let producer_src = ir.operand(producer, 0);
    (ir.value_type(producer_src) == result_type).then_some(OpFoldResult::Value(producer_src))
}

impl ExpandShapeOp {
    /// See [`fold_reshape`].
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        _operands: &[Option<Attribute>],
    ) -> Option<OpFoldResult> {
        fold_reshape(ctx, ir, self.op(), "memref.collapse_shape")
    }
}

impl CollapseShapeOp {
    /// See [`fold_reshape`].
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        _operands: &[Option<Attribute>],
    ) -> Option<OpFoldResult> {
        fold_reshape(ctx, ir, self.op(), "memref.expand_shape")
    }
}

impl SubViewOp {
    /// A subview to its own static type is its source, as is a no-op
    /// subview (zero offsets, unit strides, the same sizes) of a subview.
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        _operands: &[Option<Attribute>],
    ) -> Option<OpFoldResult> {
        let source = self.source(ctx, ir);
        let (src_type, res_type) = (ir.value_type(source), ir.value_type(self.result(ctx, ir)));
        let static_shape = shape_of(ctx, res_type)
            .is_some_and(|s| s.iter().all(|&d| d != ods_runtime::index_list::DYNAMIC));
        let static_layout = match layout_of(ctx, res_type).map(|l| ctx.attr_kind(l)) {
            Some(ir::AttrKind::Strided { strides, offset }) => {
                *offset != ods_runtime::index_list::DYNAMIC
                    && strides
                        .iter()
                        .all(|&s| s != ods_runtime::index_list::DYNAMIC)
            }
            _ => true,
        };
        if res_type == src_type && static_shape && static_layout {
            return Some(OpFoldResult::Value(source));
        }
        let inner = defined_by(ctx, ir, source, "memref.subview")?;
        let [offsets, sizes, strides] = mixed_offsets_sizes_strides(ctx, ir, self.op());
        let inner_sizes = mixed_offsets_sizes_strides(ctx, ir, inner)[1].clone();
        let int = |o| read_fold_result_int::<ConstantOp>(ctx, ir, o);
        let all = |l: &[OpFoldResult], k: i64| l.iter().all(|&o| int(o) == Some(k));
        let same_sizes = sizes.len() == inner_sizes.len()
            && sizes.iter().zip(&inner_sizes).all(|(&a, &b)| match (a, b) {
                (OpFoldResult::Value(x), OpFoldResult::Value(y)) => x == y,
                _ => int(a).is_some() && int(a) == int(b),
            });
        (all(&offsets, 0) && all(&strides, 1) && same_sizes && res_type == src_type)
            .then_some(OpFoldResult::Value(source))
    }
}

impl TransposeOp {
    /// An identity permutation to the same type is the input; a transpose
    /// of a transpose transposes the inner input by the composed
    /// permutation.
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        _operands: &[Option<Attribute>],
    ) -> Option<OpFoldResult> {
        let input = self.r#in(ctx, ir);
        let map_of = |ctx: &Context, op: OpId| match inherent_attr(ctx, ir, op, "permutation")
            .map(|a| ctx.attr_kind(a))
        {
            Some(ir::AttrKind::AffineMap(m)) => Some(m.clone()),
            _ => None,
        };
        let outer = map_of(ctx, self.op())?;
        let result = ir.result(self.op(), 0);
        if outer.is_identity() && ir.value_type(result) == ir.value_type(input) {
            return Some(OpFoldResult::Value(input));
        }
        let inner_op = defined_by(ctx, ir, input, "memref.transpose")?;
        let inner = map_of(ctx, inner_op)?;
        let composed = compose_permutations(&outer, &inner)?;
        let inner_input = ir.operand(inner_op, 0);
        ir.set_operand(self.op(), 0, inner_input);
        let attr = ctx.affine_map_attr(composed);
        ods_runtime::op::set_inherent_attr(ctx, ir, self.op(), "permutation", Some(attr));
        Some(OpFoldResult::Value(result))
    }
}

/// `outer ∘ inner` for permutation maps (MLIR's `AffineMap::compose`):
/// result `i` is `inner`'s result at `outer`'s dimension `i`.
fn compose_permutations(
    outer: &ir::affine::AffineMap,
    inner: &ir::affine::AffineMap,
) -> Option<ir::affine::AffineMap> {
    let order = permutation(outer)?;
    permutation(inner)?;
    let results = order
        .iter()
        .map(|&d| inner.results.get(d).cloned())
        .collect::<Option<Vec<_>>>()?;
    Some(ir::affine::AffineMap {
        num_dims: inner.num_dims,
        num_symbols: 0,
        results: results.into(),
    })
}

impl ViewOp {
    /// A view to its source's own static type is the source.
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        _operands: &[Option<Attribute>],
    ) -> Option<OpFoldResult> {
        let source = self.source(ctx, ir);
        let res = ir.results(self.op()).next().map(|r| ir.value_type(r))?;
        let static_shape = shape_of(ctx, res)?
            .iter()
            .all(|&d| d != ods_runtime::index_list::DYNAMIC);
        (res == ir.value_type(source) && static_shape).then_some(OpFoldResult::Value(source))
    }
}

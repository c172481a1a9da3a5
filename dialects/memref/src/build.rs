//! Builders: the helpers the spec's builder bodies call, and the builders
//! `ods/MemRefOps.ods` declares without a body, as upstream writes them in
//! C++.
//!
//! In: an [`OpBuilder`] (its insertion point is kept) or the state a
//! spec builder fills, and the builder's arguments. Out: the op, inserted
//! at the builder's insertion point, or the filled state.

use super::*;
use ir::builder::OpBuilder;
use ir::{Location, NamedAttribute, OperationState};
use ods_runtime::Op;

/// Properties from `(name, value)` pairs.
pub fn props(
    ctx: &mut Context,
    entries: &[(&'static str, Option<Attribute>)],
) -> Option<Attribute> {
    ods_runtime::op::build_props(ctx, entries)
}

/// The `operandSegmentSizes` entry for groups of these lengths.
pub fn segments(ctx: &mut Context, lengths: &[usize]) -> Option<Attribute> {
    Some(ods_runtime::segments::segment_sizes_attr(ctx, lengths))
}

/// Fills an `alloc`/`alloca` state: the type, the size and symbol
/// operands, the alignment.
pub fn alloc_like(
    state: &mut OperationState,
    ctx: &mut Context,
    memref_type: Type,
    dynamic_sizes: &[Value],
    symbol_operands: &[Value],
    alignment: Option<Attribute>,
) {
    state.result_types.push(memref_type);
    state.operands.extend_from_slice(dynamic_sizes);
    state.operands.extend_from_slice(symbol_operands);
    let sizes = segments(ctx, &[dynamic_sizes.len(), symbol_operands.len()]);
    state.props = props(
        ctx,
        &[("alignment", alignment), ("operandSegmentSizes", sizes)],
    );
}

/// Fills a `load`/`store` state: the leading operands (the memref, after
/// the stored value for a store), the indices, `nontemporal` and
/// `alignment`.
pub fn access(
    state: &mut OperationState,
    ctx: &mut Context,
    leading: &[Value],
    indices: &[Value],
    nontemporal: bool,
    alignment: Option<u64>,
) {
    state.operands.extend_from_slice(leading);
    state.operands.extend_from_slice(indices);
    let nontemporal = ods_runtime::attr::bool(ctx, nontemporal);
    let alignment = alignment.map(|a| ods_runtime::attr::integer(ctx, 64, a as i64));
    state.props = props(
        ctx,
        &[("alignment", alignment), ("nontemporal", Some(nontemporal))],
    );
}

/// Fills an `expand_shape` state (memref's and tensor's); without
/// `output_shape` the result type's static sizes are the output shape (upstream infers dynamic ones
/// from the source; here a dynamic result size needs `output_shape`).
pub fn expand_shape(
    state: &mut OperationState,
    b: &mut OpBuilder<'_>,
    result_type: Type,
    src: Value,
    groups: &[Vec<i64>],
    output_shape: Option<&[OpFoldResult]>,
) {
    let (statics, values) = match output_shape {
        Some(mixed) => split_mixed(b.ctx, mixed),
        None => (shape_of(b.ctx, result_type).unwrap_or_default(), Vec::new()),
    };
    state.operands.push(src);
    state.operands.extend_from_slice(&values);
    state.result_types.push(result_type);
    let reassociation = reassociation_attr(b.ctx, groups);
    let statics = ods_runtime::attr::dense_array(b.ctx, &statics);
    state.props = props(
        b.ctx,
        &[
            ("reassociation", Some(reassociation)),
            ("static_output_shape", Some(statics)),
        ],
    );
}

/// Fills a `collapse_shape` state (memref's and tensor's).
pub fn collapse_shape(
    state: &mut OperationState,
    ctx: &mut Context,
    result_type: Type,
    src: Value,
    groups: &[Vec<i64>],
    attrs: &[NamedAttribute],
) {
    state.operands.push(src);
    state.result_types.push(result_type);
    let reassociation = reassociation_attr(ctx, groups);
    state.props = props(ctx, &[("reassociation", Some(reassociation))]);
    discardable(ctx, state, attrs);
}

/// A new op named `name` from a filled state (tensor's builders use it
/// too).
pub fn create(
    b: &mut OpBuilder<'_>,
    name: &str,
    loc: Location,
    fill: impl FnOnce(&mut OpBuilder<'_>, &mut OperationState),
) -> OpId {
    let name = b.ctx.ident(name);
    let mut state = OperationState::new(name, loc);
    fill(b, &mut state);
    b.create(&state)
}

/// Fills a slice state (`subview`, `reinterpret_cast`, tensor's
/// `extract_slice`, `insert_slice`, `parallel_insert_slice`): the
/// `leading` operands (the source, and the destination of an insert), then
/// the offsets, sizes and strides, each a constant or a value.
pub fn slice_state(
    b: &mut OpBuilder<'_>,
    state: &mut OperationState,
    leading: &[Value],
    lists: [&[OpFoldResult]; 3],
    attrs: &[NamedAttribute],
) {
    state.operands.extend_from_slice(leading);
    let mut statics = Vec::new();
    let mut lengths = vec![1; leading.len()];
    for list in lists {
        let (s, v) = split_mixed(b.ctx, list);
        lengths.push(v.len());
        state.operands.extend(v);
        statics.push(ods_runtime::attr::dense_array(b.ctx, &s));
    }
    let sizes = segments(b.ctx, &lengths);
    state.props = props(
        b.ctx,
        &[
            ("operandSegmentSizes", sizes),
            ("static_offsets", Some(statics[0])),
            ("static_sizes", Some(statics[1])),
            ("static_strides", Some(statics[2])),
        ],
    );
    discardable(b.ctx, state, attrs);
}

/// The discardable attributes `attrs`, when there are any.
pub fn discardable(ctx: &mut Context, state: &mut OperationState, attrs: &[NamedAttribute]) {
    if !attrs.is_empty() {
        state.attrs = Some(ctx.dictionary_attr(attrs.to_vec()));
    }
}

impl DimOp {
    /// The size of dimension `index` of `source` (the index an
    /// `arith.constant` made here).
    pub fn build_from_source_index(
        b: &mut OpBuilder<'_>,
        loc: Location,
        source: Value,
        index: i64,
    ) -> DimOp {
        DimOp::from_op_unchecked(build_dim(b, loc, <Self as Op>::NAME, source, index))
    }
}

/// A `memref.dim` or `tensor.dim` (`name`) of dimension `index` of
/// `source`, the index an `arith.constant` made here.
pub fn build_dim(
    b: &mut OpBuilder<'_>,
    loc: Location,
    name: &str,
    source: Value,
    index: i64,
) -> OpId {
    let index_type = b.ctx.index_type();
    let value = ods_runtime::attr::index(b.ctx, index);
    let c = dialect_arith::ConstantOp::build(b, loc, index_type, value);
    let index_value = b.ir.result(c.op(), 0);
    create(b, name, loc, |b, s| {
        s.operands.extend_from_slice(&[source, index_value]);
        s.result_types.push(b.ctx.index_type());
    })
}

impl GenericAtomicRMWOp {
    /// An update of `memref[ivs]` with an empty body whose argument is the
    /// current element (the caller fills it and its `atomic_yield`).
    pub fn build_from_memref_ivs(
        b: &mut OpBuilder<'_>,
        loc: Location,
        memref: Value,
        ivs: &[Value],
    ) -> GenericAtomicRMWOp {
        let ty = b.ir.value_type(memref);
        let element = element_of(b.ctx, ty);
        let op = create(b, <Self as Op>::NAME, loc, |b, s| {
            s.operands.push(memref);
            s.operands.extend_from_slice(ivs);
            let region = b.ir.create_region();
            if let Some(element) = element {
                s.result_types.push(element);
                let saved = b.insertion_point();
                b.create_block(region, &[element], loc);
                b.set_insertion_point(saved);
            }
            s.regions.push(region);
        });
        GenericAtomicRMWOp::from_op_unchecked(op)
    }
}

impl DmaStartOp {
    /// A transfer from `src_mem_ref[src_indices]` to
    /// `dest_mem_ref[dest_indices]` tagged at `tag_mem_ref[tag_indices]`,
    /// strided when `stride` (and `elements_per_stride`) are given.
    #[allow(clippy::too_many_arguments)]
    pub fn build_from_src_mem_ref_src_indices_dest_mem_ref_dest_indices_num_elements_tag_mem_ref_tag_indices_stride_elements_per_stride(
        b: &mut OpBuilder<'_>,
        loc: Location,
        src_mem_ref: Value,
        src_indices: &[Value],
        dest_mem_ref: Value,
        dest_indices: &[Value],
        num_elements: Value,
        tag_mem_ref: Value,
        tag_indices: &[Value],
        stride: Option<Value>,
        elements_per_stride: Option<Value>,
    ) -> DmaStartOp {
        let op = create(b, <Self as Op>::NAME, loc, |_, s| {
            s.operands.push(src_mem_ref);
            s.operands.extend_from_slice(src_indices);
            s.operands.push(dest_mem_ref);
            s.operands.extend_from_slice(dest_indices);
            s.operands.extend_from_slice(&[num_elements, tag_mem_ref]);
            s.operands.extend_from_slice(tag_indices);
            if let (Some(st), Some(per)) = (stride, elements_per_stride) {
                s.operands.extend_from_slice(&[st, per]);
            }
        });
        DmaStartOp::from_op_unchecked(op)
    }
}

impl SubViewOp {
    /// A subview with offsets, sizes and strides each a constant or a
    /// value; the result type is computed when `result_type` is `None`
    /// (no rank reduction).
    #[allow(clippy::too_many_arguments)]
    pub fn build_from_result_type_source_offsets_sizes_strides_attrs(
        b: &mut OpBuilder<'_>,
        loc: Location,
        result_type: Option<Type>,
        source: Value,
        offsets: &[OpFoldResult],
        sizes: &[OpFoldResult],
        strides: &[OpFoldResult],
        attrs: &[NamedAttribute],
    ) -> SubViewOp {
        let result_type = result_type.unwrap_or_else(|| {
            let source_type = b.ir.value_type(source);
            let (o, _) = split_mixed(b.ctx, offsets);
            let (sz, _) = split_mixed(b.ctx, sizes);
            let (st, _) = split_mixed(b.ctx, strides);
            match subview_result_type(b.ctx, source_type, &o, &sz, &st) {
                Some(desc) => desc.intern(b.ctx),
                None => source_type,
            }
        });
        let op = create(b, <Self as Op>::NAME, loc, |b, s| {
            s.result_types.push(result_type);
            slice_state(b, s, &[source], [offsets, sizes, strides], attrs);
        });
        SubViewOp::from_op_unchecked(op)
    }

    /// [`Self::build_from_result_type_source_offsets_sizes_strides_attrs`]
    /// with the result type computed.
    pub fn build_from_source_offsets_sizes_strides_attrs(
        b: &mut OpBuilder<'_>,
        loc: Location,
        source: Value,
        offsets: &[OpFoldResult],
        sizes: &[OpFoldResult],
        strides: &[OpFoldResult],
        attrs: &[NamedAttribute],
    ) -> SubViewOp {
        Self::build_from_result_type_source_offsets_sizes_strides_attrs(
            b, loc, None, source, offsets, sizes, strides, attrs,
        )
    }
}

impl ReinterpretCastOp {
    /// A reinterpretation of `source` with the offset, sizes and strides
    /// each a constant or a value.
    #[allow(clippy::too_many_arguments)]
    pub fn build_from_result_type_source_offset_sizes_strides_attrs(
        b: &mut OpBuilder<'_>,
        loc: Location,
        result_type: Type,
        source: Value,
        offset: OpFoldResult,
        sizes: &[OpFoldResult],
        strides: &[OpFoldResult],
        attrs: &[NamedAttribute],
    ) -> ReinterpretCastOp {
        let op = create(b, <Self as Op>::NAME, loc, |b, s| {
            s.result_types.push(result_type);
            slice_state(b, s, &[source], [&[offset], sizes, strides], attrs);
        });
        ReinterpretCastOp::from_op_unchecked(op)
    }
}

impl CollapseShapeOp {
    /// A collapse of `src` whose result type is computed.
    pub fn build_from_src_reassociation_attrs(
        b: &mut OpBuilder<'_>,
        loc: Location,
        src: Value,
        reassociation: &[Vec<i64>],
        attrs: &[NamedAttribute],
    ) -> CollapseShapeOp {
        let src_type = b.ir.value_type(src);
        let ty = collapsed_type(b.ctx, src_type, reassociation);
        let op = create(b, <Self as Op>::NAME, loc, |b, s| {
            collapse_shape(s, b.ctx, ty, src, reassociation, attrs);
        });
        CollapseShapeOp::from_op_unchecked(op)
    }
}

impl ExpandShapeOp {
    /// An expansion of `src` to `result_type` with sizes `output_shape`.
    pub fn build_from_result_type_src_reassociation_output_shape(
        b: &mut OpBuilder<'_>,
        loc: Location,
        result_type: Type,
        src: Value,
        reassociation: &[Vec<i64>],
        output_shape: &[OpFoldResult],
    ) -> ExpandShapeOp {
        let name = b.ctx.ident(<Self as Op>::NAME);
        let mut s = OperationState::new(name, loc);
        expand_shape(
            &mut s,
            b,
            result_type,
            src,
            reassociation,
            Some(output_shape),
        );
        ExpandShapeOp::from_op_unchecked(b.create(&s))
    }
}

impl ExpandShapeOp {
    /// An expansion of `src` to `result_type`, its static sizes the output
    /// shape (upstream also infers a dynamic size from the source's; here
    /// a dynamic result size keeps its place and needs
    /// [`Self::build_from_result_type_src_reassociation_output_shape`]).
    pub fn build_from_result_type_src_reassociation(
        b: &mut OpBuilder<'_>,
        loc: Location,
        result_type: Type,
        src: Value,
        reassociation: &[Vec<i64>],
    ) -> ExpandShapeOp {
        let name = b.ctx.ident(<Self as Op>::NAME);
        let mut s = OperationState::new(name, loc);
        expand_shape(&mut s, b, result_type, src, reassociation, None);
        ExpandShapeOp::from_op_unchecked(b.create(&s))
    }

    /// An expansion of `src` to `result_shape`, the result layout computed
    /// from the source's.
    pub fn build_from_result_shape_src_reassociation(
        b: &mut OpBuilder<'_>,
        loc: Location,
        result_shape: &[i64],
        src: Value,
        reassociation: &[Vec<i64>],
    ) -> ExpandShapeOp {
        let ty = expanded_result(b, result_shape, src, reassociation);
        Self::build_from_result_type_src_reassociation(b, loc, ty, src, reassociation)
    }

    /// An expansion of `src` to `result_shape` with sizes `output_shape`,
    /// the result layout computed from the source's.
    pub fn build_from_result_shape_src_reassociation_output_shape(
        b: &mut OpBuilder<'_>,
        loc: Location,
        result_shape: &[i64],
        src: Value,
        reassociation: &[Vec<i64>],
        output_shape: &[OpFoldResult],
    ) -> ExpandShapeOp {
        let ty = expanded_result(b, result_shape, src, reassociation);
        Self::build_from_result_type_src_reassociation_output_shape(
            b,
            loc,
            ty,
            src,
            reassociation,
            output_shape,
        )
    }
}

/// The type `src` expands to with `result_shape` (the source type when it
/// has no strided layout, which the verifier then reports).
fn expanded_result(
    b: &mut OpBuilder<'_>,
    result_shape: &[i64],
    src: Value,
    groups: &[Vec<i64>],
) -> Type {
    let src_type = b.ir.value_type(src);
    match expanded_type(b.ctx, src_type, result_shape, groups) {
        Some(desc) => desc.intern(b.ctx),
        None => src_type,
    }
}

impl ReinterpretCastOp {
    /// A reinterpretation of `source` whose result type is computed: the
    /// static sizes and a strided layout of the static offset and strides.
    pub fn build_from_source_offset_sizes_strides_attrs(
        b: &mut OpBuilder<'_>,
        loc: Location,
        source: Value,
        offset: OpFoldResult,
        sizes: &[OpFoldResult],
        strides: &[OpFoldResult],
        attrs: &[NamedAttribute],
    ) -> ReinterpretCastOp {
        let source_type = b.ir.value_type(source);
        let (o, _) = split_mixed(b.ctx, &[offset]);
        let (sz, _) = split_mixed(b.ctx, sizes);
        let (st, _) = split_mixed(b.ctx, strides);
        let element = element_of(b.ctx, source_type).unwrap_or(source_type);
        let space = memory_space(b.ctx, source_type);
        let layout = b.ctx.strided_layout_attr(&st, o[0]);
        let ty = b.ctx.memref_type(&sz, element, Some(layout), space);
        Self::build_from_result_type_source_offset_sizes_strides_attrs(
            b, loc, ty, source, offset, sizes, strides, attrs,
        )
    }
}

impl TransposeOp {
    /// `in` with its dimensions permuted by the affine-map attribute
    /// `permutation`; the result type is computed.
    pub fn build_from_in_permutation_attrs(
        b: &mut OpBuilder<'_>,
        loc: Location,
        input: Value,
        permutation: Attribute,
        attrs: &[NamedAttribute],
    ) -> TransposeOp {
        let src = b.ir.value_type(input);
        let ty = match b.ctx.attr_kind(permutation) {
            ir::AttrKind::AffineMap(map) => {
                let map = map.clone();
                transposed_type(b.ctx, src, &map).map(|d| d.intern(b.ctx))
            }
            _ => None,
        }
        .unwrap_or(src);
        let op = create(b, <Self as Op>::NAME, loc, |b, s| {
            s.operands.push(input);
            s.result_types.push(ty);
            s.props = props(b.ctx, &[("permutation", Some(permutation))]);
            if !attrs.is_empty() {
                s.attrs = Some(b.ctx.dictionary_attr(attrs.to_vec()));
            }
        });
        TransposeOp::from_op_unchecked(op)
    }
}

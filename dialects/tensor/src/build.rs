//! Builders: the helper the spec's builder bodies call, and the builders
//! `ods/TensorOps.ods` declares without a body, as upstream writes them
//! in C++.
//!
//! In: an [`OpBuilder`] (its insertion point is kept) or the state a spec
//! builder fills, and the builder's arguments. Out: the op, inserted at
//! the builder's insertion point, or the filled state.

use super::*;
use dialect_memref::build::{create, discardable, expand_shape, props, segments, slice_state};
use ir::builder::OpBuilder;
use ir::{Attribute, Location, NamedAttribute};

pub use dialect_memref::build::collapse_shape;

/// The offsets, sizes and strides of `ranges`, list by list.
fn split_ranges(ranges: &[Range]) -> [Vec<OpFoldResult>; 3] {
    [
        ranges.iter().map(|r| r.offset).collect(),
        ranges.iter().map(|r| r.size).collect(),
        ranges.iter().map(|r| r.stride).collect(),
    ]
}

/// `n` copies of the index attribute `value`.
fn indices(ctx: &mut Context, n: usize, value: i64) -> Vec<OpFoldResult> {
    let a = ods_runtime::attr::index(ctx, value);
    vec![OpFoldResult::Attribute(a); n]
}

/// A single-block region with one `index` argument per dimension of
/// `result_type`, left for the caller to fill; returns the region and the
/// arguments.
fn index_body(
    b: &mut OpBuilder<'_>,
    result_type: Type,
    loc: Location,
) -> (ir::RegionId, Vec<Value>) {
    let rank = shape_of(b.ctx, result_type).map_or(0, |s| s.len());
    let index = b.ctx.index_type();
    let region = b.ir.create_region();
    let saved = b.insertion_point();
    let block = b.create_block(region, &vec![index; rank], loc);
    b.set_insertion_point(saved);
    let args = b.ir.arguments(block).collect();
    (region, args)
}

impl ConcatOp {
    /// The concatenation of `inputs` along `dim`, its type inferred.
    pub fn build_from_dim_inputs(
        b: &mut OpBuilder<'_>,
        loc: Location,
        dim: i64,
        inputs: &[Value],
    ) -> ConcatOp {
        let types: Vec<Type> = inputs.iter().map(|&v| b.ir.value_type(v)).collect();
        let fallback = types.first().copied().unwrap_or_else(|| b.ctx.index_type());
        let result = concat_result_type(b.ctx, dim, &types).unwrap_or(fallback);
        let op = create(b, <Self as Op>::NAME, loc, |b, s| {
            s.operands.extend_from_slice(inputs);
            s.result_types.push(result);
            let dim = ods_runtime::attr::integer(b.ctx, 64, dim);
            s.props = props(b.ctx, &[("dim", Some(dim))]);
        });
        ConcatOp::from_op_unchecked(op)
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
        let name = <Self as Op>::NAME;
        DimOp::from_op_unchecked(dialect_memref::build::build_dim(
            b, loc, name, source, index,
        ))
    }
}

impl EmptyOp {
    /// An empty tensor of a static shape.
    pub fn build_from_static_shape_element_type_encoding(
        b: &mut OpBuilder<'_>,
        loc: Location,
        static_shape: &[i64],
        element_type: Type,
        encoding: Option<Attribute>,
    ) -> EmptyOp {
        Self::build_from_static_shape_element_type_dynamic_sizes_encoding(
            b,
            loc,
            static_shape,
            element_type,
            &[],
            encoding,
        )
    }

    /// An empty tensor of a shape whose dynamic sizes `dynamic_sizes`
    /// give.
    pub fn build_from_static_shape_element_type_dynamic_sizes_encoding(
        b: &mut OpBuilder<'_>,
        loc: Location,
        static_shape: &[i64],
        element_type: Type,
        dynamic_sizes: &[Value],
        encoding: Option<Attribute>,
    ) -> EmptyOp {
        let ty = b
            .ctx
            .ranked_tensor_type(static_shape, element_type, encoding);
        let op = create(b, <Self as Op>::NAME, loc, |_, s| {
            s.operands.extend_from_slice(dynamic_sizes);
            s.result_types.push(ty);
        });
        EmptyOp::from_op_unchecked(op)
    }

    /// An empty tensor whose sizes are each a constant or a value.
    pub fn build_from_sizes_element_type_encoding(
        b: &mut OpBuilder<'_>,
        loc: Location,
        sizes: &[OpFoldResult],
        element_type: Type,
        encoding: Option<Attribute>,
    ) -> EmptyOp {
        let (shape, dynamic) = split_mixed(b.ctx, sizes);
        Self::build_from_static_shape_element_type_dynamic_sizes_encoding(
            b,
            loc,
            &shape,
            element_type,
            &dynamic,
            encoding,
        )
    }
}

impl ExtractSliceOp {
    /// A slice of `source`; its type (not rank-reduced) inferred from the
    /// static sizes.
    pub fn build_from_source_offsets_sizes_strides_attrs(
        b: &mut OpBuilder<'_>,
        loc: Location,
        source: Value,
        offsets: &[OpFoldResult],
        sizes: &[OpFoldResult],
        strides: &[OpFoldResult],
        attrs: &[NamedAttribute],
    ) -> ExtractSliceOp {
        let (static_sizes, _) = split_mixed(b.ctx, sizes);
        let source_type = b.ir.value_type(source);
        let result = slice_result_type(b.ctx, source_type, &static_sizes).unwrap_or(source_type);
        Self::build_from_result_type_source_offsets_sizes_strides_attrs(
            b, loc, result, source, offsets, sizes, strides, attrs,
        )
    }

    /// A slice of `source` of type `result_type` (perhaps rank-reduced).
    #[allow(clippy::too_many_arguments)]
    pub fn build_from_result_type_source_offsets_sizes_strides_attrs(
        b: &mut OpBuilder<'_>,
        loc: Location,
        result_type: Type,
        source: Value,
        offsets: &[OpFoldResult],
        sizes: &[OpFoldResult],
        strides: &[OpFoldResult],
        attrs: &[NamedAttribute],
    ) -> ExtractSliceOp {
        let op = create(b, <Self as Op>::NAME, loc, |b, s| {
            s.result_types.push(result_type);
            slice_state(b, s, &[source], [offsets, sizes, strides], attrs);
        });
        ExtractSliceOp::from_op_unchecked(op)
    }

    /// The slice of `source` that `ranges` select.
    pub fn build_from_source_ranges_attrs(
        b: &mut OpBuilder<'_>,
        loc: Location,
        source: Value,
        ranges: &[Range],
        attrs: &[NamedAttribute],
    ) -> ExtractSliceOp {
        let [o, sz, st] = split_ranges(ranges);
        Self::build_from_source_offsets_sizes_strides_attrs(b, loc, source, &o, &sz, &st, attrs)
    }

    /// The leading slice of `source` with these sizes (offsets 0, strides
    /// 1).
    pub fn build_from_result_type_source_sizes_attrs(
        b: &mut OpBuilder<'_>,
        loc: Location,
        result_type: Type,
        source: Value,
        sizes: &[OpFoldResult],
        attrs: &[NamedAttribute],
    ) -> ExtractSliceOp {
        let n = sizes.len();
        let (offsets, strides) = (indices(b.ctx, n, 0), indices(b.ctx, n, 1));
        Self::build_from_result_type_source_offsets_sizes_strides_attrs(
            b,
            loc,
            result_type,
            source,
            &offsets,
            sizes,
            &strides,
            attrs,
        )
    }
}

impl FromElementsOp {
    /// A one-dimensional tensor of `elements` (at least one; their type
    /// is the element type).
    pub fn build_from_elements(
        b: &mut OpBuilder<'_>,
        loc: Location,
        elements: &[Value],
    ) -> FromElementsOp {
        let element = elements
            .first()
            .map_or_else(|| b.ctx.index_type(), |&v| b.ir.value_type(v));
        let ty = b
            .ctx
            .ranked_tensor_type(&[elements.len() as i64], element, None);
        let op = create(b, <Self as Op>::NAME, loc, |_, s| {
            s.operands.extend_from_slice(elements);
            s.result_types.push(ty);
        });
        FromElementsOp::from_op_unchecked(op)
    }
}

impl GenerateOp {
    /// A `generate` of `result_ty` whose body `body_builder` fills (given
    /// the builder, the location and the index arguments; it ends the
    /// body with a `tensor.yield`).
    pub fn build_from_result_ty_dynamic_extents(
        b: &mut OpBuilder<'_>,
        loc: Location,
        result_ty: Type,
        dynamic_extents: &[Value],
        body_builder: &mut dyn FnMut(&mut OpBuilder<'_>, Location, &[Value]),
    ) -> GenerateOp {
        let (region, args) = index_body(b, result_ty, loc);
        let op = create(b, <Self as Op>::NAME, loc, |_, s| {
            s.operands.extend_from_slice(dynamic_extents);
            s.result_types.push(result_ty);
            s.regions.push(region);
        });
        if let Some(block) = b.ir.first_block(region) {
            let saved = b.insertion_point();
            b.set_insertion_point_to_end(block);
            body_builder(b, loc, &args);
            b.set_insertion_point(saved);
        }
        GenerateOp::from_op_unchecked(op)
    }
}

impl InsertSliceOp {
    /// `source` into the slice of `dest` these entries select.
    #[allow(clippy::too_many_arguments)]
    pub fn build_from_source_dest_offsets_sizes_strides_attrs(
        b: &mut OpBuilder<'_>,
        loc: Location,
        source: Value,
        dest: Value,
        offsets: &[OpFoldResult],
        sizes: &[OpFoldResult],
        strides: &[OpFoldResult],
        attrs: &[NamedAttribute],
    ) -> InsertSliceOp {
        let dest_type = b.ir.value_type(dest);
        let op = create(b, <Self as Op>::NAME, loc, |b, s| {
            s.result_types.push(dest_type);
            slice_state(b, s, &[source, dest], [offsets, sizes, strides], attrs);
        });
        InsertSliceOp::from_op_unchecked(op)
    }

    /// `source` into the slice of `dest` that `ranges` select.
    pub fn build_from_source_dest_ranges_attrs(
        b: &mut OpBuilder<'_>,
        loc: Location,
        source: Value,
        dest: Value,
        ranges: &[Range],
        attrs: &[NamedAttribute],
    ) -> InsertSliceOp {
        let [o, sz, st] = split_ranges(ranges);
        Self::build_from_source_dest_offsets_sizes_strides_attrs(
            b, loc, source, dest, &o, &sz, &st, attrs,
        )
    }

    /// `source` into the leading slice of `dest` with these sizes.
    pub fn build_from_source_dest_sizes_attrs(
        b: &mut OpBuilder<'_>,
        loc: Location,
        source: Value,
        dest: Value,
        sizes: &[OpFoldResult],
        attrs: &[NamedAttribute],
    ) -> InsertSliceOp {
        let n = sizes.len();
        let (offsets, strides) = (indices(b.ctx, n, 0), indices(b.ctx, n, 1));
        Self::build_from_source_dest_offsets_sizes_strides_attrs(
            b, loc, source, dest, &offsets, sizes, &strides, attrs,
        )
    }
}

impl ParallelInsertSliceOp {
    /// `source` into the slice of the shared `dest` these entries select.
    #[allow(clippy::too_many_arguments)]
    pub fn build_from_source_dest_offsets_sizes_strides_attrs(
        b: &mut OpBuilder<'_>,
        loc: Location,
        source: Value,
        dest: Value,
        offsets: &[OpFoldResult],
        sizes: &[OpFoldResult],
        strides: &[OpFoldResult],
        attrs: &[NamedAttribute],
    ) -> ParallelInsertSliceOp {
        let op = create(b, <Self as Op>::NAME, loc, |b, s| {
            slice_state(b, s, &[source, dest], [offsets, sizes, strides], attrs);
        });
        ParallelInsertSliceOp::from_op_unchecked(op)
    }

    /// `source` into the slice of the shared `dest` that `ranges` select.
    pub fn build_from_source_dest_ranges_attrs(
        b: &mut OpBuilder<'_>,
        loc: Location,
        source: Value,
        dest: Value,
        ranges: &[Range],
        attrs: &[NamedAttribute],
    ) -> ParallelInsertSliceOp {
        let [o, sz, st] = split_ranges(ranges);
        Self::build_from_source_dest_offsets_sizes_strides_attrs(
            b, loc, source, dest, &o, &sz, &st, attrs,
        )
    }
}

impl ExpandShapeOp {
    /// An expansion of `src` to `result_type` with the output sizes
    /// given, each a constant or a value.
    pub fn build_from_result_type_src_reassociation_output_shape(
        b: &mut OpBuilder<'_>,
        loc: Location,
        result_type: Type,
        src: Value,
        reassociation: &[Vec<i64>],
        output_shape: &[OpFoldResult],
    ) -> ExpandShapeOp {
        let op = create(b, <Self as Op>::NAME, loc, |b, s| {
            let output_shape = Some(output_shape);
            expand_shape(s, b, result_type, src, reassociation, output_shape);
        });
        ExpandShapeOp::from_op_unchecked(op)
    }

    /// An expansion whose output sizes are the result type's; a dynamic
    /// one (at most one per group, as the verifier requires) is the source
    /// dimension divided by the group's static sizes, computed here with
    /// `tensor.dim` and `arith.divsi` (upstream's `inferOutputShape` uses
    /// affine arithmetic, a dialect this workspace does not have).
    pub fn build_from_result_type_src_reassociation(
        b: &mut OpBuilder<'_>,
        loc: Location,
        result_type: Type,
        src: Value,
        reassociation: &[Vec<i64>],
    ) -> ExpandShapeOp {
        let shape = shape_of(b.ctx, result_type).unwrap_or_default();
        let size_of = |d: i64| shape.get(d as usize).copied().unwrap_or(DYNAMIC);
        let mut output = Vec::with_capacity(shape.len());
        for (group_index, group) in reassociation.iter().enumerate() {
            let statics: i64 = group
                .iter()
                .map(|&d| size_of(d))
                .filter(|&s| s != DYNAMIC)
                .product();
            for &d in group {
                let size = size_of(d);
                if size != DYNAMIC {
                    output.push(OpFoldResult::Attribute(ods_runtime::attr::index(
                        b.ctx, size,
                    )));
                    continue;
                }
                let dim = DimOp::build_from_source_index(b, loc, src, group_index as i64);
                let mut v = b.ir.result(dim.op(), 0);
                if statics != 1 {
                    let index_type = b.ctx.index_type();
                    let divisor = ods_runtime::attr::index(b.ctx, statics);
                    let c = dialect_arith::ConstantOp::build(b, loc, index_type, divisor);
                    let c = b.ir.result(c.op(), 0);
                    let q = dialect_arith::DivSIOp::build(b, loc, v, c, false);
                    v = b.ir.result(q.op(), 0);
                }
                output.push(OpFoldResult::Value(v));
            }
        }
        Self::build_from_result_type_src_reassociation_output_shape(
            b,
            loc,
            result_type,
            src,
            reassociation,
            &output,
        )
    }
}

impl CollapseShapeOp {
    /// A collapse of `src` by `reassociation`, its type computed.
    pub fn build_from_src_reassociation_attrs(
        b: &mut OpBuilder<'_>,
        loc: Location,
        src: Value,
        reassociation: &[Vec<i64>],
        attrs: &[NamedAttribute],
    ) -> CollapseShapeOp {
        let src_type = b.ir.value_type(src);
        let result = collapsed_type(b.ctx, src_type, reassociation).unwrap_or(src_type);
        let op = create(b, <Self as Op>::NAME, loc, |b, s| {
            collapse_shape(s, b.ctx, result, src, reassociation, attrs);
        });
        CollapseShapeOp::from_op_unchecked(op)
    }
}

impl PadOp {
    /// A pad with static and dynamic paddings apart and an empty body
    /// region (the caller adds the block).
    #[allow(clippy::too_many_arguments)]
    pub fn build_from_result_type_source_static_low_static_high_low_high_nofold_attrs(
        b: &mut OpBuilder<'_>,
        loc: Location,
        result_type: Type,
        source: Value,
        static_low: &[i64],
        static_high: &[i64],
        low: &[Value],
        high: &[Value],
        nofold: bool,
        attrs: &[NamedAttribute],
    ) -> PadOp {
        let op = create(b, <Self as Op>::NAME, loc, |b, s| {
            s.operands.push(source);
            s.operands.extend_from_slice(low);
            s.operands.extend_from_slice(high);
            s.result_types.push(result_type);
            s.regions.push(b.ir.create_region());
            let sizes = segments(b.ctx, &[1, low.len(), high.len()]);
            let sl = ods_runtime::attr::dense_array(b.ctx, static_low);
            let sh = ods_runtime::attr::dense_array(b.ctx, static_high);
            let nofold = nofold.then(|| ods_runtime::attr::unit(b.ctx));
            s.props = props(
                b.ctx,
                &[
                    ("nofold", nofold),
                    ("operandSegmentSizes", sizes),
                    ("static_high", Some(sh)),
                    ("static_low", Some(sl)),
                ],
            );
            discardable(b.ctx, s, attrs);
        });
        PadOp::from_op_unchecked(op)
    }

    /// A pad whose paddings are each a constant or a value, with an empty
    /// body region.
    #[allow(clippy::too_many_arguments)]
    pub fn build_from_result_type_source_low_high_nofold_attrs(
        b: &mut OpBuilder<'_>,
        loc: Location,
        result_type: Type,
        source: Value,
        low: &[OpFoldResult],
        high: &[OpFoldResult],
        nofold: bool,
        attrs: &[NamedAttribute],
    ) -> PadOp {
        let (sl, lv) = split_mixed(b.ctx, low);
        let (sh, hv) = split_mixed(b.ctx, high);
        Self::build_from_result_type_source_static_low_static_high_low_high_nofold_attrs(
            b,
            loc,
            result_type,
            source,
            &sl,
            &sh,
            &lv,
            &hv,
            nofold,
            attrs,
        )
    }

    /// A pad whose body yields `constant_pad_value`.
    #[allow(clippy::too_many_arguments)]
    pub fn build_from_result_type_source_low_high_constant_pad_value_nofold_attrs(
        b: &mut OpBuilder<'_>,
        loc: Location,
        result_type: Type,
        source: Value,
        low: &[OpFoldResult],
        high: &[OpFoldResult],
        constant_pad_value: Value,
        nofold: bool,
        attrs: &[NamedAttribute],
    ) -> PadOp {
        let pad = Self::build_from_result_type_source_low_high_nofold_attrs(
            b,
            loc,
            result_type,
            source,
            low,
            high,
            nofold,
            attrs,
        );
        let region = b.ir.region(pad.op(), 0);
        let rank = shape_of(b.ctx, result_type).map_or(0, |s| s.len());
        let index = b.ctx.index_type();
        let saved = b.insertion_point();
        b.create_block(region, &vec![index; rank], loc);
        YieldOp::build(b, loc, constant_pad_value);
        b.set_insertion_point(saved);
        pad
    }
}

impl SplatOp {
    /// A splat of `element` of type `aggregate_type`, `dynamic_sizes`
    /// giving its dynamic sizes.
    pub fn build_from_element_aggregate_type_dynamic_sizes(
        b: &mut OpBuilder<'_>,
        loc: Location,
        element: Value,
        aggregate_type: Type,
        dynamic_sizes: &[Value],
    ) -> SplatOp {
        let op = create(b, <Self as Op>::NAME, loc, |_, s| {
            s.operands.push(element);
            s.operands.extend_from_slice(dynamic_sizes);
            s.result_types.push(aggregate_type);
        });
        SplatOp::from_op_unchecked(op)
    }

    /// A splat of `element` of a static shape with dynamic sizes given.
    pub fn build_from_element_static_shape_dynamic_sizes(
        b: &mut OpBuilder<'_>,
        loc: Location,
        element: Value,
        static_shape: &[i64],
        dynamic_sizes: &[Value],
    ) -> SplatOp {
        let element_type = b.ir.value_type(element);
        let ty = b.ctx.ranked_tensor_type(static_shape, element_type, None);
        Self::build_from_element_aggregate_type_dynamic_sizes(b, loc, element, ty, dynamic_sizes)
    }

    /// A splat of `element` whose sizes are each a constant or a value.
    pub fn build_from_element_sizes(
        b: &mut OpBuilder<'_>,
        loc: Location,
        element: Value,
        sizes: &[OpFoldResult],
    ) -> SplatOp {
        let (shape, dynamic) = split_mixed(b.ctx, sizes);
        Self::build_from_element_static_shape_dynamic_sizes(b, loc, element, &shape, &dynamic)
    }
}

//! Canonicalization patterns of the `tensor` dialect (upstream's
//! `getCanonicalizationPatterns` of the tensor ops), as [`Pattern`]s for
//! `--canonicalize`: chains of casts and bitcasts joined, casts folded
//! into `extract_slice` and `tensor.empty`, `dim` read from what a
//! tensor is made of (a cast's source, a destination, a reshape's shape,
//! an empty tensor's sizes), constant sizes moved into the types of
//! `tensor.empty` and `tensor.generate`, extracts through casts and from
//! `tensor.generate` (its body copied).
//!
//! In: an op the greedy driver visits. Out: the op rewritten through the
//! [`Rewriter`] (new ops take the location of the op they replace, as
//! upstream's C++ patterns give them), or no match.
//!
//! The slice patterns (`extract_slice`, `insert_slice`) are in [`slices`].
//!
//! Reshapes of one kind compose, and a collapse of an expansion becomes
//! one reshape (memref's patterns over tensor's ops).
//!
//! Not done (upstream has them): the `parallel_insert_slice` folders, the
//! pad patterns, `ComposeExpandOfCollapseOp`, the reshapes of constants,
//! splats and `from_elements`, the collapse of a cast, `dim` of a
//! reshape of static groups, `ConvertToStaticExpandShape`,
//! `InferConcatOperandTypes`/`InferConcatResultType`.

use super::fold::preserves_static_information;
use super::{
    element_of, encoding_of, mixed_offsets_sizes_strides, mixed_sizes_of, rank_reduction_mask,
    shape_of, static_entries, BitcastOp, CastOp, ConcatOp, DimOp, EmptyOp, ExtractOp,
    ExtractSliceOp, GenerateOp, ReshapeOp,
};
use dialect_arith::IndexCastOp;
use dialect_memref::canonicalize::{
    compose_collapse_of_collapse_with, compose_collapse_of_expand_with,
    compose_expand_of_expand_with, constant_int, constant_sizes_into_shape, def,
    dim_of_reshape_with, pattern, replace_with_cast_of, replace_with_new, replace_with_slice_of,
    CastBack, ReshapeOps,
};
use ir::builder::{InsertPoint, OpBuilder};
use ir::{Location, OpId, Type, TypeKind, Value};
use ods_runtime::fold::OpFoldResult;
use ods_runtime::index_list::DYNAMIC;
use ods_runtime::Op;
use ods_transforms::rewrite::dead::would_be_trivially_dead;
use ods_transforms::rewrite::{Pattern, Rewriter, ValueMapping};

mod slices;

/// Every pattern of the dialect, in the order upstream registers them
/// (ops by name, each op's patterns in its own order).
pub const CANONICALIZATION_PATTERNS: &[Pattern] = &[
    pattern("tensor.bitcast", chained_tensor_bitcast),
    pattern("tensor.cast", chained_tensor_cast),
    pattern("tensor.cast", tensor_cast_extract_slice),
    pattern("tensor.collapse_shape", compose_collapse_of_collapse),
    pattern("tensor.collapse_shape", compose_collapse_of_expand),
    pattern("tensor.concat", single_input_concat),
    pattern("tensor.dim", dim_of_cast),
    pattern("tensor.dim", dim_of_dest_style_op),
    pattern("tensor.dim", dim_of_reshape),
    pattern("tensor.cast", fold_empty_tensor_with_cast),
    pattern("tensor.dim", fold_empty_tensor_with_dim),
    pattern("tensor.empty", replace_empty_tensor_static_shape_dims),
    pattern("tensor.expand_shape", compose_expand_of_expand),
    pattern("tensor.extract", extract_from_tensor_cast),
    pattern(
        "tensor.extract_slice",
        slices::extract_slice_constant_argument_folder,
    ),
    pattern("tensor.extract_slice", slices::extract_slice_cast_folder),
    pattern("tensor.extract", extract_element_from_index_cast),
    pattern(
        "tensor.insert_slice",
        slices::insert_slice_constant_argument_folder,
    ),
    pattern("tensor.insert_slice", slices::insert_slice_cast_folder),
    pattern(
        "tensor.insert_slice",
        slices::insert_slice_source_cast_inserter,
    ),
    pattern("tensor.extract", extract_from_tensor_generate),
    pattern("tensor.generate", static_tensor_generate),
];

/// Replaces `op` by a `tensor.cast` of `source` to `ty`, at `op`'s place
/// and location.
fn replace_with_cast(rw: &mut Rewriter<'_>, op: OpId, ty: Type, source: Value) {
    let loc = rw.ir.op_loc(op);
    let cast = rw.build(InsertPoint::Before(op), |b| {
        CastOp::build(b, loc, ty, source).op()
    });
    let result = rw.ir.result(cast, 0);
    rw.replace_op(op, &[result]);
}

/// Builds `tensor.cast %v : .. to ty` (for the memref module's
/// `replace_with_cast_of`).
fn tensor_cast(b: &mut OpBuilder<'_>, loc: Location, ty: Type, v: Value) -> OpId {
    CastOp::build(b, loc, ty, v).op()
}

/// `bitcast(bitcast(x))` -> `bitcast(x)`.
fn chained_tensor_bitcast(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let Some(inner) = def::<BitcastOp>(rw, rw.ir.operand(op, 0)) else {
        return false;
    };
    let x = inner.source(rw.ctx, rw.ir);
    let ty = rw.ir.value_type(rw.ir.result(op, 0));
    let loc = rw.ir.op_loc(op);
    replace_with_new(rw, op, InsertPoint::Before(op), |b| {
        BitcastOp::build(b, loc, ty, x).op()
    })
}

/// The most static tensor type both `a` and `b` may be (an unranked one
/// joins to the other; `None` when their static sizes disagree). The
/// join of two ranked types has no encoding, as upstream's `joinShapes`.
fn join_shapes(rw: &mut Rewriter<'_>, a: Type, b: Type) -> Option<Type> {
    let (Some(sa), Some(sb)) = (shape_of(rw.ctx, a), shape_of(rw.ctx, b)) else {
        return Some(if shape_of(rw.ctx, a).is_none() { b } else { a });
    };
    if sa.len() != sb.len() {
        return None;
    }
    let mut join = Vec::with_capacity(sa.len());
    for (&x, &y) in sa.iter().zip(&sb) {
        join.push(match (x, y) {
            (DYNAMIC, y) => y,
            (x, DYNAMIC) => x,
            (x, y) if x == y => x,
            _ => return None,
        });
    }
    let element = element_of(rw.ctx, a)?;
    Some(rw.ctx.ranked_tensor_type(&join, element, None))
}

/// `cast(cast(x))` -> `cast(x)` when the middle type adds no runtime check
/// the outer two do not make.
fn chained_tensor_cast(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let Some(inner) = def::<CastOp>(rw, rw.ir.operand(op, 0)) else {
        return false;
    };
    let x = inner.source(rw.ctx, rw.ir);
    let source = rw.ir.value_type(x);
    let middle = rw.ir.value_type(inner.dest(rw.ctx, rw.ir));
    let result = rw.ir.value_type(rw.ir.result(op, 0));
    let first = join_shapes(rw, source, middle).and_then(|j| join_shapes(rw, j, result));
    let Some(first) = first else {
        return false;
    };
    if join_shapes(rw, source, result) != Some(first) {
        return false;
    }
    replace_with_cast(rw, op, result, x);
    true
}

/// `cast(extract_slice(x) : tensor<?x512xT>) : tensor<16x512xT>` ->
/// `extract_slice(x)` with the sizes the cast makes static.
fn tensor_cast_extract_slice(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let Some(slice) = def::<ExtractSliceOp>(rw, rw.ir.operand(op, 0)) else {
        return false;
    };
    let source_ty = rw.ir.value_type(rw.ir.operand(op, 0));
    let result_ty = rw.ir.value_type(rw.ir.result(op, 0));
    let Some(result_shape) = shape_of(rw.ctx, result_ty) else {
        return false;
    };
    if !preserves_static_information(rw.ctx, source_ty, result_ty)
        || shape_of(rw.ctx, source_ty).as_ref() == Some(&result_shape)
    {
        return false;
    }
    let [offsets, mut sizes, strides] = mixed_offsets_sizes_strides(rw.ctx, rw.ir, slice.op());
    let static_sizes = static_entries(rw.ctx, rw.ir, slice.op(), "static_sizes");
    let slice_shape = shape_of(rw.ctx, source_ty).unwrap_or_default();
    let dropped = rank_reduction_mask(&static_sizes, &slice_shape);
    let mut kept_dims = result_shape.iter();
    for (i, size) in sizes.iter_mut().enumerate() {
        if dropped.as_ref().is_some_and(|d| d[i]) {
            continue;
        }
        let Some(&dim) = kept_dims.next() else {
            return false;
        };
        if dim != DYNAMIC {
            *size = OpFoldResult::Attribute(ods_runtime::attr::index(rw.ctx, dim));
        }
    }
    let source = rw.ir.operand(slice.op(), 0);
    let mixed = [offsets, sizes, strides];
    replace_with_slice_of(rw, op, result_ty, source, &mixed, &slices::EXTRACT_SLICE)
}

/// `concat(x)` of one input -> `cast(x)` to the result type.
fn single_input_concat(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let concat = ConcatOp::from_op_unchecked(op);
    if rw.ir.num_operands(op) != 1 {
        return false;
    }
    let ty = rw.ir.value_type(concat.result(rw.ctx, rw.ir));
    let input = rw.ir.operand(op, 0);
    replace_with_cast(rw, op, ty, input);
    true
}

/// `dim(cast(x), i)` -> `dim(x, i)`.
fn dim_of_cast(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let dim = DimOp::from_op_unchecked(op);
    let Some(cast) = def::<CastOp>(rw, dim.source(rw.ctx, rw.ir)) else {
        return false;
    };
    let (x, index) = (cast.source(rw.ctx, rw.ir), dim.index(rw.ctx, rw.ir));
    let loc = rw.ir.op_loc(op);
    replace_with_new(rw, op, InsertPoint::Before(op), |b| {
        DimOp::build(b, loc, x, index).op()
    })
}

/// `dim(insert(.., %dest), i)` -> `dim(%dest, i)`: an op in destination
/// style (here `tensor.insert` and `tensor.insert_slice`) has the shape of
/// its destination.
fn dim_of_dest_style_op(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let source = rw.ir.operand(op, 0);
    let Some(producer) = rw.ir.defining_op(source) else {
        return false;
    };
    // The destination is the second operand of both.
    let dest = match rw.ctx.str(rw.ir.op_name(producer)) {
        "tensor.insert" | "tensor.insert_slice" => rw.ir.operand(producer, 1),
        _ => return false,
    };
    rw.ir.set_operand(op, 0, dest);
    rw.notify_modified(op);
    true
}

/// `dim(reshape(x, %shape), i)` -> `extract %shape[i]`, just after the
/// dim (tensors do not change).
fn dim_of_reshape(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    dim_of_reshape_with(
        rw,
        op,
        ReshapeOp::NAME,
        |_, dim, _| Some(InsertPoint::After(dim)),
        |b, loc, shape, index| {
            let shape_ty = b.ir.value_type(shape);
            let element = element_of(b.ctx, shape_ty).unwrap_or(shape_ty);
            ExtractOp::build(b, loc, element, shape, &[index]).op()
        },
    )
}

/// `cast(empty(%d0, %d1) : tensor<?x?xT>) : tensor<4x?xT>` ->
/// `empty(%d1) : tensor<4x?xT>` (a program with a wrong cast is wrong
/// anyway). The new type has no encoding, as upstream's.
fn fold_empty_tensor_with_cast(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let source = rw.ir.operand(op, 0);
    let result_ty = rw.ir.value_type(rw.ir.result(op, 0));
    if !preserves_static_information(rw.ctx, rw.ir.value_type(source), result_ty) {
        return false;
    }
    let Some(empty) = def::<EmptyOp>(rw, source) else {
        return false;
    };
    let empty_ty = rw.ir.value_type(source);
    let dynamic: Vec<Value> = rw.ir.operands(empty.op()).collect();
    let current = mixed_sizes_of(rw.ctx, empty_ty, &dynamic);
    let (Some(shape), Some(element)) = (shape_of(rw.ctx, result_ty), element_of(rw.ctx, result_ty))
    else {
        return false;
    };
    let mut sizes = Vec::with_capacity(shape.len());
    for (&new_dim, &size) in shape.iter().zip(&current) {
        sizes.push(match size {
            OpFoldResult::Attribute(a) => {
                if ods_runtime::pred::integer_attr_value(rw.ctx, a) != Some(new_dim) {
                    return false;
                }
                size
            }
            OpFoldResult::Value(_) if new_dim != DYNAMIC => {
                OpFoldResult::Attribute(ods_runtime::attr::index(rw.ctx, new_dim))
            }
            OpFoldResult::Value(_) => size,
        });
    }
    let loc = rw.ir.op_loc(op);
    replace_with_new(rw, op, InsertPoint::Before(op), |b| {
        EmptyOp::build_from_sizes_element_type_encoding(b, loc, &sizes, element, None).op()
    })
}

/// `dim(empty(.., %d, ..), i)` -> `%d` for a constant `i` naming a
/// dynamic dimension.
fn fold_empty_tensor_with_dim(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let dim = DimOp::from_op_unchecked(op);
    let Some(empty) = def::<EmptyOp>(rw, dim.source(rw.ctx, rw.ir)) else {
        return false;
    };
    let Some(index) = constant_int(rw.ctx, rw.registry, rw.ir, dim.index(rw.ctx, rw.ir)) else {
        return false;
    };
    let Ok(index) = usize::try_from(index) else {
        return false;
    };
    let Some(size) = super::dynamic_size_operand(rw.ctx, rw.ir, empty.op(), 0, index) else {
        return false;
    };
    rw.replace_op(op, &[size]);
    true
}

/// `empty(%n, %c5) : tensor<?x?xT>` -> `cast(empty(%n) : tensor<?x5xT>)`.
fn replace_empty_tensor_static_shape_dims(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let Some((_, new_ty, kept)) = constant_sizes_into_type(rw, op) else {
        return false;
    };
    replace_with_cast_of(rw, op, CastBack::Always, tensor_cast, |b, loc| {
        EmptyOp::build(b, loc, new_ty, &kept).op()
    })
}

/// For an op whose operands are the dynamic sizes of its tensor result
/// (`tensor.empty`, `tensor.generate`): the result type, the type with
/// the constant sizes made static (element type and encoding kept) and
/// the sizes left; `None` when no size is constant.
fn constant_sizes_into_type(rw: &mut Rewriter<'_>, op: OpId) -> Option<(Type, Type, Vec<Value>)> {
    let ty = rw.ir.value_type(rw.ir.result(op, 0));
    let sizes: Vec<Value> = rw.ir.operands(op).collect();
    let (shape, kept) = constant_sizes_into_shape(rw, &shape_of(rw.ctx, ty)?, &sizes)?;
    let element = element_of(rw.ctx, ty)?;
    let encoding = encoding_of(rw.ctx, ty);
    Some((
        ty,
        rw.ctx.ranked_tensor_type(&shape, element, encoding),
        kept,
    ))
}

/// `extract(cast(x), ..)` -> `extract(x, ..)` for a ranked `x`.
fn extract_from_tensor_cast(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let extract = ExtractOp::from_op_unchecked(op);
    let Some(cast) = def::<CastOp>(rw, extract.tensor(rw.ctx, rw.ir)) else {
        return false;
    };
    let x = cast.source(rw.ctx, rw.ir);
    if !matches!(
        rw.ctx.type_kind(rw.ir.value_type(x)),
        TypeKind::RankedTensor { .. }
    ) {
        return false;
    }
    let indices: Vec<Value> = rw.ir.operands(op).skip(1).collect();
    let ty = rw.ir.value_type(extract.result(rw.ctx, rw.ir));
    let loc = rw.ir.op_loc(op);
    replace_with_new(rw, op, InsertPoint::Before(op), |b| {
        ExtractOp::build(b, loc, ty, x, &indices).op()
    })
}

/// `extract(index_cast(x), ..)` -> `index_cast(extract(x, ..))`.
fn extract_element_from_index_cast(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let extract = ExtractOp::from_op_unchecked(op);
    let Some(cast) = def::<IndexCastOp>(rw, extract.tensor(rw.ctx, rw.ir)) else {
        return false;
    };
    let x = rw.ir.operand(cast.op(), 0);
    let x_ty = rw.ir.value_type(x);
    let element = element_of(rw.ctx, x_ty).unwrap_or(x_ty);
    let indices: Vec<Value> = rw.ir.operands(op).skip(1).collect();
    let ty = rw.ir.value_type(extract.result(rw.ctx, rw.ir));
    let loc = rw.ir.op_loc(op);
    replace_with_new(rw, op, InsertPoint::Before(op), |b| {
        let inner = ExtractOp::build(b, loc, element, x, &indices).op();
        let inner = b.ir.result(inner, 0);
        IndexCastOp::build(b, loc, ty, inner).op()
    })
}

/// `extract(generate(..) { body }, %i, %j)` -> the body's ops copied
/// before the extract with its arguments read as `%i, %j`, the extract
/// replaced by what the body yields; only when the `generate` would be
/// dead without its uses (its body has no side effects), as upstream's
/// `ExtractFromTensorGenerate` (registered by `tensor.generate`).
fn extract_from_tensor_generate(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let extract = ExtractOp::from_op_unchecked(op);
    let Some(generate) = def::<GenerateOp>(rw, extract.tensor(rw.ctx, rw.ir)) else {
        return false;
    };
    if !would_be_trivially_dead(rw.ctx, rw.registry, rw.ir, generate.op()) {
        return false;
    }
    let Some(body) = rw.ir.first_block(generate.body(rw.ir)) else {
        return false;
    };
    let Some(terminator) = rw.ir.last_op(body) else {
        return false;
    };
    let indices: Vec<Value> = rw.ir.operands(op).skip(1).collect();
    let mut mapping: ValueMapping = rw.ir.arguments(body).zip(indices).collect();
    let ops: Vec<OpId> = rw.ir.block_ops(body).filter(|&o| o != terminator).collect();
    for o in ops {
        rw.clone_op(o, InsertPoint::Before(op), &mut mapping);
    }
    let yielded = rw.ir.operand(terminator, 0);
    let value = mapping.get(&yielded).copied().unwrap_or(yielded);
    rw.replace_op(op, &[value]);
    true
}

/// `generate(%n, %c3) : tensor<?x?xT>` ->
/// `cast(generate(%n) : tensor<?x3xT>)`, the body moved over.
fn static_tensor_generate(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let generate = GenerateOp::from_op_unchecked(op);
    let Some((ty, new_ty, kept)) = constant_sizes_into_type(rw, op) else {
        return false;
    };
    let loc = rw.ir.op_loc(op);
    let new = rw.build(InsertPoint::Before(op), |b| {
        GenerateOp::build(b, loc, new_ty, &kept).op()
    });
    let (from, to) = (generate.body(rw.ir), rw.ir.region(new, 0));
    let blocks: Vec<_> = rw.ir.region_blocks(from).collect();
    for block in blocks {
        rw.ir.detach_block(block);
        rw.ir.append_block(to, block);
    }
    let new = rw.ir.result(new, 0);
    replace_with_cast(rw, op, ty, new);
    true
}

/// tensor's reshapes, for memref's composition patterns.
const TENSOR_RESHAPES: ReshapeOps = ReshapeOps {
    collapse: "tensor.collapse_shape",
    expand: "tensor.expand_shape",
    cast: CastOp::NAME,
};

/// Two collapses in a row become one (upstream's
/// `ComposeReassociativeReshapeOps`).
fn compose_collapse_of_collapse(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    compose_collapse_of_collapse_with(rw, op, TENSOR_RESHAPES)
}

/// Two expansions in a row become one.
fn compose_expand_of_expand(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    compose_expand_of_expand_with(rw, op, TENSOR_RESHAPES)
}

/// A collapse of an expansion becomes one reshape or a cast (upstream's
/// `ComposeCollapseOfExpandOp`).
fn compose_collapse_of_expand(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    compose_collapse_of_expand_with(rw, op, TENSOR_RESHAPES)
}

//! `--expand-strided-metadata` (upstream's
//! `Dialect/MemRef/Transforms/ExpandStridedMetadata.cpp`): the memref ops
//! that only change a memref's metadata (`subview`, `expand_shape`,
//! `collapse_shape`) become a `memref.extract_strided_metadata` of their
//! source, `affine.apply`s computing the new offset, sizes and strides,
//! and a `memref.reinterpret_cast` putting them together; an
//! `extract_strided_metadata` of such an op, or of an `alloc`, `alloca`,
//! `get_global`, `cast`, `reinterpret_cast` or `memory_space_cast`, reads
//! the metadata of what is underneath instead.
//!
//! Upstream runs these patterns with the greedy driver, not a dialect
//! conversion: nothing is illegal, and folding (of `affine.apply`, of
//! `extract_strided_metadata` over static types) and dead code erasure
//! between the patterns shape the output. So does this pass
//! ([`ods_transforms::rewrite::apply_patterns_greedily`], bottom-up as
//! upstream's default configuration), so that it prints what `mlir-opt`
//! prints.
//!
//! It lives in `ods-conversion` rather than `dialect-memref` because it
//! builds `affine.apply`: `dialect-memref` does not depend on
//! `dialect-affine` (upstream's memref transforms library does, its IR
//! library does not), and this crate already depends on both.
//!
//! In: a module. Out: the same module, its view ops expanded.

mod extract;
mod reshape;

use dialect_affine::compose::compose_affine_map_and_operands;
use dialect_affine::AffineApplyOp;
use dialect_arith::ConstantOp;
use dialect_memref::layout::{shape_of, strides_and_offset, subview_dropped_dims};
use dialect_memref::{ExtractStridedMetadataOp, ReinterpretCastOp, SubViewOp};
use ir::affine::{AffineExpr, AffineMap};
use ir::builder::{InsertPoint, OpBuilder};
use ir::{Diagnostic, Location, OpId, Type, TypeKind, Value};
use ods_runtime::fold::{self, OpFoldResult};
use ods_runtime::index_list::DYNAMIC;
use ods_runtime::Op;
use ods_transforms::pass::{Pass, PassCx, PassInfo, PassRegistry};
use ods_transforms::rewrite::{apply_patterns_greedily, pattern, GreedyConfig, Pattern, Rewriter};

/// Registers `--expand-strided-metadata`.
pub fn register(registry: &mut PassRegistry) {
    registry.register(PassInfo {
        name: "expand-strided-metadata",
        summary: "Expand memref operations into easier to analyze constructs",
        options: &[],
        create: |_| Box::new(ExpandStridedMetadata),
    });
}

/// The patterns in upstream's order (`populateExpandStridedMetadataPatterns`):
/// the view ops themselves, then `extract_strided_metadata` of each kind
/// of source.
pub const PATTERNS: &[Pattern] = &[
    pattern("memref.subview", subview_folder),
    pattern("memref.expand_shape", reshape::expand_shape_folder),
    pattern("memref.collapse_shape", reshape::collapse_shape_folder),
    pattern("memref.extract_strided_metadata", extract::of_alloc),
    pattern("memref.extract_strided_metadata", extract::of_alloca),
    pattern(
        "memref.extract_strided_metadata",
        reshape::extract_of_collapse_shape,
    ),
    pattern(
        "memref.extract_strided_metadata",
        reshape::extract_of_expand_shape,
    ),
    pattern("memref.extract_strided_metadata", extract::of_get_global),
    pattern(
        "memref.extract_strided_metadata",
        extract::of_assume_alignment,
    ),
    pattern(
        "memref.extract_aligned_pointer_as_index",
        extract::aligned_pointer_of_view,
    ),
    pattern(
        "memref.extract_strided_metadata",
        extract::of_reinterpret_cast,
    ),
    pattern("memref.extract_strided_metadata", extract_of_subview),
    pattern("memref.extract_strided_metadata", extract::of_cast),
    pattern(
        "memref.extract_strided_metadata",
        extract::of_memory_space_cast,
    ),
    pattern(
        "memref.extract_strided_metadata",
        extract::of_extract_strided_metadata,
    ),
];

struct ExpandStridedMetadata;

impl Pass for ExpandStridedMetadata {
    fn run(&mut self, cx: &mut PassCx<'_>, op: OpId) -> Result<(), Vec<Diagnostic>> {
        // Upstream's `GreedyRewriteConfig` defaults: bottom-up, ten rounds,
        // folding and region simplification on. Not converging is no
        // failure there (the result of the driver is ignored).
        let config = GreedyConfig {
            top_down: false,
            ..GreedyConfig::default()
        };
        apply_patterns_greedily(
            cx.ctx,
            cx.registry,
            cx.ir,
            op,
            PATTERNS,
            config,
            cx.report.sources,
        );
        Ok(())
    }
}

/// A memref's parts as the patterns compute them (upstream's
/// `StridedMetadata`): the base buffer, and the offset, sizes and strides
/// each a constant or a value.
struct StridedMetadata {
    base: Value,
    offset: OpFoldResult,
    sizes: Vec<OpFoldResult>,
    strides: Vec<OpFoldResult>,
}

/// An `index` attribute as a fold result.
fn index_attr(rw: &mut Rewriter<'_>, value: i64) -> OpFoldResult {
    OpFoldResult::Attribute(ods_runtime::attr::index(rw.ctx, value))
}

/// `value` when `fixed` is dynamic, else `fixed` as a constant (how
/// upstream picks between a type's static entry and the extracted one).
fn static_or(rw: &mut Rewriter<'_>, fixed: i64, value: Value) -> OpFoldResult {
    if fixed == DYNAMIC {
        OpFoldResult::Value(value)
    } else {
        index_attr(rw, fixed)
    }
}

/// The integer of a constant fold result.
fn attr_int(rw: &Rewriter<'_>, attr: ir::Attribute) -> i64 {
    ods_runtime::attr::int_value(rw.ctx, attr)
}

/// The number of dims and of symbols `expr` uses (upstream's
/// `AffineMap::inferFromExprList` over one expression).
fn dims_and_symbols(expr: &AffineExpr) -> (u32, u32) {
    match expr {
        AffineExpr::Dim(d) => (d + 1, 0),
        AffineExpr::Symbol(s) => (0, s + 1),
        AffineExpr::Constant(_) => (0, 0),
        AffineExpr::Binary(b) => {
            let (ld, ls) = dims_and_symbols(&b.1);
            let (rd, rs) = dims_and_symbols(&b.2);
            (ld.max(rd), ls.max(rs))
        }
    }
}

/// Upstream's `makeComposedFoldedAffineApply`: `expr` applied to
/// `operands` (dims first), with constant operands folded into the map
/// and the `affine.apply`s defining operands composed in. When the result
/// folds (a constant, or one of the operands), no op stays; otherwise an
/// `affine.apply` is built before `at` and reported to the driver.
fn folded_apply(
    rw: &mut Rewriter<'_>,
    at: OpId,
    loc: Location,
    expr: AffineExpr,
    operands: &[OpFoldResult],
) -> OpFoldResult {
    let (num_dims, num_symbols) = dims_and_symbols(&expr);
    // `foldAttributesIntoMap`.
    let mut values = Vec::new();
    let mut replace = |first: usize, count: u32, make: fn(u32) -> AffineExpr| {
        let mut kept = 0;
        let mut replacements = Vec::with_capacity(count as usize);
        for i in 0..count as usize {
            match operands.get(first + i) {
                Some(OpFoldResult::Attribute(a)) => {
                    replacements.push(AffineExpr::Constant(attr_int(rw, *a)))
                }
                Some(OpFoldResult::Value(v)) => {
                    replacements.push(make(kept));
                    kept += 1;
                    values.push(*v);
                }
                None => replacements.push(make(i as u32)),
            }
        }
        (replacements, kept)
    };
    let (dims, kept_dims) = replace(0, num_dims, AffineExpr::Dim);
    let (symbols, kept_symbols) = replace(num_dims as usize, num_symbols, AffineExpr::Symbol);
    let map = AffineMap {
        num_dims,
        num_symbols,
        results: vec![expr].into(),
    };
    let mut map = map.replace_dims_and_symbols(&dims, &symbols, kept_dims, kept_symbols);
    compose_affine_map_and_operands(rw.ctx, rw.ir, &mut map, &mut values);
    // Built without telling the driver, as upstream builds it with a
    // builder that has no listener: only an op that stays is reported.
    let apply = {
        let mut b = OpBuilder::new(rw.ctx, rw.ir);
        b.set_insertion_point(InsertPoint::Before(at));
        let map_attr = b.ctx.affine_map_attr(map);
        AffineApplyOp::build(&mut b, loc, map_attr, &values).op()
    };
    let mut folded = Vec::new();
    if fold::fold_op(rw.ctx, rw.registry, rw.ir, apply, &mut folded) && folded.len() == 1 {
        rw.ir.erase_op(apply);
        return folded[0];
    }
    rw.notify_inserted(apply);
    OpFoldResult::Value(rw.ir.result(apply, 0))
}

/// Upstream's `getValueOrCreateConstantIndexOp`: a value as it is, a
/// constant as an `arith.constant` of type `index` built before `at`.
fn value_or_constant(rw: &mut Rewriter<'_>, at: OpId, loc: Location, ofr: OpFoldResult) -> Value {
    match ofr {
        OpFoldResult::Value(v) => v,
        OpFoldResult::Attribute(a) => {
            let value = attr_int(rw, a);
            rw.build(InsertPoint::Before(at), |b| {
                let index = b.ctx.index_type();
                let attr = b.ctx.integer_attr(index, i128::from(value));
                let c = ConstantOp::build(b, loc, index, attr);
                b.ir.result(c.op(), 0)
            })
        }
    }
}

/// The result types of `memref.extract_strided_metadata` of a value of
/// type `source` (its `inferReturnTypes`): a rank-0 memref of the element
/// type in the same memory space, then `index`es. `None` for a type it
/// does not take (unranked, or a layout that is not strided).
fn extract_result_types(rw: &mut Rewriter<'_>, source: Type) -> Option<(Type, usize)> {
    let TypeKind::MemRef {
        shape,
        element,
        memory_space,
        ..
    } = rw.ctx.type_kind(source).clone()
    else {
        return None;
    };
    strides_and_offset(rw.ctx, source)?;
    let base = rw.ctx.memref_type(&[], element, None, memory_space);
    Some((base, shape.len()))
}

/// The results of a new `memref.extract_strided_metadata` of `source`
/// built before `at` (base, offset, sizes, strides), or `None` when the
/// source's type cannot be split.
fn extract_metadata(
    rw: &mut Rewriter<'_>,
    at: OpId,
    loc: Location,
    source: Value,
) -> Option<(OpId, Vec<Value>)> {
    let source_type = rw.ir.value_type(source);
    let (base, rank) = extract_result_types(rw, source_type)?;
    let op = rw.build(InsertPoint::Before(at), |b| {
        let index = b.ctx.index_type();
        let indices = vec![index; rank];
        ExtractStridedMetadataOp::build(b, loc, base, index, &indices, &indices, source).op()
    });
    Some((op, rw.ir.results(op).collect()))
}

/// The sizes (`which` 0) or strides (1) among the results of an
/// `extract_strided_metadata` of rank `rank`.
fn metadata_part(results: &[Value], rank: usize, which: usize) -> &[Value] {
    &results[2 + which * rank..2 + (which + 1) * rank]
}

/// Upstream's `resolveSubviewStridedMetadata`: the metadata of
/// `memref.subview` `op` in terms of its source's, the ops computing it
/// built before `at` (the op being rewritten: the subview itself, or the
/// `extract_strided_metadata` of it).
fn resolve_subview(rw: &mut Rewriter<'_>, op: OpId, at: OpId) -> Option<StridedMetadata> {
    let subview = SubViewOp::from_op(rw.ctx, rw.ir, op)?;
    let loc = rw.ir.op_loc(op);
    let source = subview.source(rw.ctx, rw.ir);
    let source_type = rw.ir.value_type(source);
    let (source_strides, source_offset) = strides_and_offset(rw.ctx, source_type)?;
    let dropped = subview_dropped_dims(rw.ctx, rw.ir, subview)?;
    let rank = source_strides.len();
    let (_, meta) = extract_metadata(rw, at, loc, source)?;
    let orig_strides = metadata_part(&meta, rank, 1).to_vec();
    let [sub_offsets, sub_sizes, sub_strides] =
        dialect_memref::mixed_offsets_sizes_strides(rw.ctx, rw.ir, op);

    // offset = baseOffset + sum(subOffset#i * baseStride#i), over symbols
    // s0 (the base offset), then each dimension's pair.
    let mut values = vec![static_or(rw, source_offset, meta[1])];
    let mut offset_expr = AffineExpr::Symbol(0);
    let mut strides = Vec::with_capacity(rank);
    let product = AffineExpr::Symbol(0) * AffineExpr::Symbol(1);
    for i in 0..rank {
        let orig_stride = static_or(rw, source_strides[i], orig_strides[i]);
        let stride = folded_apply(rw, at, loc, product.clone(), &[sub_strides[i], orig_stride]);
        strides.push(stride);
        let (offset_symbol, stride_symbol) = (1 + 2 * i as u32, 2 + 2 * i as u32);
        offset_expr =
            offset_expr + AffineExpr::Symbol(offset_symbol) * AffineExpr::Symbol(stride_symbol);
        values.push(sub_offsets[i]);
        values.push(orig_stride);
    }
    let offset = folded_apply(rw, at, loc, offset_expr, &values);

    let mut sizes = Vec::new();
    let mut kept_strides = Vec::new();
    for i in 0..rank {
        if dropped.get(i).copied().unwrap_or(false) {
            continue;
        }
        sizes.push(sub_sizes[i]);
        kept_strides.push(strides[i]);
    }
    Some(StridedMetadata {
        base: meta[0],
        offset,
        sizes,
        strides: kept_strides,
    })
}

/// Replaces `op` (one memref result) by a `memref.reinterpret_cast` of
/// `meta` to its type (upstream's `replaceOpWithNewOp<ReinterpretCastOp>`).
fn replace_with_reinterpret_cast(rw: &mut Rewriter<'_>, op: OpId, meta: StridedMetadata) -> bool {
    let loc = rw.ir.op_loc(op);
    let ty = rw.ir.value_type(rw.ir.result(op, 0));
    let cast = rw.build(InsertPoint::Before(op), |b| {
        ReinterpretCastOp::build_from_result_type_source_offset_sizes_strides_attrs(
            b,
            loc,
            ty,
            meta.base,
            meta.offset,
            &meta.sizes,
            &meta.strides,
            &[],
        )
        .op()
    });
    let result = rw.ir.result(cast, 0);
    rw.replace_op(op, &[result]);
    true
}

/// `memref.subview` becomes a `reinterpret_cast` of its source's base
/// buffer (upstream's `SubviewFolder`).
fn subview_folder(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    match resolve_subview(rw, op, op) {
        Some(meta) => replace_with_reinterpret_cast(rw, op, meta),
        None => false,
    }
}

/// Replaces the results of `extract_strided_metadata` `op` by `meta`,
/// constants built at `loc` (upstream's `replaceOp` with
/// `getValueOrCreateConstantIndexOp` over the offset, sizes and strides).
fn replace_extract(rw: &mut Rewriter<'_>, op: OpId, loc: Location, meta: StridedMetadata) {
    let mut results = vec![meta.base];
    results.push(value_or_constant(rw, op, loc, meta.offset));
    for ofr in meta.sizes.into_iter().chain(meta.strides) {
        results.push(value_or_constant(rw, op, loc, ofr));
    }
    rw.replace_op(op, &results);
}

/// The op defining the source of `extract_strided_metadata` `op`, when
/// it is named `name`.
fn source_op(rw: &Rewriter<'_>, op: OpId, name: &str) -> Option<OpId> {
    let source = *rw.ir.operands(op).collect::<Vec<_>>().first()?;
    let def = rw.ir.defining_op(source)?;
    (rw.ctx.str(rw.ir.op_name(def)) == name).then_some(def)
}

/// `extract_strided_metadata(subview)` reads the subview's source
/// (upstream's `ExtractStridedMetadataOpSubviewFolder`).
fn extract_of_subview(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let Some(subview) = source_op(rw, op, "memref.subview") else {
        return false;
    };
    let Some(meta) = resolve_subview(rw, subview, op) else {
        return false;
    };
    let loc = rw.ir.op_loc(subview);
    replace_extract(rw, op, loc, meta);
    true
}

/// The static shape of a ranked memref type (empty for anything else).
fn shape(rw: &Rewriter<'_>, ty: Type) -> Vec<i64> {
    shape_of(rw.ctx, ty).unwrap_or_default()
}

//! The checks of affine ops that the spec leaves to Rust (`hasVerifier`,
//! `hasRegionVerifier`), worded as `mlir-opt` 22 words them and run in
//! its order.
//!
//! In: an op of the dialect, after its ODS invariants (operand and
//! region counts, constraints) held. Out: the first problem. Nothing here
//! panics on odd IR: a missing attribute or block is a mismatch.

use ir::affine::AffineMap;
use ir::registry::VerifyError;
use ir::{Context, Ir, OpId, Type, TypeKind, Value};
use ods_runtime::op::inherent_attr;

use crate::validity::{affine_scope, is_valid_dim, is_valid_symbol};
use crate::{map_ref, set_ref};

fn err(message: impl Into<String>) -> VerifyError {
    VerifyError::op_error(message)
}

/// Each of `operands` is a valid dimension (the first `num_dims`) or
/// symbol (the rest) in `op`'s affine scope (MLIR's
/// `verifyDimAndSymbolIdentifiers`).
pub fn verify_dims_and_symbols(
    ctx: &Context,
    ir: &Ir,
    op: OpId,
    operands: impl IntoIterator<Item = Value>,
    num_dims: usize,
) -> Result<(), VerifyError> {
    let mut operands = operands.into_iter().peekable();
    if operands.peek().is_none() {
        return Ok(());
    }
    let scope = affine_scope(ctx, ir, op);
    for (i, v) in operands.enumerate() {
        if i < num_dims {
            if !is_valid_dim(ctx, ir, v, scope) {
                return Err(err("operand cannot be used as a dimension id"));
            }
        } else if !is_valid_symbol(ctx, ir, v, scope) {
            return Err(err("operand cannot be used as a symbol"));
        }
    }
    Ok(())
}

fn map_inputs(map: &AffineMap) -> usize {
    (map.num_dims + map.num_symbols) as usize
}

/// `affine.apply`: one operand per map input, one map result.
pub fn verify_apply(ctx: &Context, ir: &Ir, op: OpId) -> Result<(), VerifyError> {
    let Some(map) = map_ref(ctx, ir, op, "map") else {
        return Ok(());
    };
    if ir.num_operands(op) != map_inputs(map) {
        return Err(err(
            "operand count and affine map dimension and symbol count must match",
        ));
    }
    if map.results.len() != 1 {
        return Err(err("mapping must produce one value"));
    }
    Ok(())
}

/// `affine.min` / `affine.max`: one operand per map input, at least one
/// map result.
pub fn verify_min_max(ctx: &Context, ir: &Ir, op: OpId) -> Result<(), VerifyError> {
    let Some(map) = map_ref(ctx, ir, op, "map") else {
        return Ok(());
    };
    if ir.num_operands(op) != map_inputs(map) {
        return Err(err(
            "operand count and affine map dimension and symbol count must match",
        ));
    }
    if map.results.is_empty() {
        return Err(err("affine map expect at least one result"));
    }
    Ok(())
}

/// `affine.for`: an index induction variable, valid bound operands, and
/// as many inits and body arguments as results.
pub fn verify_for_regions(ctx: &Context, ir: &Ir, op: OpId) -> Result<(), VerifyError> {
    let entry = (ir.num_regions(op) > 0)
        .then(|| ir.region(op, 0))
        .and_then(|r| ir.first_block(r));
    let num_args = entry.map_or(0, |b| ir.arguments(b).len());
    let iv = crate::format::first_argument(ir, op);
    if iv.is_none_or(|iv| !ctx.is_index(ir.value_type(iv))) {
        return Err(err(
            "expected body to have a single index argument for the induction variable",
        ));
    }
    let [lb, ub, inits] = crate::format::for_operand_ranges(ir, ctx, op);
    for (name, bound) in [("lowerBoundMap", lb), ("upperBoundMap", ub)] {
        if let Some(map) = map_ref(ctx, ir, op, name) {
            if map_inputs(map) > 0 {
                let values = bound.map(|k| ir.operand(op, k));
                verify_dims_and_symbols(ctx, ir, op, values, map.num_dims as usize)?;
            }
        }
    }
    let num_results = ir.num_results(op);
    if num_results == 0 {
        return Ok(());
    }
    if inits.len() != num_results {
        return Err(err(
            "mismatch between the number of loop-carried values and results",
        ));
    }
    if num_args - 1 != num_results {
        return Err(err(
            "mismatch between the number of basic block args and results",
        ));
    }
    Ok(())
}

/// `affine.if`: one operand per set input, valid as dims and symbols.
pub fn verify_if(ctx: &Context, ir: &Ir, op: OpId) -> Result<(), VerifyError> {
    let Some(set) = set_ref(ctx, ir, op, "condition") else {
        return Err(err("requires an integer set attribute named 'condition'"));
    };
    if ir.num_operands(op) != (set.num_dims + set.num_symbols) as usize {
        return Err(err(
            "operand count and condition integer set dimension and symbol count must match",
        ));
    }
    verify_dims_and_symbols(ctx, ir, op, ir.operands(op), set.num_dims as usize)
}

/// The rank and element type of a memref type (`None` for others).
fn memref_parts(ctx: &Context, ty: Type) -> Option<(usize, Type)> {
    match ctx.type_kind(ty) {
        TypeKind::MemRef { shape, element, .. } => Some((shape.len(), *element)),
        _ => None,
    }
}

/// The subscripts of a memory access: one map result per memref
/// dimension, one index operand per map input, valid as dims and symbols
/// (MLIR's `verifyMemoryOpIndexing`).
fn verify_indexing(ctx: &Context, ir: &Ir, op: OpId, memref_at: usize) -> Result<(), VerifyError> {
    let Some(map) = map_ref(ctx, ir, op, "map") else {
        return Ok(());
    };
    let rank = memref_parts(ctx, ir.value_type(ir.operand(op, memref_at))).map(|(r, _)| r);
    if rank != Some(map.results.len()) {
        return Err(err("affine map num results must equal memref rank"));
    }
    let indices = ir.operands(op).skip(memref_at + 1);
    if map_inputs(map) != indices.len() {
        return Err(err("expects as many subscripts as affine map inputs"));
    }
    let mut again = ir.operands(op).skip(memref_at + 1);
    if again.any(|v| !ctx.is_index(ir.value_type(v))) {
        return Err(err("index to load must have 'index' type"));
    }
    verify_dims_and_symbols(ctx, ir, op, indices, map.num_dims as usize)
}

fn memref_element(ctx: &Context, ir: &Ir, op: OpId, memref_at: usize) -> Option<Type> {
    memref_parts(ctx, ir.value_type(ir.operand(op, memref_at))).map(|(_, e)| e)
}

/// `affine.load`: the result is the memref's element.
pub fn verify_load(ctx: &Context, ir: &Ir, op: OpId) -> Result<(), VerifyError> {
    let result = ir.value_type(ir.result(op, 0));
    if memref_element(ctx, ir, op, 0) != Some(result) {
        return Err(err("result type must match element type of memref"));
    }
    verify_indexing(ctx, ir, op, 0)
}

/// `affine.store`: the value is of the memref's element type.
pub fn verify_store(ctx: &Context, ir: &Ir, op: OpId) -> Result<(), VerifyError> {
    let value = ir.value_type(ir.operand(op, 0));
    if memref_element(ctx, ir, op, 1) != Some(value) {
        return Err(err(
            "value to store must have the same type as memref element type",
        ));
    }
    verify_indexing(ctx, ir, op, 1)
}

/// The memref and the vector have one element type (MLIR's
/// `verifyVectorMemoryOp`).
fn verify_vector_elements(
    ctx: &Context,
    ir: &Ir,
    op: OpId,
    memref_at: usize,
    vector: Value,
) -> Result<(), VerifyError> {
    let vector_element = match ctx.type_kind(ir.value_type(vector)) {
        TypeKind::Vector { element, .. } => Some(*element),
        _ => None,
    };
    if memref_element(ctx, ir, op, memref_at) != vector_element {
        return Err(err(
            "requires memref and vector types of the same elemental type",
        ));
    }
    Ok(())
}

/// `affine.vector_load`: the subscripts, then the element types.
pub fn verify_vector_load(ctx: &Context, ir: &Ir, op: OpId) -> Result<(), VerifyError> {
    verify_indexing(ctx, ir, op, 0)?;
    verify_vector_elements(ctx, ir, op, 0, ir.result(op, 0))
}

/// `affine.vector_store`: the subscripts, then the element types.
pub fn verify_vector_store(ctx: &Context, ir: &Ir, op: OpId) -> Result<(), VerifyError> {
    verify_indexing(ctx, ir, op, 1)?;
    verify_vector_elements(ctx, ir, op, 1, ir.operand(op, 0))
}

/// `affine.prefetch`: one map result per memref dimension, one operand
/// per map input, each a valid dim or symbol.
pub fn verify_prefetch(ctx: &Context, ir: &Ir, op: OpId) -> Result<(), VerifyError> {
    match map_ref(ctx, ir, op, "map") {
        Some(map) => {
            let rank = memref_parts(ctx, ir.value_type(ir.operand(op, 0))).map(|(r, _)| r);
            if rank != Some(map.results.len()) {
                return Err(err(
                    "affine.prefetch affine map num results must equal memref rank",
                ));
            }
            if map_inputs(map) + 1 != ir.num_operands(op) {
                return Err(err("too few operands"));
            }
        }
        None if ir.num_operands(op) != 1 => return Err(err("too few operands")),
        None => {}
    }
    let scope = affine_scope(ctx, ir, op);
    for v in ir.operands(op).skip(1) {
        if !is_valid_dim(ctx, ir, v, scope) && !is_valid_symbol(ctx, ir, v, scope) {
            return Err(err("index must be a valid dimension or symbol identifier"));
        }
    }
    Ok(())
}

/// `affine.yield`: inside `affine.if`, `affine.for` or
/// `affine.parallel`, with the parent's result types.
pub fn verify_yield(ctx: &Context, ir: &Ir, op: OpId) -> Result<(), VerifyError> {
    let parent = ir.parent_op(op);
    let is_affine_parent = parent.is_some_and(|p| {
        matches!(
            ctx.str(ir.op_name(p)),
            "affine.parallel" | "affine.if" | "affine.for"
        )
    });
    let Some(parent) = parent.filter(|_| is_affine_parent) else {
        return Err(err("only terminates affine.if/for/parallel regions"));
    };
    if ir.num_results(parent) != ir.num_operands(op) {
        return Err(err(
            "parent of yield must have same number of results as the yield operands",
        ));
    }
    let mismatch = ir
        .results(parent)
        .zip(ir.operands(op))
        .any(|(r, v)| ir.value_type(r) != ir.value_type(v));
    if mismatch {
        return Err(err("types mismatch between yield op and its parent"));
    }
    Ok(())
}

/// The entries of `affine.parallel`'s `I32ElementsAttr` group list
/// `name` (a splat repeated over the shape). Kept inline: the verifier
/// and the printer ask for both lists of every `affine.parallel`.
pub fn group_sizes(ctx: &Context, ir: &Ir, op: OpId, name: &str) -> GroupSizes {
    let mut out = GroupSizes::new();
    let Some(attr) = inherent_attr(ctx, ir, op, name) else {
        return out;
    };
    let ir::AttrKind::DenseElements { ty, data } = ctx.attr_kind(attr) else {
        return out;
    };
    let count: i64 = match ctx.type_kind(*ty) {
        TypeKind::Vector { shape, .. } | TypeKind::RankedTensor { shape, .. } => {
            shape.iter().product()
        }
        _ => 0,
    };
    let width = data.scalar_bytes.max(1) as usize;
    let values = data.raw.chunks(width).map(|c| {
        let mut bytes = [0u8; 8];
        bytes[..c.len().min(8)].copy_from_slice(&c[..c.len().min(8)]);
        let v = i64::from_le_bytes(bytes);
        // Sign-extend from the element's width.
        let shift = 64 - 8 * width.min(8) as u32;
        (v << shift) >> shift
    });
    if data.splat {
        let first = values.take(1).next().unwrap_or(0);
        out.extend(std::iter::repeat_n(first, count.max(0) as usize));
        return out;
    }
    out.extend(values);
    out
}

/// The entries of a group list ([`group_sizes`]).
pub type GroupSizes = ods_runtime::smallvec::SmallVec<[i64; 4]>;

/// `affine.parallel`: as many groups, steps and induction variables as
/// dimensions, group sizes that add up to the maps' results, one
/// reduction per result, valid bound operands.
pub fn verify_parallel(ctx: &Context, ir: &Ir, op: OpId) -> Result<(), VerifyError> {
    let steps = inherent_attr(ctx, ir, op, "steps")
        .map(|a| match ctx.attr_kind(a) {
            ir::AttrKind::Array(items) => items.len(),
            _ => 0,
        })
        .unwrap_or(0);
    let lb_groups = group_sizes(ctx, ir, op, "lowerBoundsGroups");
    let ub_groups = group_sizes(ctx, ir, op, "upperBoundsGroups");
    let num_args = ir.entry_block_arguments(op, 0).len();
    if lb_groups.len() != steps || ub_groups.len() != steps || num_args != steps {
        return Err(err(format!(
            "the number of region arguments ({num_args}) and the number of map groups for lower ({}) and upper bound ({}), and the number of steps ({steps}) must all match",
            lb_groups.len(),
            ub_groups.len()
        )));
    }
    let lb_map = map_ref(ctx, ir, op, "lowerBoundsMap");
    let ub_map = map_ref(ctx, ir, op, "upperBoundsMap");
    for (groups, map, which) in [(&lb_groups, lb_map, "lower"), (&ub_groups, ub_map, "upper")] {
        let expected: i64 = groups.iter().sum();
        let actual = map.map_or(0, |m| m.results.len() as i64);
        if expected != actual {
            return Err(err(format!(
                "expected {which} bounds map to have {expected} results"
            )));
        }
    }
    let reductions: &[ir::Attribute] =
        match inherent_attr(ctx, ir, op, "reductions").map(|a| ctx.attr_kind(a)) {
            Some(ir::AttrKind::Array(items)) => &items[..],
            _ => &[],
        };
    if reductions.len() != ir.num_results(op) {
        return Err(err("a reduction must be specified for each output"));
    }
    for (i, &kind) in reductions.iter().enumerate() {
        let kind = ods_runtime::pred::integer_attr_value(ctx, kind);
        let Some(kind) = kind.filter(|k| (0..=15).contains(k)) else {
            return Err(err("invalid reduction attribute"));
        };
        if !reduction_matches(ctx, ir.value_type(ir.result(op, i)), kind) {
            return Err(err("result type cannot match reduction attribute"));
        }
    }
    let all = ir.operands(op);
    let lb_inputs = lb_map.map_or(0, map_inputs).min(all.len());
    if let Some(map) = lb_map {
        let values = ir.operands(op).take(lb_inputs);
        verify_dims_and_symbols(ctx, ir, op, values, map.num_dims as usize)?;
    }
    if let Some(map) = ub_map {
        verify_dims_and_symbols(ctx, ir, op, all.skip(lb_inputs), map.num_dims as usize)?;
    }
    Ok(())
}

/// Whether a result of type `ty` can be combined with the
/// `arith.atomic_rmw` kind `kind` (MLIR's `isResultTypeMatchAtomicRMWKind`):
/// `addf`, `mulf`, `maximumf` and `minimumf` need a float; `addi`,
/// `muli`, `ori` and `andi` an integer; `maxs`/`mins` a signed integer
/// (`si32`), `maxu`/`minu` an unsigned one; `assign` anything; the other
/// kinds (`maxnumf`, `minnumf`, `xori`) no type.
fn reduction_matches(ctx: &Context, ty: Type, kind: i64) -> bool {
    let kind_of = ctx.type_kind(ty);
    let is_float = matches!(kind_of, TypeKind::Float(_));
    let signedness = match kind_of {
        TypeKind::Integer { signedness, .. } => Some(*signedness),
        _ => None,
    };
    match kind {
        0 | 4 | 8 | 12 => is_float,
        1 | 2 | 13 | 14 => signedness.is_some(),
        6 | 10 => signedness == Some(ir::Signedness::Signed),
        7 | 11 => signedness == Some(ir::Signedness::Unsigned),
        3 => true,
        _ => false,
    }
}

/// The static basis and the number of dynamic entries of a
/// (de)linearization.
fn basis(ctx: &Context, ir: &Ir, op: OpId) -> Vec<i64> {
    inherent_attr(ctx, ir, op, "static_basis")
        .map(|a| ods_runtime::attr::dense_array_values::<i64>(ctx, a))
        .unwrap_or_default()
}

const DYNAMIC_MISMATCH: &str = "mismatch between dynamic and static basis (kDynamic marker but no corresponding dynamic basis entry) -- this can only happen due to an incorrect fold/rewrite";

/// `affine.delinearize_index`: one result per basis entry, or one more;
/// one value per dynamic entry; static entries positive.
pub fn verify_delinearize(ctx: &Context, ir: &Ir, op: OpId) -> Result<(), VerifyError> {
    let statics = basis(ctx, ir, op);
    let results = ir.num_results(op);
    if results != statics.len() && results != statics.len() + 1 {
        return Err(err(
            "should return an index for each basis element and up to one extra index",
        ));
    }
    let dynamic = statics.iter().filter(|&&v| v == i64::MIN).count();
    if dynamic != ir.num_operands(op) - 1 {
        return Err(err(DYNAMIC_MISMATCH));
    }
    if statics.iter().any(|&v| v <= 0 && v != i64::MIN) {
        return Err(err("no basis element may be statically non-positive"));
    }
    Ok(())
}

/// `affine.linearize_index`: one basis entry per index, or one fewer; one
/// value per dynamic entry.
pub fn verify_linearize(ctx: &Context, ir: &Ir, op: OpId) -> Result<(), VerifyError> {
    let statics = basis(ctx, ir, op);
    let sizes = ods_runtime::segments::segment_sizes(ctx, ir, op, "operandSegmentSizes", 2);
    let (indices, dynamic_values) = (sizes[0] as usize, sizes[1] as usize);
    if indices != statics.len() && indices != statics.len() + 1 {
        return Err(err(
            "should be passed a basis element for each index except possibly the first",
        ));
    }
    let dynamic = statics.iter().filter(|&&v| v == i64::MIN).count();
    if dynamic != dynamic_values {
        return Err(err(DYNAMIC_MISMATCH));
    }
    Ok(())
}

//! `--lower-affine` (upstream's `AffineToStandard.cpp`): affine ops become
//! `scf`, `arith` and `memref` ops.
//!
//! - `affine.for` becomes `scf.for` (with its `iter_args`), its bounds the
//!   maximum of the lower bound map's results and the minimum of the upper
//!   bound map's, its step an `arith.constant`; `affine.yield` inside
//!   becomes `scf.yield`.
//! - `affine.if` becomes `scf.if` on the conjunction of its set's
//!   constraints (`arith.cmpi sge`/`eq` against zero, `arith.andi`).
//! - `affine.parallel` becomes `scf.parallel`; its reductions start from
//!   the identity value of their kind and combine in the `scf.reduce`
//!   that replaces its `affine.yield`.
//! - `affine.apply`, `affine.min`, `affine.max` are their maps expanded
//!   into `arith` ops ([`expand`]); `affine.load`, `affine.store`,
//!   `affine.prefetch`, `affine.dma_start`, `affine.dma_wait` the `memref`
//!   ops of the same name on the expanded subscripts.
//! - `affine.delinearize_index` and `affine.linearize_index` are expanded
//!   as upstream's `AffineExpandIndexOps.cpp` does ([`index_ops`]).
//!
//! The target makes `arith`, `memref` and `scf` legal and says nothing of
//! the rest, as upstream's (partial conversion): an op no pattern lowers
//! stays. `affine.vector_load` and `affine.vector_store` become
//! `vector.load`/`vector.store` ([`vector`]), which the target makes legal
//! too.
//!
//! A `mod`, `floordiv` or `ceildiv` by a constant that is not positive is
//! not lowered: the op stays, and the pass reports upstream's error at it
//! (`modulo by non-positive value is not supported`, `division by
//! non-positive value is not supported`) without failing, as `mlir-opt`
//! does: the errors go to stderr, the IR is printed, the exit status is 0.

pub mod expand;
pub mod index_ops;
mod parallel;
mod vector;

use dialect_affine::AffineForOp;
use dialect_arith::{AndIOp, CmpIOp, CmpIPredicate, ConstantOp};
use dialect_memref::{DmaStartOp, DmaWaitOp, LoadOp, PrefetchOp, StoreOp};
use expand::{expand_affine_expr, expand_affine_map, index_constant, ExpansionError, Reduction};
use ir::builder::OpBuilder;
use ir::{Diagnostic, Location, OpId, OperationState, Type, Value};
use ods_runtime::Op;
use ods_transforms::conversion::{
    apply_conversion, Conversion, ConversionPatternSet, ConversionRewriter, ConversionTarget,
    LogicalResult, MatchFailure, Mode, OpConversionPattern,
};
use ods_transforms::pass::{Pass, PassCx, PassInfo, PassRegistry};

/// The dialects the lowering produces (its target's legal dialects).
pub const LEGAL_DIALECTS: &[&str] = &["arith", "memref", "scf", "vector"];

/// Upstream's messages for a map that cannot be expanded.
const EXPANSION_ERRORS: &[&str] = &[
    "modulo by non-positive value is not supported",
    "division by non-positive value is not supported",
];

/// Registers `lower-affine`.
pub fn register(registry: &mut PassRegistry) {
    registry.register(PassInfo {
        name: "lower-affine",
        summary: "Lower Affine operations to a combination of Arith and SCF operations",
        options: &[],
        create: |_| Box::new(LowerAffine::default()),
    });
}

#[derive(Default)]
struct LowerAffine {
    /// The expansion errors of the last run, reported without failing.
    reported: Vec<Diagnostic>,
}

impl Pass for LowerAffine {
    fn run(&mut self, cx: &mut PassCx<'_>, op: OpId) -> Result<(), Vec<Diagnostic>> {
        let patterns = affine_to_std_patterns();
        let mut target = ConversionTarget::new();
        target.add_legal_dialects(LEGAL_DIALECTS);
        let conversion = Conversion {
            target: &target,
            patterns: &patterns,
            type_converter: None,
        };
        let report =
            apply_conversion(cx, op, conversion, Mode::Partial).map_err(|e| e.diagnostics)?;
        // The expansions that failed, in the order the patterns met them:
        // upstream emits an error for each and the pass still succeeds.
        let reporter = cx.reporter(op);
        self.reported = report
            .match_failures
            .iter()
            .filter(|f| EXPANSION_ERRORS.contains(&f.reason.as_str()))
            .map(|f| Diagnostic::error(reporter.diag_loc(f.loc), f.reason.clone()))
            .collect();
        Ok(())
    }

    fn take_reported(&mut self) -> Vec<Diagnostic> {
        std::mem::take(&mut self.reported)
    }

    fn display_name(&self) -> Option<&'static str> {
        Some("LowerAffine")
    }
}

/// The lowering patterns, in upstream's order
/// (`populateAffineToStdConversionPatterns`, then
/// `populateAffineToVectorConversionPatterns` and
/// `populateAffineExpandIndexOpsPatterns`).
pub fn affine_to_std_patterns() -> ConversionPatternSet {
    let mut patterns = ConversionPatternSet::new();
    let all: [(&str, &str, PatternFn); 16] = [
        ("affine.apply", "AffineApplyLowering", lower_apply),
        (
            "affine.dma_start",
            "AffineDmaStartLowering",
            lower_dma_start,
        ),
        ("affine.dma_wait", "AffineDmaWaitLowering", lower_dma_wait),
        ("affine.load", "AffineLoadLowering", lower_load),
        ("affine.min", "AffineMinLowering", lower_min),
        ("affine.max", "AffineMaxLowering", lower_max),
        ("affine.parallel", "AffineParallelLowering", lower_parallel),
        ("affine.prefetch", "AffinePrefetchLowering", lower_prefetch),
        ("affine.store", "AffineStoreLowering", lower_store),
        ("affine.for", "AffineForLowering", lower_for),
        ("affine.if", "AffineIfLowering", lower_if),
        ("affine.yield", "AffineYieldOpLowering", lower_yield),
        (
            "affine.vector_load",
            "AffineVectorLoadLowering",
            vector::lower_vector_load,
        ),
        (
            "affine.vector_store",
            "AffineVectorStoreLowering",
            vector::lower_vector_store,
        ),
        (
            "affine.delinearize_index",
            "LowerDelinearizeIndexOps",
            index_ops::lower_delinearize,
        ),
        (
            "affine.linearize_index",
            "LowerLinearizeIndexOps",
            index_ops::lower_linearize,
        ),
    ];
    for (root, name, f) in all {
        patterns.add(OpConversionPattern::new(root, move |op, _, rw| f(rw, op)).named(name));
    }
    patterns
}

type PatternFn = fn(&mut ConversionRewriter<'_>, OpId) -> LogicalResult;

// ----- helpers ---------------------------------------------------------------

/// Runs `f` with a builder at the insertion point (before the op being
/// lowered) and a list for expansion errors; when `f` reports any, each
/// is a match failure of `op` (the pass turns them into errors) and what
/// `f` built is undone with the pattern.
fn expand_here<R>(
    rw: &mut ConversionRewriter<'_>,
    op: OpId,
    f: impl FnOnce(&mut OpBuilder<'_>, &mut Vec<ExpansionError>) -> Option<R>,
) -> Result<R, MatchFailure> {
    let at = rw.insertion_point();
    let mut errors = Vec::new();
    let built = rw.build(at, |b| f(b, &mut errors));
    let mut failure = None;
    for message in errors {
        failure = Some(rw.notify_match_failure(op, message));
    }
    match (built, failure) {
        (Some(r), None) => Ok(r),
        (_, Some(failure)) => Err(failure),
        (None, None) => Err(rw.notify_match_failure(op, "the affine map could not be expanded")),
    }
}

/// The affine map in `op`'s inherent attribute `name`.
fn map_attr(
    rw: &mut ConversionRewriter<'_>,
    op: OpId,
    name: &str,
) -> Result<ir::affine::AffineMap, MatchFailure> {
    match dialect_affine::map_of(rw.ctx, rw.ir(), op, name) {
        Some(map) => Ok(map),
        None => Err(rw.notify_match_failure(op, format!("no affine map in '{name}'"))),
    }
}

fn operands(rw: &ConversionRewriter<'_>, op: OpId) -> Vec<Value> {
    rw.ir().operands(op).collect()
}

fn result_types(rw: &ConversionRewriter<'_>, op: OpId) -> Vec<Type> {
    rw.ir().results(op).map(|r| rw.ir().value_type(r)).collect()
}

/// An op of `name` with `operands`, `results` and `num_regions` empty
/// regions (which the pattern fills by moving the lowered op's blocks).
fn create_with_empty_regions(
    b: &mut OpBuilder<'_>,
    name: &str,
    loc: Location,
    operands: Vec<Value>,
    results: Vec<Type>,
    num_regions: usize,
    props: Option<ir::Attribute>,
) -> OpId {
    let name = b.ctx.ident(name);
    let mut state = OperationState::new(name, loc);
    state.operands = operands;
    state.result_types = results;
    state.regions = (0..num_regions).map(|_| b.ir.create_region()).collect();
    state.props = props;
    b.create(&state)
}

// ----- maps of SSA values --------------------------------------------------------

/// `affine.apply`: the map's one result expanded.
fn lower_apply(rw: &mut ConversionRewriter<'_>, op: OpId) -> LogicalResult {
    let loc = rw.ir().op_loc(op);
    let map = map_attr(rw, op, "map")?;
    let args = operands(rw, op);
    let values = expand_here(rw, op, |b, errors| {
        expand_affine_map(b, loc, &map, &args, errors)
    })?;
    rw.replace_op(op, &values);
    Ok(())
}

/// `affine.min` / `affine.max`: the results reduced with `reduction`.
fn lower_min_max(rw: &mut ConversionRewriter<'_>, op: OpId, reduction: Reduction) -> LogicalResult {
    let loc = rw.ir().op_loc(op);
    let map = map_attr(rw, op, "map")?;
    let args = operands(rw, op);
    let value = expand_here(rw, op, |b, errors| {
        expand::lower_map_min_max(b, loc, reduction, &map, &args, errors)
    })?;
    rw.replace_op(op, &[value]);
    Ok(())
}

fn lower_min(rw: &mut ConversionRewriter<'_>, op: OpId) -> LogicalResult {
    lower_min_max(rw, op, Reduction::Min)
}

fn lower_max(rw: &mut ConversionRewriter<'_>, op: OpId) -> LogicalResult {
    lower_min_max(rw, op, Reduction::Max)
}

/// The subscripts of an access whose map operands start at `from`.
fn expand_subscripts(
    rw: &mut ConversionRewriter<'_>,
    op: OpId,
    from: usize,
) -> Result<Vec<Value>, MatchFailure> {
    let loc = rw.ir().op_loc(op);
    let map = map_attr(rw, op, "map")?;
    let args: Vec<Value> = rw.ir().operands(op).skip(from).collect();
    expand_here(rw, op, |b, errors| {
        expand_affine_map(b, loc, &map, &args, errors)
    })
}

/// `affine.load` becomes `memref.load`.
fn lower_load(rw: &mut ConversionRewriter<'_>, op: OpId) -> LogicalResult {
    let loc = rw.ir().op_loc(op);
    let indices = expand_subscripts(rw, op, 1)?;
    let memref = rw.ir().operand(op, 0);
    let ty = rw.ir().value_type(rw.ir().result(op, 0));
    let at = rw.insertion_point();
    let value = rw.build(at, |b| {
        let load = LoadOp::build(b, loc, ty, memref, &indices, Some(false), None);
        b.ir.result(load.op(), 0)
    });
    rw.replace_op(op, &[value]);
    Ok(())
}

/// `affine.store` becomes `memref.store`.
fn lower_store(rw: &mut ConversionRewriter<'_>, op: OpId) -> LogicalResult {
    let loc = rw.ir().op_loc(op);
    let indices = expand_subscripts(rw, op, 2)?;
    let (value, memref) = (rw.ir().operand(op, 0), rw.ir().operand(op, 1));
    let at = rw.insertion_point();
    rw.build(at, |b| {
        StoreOp::build(b, loc, value, memref, &indices, Some(false), None);
    });
    rw.erase_op(op);
    Ok(())
}

/// `affine.prefetch` becomes `memref.prefetch`.
fn lower_prefetch(rw: &mut ConversionRewriter<'_>, op: OpId) -> LogicalResult {
    let loc = rw.ir().op_loc(op);
    let indices = expand_subscripts(rw, op, 1)?;
    let memref = rw.ir().operand(op, 0);
    let flag = |rw: &ConversionRewriter<'_>, name: &str| {
        ods_runtime::op::inherent_attr(rw.ctx, rw.ir(), op, name)
            .and_then(|a| ods_runtime::pred::integer_attr_value(rw.ctx, a))
            .unwrap_or(0)
    };
    let is_write = flag(rw, "isWrite") != 0;
    let hint = i32::try_from(flag(rw, "localityHint")).unwrap_or(0);
    let is_data = flag(rw, "isDataCache") != 0;
    let at = rw.insertion_point();
    rw.build(at, |b| {
        PrefetchOp::build(b, loc, memref, &indices, is_write, hint, is_data);
    });
    rw.erase_op(op);
    Ok(())
}

/// `affine.dma_start` becomes `memref.dma_start`: the source, destination
/// and tag subscripts expanded, in that order.
fn lower_dma_start(rw: &mut ConversionRewriter<'_>, op: OpId) -> LogicalResult {
    let loc = rw.ir().op_loc(op);
    let all = operands(rw, op);
    let (accesses, count_at) = dialect_affine::dma::dma_start_layout(rw.ctx, rw.ir(), op);
    if count_at >= all.len() || accesses.iter().any(|a| a.map.is_none()) {
        return Err(rw.notify_match_failure(op, "malformed affine.dma_start"));
    }
    let expanded = expand_here(rw, op, |b, errors| {
        let expanded: Vec<Option<Vec<Value>>> = accesses
            .iter()
            .map(|a| {
                let map = a.map.as_ref()?;
                expand_affine_map(b, loc, map, &all[a.indices.clone()], errors)
            })
            .collect();
        expanded.into_iter().collect::<Option<Vec<_>>>()
    })?;
    let [src, dst, tag] = &accesses;
    let mut new_operands = vec![all[src.memref_at]];
    new_operands.extend(&expanded[0]);
    new_operands.push(all[dst.memref_at]);
    new_operands.extend(&expanded[1]);
    new_operands.push(all[count_at]);
    new_operands.push(all[tag.memref_at]);
    new_operands.extend(&expanded[2]);
    // The stride and the elements per stride, when given.
    new_operands.extend(&all[count_at + 1..]);
    let at = rw.insertion_point();
    rw.build(at, |b| {
        DmaStartOp::build(b, loc, &new_operands);
    });
    rw.erase_op(op);
    Ok(())
}

/// `affine.dma_wait` becomes `memref.dma_wait`.
fn lower_dma_wait(rw: &mut ConversionRewriter<'_>, op: OpId) -> LogicalResult {
    let loc = rw.ir().op_loc(op);
    let all = operands(rw, op);
    let access = dialect_affine::dma::dma_wait_layout(rw.ctx, rw.ir(), op);
    let (Some(map), Some(&count)) = (access.map, all.get(access.indices.end)) else {
        return Err(rw.notify_match_failure(op, "malformed affine.dma_wait"));
    };
    let indices = all[access.indices].to_vec();
    let expanded = expand_here(rw, op, |b, errors| {
        expand_affine_map(b, loc, &map, &indices, errors)
    })?;
    let tag = all[access.memref_at];
    let at = rw.insertion_point();
    rw.build(at, |b| {
        DmaWaitOp::build(b, loc, tag, &expanded, count);
    });
    rw.erase_op(op);
    Ok(())
}

// ----- regions -------------------------------------------------------------------

/// `affine.yield` becomes `scf.yield`, except in a parallel loop, whose
/// lowering turns it into `scf.reduce`.
fn lower_yield(rw: &mut ConversionRewriter<'_>, op: OpId) -> LogicalResult {
    let parent = rw.ir().parent_op(op);
    let in_parallel = parent.is_some_and(|p| {
        let name = rw.ctx.str(rw.ir().op_name(p));
        name == "scf.parallel" || name == "affine.parallel"
    });
    if in_parallel {
        return Err(rw.notify_match_failure(op, "rewritten by the parallel loop's lowering"));
    }
    let loc = rw.ir().op_loc(op);
    let values = operands(rw, op);
    let at = rw.insertion_point();
    rw.build(at, |b| {
        dialect_scf::YieldOp::build(b, loc, &values);
    });
    rw.erase_op(op);
    Ok(())
}

/// `affine.for` becomes `scf.for` over the expanded bounds, taking the
/// body.
fn lower_for(rw: &mut ConversionRewriter<'_>, op: OpId) -> LogicalResult {
    let loc = rw.ir().op_loc(op);
    let for_op = AffineForOp::from_op_unchecked(op);
    let (lower, upper) = {
        let (ctx, ir) = rw.ctx_and_ir();
        (for_op.lower_bound(ctx, ir), for_op.upper_bound(ctx, ir))
    };
    let (Some((lb_map, lb_operands)), Some((ub_map, ub_operands))) = (lower, upper) else {
        return Err(rw.notify_match_failure(op, "the loop has no bound maps"));
    };
    let step = for_op.step_as_int(rw.ctx, rw.ir());
    let [_, _, inits] = dialect_affine::format::for_operand_groups(rw.ir(), rw.ctx, op);
    let (lb, ub, step) = expand_here(rw, op, |b, errors| {
        let lb = expand::lower_map_min_max(b, loc, Reduction::Max, &lb_map, &lb_operands, errors);
        let ub = expand::lower_map_min_max(b, loc, Reduction::Min, &ub_map, &ub_operands, errors);
        let step = index_constant(b, loc, step);
        Some((lb?, ub?, step))
    })?;
    let types: Vec<Type> = inits.iter().map(|&v| rw.ir().value_type(v)).collect();
    let mut new_operands = vec![lb, ub, step];
    new_operands.extend(&inits);
    let at = rw.insertion_point();
    let scf_for = rw.build(at, |b| {
        create_with_empty_regions(b, "scf.for", loc, new_operands, types, 1, None)
    });
    let (from, to) = (rw.ir().region(op, 0), rw.ir().region(scf_for, 0));
    rw.inline_region_before(from, to, None);
    let results: Vec<Value> = rw.ir().results(scf_for).collect();
    rw.replace_op(op, &results);
    Ok(())
}

/// `affine.if` becomes `scf.if` on the conjunction of its constraints
/// (each `expr >= 0` or `expr == 0`, not short-circuited), taking its
/// regions.
fn lower_if(rw: &mut ConversionRewriter<'_>, op: OpId) -> LogicalResult {
    let loc = rw.ir().op_loc(op);
    let Some(set) = dialect_affine::set_of(rw.ctx, rw.ir(), op, "condition") else {
        return Err(rw.notify_match_failure(op, "no integer set"));
    };
    let args = operands(rw, op);
    let num_dims = (set.num_dims as usize).min(args.len());
    let (dims, symbols) = args.split_at(num_dims);
    let condition = expand_here(rw, op, |b, errors| {
        let zero = index_constant(b, loc, 0);
        let mut condition: Option<Value> = None;
        for constraint in set.constraints.iter() {
            let value = expand_affine_expr(b, loc, &constraint.expr, dims, symbols, errors)?;
            let predicate = if constraint.is_eq {
                CmpIPredicate::Eq
            } else {
                CmpIPredicate::Sge
            };
            let i1 = b.ctx.int_type(1);
            let cmp = CmpIOp::build(b, loc, i1, predicate, value, zero).result(b.ctx, b.ir);
            condition = Some(match condition {
                Some(c) => AndIOp::build(b, loc, c, cmp).result(b.ctx, b.ir),
                None => cmp,
            });
        }
        Some(condition.unwrap_or_else(|| {
            let i1 = b.ctx.int_type(1);
            let one = b.ctx.integer_attr(i1, 1);
            let c = ConstantOp::build(b, loc, i1, one);
            b.ir.result(c.op(), 0)
        }))
    })?;
    let types = result_types(rw, op);
    let at = rw.insertion_point();
    let scf_if = rw.build(at, |b| {
        create_with_empty_regions(b, "scf.if", loc, vec![condition], types, 2, None)
    });
    for index in 0..2 {
        let (from, to) = (rw.ir().region(op, index), rw.ir().region(scf_if, index));
        rw.inline_region_before(from, to, None);
    }
    let results: Vec<Value> = rw.ir().results(scf_if).collect();
    rw.replace_op(op, &results);
    Ok(())
}

/// `affine.parallel` becomes `scf.parallel`: its bounds expanded
/// dimension by dimension (lower, then upper), its steps constants, its
/// reductions started from their identity values and combined in the
/// `scf.reduce` replacing its `affine.yield`.
fn lower_parallel(rw: &mut ConversionRewriter<'_>, op: OpId) -> LogicalResult {
    let loc = rw.ir().op_loc(op);
    let shape = parallel::ParallelShape::of(rw, op)?;
    let types = result_types(rw, op);
    let kinds = shape.reduction_kinds(rw, op, &types)?;
    let (lbs, ubs, steps, inits) = expand_here(rw, op, |b, errors| {
        let (mut lbs, mut ubs) = (Vec::new(), Vec::new());
        for dim in 0..shape.steps.len() {
            let (lb_map, ub_map) = (shape.lower_map(dim), shape.upper_map(dim));
            lbs.push(expand::lower_map_min_max(
                b,
                loc,
                Reduction::Max,
                &lb_map,
                &shape.lb_operands,
                errors,
            )?);
            ubs.push(expand::lower_map_min_max(
                b,
                loc,
                Reduction::Min,
                &ub_map,
                &shape.ub_operands,
                errors,
            )?);
        }
        let steps: Vec<Value> = shape
            .steps
            .iter()
            .map(|&s| index_constant(b, loc, s))
            .collect();
        let inits: Vec<Value> = kinds
            .iter()
            .zip(&types)
            .map(|(kind, &ty)| parallel::identity_value(b, loc, *kind, ty))
            .collect::<Option<_>>()?;
        Some((lbs, ubs, steps, inits))
    })?;
    let body = rw.ir().first_block(rw.ir().region(op, 0));
    let Some(terminator) = body.and_then(|b| rw.live_terminator(b)) else {
        return Err(rw.notify_match_failure(op, "the loop has no terminator"));
    };
    let sizes = [lbs.len(), ubs.len(), steps.len(), inits.len()];
    let at = rw.insertion_point();
    let scf_parallel = rw.build(at, |b| {
        let segments = ods_runtime::segments::segment_sizes_attr(b.ctx, &sizes);
        let props = ods_runtime::op::build_props(b.ctx, &[("operandSegmentSizes", Some(segments))]);
        let all = [lbs, ubs, steps, inits.clone()].concat();
        create_with_empty_regions(b, "scf.parallel", loc, all, types.clone(), 1, props)
    });
    let (from, to) = (rw.ir().region(op, 0), rw.ir().region(scf_parallel, 0));
    rw.inline_region_before(from, to, None);
    parallel::replace_terminator_by_reduce(rw, terminator, loc, &kinds);
    let results: Vec<Value> = rw.ir().results(scf_parallel).collect();
    rw.replace_op(op, &results);
    Ok(())
}

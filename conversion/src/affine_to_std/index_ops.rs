//! `affine.delinearize_index` and `affine.linearize_index` as `arith` ops
//! (upstream's `AffineExpandIndexOps.cpp`, whose patterns `--lower-affine`
//! adds to its own).
//!
//! Both work from the strides of the basis: the suffix products of its
//! entries after the outermost one, static entries multiplied into one
//! constant, dynamic ones into a chain of `arith.muli`.

use super::expand::index_constant;
use dialect_arith::{
    AddIOp, CmpIOp, CmpIPredicate, DivSIOp, FloorDivSIOp, IntegerOverflowFlags, MulIOp, RemSIOp,
    SelectOp,
};
use ir::builder::OpBuilder;
use ir::{Context, Ir, Location, OpId, Value};
use ods_transforms::conversion::{ConversionRewriter, LogicalResult};

/// MLIR's `ShapedType::kDynamic`: a basis entry given by an operand.
const DYNAMIC: i64 = i64::MIN;

/// The static basis of `op` and its dynamic entries (the operands after
/// the first `skip`).
fn basis(ctx: &Context, ir: &Ir, op: OpId, skip: usize) -> (Vec<i64>, Vec<Value>) {
    let statics: Vec<i64> = ods_runtime::op::inherent_attr(ctx, ir, op, "static_basis")
        .map(|a| ods_runtime::attr::dense_array_values(ctx, a))
        .unwrap_or_default();
    let dynamics = ir.operands(op).skip(skip).collect();
    (statics, dynamics)
}

/// The strides of `static_basis` (whose outer bound, if any, was dropped
/// by the caller), innermost last; `dynamic_basis` may hold extra values
/// at its front, which are ignored (upstream's `computeStrides`).
fn compute_strides(
    b: &mut OpBuilder<'_>,
    loc: Location,
    dynamic_basis: &[Value],
    static_basis: &[i64],
    known_non_negative: bool,
) -> Vec<Value> {
    let mut strides = Vec::with_capacity(static_basis.len());
    let mut dynamic_index = dynamic_basis.len();
    let mut dynamic_part: Option<Value> = None;
    let mut static_part: i64 = 1;
    let mut flags = IntegerOverflowFlags::NSW;
    if known_non_negative {
        flags |= IntegerOverflowFlags::NUW;
    }
    for &entry in static_basis.iter().rev() {
        if entry == DYNAMIC {
            let Some(next) = dynamic_index
                .checked_sub(1)
                .and_then(|i| dynamic_basis.get(i))
            else {
                break;
            };
            dynamic_part = Some(match dynamic_part {
                Some(part) => MulIOp::build(b, loc, part, *next, Some(flags)).result(b.ctx, b.ir),
                None => *next,
            });
            dynamic_index -= 1;
        } else {
            static_part = static_part.wrapping_mul(entry);
        }
        match dynamic_part {
            Some(part) if static_part == 1 => strides.push(part),
            _ => {
                let constant = index_constant(b, loc, static_part);
                let stride = match dynamic_part {
                    Some(part) => {
                        MulIOp::build(b, loc, part, constant, Some(flags)).result(b.ctx, b.ir)
                    }
                    None => constant,
                };
                strides.push(stride);
            }
        }
    }
    strides.reverse();
    strides
}

/// `index mod stride`, as a non-negative remainder.
fn mod_term(
    b: &mut OpBuilder<'_>,
    loc: Location,
    index: Value,
    stride: Value,
    zero: Value,
) -> Value {
    let remainder = RemSIOp::build(b, loc, index, stride).result(b.ctx, b.ir);
    let i1 = b.ctx.int_type(1);
    let negative =
        CmpIOp::build(b, loc, i1, CmpIPredicate::Slt, remainder, zero).result(b.ctx, b.ir);
    let nsw = Some(IntegerOverflowFlags::NSW);
    let corrected = AddIOp::build(b, loc, remainder, stride, nsw).result(b.ctx, b.ir);
    SelectOp::build(b, loc, negative, corrected, remainder).result(b.ctx, b.ir)
}

/// `affine.delinearize_index`: the outermost coordinate by a floor
/// division by the first stride, each inner one as the remainder by its
/// stride divided by the next, the innermost as the remainder by the last.
pub fn lower_delinearize(rw: &mut ConversionRewriter<'_>, op: OpId) -> LogicalResult {
    let loc = rw.ir().op_loc(op);
    let linear = rw.ir().operand(op, 0);
    let num_results = rw.ir().num_results(op);
    let (mut statics, dynamics) = basis(rw.ctx, rw.ir(), op, 1);
    if num_results == statics.len() && !statics.is_empty() {
        statics.remove(0);
    }
    if num_results == 1 {
        rw.replace_op(op, &[linear]);
        return Ok(());
    }
    if statics.is_empty() {
        return Err(rw.notify_match_failure(op, "no basis to delinearize by"));
    }
    let at = rw.insertion_point();
    let results = rw.build(at, |b| {
        let strides = compute_strides(b, loc, &dynamics, &statics, true);
        let zero = index_constant(b, loc, 0);
        let mut results = Vec::with_capacity(num_results);
        results.push(FloorDivSIOp::build(b, loc, linear, strides[0]).result(b.ctx, b.ir));
        for pair in strides.windows(2) {
            let modulus = mod_term(b, loc, linear, pair[0], zero);
            results.push(DivSIOp::build(b, loc, modulus, pair[1], false).result(b.ctx, b.ir));
        }
        let last = strides[strides.len() - 1];
        results.push(mod_term(b, loc, linear, last, zero));
        results
    });
    rw.replace_op(op, &results);
    Ok(())
}

/// The ops that count as loops for hoisting (upstream's
/// `LoopLikeOpInterface` implementers among the ported dialects).
const LOOP_LIKE: &[&str] = &[
    "affine.for",
    "affine.parallel",
    "scf.for",
    "scf.forall",
    "scf.parallel",
    "scf.while",
];

/// How many loops around `user` `value` is defined outside of, counting
/// outward and stopping at the first loop it is defined in (upstream's
/// `numEnclosingInvariantLoops`).
fn enclosing_invariant_loops(ctx: &Context, ir: &Ir, user: OpId, value: Value) -> usize {
    // The op whose region holds the value's definition.
    let definer = ir.value_block(value).and_then(|b| ir.block_parent_op(b));
    let mut count = 0;
    let mut current = user;
    while let Some(parent) = next_loop(ctx, ir, current) {
        let inside = definer.is_some_and(|d| ir.is_ancestor(parent, d));
        if inside {
            break;
        }
        current = parent;
        count += 1;
    }
    count
}

/// The nearest loop around `op`.
fn next_loop(ctx: &Context, ir: &Ir, op: OpId) -> Option<OpId> {
    let mut at = ir.parent_op(op);
    while let Some(parent) = at {
        if LOOP_LIKE.contains(&ctx.str(ir.op_name(parent))) {
            return Some(parent);
        }
        at = ir.parent_op(parent);
    }
    None
}

/// `affine.linearize_index`: each coordinate but the last scaled by its
/// stride, summed with the terms invariant in the most enclosing loops
/// first (so that later passes can hoist partial sums).
pub fn lower_linearize(rw: &mut ConversionRewriter<'_>, op: OpId) -> LogicalResult {
    let loc = rw.ir().op_loc(op);
    let all: Vec<Value> = rw.ir().operands(op).collect();
    let sizes = ods_runtime::segments::segment_sizes(rw.ctx, rw.ir(), op, "operandSegmentSizes", 2);
    let num_indices = sizes
        .first()
        .map_or(0, |&n| usize::try_from(n).unwrap_or(0))
        .min(all.len());
    let (indices, dynamics) = all.split_at(num_indices);
    if indices.is_empty() {
        let at = rw.insertion_point();
        let zero = rw.build(at, |b| index_constant(b, loc, 0));
        rw.replace_op(op, &[zero]);
        return Ok(());
    }
    let (mut statics, _) = basis(rw.ctx, rw.ir(), op, all.len());
    if num_indices == statics.len() {
        statics.remove(0);
    }
    if statics.len() + 1 != num_indices {
        return Err(rw.notify_match_failure(op, "basis and indices do not match"));
    }
    // A unit property: set when it holds the unit attribute.
    let disjoint = ods_runtime::op::inherent_attr(rw.ctx, rw.ir(), op, "disjoint")
        .is_some_and(|a| ods_runtime::pred::is_unit_attr(rw.ctx, a));
    let hoistable: Vec<usize> = indices
        .iter()
        .map(|&v| enclosing_invariant_loops(rw.ctx, rw.ir(), op, v))
        .collect();
    let at = rw.insertion_point();
    let result = rw.build(at, |b| {
        let strides = compute_strides(b, loc, dynamics, &statics, disjoint);
        let nsw = Some(IntegerOverflowFlags::NSW);
        let mut scaled: Vec<(Value, usize)> = strides
            .iter()
            .zip(indices)
            .zip(&hoistable)
            .map(|((&stride, &index), &n)| {
                (
                    MulIOp::build(b, loc, index, stride, nsw).result(b.ctx, b.ir),
                    n,
                )
            })
            .collect();
        scaled.push((indices[num_indices - 1], hoistable[num_indices - 1]));
        // Stable: ties keep the outer coordinates (larger strides) first.
        scaled.sort_by_key(|&(_, n)| std::cmp::Reverse(n));
        let mut sum = scaled[0].0;
        for &(term, _) in &scaled[1..] {
            sum = AddIOp::build(b, loc, sum, term, nsw).result(b.ctx, b.ir);
        }
        sum
    });
    rw.replace_op(op, &[result]);
    Ok(())
}

//! `--convert-scf-to-cf` (upstream's `SCFToControlFlow.cpp`): structured
//! control flow becomes a CFG of `cf` branches in the region around it.
//!
//! Each `scf` op is one pattern. A pattern splits the block holding its op
//! at the op, moves the op's regions into the enclosing region between the
//! two halves, and replaces the terminators (`scf.yield`,
//! `scf.condition`) by branches:
//!
//! - `scf.for`: the body's entry block becomes the loop header (its
//!   arguments are the induction variable and the carried values); it
//!   compares against the upper bound (`slt`, or `ult` for `unsigned`)
//!   and branches into the body or out; the body steps and branches back.
//! - `scf.if`: a conditional branch to the then and else blocks, which
//!   branch to a continuation block whose arguments are the results.
//! - `scf.while`: the before region loops through the after region; when
//!   the after region only forwards its arguments (a do-while), the before
//!   region branches to itself (benefit 2).
//! - `scf.execute_region`, `scf.index_switch` (through `cf.switch` on the
//!   index cast to `i32`).
//! - `scf.parallel` becomes a nest of `scf.for` with its reductions
//!   inlined, and `scf.forall` without shared outputs an `scf.parallel`;
//!   both are then lowered on: the conversion legalizes what a pattern
//!   creates.
//!
//! The target makes those seven ops illegal and every other op legal
//! (partial conversion), so a `scf.forall` with `shared_outs` fails with
//! `failed to legalize operation 'scf.forall' that was explicitly marked
//! illegal`, as `mlir-opt` does.

use dialect_arith::{AddIOp, CmpIOp, CmpIPredicate, ConstantOp, IndexCastOp};
use dialect_cf::{BranchOp, CondBranchOp, SwitchOp};
use dialect_scf::{ForOp, ForallOp, ReduceOp, YieldOp};
use ir::builder::{InsertPoint, OpBuilder};
use ir::{Attribute, BlockId, Diagnostic, Location, OpId, OperationState, RegionId, Value};
use ods_runtime::fold::OpFoldResult;
use ods_runtime::Op;
use ods_transforms::conversion::{
    apply_partial_conversion, Conversion, ConversionPatternSet, ConversionRewriter,
    ConversionTarget, LogicalResult, OpConversionPattern,
};
use ods_transforms::pass::{Pass, PassCx, PassInfo, PassRegistry};

/// The ops the conversion removes.
pub const ILLEGAL_OPS: &[&str] = &[
    "scf.forall",
    "scf.for",
    "scf.if",
    "scf.index_switch",
    "scf.parallel",
    "scf.while",
    "scf.execute_region",
];

/// The discardable attribute of a loop that its back edge carries.
const LOOP_ANNOTATION: &str = "llvm.loop_annotation";

/// Registers `convert-scf-to-cf`.
pub fn register(registry: &mut PassRegistry) {
    registry.register(PassInfo {
        name: "convert-scf-to-cf",
        summary: "Convert SCF dialect to ControlFlow dialect, replacing structured control flow with a CFG",
        options: &[],
        create: |_| Box::new(SCFToControlFlow),
    });
}

struct SCFToControlFlow;

impl Pass for SCFToControlFlow {
    fn run(&mut self, cx: &mut PassCx<'_>, op: OpId) -> Result<(), Vec<Diagnostic>> {
        let patterns = scf_to_cf_patterns();
        let mut target = ConversionTarget::new();
        target
            .add_illegal_ops(ILLEGAL_OPS)
            .mark_unknown_op_dynamically_legal(|_, _, _| true);
        let conversion = Conversion {
            target: &target,
            patterns: &patterns,
            type_converter: None,
        };
        apply_partial_conversion(cx, op, conversion).map(|_| ())
    }

    fn display_name(&self) -> Option<&'static str> {
        Some("SCFToControlFlowPass")
    }
}

/// The lowering patterns (upstream's
/// `populateSCFToControlFlowConversionPatterns`), in upstream's order.
pub fn scf_to_cf_patterns() -> ConversionPatternSet {
    let mut patterns = ConversionPatternSet::new();
    patterns
        .add(
            OpConversionPattern::new("scf.forall", |op, _, rw| lower_forall(rw, op))
                .named("ForallLowering"),
        )
        .add(
            OpConversionPattern::new("scf.for", |op, _, rw| lower_for(rw, op)).named("ForLowering"),
        )
        .add(OpConversionPattern::new("scf.if", |op, _, rw| lower_if(rw, op)).named("IfLowering"))
        .add(
            OpConversionPattern::new("scf.parallel", |op, _, rw| lower_parallel(rw, op))
                .named("ParallelLowering"),
        )
        .add(
            OpConversionPattern::new("scf.while", |op, _, rw| lower_while(rw, op))
                .named("WhileLowering"),
        )
        .add(
            OpConversionPattern::new("scf.execute_region", |op, _, rw| {
                lower_execute_region(rw, op)
            })
            .named("ExecuteRegionLowering"),
        )
        .add(
            OpConversionPattern::new("scf.index_switch", |op, _, rw| lower_index_switch(rw, op))
                .named("IndexSwitchLowering"),
        )
        .add(
            OpConversionPattern::new("scf.while", |op, _, rw| lower_do_while(rw, op))
                .named("DoWhileLowering")
                .with_benefit(2),
        );
    patterns
}

// ----- helpers ---------------------------------------------------------------

/// The block holding `op`, or a match failure (an op the driver converts
/// always has one).
fn block_of(
    rw: &mut ConversionRewriter<'_>,
    op: OpId,
) -> Result<BlockId, ods_transforms::conversion::MatchFailure> {
    match rw.ir().op_block(op) {
        Some(block) => Ok(block),
        None => Err(rw.notify_match_failure(op, "the op is not in a block")),
    }
}

/// The region holding `block`.
fn region_of(
    rw: &mut ConversionRewriter<'_>,
    op: OpId,
    block: BlockId,
) -> Result<RegionId, ods_transforms::conversion::MatchFailure> {
    match rw.ir().block_region(block) {
        Some(region) => Ok(region),
        None => Err(rw.notify_match_failure(op, "the op is not in a region")),
    }
}

/// The first and last block of region `index` of `op`.
fn region_ends(
    rw: &mut ConversionRewriter<'_>,
    op: OpId,
    index: usize,
) -> Result<(RegionId, BlockId, BlockId), ods_transforms::conversion::MatchFailure> {
    let region = rw.ir().region(op, index);
    match (rw.ir().first_block(region), rw.ir().last_block(region)) {
        (Some(first), Some(last)) => Ok((region, first, last)),
        _ => Err(rw.notify_match_failure(op, "a region of the op is empty")),
    }
}

/// The terminator of `block` (the last op not erased).
fn terminator_of(
    rw: &mut ConversionRewriter<'_>,
    op: OpId,
    block: BlockId,
) -> Result<OpId, ods_transforms::conversion::MatchFailure> {
    match rw.live_terminator(block) {
        Some(t) => Ok(t),
        None => Err(rw.notify_match_failure(op, "a block of the op has no terminator")),
    }
}

fn operands(rw: &ConversionRewriter<'_>, op: OpId) -> Vec<Value> {
    rw.ir().operands(op).collect()
}

fn op_is(rw: &ConversionRewriter<'_>, op: OpId, name: &str) -> bool {
    rw.ctx.str(rw.ir().op_name(op)) == name
}

/// `cf.br` to `dest` with `args` at the end of `block`.
fn branch_at_end(
    rw: &mut ConversionRewriter<'_>,
    block: BlockId,
    loc: Location,
    dest: BlockId,
    args: &[Value],
) -> OpId {
    rw.build(InsertPoint::End(block), |b| {
        BranchOp::build_from_dest_dest_operands(b, loc, dest, args).op()
    })
}

/// `cf.cond_br` at the end of `block`.
#[allow(clippy::too_many_arguments)]
fn cond_branch_at_end(
    rw: &mut ConversionRewriter<'_>,
    block: BlockId,
    loc: Location,
    condition: Value,
    true_dest: BlockId,
    true_args: &[Value],
    false_dest: BlockId,
    false_args: &[Value],
) {
    rw.build(InsertPoint::End(block), |b| {
        CondBranchOp::build_from_condition_true_dest_true_operands_false_dest_false_operands(
            b, loc, condition, true_dest, true_args, false_dest, false_args,
        );
    });
}

/// Gives the back edge `branch` the loop annotation of `loop_op`, as
/// upstream keeps `llvm.loop_annotation` on the branch closing the loop.
fn copy_loop_annotation(rw: &mut ConversionRewriter<'_>, loop_op: OpId, branch: OpId) {
    let Some(dict) = rw.ir().attrs(loop_op) else {
        return;
    };
    let Some(annotation) = ods_runtime::op::dict_get(rw.ctx, dict, LOOP_ANNOTATION) else {
        return;
    };
    if !is_loop_annotation(rw, annotation) {
        return;
    }
    let attrs = ods_runtime::attr::dictionary(rw.ctx, &[(LOOP_ANNOTATION, annotation)]);
    rw.set_attrs(branch, Some(attrs));
}

/// Whether `attr` is an `#llvm.loop_annotation` (upstream forwards only
/// that attribute class, not any value under the name).
fn is_loop_annotation(rw: &ConversionRewriter<'_>, attr: Attribute) -> bool {
    let text = ir::printer::attrs::print_attribute_str(rw.ctx, attr);
    text.starts_with("#llvm.loop_annotation<")
}

// ----- the patterns ------------------------------------------------------------

/// `scf.for`: header block (compare, branch), body (step, branch back).
fn lower_for(rw: &mut ConversionRewriter<'_>, op: OpId) -> LogicalResult {
    let loc = rw.ir().op_loc(op);
    let init_block = block_of(rw, op)?;
    let parent = region_of(rw, op, init_block)?;
    let (region, condition_block, _) = region_ends(rw, op, 0)?;
    let all = operands(rw, op);
    let [lower, upper, step] = [all[0], all[1], all[2]];
    let inits = all[3..].to_vec();
    let unsigned = ods_runtime::op::inherent_attr(rw.ctx, rw.ir(), op, "unsignedCmp").is_some();

    let end_block = rw.split_block(init_block, Some(op));
    let first_op = rw.ir().first_op(condition_block);
    let first_body_block = rw.split_block(condition_block, first_op);
    let last_body_block = rw.ir().last_block(region).unwrap_or(first_body_block);
    rw.inline_region_before(region, parent, Some(end_block));
    let iv = rw.ir().argument(condition_block, 0);

    // Step and branch back, carrying what the body yields.
    let terminator = terminator_of(rw, op, last_body_block)?;
    let stepped = rw.build(InsertPoint::End(last_body_block), |b| {
        let add = AddIOp::build(b, loc, iv, step, None);
        add.result(b.ctx, b.ir)
    });
    let mut carried = vec![stepped];
    carried.extend(operands(rw, terminator));
    let back_edge = branch_at_end(rw, last_body_block, loc, condition_block, &carried);
    copy_loop_annotation(rw, op, back_edge);
    rw.erase_op(terminator);

    // Enter the loop with the lower bound and the initial values.
    let mut entry_args = vec![lower];
    entry_args.extend(inits);
    branch_at_end(rw, init_block, loc, condition_block, &entry_args);

    // The header: compare the induction variable with the upper bound.
    let predicate = if unsigned {
        CmpIPredicate::Ult
    } else {
        CmpIPredicate::Slt
    };
    let comparison = rw.build(InsertPoint::End(condition_block), |b| {
        let i1 = b.ctx.int_type(1);
        CmpIOp::build(b, loc, i1, predicate, iv, upper).result(b.ctx, b.ir)
    });
    cond_branch_at_end(
        rw,
        condition_block,
        loc,
        comparison,
        first_body_block,
        &[],
        end_block,
        &[],
    );

    let results: Vec<Value> = rw.ir().arguments(condition_block).skip(1).collect();
    rw.replace_op(op, &results);
    Ok(())
}

/// Replaces the terminator of the last block of region `index` of `op` by
/// a branch to `dest` with its operands (at `loc`, or where the terminator
/// was when `None`), and moves the region's blocks before `dest`. Returns
/// the region's first block.
fn inline_branching_to(
    rw: &mut ConversionRewriter<'_>,
    op: OpId,
    index: usize,
    parent: RegionId,
    dest: BlockId,
    loc: Option<Location>,
) -> Result<BlockId, ods_transforms::conversion::MatchFailure> {
    let (region, first, last) = region_ends(rw, op, index)?;
    let terminator = terminator_of(rw, op, last)?;
    let args = operands(rw, terminator);
    let loc = loc.unwrap_or_else(|| rw.ir().op_loc(terminator));
    branch_at_end(rw, last, loc, dest, &args);
    rw.erase_op(terminator);
    rw.inline_region_before(region, parent, Some(dest));
    Ok(first)
}

/// `scf.if`: a conditional branch into the inlined regions, which meet in
/// a continuation block holding the results.
fn lower_if(rw: &mut ConversionRewriter<'_>, op: OpId) -> LogicalResult {
    let loc = rw.ir().op_loc(op);
    let condition_block = block_of(rw, op)?;
    let parent = region_of(rw, op, condition_block)?;
    let condition = rw.ir().operand(op, 0);
    let result_types: Vec<_> = rw.ir().results(op).map(|r| rw.ir().value_type(r)).collect();

    let remaining = rw.split_block(condition_block, Some(op));
    let continue_block = if result_types.is_empty() {
        remaining
    } else {
        let block = rw.create_block(parent, Some(remaining), &result_types, loc);
        branch_at_end(rw, block, loc, remaining, &[]);
        block
    };
    let then_block = inline_branching_to(rw, op, 0, parent, continue_block, Some(loc))?;
    let has_else = rw.ir().first_block(rw.ir().region(op, 1)).is_some();
    let else_block = if has_else {
        inline_branching_to(rw, op, 1, parent, continue_block, Some(loc))?
    } else {
        continue_block
    };
    cond_branch_at_end(
        rw,
        condition_block,
        loc,
        condition,
        then_block,
        &[],
        else_block,
        &[],
    );
    let results: Vec<Value> = rw.ir().arguments(continue_block).collect();
    rw.replace_op(op, &results);
    Ok(())
}

/// `scf.execute_region`: a branch into the inlined region, whose
/// `scf.yield`s branch to the rest of the block.
fn lower_execute_region(rw: &mut ConversionRewriter<'_>, op: OpId) -> LogicalResult {
    let loc = rw.ir().op_loc(op);
    let condition_block = block_of(rw, op)?;
    let parent = region_of(rw, op, condition_block)?;
    let (region, entry, _) = region_ends(rw, op, 0)?;
    let remaining = rw.split_block(condition_block, Some(op));
    branch_at_end(rw, condition_block, loc, entry, &[]);
    let blocks: Vec<BlockId> = rw.ir().region_blocks(region).collect();
    for block in blocks {
        let Some(terminator) = rw.live_terminator(block) else {
            continue;
        };
        if !op_is(rw, terminator, YieldOp::NAME) {
            continue;
        }
        let args = operands(rw, terminator);
        branch_at_end(rw, block, loc, remaining, &args);
        rw.erase_op(terminator);
    }
    rw.inline_region_before(region, parent, Some(remaining));
    let types: Vec<_> = rw.ir().results(op).map(|r| rw.ir().value_type(r)).collect();
    let values: Vec<Value> = types
        .into_iter()
        .map(|t| rw.add_block_argument(remaining, t, loc))
        .collect();
    rw.replace_op(op, &values);
    Ok(())
}

/// `scf.parallel`: a nest of `scf.for`, one per dimension, carrying the
/// reductions' values; each reduction's body is inlined where the
/// `scf.reduce` stood.
fn lower_parallel(rw: &mut ConversionRewriter<'_>, op: OpId) -> LogicalResult {
    let loc = rw.ir().op_loc(op);
    let groups =
        ods_runtime::segments::segment_sizes(rw.ctx, rw.ir(), op, "operandSegmentSizes", 4);
    let all = operands(rw, op);
    let group = |i: usize| -> Vec<Value> {
        ods_runtime::segments::segment_group(&groups, i)
            .filter_map(|k| all.get(k).copied())
            .collect()
    };
    let (lowers, uppers, steps, inits) = (group(0), group(1), group(2), group(3));
    let (_, body, _) = region_ends(rw, op, 0)?;

    let mut iter_args = inits.clone();
    let mut ivs = Vec::with_capacity(steps.len());
    let mut loop_results = inits;
    let mut at = rw.insertion_point();
    let mut insertion_block = None;
    for (i, ((&lower, &upper), &step)) in lowers.iter().zip(&uppers).zip(&steps).enumerate() {
        let carried = iter_args.clone();
        let for_op = rw.build(at, |b| {
            ForOp::build_from_lower_bound_upper_bound_step_init_args_body_builder_unsigned_cmp(
                b, loc, lower, upper, step, &carried, None, false,
            )
            .op()
        });
        let for_body = rw
            .ir()
            .first_block(rw.ir().region(for_op, 0))
            .ok_or_else(|| rw.notify_match_failure(op, "the loop built has no body"))?;
        let args: Vec<Value> = rw.ir().arguments(for_body).collect();
        ivs.push(args[0]);
        iter_args = args[1..].to_vec();
        let results: Vec<Value> = rw.ir().results(for_op).collect();
        if i == 0 {
            loop_results = results;
        } else if !results.is_empty() {
            if let Some(outer) = insertion_block {
                rw.build(InsertPoint::End(outer), |b| {
                    YieldOp::build(b, loc, &results);
                });
            }
        }
        at = InsertPoint::Start(for_body);
        insertion_block = Some(for_body);
    }
    let Some(new_body) = insertion_block else {
        return Err(rw.notify_match_failure(op, "the loop has no dimension"));
    };

    // The reductions, inlined before the `scf.reduce` they belong to.
    let reduce = terminator_of(rw, op, body)?;
    let reduced = operands(rw, reduce);
    let mut yield_operands = Vec::with_capacity(reduced.len());
    for (i, &value) in reduced.iter().enumerate() {
        let (_, block, _) = region_ends(rw, reduce, i)?;
        let ret = terminator_of(rw, reduce, block)?;
        yield_operands.push(rw.ir().operand(ret, 0));
        rw.erase_op(ret);
        let arg = iter_args.get(i).copied().unwrap_or(value);
        rw.inline_block_before(block, reduce, &[arg, value]);
    }
    rw.erase_op(reduce);

    // The body, without its terminator, into the innermost loop.
    match rw.live_terminator(new_body) {
        None => rw.merge_blocks(body, new_body, &ivs),
        Some(terminator) => rw.inline_block_before(body, terminator, &ivs),
    }
    if !yield_operands.is_empty() {
        rw.build(InsertPoint::End(new_body), |b| {
            YieldOp::build(b, loc, &yield_operands);
        });
    }
    rw.replace_op(op, &loop_results);
    Ok(())
}

/// `scf.while`: the before region, then the after region branching back.
fn lower_while(rw: &mut ConversionRewriter<'_>, op: OpId) -> LogicalResult {
    let loc = rw.ir().op_loc(op);
    let current = block_of(rw, op)?;
    let parent = region_of(rw, op, current)?;
    let (before_region, before, _) = region_ends(rw, op, 0)?;
    let (after_region, after, _) = region_ends(rw, op, 1)?;
    let inits = operands(rw, op);

    let continuation = rw.split_block(current, Some(op));
    rw.inline_region_before(after_region, parent, Some(continuation));
    rw.inline_region_before(before_region, parent, Some(after));
    branch_at_end(rw, current, loc, before, &inits);

    let condition = terminator_of(rw, op, before)?;
    let cond_operands = operands(rw, condition);
    let (flag, args) = cond_operands
        .split_first()
        .map_or((None, &[][..]), |(f, a)| (Some(*f), a));
    let Some(flag) = flag else {
        return Err(rw.notify_match_failure(op, "the before region does not end in scf.condition"));
    };
    // The branches replacing the terminators take their places.
    let cond_loc = rw.ir().op_loc(condition);
    cond_branch_at_end(rw, before, cond_loc, flag, after, args, continuation, &[]);
    rw.erase_op(condition);

    let yield_op = terminator_of(rw, op, after)?;
    let yielded = operands(rw, yield_op);
    let yield_loc = rw.ir().op_loc(yield_op);
    let back_edge = branch_at_end(rw, after, yield_loc, before, &yielded);
    copy_loop_annotation(rw, op, back_edge);
    rw.erase_op(yield_op);

    rw.replace_op(op, args);
    Ok(())
}

/// `scf.while` whose after region only forwards its arguments: the before
/// region branches to itself.
fn lower_do_while(rw: &mut ConversionRewriter<'_>, op: OpId) -> LogicalResult {
    let loc = rw.ir().op_loc(op);
    let (_, after, _) = region_ends(rw, op, 1)?;
    let after_ops: Vec<OpId> = rw.ir().block_ops(after).collect();
    let [yield_op] = after_ops[..] else {
        return Err(rw.notify_match_failure(
            op,
            "do-while simplification applicable only if 'after' region has no payload",
        ));
    };
    let forwards = op_is(rw, yield_op, YieldOp::NAME)
        && rw.ir().operands(yield_op).eq(rw.ir().arguments(after));
    if !forwards {
        return Err(rw.notify_match_failure(
            op,
            "do-while simplification applicable only to forwarding 'after' regions",
        ));
    }
    let current = block_of(rw, op)?;
    let parent = region_of(rw, op, current)?;
    let (before_region, before, _) = region_ends(rw, op, 0)?;
    let inits = operands(rw, op);

    let continuation = rw.split_block(current, Some(op));
    rw.inline_region_before(before_region, parent, Some(continuation));
    branch_at_end(rw, current, loc, before, &inits);

    let condition = terminator_of(rw, op, before)?;
    let cond_operands = operands(rw, condition);
    let Some((&flag, args)) = cond_operands.split_first() else {
        return Err(rw.notify_match_failure(op, "the before region does not end in scf.condition"));
    };
    let cond_loc = rw.ir().op_loc(condition);
    cond_branch_at_end(rw, before, cond_loc, flag, before, args, continuation, &[]);
    rw.erase_op(condition);
    rw.replace_op(op, args);
    Ok(())
}

/// `scf.index_switch`: `cf.switch` on the index cast to `i32`, each case
/// region branching to a continuation block holding the results.
fn lower_index_switch(rw: &mut ConversionRewriter<'_>, op: OpId) -> LogicalResult {
    let loc = rw.ir().op_loc(op);
    let condition_block = block_of(rw, op)?;
    let parent = region_of(rw, op, condition_block)?;
    let index = rw.ir().operand(op, 0);
    let cases: Vec<i64> = ods_runtime::op::inherent_attr(rw.ctx, rw.ir(), op, "cases")
        .map(|a| ods_runtime::attr::dense_array_values(rw.ctx, a))
        .unwrap_or_default();

    let continue_block = rw.split_block(condition_block, Some(op));
    let types: Vec<_> = rw.ir().results(op).map(|r| rw.ir().value_type(r)).collect();
    let results: Vec<Value> = types
        .into_iter()
        .map(|t| rw.add_block_argument(continue_block, t, loc))
        .collect();

    // Case regions follow the default region (region 0).
    // Each `scf.yield` becomes a branch at its own location.
    let mut case_blocks = Vec::with_capacity(cases.len());
    for i in 0..cases.len() {
        case_blocks.push(inline_branching_to(
            rw,
            op,
            i + 1,
            parent,
            continue_block,
            None,
        )?);
    }
    let default_block = inline_branching_to(rw, op, 0, parent, continue_block, None)?;

    rw.build(InsertPoint::End(condition_block), |b| {
        let i32t = b.ctx.int_type(32);
        let flag = IndexCastOp::build(b, loc, i32t, index).out(b.ctx, b.ir);
        let no_operands: Vec<&[Value]> = vec![&[]; case_blocks.len()];
        SwitchOp::build_from_flag_default_destination_default_operands_case_values_case_destinations_case_operands(
            b, loc, flag, default_block, &[], &cases, &case_blocks, &no_operands,
        );
    });
    rw.replace_op(op, &results);
    Ok(())
}

/// `scf.forall` without shared outputs: an `scf.parallel` over the same
/// bounds (constant ones materialized as `arith.constant`), taking its
/// body.
fn lower_forall(rw: &mut ConversionRewriter<'_>, op: OpId) -> LogicalResult {
    let loc = rw.ir().op_loc(op);
    let forall = ForallOp::from_op_unchecked(op);
    if !dialect_scf::forall_groups(rw.ctx, rw.ir(), op)[3].is_empty() {
        return Err(rw.notify_match_failure(
            op,
            "only fully bufferized scf.forall ops can be lowered to scf.parallel",
        ));
    }
    let mut bounds = Vec::with_capacity(3);
    for which in 0..3 {
        let (ctx, ir) = rw.ctx_and_ir();
        let mixed = match which {
            0 => forall.get_loop_lower_bounds(ctx, ir),
            1 => forall.get_loop_upper_bounds(ctx, ir),
            _ => forall.get_loop_steps(ctx, ir),
        }
        .unwrap_or_default();
        let at = rw.insertion_point();
        let values = rw.build(at, |b| {
            mixed
                .into_iter()
                .map(|m| value_or_index_constant(b, loc, m))
                .collect::<Vec<Value>>()
        });
        bounds.push(values);
    }
    let (_, body, _) = region_ends(rw, op, 0)?;
    let in_parallel = terminator_of(rw, op, body)?;

    // An `scf.parallel` with an empty region, which takes the body.
    let at = rw.insertion_point();
    let parallel = rw.build(at, |b| {
        let sizes = [bounds[0].len(), bounds[1].len(), bounds[2].len(), 0];
        let segments = ods_runtime::segments::segment_sizes_attr(b.ctx, &sizes);
        let props = ods_runtime::op::build_props(b.ctx, &[("operandSegmentSizes", Some(segments))]);
        let name = b.ctx.ident("scf.parallel");
        let mut state = OperationState::new(name, loc);
        state.operands = bounds.concat();
        state.regions.push(b.ir.create_region());
        state.props = props;
        b.create(&state)
    });
    let region = rw.ir().region(parallel, 0);
    let forall_region = rw.ir().region(op, 0);
    rw.inline_region_before(forall_region, region, None);
    rw.build(InsertPoint::End(body), |b| {
        ReduceOp::build_from(b, loc);
    });
    rw.erase_op(in_parallel);
    let results: Vec<Value> = rw.ir().results(parallel).collect();
    rw.replace_op(op, &results);
    Ok(())
}

/// The value of a bound: its SSA value, or an `arith.constant` of index
/// type for a static one (upstream's `getValueOrCreateConstantIndexOp`).
fn value_or_index_constant(b: &mut OpBuilder<'_>, loc: Location, bound: OpFoldResult) -> Value {
    match bound {
        OpFoldResult::Value(v) => v,
        OpFoldResult::Attribute(attr) => {
            let index = b.ctx.index_type();
            let c = ConstantOp::build(b, loc, index, attr);
            b.ir.result(c.op(), 0)
        }
    }
}

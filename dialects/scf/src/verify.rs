//! The checks of scf ops that the spec leaves to Rust (`hasVerifier`,
//! `hasRegionVerifier`), worded as `mlir-opt` words them and run in its
//! order.
//!
//! In: an op of the dialect, after its ODS invariants (operand and region
//! counts, constraints, parents) held. Out: the first problem. Nothing
//! here panics on odd IR: a missing block or argument is a mismatch.

use ir::printer::print_type_str;
use ir::registry::VerifyError;
use ir::{AttrKind, Context, Ir, OpId, RegionId, Type, Value};
use ods_runtime::op::inherent_attr;
use ods_runtime::segments::{segment_group, segment_sizes};

use super::{forall_groups as groups, forall_statics as statics, DYNAMIC};
use dialect_arith::ConstantOp;
use ods_runtime::matchers::read_constant_int;

/// A type as MLIR's diagnostics stream it: quoted.
fn ty(ctx: &Context, t: Type) -> String {
    format!("'{}'", print_type_str(ctx, t))
}

fn operand_types(ir: &Ir, op: OpId) -> super::SmallTypes {
    ir.operands(op).map(|v| ir.value_type(v)).collect()
}

fn result_types(ir: &Ir, op: OpId) -> super::SmallTypes {
    ir.results(op).map(|v| ir.value_type(v)).collect()
}

/// The last op of the first block of `region`, when there is one.
fn terminator(ir: &Ir, region: RegionId) -> Option<OpId> {
    ir.first_block(region).and_then(|b| ir.last_op(b))
}

fn is_op(ctx: &Context, ir: &Ir, op: OpId, name: &str) -> bool {
    ctx.str(ir.op_name(op)) == name
}

/// The region's terminator when it is a `name` op; otherwise upstream's
/// `verifyAndGetTerminator` error, with a note on the terminator there is.
fn expect_terminator(
    ctx: &Context,
    ir: &Ir,
    region: RegionId,
    name: &str,
    message: &str,
) -> Result<OpId, VerifyError> {
    let last = terminator(ir, region);
    match last {
        Some(t) if is_op(ctx, ir, t, name) => Ok(t),
        Some(t) => {
            Err(VerifyError::op_error(message).with_note(Some(ir.op_loc(t)), "terminator here"))
        }
        None => Err(VerifyError::op_error(message)),
    }
}

/// `scf.execute_region`: a region with one block or more, the first
/// without arguments.
pub fn verify_execute_region(_ctx: &Context, ir: &Ir, op: OpId) -> Result<(), VerifyError> {
    let Some(entry) = ir.first_block(ir.region(op, 0)) else {
        return Err(VerifyError::op_error(
            "region needs to have at least one block",
        ));
    };
    if ir.num_arguments(entry) > 0 {
        return Err(VerifyError::op_error("region cannot have any arguments"));
    }
    Ok(())
}

/// `scf.for` (`hasVerifier`): one result per loop-carried value.
pub fn verify_for(_ctx: &Context, ir: &Ir, op: OpId) -> Result<(), VerifyError> {
    if ir.num_operands(op).saturating_sub(3) != ir.num_results(op) {
        return Err(VerifyError::op_error(
            "mismatch in number of loop-carried values and defined values",
        ));
    }
    Ok(())
}

/// `scf.for` (`hasRegionVerifier`): the body's arguments are the
/// induction variable, of the bounds' type, and one per loop-carried
/// value, of its type.
pub fn verify_for_regions(_ctx: &Context, ir: &Ir, op: OpId) -> Result<(), VerifyError> {
    // The interfaces' verifiers (`LoopLikeOpInterface`'s, then
    // `RegionBranchOpInterface`'s) ran before, in the op's trait order
    // (`ods_runtime::interfaces::verify_loop_like`).
    let args = super::body_args_inline(ir, op, 0);
    let bound = ir.value_type(ir.operand(op, 0));
    if args.first().map(|&v| ir.value_type(v)) != Some(bound) {
        return Err(VerifyError::op_error(
            "expected induction variable to be same type as bounds and step",
        ));
    }
    let results = result_types(ir, op);
    if args.len() - 1 != results.len() {
        return Err(VerifyError::op_error(
            "mismatch in number of basic block args and defined values",
        ));
    }
    let inits = &operand_types(ir, op)[3..];
    for (i, ((&init, &arg), &result)) in inits.iter().zip(&args[1..]).zip(&results).enumerate() {
        if init != result {
            return Err(VerifyError::op_error(format!(
                "types mismatch between {i}th iter operand and defined value"
            )));
        }
        if ir.value_type(arg) != result {
            return Err(VerifyError::op_error(format!(
                "types mismatch between {i}th iter region arg and defined value"
            )));
        }
    }
    Ok(())
}

/// `scf.if`: an op with results has an else block.
pub fn verify_if(_ctx: &Context, ir: &Ir, op: OpId) -> Result<(), VerifyError> {
    if ir.num_results(op) != 0 && ir.region_is_empty(ir.region(op, 1)) {
        return Err(VerifyError::op_error(
            "must have an else block if defining values",
        ));
    }
    Ok(())
}

/// `scf.while`: the "before" region ends in `scf.condition`, the "after"
/// region in `scf.yield`.
pub fn verify_while(ctx: &Context, ir: &Ir, op: OpId) -> Result<(), VerifyError> {
    expect_terminator(
        ctx,
        ir,
        ir.region(op, 0),
        "scf.condition",
        "expects the 'before' region to terminate with 'scf.condition'",
    )?;
    expect_terminator(
        ctx,
        ir,
        ir.region(op, 1),
        "scf.yield",
        "expects the 'after' region to terminate with 'scf.yield'",
    )?;
    Ok(())
}

/// `scf.parallel`: at least one dimension, constant steps positive, one
/// index argument per dimension, an `scf.reduce` terminator with one
/// reduction per result and initial value, of the result's type.
pub fn verify_parallel(ctx: &Context, ir: &Ir, op: OpId) -> Result<(), VerifyError> {
    let sizes = segment_sizes(ctx, ir, op, "operandSegmentSizes", 4);
    let operand = |i: usize| ir.operand(op, i);
    let steps: Vec<Value> = segment_group(&sizes, 2).map(operand).collect();
    if steps.is_empty() {
        return Err(VerifyError::op_error(
            "needs at least one tuple element for lowerBound, upperBound and step",
        ));
    }
    if steps
        .iter()
        .any(|&s| read_constant_int::<ConstantOp>(ctx, ir, s).is_some_and(|c| c <= 0))
    {
        return Err(VerifyError::op_error(
            "constant step operand must be positive",
        ));
    }
    let args = super::body_args_inline(ir, op, 0);
    if args.len() != steps.len() {
        return Err(VerifyError::op_error(format!(
            "expects the same number of induction variables: {} as bound and step values: {}",
            args.len(),
            steps.len()
        )));
    }
    if args.iter().any(|&a| !ctx.is_index(ir.value_type(a))) {
        return Err(VerifyError::op_error(
            "expects arguments for the induction variable to be of index type",
        ));
    }
    let reduce = expect_terminator(
        ctx,
        ir,
        ir.region(op, 0),
        "scf.reduce",
        "expects body to terminate with 'scf.reduce'",
    )?;
    let results = result_types(ir, op);
    let reductions = ir.num_regions(reduce);
    let inits = segment_group(&sizes, 3).len();
    if results.len() != reductions {
        return Err(VerifyError::op_error(format!(
            "expects number of results: {} to be the same as number of reductions: {reductions}",
            results.len()
        )));
    }
    if results.len() != inits {
        return Err(VerifyError::op_error(format!(
            "expects number of results: {} to be the same as number of initial values: {inits}",
            results.len()
        )));
    }
    // A count mismatch inside the terminator is `scf.reduce`'s to report.
    if ir.num_operands(reduce) != inits {
        return Ok(());
    }
    for (i, (&result, operand)) in results.iter().zip(operand_types(ir, reduce)).enumerate() {
        if result != operand {
            return Err(VerifyError::op_error(format!(
                "expects type of {i}-th reduction operand: {} to be the same as the {i}-th result type: {}",
                ty(ctx, operand),
                ty(ctx, result)
            ))
            .on(reduce));
        }
    }
    Ok(())
}

/// `scf.reduce` (`hasRegionVerifier`): one region per operand, each a
/// non-empty block of two arguments of the operand's type ending in
/// `scf.reduce.return`.
pub fn verify_reduce_regions(ctx: &Context, ir: &Ir, op: OpId) -> Result<(), VerifyError> {
    let operands = operand_types(ir, op);
    if ir.num_regions(op) != operands.len() {
        return Err(VerifyError::op_error(format!(
            "expects number of reduction regions: {} to be the same as number of reduction operands: {}",
            ir.num_regions(op),
            operands.len()
        )));
    }
    for (i, &t) in operands.iter().enumerate() {
        let region = ir.region(op, i);
        let Some(block) = ir.first_block(region) else {
            return Err(VerifyError::op_error(format!(
                "{i}-th reduction has an empty body"
            )));
        };
        let Some(last) = ir.last_op(block) else {
            return Err(VerifyError::op_error(format!(
                "{i}-th reduction has an empty body"
            )));
        };
        let args = super::body_args_inline(ir, op, i);
        if args.len() != 2 || args.iter().any(|&a| ir.value_type(a) != t) {
            return Err(VerifyError::op_error(format!(
                "expected two block arguments with type {} in the {i}-th reduction region",
                ty(ctx, t)
            )));
        }
        if !is_op(ctx, ir, last, "scf.reduce.return") {
            return Err(VerifyError::op_error(
                "reduction bodies must be terminated with an 'scf.reduce.return' op",
            ));
        }
    }
    Ok(())
}

/// `scf.reduce.return`: the value has the type of the reduction's
/// arguments.
pub fn verify_reduce_return(ctx: &Context, ir: &Ir, op: OpId) -> Result<(), VerifyError> {
    let Some(block) = ir.op_block(op) else {
        return Ok(());
    };
    let Some(expected) = ir.arguments(block).next().map(|a| ir.value_type(a)) else {
        return Ok(());
    };
    let have = ir.value_type(ir.operand(op, 0));
    if have != expected {
        return Err(VerifyError::op_error(format!(
            "must have type {} (the type of the reduction inputs)",
            ty(ctx, expected)
        )));
    }
    Ok(())
}

/// `scf.index_switch`: one value per case region, no value twice, and
/// every region yields values of the result types.
pub fn verify_index_switch(ctx: &Context, ir: &Ir, op: OpId) -> Result<(), VerifyError> {
    let cases: Vec<i64> = inherent_attr(ctx, ir, op, "cases")
        .map(|a| ods_runtime::attr::dense_array_values(ctx, a))
        .unwrap_or_default();
    let case_regions = ir.num_regions(op).saturating_sub(1);
    if cases.len() != case_regions {
        return Err(VerifyError::op_error(format!(
            "has {case_regions} case regions but {} case values",
            cases.len()
        )));
    }
    let mut seen = std::collections::HashSet::new();
    if let Some(value) = cases.iter().find(|&&v| !seen.insert(v)) {
        return Err(VerifyError::op_error(format!(
            "has duplicate case value: {value}"
        )));
    }
    let results = result_types(ir, op);
    let names = std::iter::once("default region".to_string())
        .chain((0..case_regions).map(|i| format!("case region #{i}")));
    for (index, name) in names.enumerate() {
        let Some(last) = terminator(ir, ir.region(op, index)) else {
            continue;
        };
        if !is_op(ctx, ir, last, "scf.yield") {
            return Err(VerifyError::op_error(format!(
                "expected region to end with scf.yield, but got {}",
                ctx.str(ir.op_name(last))
            )));
        }
        let yielded = operand_types(ir, last);
        if yielded.len() != results.len() {
            return Err(VerifyError::op_error(format!(
                "expected each region to return {} values, but {name} returns {}",
                results.len(),
                yielded.len()
            ))
            .with_note(Some(ir.op_loc(last)), "see yield operation here"));
        }
        for (i, (&want, &got)) in results.iter().zip(&yielded).enumerate() {
            if want != got {
                return Err(VerifyError::op_error(format!(
                    "expected result #{i} of each region to be {}",
                    ty(ctx, want)
                ))
                .with_note(
                    Some(ir.op_loc(last)),
                    format!("{name} returns {} here", ty(ctx, got)),
                ));
            }
        }
    }
    Ok(())
}

/// The ops of this workspace with MLIR's `ParallelCombiningOpInterface`
/// (a verifier hook sees no registry, so they are looked up by name).
const PARALLEL_COMBINING_OPS: [&str; 1] = ["tensor.parallel_insert_slice"];

/// `scf.forall.in_parallel`: inside an `scf.forall`, holding only ops
/// that combine the iterations' values (`ParallelCombiningOpInterface`).
pub fn verify_in_parallel(ctx: &Context, ir: &Ir, op: OpId) -> Result<(), VerifyError> {
    if !ir
        .parent_op(op)
        .is_some_and(|p| is_op(ctx, ir, p, "scf.forall"))
    {
        return Err(VerifyError::op_error("expected forall op parent"));
    }
    let combining = |o: &OpId| PARALLEL_COMBINING_OPS.contains(&ctx.str(ir.op_name(*o)));
    if !super::region_ops(ir, op, 0).iter().all(combining) {
        return Err(VerifyError::op_error(
            "expected only ParallelCombiningOpInterface ops",
        ));
    }
    Ok(())
}

/// `scf.forall`: one result per output, the body's arguments (index
/// induction variables, then the outputs' types), the mapping's size, and
/// each bound list against the rank.
pub fn verify_forall(ctx: &Context, ir: &Ir, op: OpId) -> Result<(), VerifyError> {
    let rank = statics(ctx, ir, op, "staticLowerBound").len();
    let [lbs, ubs, steps, outs] = groups(ctx, ir, op);
    if ir.num_results(op) != outs.len() {
        return Err(VerifyError::op_error(format!(
            "produces {} results, but has only {} outputs",
            ir.num_results(op),
            outs.len()
        )));
    }
    let args = super::body_args_inline(ir, op, 0);
    if args.len() != rank + outs.len() {
        return Err(VerifyError::op_error(format!(
            "region expects {rank} arguments"
        )));
    }
    if let Some(i) = args[..rank]
        .iter()
        .position(|&a| !ctx.is_index(ir.value_type(a)))
    {
        return Err(VerifyError::op_error(format!(
            "expects {i}-th block argument to be an index"
        )));
    }
    if let Some(i) =
        (0..outs.len()).find(|&i| ir.value_type(args[rank + i]) != ir.value_type(outs[i]))
    {
        return Err(VerifyError::op_error(format!(
            "type mismatch between {i}-th output and corresponding block argument"
        )));
    }
    if let Some(mapping) = inherent_attr(ctx, ir, op, "mapping") {
        if let AttrKind::Array(elements) = ctx.attr_kind(mapping) {
            let mappings = elements
                .iter()
                .filter(|&&a| {
                    ods_runtime::pred::attr_implements(ctx, a, "DeviceMappingAttrInterface")
                })
                .count();
            if !elements.is_empty() && mappings != rank {
                return Err(VerifyError::op_error(
                    "mapping attribute size must match op rank",
                ));
            }
        }
    }
    for (name, attr, values) in [
        ("lower bound", "staticLowerBound", &lbs),
        ("upper bound", "staticUpperBound", &ubs),
        ("step", "staticStep", &steps),
    ] {
        let entries = statics(ctx, ir, op, attr);
        if entries.len() != rank {
            return Err(VerifyError::new(format!(
                "{name} expected {rank} elements, but got {}",
                entries.len()
            )));
        }
        let dynamic = entries.iter().filter(|&&e| e == DYNAMIC).count();
        if values.len() != dynamic {
            return Err(VerifyError::new(format!(
                "expected {dynamic} dynamic {name} values"
            )));
        }
    }
    let first_output = lbs.len() + ubs.len() + steps.len();
    verify_destination_style(ctx, ir, op, first_output, &outs)
}

/// `DestinationStyleOpInterface`'s verifier, which upstream runs after the
/// op's own checks: one tensor result per tensor output (`outs`, from
/// operand `first_output` on; the ODS constraint already made them ranked
/// tensors), each of its output's type. (Written here until the interface
/// carries its verifier.)
fn verify_destination_style(
    ctx: &Context,
    ir: &Ir,
    op: OpId,
    first_output: usize,
    outs: &[Value],
) -> Result<(), VerifyError> {
    let tensor_results = ir
        .results(op)
        .filter(|&r| ods_runtime::pred::is_tensor(ctx, ir.value_type(r)))
        .count();
    if tensor_results != outs.len() {
        return Err(VerifyError::op_error(format!(
            "expected the number of tensor results ({tensor_results}) to be equal to the number of output tensors ({})",
            outs.len()
        )));
    }
    for (i, &out) in outs.iter().enumerate() {
        let (have, result) = (ir.value_type(out), ir.value_type(ir.result(op, i)));
        if have != result {
            return Err(VerifyError::op_error(format!(
                "expected type of operand #{} ({}) to match type of corresponding result ({})",
                first_output + i,
                ty(ctx, have),
                ty(ctx, result)
            )));
        }
    }
    Ok(())
}

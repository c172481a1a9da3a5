//! `--convert-cf-to-llvm` (upstream's `ControlFlowToLLVM.cpp`): `cf.br`,
//! `cf.cond_br` and `cf.switch` become `llvm.br`, `llvm.cond_br` and
//! `llvm.switch`, converting the signature of each destination block the
//! first time a branch to it is lowered; `cf.assert` becomes a
//! conditional branch to a block that prints the message with `puts` and
//! calls `abort`.
//!
//! As upstream, only `cf` ops are converted (any other op is legal), so
//! the entry block of a `func.func` keeps its arguments and the casts
//! between old and new types stay in the IR.

use std::cell::Cell;
use std::rc::Rc;

use dialect_llvm::{BrOp, CondBrOp, SwitchOp};
use ir::{AttrKind, BlockId, Diagnostic, OpId, Type, Value};
use ods_runtime::op::inherent_attr;
use ods_runtime::Op;
use ods_transforms::conversion::{
    apply_partial_conversion, Conversion, ConversionPatternSet, ConversionRewriter, LogicalResult,
    OpAdaptor, OpConversionPattern,
};
use ods_transforms::pass::{Pass, PassCx, PassInfo, PassRegistry};

use crate::llvm_common::pattern::{llvm_conversion_target, options_from, INDEX_BITWIDTH_OPTION};
use crate::llvm_common::{LlvmTypeConverter, LowerToLlvmOptions};

mod assert;

pub(crate) use assert::{enclosing_module, lookup_or_create_fn};

/// Registers `convert-cf-to-llvm`.
pub fn register(registry: &mut PassRegistry) {
    registry.register(PassInfo {
        name: "convert-cf-to-llvm",
        summary: "Convert ControlFlow operations to the LLVM dialect",
        options: &[INDEX_BITWIDTH_OPTION],
        create: |values| {
            Box::new(ConvertCfToLlvm {
                options: options_from(values),
            })
        },
    });
}

struct ConvertCfToLlvm {
    options: LowerToLlvmOptions,
}

impl Pass for ConvertCfToLlvm {
    fn run(&mut self, cx: &mut PassCx<'_>, op: OpId) -> Result<(), Vec<Diagnostic>> {
        let converter = Rc::new(LlvmTypeConverter::new(self.options));
        let mut patterns = ConversionPatternSet::new();
        populate_cf_to_llvm_patterns(&converter, &mut patterns);
        populate_assert_to_llvm_pattern(&converter, &mut patterns);
        let mut target = llvm_conversion_target();
        // Only `cf` ops are lowered; other ops whose blocks change
        // signature are lowered by other passes.
        target.mark_unknown_op_dynamically_legal(|ctx, ir, op| {
            let name = ctx.str(ir.op_name(op));
            !name.starts_with("cf.")
        });
        let conversion = Conversion {
            target: &target,
            patterns: &patterns,
            type_converter: Some(converter.converter()),
        };
        apply_partial_conversion(cx, op, conversion).map(|_| ())
    }

    fn display_name(&self) -> Option<&'static str> {
        Some("ConvertControlFlowToLLVMPass")
    }

    fn anchor(&self) -> Option<&'static str> {
        Some("builtin.module")
    }
}

/// Adds the branch patterns (upstream's
/// `populateControlFlowToLLVMConversionPatterns`).
pub fn populate_cf_to_llvm_patterns(
    converter: &Rc<LlvmTypeConverter>,
    patterns: &mut ConversionPatternSet,
) {
    patterns
        .add(OpConversionPattern::new("cf.br", lower_br).named("BranchOpLowering"))
        .add(OpConversionPattern::new("cf.cond_br", lower_cond_br).named("CondBranchOpLowering"))
        .add(OpConversionPattern::new("cf.switch", lower_switch).named("SwitchOpLowering"));
    // The patterns read the converter through the rewriter; the argument
    // keeps the signature of the other `populate_*` functions.
    let _ = converter;
}

/// Adds the `cf.assert` pattern (upstream's
/// `populateAssertToLLVMConversionPattern`, aborting on failure).
pub fn populate_assert_to_llvm_pattern(
    converter: &Rc<LlvmTypeConverter>,
    patterns: &mut ConversionPatternSet,
) {
    let c = Rc::clone(converter);
    let counter = Rc::new(Cell::new(0u32));
    patterns.add(
        OpConversionPattern::new("cf.assert", move |op, adaptor, rw| {
            assert::lower_assert(rw, op, adaptor, &c, &counter)
        })
        .named("AssertOpLowering"),
    );
}

/// Adds what `--convert-to-llvm` lowers `cf` with (upstream's
/// `ControlFlowToLLVMDialectInterface`): the branches and `cf.assert`.
pub fn populate_convert_to_llvm_patterns(
    converter: &Rc<LlvmTypeConverter>,
    patterns: &mut ConversionPatternSet,
) {
    populate_cf_to_llvm_patterns(converter, patterns);
    populate_assert_to_llvm_pattern(converter, patterns);
}

/// `block`, its signature converted so that its arguments have
/// `expected` types (upstream's `getConvertedBlock`).
fn converted_block(
    rw: &mut ConversionRewriter<'_>,
    branch: OpId,
    block: BlockId,
    expected: &[Type],
) -> Result<BlockId, ods_transforms::conversion::MatchFailure> {
    let types: Vec<Type> = rw
        .ir()
        .arguments(block)
        .map(|v| rw.ir().value_type(v))
        .collect();
    if types == expected {
        return Ok(block);
    }
    let Some(converter) = rw.type_converter() else {
        return Err(rw.notify_match_failure(branch, "no type converter"));
    };
    let Some(conversion) = converter.signature_conversion(rw.ctx, &types) else {
        return Err(rw.notify_match_failure(branch, "could not compute block signature"));
    };
    if conversion.converted_types() != expected {
        return Err(rw.notify_match_failure(
            branch,
            "mismatch between adaptor operand types and computed block signature",
        ));
    }
    Ok(rw.apply_signature_conversion(block, &conversion))
}

fn types_of(rw: &ConversionRewriter<'_>, values: &[Value]) -> Vec<Type> {
    values.iter().map(|&v| rw.ir().value_type(v)).collect()
}

/// The operands of the adaptor from operand `start`, `len` of them, flat.
fn flat_range(adaptor: &OpAdaptor, start: usize, len: usize) -> Vec<Value> {
    (start..start + len)
        .flat_map(|i| adaptor.values(i).to_vec())
        .collect()
}

fn lower_br(op: OpId, adaptor: &OpAdaptor, rw: &mut ConversionRewriter<'_>) -> LogicalResult {
    let operands = adaptor.flat();
    let Some(dest) = rw.ir().successors(op).next() else {
        return Err(rw.notify_match_failure(op, "no successor"));
    };
    let expected = types_of(rw, &operands);
    let dest = converted_block(rw, op, dest, &expected)?;
    let attrs = rw.ir().attrs(op);
    let loc = rw.ir().op_loc(op);
    let at = rw.insertion_point();
    rw.build(at, |b| {
        let new = BrOp::build(b, loc, &operands, None, dest).op();
        b.ir.set_attrs(new, attrs);
    });
    rw.erase_op(op);
    Ok(())
}

/// The number of operands of segment `index` of `op`'s
/// `operandSegmentSizes`.
fn segment_sizes(rw: &ConversionRewriter<'_>, op: OpId) -> Vec<usize> {
    ods_runtime::segments::segment_sizes(
        rw.ctx,
        rw.ir(),
        op,
        ods_runtime::segments::OPERAND_SEGMENT_SIZES,
        3,
    )
    .into_iter()
    .map(|n| n as usize)
    .collect()
}

fn lower_cond_br(op: OpId, adaptor: &OpAdaptor, rw: &mut ConversionRewriter<'_>) -> LogicalResult {
    let sizes = segment_sizes(rw, op);
    let (n_true, n_false) = (
        sizes.get(1).copied().unwrap_or(0),
        sizes.get(2).copied().unwrap_or(0),
    );
    let condition = match adaptor.values(0) {
        [c] => *c,
        _ => return Err(rw.notify_match_failure(op, "expected single element condition")),
    };
    let true_operands = flat_range(adaptor, 1, n_true);
    let false_operands = flat_range(adaptor, 1 + n_true, n_false);
    if rw.ir().num_successors(op) != 2 {
        return Err(rw.notify_match_failure(op, "expected two successors"));
    }
    // Each successor is read after the previous one was converted: a
    // conversion redirects the op's edges to the new block.
    let expected = types_of(rw, &true_operands);
    let true_dest = converted_block(rw, op, rw.ir().successor(op, 0), &expected)?;
    let expected = types_of(rw, &false_operands);
    let false_dest = converted_block(rw, op, rw.ir().successor(op, 1), &expected)?;
    let weights = inherent_attr(rw.ctx, rw.ir(), op, "branch_weights");
    let attrs = rw.ir().attrs(op);
    let loc = rw.ir().op_loc(op);
    let at = rw.insertion_point();
    rw.build(at, |b| {
        let new = CondBrOp::build_raw(
            b,
            loc,
            condition,
            &true_operands,
            &false_operands,
            weights,
            None,
            true_dest,
            false_dest,
        )
        .op();
        b.ir.set_attrs(new, attrs);
    });
    rw.erase_op(op);
    Ok(())
}

fn lower_switch(op: OpId, adaptor: &OpAdaptor, rw: &mut ConversionRewriter<'_>) -> LogicalResult {
    let sizes = segment_sizes(rw, op);
    let n_default = sizes.get(1).copied().unwrap_or(0);
    let flag = match adaptor.values(0) {
        [f] => *f,
        _ => return Err(rw.notify_match_failure(op, "expected single element flag")),
    };
    let default_operands = flat_range(adaptor, 1, n_default);
    let case_sizes: Vec<usize> = match inherent_attr(rw.ctx, rw.ir(), op, "case_operand_segments") {
        Some(a) => ods_runtime::attr::dense_array_values::<i32>(rw.ctx, a)
            .into_iter()
            .map(|n| n as usize)
            .collect(),
        None => Vec::new(),
    };
    let num_successors = rw.ir().num_successors(op);
    if num_successors == 0 {
        return Err(rw.notify_match_failure(op, "no default destination"));
    }
    // Each successor is read after the previous one was converted (see
    // `lower_cond_br`).
    let expected = types_of(rw, &default_operands);
    let default_dest = converted_block(rw, op, rw.ir().successor(op, 0), &expected)?;
    let mut start = 1 + n_default;
    let mut case_operands = Vec::with_capacity(num_successors - 1);
    let mut new_case_dests = Vec::with_capacity(num_successors - 1);
    for i in 0..num_successors - 1 {
        let n = case_sizes.get(i).copied().unwrap_or(0);
        let operands = flat_range(adaptor, start, n);
        start += n;
        let expected = types_of(rw, &operands);
        let dest = rw.ir().successor(op, i + 1);
        new_case_dests.push(converted_block(rw, op, dest, &expected)?);
        case_operands.push(operands);
    }
    let case_values = inherent_attr(rw.ctx, rw.ir(), op, "case_values");
    let loc = rw.ir().op_loc(op);
    let at = rw.insertion_point();
    rw.build(at, |b| {
        let slices: Vec<&[Value]> = case_operands.iter().map(|v| v.as_slice()).collect();
        SwitchOp::build(
            b,
            loc,
            flag,
            &default_operands,
            &slices,
            case_values,
            None,
            default_dest,
            &new_case_dests,
        );
    });
    rw.erase_op(op);
    Ok(())
}

/// The string attribute `name` of `op`.
pub(crate) fn string_attr(rw: &ConversionRewriter<'_>, op: OpId, name: &str) -> Option<Vec<u8>> {
    match inherent_attr(rw.ctx, rw.ir(), op, name).map(|a| rw.ctx.attr_kind(a)) {
        Some(AttrKind::String { value, .. }) => Some(value.to_vec()),
        _ => None,
    }
}

//! Canonicalization patterns of the `scf` dialect (upstream's
//! `getCanonicalizationPatterns` in `SCF.cpp`), as [`Pattern`]s for
//! `--canonicalize`, in MLIR 22's order per op: the op's own patterns
//! (`scf.if`: [`if_op`]; `scf.for`: [`loops`]; `scf.while`: [`while_op`];
//! `scf.parallel`: [`parallel`]),
//! then those every region-branch op shares ([`successor_inputs`],
//! [`inline`]) over the control-flow edges [`successors`] describes.
//!
//! In: an op the greedy driver visits. Out: the op rewritten through the
//! [`Rewriter`] (new ops at the op's location, bodies moved rather than
//! copied, as upstream moves them), or no match.

mod if_op;
mod inline;
mod loops;
mod parallel;
mod successor_inputs;
mod successors;
mod while_op;

#[cfg(test)]
mod tests;

use ir::builder::InsertPoint;
use ir::{AttrKind, BlockId, OpId, RegionId, TypeKind, Value};
use ods_runtime::fold::constant_value;
use ods_runtime::matchers::{constant_int, is_constant_one};
use ods_runtime::op::inherent_attr;
use ods_runtime::Op;
use ods_transforms::rewrite::{Pattern, Rewriter};

/// Every pattern of the dialect, per op in the order MLIR 22 adds them:
/// the op's own patterns, then the three every region-branch op gets
/// ([`successor_inputs`]), then the inliner ([`inline`]).
pub const CANONICALIZATION_PATTERNS: &[Pattern] = &[
    pattern(
        "scf.execute_region",
        successor_inputs::make_successor_inputs_dead,
    ),
    pattern(
        "scf.execute_region",
        successor_inputs::remove_duplicate_successor_input_uses,
    ),
    pattern(
        "scf.execute_region",
        successor_inputs::remove_dead_successor_inputs,
    ),
    pattern("scf.execute_region", inline::inline_region_branch),
    pattern("scf.for", loops::for_tensor_cast_folder),
    pattern("scf.for", successor_inputs::make_successor_inputs_dead),
    pattern(
        "scf.for",
        successor_inputs::remove_duplicate_successor_input_uses,
    ),
    pattern("scf.for", successor_inputs::remove_dead_successor_inputs),
    pattern("scf.for", inline::inline_region_branch),
    pattern("scf.if", if_op::combine_ifs),
    pattern("scf.if", if_op::combine_nested_ifs),
    pattern("scf.if", if_op::condition_propagation),
    pattern("scf.if", if_op::convert_trivial_if_to_select),
    pattern("scf.if", if_op::remove_empty_else_branch),
    pattern("scf.if", if_op::replace_if_yield_with_condition_or_value),
    pattern("scf.if", successor_inputs::make_successor_inputs_dead),
    pattern(
        "scf.if",
        successor_inputs::remove_duplicate_successor_input_uses,
    ),
    pattern("scf.if", successor_inputs::remove_dead_successor_inputs),
    pattern("scf.if", inline::inline_region_branch),
    pattern(
        "scf.parallel",
        parallel::parallel_single_or_zero_iteration_dims,
    ),
    pattern("scf.parallel", parallel::merge_nested_parallel_loops),
    pattern("scf.while", while_op::while_condition_truth),
    pattern("scf.while", while_op::while_cmp_cond),
    pattern("scf.while", while_op::while_align_before_args),
    pattern("scf.while", while_op::while_move_if_down),
    pattern("scf.while", successor_inputs::make_successor_inputs_dead),
    pattern(
        "scf.while",
        successor_inputs::remove_duplicate_successor_input_uses,
    ),
    pattern("scf.while", successor_inputs::remove_dead_successor_inputs),
    pattern("scf.while", inline::inline_region_branch),
    pattern(
        "scf.index_switch",
        successor_inputs::make_successor_inputs_dead,
    ),
    pattern(
        "scf.index_switch",
        successor_inputs::remove_duplicate_successor_input_uses,
    ),
    pattern(
        "scf.index_switch",
        successor_inputs::remove_dead_successor_inputs,
    ),
    pattern("scf.index_switch", inline::inline_region_branch),
];

const fn pattern(root: &'static str, apply: fn(&mut Rewriter<'_>, OpId) -> bool) -> Pattern {
    Pattern {
        root,
        benefit: 1,
        apply,
    }
}

/// The first block of region `index` of `op` (`None` for an empty region).
fn body(rw: &Rewriter<'_>, op: OpId, index: usize) -> Option<BlockId> {
    rw.ir.first_block(rw.ir.region(op, index))
}

/// The last op of `block` (its terminator in verified IR).
fn terminator(rw: &Rewriter<'_>, block: BlockId) -> Option<OpId> {
    rw.ir.last_op(block)
}

fn operands(rw: &Rewriter<'_>, op: OpId) -> Vec<Value> {
    rw.ir.operands(op).collect()
}

fn results(rw: &Rewriter<'_>, op: OpId) -> Vec<Value> {
    rw.ir.results(op).collect()
}

/// Where `v` comes from: its op's location, or its block argument's.
fn value_loc(rw: &Rewriter<'_>, v: Value) -> ir::Location {
    match rw.ir.defining_op(v) {
        Some(def) => rw.ir.op_loc(def),
        None => {
            let block = rw.ir.value_block(v).expect("a block argument has a block");
            let index = rw.ir.arguments(block).position(|a| a == v).unwrap_or(0);
            rw.ir.argument_loc(block, index)
        }
    }
}

/// The region a value is defined in (MLIR's `Value::getParentRegion`).
fn value_region(rw: &Rewriter<'_>, v: Value) -> Option<RegionId> {
    rw.ir.value_block(v).and_then(|b| rw.ir.block_region(b))
}

/// Whether `op` lies (at any depth) inside `region`.
fn region_contains(rw: &Rewriter<'_>, region: RegionId, op: OpId) -> bool {
    let mut cur = op;
    loop {
        let Some(r) = rw.ir.op_block(cur).and_then(|b| rw.ir.block_region(b)) else {
            return false;
        };
        if r == region {
            return true;
        }
        match rw.ir.region_op(r) {
            Some(parent) => cur = parent,
            None => return false,
        }
    }
}

/// The boolean a constant `i1` value holds (MLIR's `m_Constant` with a
/// `BoolAttr`).
fn constant_bool(rw: &mut Rewriter<'_>, v: Value) -> Option<bool> {
    let attr = constant_value(rw.ctx, rw.registry, rw.ir, v)?;
    match rw.ctx.attr_kind(attr) {
        AttrKind::Integer { ty, value } => {
            let is_i1 = matches!(rw.ctx.type_kind(*ty), TypeKind::Integer { width: 1, .. });
            is_i1.then(|| *value != ir::attributes::IntValue::Small(0))
        }
        _ => None,
    }
}

/// The `arith.xori %x, 1` defining `v`: its `%x`.
fn negated(rw: &mut Rewriter<'_>, v: Value) -> Option<Value> {
    let def = rw.ir.defining_op(v)?;
    if rw.ctx.str(rw.ir.op_name(def)) != dialect_arith::XOrIOp::NAME {
        return None;
    }
    let (lhs, rhs) = (rw.ir.operand(def, 0), rw.ir.operand(def, 1));
    is_constant_one(rw.ctx, rw.registry, rw.ir, rhs).then_some(lhs)
}

/// A new block without arguments at the end of `region` (MLIR's
/// `createBlock`, which the driver does not hear of).
fn create_block(rw: &mut Rewriter<'_>, region: RegionId) -> BlockId {
    let block = rw.ir.create_block();
    rw.ir.append_block(region, block);
    block
}

/// An op like `op` (name, location, attributes, properties) with the
/// given operands and result types and `num_regions` empty regions,
/// built before `op` (MLIR's `cloneWithoutRegions` when nothing changes).
fn create_like(
    rw: &mut Rewriter<'_>,
    op: OpId,
    operands: &[Value],
    result_types: &[ir::Type],
    num_regions: usize,
) -> OpId {
    let mut state = ir::OperationState::new(rw.ir.op_name(op), rw.ir.op_loc(op));
    state.operands = operands.to_vec();
    state.result_types = result_types.to_vec();
    state.attrs = rw.ir.attrs(op);
    state.props = rw.ir.props(op);
    rw.build(InsertPoint::Before(op), |b| {
        state.regions = (0..num_regions).map(|_| b.ir.create_region()).collect();
        b.create(&state)
    })
}

//! `scf.for`'s own pattern (`ForOpTensorCastFolder`): a loop-carried
//! tensor that enters through a `tensor.cast` losing static sizes, and
//! whose result has one use, is carried with the cast's source type; casts
//! inside the body (in and out) and after the loop keep the rest as it was.
//!
//! In: an `scf.for`. Out: a new loop replacing it (its body moved, not
//! copied), or no match.

use super::*;
use dialect_tensor::fold::preserves_static_information;

/// The `tensor.cast` op's name.
const TENSOR_CAST: &str = "tensor.cast";

/// A `tensor.cast` of `source` to `ty`, built at `at`.
fn tensor_cast(
    rw: &mut Rewriter<'_>,
    at: InsertPoint,
    loc: ir::Location,
    ty: ir::Type,
    source: Value,
) -> Value {
    let name = rw.ctx.ident(TENSOR_CAST);
    let mut state = ir::OperationState::new(name, loc);
    state.operands = vec![source];
    state.result_types = vec![ty];
    let op = rw.build(at, |b| b.create(&state));
    rw.ir.result(op, 0)
}

/// The first loop-carried value fed by a static-information-losing
/// `tensor.cast` whose result has one use is carried as the cast's source.
pub(super) fn for_tensor_cast_folder(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    // Tried on every visit of every loop: the operands are read in place
    // (the loop changes only when it matches, which ends the search).
    for k in 0..rw.ir.num_operands(op).saturating_sub(3) {
        let init = rw.ir.operand(op, 3 + k);
        let Some(cast) = rw.ir.defining_op(init) else {
            continue;
        };
        if rw.ctx.str(rw.ir.op_name(cast)) != TENSOR_CAST {
            continue;
        }
        let source = rw.ir.operand(cast, 0);
        let (source_ty, dest_ty) = (rw.ir.value_type(source), rw.ir.value_type(init));
        if source_ty == dest_ty || !preserves_static_information(rw.ctx, dest_ty, source_ty) {
            continue;
        }
        let result = rw.ir.result(op, k);
        if rw.ir.uses(result).count() != 1 {
            continue;
        }
        let replacements = carry_as(rw, op, k, source);
        rw.replace_op(op, &replacements);
        return true;
    }
    false
}

/// A copy of loop `op` carrying `replacement` (of another tensor type) as
/// its `k`-th value, with casts back to the old type where the body and
/// the users expect it (upstream's `replaceAndCastForOpIterArg`). The
/// values replacing `op`'s results.
fn carry_as(rw: &mut Rewriter<'_>, op: OpId, k: usize, replacement: Value) -> Vec<Value> {
    let old_ty = rw.ir.value_type(rw.ir.operand(op, 3 + k));
    let new_ty = rw.ir.value_type(replacement);
    let mut new_operands: Vec<Value> = rw.ir.operands(op).collect();
    new_operands[3 + k] = replacement;
    let types: Vec<ir::Type> = new_operands[3..]
        .iter()
        .map(|&v| rw.ir.value_type(v))
        .collect();
    let new = create_like(rw, op, &new_operands, &types, 1);
    let loc = rw.ir.op_loc(new);
    // The body block: the induction variable at the loop's location, the
    // carried values at their initial values' locations.
    let block = create_block(rw, rw.ir.region(new, 0));
    let iv_ty = rw.ir.value_type(new_operands[0]);
    rw.ir.add_argument(block, iv_ty, loc);
    for &v in &new_operands[3..] {
        let (ty, arg_loc) = (rw.ir.value_type(v), value_loc(rw, v));
        rw.ir.add_argument(block, ty, arg_loc);
    }
    let mut transfer: Vec<Value> = rw.ir.arguments(block).collect();
    let cast_in = tensor_cast(rw, InsertPoint::Start(block), loc, old_ty, transfer[1 + k]);
    transfer[1 + k] = cast_in;
    if let Some(old_block) = body(rw, op, 0) {
        rw.merge_blocks(old_block, block, &transfer);
    }
    if let Some(yield_op) = terminator(rw, block) {
        let yielded = rw.ir.operand(yield_op, k);
        let cast_out = tensor_cast(rw, InsertPoint::Before(yield_op), loc, new_ty, yielded);
        let mut values = operands(rw, yield_op);
        values[k] = cast_out;
        let mut state = ir::OperationState::new(rw.ir.op_name(yield_op), loc);
        state.operands = values;
        rw.build(InsertPoint::Before(yield_op), |b| b.create(&state));
        rw.erase_op(yield_op);
    }
    let mut results = results(rw, new);
    results[k] = tensor_cast(rw, InsertPoint::After(new), loc, old_ty, results[k]);
    results
}

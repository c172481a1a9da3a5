//! `memref.generic_atomic_rmw` (upstream's `GenericAtomicRMWOpLowering`):
//! a compare-and-swap loop. The block holding the op is split in three:
//! the first loads the element and branches to the loop with it; the loop
//! block (one argument, the value seen) holds a copy of the op's body,
//! then `llvm.cmpxchg` of the seen value against the body's result, and
//! branches to the third block when it succeeded, else back to the loop
//! with the value found. The op's result is the value found.
//!
//! In: the op, its converted operands. Out: the blocks above, or (when the
//! yielded value is not defined in the body) the op left as it is and
//! `result not defined in region` reported on it.
//!
//! `memref.atomic_rmw` (upstream's `AtomicRMWOpLowering`): one
//! `llvm.atomicrmw` (`acq_rel`) on the element's address, for the kinds
//! LLVM has an operation of; `mulf` and `muli` stay.

use super::access::{access_parts, element_ptr, index_type};
use crate::llvm_common::pattern::{load, Access};
use crate::llvm_common::LlvmTypeConverter;
use crate::llvm_common::LowerToLlvmOptions;
use dialect_llvm::{
    AtomicBinOp, AtomicCmpXchgOp, AtomicOrdering, AtomicRMWOp, BrOp, CondBrOp, ExtractValueOp,
};
use ir::builder::InsertPoint;
use ir::OpId;
use ods_runtime::Op;
use ods_transforms::conversion::{ConversionRewriter, LogicalResult, OpAdaptor};
use ods_transforms::rewrite::ValueMapping;

/// `memref.generic_atomic_rmw`: the compare-and-swap loop of this
/// module's description.
pub(super) fn lower_generic_atomic_rmw(
    rw: &mut ConversionRewriter<'_>,
    op: OpId,
    adaptor: &OpAdaptor,
    converter: &LlvmTypeConverter,
) -> LogicalResult {
    let (ty, elem, desc, indices) = match access_parts(rw, op, adaptor, 0) {
        Ok(parts) => parts,
        Err(why) => return Err(rw.notify_match_failure(op, why)),
    };
    let body = rw
        .ir()
        .regions(op)
        .first()
        .and_then(|&r| rw.ir().region_blocks(r).next());
    let (Some(body), Some(init_block)) = (body, rw.ir().op_block(op)) else {
        return Err(rw.notify_match_failure(op, "no body"));
    };
    let Some(current) = rw.ir().arguments(body).next() else {
        return Err(rw.notify_match_failure(op, "no current value"));
    };
    let Some(terminator) = rw.ir().block_ops_rev(body).next() else {
        return Err(rw.notify_match_failure(op, "no terminator"));
    };
    let yielded = rw.ir().operands(terminator).next();
    let loc = rw.ir().op_loc(op);
    let index = index_type(rw, *converter.options());

    // The op heads the loop block; what follows it goes to the end block.
    let loop_block = rw.split_block(init_block, Some(op));
    let seen = rw.add_block_argument(loop_block, elem, loc);
    let next = rw.ir().next_op(op);
    let end_block = rw.split_block(loop_block, next);

    let ptr = rw.build(InsertPoint::End(init_block), |b| {
        let ptr = element_ptr(b, loc, index, elem, ty, desc, &indices, false)?;
        let init = load(b, loc, elem, ptr, Access::default());
        BrOp::build(b, loc, &[init], None, loop_block);
        Some(ptr)
    });
    let Some(ptr) = ptr else {
        return Err(rw.notify_match_failure(op, "not a strided memref"));
    };

    // The body, copied before the op with the seen value for its argument.
    let mut mapping = ValueMapping::default();
    mapping.insert(current, seen);
    let body_ops: Vec<OpId> = rw
        .ir()
        .block_ops(body)
        .filter(|&o| o != terminator)
        .collect();
    for nested in body_ops {
        rw.clone_op(nested, InsertPoint::Before(op), &mut mapping);
    }
    let Some(result) = yielded.and_then(|v| mapping.get(&v).copied()) else {
        converter.report_error(rw, op, "result not defined in region");
        return Err(rw.notify_match_failure(op, "result not defined in region"));
    };

    let found = rw.build(InsertPoint::Before(op), |b| {
        let pair_type = dialect_llvm::pred::val_and_bool_struct(&mut *b.ctx, elem);
        let pair = AtomicCmpXchgOp::build(
            b,
            loc,
            pair_type,
            ptr,
            seen,
            result,
            AtomicOrdering::AcqRel,
            AtomicOrdering::Monotonic,
            None,
            None,
            false,
            false,
            None,
            None,
            None,
            None,
        );
        let pair = b.ir.result(pair.op(), 0);
        let found = ExtractValueOp::build(b, loc, elem, pair, vec![0]);
        let found = b.ir.result(found.op(), 0);
        let i1 = b.ctx.int_type(1);
        let ok = ExtractValueOp::build(b, loc, i1, pair, vec![1]);
        let ok = b.ir.result(ok.op(), 0);
        CondBrOp::build(b, loc, ok, &[], &[found], None, None, end_block, loop_block);
        found
    });
    rw.replace_op(op, &[found]);
    Ok(())
}

/// The `llvm.atomicrmw` operation of an `arith` `AtomicRMWKind` value
/// (upstream's `matchSimpleAtomicOp`); `None` for `mulf` and `muli`.
fn simple_atomic_bin_op(kind: i64) -> Option<AtomicBinOp> {
    Some(match kind {
        0 => AtomicBinOp::Fadd,     // addf
        1 => AtomicBinOp::Add,      // addi
        2 => AtomicBinOp::And,      // andi
        3 => AtomicBinOp::Xchg,     // assign
        4 => AtomicBinOp::Fmaximum, // maximumf
        5 => AtomicBinOp::Fmax,     // maxnumf
        6 => AtomicBinOp::Max,      // maxs
        7 => AtomicBinOp::Umax,     // maxu
        8 => AtomicBinOp::Fminimum, // minimumf
        9 => AtomicBinOp::Fmin,     // minnumf
        10 => AtomicBinOp::Min,     // mins
        11 => AtomicBinOp::Umin,    // minu
        14 => AtomicBinOp::Or,      // ori
        15 => AtomicBinOp::Xor,     // xori
        _ => return None,           // mulf, muli
    })
}

/// `memref.atomic_rmw`: `llvm.atomicrmw` of the value at the element's
/// address (computed without wrap flags, as upstream's
/// `getStridedElementPtr` by default).
pub(super) fn lower_atomic_rmw(
    rw: &mut ConversionRewriter<'_>,
    op: OpId,
    adaptor: &OpAdaptor,
    options: LowerToLlvmOptions,
) -> LogicalResult {
    let kind = ods_runtime::op::inherent_attr(rw.ctx, rw.ir(), op, "kind")
        .map(|a| ods_runtime::attr::int_value(rw.ctx, a));
    let Some(bin_op) = kind.and_then(simple_atomic_bin_op) else {
        return Err(rw.notify_match_failure(op, "no simple atomic operation"));
    };
    let (ty, elem, desc, indices) = match access_parts(rw, op, adaptor, 1) {
        Ok(parts) => parts,
        Err(why) => return Err(rw.notify_match_failure(op, why)),
    };
    let Some(value) = adaptor.operand(0) else {
        return Err(rw.notify_match_failure(op, "no value"));
    };
    let loc = rw.ir().op_loc(op);
    let index = index_type(rw, options);
    let at = rw.insertion_point();
    let result = rw.build(at, |b| {
        let ptr = element_ptr(b, loc, index, elem, ty, desc, &indices, false)?;
        let rmw = AtomicRMWOp::build(
            b,
            loc,
            elem,
            bin_op,
            ptr,
            value,
            AtomicOrdering::AcqRel,
            None,
            None,
            false,
            None,
            None,
            None,
            None,
        );
        Some(b.ir.result(rmw.op(), 0))
    });
    match result {
        Some(v) => {
            rw.replace_op(op, &[v]);
            Ok(())
        }
        None => Err(rw.notify_match_failure(op, "not a strided memref")),
    }
}

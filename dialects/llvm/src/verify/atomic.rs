//! The atomic ops' checks (`AtomicRMWOp::verify`,
//! `AtomicCmpXchgOp::verify`, `FenceOp::verify`), with upstream's
//! messages in its order.

use ods_runtime::ir::registry::VerifyError;
use ods_runtime::ir::{Context, Ir, TypeKind};
use ods_runtime::Op;

use super::{is_atomic_compatible, is_vector, op_error, vector_element_or_self};
use crate::pred::is_compatible_float;
use crate::{AtomicCmpXchgOp, AtomicOrdering, AtomicRMWOp, FenceOp};

/// The `atomicrmw` operations on floating-point values.
const FLOAT_BIN_OPS: &[&str] = &["fadd", "fsub", "fmax", "fmin", "fmaximum", "fminimum"];

/// Whether `ordering` is weaker than `monotonic` (`not_atomic`,
/// `unordered`).
fn below_monotonic(ordering: AtomicOrdering) -> bool {
    matches!(
        ordering,
        AtomicOrdering::NotAtomic | AtomicOrdering::Unordered
    )
}

/// `llvm.atomicrmw`: the value type the operation takes (floats, or
/// vectors of them, for the float operations; an atomic-sized scalar for
/// `xchg`; an 8- to 64-bit integer for the rest), and an ordering of at
/// least `monotonic`.
pub fn verify_atomic_rmw(ctx: &Context, ir: &Ir, op: AtomicRMWOp) -> Result<(), VerifyError> {
    let val = ir.value_type(ir.operand(op.op(), 1));
    let bin_op = op.bin_op(ctx, ir);
    if FLOAT_BIN_OPS.contains(&bin_op.as_str()) {
        if is_vector(ctx, val) {
            if !is_compatible_float(ctx, vector_element_or_self(ctx, val)) {
                return op_error("expected LLVM IR floating point type for vector element");
            }
        } else if !is_compatible_float(ctx, val) {
            return op_error("expected LLVM IR floating point type");
        }
    } else if bin_op.as_str() == "xchg" {
        if !is_atomic_compatible(ctx, val) {
            return op_error("unexpected LLVM IR type for 'xchg' bin_op");
        }
    } else {
        let width = match ctx.type_kind(val) {
            TypeKind::Integer { width, .. } => *width,
            _ => 0,
        };
        if ![8, 16, 32, 64].contains(&width) {
            return op_error("expected LLVM IR integer type");
        }
    }
    if below_monotonic(op.ordering(ctx, ir)) {
        return op_error("expected at least 'monotonic' ordering");
    }
    Ok(())
}

/// `llvm.cmpxchg`: an atomic-sized integer or pointer, orderings of at
/// least `monotonic`, and a failure ordering that does not release.
pub fn verify_atomic_cmp_xchg(
    ctx: &Context,
    ir: &Ir,
    op: AtomicCmpXchgOp,
) -> Result<(), VerifyError> {
    let val = ir.value_type(ir.operand(op.op(), 2));
    if !is_atomic_compatible(ctx, val) {
        return op_error("unexpected LLVM IR type");
    }
    let failure = op.failure_ordering(ctx, ir);
    if below_monotonic(op.success_ordering(ctx, ir)) || below_monotonic(failure) {
        return op_error("ordering must be at least 'monotonic'");
    }
    if matches!(failure, AtomicOrdering::Release | AtomicOrdering::AcqRel) {
        return op_error("failure ordering cannot be 'release' or 'acq_rel'");
    }
    Ok(())
}

/// `llvm.fence`: only the orderings a fence can have.
pub fn verify_fence(ctx: &Context, ir: &Ir, op: FenceOp) -> Result<(), VerifyError> {
    let ordering = op.ordering(ctx, ir);
    if below_monotonic(ordering) || ordering == AtomicOrdering::Monotonic {
        return op_error("can be given only acquire, release, acq_rel, and seq_cst orderings");
    }
    Ok(())
}

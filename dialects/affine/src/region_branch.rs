//! `RegionBranchOpInterface` of `affine.for` and `affine.if`, as upstream's
//! `AffineOps.cpp` answers it (`affine.parallel` does not declare it
//! upstream, and `affine.yield` is `ReturnLike`, so the generated code
//! passes all its operands on). The generated ops check the types along
//! the edges given here once their regions verified
//! (`ods_runtime::interfaces::verify_types_along_control_flow_edges`).
//!
//! In: an affine op handle (possibly not verified yet: nothing here
//! panics on missing regions or blocks). Out: its successors and the
//! operands it passes on entry.

use crate::{AffineForOp, AffineIfOp};
use ir::{Context, Ir, OpId};
use ods_runtime::interfaces::{RegionBranchPoint, RegionSuccessor, RegionSuccessors, ValueRange};
use ods_runtime::smallvec::smallvec;
use ods_runtime::Op;
use std::ops::Range;

/// Control returns to `op`, whose results take the passed values.
fn to_parent(ir: &Ir, op: OpId) -> RegionSuccessor {
    RegionSuccessor::parent(ValueRange::results(ir, op))
}

impl AffineForOp {
    /// The trip count when both bounds are single constants and the step
    /// is positive (upstream's `getTrivialConstantTripCount`).
    pub fn trivial_constant_trip_count(self, ctx: &Context, ir: &Ir) -> Option<u64> {
        // The bounds first: most loops have a bound that is not constant,
        // and then the step is not looked up.
        let lower = self.constant_lower_bound(ctx, ir)?;
        let upper = self.constant_upper_bound(ctx, ir)?;
        let step = self.step_as_int(ctx, ir);
        if step <= 0 {
            return None;
        }
        let span = i128::from(upper) - i128::from(lower);
        if span <= 0 {
            return Some(0);
        }
        let count = (span + i128::from(step) - 1) / i128::from(step);
        u64::try_from(count).ok()
    }

    /// Into the body (its loop-carried arguments take the values) or out
    /// to the op, narrowed by a constant trip count: none enters only the
    /// op, at least one enters only the body on entry, and exactly one
    /// leaves the body only for the op.
    pub fn get_successor_regions(
        self,
        ctx: &Context,
        ir: &Ir,
        point: RegionBranchPoint,
    ) -> RegionSuccessors {
        let op = self.op();
        let body = || RegionSuccessor::region(0, self.get_region_iter_args(ctx, ir));
        let trip_count = self.trivial_constant_trip_count(ctx, ir);
        match (point, trip_count) {
            (RegionBranchPoint::Parent, Some(0)) => smallvec![to_parent(ir, op)],
            (RegionBranchPoint::Parent, Some(_)) => smallvec![body()],
            (RegionBranchPoint::Terminator(_), Some(1)) => smallvec![to_parent(ir, op)],
            _ => smallvec![body(), to_parent(ir, op)],
        }
    }

    /// The `inits` operands (after both bounds' operands).
    pub fn get_entry_successor_operands(
        self,
        ctx: &Context,
        ir: &Ir,
        _successor: &RegionSuccessor,
    ) -> Range<usize> {
        self.get_inits_mutable(ctx, ir)
    }
}

impl AffineIfOp {
    /// On entry the then region and the else region (or the op, when the
    /// else region is empty); out to the op from either. Upstream does not
    /// narrow this by a constant condition.
    pub fn get_successor_regions(
        self,
        _ctx: &Context,
        ir: &Ir,
        point: RegionBranchPoint,
    ) -> RegionSuccessors {
        let op = self.op();
        match point {
            RegionBranchPoint::Parent => {
                let has_else = ir.num_regions(op) > 1 && !ir.region_is_empty(ir.region(op, 1));
                smallvec![
                    RegionSuccessor::region(0, ValueRange::EMPTY),
                    match has_else {
                        true => RegionSuccessor::region(1, ValueRange::EMPTY),
                        false => to_parent(ir, op),
                    },
                ]
            }
            RegionBranchPoint::Terminator(_) => smallvec![to_parent(ir, op)],
        }
    }
}

//! `LoopLikeOpInterface` of `affine.for`, as upstream's `AffineOps.cpp`
//! answers it: the body, the induction variable, the bounds and step
//! when they are constants, and the loop-carried values (inits, body
//! arguments after the induction variable, the `affine.yield` operands).
//! With it come the interface's verifier (counts and types of the
//! loop-carried values) and loop-invariant code motion.
//!
//! In: a loop handle (on IR that may not have verified: nothing here
//! panics on missing regions or blocks). Out: what the interface asks.

use super::*;
use ods_runtime::fold::OpFoldResult;
use ods_runtime::interfaces::{LoopBounds, LoopRegions, ValueRange};
use ods_runtime::smallvec::smallvec;
use ods_runtime::Op;
use std::ops::Range;

impl AffineForOp {
    /// `ConditionallySpeculatable`: a loop of step 1 ends whatever its
    /// bounds, so it is as speculatable as its body; with another step
    /// upstream does not tell (loop-invariant code motion leaves it).
    pub fn get_speculatability(
        self,
        ctx: &Context,
        ir: &Ir,
    ) -> ods_runtime::interfaces::Speculatability {
        if self.step_as_int(ctx, ir) == 1 {
            ods_runtime::interfaces::Speculatability::RecursivelySpeculatable
        } else {
            ods_runtime::interfaces::Speculatability::NotSpeculatable
        }
    }

    /// The body.
    pub fn get_loop_regions(self, ir: &Ir) -> LoopRegions {
        ir.regions(self.op()).first().copied().into_iter().collect()
    }

    /// The body's first argument.
    pub fn get_loop_induction_vars(self, _ctx: &Context, ir: &Ir) -> Option<ValueRange> {
        let args = ValueRange::entry_arguments(ir, self.op(), 0);
        (!args.is_empty()).then(|| args.take(1))
    }

    /// The constant lower bound as an `i64` attribute (`None` unless the
    /// bound is a constant).
    pub fn get_loop_lower_bounds(self, ctx: &mut Context, ir: &Ir) -> Option<LoopBounds> {
        let value = self.constant_lower_bound(ctx, ir)?;
        Some(smallvec![i64_attr(ctx, value)])
    }

    /// The constant upper bound as an `i64` attribute (`None` unless the
    /// bound is a constant).
    pub fn get_loop_upper_bounds(self, ctx: &mut Context, ir: &Ir) -> Option<LoopBounds> {
        let value = self.constant_upper_bound(ctx, ir)?;
        Some(smallvec![i64_attr(ctx, value)])
    }

    /// The step as an `i64` attribute.
    pub fn get_loop_steps(self, ctx: &mut Context, ir: &Ir) -> Option<LoopBounds> {
        let step = self.step_as_int(ctx, ir);
        Some(smallvec![i64_attr(ctx, step)])
    }

    /// The body's arguments after the induction variable.
    pub fn get_region_iter_args(self, _ctx: &Context, ir: &Ir) -> ValueRange {
        ValueRange::entry_arguments(ir, self.op(), 0).skip(1)
    }

    /// The `inits` operands: those after both bounds' operands (read from
    /// the segment sizes without allocating: the region-branch verifier
    /// asks this of every loop).
    pub fn get_inits_mutable(self, ctx: &Context, ir: &Ir) -> Range<usize> {
        let [_, upper, _] = crate::format::for_operand_ranges(ir, ctx, self.op());
        upper.end..ir.num_operands(self.op())
    }

    /// The operands of the body's `affine.yield`.
    pub fn get_yielded_values_mutable(
        self,
        _ctx: &Context,
        ir: &Ir,
    ) -> Option<(OpId, Range<usize>)> {
        let body = ir.first_block(*ir.regions(self.op()).first()?)?;
        let last = ir.last_op(body)?;
        Some((last, 0..ir.num_operands(last)))
    }

    /// The lower bound when its map is a single constant
    /// (`getConstantLowerBound`).
    pub fn constant_lower_bound(self, ctx: &Context, ir: &Ir) -> Option<i64> {
        single_constant(map_ref(ctx, ir, self.op(), "lowerBoundMap")?)
    }

    /// The upper bound when its map is a single constant
    /// (`getConstantUpperBound`).
    pub fn constant_upper_bound(self, ctx: &Context, ir: &Ir) -> Option<i64> {
        single_constant(map_ref(ctx, ir, self.op(), "upperBoundMap")?)
    }
}

/// The value of a map whose one result is a constant.
pub fn single_constant(map: &ir::affine::AffineMap) -> Option<i64> {
    match &*map.results {
        [ir::affine::AffineExpr::Constant(c)] => Some(*c),
        _ => None,
    }
}

fn i64_attr(ctx: &mut Context, value: i64) -> OpFoldResult {
    let i64_type = ctx.integer_type(64, ir::Signedness::Signless);
    OpFoldResult::Attribute(ctx.integer_attr(i64_type, value as i128))
}

//! `LoopLikeOpInterface` of the four scf loops, as upstream's `SCF.cpp`
//! answers it: the loop regions, induction variables, bounds and steps
//! (`scf.forall`'s mixed static and dynamic lists), the loop-carried
//! values (inits, region arguments, yielded values, results). Each op
//! writes the methods its `DeclareOpInterfaceMethods` list names in
//! `SCFOps.ods`; the rest keep the interface's defaults.
//!
//! In: a loop handle (on IR that may not have verified: nothing here
//! panics on missing regions or blocks). Out: what the interface asks.

use super::*;
use ods_runtime::fold::OpFoldResult;
use ods_runtime::interfaces::{LoopBounds, LoopRegions, ValueRange};
use ods_runtime::Op;
use std::ops::Range;

/// The values of `values` as fold results.
fn as_fold_results(values: impl IntoIterator<Item = Value>) -> LoopBounds {
    values.into_iter().map(OpFoldResult::Value).collect()
}

/// The region of `op` at `index`, when it has one.
fn region_at(ir: &Ir, op: OpId, index: usize) -> LoopRegions {
    ir.regions(op).get(index).copied().into_iter().collect()
}

/// The terminator of region `index`'s first block and all its operands.
fn terminator_operands(ir: &Ir, op: OpId, index: usize) -> Option<(OpId, Range<usize>)> {
    let block = ir.first_block(*ir.regions(op).get(index)?)?;
    let last = ir.last_op(block)?;
    Some((last, 0..ir.num_operands(last)))
}

impl ForOp {
    /// The body.
    pub fn get_loop_regions(self, ir: &Ir) -> LoopRegions {
        region_at(ir, self.op(), 0)
    }

    /// The body's first argument.
    pub fn get_loop_induction_vars(self, _ctx: &Context, ir: &Ir) -> Option<ValueRange> {
        let args = ValueRange::entry_arguments(ir, self.op(), 0);
        (!args.is_empty()).then(|| args.take(1))
    }

    /// `lowerBound`.
    pub fn get_loop_lower_bounds(self, _ctx: &mut Context, ir: &Ir) -> Option<LoopBounds> {
        self.bound(ir, 0)
    }

    /// `upperBound`.
    pub fn get_loop_upper_bounds(self, _ctx: &mut Context, ir: &Ir) -> Option<LoopBounds> {
        self.bound(ir, 1)
    }

    /// `step`.
    pub fn get_loop_steps(self, _ctx: &mut Context, ir: &Ir) -> Option<LoopBounds> {
        self.bound(ir, 2)
    }

    fn bound(self, ir: &Ir, index: usize) -> Option<LoopBounds> {
        let op = self.op();
        (index < ir.num_operands(op)).then(|| as_fold_results([ir.operand(op, index)]))
    }

    /// The body's arguments after the induction variable.
    pub fn get_region_iter_args(self, _ctx: &Context, ir: &Ir) -> ValueRange {
        ValueRange::entry_arguments(ir, self.op(), 0).skip(1)
    }

    /// `initArgs`: the operands after the bounds and the step.
    pub fn get_inits_mutable(self, _ctx: &Context, ir: &Ir) -> Range<usize> {
        let n = ir.num_operands(self.op());
        n.min(3)..n
    }

    /// The operands of the body's `scf.yield`.
    pub fn get_yielded_values_mutable(
        self,
        _ctx: &Context,
        ir: &Ir,
    ) -> Option<(OpId, Range<usize>)> {
        terminator_operands(ir, self.op(), 0)
    }

    /// The op's results.
    pub fn get_loop_results(self, _ctx: &Context, ir: &Ir) -> Option<ValueRange> {
        Some(ValueRange::results(ir, self.op()))
    }
}

impl WhileOp {
    /// The "before" and the "after" regions: both run once per iteration.
    pub fn get_loop_regions(self, ir: &Ir) -> LoopRegions {
        ir.regions(self.op()).iter().copied().collect()
    }

    /// The "before" region's arguments.
    pub fn get_region_iter_args(self, _ctx: &Context, ir: &Ir) -> ValueRange {
        ValueRange::entry_arguments(ir, self.op(), 0)
    }

    /// Every operand (upstream's `getInitsMutable` accessor of `inits`,
    /// which its interface model calls).
    pub fn get_inits_mutable(self, _ctx: &Context, ir: &Ir) -> Range<usize> {
        0..ir.num_operands(self.op())
    }

    /// The operands of the "after" region's `scf.yield`.
    pub fn get_yielded_values_mutable(
        self,
        _ctx: &Context,
        ir: &Ir,
    ) -> Option<(OpId, Range<usize>)> {
        terminator_operands(ir, self.op(), 1)
    }
}

impl ForallOp {
    /// The body.
    pub fn get_loop_regions(self, ir: &Ir) -> LoopRegions {
        region_at(ir, self.op(), 0)
    }

    /// The body's first `rank` arguments.
    pub fn get_loop_induction_vars(self, ctx: &Context, ir: &Ir) -> Option<ValueRange> {
        let rank = self.rank(ctx, ir);
        Some(ValueRange::entry_arguments(ir, self.op(), 0).take(rank))
    }

    /// The lower bounds, static entries as index attributes.
    pub fn get_loop_lower_bounds(self, ctx: &mut Context, ir: &Ir) -> Option<LoopBounds> {
        Some(self.mixed(ctx, ir, "staticLowerBound", 0))
    }

    /// The upper bounds, static entries as index attributes.
    pub fn get_loop_upper_bounds(self, ctx: &mut Context, ir: &Ir) -> Option<LoopBounds> {
        Some(self.mixed(ctx, ir, "staticUpperBound", 1))
    }

    /// The steps, static entries as index attributes.
    pub fn get_loop_steps(self, ctx: &mut Context, ir: &Ir) -> Option<LoopBounds> {
        Some(self.mixed(ctx, ir, "staticStep", 2))
    }

    /// Upstream's `getMixedValues`: each static entry, or the next value of
    /// operand group `group` where the entry is dynamic.
    fn mixed(self, ctx: &mut Context, ir: &Ir, statics: &str, group: usize) -> LoopBounds {
        let op = self.op();
        let entries = forall_statics(ctx, ir, op, statics);
        let mut groups = forall_groups(ctx, ir, op);
        let mut dynamic = std::mem::take(&mut groups[group]).into_iter();
        let index = ctx.index_type();
        entries
            .into_iter()
            .filter_map(|c| {
                if c == i64::MIN {
                    dynamic.next().map(OpFoldResult::Value)
                } else {
                    Some(OpFoldResult::Attribute(
                        ctx.integer_attr(index, i128::from(c)),
                    ))
                }
            })
            .collect()
    }

    /// The body's arguments after the induction variables (one per output).
    pub fn get_region_iter_args(self, ctx: &Context, ir: &Ir) -> ValueRange {
        let rank = self.rank(ctx, ir);
        ValueRange::entry_arguments(ir, self.op(), 0).skip(rank)
    }

    /// The `shared_outs` operands.
    pub fn get_inits_mutable(self, ctx: &Context, ir: &Ir) -> Range<usize> {
        let op = self.op();
        let sizes = segment_sizes(ctx, ir, op, "operandSegmentSizes", 4);
        if sizes.len() != 4 {
            return 0..0;
        }
        let range = segment_group(&sizes, 3);
        range.start.min(ir.num_operands(op))..range.end.min(ir.num_operands(op))
    }
}

impl ParallelOp {
    /// The body.
    pub fn get_loop_regions(self, ir: &Ir) -> LoopRegions {
        region_at(ir, self.op(), 0)
    }

    /// The body's arguments, one per dimension.
    pub fn get_loop_induction_vars(self, _ctx: &Context, ir: &Ir) -> Option<ValueRange> {
        Some(ValueRange::entry_arguments(ir, self.op(), 0))
    }

    /// `lowerBound`.
    pub fn get_loop_lower_bounds(self, ctx: &mut Context, ir: &Ir) -> Option<LoopBounds> {
        Some(as_fold_results(self.group(ctx, ir, 0).iter(ir)))
    }

    /// `upperBound`.
    pub fn get_loop_upper_bounds(self, ctx: &mut Context, ir: &Ir) -> Option<LoopBounds> {
        Some(as_fold_results(self.group(ctx, ir, 1).iter(ir)))
    }

    /// `step`.
    pub fn get_loop_steps(self, ctx: &mut Context, ir: &Ir) -> Option<LoopBounds> {
        Some(as_fold_results(self.group(ctx, ir, 2).iter(ir)))
    }

    /// Operand group `index` (lower bounds, upper bounds, steps, inits).
    fn group(self, ctx: &Context, ir: &Ir, index: usize) -> ValueRange {
        let op = self.op();
        let sizes = segment_sizes(ctx, ir, op, "operandSegmentSizes", 4);
        if sizes.len() != 4 {
            return ValueRange::EMPTY;
        }
        ValueRange::operands(ir, op, segment_group(&sizes, index))
    }
}

#[cfg(test)]
mod tests {
    use crate::testing::{nth_op, parse_module};
    use ods_runtime::fold::OpFoldResult;
    use ods_runtime::interfaces::LoopLikeOpInterfaceRef;

    const LOOPS: &str = r#"
func.func @f(%n: index, %x: f32, %t: tensor<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %x) -> f32 {
    %y = arith.addf %a, %x : f32
    scf.yield %y : f32
  }
  %w = scf.while (%b = %x) : (f32) -> f32 {
    %cond = arith.cmpf olt, %b, %x : f32
    scf.condition(%cond) %b : f32
  } do {
  ^bb0(%c: f32):
    scf.yield %c : f32
  }
  %fa = scf.forall (%i, %j) = (0, %c1) to (%n, 8) step (1, 2) shared_outs(%o = %t) -> (tensor<?xf32>) {
    scf.forall.in_parallel {
    }
  }
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    scf.reduce
  }
  return
}
"#;

    #[test]
    fn the_loops_answer_through_the_registry() {
        let (mut ctx, reg, mut ir, m) = parse_module(LOOPS);
        let for_op = nth_op(&ctx, &ir, m, "scf.for", 0);
        let l = ods_runtime::interface::<LoopLikeOpInterfaceRef>(&reg, &ir, for_op).unwrap();
        let body = ir.region(for_op, 0);
        assert_eq!(l.get_loop_regions(&ir).as_slice(), [body]);
        let args: Vec<_> = ir.arguments(ir.first_block(body).unwrap()).collect();
        let ivs = l.get_loop_induction_vars(&ctx, &ir).map(|r| r.to_vec(&ir));
        assert_eq!(ivs, Some(vec![args[0]]));
        assert_eq!(l.get_region_iter_args(&ctx, &ir).to_vec(&ir), [args[1]]);
        assert_eq!(l.get_inits(&ctx, &ir).to_vec(&ir), [ir.operand(for_op, 3)]);
        let steps = l.get_loop_steps(&mut ctx, &ir).unwrap();
        assert_eq!(
            steps.as_slice(),
            [OpFoldResult::Value(ir.operand(for_op, 2))]
        );
        let add = nth_op(&ctx, &ir, m, "arith.addf", 0);
        assert_eq!(
            l.get_yielded_values(&ctx, &ir).to_vec(&ir),
            [ir.result(add, 0)]
        );
        let results = l.get_loop_results(&ctx, &ir).map(|r| r.to_vec(&ir));
        assert_eq!(results, Some(vec![ir.result(for_op, 0)]));
        assert!(l.is_defined_outside_of_loop(&ir, ir.operand(for_op, 0)));
        assert!(!l.is_defined_outside_of_loop(&ir, args[1]));
        assert!(!l.is_defined_outside_of_loop(&ir, ir.result(add, 0)));

        let while_op = nth_op(&ctx, &ir, m, "scf.while", 0);
        let w = ods_runtime::interface::<LoopLikeOpInterfaceRef>(&reg, &ir, while_op).unwrap();
        assert_eq!(w.get_loop_regions(&ir).len(), 2);
        assert_eq!(
            w.get_inits(&ctx, &ir).to_vec(&ir),
            [ir.operand(while_op, 0)]
        );
        assert_eq!(w.get_loop_induction_vars(&ctx, &ir), None);
        assert_eq!(w.get_yielded_values(&ctx, &ir).len(), 1);

        let forall = nth_op(&ctx, &ir, m, "scf.forall", 0);
        let fa = ods_runtime::interface::<LoopLikeOpInterfaceRef>(&reg, &ir, forall).unwrap();
        assert_eq!(fa.get_loop_induction_vars(&ctx, &ir).unwrap().len(), 2);
        let lbs = fa.get_loop_lower_bounds(&mut ctx, &ir).unwrap();
        assert!(matches!(lbs[0], OpFoldResult::Attribute(_)));
        assert!(matches!(lbs[1], OpFoldResult::Value(_)));
        let ubs = fa.get_loop_upper_bounds(&mut ctx, &ir).unwrap();
        assert!(matches!(
            ubs[..],
            [OpFoldResult::Value(_), OpFoldResult::Attribute(_)]
        ));
        assert_eq!(fa.get_region_iter_args(&ctx, &ir).len(), 1);
        assert_eq!(fa.get_inits(&ctx, &ir).to_vec(&ir), [ir.operand(forall, 2)]);

        let par = nth_op(&ctx, &ir, m, "scf.parallel", 0);
        let p = ods_runtime::interface::<LoopLikeOpInterfaceRef>(&reg, &ir, par).unwrap();
        assert_eq!(p.get_loop_steps(&mut ctx, &ir).unwrap().len(), 1);
        assert!(p.get_inits(&ctx, &ir).is_empty());

        // The default `move_out_of_loop` puts the op right before the loop.
        p.move_out_of_loop(&mut ir, add);
        assert_eq!(ir.next_op(add), Some(par));
    }
}

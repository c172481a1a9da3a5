//! The scf ops' control-flow interfaces, as upstream's `SCF.cpp` writes
//! them: `RegionBranchOpInterface` (where control goes from the op and
//! from its regions' terminators, which operands it passes on entry, how
//! often each region runs) and `RegionBranchTerminatorOpInterface` of
//! `scf.condition` and `scf.reduce` (`scf.yield` is `ReturnLike`: the
//! generated code passes all its operands; `LoopLikeOpInterface` is in
//! `loop_like.rs`). The checks themselves are the interfaces'
//! (`ods_runtime::interfaces::verify_types_along_control_flow_edges`), run
//! by the generated ops once their regions verified.
//!
//! In: an scf op handle (which may not have verified yet: nothing here
//! panics on missing regions or blocks). Out: its successors, operand
//! ranges and bounds.

use super::*;
use ir::{Attribute, Context, Ir, OpId};
use ods_runtime::interfaces::{
    InvocationBounds, RegionBranchPoint, RegionInvocationBounds, RegionSuccessor, RegionSuccessors,
    ValueRange,
};
use ods_runtime::smallvec::smallvec;
use ods_runtime::Op;
use std::ops::Range;

/// Control returns to `op`, whose results take the passed values.
fn to_parent(ir: &Ir, op: OpId) -> RegionSuccessor {
    RegionSuccessor::parent(ValueRange::results(ir, op))
}

/// Control enters region `index` of `op`, whose entry block's arguments
/// take the passed values.
fn to_region(ir: &Ir, op: OpId, index: usize) -> RegionSuccessor {
    RegionSuccessor::region(index, ValueRange::entry_arguments(ir, op, index))
}

/// Control enters region `index`, passing nothing.
fn to_region_without_inputs(index: usize) -> RegionSuccessor {
    RegionSuccessor::region(index, ValueRange::EMPTY)
}

/// The constant integer of the operand at `index` among `operands`
/// (`None` where it is not constant).
fn constant_operand(ctx: &Context, operands: &[Option<Attribute>], index: usize) -> Option<i64> {
    operands
        .get(index)
        .copied()
        .flatten()
        .and_then(|a| ods_runtime::pred::integer_attr_value(ctx, a))
}

impl ExecuteRegionOp {
    /// Into the region on entry, out to the op from its terminators.
    pub fn get_successor_regions(
        self,
        _ctx: &Context,
        ir: &Ir,
        point: RegionBranchPoint,
    ) -> RegionSuccessors {
        match point {
            RegionBranchPoint::Parent => smallvec![to_region_without_inputs(0)],
            RegionBranchPoint::Terminator(_) => smallvec![to_parent(ir, self.op())],
        }
    }
}

impl ForOp {
    /// From the op and from the body alike: into the body (whose
    /// loop-carried arguments take the values) or out to the op.
    pub fn get_successor_regions(
        self,
        _ctx: &Context,
        ir: &Ir,
        _point: RegionBranchPoint,
    ) -> RegionSuccessors {
        let iter_args = ValueRange::entry_arguments(ir, self.op(), 0).skip(1);
        smallvec![
            RegionSuccessor::region(0, iter_args),
            to_parent(ir, self.op()),
        ]
    }

    /// The initial values of the loop-carried arguments (after the bounds
    /// and the step).
    pub fn get_entry_successor_operands(
        self,
        _ctx: &Context,
        ir: &Ir,
        _successor: &RegionSuccessor,
    ) -> Range<usize> {
        let n = ir.num_operands(self.op());
        n.min(3)..n
    }
}

impl IfOp {
    /// On entry the then region and the else region (or the op, when the
    /// else region is empty); out to the op from either.
    pub fn get_successor_regions(
        self,
        ctx: &Context,
        ir: &Ir,
        point: RegionBranchPoint,
    ) -> RegionSuccessors {
        match point {
            RegionBranchPoint::Parent => self.get_entry_successor_regions(ctx, ir, &[]),
            RegionBranchPoint::Terminator(_) => smallvec![to_parent(ir, self.op())],
        }
    }

    /// As [`IfOp::get_successor_regions`] on entry, keeping only the
    /// branch a constant condition takes.
    pub fn get_entry_successor_regions(
        self,
        ctx: &Context,
        ir: &Ir,
        operands: &[Option<Attribute>],
    ) -> RegionSuccessors {
        let op = self.op();
        let condition = constant_operand(ctx, operands, 0);
        let mut out = RegionSuccessors::new();
        if condition != Some(0) {
            out.push(to_region_without_inputs(0));
        }
        if condition.is_none() || condition == Some(0) {
            let has_else = ir.num_regions(op) > 1 && !ir.region_is_empty(ir.region(op, 1));
            out.push(match has_else {
                true => to_region_without_inputs(1),
                false => to_parent(ir, op),
            });
        }
        out
    }

    /// Each branch at most once; with a constant condition, the other
    /// never.
    pub fn get_region_invocation_bounds(
        self,
        ctx: &Context,
        _ir: &Ir,
        operands: &[Option<Attribute>],
    ) -> RegionInvocationBounds {
        match constant_operand(ctx, operands, 0) {
            Some(c) => smallvec![
                InvocationBounds::new(0, u32::from(c != 0)),
                InvocationBounds::new(0, u32::from(c == 0)),
            ],
            None => smallvec![InvocationBounds::new(0, 1); 2],
        }
    }

    /// `InferTypeOpAdaptor`: the results are what the then region yields.
    pub fn infer_return_types_from_adaptor(
        ctx: &mut Context,
        ir: &Ir,
        _loc: ir::Location,
        _adaptor: IfOpAdaptor<'_>,
        regions: &[ir::RegionId],
    ) -> Result<Vec<ir::Type>, String> {
        let then = regions.first().and_then(|&r| ir.first_block(r));
        let yield_op = then
            .and_then(|b| ir.last_op(b))
            .filter(|&t| ctx.str(ir.op_name(t)) == "scf.yield");
        match yield_op {
            Some(t) => Ok(ir.operands(t).map(|v| ir.value_type(v)).collect()),
            None => Err(String::new()),
        }
    }
}

impl IndexSwitchOp {
    /// Every region on entry, out to the op from each.
    pub fn get_successor_regions(
        self,
        ctx: &Context,
        ir: &Ir,
        point: RegionBranchPoint,
    ) -> RegionSuccessors {
        match point {
            RegionBranchPoint::Parent => self.get_entry_successor_regions(ctx, ir, &[]),
            RegionBranchPoint::Terminator(_) => smallvec![to_parent(ir, self.op())],
        }
    }

    /// Every region, or with a constant argument the matching case's
    /// region (the default region when none matches).
    pub fn get_entry_successor_regions(
        self,
        ctx: &Context,
        ir: &Ir,
        operands: &[Option<Attribute>],
    ) -> RegionSuccessors {
        let n = ir.num_regions(self.op());
        let Some(arg) = constant_operand(ctx, operands, 0) else {
            return (0..n).map(to_region_without_inputs).collect();
        };
        // Region 0 is the default region, then one per case.
        let region = self
            .cases_attr(ctx, ir)
            .map(|a| ods_runtime::attr::dense_array_values::<i64>(ctx, a))
            .unwrap_or_default()
            .iter()
            .position(|&c| c == arg)
            .map_or(0, |i| i + 1);
        smallvec![to_region_without_inputs(region)]
    }

    /// Each region at most once; with a constant argument, as upstream
    /// counts them, one region may run and the others never.
    pub fn get_region_invocation_bounds(
        self,
        ctx: &Context,
        ir: &Ir,
        operands: &[Option<Attribute>],
    ) -> RegionInvocationBounds {
        let n = ir.num_regions(self.op());
        let Some(arg) = constant_operand(ctx, operands, 0) else {
            return smallvec![InvocationBounds::new(0, 1); n];
        };
        let live = self
            .cases_attr(ctx, ir)
            .map(|a| ods_runtime::attr::dense_array_values::<i64>(ctx, a))
            .unwrap_or_default()
            .iter()
            .position(|&c| c == arg)
            .unwrap_or(n.saturating_sub(1));
        (0..n)
            .map(|i| InvocationBounds::new(0, u32::from(i == live)))
            .collect()
    }
}

impl WhileOp {
    /// Into the "before" region on entry; from it (`scf.condition`) out to
    /// the op or into the "after" region; from the "after" region back
    /// into the "before" one.
    pub fn get_successor_regions(
        self,
        _ctx: &Context,
        ir: &Ir,
        point: RegionBranchPoint,
    ) -> RegionSuccessors {
        let op = self.op();
        match point.region_index(ir) {
            None => smallvec![to_region(ir, op, 0)],
            Some(0) => smallvec![to_parent(ir, op), to_region(ir, op, 1)],
            Some(_) => smallvec![to_region(ir, op, 0)],
        }
    }

    /// All operands start the "before" region's arguments.
    pub fn get_entry_successor_operands(
        self,
        _ctx: &Context,
        ir: &Ir,
        _successor: &RegionSuccessor,
    ) -> Range<usize> {
        0..ir.num_operands(self.op())
    }
}

impl ForallOp {
    /// Into the body on entry (or nowhere, with no iteration); out to the
    /// op from the body. Nothing is passed along either edge: the outputs
    /// reach the body as shared arguments, the results come from the
    /// terminator's combining ops.
    pub fn get_successor_regions(
        self,
        _ctx: &Context,
        _ir: &Ir,
        point: RegionBranchPoint,
    ) -> RegionSuccessors {
        match point {
            RegionBranchPoint::Parent => smallvec![
                to_region_without_inputs(0),
                RegionSuccessor::parent(ValueRange::EMPTY),
            ],
            RegionBranchPoint::Terminator(_) => {
                smallvec![RegionSuccessor::parent(ValueRange::EMPTY)]
            }
        }
    }
}

impl ParallelOp {
    /// From the op and from the body alike: into the body or out to the
    /// op, passing nothing (the reductions reach the results through
    /// `scf.reduce`'s regions).
    pub fn get_successor_regions(
        self,
        _ctx: &Context,
        _ir: &Ir,
        _point: RegionBranchPoint,
    ) -> RegionSuccessors {
        smallvec![
            to_region_without_inputs(0),
            RegionSuccessor::parent(ValueRange::EMPTY),
        ]
    }
}

impl ConditionOp {
    /// The values after the condition flag.
    pub fn get_mutable_successor_operands(
        self,
        _ctx: &Context,
        ir: &Ir,
        _successor: &RegionSuccessor,
    ) -> Range<usize> {
        let n = ir.num_operands(self.op());
        n.min(1)..n
    }

    /// Into the "after" region when the condition may hold, out to the
    /// `scf.while` when it may not.
    pub fn get_successor_regions(
        self,
        ctx: &Context,
        ir: &Ir,
        _registry: &ir::Registry,
        operands: &[Option<Attribute>],
    ) -> RegionSuccessors {
        let Some(while_op) = ir.parent_op(self.op()) else {
            return RegionSuccessors::new();
        };
        let condition = constant_operand(ctx, operands, 0);
        let mut out = RegionSuccessors::new();
        if condition != Some(0) {
            out.push(to_region(ir, while_op, 1));
        }
        if condition.is_none() || condition == Some(0) {
            out.push(to_parent(ir, while_op));
        }
        out
    }
}

impl ReduceOp {
    /// Nothing is passed on: the reduced values reach the `scf.parallel`
    /// through the reduction regions.
    pub fn get_mutable_successor_operands(
        self,
        _ctx: &Context,
        _ir: &Ir,
        _successor: &RegionSuccessor,
    ) -> Range<usize> {
        0..0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ir::parser::ops::parse_source;
    use ir::SourceFile;
    use ods_runtime::interfaces::{
        RegionBranchOpInterfaceRef, RegionBranchTerminatorOpInterfaceRef,
    };

    /// The first op of the first block of region 0 of `op`.
    fn first_nested(ir: &Ir, op: OpId) -> OpId {
        let block = ir.first_block(ir.region(op, 0)).expect("a block");
        ir.block_ops(block).next().expect("an op")
    }

    #[test]
    fn successors_are_found_through_the_registry() {
        let text = "func.func @f(%c: i1, %x: i32) -> i32 {\n  %r = scf.if %c -> i32 {\n    scf.yield %x : i32\n  } else {\n    scf.yield %x : i32\n  }\n  return %r : i32\n}\n";
        let mut ctx = Context::new();
        let reg = crate::testing::registry(&mut ctx);
        let (ir, module) = parse_source(&mut ctx, &reg, &SourceFile::new("t", text)).unwrap();
        let if_op = first_nested(&ir, first_nested(&ir, module));
        let iface = ods_runtime::interface::<RegionBranchOpInterfaceRef>(&reg, &ir, if_op)
            .expect("scf.if is a region branch op");
        let entry = iface.get_successor_regions(&ctx, &ir, RegionBranchPoint::Parent);
        let regions: Vec<_> = entry.iter().map(|s| s.region).collect();
        assert_eq!(regions, [Some(0), Some(1)]);
        let t = ir
            .last_op(ir.first_block(ir.region(if_op, 0)).unwrap())
            .unwrap();
        let yield_iface =
            ods_runtime::interface::<RegionBranchTerminatorOpInterfaceRef>(&reg, &ir, t)
                .expect("scf.yield is a region branch terminator");
        let back = yield_iface.get_successor_regions(&ctx, &ir, &reg, &[None]);
        assert_eq!(
            back.as_slice(),
            [RegionSuccessor::parent(ValueRange::results(&ir, if_op))]
        );
        assert_eq!(
            back[0].inputs.to_vec(&ir),
            ir.results(if_op).collect::<Vec<_>>()
        );
        assert_eq!(
            yield_iface.get_mutable_successor_operands(&ctx, &ir, &back[0]),
            0..1
        );
        // A constant condition keeps one branch.
        let yes = ctx.bool_attr(true);
        let only = iface.get_entry_successor_regions(&ctx, &ir, &[Some(yes)]);
        let regions: Vec<_> = only.iter().map(|s| s.region).collect();
        assert_eq!(regions, [Some(0)]);
        assert_eq!(
            iface
                .get_region_invocation_bounds(&ctx, &ir, &[Some(yes)])
                .as_slice(),
            [InvocationBounds::new(0, 1), InvocationBounds::new(0, 0)]
        );
    }
}

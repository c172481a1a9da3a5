//! What `RegionBranchOpInterface` and `RegionBranchTerminatorOpInterface`
//! talk in (upstream's `RegionBranchPoint`, `RegionSuccessor`,
//! `InvocationBounds`) and the interface's verifier, upstream's
//! `verifyTypesAlongControlFlowEdges`.
//!
//! In: an op implementing `RegionBranchOpInterface`, once the ops nested
//! in it verified. Out: the first edge (from the op on entry, or from a
//! terminator of one of its regions, to a region or back to the op) whose
//! passed values do not match the values received, worded as `mlir-opt`
//! words it, with its `region branch point` note.

use super::{RegionBranchOpInterface, RegionBranchTerminatorOpInterfaceRef, ValueRange};
use ir::printer::print_type_str;
use ir::registry::{RegionCheckCx, VerifyError};
use ir::{Ir, OpId};
use smallvec::SmallVec;

/// Where control may go from a branch point: most ops have one or two
/// successors, kept inline (no allocation).
pub type RegionSuccessors = SmallVec<[RegionSuccessor; 2]>;

/// How often each region of an op runs, one entry per region (inline
/// for up to two regions).
pub type RegionInvocationBounds = SmallVec<[InvocationBounds; 2]>;

/// Where control leaves from: the op itself (on entry) or a terminator of
/// one of its regions (upstream's `RegionBranchPoint`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RegionBranchPoint {
    /// The region-branch op, entering it.
    Parent,
    /// A terminator implementing `RegionBranchTerminatorOpInterface`.
    Terminator(OpId),
}

impl RegionBranchPoint {
    /// The index, among its parent op's regions, of the region holding the
    /// terminator (`None` for [`RegionBranchPoint::Parent`]).
    pub fn region_index(self, ir: &Ir) -> Option<usize> {
        let RegionBranchPoint::Terminator(op) = self else {
            return None;
        };
        let region = ir.block_region(ir.op_block(op)?)?;
        let parent = ir.region_op(region)?;
        ir.regions(parent).iter().position(|&r| r == region)
    }
}

/// Where control goes: a region of the op, or back to the op, and the
/// values that receive what is passed (a region's entry arguments, the
/// op's results), named as a [`ValueRange`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RegionSuccessor {
    /// The region's index among the op's regions; `None`: the op itself.
    pub region: Option<usize>,
    /// The values receiving the passed operands, in order.
    pub inputs: ValueRange,
}

impl RegionSuccessor {
    /// Control returns to the op, whose `inputs` (results, usually) take
    /// the passed values.
    pub fn parent(inputs: ValueRange) -> Self {
        RegionSuccessor {
            region: None,
            inputs,
        }
    }

    /// Control enters region `index`, whose `inputs` (entry block
    /// arguments, usually) take the passed values.
    pub fn region(index: usize, inputs: ValueRange) -> Self {
        RegionSuccessor {
            region: Some(index),
            inputs,
        }
    }

    /// Whether control returns to the op.
    pub fn is_parent(&self) -> bool {
        self.region.is_none()
    }
}

/// How many times a region runs (upstream's `InvocationBounds`): at least
/// `lower`, at most `upper` (`None`: unknown).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct InvocationBounds {
    /// The fewest runs.
    pub lower: u32,
    /// The most runs, when known.
    pub upper: Option<u32>,
}

impl InvocationBounds {
    /// Nothing known: zero or more runs.
    pub const UNKNOWN: InvocationBounds = InvocationBounds {
        lower: 0,
        upper: None,
    };

    /// Between `lower` and `upper` runs.
    pub fn new(lower: u32, upper: u32) -> Self {
        InvocationBounds {
            lower,
            upper: Some(upper),
        }
    }
}

/// `RegionBranchOpInterface`'s verifier (upstream's
/// `verifyTypesAlongControlFlowEdges`): along every edge, as many values
/// passed as received, each of a type the op finds compatible
/// ([`RegionBranchOpInterface::are_types_compatible`]).
pub fn verify_types_along_control_flow_edges<T: RegionBranchOpInterface>(
    op: T,
    cx: &mut RegionCheckCx<'_>,
) -> Result<(), VerifyError> {
    let (ctx, ir, registry) = (cx.ctx, cx.ir, cx.registry);
    let this = crate::Op::op(op);
    // The branch points, as upstream's `getAllRegionBranchPoints` lists
    // them: the op itself, then the terminators of its regions that
    // implement `RegionBranchTerminatorOpInterface`, in region and block
    // order.
    let terminators = ir
        .regions(this)
        .iter()
        .flat_map(|&region| ir.region_blocks(region))
        .filter_map(|block| ir.last_op(block))
        .filter_map(|last| {
            let iface: RegionBranchTerminatorOpInterfaceRef<'_> =
                crate::interface(registry, ir, last)?;
            Some((RegionBranchPoint::Terminator(last), Some(iface)))
        });
    let points = std::iter::once((RegionBranchPoint::Parent, None)).chain(terminators);
    for (point, terminator) in points {
        for successor in op.get_successor_regions(ctx, ir, point) {
            let operands = match (point, terminator) {
                (RegionBranchPoint::Terminator(t), Some(iface)) => ValueRange::operands(
                    ir,
                    t,
                    iface.get_mutable_successor_operands(ctx, ir, &successor),
                ),
                _ => ValueRange::operands(
                    ir,
                    this,
                    op.get_entry_successor_operands(ctx, ir, &successor),
                ),
            };
            let edge_error = |detail: String| {
                let (from, at) = match point {
                    RegionBranchPoint::Parent => ("parent".to_string(), this),
                    RegionBranchPoint::Terminator(t) => {
                        (format!("Operation {}", ctx.str(ir.op_name(t))), t)
                    }
                };
                let to = match successor.region {
                    None => "parent".to_string(),
                    Some(i) => format!("Region #{i}"),
                };
                VerifyError::op_error(format!(
                    "along control flow edge from {from} to {to}: {detail}"
                ))
                .with_note(Some(ir.op_loc(at)), "region branch point")
            };
            let inputs = successor.inputs;
            if operands.len() != inputs.len() {
                return Err(edge_error(format!(
                    "region branch point has {} operands, but region successor needs {} inputs",
                    operands.len(),
                    inputs.len()
                )));
            }
            for (i, (operand, input)) in operands.iter(ir).zip(inputs.iter(ir)).enumerate() {
                let (have, want) = (ir.value_type(operand), ir.value_type(input));
                if !op.are_types_compatible(have, want) {
                    return Err(edge_error(format!(
                        "successor operand type #{i} '{}' should match successor input type #{i} '{}'",
                        print_type_str(ctx, have),
                        print_type_str(ctx, want)
                    )));
                }
            }
        }
    }
    Ok(())
}

//! The inlining pattern MLIR 22 gives region-branch ops
//! (`populateRegionBranchOpInterfaceInliningPattern`): when constants
//! leave exactly one acyclic path through the op (an `scf.if` on a
//! constant, an `scf.index_switch` on a constant, an `scf.for` running
//! zero or one times, any `scf.execute_region` of one block not marked
//! `no_inline`), the blocks on the path replace the op.
//!
//! In: the op. Out: the path's blocks' ops moved before it (their entry
//! arguments taking the values passed along the path, `scf.for`'s
//! induction variable its lower bound), its results replaced by what the
//! last terminator passes, the op erased; or no match.

use super::successors::{kind, operands_of, successors, Kind, Point, Successor};
use super::*;

/// The regions control passes through when constants decide every step
/// and no region repeats; `None` when there is no such single path.
fn single_acyclic_path(rw: &mut Rewriter<'_>, op: OpId, kind: Kind) -> Option<Vec<usize>> {
    let mut path = Vec::new();
    let mut point = Point::Parent;
    loop {
        let [next] = successors(rw, op, kind, point, true)[..] else {
            return None;
        };
        let region = match next {
            Successor::Parent => return Some(path),
            Successor::Region(i) => i,
        };
        if path.contains(&region) {
            return None;
        }
        let block = body(rw, op, region)?;
        if rw.ir.next_block(block).is_some() {
            return None;
        }
        let term = terminator(rw, block)?;
        if !matches!(
            rw.ctx.str(rw.ir.op_name(term)),
            "scf.yield" | "scf.condition"
        ) {
            return None;
        }
        path.push(region);
        point = Point::Terminator(term);
    }
}

/// Inlines the op along its single acyclic path.
pub(super) fn inline_region_branch(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let Some(kind) = kind(rw, op) else {
        return false;
    };
    if kind == Kind::ExecuteRegion && inherent_attr(rw.ctx, rw.ir, op, "no_inline").is_some() {
        return false;
    }
    let Some(path) = single_acyclic_path(rw, op, kind) else {
        return false;
    };
    if !arguments_match(rw, op, kind, &path) {
        return false;
    }
    let value_of = |rw: &Rewriter<'_>, (owner, slots): (OpId, std::ops::Range<usize>)| {
        slots
            .map(|i| rw.ir.operand(owner, i))
            .collect::<Vec<Value>>()
    };
    let mut passed = value_of(rw, operands_of(rw, op, kind, Point::Parent));
    for region in path {
        let Some(block) = body(rw, op, region) else {
            return false;
        };
        let Some(term) = terminator(rw, block) else {
            return false;
        };
        let mut args = Vec::with_capacity(rw.ir.num_arguments(block));
        if kind == Kind::For {
            // The induction variable is no successor input: on the one
            // iteration it is the lower bound.
            args.push(rw.ir.operand(op, 0));
        }
        args.extend(passed.iter().copied());
        rw.inline_block_before(block, InsertPoint::Before(op), &args);
        passed = value_of(rw, operands_of(rw, op, kind, Point::Terminator(term)));
        rw.erase_op(term);
    }
    rw.replace_op(op, &passed);
    true
}

/// Whether each block on the path takes as many arguments as its
/// predecessor passes (checked before anything moves).
fn arguments_match(rw: &Rewriter<'_>, op: OpId, kind: Kind, path: &[usize]) -> bool {
    let mut passed = operands_of(rw, op, kind, Point::Parent).1.len();
    for &region in path {
        let (Some(block), iv) = (body(rw, op, region), usize::from(kind == Kind::For)) else {
            return false;
        };
        if rw.ir.num_arguments(block) != passed + iv {
            return false;
        }
        let Some(term) = terminator(rw, block) else {
            return false;
        };
        passed = operands_of(rw, op, kind, Point::Terminator(term)).1.len();
    }
    passed == rw.ir.num_results(op)
}

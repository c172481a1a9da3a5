//! The canonicalization patterns MLIR 22 gives every region-branch op
//! (`populateRegionBranchOpInterfaceCanonicalizationPatterns`), over the
//! edges [`successors`] describes:
//!
//! - a successor input (a result, or an entry block argument) that can
//!   only ever hold one value defined before it is replaced by it;
//! - of two inputs of one owner fed the same value along every edge, the
//!   later one's uses go to the earlier;
//! - sets of tied inputs (values one operand feeds together) that are all
//!   unused go, with the operands feeding them and the op's results.
//!
//! In: an op [`successors::kind`] knows. Out: the op rewritten through the
//! [`Rewriter`], or no match.

use super::successors::{
    feeding, inputs_in_order, kind, operand_to_inputs, static_trip_count, Kind, Mapping,
};
use super::*;
use ods_runtime::smallvec::{smallvec, SmallVec};

/// Operand slots, as (owner, index).
type Slot = (OpId, usize);

/// The values other than successor inputs that `value` may hold, traced
/// back through the operands feeding it (MLIR's
/// `computeReachableValuesFromSuccessorInput`).
fn reachable_values(rw: &Rewriter<'_>, value: Value, mapping: &Mapping) -> SmallVec<[Value; 4]> {
    let mut reachable = SmallVec::new();
    // A handful of values per op: a list beats hashing them.
    let mut visited: SmallVec<[Value; 8]> = SmallVec::new();
    let mut worklist: SmallVec<[Value; 8]> = smallvec![value];
    while let Some(next) = worklist.pop() {
        let mut slots = feeding(mapping, next).peekable();
        if slots.peek().is_none() {
            // Not a successor input: a value it may hold.
            if !reachable.contains(&next) {
                reachable.push(next);
            }
            continue;
        }
        for (owner, index) in slots {
            let v = rw.ir.operand(owner, index);
            if !visited.contains(&v) {
                visited.push(v);
                worklist.push(v);
            }
        }
    }
    reachable
}

/// Whether `a` may stand for the successor input `b` (MLIR's
/// `isDefinedBefore`): a value defined directly in the op's regions only
/// for an entry argument of its own block.
fn defined_before(rw: &Rewriter<'_>, op: OpId, a: Value, b: Value) -> bool {
    let a_owner = value_region(rw, a).and_then(|r| rw.ir.region_op(r));
    if a_owner != Some(op) {
        return true;
    }
    if rw.ir.defining_op(b) == Some(op) {
        return false;
    }
    rw.ir.defining_op(a).is_none() && rw.ir.value_block(a) == rw.ir.value_block(b)
}

/// Inputs that can hold only one value defined before them take it.
pub(super) fn make_successor_inputs_dead(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let Some(kind) = kind(rw, op) else {
        return false;
    };
    if kind == Kind::For && static_trip_count(rw, op).is_none() && loop_inputs_fed_twice(rw, op) {
        return false;
    }
    let mapping = operand_to_inputs(rw, op, kind);
    let mut changed = false;
    for input in inputs_in_order(&mapping) {
        if !rw.ir.has_uses(input) {
            continue;
        }
        let reachable = reachable_values(rw, input, &mapping);
        let [only] = reachable[..] else {
            continue;
        };
        if !defined_before(rw, op, only, input) {
            continue;
        }
        rw.replace_all_uses(input, only);
        changed = true;
    }
    changed
}

/// Whether each successor input of `scf.for` `op` (of unknown trip
/// count) may hold two values: its initial value and a different one the
/// body yields that is no input itself (no argument of the body). Then no
/// input can only ever hold one value, and the edges need no working out
/// on this visit of the loop (tried on every visit of every loop).
fn loop_inputs_fed_twice(rw: &Rewriter<'_>, op: OpId) -> bool {
    let Some(block) = body(rw, op, 0) else {
        return false;
    };
    let Some(term) = terminator(rw, block) else {
        return false;
    };
    let carried = rw.ir.num_operands(op).saturating_sub(3);
    if rw.ctx.str(rw.ir.op_name(term)) != "scf.yield"
        || rw.ir.num_operands(term) != carried
        || rw.ir.num_arguments(block) != carried + 1
        || rw.ir.num_results(op) != carried
    {
        return false;
    }
    (0..carried).all(|i| {
        let (init, yielded) = (rw.ir.operand(op, 3 + i), rw.ir.operand(term, i));
        init != yielded
            && (rw.ir.defining_op(yielded).is_some() || rw.ir.value_block(yielded) != Some(block))
    })
}

/// Who owns a successor input: the op (a result) or a block (an argument).
#[derive(PartialEq, Eq)]
enum Owner {
    Op(OpId),
    Block(BlockId),
}

/// The owner of `v` and its result or argument number.
fn owner_and_number(rw: &Rewriter<'_>, v: Value) -> Option<(Owner, usize)> {
    match rw.ir.defining_op(v) {
        Some(def) => {
            let n = rw.ir.results(def).position(|r| r == v)?;
            Some((Owner::Op(def), n))
        }
        None => {
            let block = rw.ir.value_block(v)?;
            let n = rw.ir.arguments(block).position(|a| a == v)?;
            Some((Owner::Block(block), n))
        }
    }
}

/// Of two inputs of one owner fed the same value by every predecessor,
/// the later one's uses move to the earlier one.
pub(super) fn remove_duplicate_successor_input_uses(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let Some(kind) = kind(rw, op) else {
        return false;
    };
    // Tried on every visit of every loop: without an owner of two inputs
    // there is no pair to compare, and no edges need working out.
    let skipped = usize::from(kind == Kind::For);
    let owns_two = rw.ir.num_results(op) >= 2
        || (0..rw.ir.num_regions(op))
            .any(|i| body(rw, op, i).is_some_and(|b| rw.ir.num_arguments(b) >= 2 + skipped));
    if !owns_two {
        return false;
    }
    let mapping = operand_to_inputs(rw, op, kind);
    let mut inverse = inputs_in_order(&mapping);
    inverse.sort_by_key(|v| owner_and_number(rw, *v).map_or(usize::MAX, |(_, n)| n));
    // What each predecessor passes to an input, by predecessor.
    let fed = |rw: &Rewriter<'_>, input: Value| {
        let mut by_owner: SmallVec<[(usize, Value); 4]> = feeding(&mapping, input)
            .map(|(owner, index)| (owner.index(), rw.ir.operand(owner, index)))
            .collect();
        by_owner.sort_by_key(|&(owner, _)| owner);
        by_owner
    };
    let mut changed = false;
    for i in 0..inverse.len() {
        for j in i + 1..inverse.len() {
            let (first, second) = (inverse[i], inverse[j]);
            if !rw.ir.has_uses(second) {
                continue;
            }
            let same_owner = match (owner_and_number(rw, first), owner_and_number(rw, second)) {
                (Some((a, _)), Some((b, _))) => a == b,
                _ => false,
            };
            if !same_owner {
                continue;
            }
            if fed(rw, first) == fed(rw, second) {
                rw.replace_all_uses(second, first);
                changed = true;
            }
        }
    }
    changed
}

/// Sets of tied inputs all unused go, with the operands feeding them:
/// operands first, then block arguments, then the op's results.
pub(super) fn remove_dead_successor_inputs(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let Some(kind) = kind(rw, op) else {
        return false;
    };
    // Every input is a result or an entry block argument: when all of
    // those are used no set of inputs is dead, and the edges (worked out
    // on every visit of every loop) are not needed.
    // (`scf.for`'s induction variable is no input.)
    let skipped = usize::from(kind == Kind::For);
    let all_used = rw.ir.results(op).all(|r| rw.ir.has_uses(r))
        && (0..rw.ir.num_regions(op)).all(|i| {
            body(rw, op, i)
                .is_none_or(|b| rw.ir.arguments(b).skip(skipped).all(|a| rw.ir.has_uses(a)))
        });
    if all_used {
        return false;
    }
    let mapping = operand_to_inputs(rw, op, kind);
    // Union-find over the inputs, in the order they are met.
    let mut members: Vec<Value> = Vec::new();
    let mut parent: Vec<usize> = Vec::new();
    fn find(parent: &mut [usize], mut i: usize) -> usize {
        while parent[i] != i {
            parent[i] = parent[parent[i]];
            i = parent[i];
        }
        i
    }
    let index_of = |members: &mut Vec<Value>, parent: &mut Vec<usize>, v: Value| {
        members.iter().position(|&m| m == v).unwrap_or_else(|| {
            members.push(v);
            parent.push(parent.len());
            members.len() - 1
        })
    };
    // Each operand's inputs are tied: the mapping lists them together.
    let mut first: Option<(Slot, usize)> = None;
    for edge in &mapping {
        let n = index_of(&mut members, &mut parent, edge.input);
        match first {
            Some((slot, f)) if slot == edge.operand => {
                let (a, b) = (find(&mut parent, f), find(&mut parent, n));
                if a != b {
                    parent[b] = a;
                }
            }
            _ => first = Some((edge.operand, n)),
        }
    }
    let roots: Vec<usize> = (0..members.len()).map(|i| find(&mut parent, i)).collect();
    let mut to_remove: Vec<Value> = Vec::new();
    let mut leaders: Vec<usize> = Vec::new();
    for &root in &roots {
        if !leaders.contains(&root) {
            leaders.push(root);
        }
    }
    for leader in leaders {
        let set: Vec<Value> = (0..members.len())
            .filter(|&i| roots[i] == leader)
            .map(|i| members[i])
            .collect();
        if set.iter().all(|&v| !rw.ir.has_uses(v)) {
            to_remove.extend(set);
        }
    }
    if to_remove.is_empty() {
        return false;
    }
    let mut operands_to_remove: Vec<(OpId, Vec<usize>)> = Vec::new();
    for &value in &to_remove {
        for (owner, index) in feeding(&mapping, value) {
            match operands_to_remove.iter_mut().find(|(o, _)| *o == owner) {
                Some((_, list)) if !list.contains(&index) => list.push(index),
                Some(_) => {}
                None => operands_to_remove.push((owner, vec![index])),
            }
        }
    }
    for (owner, indices) in operands_to_remove {
        let kept: Vec<Value> = (0..rw.ir.num_operands(owner))
            .filter(|i| !indices.contains(i))
            .map(|i| rw.ir.operand(owner, i))
            .collect();
        rw.ir.set_operands(owner, &kept);
        rw.notify_modified(owner);
    }
    let mut args_to_remove: Vec<(BlockId, Vec<usize>)> = Vec::new();
    let mut erase_results = vec![false; rw.ir.num_results(op)];
    for &value in &to_remove {
        match owner_and_number(rw, value) {
            Some((Owner::Op(_), n)) => erase_results[n] = true,
            Some((Owner::Block(block), n)) => {
                match args_to_remove.iter_mut().find(|(b, _)| *b == block) {
                    Some((_, list)) => list.push(n),
                    None => args_to_remove.push((block, vec![n])),
                }
            }
            None => {}
        }
    }
    for (block, mut indices) in args_to_remove {
        indices.sort_unstable_by(|a, b| b.cmp(a));
        for i in indices {
            rw.ir.erase_argument(block, i);
        }
        if let Some(owner) = rw.ir.block_parent_op(block) {
            rw.notify_modified(owner);
        }
    }
    if erase_results.contains(&true) {
        rw.erase_op_results(op, &erase_results);
    }
    true
}

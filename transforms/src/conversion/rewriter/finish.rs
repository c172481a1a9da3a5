//! The end of a conversion: the casts it inserted reconciled or built by
//! the type converter, erased ops checked and taken out, and the commit.

use super::super::log::{self, Change};
use super::super::type_converter::MaterializationKind;
use super::ConversionRewriter;
use ir::builder::InsertPoint;
use ir::{BlockId, OpId, Type, Value};
use std::collections::HashSet;

impl ConversionRewriter<'_> {
    /// Whether a use by `user` still counts (the user is not erased).
    fn is_live_user(&self, user: OpId) -> bool {
        !self.is_ignored(user)
    }

    /// The first live user of a result of `op`.
    pub(in crate::conversion) fn live_user(&self, op: OpId) -> Option<OpId> {
        self.ir.results(op).find_map(|r| {
            self.ir
                .uses(r)
                .map(|u| u.owner)
                .find(|&u| self.is_live_user(u))
        })
    }

    /// The erased ops with a result still used by a live op, each with the
    /// result index and the user.
    pub(in crate::conversion) fn erased_with_live_users(&self) -> Vec<(OpId, usize, OpId)> {
        let mut out = Vec::new();
        let mut stack = Vec::new();
        let mut inside_erased = self.inside_erased_filter();
        for erased in self.erased.iter() {
            // An op nested in an erased one is walked with it.
            if self.materializations.contains_key(&erased) || inside_erased(erased) {
                continue;
            }
            // The op and everything nested in it.
            stack.push(erased);
            while let Some(op) = stack.pop() {
                for (i, r) in self.ir.results(op).enumerate() {
                    let live = self
                        .ir
                        .uses(r)
                        .map(|u| u.owner)
                        .find(|&u| self.is_live_user(u));
                    if let Some(user) = live {
                        out.push((op, i, user));
                    }
                }
                stack.extend(self.ir.children_rev(op));
            }
        }
        out.sort_unstable();
        out
    }

    /// Whether `op` is a `builtin.unrealized_conversion_cast` not erased.
    fn is_live_cast(&self, op: OpId) -> bool {
        !self.is_erased(op)
            && self.ctx.str(self.ir.op_name(op)) == "builtin.unrealized_conversion_cast"
    }

    /// The cast defining all inputs of `cast`, in order, if one does.
    fn input_cast(&self, cast: OpId) -> Option<OpId> {
        let first = self.ir.operands(cast).next()?;
        let def = self
            .ir
            .defining_op(first)
            .filter(|&d| self.is_live_cast(d))?;
        self.ir
            .results(def)
            .eq(self.ir.operands(cast))
            .then_some(def)
    }

    /// Reconciles the tracked casts as upstream's `reconcileUnrealizedCasts`
    /// does when a conversion ends (a worklist, last first): a cast no live
    /// op uses goes, and a cast whose chain of input casts reaches values
    /// of its own result types is replaced by them. Returns the tracked
    /// casts left, in creation order.
    pub(in crate::conversion) fn reconcile_materializations(
        &mut self,
    ) -> Vec<(OpId, MaterializationKind)> {
        let mut list: Vec<OpId> = self
            .materializations
            .keys()
            .copied()
            .filter(|&op| !self.is_erased(op))
            .collect();
        list.sort();
        let mut members: HashSet<OpId> = list.iter().copied().collect();
        let enqueue_inputs =
            |rw: &Self, cast: OpId, list: &mut Vec<OpId>, members: &mut HashSet<OpId>| {
                // Only the conversion's own casts: one that was in the IR
                // before stays, used or not (upstream's too).
                for v in rw.ir.operands(cast) {
                    let own = |d: &OpId| rw.is_live_cast(*d) && rw.materializations.contains_key(d);
                    if let Some(def) = rw.ir.defining_op(v).filter(own) {
                        if members.insert(def) {
                            list.push(def);
                        }
                    }
                }
            };
        while let Some(cast) = list.pop() {
            members.remove(&cast);
            if self.live_user(cast).is_none() {
                enqueue_inputs(self, cast, &mut list, &mut members);
                self.erase_op(cast);
                continue;
            }
            let results: Vec<Value> = self.ir.results(cast).collect();
            let types: Vec<Type> = results.iter().map(|&r| self.ir.value_type(r)).collect();
            let mut next = Some(cast);
            while let Some(candidate) = next {
                let inputs: Vec<Value> = self.ir.operands(candidate).collect();
                if inputs.iter().any(|&v| self.ir.defining_op(v) == Some(cast)) {
                    break;
                }
                if inputs
                    .iter()
                    .map(|&v| self.ir.value_type(v))
                    .eq(types.iter().copied())
                {
                    enqueue_inputs(self, cast, &mut list, &mut members);
                    for (&r, &v) in results.iter().zip(&inputs) {
                        self.replace_all_uses(r, v);
                    }
                    self.erase_op(cast);
                    break;
                }
                next = self.input_cast(candidate);
            }
        }
        let mut left: Vec<(OpId, MaterializationKind)> = self
            .materializations
            .iter()
            .filter(|(op, _)| !self.is_erased(**op))
            .map(|(&op, m)| (op, m.kind))
            .collect();
        left.sort_by_key(|&(op, _)| op);
        left
    }

    /// Replaces a live materialization by what the type converter builds
    /// for it; whether it could.
    pub(in crate::conversion) fn legalize_materialization(
        &mut self,
        cast: OpId,
        kind: MaterializationKind,
    ) -> bool {
        if self.is_erased(cast) {
            // Built already, with the source materialization it serves.
            return true;
        }
        let Some(converter) = self.converter else {
            return false;
        };
        if kind == MaterializationKind::Source && self.legalize_through_target(cast) {
            return true;
        }
        let types: Vec<Type> = self
            .ir
            .results(cast)
            .map(|r| self.ir.value_type(r))
            .collect();
        let inputs: Vec<Value> = self.ir.operands(cast).collect();
        let loc = self.ir.op_loc(cast);
        let built = self.build(InsertPoint::Before(cast), |b| {
            converter.materialize(kind, b, &types, &inputs, loc)
        });
        let Some(values) = built else {
            return false;
        };
        let results: Vec<Value> = self.ir.results(cast).collect();
        for (r, v) in results.into_iter().zip(values) {
            self.replace_all_uses(r, v);
        }
        self.erase_op(cast);
        self.log.push(log::op_position(self.ir, cast));
        self.ir.detach_op(cast);
        true
    }

    /// A live target materialization from exactly the inputs of `cast`
    /// whose users all come after `cast` (so that what replaces it can be
    /// built where `cast` is).
    /// Only for several inputs (a value converted 1:N, whose target
    /// materialization packs them into one value).
    fn target_of_same_inputs(&self, cast: OpId) -> Option<OpId> {
        if self.ir.num_operands(cast) < 2 {
            return None;
        }
        let first = self.ir.operands(cast).next()?;
        let block = self.ir.op_block(cast)?;
        let mut targets: Vec<OpId> = self
            .ir
            .uses(first)
            .map(|u| u.owner)
            .filter(|&user| {
                user != cast
                    && !self.is_erased(user)
                    && self.ir.op_block(user).is_some()
                    && self
                        .materializations
                        .get(&user)
                        .is_some_and(|m| m.kind == MaterializationKind::Target)
                    && self.ir.operands(user).eq(self.ir.operands(cast))
            })
            .collect();
        targets.sort();
        targets.into_iter().find(|&target| {
            self.ir
                .results(target)
                .flat_map(|r| self.ir.uses(r).map(|u| u.owner).collect::<Vec<_>>())
                .all(|user| self.comes_after(user, cast, block))
        })
    }

    /// Whether `user` is after `op` (in `op`'s block `block`, or nested in
    /// an op after it, or in another block).
    fn comes_after(&self, user: OpId, op: OpId, block: BlockId) -> bool {
        // The ancestor of `user` in `block`, if it has one.
        let mut cur = user;
        loop {
            match self.ir.op_block(cur) {
                Some(b) if b == block => break,
                Some(b) => match self.ir.block_parent_op(b) {
                    Some(parent) => cur = parent,
                    None => return true,
                },
                None => return true,
            }
        }
        let mut next = self.ir.next_op(op);
        while let Some(at) = next {
            if at == cur {
                return true;
            }
            next = self.ir.next_op(at);
        }
        false
    }

    /// Legalizes the source materialization `cast` when the conversion
    /// also built a target materialization from the same values (a memref
    /// argument both kept for an op left as it is and passed to a
    /// converted op): that target's values are built once, where `cast`
    /// is, and `cast` is materialized from them. Upstream's value mapping
    /// resolves both to the one set of values; materializing each from
    /// the inputs would build the same values twice. Whether it applied.
    fn legalize_through_target(&mut self, cast: OpId) -> bool {
        let Some(converter) = self.converter else {
            return false;
        };
        let Some(target) = self.target_of_same_inputs(cast) else {
            return false;
        };
        let checkpoint = self.checkpoint();
        let inputs: Vec<Value> = self.ir.operands(cast).collect();
        let target_types: Vec<Type> = self
            .ir
            .results(target)
            .map(|r| self.ir.value_type(r))
            .collect();
        let types: Vec<Type> = self
            .ir
            .results(cast)
            .map(|r| self.ir.value_type(r))
            .collect();
        let (target_loc, loc) = (self.ir.op_loc(target), self.ir.op_loc(cast));
        let at = InsertPoint::Before(cast);
        let built = self.build(at, |b| {
            converter.materialize(
                MaterializationKind::Target,
                b,
                &target_types,
                &inputs,
                target_loc,
            )
        });
        let Some(shared) = built else {
            self.rollback(checkpoint);
            return false;
        };
        let built = self.build(at, |b| {
            converter.materialize(MaterializationKind::Source, b, &types, &shared, loc)
        });
        let Some(values) = built else {
            self.rollback(checkpoint);
            return false;
        };
        for (op, replacements) in [(target, shared), (cast, values)] {
            let results: Vec<Value> = self.ir.results(op).collect();
            for (r, v) in results.into_iter().zip(replacements) {
                self.replace_all_uses(r, v);
            }
            self.erase_op(op);
            self.log.push(log::op_position(self.ir, op));
            self.ir.detach_op(op);
        }
        true
    }

    /// Marks the tracked cast `cast` as one upstream builds only at the
    /// commit.
    pub(in crate::conversion) fn defer_materialization(&mut self, cast: OpId) {
        if let Some(m) = self.materializations.get_mut(&cast) {
            m.deferred = true;
        }
    }

    /// Puts the IR, undoably, in the state upstream's rewriter holds it in
    /// before the commit, for a diagnostic to print it as upstream does:
    /// replacements are only recorded there, so each operand slot a
    /// replacement of an op's result redirected points at that result
    /// again (the replaced op is still in its block), and the casts built
    /// for replacements of another type, which upstream builds only when
    /// committing, leave the IR when nothing uses them any more.
    pub(in crate::conversion) fn show_uncommitted(&mut self) {
        for index in 0..self.ir.op_capacity() {
            let user = OpId::from_index(index);
            if !self.originals.has_op(user) || self.ir.op_block(user).is_none() {
                continue;
            }
            for slot in 0..self.ir.num_operands(user) {
                let Some(original) = self.original_operand(user, slot) else {
                    continue;
                };
                // Uses of a converted block's arguments wait for the
                // commit too (upstream's `ReplaceBlockArgRewrite`): the
                // old block is detached, so the note shows the argument as
                // an unknown value, as mlir-opt does.
                let in_place = match self.ir.defining_op(original) {
                    Some(def) => self.ir.op_block(def).is_some(),
                    None => true,
                };
                if in_place {
                    self.redirect_operand(user, slot, original);
                }
            }
        }
        let mut unused: Vec<OpId> = self
            .materializations
            .iter()
            .filter(|(&cast, m)| {
                m.deferred
                    && !self.is_erased(cast)
                    && self.ir.op_block(cast).is_some()
                    && self.ir.results(cast).all(|r| !self.ir.has_uses(r))
            })
            .map(|(&cast, _)| cast)
            .collect();
        unused.sort_unstable();
        for cast in unused {
            self.log.push(log::op_position(self.ir, cast));
            self.ir.detach_op(cast);
        }
    }

    /// Takes the erased ops out of their blocks (undoably), so that the IR
    /// reads as it will once committed: what diagnostics print from here
    /// on numbers values as upstream's committed IR does.
    pub(in crate::conversion) fn detach_erased(&mut self) {
        let tops: Vec<OpId> = {
            let mut inside_erased = self.inside_erased_filter();
            self.erased
                .iter_by_index()
                .filter(|&op| self.ir.op_block(op).is_some() && !inside_erased(op))
                .collect()
        };
        for op in tops {
            self.log.push(log::op_position(self.ir, op));
            self.ir.detach_op(op);
        }
    }

    /// Whether an op `op` is nested in is erased.
    fn inside_erased(&self, op: OpId) -> bool {
        let mut cur = self.ir.parent_op(op);
        while let Some(parent) = cur {
            if self.erased.contains(parent) {
                return true;
            }
            cur = self.ir.parent_op(parent);
        }
        false
    }

    /// [`ConversionRewriter::inside_erased`] for many ops while nothing
    /// changes: the answer for the last parent is kept, as the erased ops
    /// of a block come one after the other.
    fn inside_erased_filter(&self) -> impl FnMut(OpId) -> bool + '_ {
        let mut last: Option<(OpId, bool)> = None;
        move |op| {
            let Some(parent) = self.ir.parent_op(op) else {
                return false;
            };
            match last {
                Some((known, inside)) if known == parent => inside,
                _ => {
                    let inside = self.erased.contains(parent) || self.inside_erased(parent);
                    last = Some((parent, inside));
                    inside
                }
            }
        }
    }

    /// Makes the changes final: erased ops and detached blocks leave the
    /// IR, and the log is dropped.
    pub(in crate::conversion) fn commit(mut self) {
        let doomed: Vec<OpId> = {
            let mut inside_erased = self.inside_erased_filter();
            self.erased
                .iter_by_index()
                .filter(|&op| !inside_erased(op))
                .collect()
        };
        // Drop the operands of everything that goes first, so no erased op
        // still uses another when that one is erased.
        let mut stack = doomed.clone();
        while let Some(op) = stack.pop() {
            self.ir.set_operands(op, &[]);
            stack.extend(self.ir.children_rev(op));
        }
        for op in doomed {
            self.ir.erase_op(op);
        }
        for change in std::mem::take(&mut self.log) {
            if let Change::MovedBlock { block, .. } = change {
                if self.ir.block_region(block).is_none() && self.ir.first_op(block).is_none() {
                    self.ir.erase_block(block);
                }
            }
        }
    }
}

//! The end of a conversion: the casts it inserted reconciled or built by
//! the type converter, erased ops checked and taken out, and the commit.

use super::super::log::{self, Change};
use super::super::type_converter::MaterializationKind;
use super::ConversionRewriter;
use ir::builder::InsertPoint;
use ir::{OpId, Type, Value};
use std::collections::HashSet;

impl ConversionRewriter<'_> {
    /// Whether a use by `user` still counts (the user is not erased).
    fn is_live_user(&self, user: OpId) -> bool {
        !self.is_ignored(user)
    }

    /// The first live user of a result of `op`.
    pub(in crate::conversion) fn live_user(&self, op: OpId) -> Option<OpId> {
        self.ir
            .results(op)
            .flat_map(|r| self.ir.uses(r).map(|u| u.owner).collect::<Vec<_>>())
            .find(|&u| self.is_live_user(u))
    }

    /// The erased ops with a result still used by a live op, each with the
    /// result index and the user.
    pub(in crate::conversion) fn erased_with_live_users(&self) -> Vec<(OpId, usize, OpId)> {
        let mut out = Vec::new();
        for erased in self.erased.iter() {
            // An op nested in an erased one is walked with it.
            if self.materializations.contains_key(&erased) || self.inside_erased(erased) {
                continue;
            }
            // The op and everything nested in it.
            let mut stack = vec![erased];
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
        out.sort();
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
                for v in rw.ir.operands(cast) {
                    if let Some(def) = rw.ir.defining_op(v).filter(|&d| rw.is_live_cast(d)) {
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
        let Some(converter) = self.converter else {
            return false;
        };
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
                // Block arguments are replaced as their signature is
                // converted, upstream too; only op results wait.
                let in_place = self
                    .ir
                    .defining_op(original)
                    .is_some_and(|def| self.ir.op_block(def).is_some());
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
        unused.sort();
        for cast in unused {
            self.log.push(log::op_position(self.ir, cast));
            self.ir.detach_op(cast);
        }
    }

    /// Takes the erased ops out of their blocks (undoably), so that the IR
    /// reads as it will once committed: what diagnostics print from here
    /// on numbers values as upstream's committed IR does.
    pub(in crate::conversion) fn detach_erased(&mut self) {
        let mut tops: Vec<OpId> = self
            .erased
            .iter()
            .filter(|&op| self.ir.op_block(op).is_some() && !self.inside_erased(op))
            .collect();
        tops.sort();
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

    /// Makes the changes final: erased ops and detached blocks leave the
    /// IR, and the log is dropped.
    pub(in crate::conversion) fn commit(mut self) {
        let mut doomed: Vec<OpId> = self
            .erased
            .iter()
            .filter(|&op| !self.inside_erased(op))
            .collect();
        doomed.sort();
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

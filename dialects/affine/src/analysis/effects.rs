//! Whether anything between two ops may read or write what the second
//! accesses (MLIR's `affine::hasNoInterveningEffect` in
//! `Affine/Utils/Utils.cpp`), and the local alias analysis it asks
//! (MLIR's `LocalAliasAnalysis`).
//!
//! In: a start op, an affine read or write after it, and the effect
//! looked for (read or write). Every op on a path from the start to the
//! access is checked (upstream checks an enclosing op of the access
//! whole): an op declaring that effect on memory that may alias the
//! access's memref intervenes, unless it is itself an affine access the
//! dependence check proves apart; an op with unknown effects intervenes;
//! an op with recursive effects is looked into.

use super::access::{affine_analysis_scope, num_common_surrounding_loops, MemRefAccess};
use super::dependence::{check_memref_access_dependence, DependenceResult};
use crate::analysis::access::{is_affine_read, is_affine_write};
use ir::{BlockId, Context, Ir, OpId, OpTraits, Registry, Value, ValueDef};
use ods_runtime::effects::{
    AutomaticAllocationScopeResource, EffectTarget, MemoryEffect, Resource,
};
use ods_runtime::interfaces::ViewLikeOpInterfaceRef;
use ods_transforms::side_effects::EffectQuery;
use std::collections::HashSet;

/// Ops with the `AutomaticAllocationScope` trait (what bounds a
/// `memref.alloca`); the registry does not record the trait.
const AUTOMATIC_ALLOCATION_SCOPE_OPS: &[&str] = &[
    "affine.for",
    "affine.parallel",
    "func.func",
    "gpu.func",
    "llvm.func",
    "memref.alloca_scope",
    "scf.for",
    "scf.forall",
    "scf.parallel",
];

/// Ops implementing `FunctionOpInterface` (what bounds an allocation
/// without a scope of its own).
const FUNCTION_OPS: &[&str] = &["func.func", "gpu.func", "llvm.func"];

/// How deep the search for the values under a view goes (upstream's
/// `maxUnderlyingValueSearchDepth`).
const MAX_UNDERLYING_DEPTH: usize = 10;

/// What the analyses here read: the IR, its attributes and the registry.
#[derive(Clone, Copy)]
pub struct AnalysisCx<'a> {
    /// Attributes and names.
    pub ctx: &'a Context,
    /// Traits and interfaces.
    pub registry: &'a Registry,
    /// The ops.
    pub ir: &'a Ir,
}

impl<'a> AnalysisCx<'a> {
    pub(crate) fn effects(self) -> EffectQuery<'a> {
        EffectQuery {
            ctx: self.ctx,
            registry: self.registry,
            ir: self.ir,
        }
    }

    pub(crate) fn name(self, op: OpId) -> &'a str {
        self.ctx.str(self.ir.op_name(op))
    }

    fn ancestor_named(self, op: OpId, names: &[&str]) -> Option<OpId> {
        let mut cur = self.ir.parent_op(op);
        while let Some(p) = cur {
            if names.contains(&self.name(p)) {
                return Some(p);
            }
            cur = self.ir.parent_op(p);
        }
        None
    }

    /// The values `value` addresses through views (upstream's
    /// `collectUnderlyingAddressValues`; block arguments are their own
    /// underlying values here: upstream also follows branch and region
    /// predecessors).
    fn underlying(
        self,
        value: Value,
        depth: usize,
        seen: &mut HashSet<Value>,
        out: &mut Vec<Value>,
    ) {
        if !seen.insert(value) {
            return;
        }
        if depth == 0 {
            out.push(value);
            return;
        }
        if let Some(op) = self.ir.defining_op(value) {
            if let Some(view) =
                ods_runtime::interface::<ViewLikeOpInterfaceRef>(self.registry, self.ir, op)
            {
                if view.get_view_dest(self.ctx, self.ir) == value {
                    let source = view.get_view_source(self.ctx, self.ir);
                    return self.underlying(source, depth - 1, seen, out);
                }
            }
        }
        out.push(value);
    }

    /// The op bounding where `value`'s allocation lives, when `value` is
    /// the result of an op that allocates it (`Some(None)`: allocated,
    /// no bound found).
    fn allocation_scope(self, value: Value) -> Option<Option<OpId>> {
        let op = self.ir.defining_op(value)?;
        let effects = self.effects().own_effects(op)?;
        let alloc = effects
            .iter()
            .find(|e| e.effect == MemoryEffect::Allocate && e.on == EffectTarget::Result(value))?;
        let names = if alloc.resource == AutomaticAllocationScopeResource::NAME {
            AUTOMATIC_ALLOCATION_SCOPE_OPS
        } else {
            FUNCTION_OPS
        };
        Some(self.ancestor_named(op, names))
    }

    fn is_constant(self, value: Value) -> bool {
        self.ir
            .defining_op(value)
            .is_some_and(|op| self.effects().has_trait(op, OpTraits::CONSTANT_LIKE))
    }

    /// Whether two underlying values may be the same memory (upstream's
    /// `LocalAliasAnalysis::aliasImpl`, "no alias" or not).
    fn may_alias_underlying(self, lhs: Value, rhs: Value) -> bool {
        if lhs == rhs {
            return true;
        }
        let (lc, rc) = (self.is_constant(lhs), self.is_constant(rhs));
        if lc && rc {
            return true;
        }
        if lc {
            return self.allocation_scope(rhs).is_none();
        }
        if rc {
            return self.allocation_scope(lhs).is_none();
        }
        let (la, ra) = (self.allocation_scope(lhs), self.allocation_scope(rhs));
        let (scope, other) = match (la, ra) {
            (Some(_), Some(_)) => return false,
            (None, None) => return true,
            (Some(s), None) => (s, rhs),
            (None, Some(s)) => (s, lhs),
        };
        let Some(scope) = scope else {
            return true;
        };
        let Some(block) = self.ir.value_block(other) else {
            return true;
        };
        let Some(parent) = self.ir.block_parent_op(block) else {
            return true;
        };
        if parent != scope && self.ir.is_ancestor(parent, scope) {
            return false;
        }
        if parent == scope {
            if let ValueDef::Argument { block, .. } = self.ir.value_def(other) {
                let region = self.ir.block_region(block);
                if region.and_then(|r| self.ir.first_block(r)) == Some(block) {
                    return false;
                }
            }
        }
        true
    }

    /// Whether `a` and `b` may be the same memory (upstream's
    /// `!aliasAnalysis.alias(a, b).isNo()`).
    pub fn may_alias(self, a: Value, b: Value) -> bool {
        if a == b {
            return true;
        }
        let (mut la, mut lb) = (Vec::new(), Vec::new());
        self.underlying(a, MAX_UNDERLYING_DEPTH, &mut HashSet::new(), &mut la);
        self.underlying(b, MAX_UNDERLYING_DEPTH, &mut HashSet::new(), &mut lb);
        if la.is_empty() || lb.is_empty() {
            return true;
        }
        la.iter()
            .any(|&x| lb.iter().any(|&y| self.may_alias_underlying(x, y)))
    }

    /// MLIR's `mayHaveEffect`: whether the affine access `src` may touch
    /// what `dst` accesses within the outermost `min_loops` common loops.
    fn may_have_effect(self, src: OpId, dst: OpId, min_loops: usize) -> bool {
        let (Some(sa), Some(da)) = (
            MemRefAccess::of(self.ctx, self.ir, src),
            MemRefAccess::of(self.ctx, self.ir, dst),
        ) else {
            return true;
        };
        if sa.memref != da.memref
            || affine_analysis_scope(self.ctx, self.ir, src)
                != affine_analysis_scope(self.ctx, self.ir, dst)
        {
            return true;
        }
        let common = num_common_surrounding_loops(self.ctx, self.ir, src, dst);
        ((min_loops + 1)..=(common + 1)).rev().any(|depth| {
            check_memref_access_dependence(self.ctx, self.ir, &sa, &da, depth)
                != DependenceResult::NoDependence
        })
    }

    /// Whether `op` (and what it holds) may have `effect` on what the
    /// access `mem_op` (of `memref`) touches after `start`.
    fn op_intervenes(
        self,
        op: OpId,
        start: OpId,
        mem_op: OpId,
        memref: Value,
        effect: MemoryEffect,
    ) -> bool {
        let recursive = self
            .effects()
            .has_trait(op, OpTraits::RECURSIVE_MEMORY_EFFECTS);
        match self.effects().own_effects(op) {
            Some(effects) if !(recursive && effects.is_empty()) => {
                let hits = effects.iter().any(|e| {
                    if e.effect != effect {
                        return false;
                    }
                    match e.on {
                        EffectTarget::Operand(v) | EffectTarget::Result(v) => {
                            v == memref || self.may_alias(v, memref)
                        }
                        EffectTarget::Op => true,
                    }
                });
                if !hits {
                    return false;
                }
                if is_affine_read(self.ctx, self.ir, op) || is_affine_write(self.ctx, self.ir, op) {
                    let min_loops = num_common_surrounding_loops(self.ctx, self.ir, start, mem_op);
                    return self.may_have_effect(op, mem_op, min_loops);
                }
                true
            }
            _ if recursive => self.ir.regions(op).iter().any(|&r| {
                self.ir.region_blocks(r).any(|b| {
                    self.ir
                        .block_ops(b)
                        .any(|o| self.op_intervenes(o, start, mem_op, memref, effect))
                })
            }),
            _ => true,
        }
    }

    /// MLIR's `hasNoInterveningEffect<effect>(start, memOp)`: no op on a
    /// path from `start` to `mem_op` may have `effect` on its memory.
    pub fn has_no_intervening_effect(
        self,
        start: OpId,
        mem_op: OpId,
        effect: MemoryEffect,
    ) -> bool {
        let Some(access) = MemRefAccess::of(self.ctx, self.ir, mem_op) else {
            return false;
        };
        let check = |op: OpId| self.op_intervenes(op, start, mem_op, access.memref, effect);
        !self.any_between(start, mem_op, &check)
    }

    /// Whether `check` holds for an op on a path from `from` to `until`
    /// (upstream's recursion: an enclosing op of `until` in another
    /// region is checked whole).
    fn any_between(self, from: OpId, until: OpId, check: &dyn Fn(OpId) -> bool) -> bool {
        let ir = self.ir;
        let region_of = |op: OpId| ir.op_block(op).and_then(|b| ir.block_region(b));
        if region_of(from) != region_of(until) {
            let Some(parent) = ir.parent_op(until) else {
                return true;
            };
            return self.any_between(from, parent, check) || check(parent);
        }
        let (Some(from_block), Some(until_block)) = (ir.op_block(from), ir.op_block(until)) else {
            return true;
        };
        let mut cur = ir.next_op(from);
        while let Some(op) = cur {
            if op == until {
                break;
            }
            if check(op) {
                return true;
            }
            cur = ir.next_op(op);
        }
        let mut todo: Vec<BlockId> = Vec::new();
        if until_block != from_block {
            todo.extend(successors(ir, from_block));
        }
        let mut done: HashSet<BlockId> = HashSet::new();
        while let Some(b) = todo.pop() {
            if !done.insert(b) {
                continue;
            }
            for op in ir.block_ops(b) {
                if op == until {
                    break;
                }
                if check(op) {
                    return true;
                }
                if Some(op) == ir.terminator(b) {
                    todo.extend(successors(ir, b));
                }
            }
        }
        false
    }
}

fn successors(ir: &Ir, b: BlockId) -> Vec<BlockId> {
    ir.terminator(b)
        .map(|t| ir.successors(t).collect())
        .unwrap_or_default()
}

/// Whether `op` declares `effect` on `value` and nothing else on it
/// (upstream's `hasSingleEffect`).
pub(crate) fn has_single_effect(
    q: EffectQuery<'_>,
    op: OpId,
    value: Value,
    effect: MemoryEffect,
) -> bool {
    let Some(effects) = q.own_effects(op) else {
        return false;
    };
    let mut single = false;
    for e in effects {
        let on = match e.on {
            EffectTarget::Operand(v) | EffectTarget::Result(v) => Some(v),
            EffectTarget::Op => None,
        };
        if on != Some(value) {
            continue;
        }
        single = e.effect == effect;
        if !single {
            return false;
        }
    }
    single
}

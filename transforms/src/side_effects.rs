//! What passes ask of an op's side effects and speculatability (MLIR's
//! `isMemoryEffectFree`, `getEffectsRecursively`, `isSpeculatable` in
//! `SideEffectInterfaces.cpp`), over the generated
//! `MemoryEffectOpInterface` and `ConditionallySpeculatable`.
//!
//! In: an op, the registry (traits, interface tables). Out: yes/no, or
//! the op's effects with those of the ops nested in a
//! `RecursiveMemoryEffects` op (`None`: unknown).

use ir::{Context, Ir, OpId, OpTraits, Registry};
use ods_runtime::effects::{EffectInstance, MemoryEffect};
use ods_runtime::interfaces::{
    ConditionallySpeculatableRef, MemoryEffectOpInterfaceRef, Speculatability,
};

/// The query context every function here needs.
#[derive(Clone, Copy)]
pub struct EffectQuery<'a> {
    /// Where the ops' attributes live.
    pub ctx: &'a Context,
    /// Traits and interface tables.
    pub registry: &'a Registry,
    /// The ops asked about.
    pub ir: &'a Ir,
}

impl<'a> EffectQuery<'a> {
    /// Whether `op` has the trait (false for an unregistered op).
    pub fn has_trait(self, op: OpId, t: OpTraits) -> bool {
        self.registry.traits(self.ir.op_name(op)).contains(t)
    }

    /// Whether `op` is registered.
    pub fn is_registered(self, op: OpId) -> bool {
        self.registry.op(self.ir.op_name(op)).is_some()
    }

    /// The effects `op` declares through `MemoryEffectOpInterface` (`None`:
    /// it does not implement the interface). A core op registered
    /// [`OpTraits::PURE`] without the generated interface
    /// (`builtin.unrealized_conversion_cast`) has none.
    pub fn own_effects(self, op: OpId) -> Option<Vec<EffectInstance>> {
        match ods_runtime::interface::<MemoryEffectOpInterfaceRef>(self.registry, self.ir, op) {
            Some(i) => Some(i.get_effects(self.ctx, self.ir)),
            None if self.has_trait(op, OpTraits::PURE) => Some(Vec::new()),
            None => None,
        }
    }

    /// The ops directly inside `op`'s regions, in order.
    fn nested_ops(self, op: OpId) -> impl Iterator<Item = OpId> + 'a {
        let ir = self.ir;
        ir.regions(op)
            .iter()
            .flat_map(move |&r| ir.region_blocks(r))
            .flat_map(move |b| ir.block_ops(b))
    }

    /// MLIR's `isMemoryEffectFree`: no effects of its own (through the
    /// interface) and, for a `RecursiveMemoryEffects` op, none in the ops
    /// nested in it. An op without the interface that is not recursive has
    /// unknown effects.
    pub fn is_memory_effect_free(self, op: OpId) -> bool {
        let recursive = self.has_trait(op, OpTraits::RECURSIVE_MEMORY_EFFECTS);
        match self.own_effects(op) {
            Some(effects) if !effects.is_empty() => return false,
            Some(_) if !recursive => return true,
            None if !recursive => return false,
            _ => {}
        }
        self.nested_ops(op).all(|n| self.is_memory_effect_free(n))
    }

    /// MLIR's `getEffectsRecursively`: the effects of `op` and of every op
    /// nested in it through `RecursiveMemoryEffects` ops; `None` when one
    /// of them has unknown effects.
    pub fn effects_recursively(self, op: OpId) -> Option<Vec<EffectInstance>> {
        let mut effects = Vec::new();
        let mut pending = vec![op];
        while let Some(op) = pending.pop() {
            let recursive = self.has_trait(op, OpTraits::RECURSIVE_MEMORY_EFFECTS);
            if recursive {
                pending.extend(self.nested_ops(op));
            }
            match self.own_effects(op) {
                Some(own) => effects.extend(own),
                None if !recursive => return None,
                None => {}
            }
        }
        Some(effects)
    }

    /// Whether `op` implements the effect interface and every effect it
    /// declares reads (at least one): what CSE may still merge when no
    /// write comes between.
    pub fn only_reads(self, op: OpId) -> bool {
        self.own_effects(op).is_some_and(|effects| {
            !effects.is_empty() && effects.iter().all(|e| e.effect == MemoryEffect::Read)
        })
    }

    /// Whether `op` may write memory: it declares a write, or its effects
    /// (with those nested through `RecursiveMemoryEffects`) are unknown.
    pub fn may_write(self, op: OpId) -> bool {
        match self.effects_recursively(op) {
            Some(effects) => effects.iter().any(|e| e.effect == MemoryEffect::Write),
            None => true,
        }
    }

    /// MLIR's `isSpeculatable`: the op says it is speculatable, or
    /// recursively speculatable and so is every op nested in it.
    pub fn is_speculatable(self, op: OpId) -> bool {
        let Some(s) =
            ods_runtime::interface::<ConditionallySpeculatableRef>(self.registry, self.ir, op)
        else {
            // A core op registered pure is speculatable.
            return self.has_trait(op, OpTraits::PURE);
        };
        match s.get_speculatability(self.ctx, self.ir) {
            Speculatability::NotSpeculatable => false,
            Speculatability::Speculatable => true,
            Speculatability::RecursivelySpeculatable => {
                self.nested_ops(op).all(|n| self.is_speculatable(n))
            }
        }
    }
}

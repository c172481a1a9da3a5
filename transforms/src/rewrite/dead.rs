//! Which ops can go when nothing uses them (MLIR's `isOpTriviallyDead` and
//! `wouldOpBeTriviallyDead`): no terminators, no symbols, and no effects
//! but reads and allocations of the op's own results, counting the ops
//! nested in a `RecursiveMemoryEffects` op.
//!
//! In: an op, the registry (traits, `MemoryEffectOpInterface`). Out: yes
//! or no.

use ir::{Context, Identifier, Ir, OpId, OpTraits, Registry, Value};
use ods_runtime::effects::{EffectInstance, EffectTarget, MemoryEffect};
use ods_runtime::interface::OpInterface;
use ods_runtime::interfaces::{MemoryEffectOpInterfaceRef, MemoryEffectOpInterfaceTable};
use rustc_hash::FxHashMap;

/// Whether `op` has no uses and could be erased without changing what
/// the program does.
pub fn is_trivially_dead(ctx: &Context, registry: &Registry, ir: &Ir, op: OpId) -> bool {
    DeadCheck::default().is_trivially_dead(ctx, registry, ir, op)
}

/// Whether `op` could be erased if nothing used its results.
pub fn would_be_trivially_dead(ctx: &Context, registry: &Registry, ir: &Ir, op: OpId) -> bool {
    DeadCheck::default().would_be_trivially_dead(ctx, registry, ir, op)
}

/// What the checks need of one op name: looked up once per name.
#[derive(Clone, Copy)]
struct NameFacts<'r> {
    /// Unregistered (it might be a terminator), a terminator or a symbol:
    /// never trivially dead itself.
    kept: bool,
    /// Registered with `RecursiveMemoryEffects`.
    recursive: bool,
    /// Its `MemoryEffectOpInterface` table, when it implements it.
    effects: Option<&'r MemoryEffectOpInterfaceTable>,
}

/// [`would_be_trivially_dead`] and [`is_trivially_dead`] with the
/// registry's answers by op name kept (its traits and effect interface
/// table): a driver asks about tens of thousands of ops of a few dozen
/// names, and each interface lookup is a hash probe.
#[derive(Default)]
pub struct DeadCheck<'r> {
    names: FxHashMap<Identifier, NameFacts<'r>>,
}

impl<'r> DeadCheck<'r> {
    fn facts(&mut self, registry: &'r Registry, name: Identifier) -> NameFacts<'r> {
        *self.names.entry(name).or_insert_with(|| {
            let traits = registry.op(name).map(|i| i.traits);
            NameFacts {
                kept: traits.is_none_or(|t| {
                    t.contains(OpTraits::TERMINATOR) || t.contains(OpTraits::SYMBOL)
                }),
                recursive: traits.is_some_and(|t| t.contains(OpTraits::RECURSIVE_MEMORY_EFFECTS)),
                effects: registry.interface::<MemoryEffectOpInterfaceTable>(name),
            }
        })
    }

    /// [`is_trivially_dead`].
    pub fn is_trivially_dead(
        &mut self,
        ctx: &Context,
        registry: &'r Registry,
        ir: &Ir,
        op: OpId,
    ) -> bool {
        ir.results(op).all(|r| !ir.has_uses(r))
            && self.would_be_trivially_dead(ctx, registry, ir, op)
    }

    /// [`would_be_trivially_dead`].
    pub fn would_be_trivially_dead(
        &mut self,
        ctx: &Context,
        registry: &'r Registry,
        ir: &Ir,
        op: OpId,
    ) -> bool {
        if self.facts(registry, ir.op_name(op)).kept {
            return false;
        }
        // The op itself, then what recursive effects put on `pending` (which
        // stays unallocated for the ops without regions most are).
        let mut pending = Vec::new();
        let mut next = Some(op);
        while let Some(op) = next.take().or_else(|| pending.pop()) {
            let facts = self.facts(registry, ir.op_name(op));
            if facts.recursive {
                for &r in ir.regions(op) {
                    for b in ir.region_blocks(r) {
                        pending.extend(ir.block_ops(b));
                    }
                }
            }
            if let Some(table) = facts.effects {
                let effects =
                    MemoryEffectOpInterfaceRef::from_table(op, table).get_effects(ctx, ir);
                if !harmless(ir, op, &effects) {
                    return false;
                }
                continue;
            }
            if !facts.recursive {
                // No interface: assume effects.
                return false;
            }
        }
        true
    }
}

/// Whether `effects` (of `op`) only read, or allocate `op`'s own results.
fn harmless(ir: &Ir, op: OpId, effects: &[EffectInstance]) -> bool {
    let allocated = |v: Value| {
        effects.iter().any(|e| {
            e.effect == MemoryEffect::Allocate
                && e.on == EffectTarget::Result(v)
                && ir.defining_op(v) == Some(op)
        })
    };
    effects.iter().all(|e| match e.on {
        EffectTarget::Result(v) if allocated(v) => true,
        _ => e.effect == MemoryEffect::Read,
    })
}

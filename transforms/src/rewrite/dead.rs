//! Which ops can go when nothing uses them (MLIR's `isOpTriviallyDead` and
//! `wouldOpBeTriviallyDead`): no terminators, no symbols, and no effects
//! but reads and allocations of the op's own results, counting the ops
//! nested in a `RecursiveMemoryEffects` op.
//!
//! In: an op, the registry (traits, `MemoryEffectOpInterface`). Out: yes
//! or no.

use ir::{Context, Ir, OpId, OpTraits, Registry};
use ods_runtime::effects::{EffectTarget, MemoryEffect};
use ods_runtime::interfaces::MemoryEffectOpInterfaceRef;

/// Whether `op` has no uses and could be erased without changing what
/// the program does.
pub fn is_trivially_dead(ctx: &Context, registry: &Registry, ir: &Ir, op: OpId) -> bool {
    ir.results(op).all(|r| !ir.has_uses(r)) && would_be_trivially_dead(ctx, registry, ir, op)
}

/// Whether `op` could be erased if nothing used its results.
pub fn would_be_trivially_dead(ctx: &Context, registry: &Registry, ir: &Ir, op: OpId) -> bool {
    let Some(info) = registry.op(ir.op_name(op)) else {
        // An unregistered op might be a terminator.
        return false;
    };
    if info.traits.contains(OpTraits::TERMINATOR) || info.traits.contains(OpTraits::SYMBOL) {
        return false;
    }
    // The op itself, then what recursive effects put on `pending` (which
    // stays unallocated for the ops without regions most are).
    let mut pending = Vec::new();
    let mut next = Some(op);
    while let Some(op) = next.take().or_else(|| pending.pop()) {
        let traits = registry.op(ir.op_name(op)).map(|i| i.traits);
        let recursive = traits.is_some_and(|t| t.contains(OpTraits::RECURSIVE_MEMORY_EFFECTS));
        if recursive {
            for &r in ir.regions(op) {
                for b in ir.region_blocks(r) {
                    pending.extend(ir.block_ops(b));
                }
            }
        }
        if let Some(effects) =
            ods_runtime::interface::<MemoryEffectOpInterfaceRef>(registry, ir, op)
        {
            let effects = effects.get_effects(ctx, ir);
            let allocated: Vec<_> = effects
                .iter()
                .filter_map(|e| match (e.effect, e.on) {
                    (MemoryEffect::Allocate, EffectTarget::Result(v))
                        if ir.defining_op(v) == Some(op) =>
                    {
                        Some(v)
                    }
                    _ => None,
                })
                .collect();
            let harmless = effects.iter().all(|e| match e.on {
                EffectTarget::Result(v) if allocated.contains(&v) => true,
                _ => e.effect == MemoryEffect::Read,
            });
            if !harmless {
                return false;
            }
            continue;
        }
        if !recursive {
            // No interface: assume effects.
            return false;
        }
    }
    true
}

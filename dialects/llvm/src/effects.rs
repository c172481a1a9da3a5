//! The memory effects upstream writes in C++ for `llvm.load`,
//! `llvm.store` and `llvm.inline_asm` (`MemoryEffectsOpInterface`, which
//! the spec declares on them): what lets `--canonicalize` erase an unused
//! plain load or an `inline_asm` without side effects, as `mlir-opt-22`.

use ods_runtime::effects::{EffectInstance, EffectTarget, MemoryEffect};
use ods_runtime::ir::{Context, Ir, OpId};
use ods_runtime::op::inherent_attr;
use ods_runtime::Op;

use crate::{InlineAsmOp, LoadOp, StoreOp};

/// `AtomicOrdering::unordered` as the `ordering` attribute stores it.
const UNORDERED: i64 = 1;

/// The effect on the accessed pointer, then (for a volatile access or an
/// atomic one stricter than `unordered`, which synchronizes) a write and
/// a read of any memory.
fn access_effects(
    ctx: &Context,
    ir: &Ir,
    op: OpId,
    addr: usize,
    on_addr: MemoryEffect,
) -> Vec<EffectInstance> {
    let mut effects = vec![EffectInstance::new(
        on_addr,
        EffectTarget::Operand(ir.operand(op, addr)),
    )];
    let volatile = inherent_attr(ctx, ir, op, "volatile_").is_some();
    let ordering = inherent_attr(ctx, ir, op, "ordering")
        .and_then(|a| ods_runtime::pred::integer_attr_value(ctx, a))
        .unwrap_or(0);
    if volatile || ordering > UNORDERED {
        effects.push(EffectInstance::new(MemoryEffect::Write, EffectTarget::Op));
        effects.push(EffectInstance::new(MemoryEffect::Read, EffectTarget::Op));
    }
    effects
}

impl LoadOp {
    /// Reads its address (and any memory when volatile or synchronizing).
    pub fn get_effects(self, ctx: &Context, ir: &Ir) -> Vec<EffectInstance> {
        access_effects(ctx, ir, self.op(), 0, MemoryEffect::Read)
    }
}

impl StoreOp {
    /// Writes its address (and any memory when volatile or synchronizing).
    pub fn get_effects(self, ctx: &Context, ir: &Ir) -> Vec<EffectInstance> {
        access_effects(ctx, ir, self.op(), 1, MemoryEffect::Write)
    }
}

impl InlineAsmOp {
    /// None, unless `has_side_effects`: then a write and a read of any
    /// memory.
    pub fn get_effects(self, ctx: &Context, ir: &Ir) -> Vec<EffectInstance> {
        if inherent_attr(ctx, ir, self.op(), "has_side_effects").is_none() {
            return Vec::new();
        }
        vec![
            EffectInstance::new(MemoryEffect::Write, EffectTarget::Op),
            EffectInstance::new(MemoryEffect::Read, EffectTarget::Op),
        ]
    }
}

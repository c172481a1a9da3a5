//! Memory effects of ops, MLIR's `MemoryEffectOpInterface`.
//!
//! In: what an op's spec declares (`MemoryEffects<[MemRead]>`, `Pure`,
//! `Arg<AnyMemRef, "", [MemWrite]>`). Out: the [`EffectInstance`]s that
//! the generated
//! [`MemoryEffectOpInterface::get_effects`](crate::interfaces::MemoryEffectOpInterface::get_effects)
//! returns, which passes such as dead-code elimination or hoisting read
//! (through the registry, `interface::<MemoryEffectOpInterfaceRef>`) to
//! decide what they may move.

use ir::Value;

/// What an effect does to its resource.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MemoryEffect {
    /// Makes new memory (`MemAlloc`).
    Allocate,
    /// Releases memory (`MemFree`).
    Free,
    /// Reads memory (`MemRead`).
    Read,
    /// Writes memory (`MemWrite`).
    Write,
}

/// A resource effects act on. Dialects name their own with a unit struct
/// implementing this trait (ODS `Resource<"path::To::Struct">`).
pub trait Resource {
    /// The resource's name, as MLIR prints it in effect debugging output.
    const NAME: &'static str;
}

/// Memory in general: what an effect acts on when the spec names no
/// resource.
#[derive(Clone, Copy, Debug)]
pub struct DefaultResource;

impl Resource for DefaultResource {
    const NAME: &'static str = "<Default>";
}

/// The stack of the nearest `AutomaticAllocationScope` op (what
/// `memref.alloca` allocates from).
#[derive(Clone, Copy, Debug)]
pub struct AutomaticAllocationScopeResource;

impl Resource for AutomaticAllocationScopeResource {
    const NAME: &'static str = "AutomaticAllocationScope";
}

/// What an effect is on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EffectTarget {
    /// The op itself, not a particular value (effects from a
    /// `MemoryEffects<[...]>` trait).
    Op,
    /// An operand (`Arg<..., "", [MemRead]>`): the memory it points to.
    Operand(Value),
    /// A result (`Res<..., "", [MemAlloc]>`): the memory it points to.
    Result(Value),
}

/// One effect of one op.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct EffectInstance {
    /// What the effect does.
    pub effect: MemoryEffect,
    /// What it is on.
    pub on: EffectTarget,
    /// [`Resource::NAME`] of the resource it acts on.
    pub resource: &'static str,
    /// When it happens relative to the op's other effects (lower first).
    pub stage: i64,
    /// Whether it acts on the whole of the value's memory (`FullEffect`)
    /// rather than maybe only part of it.
    pub full: bool,
}

impl EffectInstance {
    /// An effect at stage 0 on part of the default resource.
    pub fn new(effect: MemoryEffect, on: EffectTarget) -> Self {
        EffectInstance {
            effect,
            on,
            resource: DefaultResource::NAME,
            stage: 0,
            full: false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn new_is_a_partial_stage_zero_effect_on_default_memory() {
        let e = EffectInstance::new(MemoryEffect::Read, EffectTarget::Op);
        assert_eq!(e.resource, "<Default>");
        assert_eq!((e.stage, e.full), (0, false));
        assert_ne!(
            DefaultResource::NAME,
            AutomaticAllocationScopeResource::NAME
        );
    }
}

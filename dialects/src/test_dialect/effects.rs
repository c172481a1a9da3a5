//! The memory effects of upstream's `test.side_effect_op`, read from its
//! discardable `effects` attribute as upstream's test dialect reads them:
//! each dictionary of the array is one effect, its `effect` string the
//! kind, `on_result` putting it on the op's result, and a unit entry
//! `test_resource` or `test_nonaddressable_resource` choosing the
//! resource. Entries that are not of that shape add no effect.

use super::SideEffectOp;
use ods_runtime::effects::{EffectInstance, EffectTarget, MemoryEffect};
use ods_runtime::ir::{AttrKind, Context, Ir};
use ods_runtime::op::dict_get;
use ods_runtime::Op;

/// The resource `test_resource` names.
const TEST_RESOURCE: &str = "<Test>";
/// The resource `test_nonaddressable_resource` names.
const TEST_NONADDRESSABLE_RESOURCE: &str = "<TestNonAddressable>";

impl SideEffectOp {
    /// `MemoryEffectOpInterface::getEffects`: one effect per entry of the
    /// `effects` attribute, none without it.
    pub fn get_effects(self, ctx: &Context, ir: &Ir) -> Vec<EffectInstance> {
        let op = self.op();
        let Some(list) = ir.attrs(op).and_then(|a| dict_get(ctx, a, "effects")) else {
            return Vec::new();
        };
        let AttrKind::Array(entries) = ctx.attr_kind(list) else {
            return Vec::new();
        };
        entries
            .iter()
            .filter_map(|&entry| {
                let kind = dict_get(ctx, entry, "effect")?;
                let AttrKind::String { value, .. } = ctx.attr_kind(kind) else {
                    return None;
                };
                let effect = match &value[..] {
                    b"read" => MemoryEffect::Read,
                    b"write" => MemoryEffect::Write,
                    b"allocate" => MemoryEffect::Allocate,
                    b"free" => MemoryEffect::Free,
                    _ => return None,
                };
                let on = match (dict_get(ctx, entry, "on_result"), ir.results(op).next()) {
                    (Some(_), Some(result)) => EffectTarget::Result(result),
                    _ => EffectTarget::Op,
                };
                let mut instance = EffectInstance::new(effect, on);
                if dict_get(ctx, entry, "test_resource").is_some() {
                    instance.resource = TEST_RESOURCE;
                } else if dict_get(ctx, entry, "test_nonaddressable_resource").is_some() {
                    instance.resource = TEST_NONADDRESSABLE_RESOURCE;
                }
                Some(instance)
            })
            .collect()
    }
}

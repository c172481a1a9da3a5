//! Memory-effect codegen: an op's effect traits (`MemoryEffects<[...]>`,
//! `NoMemoryEffect`, `Pure`) and effect-decorated operands and results
//! (`Arg<AnyMemRef, "", [MemRead]>`) in, its
//! `MemoryEffectOpInterface::get_effects` method out (the interface is the
//! standard library's, `ods_runtime::interfaces`).
//!
//! As in MLIR, an op has the interface when it declares an effect trait or
//! decorates a value with an effect; otherwise nothing is generated and a
//! pass finds no interface on the op ("unknown" effects). The list keeps declaration
//! order: trait effects (on the op), then operands, then results, one
//! entry per value of a variadic group. Only the memory-effect family
//! (`::ods_runtime::effects::MemoryEffect`) is generated; effects of other
//! families are left out.

use proc_macro2::{Literal, TokenStream};
use quote::quote;

use super::op_info::rt::*;
use super::op_info::OpInfo;
use super::snippets::code;
use crate::model::{EffectModel, OpModel, VarKind};

const MEMORY_EFFECT: &str = "::ods_runtime::effects::MemoryEffect";

fn is_memory_effect(e: &EffectModel) -> bool {
    e.effect
        .strip_prefix(MEMORY_EFFECT)
        .is_some_and(|rest| rest.starts_with("::"))
}

/// One `EffectInstance` expression, `on` being an `EffectTarget`.
fn instance(e: &EffectModel, on: TokenStream) -> Result<TokenStream, String> {
    let effect = code(&e.effect, "effect")?;
    let resource = code(&e.resource, "resource")?;
    let stage = Literal::i64_unsuffixed(e.stage);
    let full = e.full;
    Ok(quote! {
        #RT::effects::EffectInstance {
            effect: #effect,
            on: #on,
            resource: <#resource as #RT::effects::Resource>::NAME,
            stage: #stage,
            full: #full,
        }
    })
}

/// Whether the generated code implements `MemoryEffectOpInterface` for
/// `op` (it has memory-effect traits or decorated values).
pub(crate) fn has_generated_effects(op: &OpModel) -> bool {
    op.effects.iter().any(|t| t.base_effect == MEMORY_EFFECT)
        || op
            .operands
            .iter()
            .chain(&op.results)
            .any(|v| v.effects.iter().any(is_memory_effect))
}

/// `fn get_effects` of `MemoryEffectOpInterface` for `info`'s op, or
/// `None` when [`has_generated_effects`] says there is none.
pub(crate) fn effects_method(info: &OpInfo) -> Result<Option<TokenStream>, String> {
    let op = info.op;
    if !has_generated_effects(op) {
        return Ok(None);
    }
    let traits: Vec<_> = op
        .effects
        .iter()
        .filter(|t| t.base_effect == MEMORY_EFFECT)
        .collect();
    let mut statics = Vec::new();
    for e in traits.iter().flat_map(|t| &t.effects) {
        statics.push(instance(e, quote!(#RT::effects::EffectTarget::Op))?);
    }
    let mut per_value = Vec::new();
    let (mut uses_ctx, mut uses_ir) = (false, false);
    for results in [false, true] {
        let (target, get, all) = if results {
            (quote!(Result), quote!(result), quote!(results))
        } else {
            (quote!(Operand), quote!(operand), quote!(operands))
        };
        for (i, v) in info.values(results).iter().enumerate() {
            let effects: Vec<_> = v.effects.iter().filter(|e| is_memory_effect(e)).collect();
            if effects.is_empty() {
                continue;
            }
            uses_ir = true;
            let grouped = info.has_groups(results);
            uses_ctx |= grouped && info.group_needs_ctx(results);
            let pushes = effects
                .iter()
                .map(|e| {
                    let inst = instance(e, quote!(#RT::effects::EffectTarget::#target(v)))?;
                    Ok(quote!(out.push(#inst);))
                })
                .collect::<Result<Vec<_>, String>>()?;
            if !grouped && v.kind == VarKind::Single {
                let idx = Literal::usize_unsuffixed(i);
                per_value.push(quote! {
                    let v = ir.#get(self.0, #idx);
                    #(#pushes)*
                });
            } else {
                let range = info.group_range(results, i);
                per_value.push(quote! {
                    let group = #range;
                    for v in ir.#all(self.0).skip(group.start).take(group.len()) {
                        #(#pushes)*
                    }
                });
            }
        }
    }
    let ctx = if uses_ctx { quote!(ctx) } else { quote!(_ctx) };
    let ir = if uses_ir { quote!(ir) } else { quote!(_ir) };
    let init = if statics.is_empty() {
        quote!(#RT_VEC::new())
    } else {
        quote!(#RT_VEC::from([#(#statics),*]))
    };
    let body = if per_value.is_empty() {
        init
    } else {
        quote! {
            let mut out = #init;
            #(#per_value)*
            out
        }
    };
    Ok(Some(quote! {
        fn get_effects(self, #ctx: &#RT_CONTEXT, #ir: &#RT_IR) -> #RT_VEC<#RT::effects::EffectInstance> {
            #body
        }
    }))
}

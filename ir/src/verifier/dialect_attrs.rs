//! The verifier's calls of the dialects' attribute hooks
//! ([`crate::registry::DialectAttrVerifiers`]).
//!
//! In: an op being entered by the verifier walk. Out: the first error a
//! hook reports. MLIR calls `verifyOperationAttribute` for each
//! discardable attribute on entering an op, before the op's own
//! invariants; and `verifyRegionArgAttribute` /
//! `verifyRegionResultAttribute` for each entry of a function-like op's
//! `arg_attrs` / `res_attrs` from `FunctionOpInterface`'s check. Here the
//! latter run right after the op's traits (where that check is), on the
//! arrays of the names the interface uses.

use crate::attributes::{AttrKind, Attribute, NamedAttribute};
use crate::context::Context;
use crate::graph::{Ir, OpId};
use crate::registry::{OpInfo, Registry, VerifyError};

use super::NameCache;

/// `verifyOperationAttribute` on each discardable attribute of `op` (its
/// dictionary `attrs`) whose dialect registered it, in dictionary (name)
/// order. Each name's hook is found by its text once, then read from
/// `names`.
pub(super) fn verify_op_attrs(
    ctx: &Context,
    ir: &Ir,
    registry: &Registry,
    op: OpId,
    attrs: Attribute,
    names: &mut NameCache,
) -> Result<(), VerifyError> {
    for attr in entries(ctx, Some(attrs)) {
        let i = attr.name.0 as usize;
        let hook = match names.attr_hooks.get(i) {
            Some(&Some(hook)) => hook,
            _ => {
                let hook = registry
                    .attr_verifiers_for(ctx, attr.name)
                    .and_then(|v| v.operation);
                if i >= names.attr_hooks.len() {
                    names.attr_hooks.resize(i + 1, None);
                }
                names.attr_hooks[i] = Some(hook);
                hook
            }
        };
        if let Some(hook) = hook {
            hook(ctx, ir, op, *attr)?;
        }
    }
    Ok(())
}

/// The region argument and result hooks on the `arg_attrs` and `res_attrs`
/// of `op` (function-like ops name them so; an op whose inherent
/// attributes lack them has none). Region 0, as `FunctionOpInterface`
/// passes.
pub(super) fn verify_region_attrs(
    ctx: &Context,
    ir: &Ir,
    registry: &Registry,
    op: OpId,
    info: &OpInfo,
) -> Result<(), VerifyError> {
    let declares = |name: &str| info.inherent_attrs.is_some_and(|a| a.contains(&name));
    for (name, results) in [("arg_attrs", false), ("res_attrs", true)] {
        if !declares(name) {
            continue;
        }
        let Some(array) = inherent(ctx, ir, op, name) else {
            continue;
        };
        let AttrKind::Array(dicts) = ctx.attr_kind(array) else {
            continue;
        };
        for (index, &dict) in dicts.iter().enumerate() {
            for attr in entries(ctx, Some(dict)) {
                let Some(verifiers) = registry.attr_verifiers_for(ctx, attr.name) else {
                    continue;
                };
                let hook = match results {
                    false => verifiers.region_arg,
                    true => verifiers.region_result,
                };
                if let Some(hook) = hook {
                    hook(ctx, ir, op, 0, index, *attr)?;
                }
            }
        }
    }
    Ok(())
}

/// The entries of a dictionary attribute (none for anything else).
fn entries(ctx: &Context, dict: Option<Attribute>) -> &[NamedAttribute] {
    match dict.map(|d| ctx.attr_kind(d)) {
        Some(AttrKind::Dictionary(entries)) => entries,
        _ => &[],
    }
}

/// Inherent attribute `name` of `op`: from its properties, else from its
/// attribute dictionary (generic IR written before properties).
fn inherent(ctx: &Context, ir: &Ir, op: OpId, name: &str) -> Option<Attribute> {
    [ir.props(op), ir.attrs(op)]
        .into_iter()
        .flat_map(|d| entries(ctx, d))
        .find(|e| ctx.str(e.name) == name)
        .map(|e| e.value)
}

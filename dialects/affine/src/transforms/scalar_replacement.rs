//! `--affine-scalrep` (upstream's `AffineScalarReplacement.cpp` over
//! `affineScalarReplace` in `Affine/Utils/Utils.cpp`): affine loads
//! replaced by the value a store or an earlier load left in memory, dead
//! stores removed, and memrefs left with only stores freed.
//!
//! On each `func.func` (the pass's anchor upstream; on a module it runs
//! on the functions directly in it, as `mlir-opt`'s implicit nesting
//! does), in upstream's four steps:
//!
//! 1. Store-to-load forwarding: a load takes the stored value of a store
//!    to the same element ([`MemRefAccess::same_element`]) that
//!    dominates it, reaches it at the innermost common loop (a
//!    dependence at that depth), and is not overwritten in between
//!    ([`AnalysisCx::has_no_intervening_effect`]); value types must match
//!    (vector accesses).
//! 2. Dead stores: a store to the same element as a later store of the
//!    same region that post-dominates it, with no read in between, goes.
//! 3. A memref forwarded from, allocated in the function and used only by
//!    affine stores and frees, goes with its users.
//! 4. Redundant loads: a load takes the value of a dominating load of the
//!    same element with no write in between (the one that dominates the
//!    other candidates).
//!
//! Loads are visited in program order; replaced ops are erased after
//! each step, as upstream's.

use crate::analysis::access::{is_affine_read, is_affine_write, MemRefAccess};
use crate::analysis::dominance::{dominates, post_dominates};
use crate::analysis::effects::AnalysisCx;
use ir::{Diagnostic, Ir, OpId, Value};
use ods_runtime::effects::{EffectTarget, MemoryEffect};
use ods_transforms::pass::{Pass, PassCx, PassInfo, PassRegistry};
use ods_transforms::side_effects::EffectQuery;
use std::collections::HashSet;

/// Registers `affine-scalrep`.
pub fn register(registry: &mut PassRegistry) {
    registry.register(PassInfo {
        name: "affine-scalrep",
        summary: "Replace affine memref accesses by scalars by forwarding stores to loads and eliminating redundant loads",
        options: &[],
        create: |_| Box::new(AffineScalarReplacement),
    });
}

struct AffineScalarReplacement;

impl Pass for AffineScalarReplacement {
    fn run(&mut self, cx: &mut PassCx<'_>, op: OpId) -> Result<(), Vec<Diagnostic>> {
        let funcs: Vec<OpId> = if cx.ctx.str(cx.ir.op_name(op)) == "func.func" {
            vec![op]
        } else {
            cx.ir
                .regions(op)
                .iter()
                .flat_map(|&r| cx.ir.region_blocks(r).collect::<Vec<_>>())
                .flat_map(|b| cx.ir.block_ops(b).collect::<Vec<_>>())
                .filter(|&o| cx.ctx.str(cx.ir.op_name(o)) == "func.func")
                .collect()
        };
        for f in funcs {
            affine_scalar_replace(cx, f);
        }
        Ok(())
    }

    fn display_name(&self) -> Option<&'static str> {
        Some("AffineScalarReplacement")
    }

    fn anchor(&self) -> Option<&'static str> {
        Some("func.func")
    }

    fn analyses(&self) -> &'static [&'static str] {
        &["DominanceInfo", "PostDominanceInfo"]
    }
}

/// Every op nested in `op`, in program order (an op before the ops it
/// holds; loads and stores hold none, so their order is upstream's walk).
fn nested_ops(ir: &Ir, op: OpId) -> Vec<OpId> {
    let mut out = Vec::new();
    let mut stack: Vec<OpId> = Vec::new();
    let push_children = |o: OpId, stack: &mut Vec<OpId>| {
        let mut children: Vec<OpId> = Vec::new();
        for &r in ir.regions(o) {
            for b in ir.region_blocks(r) {
                children.extend(ir.block_ops(b));
            }
        }
        stack.extend(children.into_iter().rev());
    };
    push_children(op, &mut stack);
    while let Some(o) = stack.pop() {
        out.push(o);
        push_children(o, &mut stack);
    }
    out
}

/// The ops using `value`, in use order, each once.
fn users(ir: &Ir, value: Value) -> Vec<OpId> {
    let mut seen = HashSet::new();
    ir.uses(value)
        .map(|u| u.owner)
        .filter(|&o| seen.insert(o))
        .collect()
}

/// Upstream's `affineScalarReplace` on one function.
fn affine_scalar_replace(cx: &mut PassCx<'_>, func: OpId) {
    // Step 1: store-to-load forwarding.
    let mut to_erase: Vec<OpId> = Vec::new();
    let mut memrefs: Vec<Value> = Vec::new();
    let loads: Vec<OpId> = nested_ops(cx.ir, func)
        .into_iter()
        .filter(|&o| is_affine_read(cx.ctx, cx.ir, o))
        .collect();
    for load in loads {
        let a = AnalysisCx {
            ctx: cx.ctx,
            registry: cx.registry,
            ir: cx.ir,
        };
        if let Some((stored, memref)) = forwarded_store_value(a, load) {
            let loaded = cx.ir.result(load, 0);
            cx.ir.replace_all_uses(loaded, stored);
            if !memrefs.contains(&memref) {
                memrefs.push(memref);
            }
            to_erase.push(load);
        }
    }
    erase_all(cx.ir, &mut to_erase);

    // Step 2: stores overwritten before any read.
    let stores: Vec<OpId> = nested_ops(cx.ir, func)
        .into_iter()
        .filter(|&o| is_affine_write(cx.ctx, cx.ir, o))
        .collect();
    {
        let a = AnalysisCx {
            ctx: cx.ctx,
            registry: cx.registry,
            ir: cx.ir,
        };
        to_erase.extend(stores.into_iter().filter(|&s| is_unused_store(a, s)));
    }
    erase_all(cx.ir, &mut to_erase);

    // Step 3: memrefs left with only stores and frees.
    for memref in memrefs {
        erase_if_only_stored(cx, memref);
    }

    // Step 4: loads of what an earlier load read.
    let loads: Vec<OpId> = nested_ops(cx.ir, func)
        .into_iter()
        .filter(|&o| is_affine_read(cx.ctx, cx.ir, o))
        .collect();
    for load in loads {
        let a = AnalysisCx {
            ctx: cx.ctx,
            registry: cx.registry,
            ir: cx.ir,
        };
        if let Some(earlier) = earlier_load_value(a, load) {
            let loaded = cx.ir.result(load, 0);
            cx.ir.replace_all_uses(loaded, earlier);
            to_erase.push(load);
        }
    }
    erase_all(cx.ir, &mut to_erase);
}

fn erase_all(ir: &mut Ir, ops: &mut Vec<OpId>) {
    for op in ops.drain(..) {
        ir.erase_op(op);
    }
}

/// Upstream's `forwardStoreToLoad`: the value to forward to `load` and
/// its memref.
fn forwarded_store_value(a: AnalysisCx<'_>, load: OpId) -> Option<(Value, Value)> {
    let dst = MemRefAccess::of(a.ctx, a.ir, load)?;
    let mut last_writer: Option<OpId> = None;
    for store in users(a.ir, dst.memref) {
        if !is_affine_write(a.ctx, a.ir, store) {
            continue;
        }
        let Some(src) = MemRefAccess::of(a.ctx, a.ir, store) else {
            continue;
        };
        if !src.same_element(&dst, a.ctx, a.ir)
            || !dominates(a.ir, store, load)
            || !must_reach_at_innermost(a, &src, &dst)
            || !a.has_no_intervening_effect(store, load, MemoryEffect::Write)
        {
            continue;
        }
        last_writer = Some(store);
    }
    let stored = a.ir.operand(last_writer?, 0);
    let loaded = a.ir.result(load, 0);
    (a.ir.value_type(stored) == a.ir.value_type(loaded)).then_some((stored, dst.memref))
}

/// Upstream's `mustReachAtInnermost`: a dependence from `src` to `dst`
/// inside their innermost common loop.
fn must_reach_at_innermost(a: AnalysisCx<'_>, src: &MemRefAccess, dst: &MemRefAccess) -> bool {
    use crate::analysis::access::{affine_analysis_scope, num_common_surrounding_loops};
    use crate::analysis::dependence::{check_memref_access_dependence, DependenceResult};
    if affine_analysis_scope(a.ctx, a.ir, src.op) != affine_analysis_scope(a.ctx, a.ir, dst.op) {
        return false;
    }
    let common = num_common_surrounding_loops(a.ctx, a.ir, src.op, dst.op);
    check_memref_access_dependence(a.ctx, a.ir, src, dst, common + 1)
        == DependenceResult::HasDependence
}

/// Upstream's `findUnusedStore`: whether a later store of the same region
/// to the same element post-dominates `store` with no read in between.
fn is_unused_store(a: AnalysisCx<'_>, store: OpId) -> bool {
    let Some(dst) = MemRefAccess::of(a.ctx, a.ir, store) else {
        return false;
    };
    let region = |op: OpId| a.ir.op_block(op).and_then(|b| a.ir.block_region(b));
    users(a.ir, dst.memref).into_iter().any(|other| {
        if other == store || !is_affine_write(a.ctx, a.ir, other) || region(other) != region(store)
        {
            return false;
        }
        let Some(src) = MemRefAccess::of(a.ctx, a.ir, other) else {
            return false;
        };
        src.same_element(&dst, a.ctx, a.ir)
            && post_dominates(a.ir, other, store)
            && a.has_no_intervening_effect(store, other, MemoryEffect::Read)
    })
}

/// Whether `op` declares `effect` on `value` and nothing else on it
/// (upstream's `hasSingleEffect`).
fn has_single_effect(q: EffectQuery<'_>, op: OpId, value: Value, effect: MemoryEffect) -> bool {
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

/// Erases `memref` with its users when it is allocated here and only
/// stored to and freed.
fn erase_if_only_stored(cx: &mut PassCx<'_>, memref: Value) {
    let Some(def) = cx.ir.defining_op(memref) else {
        return;
    };
    let q = EffectQuery {
        ctx: cx.ctx,
        registry: cx.registry,
        ir: cx.ir,
    };
    if !has_single_effect(q, def, memref, MemoryEffect::Allocate) {
        return;
    }
    let users = users(cx.ir, memref);
    let only_stores = users.iter().all(|&u| {
        is_affine_write(cx.ctx, cx.ir, u) || has_single_effect(q, u, memref, MemoryEffect::Free)
    });
    // A user whose results are still used cannot go (upstream's verified
    // input has none: stores and frees define nothing).
    let results_used = users
        .iter()
        .any(|&u| cx.ir.results(u).any(|r| cx.ir.has_uses(r)));
    if !only_stores || results_used {
        return;
    }
    for u in users {
        cx.ir.erase_op(u);
    }
    cx.ir.erase_op(def);
}

/// Upstream's `loadCSE`: the value of an earlier load of the same
/// element with no write in between, the one that dominates the others.
fn earlier_load_value(a: AnalysisCx<'_>, load: OpId) -> Option<Value> {
    let dst = MemRefAccess::of(a.ctx, a.ir, load)?;
    let ty = a.ir.value_type(a.ir.result(load, 0));
    let mut candidates: Vec<OpId> = Vec::new();
    for other in users(a.ir, dst.memref) {
        if other == load || !is_affine_read(a.ctx, a.ir, other) {
            continue;
        }
        let Some(src) = MemRefAccess::of(a.ctx, a.ir, other) else {
            continue;
        };
        if !src.same_element(&dst, a.ctx, a.ir)
            || !dominates(a.ir, other, load)
            || !a.has_no_intervening_effect(other, load, MemoryEffect::Write)
            || a.ir.value_type(a.ir.result(other, 0)) != ty
        {
            continue;
        }
        candidates.push(other);
    }
    let best = candidates
        .iter()
        .copied()
        .find(|&c| candidates.iter().all(|&d| d == c || dominates(a.ir, c, d)))?;
    Some(a.ir.result(best, 0))
}

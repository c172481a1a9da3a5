//! `--reconcile-unrealized-casts` (upstream's
//! `ReconcileUnrealizedCastsPass`): removes the
//! `builtin.unrealized_conversion_cast` ops a chain of conversions left
//! behind where they cancel out. A cast with no users goes; a cast whose
//! chain of input casts reaches values of its own result types is replaced
//! by those values. Casts that still convert a value a user needs stay
//! (the pass does not fail on them).

use crate::pass::{Pass, PassCx, PassInfo, PassRegistry};
use ir::{Context, Diagnostic, Ir, OpId, Type, Value};
use std::collections::HashSet;

const CAST: &str = "builtin.unrealized_conversion_cast";

/// Registers `reconcile-unrealized-casts`.
pub fn register(registry: &mut PassRegistry) {
    registry.register(PassInfo {
        name: "reconcile-unrealized-casts",
        summary: "Simplify and eliminate unrealized conversion casts",
        options: &[],
        create: |_| Box::new(ReconcileUnrealizedCasts),
    });
}

struct ReconcileUnrealizedCasts;

impl Pass for ReconcileUnrealizedCasts {
    fn run(&mut self, cx: &mut PassCx<'_>, op: OpId) -> Result<(), Vec<Diagnostic>> {
        reconcile_unrealized_casts(cx.ctx, cx.ir, op);
        Ok(())
    }

    fn display_name(&self) -> Option<&'static str> {
        Some("ReconcileUnrealizedCastsPass")
    }
}

/// The casts under `root`, in walk order (nested ops before the op
/// holding them, as MLIR's default post-order walk).
fn casts_under(ctx: &Context, ir: &Ir, root: OpId) -> Vec<OpId> {
    let mut out = Vec::new();
    // Pre-order of the leaves equals post-order: casts hold no regions.
    let mut stack = vec![root];
    while let Some(op) = stack.pop() {
        if ctx.str(ir.op_name(op)) == CAST {
            out.push(op);
        }
        stack.extend(ir.children_rev(op));
    }
    out
}

/// Folds away the casts under `root` that cancel out, and those no op
/// needs (upstream's `reconcileUnrealizedCasts`, as `mlir-opt-22` runs
/// it).
///
/// Two phases, as upstream: first, from the last cast to the first, the
/// users of a cast whose chain of input casts reaches values of its own
/// result types are pointed at those values (no cast is erased yet, so a
/// later chain may still walk through one already bypassed); then every
/// cast that no op other than a cast uses, directly or through a chain of
/// casts, is erased. What is left is each cast some real user still
/// needs.
pub fn reconcile_unrealized_casts(ctx: &Context, ir: &mut Ir, root: OpId) {
    let casts = casts_under(ctx, ir, root);
    let members: HashSet<OpId> = casts.iter().copied().collect();
    let is_cast = |ir: &Ir, op: OpId| members.contains(&op) && ctx.str(ir.op_name(op)) == CAST;
    // The cast defining all inputs of `op`, in order, if one does.
    let input_cast = |ir: &Ir, op: OpId| -> Option<OpId> {
        let first = ir.operands(op).next()?;
        let def = ir.defining_op(first).filter(|&d| is_cast(ir, d))?;
        ir.results(def).eq(ir.operands(op)).then_some(def)
    };
    for &cast in casts.iter().rev() {
        let results: Vec<Value> = ir.results(cast).collect();
        let result_types: Vec<Type> = results.iter().map(|&r| ir.value_type(r)).collect();
        let mut next = Some(cast);
        while let Some(candidate) = next {
            let inputs: Vec<Value> = ir.operands(candidate).collect();
            if inputs
                .iter()
                .map(|&v| ir.value_type(v))
                .eq(result_types.iter().copied())
            {
                // A cast feeding itself (possible in a graph region)
                // cannot be replaced by its own results.
                if inputs.iter().all(|&v| ir.defining_op(v) != Some(cast)) {
                    for (&r, &v) in results.iter().zip(&inputs) {
                        ir.replace_all_uses(r, v);
                    }
                }
                break;
            }
            next = input_cast(ir, candidate);
        }
    }
    // Live: used by an op that is not one of the casts, or feeding a live
    // cast.
    let mut live: HashSet<OpId> = HashSet::new();
    for &cast in &casts {
        if live.contains(&cast) {
            continue;
        }
        let used_for_real = ir
            .results(cast)
            .any(|r| ir.uses(r).any(|u| !is_cast(ir, u.owner)));
        if !used_for_real {
            continue;
        }
        let mut stack = vec![cast];
        while let Some(op) = stack.pop() {
            if !live.insert(op) {
                continue;
            }
            for v in ir.operands(op) {
                if let Some(def) = ir.defining_op(v).filter(|&d| is_cast(ir, d)) {
                    stack.push(def);
                }
            }
        }
    }
    let dead: Vec<OpId> = casts.into_iter().filter(|c| !live.contains(c)).collect();
    // A dead cast is used by dead casts only: unlink them all, then erase.
    for &cast in &dead {
        ir.set_operands(cast, &[]);
    }
    for cast in dead {
        ir.erase_op(cast);
    }
}

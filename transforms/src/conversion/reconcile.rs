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

/// Folds away the casts under `root` that cancel out, and those unused.
pub fn reconcile_unrealized_casts(ctx: &Context, ir: &mut Ir, root: OpId) {
    let is_cast = |ir: &Ir, op: OpId| ctx.str(ir.op_name(op)) == CAST;
    // A set-vector: the order of the list, membership of the set.
    let mut list = casts_under(ctx, ir, root);
    let mut members: HashSet<OpId> = list.iter().copied().collect();
    let enqueue_inputs = |ir: &Ir, op: OpId, list: &mut Vec<OpId>, members: &mut HashSet<OpId>| {
        for v in ir.operands(op) {
            if let Some(def) = ir.defining_op(v).filter(|&d| is_cast(ir, d)) {
                if members.insert(def) {
                    list.push(def);
                }
            }
        }
    };
    // The cast defining all inputs of `op`, in order, if one does.
    let input_cast = |ir: &Ir, op: OpId| -> Option<OpId> {
        let first = ir.operands(op).next()?;
        let def = ir.defining_op(first).filter(|&d| is_cast(ir, d))?;
        ir.results(def).eq(ir.operands(op)).then_some(def)
    };
    while let Some(cast) = list.pop() {
        members.remove(&cast);
        let results: Vec<Value> = ir.results(cast).collect();
        if results.iter().all(|&r| !ir.has_uses(r)) {
            enqueue_inputs(ir, cast, &mut list, &mut members);
            ir.erase_op(cast);
            continue;
        }
        let result_types: Vec<Type> = results.iter().map(|&r| ir.value_type(r)).collect();
        let mut next = Some(cast);
        while let Some(candidate) = next {
            let inputs: Vec<Value> = ir.operands(candidate).collect();
            // A cast feeding itself (possible in a graph region) cannot
            // be replaced by its own results.
            if inputs.iter().any(|&v| ir.defining_op(v) == Some(cast)) {
                break;
            }
            if inputs
                .iter()
                .map(|&v| ir.value_type(v))
                .eq(result_types.iter().copied())
            {
                enqueue_inputs(ir, cast, &mut list, &mut members);
                for (&r, &v) in results.iter().zip(&inputs) {
                    ir.replace_all_uses(r, v);
                }
                ir.erase_op(cast);
                break;
            }
            next = input_cast(ir, candidate);
        }
    }
}

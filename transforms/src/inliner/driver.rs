//! The SCC-based inliner (MLIR's `Inliner`, `Utils/Inliner.cpp`): over
//! the call graph's strongly connected components, callees first, each
//! one's callables are simplified (the optimization pipeline) and their
//! calls inlined, until nothing more inlines or the iteration limit; a
//! call inlined from a callee is never inlined again into what it came
//! from (the inline history), recursive callees are left alone, a callee
//! with one use left is moved rather than cloned, and dead private
//! callables are erased at the end.

use super::call_graph::{CallGraph, NodeId, Symbols, EXTERNAL, UNKNOWN};
use super::inline::{inline_call, InlineCx};
use super::uses::{parent_op, UseList, View};
use ir::registry::OpTraits;
use ir::{BlockId, Context, Diagnostic, Ir, OpId, RegionId};
use ods_runtime::interfaces::{CallInterfaceCallable, CallOpInterfaceRef};

/// How the inliner runs (MLIR's `InlinerConfig`).
pub struct InlinerConfig<'a> {
    /// Rounds of simplifying and inlining per SCC (`max-iterations`).
    pub max_iterations: u32,
    /// Largest callee/caller op-count ratio, in percent, to inline
    /// (`inlining-threshold`; `u32::MAX`: no limit).
    pub threshold: u32,
    /// Runs the optimization pipeline on a callable op (MLIR's
    /// `runPipelineHelper`); an error stops the inliner.
    #[allow(clippy::type_complexity)]
    pub optimize: &'a mut dyn FnMut(&mut Context, &mut Ir, OpId) -> Result<(), Vec<Diagnostic>>,
}

/// A call, the node it is in, the node it calls.
#[derive(Clone, Copy)]
struct ResolvedCall {
    call: OpId,
    source: NodeId,
    target: NodeId,
}

/// Inlines the calls under `root` (a symbol table).
pub fn inline_calls(
    cx: &mut InlineCx<'_>,
    root: OpId,
    config: &mut InlinerConfig<'_>,
) -> Result<(), Vec<Diagnostic>> {
    let cg = CallGraph::build(cx.ctx, cx.registry, cx.ir, root);
    let mut symbols = Symbols::default();
    let mut uses = {
        let v = view(cx);
        UseList::new(v, &cg, &mut symbols, root)
    };
    let mut state = State {
        cg: &cg,
        symbols,
        uses: &mut uses,
        dead: Vec::new(),
    };
    for mut scc in cg.sccs() {
        let mut iteration = 0;
        loop {
            state.optimize_scc(cx, &scc, config)?;
            if !state.inline_calls_in_scc(cx, &mut scc, config) {
                break;
            }
            iteration += 1;
            if iteration >= config.max_iterations {
                break;
            }
        }
    }
    let ops: Vec<OpId> = {
        let v = view(cx);
        state
            .dead
            .iter()
            .filter_map(|&n| parent_op(v, &cg, n))
            .collect()
    };
    for op in ops {
        cx.ir.erase_op(op);
    }
    Ok(())
}

fn view<'a>(cx: &'a InlineCx<'_>) -> View<'a> {
    View {
        ctx: cx.ctx,
        registry: cx.registry,
        ir: cx.ir,
    }
}

struct State<'g, 'u> {
    cg: &'g CallGraph,
    symbols: Symbols,
    uses: &'u mut UseList,
    /// Callables proven dead, erased at the end (in the order found).
    dead: Vec<NodeId>,
}

impl State<'_, '_> {
    /// Runs the pipeline on the SCC's callables that can have one (no
    /// nested callables, isolated from above), then counts their uses
    /// again.
    fn optimize_scc(
        &mut self,
        cx: &mut InlineCx<'_>,
        scc: &[NodeId],
        config: &mut InlinerConfig<'_>,
    ) -> Result<(), Vec<Diagnostic>> {
        let mut visit = Vec::new();
        for &node in scc {
            if node == EXTERNAL || node == UNKNOWN || self.cg.nodes[node].has_children() {
                continue;
            }
            let Some(op) = parent_op(view(cx), self.cg, node) else {
                continue;
            };
            let traits = cx.registry.traits(cx.ir.op_name(op));
            if !traits.contains(OpTraits::ISOLATED_FROM_ABOVE) {
                continue;
            }
            visit.push((node, op));
        }
        for &(_, op) in &visit {
            (config.optimize)(cx.ctx, cx.ir, op)?;
        }
        for &(node, _) in &visit {
            let v = view(cx);
            self.uses.recompute(v, self.cg, &mut self.symbols, node);
        }
        Ok(())
    }

    /// One round of inlining the calls in the SCC's callables; whether
    /// any call was inlined.
    fn inline_calls_in_scc(
        &mut self,
        cx: &mut InlineCx<'_>,
        scc: &mut Vec<NodeId>,
        config: &InlinerConfig<'_>,
    ) -> bool {
        let mut dead: Vec<NodeId> = Vec::new();
        let mut calls: Vec<ResolvedCall> = Vec::new();
        for &node in scc.iter() {
            if node == EXTERNAL || node == UNKNOWN {
                continue;
            }
            if self.uses.is_dead(view(cx), self.cg, node) {
                if !dead.contains(&node) {
                    dead.push(node);
                }
            } else if let Some(region) = self.cg.nodes[node].region {
                let blocks: Vec<BlockId> = cx.ir.region_blocks(region).collect();
                self.collect_calls(view(cx), &blocks, node, false, &mut calls);
            }
        }
        // Each inlined call's history entry: the callee, and the entry of
        // the call it came from (`None`: a call of the original IR).
        let mut history: Vec<(NodeId, Option<usize>)> = Vec::new();
        let mut call_history: Vec<Option<usize>> = vec![None; calls.len()];
        let mut inlined_any = false;
        let mut i = 0;
        while i < calls.len() {
            let it = calls[i];
            let from = call_history[i];
            i += 1;
            if dead.contains(&it.source) {
                continue;
            }
            if in_history(it.target, from, &history) || !self.should_inline(cx, it, config) {
                continue;
            }
            let Some(region) = self.cg.nodes[it.target].region else {
                continue;
            };
            let Some(callable) = cx.ir.region_op(region) else {
                continue;
            };
            let in_place = self
                .uses
                .has_one_use_and_discardable(view(cx), self.cg, it.target);
            let cg = self.cg;
            let symbols = &mut self.symbols;
            let mut collect = |icx: &InlineCx<'_>, blocks: &[BlockId]| {
                let v = view(icx);
                let Some(first) = blocks.first() else {
                    return;
                };
                // The nearest node around the new blocks: the caller.
                let mut region = v.ir.block_region(*first);
                let node = loop {
                    let Some(r) = region else {
                        break None;
                    };
                    if let Some(n) = cg.lookup(r) {
                        break Some(n);
                    }
                    region =
                        v.ir.region_op(r)
                            .and_then(|op| v.ir.op_block(op))
                            .and_then(|b| v.ir.block_region(b));
                };
                if let Some(node) = node {
                    collect_calls(v, cg, symbols, blocks, node, true, &mut calls);
                }
            };
            if !inline_call(cx, it.call, callable, region, !in_place, &mut collect) {
                continue;
            }
            inlined_any = true;
            history.push((it.target, from));
            let entry = history.len() - 1;
            call_history.resize(calls.len(), Some(entry));
            {
                let v = view(cx);
                self.uses
                    .drop_call_uses(v, self.cg, &mut self.symbols, it.source, it.call);
            }
            self.uses.merge_after_inlining(it.target, it.source);
            // A dialect hook that left a result in use (upstream asserts
            // here) keeps the call rather than a dangling use.
            if !cx.ir.results(it.call).any(|r| cx.ir.has_uses(r)) {
                cx.ir.erase_op(it.call);
            }
            if in_place {
                self.uses.erase(self.cg, it.target);
                if !dead.contains(&it.target) {
                    dead.push(it.target);
                }
            }
        }
        for node in dead {
            scc.retain(|&n| n != node);
            if !self.dead.contains(&node) {
                self.dead.push(node);
            }
        }
        inlined_any
    }

    fn collect_calls(
        &mut self,
        v: View<'_>,
        blocks: &[BlockId],
        node: NodeId,
        nested_nodes: bool,
        calls: &mut Vec<ResolvedCall>,
    ) {
        collect_calls(
            v,
            self.cg,
            &mut self.symbols,
            blocks,
            node,
            nested_nodes,
            calls,
        );
    }

    /// MLIR's `shouldInline`: not a terminator call, not a recursive
    /// callee, not into itself, a body of several blocks only where the
    /// caller's region allows them, and within the size threshold.
    fn should_inline(
        &self,
        cx: &InlineCx<'_>,
        it: ResolvedCall,
        config: &InlinerConfig<'_>,
    ) -> bool {
        let ir = &*cx.ir;
        let traits = cx.registry.traits(ir.op_name(it.call));
        if traits.contains(OpTraits::TERMINATOR) {
            return false;
        }
        if self.cg.nodes[it.target]
            .edges
            .iter()
            .any(|&(t, _)| t == it.target || t == it.source)
        {
            return false;
        }
        let Some(callee_region) = self.cg.nodes[it.target].region else {
            return false;
        };
        if region_is_ancestor(ir, callee_region, it.call) {
            return false;
        }
        let multi_block = ir.region_blocks(callee_region).nth(1).is_some();
        if multi_block {
            let Some(call_parent) = ir.parent_op(it.call) else {
                return false;
            };
            let callee_op = ir.region_op(callee_region);
            let same_kind = callee_op.is_some_and(|c| ir.op_name(c) == ir.op_name(call_parent));
            let parent_name = ir.op_name(call_parent);
            // Unregistered ops might have the trait (MLIR's `mightHaveTrait`).
            let might_be_single_block = cx.registry.op(parent_name).is_none()
                || cx
                    .registry
                    .traits(parent_name)
                    .contains(OpTraits::SINGLE_BLOCK);
            if !same_kind && might_be_single_block {
                return false;
            }
        }
        profitable(cx, it, self.cg, config.threshold)
    }
}

/// Whether the inline history `from` already went through `node`.
fn in_history(node: NodeId, mut from: Option<usize>, history: &[(NodeId, Option<usize>)]) -> bool {
    while let Some(i) = from {
        let Some(&(n, parent)) = history.get(i) else {
            return false;
        };
        if n == node {
            return true;
        }
        from = parent;
    }
    false
}

/// Whether `op` is inside `region` (at any depth).
fn region_is_ancestor(ir: &Ir, region: RegionId, op: OpId) -> bool {
    let mut cur = op;
    loop {
        let Some(r) = ir.op_block(cur).and_then(|b| ir.block_region(b)) else {
            return false;
        };
        if r == region {
            return true;
        }
        match ir.region_op(r) {
            Some(parent) => cur = parent,
            None => return false,
        }
    }
}

/// The inliner pass's cost model: the callee's op count at most
/// `threshold` percent of the caller's.
fn profitable(cx: &InlineCx<'_>, it: ResolvedCall, cg: &CallGraph, threshold: u32) -> bool {
    if threshold == 0 {
        return false;
    }
    if threshold == u32::MAX {
        return true;
    }
    let (Some(caller), Some(callee)) = (cg.nodes[it.source].region, cg.nodes[it.target].region)
    else {
        return false;
    };
    let caller_ops = count_ops(cx.ir, caller);
    if caller_ops == 0 {
        return true;
    }
    let ratio = count_ops(cx.ir, callee) * 100 / caller_ops;
    ratio <= u64::from(threshold)
}

fn count_ops(ir: &Ir, region: RegionId) -> u64 {
    let mut n = 0;
    for b in ir.region_blocks(region) {
        for op in ir.block_ops(b) {
            n += 1;
            for &r in ir.regions(op) {
                n += count_ops(ir, r);
            }
        }
    }
    n
}

/// The calls in `blocks` that resolve to a callable with a body (MLIR's
/// `collectCallOps`): a worklist of blocks, last first; the regions of
/// ops other than calls are looked into, those of nested callables only
/// when `nested_nodes` (their calls are then theirs).
fn collect_calls(
    v: View<'_>,
    cg: &CallGraph,
    symbols: &mut Symbols,
    blocks: &[BlockId],
    node: NodeId,
    nested_nodes: bool,
    calls: &mut Vec<ResolvedCall>,
) {
    let mut worklist: Vec<(BlockId, NodeId)> = blocks.iter().map(|&b| (b, node)).collect();
    while let Some((block, source)) = worklist.pop() {
        for op in v.ir.block_ops(block) {
            if let Some(call) = ods_runtime::interface::<CallOpInterfaceRef>(v.registry, v.ir, op) {
                // Nested references (`@a::@b`) are not inlined.
                if let Some(CallInterfaceCallable::Symbol(s)) =
                    call.get_callable_for_callee(v.ctx, v.ir)
                {
                    if let ir::AttrKind::SymbolRef { nested, .. } = v.ctx.attr_kind(s) {
                        if !nested.is_empty() {
                            continue;
                        }
                    }
                }
                let target = cg.resolve(v.ctx, v.registry, v.ir, symbols, op);
                if target != UNKNOWN && target != EXTERNAL {
                    calls.push(ResolvedCall {
                        call: op,
                        source,
                        target,
                    });
                }
                continue;
            }
            for &r in v.ir.regions(op) {
                let nested = cg.lookup(r);
                if nested_nodes || nested.is_none() {
                    let owner = nested.unwrap_or(source);
                    worklist.extend(v.ir.region_blocks(r).map(|b| (b, owner)));
                }
            }
        }
    }
}

//! `--affine-loop-fusion` (upstream's `LoopFusion.cpp`): loop nests of a
//! block fused producer into consumer, and siblings reading one memref
//! into each other, greedily over the dependence graph
//! ([`super::loop_fusion_graph`]), with slices and a cost model
//! ([`super::loop_fusion_slice`]) and the rewrites
//! ([`super::loop_fusion_rewrite`]).
//!
//! Like upstream, the pass has no anchor: it runs on every block (of the
//! op it is given and the ops in it) that holds two `affine.for` ops or
//! more. The greedy mode fuses producers with one consumer, then
//! siblings, then producers with any number of consumers, and erases
//! allocations left without uses; `mode=producer` and `mode=sibling` run
//! one kind.
//!
//! What is ported (see `docs/dialects/affine.md`): blocks outside any
//! affine loop; nests perfectly nested with constant bounds and unit
//! steps; the slice shapes [`super::loop_fusion_slice`] covers. Where a
//! case falls outside, the candidate pair (or the destination nest) is
//! left as it is, never fused differently.

use super::loop_fusion_cost::{
    additional_compute_fraction, box_extents, memref_info, profitable_depth, region_box,
};
use super::loop_fusion_deps::sinking_keeps_order;
use super::loop_fusion_graph::{Accesses, Graph, GraphCx};
use super::loop_fusion_rewrite::{create_private_memref, fuse_loops, PrivatePlan};
use super::loop_fusion_slice::{access_lins, compute_slice, Nest, Slice, SliceOutcome, Strategy};
use crate::analysis::access::{is_before_in_block, MemRefAccess};
use crate::analysis::effects::has_single_effect;
use ir::{BlockId, Diagnostic, OpId, Value};
use ods_runtime::effects::MemoryEffect;
use ods_transforms::pass::{
    OptionKind, OptionValues, Pass, PassCx, PassInfo, PassOption, PassRegistry,
};
use ods_transforms::side_effects::EffectQuery;

const OPTIONS: &[PassOption] = &[
    PassOption {
        name: "compute-tolerance",
        kind: OptionKind::String,
        summary: "Fractional increase in additional computation tolerated while fusing",
    },
    PassOption {
        name: "fast-mem-space",
        kind: OptionKind::Unsigned,
        summary: "Faster memory space number to promote fusion buffers to",
    },
    PassOption {
        name: "local-buf-threshold",
        kind: OptionKind::Long,
        summary: "Threshold size (KiB) for promoting local buffers to fast memory space",
    },
    PassOption {
        name: "maximal",
        kind: OptionKind::Bool,
        summary: "Enables maximal loop fusion",
    },
    PassOption {
        name: "mode",
        kind: OptionKind::Enum(&["greedy", "producer", "sibling"]),
        summary: "fusion mode to attempt",
    },
];

/// Registers `affine-loop-fusion`.
pub fn register(registry: &mut PassRegistry) {
    registry.register(PassInfo {
        name: "affine-loop-fusion",
        summary: "Fuse affine loop nests",
        options: OPTIONS,
        create: |values| Box::new(LoopFusion::from_options(values)),
    });
}

/// Which fusions to run (upstream's `FusionMode`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    Greedy,
    ProducerConsumer,
    Sibling,
}

/// The pass's options.
#[derive(Clone, Copy, Debug)]
pub(super) struct Options {
    pub(super) compute_tolerance: f64,
    fast_memory_space: Option<u32>,
    local_buf_threshold_bytes: u64,
    pub(super) maximal: bool,
    mode: Mode,
}

struct LoopFusion {
    options: Options,
}

impl LoopFusion {
    fn from_options(values: &OptionValues) -> Self {
        let tolerance = values
            .text("compute-tolerance", "0.30")
            .trim()
            .parse()
            .unwrap_or(0.30);
        let mode = match values.text("mode", "greedy") {
            "producer" => Mode::ProducerConsumer,
            "sibling" => Mode::Sibling,
            _ => Mode::Greedy,
        };
        LoopFusion {
            options: Options {
                compute_tolerance: tolerance,
                fast_memory_space: values
                    .given("fast-mem-space")
                    .then(|| values.unsigned("fast-mem-space", 0)),
                local_buf_threshold_bytes: (values.long("local-buf-threshold", 0).max(0) as u64)
                    .saturating_mul(1024),
                maximal: values.bool("maximal", false),
                mode,
            },
        }
    }
}

impl Pass for LoopFusion {
    fn run(&mut self, cx: &mut PassCx<'_>, op: OpId) -> Result<(), Vec<Diagnostic>> {
        let mut ops = Vec::new();
        super::loop_fusion_graph::post_order(cx.ir, op, &mut ops);
        for o in ops {
            if inside_affine_loop(cx, o) {
                continue;
            }
            let blocks: Vec<BlockId> = cx
                .ir
                .regions(o)
                .iter()
                .flat_map(|&r| cx.ir.region_blocks(r).collect::<Vec<_>>())
                .collect();
            for b in blocks {
                let fors = cx
                    .ir
                    .block_ops(b)
                    .filter(|&x| cx.ctx.str(cx.ir.op_name(x)) == "affine.for")
                    .count();
                if fors >= 2 {
                    run_on_block(cx, b, self.options);
                }
            }
        }
        Ok(())
    }

    fn display_name(&self) -> Option<&'static str> {
        Some("AffineLoopFusion")
    }
}

/// Whether `op`'s regions sit inside an affine loop (fusion there is not
/// ported: the pair would have common surrounding loops).
fn inside_affine_loop(cx: &PassCx<'_>, op: OpId) -> bool {
    let mut cur = Some(op);
    while let Some(p) = cur {
        if matches!(
            cx.ctx.str(cx.ir.op_name(p)),
            "affine.for" | "affine.parallel"
        ) {
            return true;
        }
        cur = cx.ir.parent_op(p);
    }
    false
}

pub(super) fn gcx<'a>(cx: &'a PassCx<'_>) -> GraphCx<'a> {
    GraphCx {
        ctx: cx.ctx,
        registry: cx.registry,
        ir: cx.ir,
    }
}

/// Upstream's `runOnBlock`.
fn run_on_block(cx: &mut PassCx<'_>, block: BlockId, options: Options) {
    let Some(graph) = Graph::build(gcx(cx), block) else {
        return;
    };
    let mut fusion = GreedyFusion { graph, options };
    match options.mode {
        Mode::ProducerConsumer => fusion.fuse_producer_consumer(cx, usize::MAX),
        Mode::Sibling => fusion.fuse_siblings(cx),
        Mode::Greedy => {
            fusion.fuse_producer_consumer(cx, 1);
            fusion.fuse_siblings(cx);
            fusion.fuse_producer_consumer(cx, usize::MAX);
        }
    }
    fusion.erase_unused_allocations(cx);
}

pub(super) struct GreedyFusion {
    pub(super) graph: Graph,
    pub(super) options: Options,
}

/// Upstream's `isEscapingMemref`: a block argument, memory not known to
/// be freshly allocated, or a memref some op of the block uses other than
/// through an affine access.
fn is_escaping(g: GraphCx<'_>, memref: Value, block: BlockId) -> bool {
    let Some(def) = g.ir.defining_op(memref) else {
        return true;
    };
    let q = EffectQuery {
        ctx: g.ctx,
        registry: g.registry,
        ir: g.ir,
    };
    if !has_single_effect(q, def, memref, MemoryEffect::Allocate) {
        return true;
    }
    let Some(region) = g.ir.block_region(block) else {
        return true;
    };
    g.ir.uses(memref).any(|u| {
        let mut top = u.owner;
        loop {
            if g.ir.op_block(top).and_then(|b| g.ir.block_region(b)) == Some(region) {
                break;
            }
            match g.ir.parent_op(top) {
                Some(p) => top = p,
                None => return true,
            }
        }
        if g.ir.op_block(top) != Some(block) {
            return false;
        }
        !is_affine_map_access(g, u.owner)
    })
}

/// Ops implementing `AffineMapAccessInterface`.
pub(super) fn is_affine_map_access(g: GraphCx<'_>, op: OpId) -> bool {
    matches!(
        g.ctx.str(g.ir.op_name(op)),
        "affine.load"
            | "affine.store"
            | "affine.vector_load"
            | "affine.vector_store"
            | "affine.prefetch"
            | "affine.dma_start"
            | "affine.dma_wait"
    )
}

pub(super) fn memref_of(g: GraphCx<'_>, op: OpId) -> Option<Value> {
    MemRefAccess::of(g.ctx, g.ir, op).map(|a| a.memref)
}

impl GreedyFusion {
    fn fuse_producer_consumer(&mut self, cx: &mut PassCx<'_>, max_src_users: usize) {
        let mut worklist = self.graph.ids();
        while let Some(dst) = worklist.pop() {
            self.fuse_into(cx, dst, max_src_users);
        }
    }

    /// Upstream's `getProducerCandidates`.
    fn producer_candidates(&self, g: GraphCx<'_>, dst: u32) -> Vec<u32> {
        let Some(node) = self.graph.node(dst) else {
            return Vec::new();
        };
        let consumed: Vec<Value> = node
            .acc
            .loads
            .iter()
            .filter_map(|&l| memref_of(g, l))
            .collect();
        let mut out: Vec<u32> = Vec::new();
        for e in self.graph.in_edges(dst) {
            let Some(src) = self.graph.node(e.id) else {
                continue;
            };
            if !g.is_for(src.op) {
                continue;
            }
            if src
                .acc
                .stores
                .iter()
                .any(|&s| memref_of(g, s).is_some_and(|m| consumed.contains(&m)))
            {
                out.push(e.id);
            }
        }
        out.sort_unstable();
        out.dedup();
        out
    }

    /// Upstream's `performFusionsIntoDest`.
    fn fuse_into(&mut self, cx: &mut PassCx<'_>, dst: u32, max_src_users: usize) {
        let Some(dst_op) = self.graph.node(dst).map(|n| n.op) else {
            return;
        };
        {
            let g = gcx(cx);
            if !g.is_for(dst_op) || g.ir.num_results(dst_op) > 0 {
                return;
            }
            // `sinkSequentialLoops` is not ported: a nest with a carried
            // dependence is left alone.
            match Nest::of(g.ctx, g.ir, dst_op, &[]) {
                Some(n) if sinking_keeps_order(g, &n) => {}
                _ => return,
            }
        }
        loop {
            let mut changed = false;
            let candidates = self.producer_candidates(gcx(cx), dst);
            for &src in candidates.iter().rev() {
                match self.try_producer_consumer(cx, src, dst, max_src_users) {
                    Step::Fused => changed = true,
                    Step::Skipped => {}
                    Step::Stop => return,
                }
            }
            if !changed {
                return;
            }
        }
    }

    /// One producer-consumer candidate pair.
    fn try_producer_consumer(
        &mut self,
        cx: &mut PassCx<'_>,
        src: u32,
        dst: u32,
        max_src_users: usize,
    ) -> Step {
        let g = gcx(cx);
        let (Some(src_node), Some(dst_node)) = (self.graph.node(src), self.graph.node(dst)) else {
            return Step::Skipped;
        };
        let (src_op, dst_op) = (src_node.op, dst_node.op);
        if g.ir.num_results(src_op) > 0 {
            return Step::Skipped;
        }
        if Nest::of(g.ctx, g.ir, dst_op, &[]).is_none() {
            return Step::Stop;
        }
        let dst_loads: Vec<Value> = dst_node
            .acc
            .loads
            .iter()
            .filter_map(|&l| memref_of(g, l))
            .collect();
        let mut pc_memrefs: Vec<Value> = Vec::new();
        for m in src_node.store_memrefs(g) {
            if dst_loads.contains(&m) && !pc_memrefs.contains(&m) {
                pc_memrefs.push(m);
            }
        }
        if pc_memrefs
            .iter()
            .any(|&m| self.graph.out_edge_count(src, Some(m)) > max_src_users)
        {
            return Step::Skipped;
        }
        let escaping: Vec<Value> = src_node
            .store_memrefs(g)
            .into_iter()
            .filter(|&m| is_escaping(g, m, self.graph.block))
            .collect();
        let Some(ins_point) = self.graph.fused_insertion_point(g, src, dst) else {
            return Step::Skipped;
        };
        // The host's chain: the loops common to its accesses of the
        // fused memrefs (upstream's `getInnermostCommonLoopDepth`); the
        // sliced chain: the loops around the producer's stores.
        let dst_anchors: Vec<OpId> = dst_node
            .acc
            .loads
            .iter()
            .chain(&dst_node.acc.stores)
            .copied()
            .filter(|&o| memref_of(g, o).is_some_and(|m| pc_memrefs.contains(&m)))
            .collect();
        let Some(dst_nest) = Nest::of(g.ctx, g.ir, dst_op, &dst_anchors) else {
            return Step::Skipped;
        };
        // The stores the slice is computed from: those of memrefs the host
        // accesses (the others have no dependent pair).
        let host_memrefs: Vec<Value> = dst_node
            .acc
            .loads
            .iter()
            .chain(&dst_node.acc.stores)
            .filter_map(|&o| memref_of(g, o))
            .collect();
        let src_anchors: Vec<OpId> = src_node
            .acc
            .stores
            .iter()
            .copied()
            .filter(|&o| memref_of(g, o).is_some_and(|m| host_memrefs.contains(&m)))
            .collect();
        let Some(src_nest) = Nest::of(g.ctx, g.ir, src_op, &src_anchors) else {
            return Step::Skipped;
        };
        let sliced_first = is_before_in_block(g.ir, src_op, dst_op);
        let depth_test = dst_nest.loops.len();
        let Some(slices) = legal_slices(
            g,
            &src_nest,
            &dst_nest,
            depth_test,
            Strategy::ProducerConsumer,
            sliced_first,
        ) else {
            return Step::Skipped;
        };
        let Some(max_legal) = slices.iter().rposition(Option::is_some).map(|p| p + 1) else {
            return Step::Skipped;
        };
        let Some(tolerance) =
            self.cyclic_tolerance(g, &src_nest, &dst_nest, &slices[max_legal - 1])
        else {
            return Step::Stop;
        };
        let mut best = max_legal;
        if !self.options.maximal {
            let producer_stores: Vec<OpId> = src_node
                .acc
                .stores
                .iter()
                .copied()
                .filter(|&s| memref_of(g, s).is_some_and(|m| pc_memrefs.contains(&m)))
                .collect();
            if producer_stores.len() > 1 {
                // Upstream's limited analysis of several producer stores:
                // the slice at the deepest legal depth, when the extra
                // computation stays within the tolerance.
                let Some(slice) = &slices[max_legal - 1] else {
                    return Step::Skipped;
                };
                if additional_compute_fraction(g, &src_nest, &dst_nest, slice) > tolerance {
                    return Step::Skipped;
                }
            } else if producer_stores.len() == 1 {
                match profitable_depth(
                    g,
                    &src_nest,
                    producer_stores[0],
                    &dst_nest,
                    &slices[..max_legal],
                    tolerance,
                ) {
                    Some(d) => best = d,
                    None => return Step::Skipped,
                }
            }
        }
        let Some(slice) = slices[best - 1].clone() else {
            return Step::Skipped;
        };
        let Some(remove_src) = self.can_remove_src(
            g, src, dst, &slice, &src_nest, &dst_nest, ins_point, &escaping,
        ) else {
            return Step::Skipped;
        };
        let private: Vec<Value> = pc_memrefs
            .iter()
            .copied()
            .filter(|&m| self.can_create_private(g, m, &escaping, src, dst, remove_src))
            .collect();
        if private
            .iter()
            .any(|&m| !private_supported(g, m, &src_nest, &dst_nest, &slice))
        {
            return Step::Skipped;
        }
        fuse_loops(cx.ctx, cx.ir, &src_nest, &dst_nest, &slice, true);
        if ins_point != dst_op {
            cx.ir.move_op_before(dst_op, ins_point);
        }
        self.graph
            .update_edges_fused(gcx(cx), src, dst, &private, remove_src);
        // Upstream walks a map keyed by memref; on the cases measured
        // (`affine_loop_fusion_unions.mlir`) its buffers come out in the
        // reverse order of the producer's stores.
        for &m in private.iter().rev() {
            let plan = PrivatePlan {
                memref: m,
                depth: best,
            };
            if let Some(new_memref) = create_private_memref(
                cx.ctx,
                cx.ir,
                dst_op,
                &plan,
                self.options.fast_memory_space,
                self.options.local_buf_threshold_bytes,
            ) {
                let alloc = cx.ir.defining_op(new_memref).expect("an alloc");
                let id = self.graph.add_node(alloc, Accesses::default());
                self.graph.add_edge(gcx(cx), id, dst, new_memref);
            }
        }
        self.graph.refresh_accesses(gcx(cx), dst);
        if remove_src {
            cx.ir.erase_op(src_op);
            self.graph.remove_node(gcx(cx), src);
        }
        Step::Fused
    }

    /// Upstream's `canRemoveSrcNodeAfterFusion`; `None` when it needs a
    /// maximality proof not ported.
    #[allow(clippy::too_many_arguments)]
    fn can_remove_src(
        &self,
        g: GraphCx<'_>,
        src: u32,
        dst: u32,
        slice: &Slice,
        src_nest: &Nest,
        dst_nest: &Nest,
        ins_point: OpId,
        escaping: &[Value],
    ) -> Option<bool> {
        let dst_op = self.graph.node(dst)?.op;
        let mut out_deps = false;
        for e in self.graph.out_edges(src) {
            let dep_op = self.graph.node(e.id)?.op;
            if dep_op == dst_op {
                continue;
            }
            if g.ir.op_block(dep_op) != g.ir.op_block(dst_op) {
                return Some(false);
            }
            if ins_point != dep_op && !is_before_in_block(g.ir, ins_point, dep_op) {
                return Some(false);
            }
            out_deps = true;
        }
        if out_deps || !escaping.is_empty() {
            return slice.is_maximal(src_nest, dst_nest);
        }
        Some(true)
    }

    /// Upstream's `canCreatePrivateMemRef`.
    fn can_create_private(
        &self,
        g: GraphCx<'_>,
        memref: Value,
        escaping: &[Value],
        src: u32,
        dst: u32,
        remove_src: bool,
    ) -> bool {
        let Some(dst_node) = self.graph.node(dst) else {
            return false;
        };
        if escaping.contains(&memref) && (remove_src || dst_node.store_count(g, memref) > 0) {
            return false;
        }
        if self.graph.incoming_memref_accesses(g, src, memref) > 0
            || self.graph.out_edge_count(dst, Some(memref)) > 0
        {
            return false;
        }
        if remove_src
            && self
                .graph
                .out_edges(src)
                .iter()
                .any(|e| e.value == memref && e.id != dst)
        {
            return false;
        }
        true
    }

    /// Upstream's `eraseUnusedMemRefAllocations`.
    fn erase_unused_allocations(&mut self, cx: &mut PassCx<'_>) {
        let counts = self.graph.memref_edge_count.clone();
        for (memref, count) in counts {
            if count > 0 || cx.ir.has_uses(memref) {
                continue;
            }
            if let Some(def) = cx.ir.defining_op(memref) {
                if cx.ctx.str(cx.ir.op_name(def)) == "memref.alloc" {
                    cx.ir.erase_op(def);
                }
            }
        }
    }
}

/// What one candidate pair came to.
enum Step {
    Fused,
    Skipped,
    /// The destination is no longer of a shape handled here.
    Stop,
}

/// The slices at depths `1..=depth_test` (`None` where fusion is not
/// legal), or `None` when a depth is outside the ported model.
pub(super) fn legal_slices(
    g: GraphCx<'_>,
    sliced: &Nest,
    host: &Nest,
    depth_test: usize,
    strategy: Strategy,
    sliced_first: bool,
) -> Option<Vec<Option<Slice>>> {
    let mut out = Vec::with_capacity(depth_test);
    for d in 1..=depth_test {
        match compute_slice(g, sliced, host, d, strategy, sliced_first) {
            SliceOutcome::Legal(s) => out.push(Some(s)),
            SliceOutcome::Illegal => out.push(None),
            SliceOutcome::Unsupported => return None,
        }
    }
    Some(out)
}

/// Whether the private buffer of `memref` after fusing `slice` is of a
/// shape handled here: the host uses the memref through affine accesses
/// only and does not store to it, and the sizing store's region is not clipped by the
/// memref's bounds.
fn private_supported(g: GraphCx<'_>, memref: Value, src: &Nest, dst: &Nest, slice: &Slice) -> bool {
    // Upstream remaps the uses the slice dominates: those in the host
    // nest, which must be affine accesses.
    let host_root = dst.loops[0].op;
    let users_ok =
        g.ir.uses(memref)
            .all(|u| !g.ir.is_ancestor(host_root, u.owner) || is_affine_map_access(g, u.owner));
    if !users_ok {
        return false;
    }
    if dst.accesses(g.ctx, g.ir).iter().any(|&o| {
        MemRefAccess::of(g.ctx, g.ir, o).is_some_and(|a| a.is_write && a.memref == memref)
    }) {
        return false;
    }
    let Some(store) = src.accesses(g.ctx, g.ir).into_iter().find(|&o| {
        MemRefAccess::of(g.ctx, g.ir, o).is_some_and(|a| a.is_write && a.memref == memref)
    }) else {
        return false;
    };
    let Some((_, lins)) = access_lins(g.ctx, g.ir, store, &src.loops) else {
        return false;
    };
    let Some((_, shape)) = memref_info(g.ctx, g.ir.value_type(memref)) else {
        return false;
    };
    let roles = slice.roles(src);
    let dims = region_box(&lins, &roles);
    let Some(extents) = box_extents(&dims, &shape) else {
        return false;
    };
    dims.iter()
        .zip(&extents)
        .zip(&shape)
        .all(|((d, &e), &size)| {
            let symbolic = d.symbolic.iter().any(|&c| c != 0);
            e == d.hi.saturating_sub(d.lo).saturating_add(1)
                && (symbolic || size < 0 || (d.lo >= 0 && d.hi < size))
        })
}

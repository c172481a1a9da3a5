//! Sibling fusion of `--affine-loop-fusion` (upstream's
//! `fuseSiblingNodes`, `fuseWithSiblingNodes` and
//! `findSiblingNodeToFuse`): loop nests reading one memref, with no
//! dependence between them, fused for input reuse.

use super::loop_fusion::{gcx, legal_slices, memref_of, GreedyFusion};
use super::loop_fusion_cost::{additional_compute_fraction, profitable_depth};
use super::loop_fusion_deps::has_cyclic_dependence;
use super::loop_fusion_graph::GraphCx;
use super::loop_fusion_rewrite::fuse_loops;
use super::loop_fusion_slice::{Nest, Slice, Strategy};
use crate::analysis::access::{is_affine_read, is_before_in_block};
use ir::{OpId, Value};
use ods_transforms::pass::PassCx;
use std::collections::HashSet;

impl GreedyFusion {
    pub(super) fn fuse_siblings(&mut self, cx: &mut PassCx<'_>) {
        let mut worklist = self.graph.ids();
        while let Some(dst) = worklist.pop() {
            let Some(node) = self.graph.node(dst) else {
                continue;
            };
            if !gcx(cx).is_for(node.op) {
                continue;
            }
            self.fuse_with_siblings(cx, dst);
        }
    }

    /// Upstream's `fuseWithSiblingNodes`.
    fn fuse_with_siblings(&mut self, cx: &mut PassCx<'_>, dst: u32) {
        let mut visited: HashSet<u32> = HashSet::new();
        while let Some((sib, memref)) = self.find_sibling(gcx(cx), dst, &mut visited) {
            if self.try_sibling(cx, sib, dst, memref) {
                return;
            }
        }
    }

    /// One sibling candidate; `true` when fusion into `dst` stops.
    fn try_sibling(&mut self, cx: &mut PassCx<'_>, sib: u32, dst: u32, memref: Value) -> bool {
        let g = gcx(cx);
        let (Some(sib_node), Some(dst_node)) = (self.graph.node(sib), self.graph.node(dst)) else {
            return false;
        };
        let (sib_op, dst_op) = (sib_node.op, dst_node.op);
        let sib_first = is_before_in_block(g.ir, sib_op, dst_op);
        let ins_point = if sib_first {
            self.graph.fused_insertion_point(g, sib, dst)
        } else {
            self.graph.fused_insertion_point(g, dst, sib)
        };
        let Some(ins_point) = ins_point else {
            return false;
        };
        let sib_load = sib_node
            .acc
            .loads
            .iter()
            .copied()
            .find(|&l| memref_of(g, l) == Some(memref));
        // The host's chain is the loops around its first load of the
        // memref, as upstream's `dstLoopDepthTest`.
        let dst_load = dst_node
            .acc
            .loads
            .iter()
            .copied()
            .find(|&l| memref_of(g, l) == Some(memref));
        let (Some(sib_load), Some(dst_load)) = (sib_load, dst_load) else {
            return false;
        };
        let (Some(sib_nest), Some(dst_nest)) = (
            Nest::of(g.ctx, g.ir, sib_op, &[sib_load]),
            Nest::of(g.ctx, g.ir, dst_op, &[dst_load]),
        ) else {
            return false;
        };
        if sib_node.store_count(g, memref) > 0 || dst_node.store_count(g, memref) > 0 {
            return false;
        }
        let depth_test = dst_nest.loops.len();
        let Some(slices) = legal_slices(
            g,
            &sib_nest,
            &dst_nest,
            depth_test,
            Strategy::Sibling(memref),
            sib_first,
        ) else {
            return false;
        };
        let Some(max_legal) = slices.iter().rposition(Option::is_some).map(|p| p + 1) else {
            return false;
        };
        let Some(tolerance) =
            self.cyclic_tolerance(g, &sib_nest, &dst_nest, &slices[max_legal - 1])
        else {
            return true;
        };
        let mut best = max_legal;
        if !self.options.maximal {
            match profitable_depth(
                g,
                &sib_nest,
                sib_load,
                &dst_nest,
                &slices[..max_legal],
                tolerance,
            ) {
                Some(d) => best = d,
                None => return false,
            }
        }
        let Some(slice) = slices[best - 1].clone() else {
            return false;
        };
        // The sibling is always removed after fusion: only a slice that
        // runs all of it may go.
        if slice.is_maximal(&sib_nest, &dst_nest) != Some(true) {
            return false;
        }
        fuse_loops(cx.ctx, cx.ir, &sib_nest, &dst_nest, &slice, sib_first);
        if ins_point != dst_op {
            cx.ir.move_op_before(dst_op, ins_point);
        }
        self.graph.update_edges_sibling(gcx(cx), sib, dst);
        self.graph.refresh_accesses(gcx(cx), dst);
        self.graph.remove_node(gcx(cx), sib);
        cx.ir.erase_op(sib_op);
        false
    }

    /// The compute tolerance for fusing `sliced` into `host` (upstream's
    /// handling of `hasCyclicDependence`): the option's, or zero when the
    /// sliced nest has a cycle of dependences (a slice may then not
    /// recompute anything); `None` when fusion into this host stops (a
    /// maximal fusion of such a nest that would recompute).
    pub(super) fn cyclic_tolerance(
        &self,
        g: GraphCx<'_>,
        sliced: &Nest,
        host: &Nest,
        deepest: &Option<Slice>,
    ) -> Option<f64> {
        if !has_cyclic_dependence(g, sliced.root) {
            return Some(self.options.compute_tolerance);
        }
        if !self.options.maximal {
            return Some(0.0);
        }
        let slice = deepest.as_ref()?;
        (additional_compute_fraction(g, sliced, host, slice) <= 0.0).then_some(0.0)
    }

    /// Upstream's `findSiblingNodeToFuse`.
    fn find_sibling(
        &self,
        g: GraphCx<'_>,
        dst: u32,
        visited: &mut HashSet<u32>,
    ) -> Option<(u32, Value)> {
        let dst_node = self.graph.node(dst)?;
        let can_fuse = |sib: u32, memref: Value| -> bool {
            let Some(sib_node) = self.graph.node(sib) else {
                return false;
            };
            if sib_node.load_count(g, memref) != 1 {
                return false;
            }
            if self.graph.has_dependence_path(g.ir, sib, dst)
                || self.graph.has_dependence_path(g.ir, dst, sib)
            {
                return false;
            }
            if sib_node
                .load_and_store_memrefs(g)
                .iter()
                .any(|&m| self.graph.incoming_memref_accesses(g, sib, m) > 0)
            {
                return false;
            }
            sib_node.store_memrefs(g).len() <= 1
        };
        let block = g.ir.op_block(dst_node.op)?;
        for i in 0..g.ir.num_arguments(block) {
            let arg = g.ir.argument(block, i);
            // MLIR lists a value's newest use first.
            let users: Vec<OpId> = g.ir.uses(arg).map(|u| u.owner).collect();
            for user in users.into_iter().rev() {
                if !is_affine_read(g.ctx, g.ir, user) {
                    continue;
                }
                let Some(top) =
                    crate::analysis::access::ancestor_in_block(g.ir, self.graph.block, user)
                else {
                    continue;
                };
                if top == user || !g.is_for(top) {
                    continue;
                }
                let Some(sib) = self.graph.node_of_op(top) else {
                    continue;
                };
                if sib == dst || visited.contains(&sib) {
                    continue;
                }
                let Some(memref) = memref_of(g, user) else {
                    continue;
                };
                if dst_node.load_count(g, memref) == 0 {
                    continue;
                }
                if can_fuse(sib, memref) {
                    visited.insert(sib);
                    return Some((sib, memref));
                }
            }
        }
        let is_memref = |v: Value| {
            matches!(
                g.ctx.type_kind(g.ir.value_type(v)),
                ir::TypeKind::MemRef { .. }
            )
        };
        let in_edges: Vec<_> = self
            .graph
            .in_edges(dst)
            .into_iter()
            .filter(|e| is_memref(e.value))
            .filter(|e| {
                // A read-after-write edge, or one from the op defining
                // the memref (an allocation or a view).
                dst_node.load_count(g, e.value) > 0
                    && self.graph.node(e.id).is_some_and(|n| {
                        n.store_count(g, e.value) > 0 || g.ir.defining_op(e.value) == Some(n.op)
                    })
            })
            .collect();
        for ie in in_edges {
            let mut found = None;
            for oe in self.graph.out_edges(ie.id) {
                if !is_memref(oe.value) || visited.contains(&oe.id) {
                    continue;
                }
                if oe.id == dst || oe.value != ie.value {
                    continue;
                }
                if !self.graph.node(oe.id).is_some_and(|n| g.is_for(n.op)) {
                    continue;
                }
                if can_fuse(oe.id, oe.value) && found.is_none() {
                    found = Some(oe);
                }
            }
            if let Some(oe) = found {
                visited.insert(oe.id);
                return Some((oe.id, oe.value));
            }
        }
        None
    }
}

//! Dependences inside one loop nest that decide how `--affine-loop-fusion`
//! treats it: a cycle of dependences among its accesses (upstream's
//! `hasCyclicDependence`, which drops the compute tolerance to zero) and
//! whether `sinkSequentialLoops` would reorder its loops.

use super::loop_fusion_graph::GraphCx;
use super::loop_fusion_slice::{access_lins, Nest};
use crate::analysis::access::MemRefAccess;
use crate::analysis::dependence::{check_memref_access_dependence, DependenceResult};
use ir::OpId;

/// Upstream's `hasCyclicDependence`: whether the accesses under `root`
/// (walk order) form a cycle when each dependent pair (at any depth from
/// the outermost loop to the body, a failed check counting) is an edge.
pub(crate) fn has_cyclic_dependence(g: GraphCx<'_>, root: OpId) -> bool {
    let mut ops = Vec::new();
    super::loop_fusion_graph::post_order(g.ir, root, &mut ops);
    let accesses: Vec<MemRefAccess> = ops
        .into_iter()
        .filter_map(|o| MemRefAccess::of(g.ctx, g.ir, o))
        .collect();
    let outer = crate::analysis::access::surrounding_ivs(g.ctx, g.ir, root).len();
    let n = accesses.len();
    let mut edges: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (i, a) in accesses.iter().enumerate() {
        for (j, b) in accesses.iter().enumerate() {
            if a.memref != b.memref {
                continue;
            }
            let common =
                crate::analysis::access::num_common_surrounding_loops(g.ctx, g.ir, a.op, b.op);
            let dependent = (outer + 1..=common + 1).any(|d| {
                check_memref_access_dependence(g.ctx, g.ir, a, b, d)
                    != DependenceResult::NoDependence
            });
            if dependent {
                edges[i].push(j);
            }
        }
    }
    // Depth-first search for a back edge (a self edge is a cycle).
    #[derive(Clone, Copy, PartialEq)]
    enum Mark {
        New,
        Open,
        Done,
    }
    let mut marks = vec![Mark::New; n];
    for start in 0..n {
        if marks[start] != Mark::New {
            continue;
        }
        let mut stack: Vec<(usize, usize)> = vec![(start, 0)];
        marks[start] = Mark::Open;
        while let Some(&mut (node, ref mut next)) = stack.last_mut() {
            if let Some(&to) = edges[node].get(*next) {
                *next += 1;
                match marks[to] {
                    Mark::Open => return true,
                    Mark::New => {
                        marks[to] = Mark::Open;
                        stack.push((to, 0));
                    }
                    Mark::Done => {}
                }
            } else {
                marks[node] = Mark::Done;
                stack.pop();
            }
        }
    }
    false
}

/// Whether upstream's `sinkSequentialLoops` leaves the nest as it is:
/// the loops that carry a dependence already innermost. A loop before the
/// first carrying one is parallel; each loop after it must be shown
/// sequential (a dependence there whose accesses do not use its
/// induction variable, so its distance ranges over its trip count);
/// `false` when that is not shown.
pub(crate) fn sinking_keeps_order(g: GraphCx<'_>, nest: &Nest) -> bool {
    let n = nest.loops.len();
    if n < 2 {
        return true;
    }
    // Accesses outside the band's innermost loop: what upstream's
    // dependence components give there is not modelled.
    if !nest.is_perfect(g.ctx, g.ir) {
        return false;
    }
    let ops = nest.accesses(g.ctx, g.ir);
    let mut accesses = Vec::new();
    for &o in &ops {
        let (Some(a), Some((_, lins))) = (
            MemRefAccess::of(g.ctx, g.ir, o),
            access_lins(g.ctx, g.ir, o, &nest.loops),
        ) else {
            return false;
        };
        accesses.push((a, lins));
    }
    let mut first = None;
    let mut carrying: Vec<(usize, usize)> = Vec::new();
    for d in 1..=n {
        for (i, (a, _)) in accesses.iter().enumerate() {
            for (j, (b, _)) in accesses.iter().enumerate() {
                match check_memref_access_dependence(g.ctx, g.ir, a, b, d) {
                    DependenceResult::NoDependence => {}
                    DependenceResult::Failure => return false,
                    DependenceResult::HasDependence => {
                        if first.is_none() {
                            first = Some(d - 1);
                        }
                        if first == Some(d - 1) {
                            carrying.push((i, j));
                        }
                    }
                }
            }
        }
    }
    let Some(k) = first else {
        return true;
    };
    (k + 1..n).all(|j| {
        nest.loops[j].trip() > 1
            && carrying.iter().any(|&(a, b)| {
                accesses[a]
                    .1
                    .iter()
                    .chain(&accesses[b].1)
                    .all(|l| l.coeffs[j] == 0)
            })
    })
}

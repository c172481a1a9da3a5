//! The dominator tree of a region's blocks (what MLIR's `DominanceInfo`
//! gives CSE for a region of several blocks), by the iterative algorithm
//! of Cooper, Harvey and Kennedy over reverse post-order.
//!
//! In: a region whose blocks branch to each other through their
//! terminators' successors. Out: for each block reachable from the entry
//! block, its children in the tree (blocks it immediately dominates);
//! unreachable blocks are not in the tree.

use ir::{BlockId, Ir, RegionId};
use rustc_hash::{FxHashMap, FxHashSet};

/// The dominator tree of one region.
pub struct DomTree {
    /// The entry block (`None` for an empty region).
    pub root: Option<BlockId>,
    children: FxHashMap<BlockId, Vec<BlockId>>,
}

impl DomTree {
    /// The tree of `region`'s blocks.
    pub fn new(ir: &Ir, region: RegionId) -> Self {
        let Some(entry) = ir.first_block(region) else {
            return DomTree {
                root: None,
                children: FxHashMap::default(),
            };
        };
        let successors = |b: BlockId| -> Vec<BlockId> {
            ir.terminator(b)
                .map(|t| {
                    ir.successors(t)
                        .filter(|&s| ir.block_region(s) == Some(region))
                        .collect()
                })
                .unwrap_or_default()
        };
        // Post-order by an explicit stack (no recursion on deep CFGs).
        let mut order: FxHashMap<BlockId, usize> = FxHashMap::default();
        let mut post: Vec<BlockId> = Vec::new();
        let mut seen: FxHashSet<BlockId> = [entry].into_iter().collect();
        let mut stack = vec![(entry, successors(entry), 0usize)];
        while let Some((b, succs, i)) = stack.last_mut() {
            if let Some(&s) = succs.get(*i) {
                *i += 1;
                if seen.insert(s) {
                    let next = successors(s);
                    stack.push((s, next, 0));
                }
            } else {
                order.insert(*b, post.len());
                post.push(*b);
                stack.pop();
            }
        }
        let mut preds: FxHashMap<BlockId, Vec<BlockId>> = FxHashMap::default();
        for &b in &post {
            for s in successors(b) {
                preds.entry(s).or_default().push(b);
            }
        }
        // idom by post-order number; the entry is its own.
        let mut idom: Vec<Option<usize>> = vec![None; post.len()];
        let root = order[&entry];
        idom[root] = Some(root);
        let intersect = |idom: &[Option<usize>], mut a: usize, mut b: usize| {
            while a != b {
                while a < b {
                    a = idom[a].unwrap_or(root);
                }
                while b < a {
                    b = idom[b].unwrap_or(root);
                }
            }
            a
        };
        let mut changed = true;
        while changed {
            changed = false;
            for &b in post.iter().rev() {
                let n = order[&b];
                if n == root {
                    continue;
                }
                let mut new: Option<usize> = None;
                for p in preds.get(&b).into_iter().flatten() {
                    let p = order[p];
                    if idom[p].is_none() {
                        continue;
                    }
                    new = Some(match new {
                        None => p,
                        Some(cur) => intersect(&idom, p, cur),
                    });
                }
                if new.is_some() && idom[n] != new {
                    idom[n] = new;
                    changed = true;
                }
            }
        }
        let mut children: FxHashMap<BlockId, Vec<BlockId>> = FxHashMap::default();
        // Children in reverse post-order (the order a depth-first walk
        // from the entry first reaches them).
        for &b in post.iter().rev() {
            let n = order[&b];
            if n != root {
                if let Some(d) = idom[n] {
                    children.entry(post[d]).or_default().push(b);
                }
            }
        }
        DomTree {
            root: Some(entry),
            children,
        }
    }

    /// The blocks `b` immediately dominates.
    pub fn children(&self, b: BlockId) -> &[BlockId] {
        self.children.get(&b).map_or(&[], |c| c.as_slice())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ir::{Context, OperationState};

    /// A region of `n` blocks whose block `i` branches to `edges[i]`.
    fn cfg(edges: &[&[usize]]) -> (Ir, RegionId, Vec<BlockId>) {
        let mut ctx = Context::new();
        let mut ir = Ir::new();
        let region = ir.create_region();
        let blocks: Vec<BlockId> = edges
            .iter()
            .map(|_| {
                let b = ir.create_block();
                ir.append_block(region, b);
                b
            })
            .collect();
        for (i, succ) in edges.iter().enumerate() {
            let mut st = OperationState::new(ctx.ident("t.br"), ir::Location::UNKNOWN);
            st.successors = succ.iter().map(|&s| blocks[s]).collect();
            let op = ir.create_op(&st);
            ir.append_op(blocks[i], op);
        }
        (ir, region, blocks)
    }

    #[test]
    fn diamond_and_loop() {
        // 0 -> 1, 2; 1 -> 3; 2 -> 3; 3 -> 1 (back edge); 4 unreachable.
        let (ir, region, b) = cfg(&[&[1, 2], &[3], &[3], &[1], &[]]);
        let t = DomTree::new(&ir, region);
        assert_eq!(t.root, Some(b[0]));
        let mut c0 = t.children(b[0]).to_vec();
        c0.sort();
        let mut want = vec![b[1], b[2], b[3]];
        want.sort();
        assert_eq!(c0, want);
        assert!(t.children(b[1]).is_empty());
        assert!(t.children(b[4]).is_empty());
    }

    #[test]
    fn chain() {
        let (ir, region, b) = cfg(&[&[1], &[2], &[]]);
        let t = DomTree::new(&ir, region);
        assert_eq!(t.children(b[0]), &[b[1]]);
        assert_eq!(t.children(b[1]), &[b[2]]);
    }
}

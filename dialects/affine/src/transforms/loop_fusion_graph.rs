//! The dependence graph of one block's loop nests (upstream's
//! `MemRefDependenceGraph` in `Affine/Analysis/Utils.cpp`), what
//! `--affine-loop-fusion` walks.
//!
//! A node is an op of the block: an `affine.for` nest, a top-level affine
//! load or store, an op whose results are used, or an op that may touch
//! memory. An edge says the later node must stay after the earlier one:
//! both touch one memref and one of them writes or frees it (and, for two
//! loop nests, the affine dependence check cannot rule it out), or the
//! earlier defines a value the later's loop nest uses.
//!
//! Node ids live in a map whose iteration order is LLVM's `DenseMap` of
//! `unsigned` ([`DenseKeyOrder`]): the fusion worklists are filled in that
//! order, so ours must be the same for the same fusions to happen.

use crate::analysis::access::{is_affine_read, is_affine_write, MemRefAccess};
use crate::analysis::dependence::{check_memref_access_dependence, DependenceResult};
use crate::analysis::effects::AnalysisCx;
use ir::{BlockId, Ir, OpId, OpTraits, TypeKind, Value};
use ods_runtime::effects::{EffectTarget, MemoryEffect};
use std::collections::HashMap;

/// What the graph reads: names, effects and the IR (the affine
/// analyses' context; the graph's own questions are added below).
pub(crate) type GraphCx<'a> = AnalysisCx<'a>;

impl<'a> AnalysisCx<'a> {
    pub fn is_for(self, op: OpId) -> bool {
        self.name(op) == "affine.for"
    }

    fn is_memref(self, v: Value) -> bool {
        matches!(
            self.ctx.type_kind(self.ir.value_type(v)),
            TypeKind::MemRef { .. } | TypeKind::UnrankedMemRef { .. }
        )
    }

    /// Whether `op` declares `effect` on `value` (upstream's
    /// `hasEffect<Effect>(op, value)`: an op without declared effects has
    /// none here).
    pub fn has_effect_on(self, op: OpId, value: Value, effect: MemoryEffect) -> bool {
        self.effects().own_effects(op).is_some_and(|es| {
            es.iter().any(|e| {
                e.effect == effect
                    && matches!(e.on, EffectTarget::Operand(v) | EffectTarget::Result(v) if v == value)
            })
        })
    }

    /// The memrefs `op` has `effect` on (upstream's `getEffectedValues`:
    /// every memref operand of an op without declared effects).
    fn effected_values(self, op: OpId, effect: MemoryEffect) -> Vec<Value> {
        match self.effects().own_effects(op) {
            None => {
                if self
                    .effects()
                    .has_trait(op, OpTraits::RECURSIVE_MEMORY_EFFECTS)
                {
                    return Vec::new();
                }
                self.ir
                    .operands(op)
                    .filter(|&v| self.is_memref(v))
                    .collect()
            }
            Some(es) => es
                .iter()
                .filter(|e| e.effect == effect)
                .filter_map(|e| match e.on {
                    EffectTarget::Operand(v) | EffectTarget::Result(v) if self.is_memref(v) => {
                        Some(v)
                    }
                    _ => None,
                })
                .collect(),
        }
    }
}

/// The memory ops of a loop nest or op (upstream's
/// `LoopNestStateCollector`).
#[derive(Clone, Debug, Default)]
pub(crate) struct Accesses {
    /// Affine reads.
    pub loads: Vec<OpId>,
    /// Affine writes.
    pub stores: Vec<OpId>,
    /// Other ops that read memory (an op with unknown effects once per
    /// memref operand).
    pub memref_loads: Vec<OpId>,
    /// Other ops that write memory.
    pub memref_stores: Vec<OpId>,
    /// Ops that free memory.
    pub memref_frees: Vec<OpId>,
}

/// Every op nested in `op` and `op` itself, children before parents
/// (MLIR's default post-order walk).
pub(crate) fn post_order(ir: &Ir, op: OpId, out: &mut Vec<OpId>) {
    for &r in ir.regions(op) {
        for b in ir.region_blocks(r) {
            for o in ir.block_ops(b) {
                post_order(ir, o, out);
            }
        }
    }
    out.push(op);
}

impl Accesses {
    /// The accesses in `root` (it included).
    pub fn collect(g: GraphCx<'_>, root: OpId) -> Accesses {
        let mut acc = Accesses::default();
        let mut ops = Vec::new();
        post_order(g.ir, root, &mut ops);
        for op in ops {
            if g.is_for(op) {
                continue;
            }
            if is_affine_read(g.ctx, g.ir, op) {
                acc.loads.push(op);
            } else if is_affine_write(g.ctx, g.ir, op) {
                acc.stores.push(op);
            } else {
                match g.effects().own_effects(op) {
                    None => {
                        if g.effects()
                            .has_trait(op, OpTraits::RECURSIVE_MEMORY_EFFECTS)
                        {
                            continue;
                        }
                        for v in g.ir.operands(op) {
                            if g.is_memref(v) {
                                acc.memref_loads.push(op);
                                acc.memref_stores.push(op);
                            }
                        }
                    }
                    Some(es) => {
                        let has = |k: MemoryEffect| es.iter().any(|e| e.effect == k);
                        if has(MemoryEffect::Read) {
                            acc.memref_loads.push(op);
                        }
                        if has(MemoryEffect::Write) {
                            acc.memref_stores.push(op);
                        }
                        if has(MemoryEffect::Free) {
                            acc.memref_frees.push(op);
                        }
                    }
                }
            }
        }
        acc
    }
}

/// One node: an op of the block and the memory ops in it.
#[derive(Clone, Debug)]
pub(crate) struct Node {
    pub op: OpId,
    pub acc: Accesses,
}

impl Node {
    /// The memref an affine access of this node uses.
    fn memref_of(g: GraphCx<'_>, op: OpId) -> Option<Value> {
        MemRefAccess::of(g.ctx, g.ir, op).map(|a| a.memref)
    }

    /// Upstream's `getLoadOpCount`.
    pub fn load_count(&self, g: GraphCx<'_>, memref: Value) -> usize {
        self.acc
            .loads
            .iter()
            .filter(|&&l| Node::memref_of(g, l) == Some(memref))
            .count()
    }

    /// Upstream's `getStoreOpCount`.
    pub fn store_count(&self, g: GraphCx<'_>, memref: Value) -> usize {
        let affine = self
            .acc
            .stores
            .iter()
            .filter(|&&s| Node::memref_of(g, s) == Some(memref))
            .count();
        let other = self
            .acc
            .memref_stores
            .iter()
            .filter(|&&s| g.has_effect_on(s, memref, MemoryEffect::Write))
            .count();
        affine + other
    }

    fn has_free(&self, g: GraphCx<'_>, memref: Value) -> bool {
        self.acc
            .memref_frees
            .iter()
            .any(|&f| g.has_effect_on(f, memref, MemoryEffect::Free))
    }

    /// The memrefs of this node's affine stores, in order, each once.
    pub fn store_memrefs(&self, g: GraphCx<'_>) -> Vec<Value> {
        let mut out = Vec::new();
        for &s in &self.acc.stores {
            if let Some(m) = Node::memref_of(g, s) {
                if !out.contains(&m) {
                    out.push(m);
                }
            }
        }
        out
    }

    /// The memrefs this node both loads and stores (affine).
    pub fn load_and_store_memrefs(&self, g: GraphCx<'_>) -> Vec<Value> {
        let loads: Vec<Value> = self
            .acc
            .loads
            .iter()
            .filter_map(|&l| Node::memref_of(g, l))
            .collect();
        self.store_memrefs(g)
            .into_iter()
            .filter(|m| loads.contains(m))
            .collect()
    }
}

/// An edge to or from node `id` on `value` (a memref, or an SSA value
/// the other node uses).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Edge {
    pub id: u32,
    pub value: Value,
}

/// The iteration order of LLVM's `DenseMap<unsigned, T>`: open addressing
/// over a power-of-two table (64 buckets at least), hash `key * 37`,
/// quadratic probing, tombstones for erased keys, growth at three
/// quarters full.
#[derive(Clone, Debug, Default)]
pub(crate) struct DenseKeyOrder {
    buckets: Vec<Slot>,
    entries: usize,
    tombstones: usize,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Slot {
    Empty,
    Tombstone,
    Key(u32),
}

impl DenseKeyOrder {
    /// The bucket holding `key`, or where it would go.
    fn lookup(&self, key: u32) -> (bool, usize) {
        let n = self.buckets.len();
        let mask = n - 1;
        let mut bucket = (key.wrapping_mul(37) as usize) & mask;
        let mut probe = 1;
        let mut tombstone = None;
        loop {
            match self.buckets[bucket] {
                Slot::Key(k) if k == key => return (true, bucket),
                Slot::Empty => return (false, tombstone.unwrap_or(bucket)),
                Slot::Tombstone if tombstone.is_none() => tombstone = Some(bucket),
                _ => {}
            }
            bucket = (bucket + probe) & mask;
            probe += 1;
        }
    }

    fn grow(&mut self, at_least: usize) {
        let size = at_least
            .saturating_sub(1)
            .checked_next_power_of_two()
            .unwrap_or(0);
        let size = size.max(64);
        let old = std::mem::replace(&mut self.buckets, vec![Slot::Empty; size]);
        self.entries = 0;
        self.tombstones = 0;
        for s in old {
            if let Slot::Key(k) = s {
                let (_, b) = self.lookup(k);
                self.buckets[b] = Slot::Key(k);
                self.entries += 1;
            }
        }
    }

    /// Adds `key` (a no-op when present).
    pub fn insert(&mut self, key: u32) {
        if self.buckets.is_empty() {
            self.grow(0);
        }
        let (found, _) = self.lookup(key);
        if found {
            return;
        }
        let n = self.buckets.len();
        let new_entries = self.entries + 1;
        if new_entries * 4 >= n * 3 {
            self.grow(n * 2);
        } else if n - (new_entries + self.tombstones) <= n / 8 {
            self.grow(n);
        }
        let (_, b) = self.lookup(key);
        if self.buckets[b] == Slot::Tombstone {
            self.tombstones -= 1;
        }
        self.buckets[b] = Slot::Key(key);
        self.entries += 1;
    }

    /// Removes `key` (a no-op when absent).
    pub fn remove(&mut self, key: u32) {
        if self.buckets.is_empty() {
            return;
        }
        let (found, b) = self.lookup(key);
        if found {
            self.buckets[b] = Slot::Tombstone;
            self.entries -= 1;
            self.tombstones += 1;
        }
    }

    /// The keys in iteration order.
    pub fn keys(&self) -> Vec<u32> {
        self.buckets
            .iter()
            .filter_map(|s| match s {
                Slot::Key(k) => Some(*k),
                _ => None,
            })
            .collect()
    }
}

/// The graph of one block.
pub(crate) struct Graph {
    pub block: BlockId,
    nodes: HashMap<u32, Node>,
    order: DenseKeyOrder,
    in_edges: HashMap<u32, Vec<Edge>>,
    out_edges: HashMap<u32, Vec<Edge>>,
    /// Memref edges per memref, in the order memrefs first got one.
    pub memref_edge_count: Vec<(Value, i64)>,
    next_id: u32,
}

impl Graph {
    /// The graph of `block`, or `None` where upstream's `init` fails (an
    /// op holding regions that is not an `affine.for`: we do not know
    /// what its regions mean here).
    pub fn build(g: GraphCx<'_>, block: BlockId) -> Option<Graph> {
        let mut graph = Graph {
            block,
            nodes: HashMap::new(),
            order: DenseKeyOrder::default(),
            in_edges: HashMap::new(),
            out_edges: HashMap::new(),
            memref_edge_count: Vec::new(),
            next_id: 0,
        };
        let mut accesses: Vec<(Value, Vec<u32>)> = Vec::new();
        let mut note = |memref: Value, id: u32| match accesses.iter_mut().find(|e| e.0 == memref) {
            Some(e) => {
                if !e.1.contains(&id) {
                    e.1.push(id);
                }
            }
            None => accesses.push((memref, vec![id])),
        };
        let mut for_nodes: HashMap<OpId, u32> = HashMap::new();
        let ops: Vec<OpId> = g.ir.block_ops(block).collect();
        for op in ops {
            let is_for = g.is_for(op);
            let has_regions = g.ir.num_regions(op) > 0;
            if has_regions && !is_for {
                return None;
            }
            let used = g.ir.results(op).any(|r| g.ir.has_uses(r));
            let make = is_for
                || is_affine_read(g.ctx, g.ir, op)
                || is_affine_write(g.ctx, g.ir, op)
                || used
                || !g.effects().is_memory_effect_free(op);
            if !make {
                continue;
            }
            let acc = Accesses::collect(g, op);
            let id = graph.add_node(op, acc.clone());
            if is_for {
                for_nodes.insert(op, id);
            }
            for &l in acc.loads.iter().chain(&acc.stores) {
                if let Some(m) = Node::memref_of(g, l) {
                    note(m, id);
                }
            }
            for (list, effect) in [
                (&acc.memref_loads, MemoryEffect::Read),
                (&acc.memref_stores, MemoryEffect::Write),
                (&acc.memref_frees, MemoryEffect::Free),
            ] {
                for &o in list {
                    for m in g.effected_values(o, effect) {
                        note(m, id);
                    }
                }
            }
        }
        // Values defined by a node and used in a loop nest of the block.
        for id in graph.order.keys() {
            let node = &graph.nodes[&id];
            if !node.acc.stores.is_empty() {
                continue;
            }
            let op = node.op;
            let mut edges = Vec::new();
            for r in g.ir.results(op) {
                // Newest use first, as MLIR's use lists: the edges keep
                // that order (sibling candidates follow it).
                let users: Vec<OpId> = g.ir.uses(r).map(|u| u.owner).collect();
                for owner in users {
                    let Some(top) = crate::analysis::access::ancestor_in_block(g.ir, block, owner)
                    else {
                        continue;
                    };
                    // A user directly in the block is no loop nest's.
                    if top == owner {
                        continue;
                    }
                    if let Some(&to) = for_nodes.get(&top) {
                        edges.push((to, r));
                    }
                }
            }
            for (to, r) in edges {
                graph.add_edge(g, id, to, r);
            }
        }
        for (memref, ids) in accesses {
            let mut edges = Vec::new();
            for i in 0..ids.len() {
                let src = &graph.nodes[&ids[i]];
                let src_writes = src.store_count(g, memref) > 0 || src.has_free(g, memref);
                for j in i + 1..ids.len() {
                    let dst = &graph.nodes[&ids[j]];
                    let dst_writes = dst.store_count(g, memref) > 0 || dst.has_free(g, memref);
                    if (src_writes || dst_writes) && may_depend(g, src, dst, memref) {
                        edges.push((ids[i], ids[j]));
                    }
                }
            }
            for (a, b) in edges {
                graph.add_edge(g, a, b, memref);
            }
        }
        Some(graph)
    }

    /// Node ids in the order upstream's worklists are filled.
    pub fn ids(&self) -> Vec<u32> {
        self.order.keys()
    }

    pub fn node(&self, id: u32) -> Option<&Node> {
        self.nodes.get(&id)
    }

    /// The node whose op is `op`.
    pub fn node_of_op(&self, op: OpId) -> Option<u32> {
        self.order
            .keys()
            .into_iter()
            .find(|id| self.nodes[id].op == op)
    }

    /// Adds a node for `op`; returns its id.
    pub fn add_node(&mut self, op: OpId, acc: Accesses) -> u32 {
        let id = self.next_id;
        self.next_id += 1;
        self.nodes.insert(id, Node { op, acc });
        self.order.insert(id);
        id
    }

    /// Removes node `id` and its edges.
    pub fn remove_node(&mut self, g: GraphCx<'_>, id: u32) {
        for e in self.in_edges.get(&id).cloned().unwrap_or_default() {
            self.remove_edge(g, e.id, id, e.value);
        }
        for e in self.out_edges.get(&id).cloned().unwrap_or_default() {
            self.remove_edge(g, id, e.id, e.value);
        }
        self.in_edges.remove(&id);
        self.out_edges.remove(&id);
        self.nodes.remove(&id);
        self.order.remove(id);
    }

    pub fn in_edges(&self, id: u32) -> Vec<Edge> {
        self.in_edges.get(&id).cloned().unwrap_or_default()
    }

    pub fn out_edges(&self, id: u32) -> Vec<Edge> {
        self.out_edges.get(&id).cloned().unwrap_or_default()
    }

    fn has_edge(&self, src: u32, dst: u32, value: Value) -> bool {
        let out = self
            .out_edges
            .get(&src)
            .is_some_and(|es| es.iter().any(|e| e.id == dst && e.value == value));
        let inn = self
            .in_edges
            .get(&dst)
            .is_some_and(|es| es.iter().any(|e| e.id == src && e.value == value));
        out && inn
    }

    pub fn add_edge(&mut self, g: GraphCx<'_>, src: u32, dst: u32, value: Value) {
        if self.has_edge(src, dst, value) {
            return;
        }
        self.out_edges
            .entry(src)
            .or_default()
            .push(Edge { id: dst, value });
        self.in_edges
            .entry(dst)
            .or_default()
            .push(Edge { id: src, value });
        if g.is_memref(value) {
            match self.memref_edge_count.iter_mut().find(|e| e.0 == value) {
                Some(e) => e.1 += 1,
                None => self.memref_edge_count.push((value, 1)),
            }
        }
    }

    pub fn remove_edge(&mut self, g: GraphCx<'_>, src: u32, dst: u32, value: Value) {
        if g.is_memref(value) {
            if let Some(e) = self.memref_edge_count.iter_mut().find(|e| e.0 == value) {
                e.1 -= 1;
            }
        }
        if let Some(es) = self.in_edges.get_mut(&dst) {
            if let Some(p) = es.iter().position(|e| e.id == src && e.value == value) {
                es.remove(p);
            }
        }
        if let Some(es) = self.out_edges.get_mut(&src) {
            if let Some(p) = es.iter().position(|e| e.id == dst && e.value == value) {
                es.remove(p);
            }
        }
    }

    /// Upstream's `hasDependencePath`: whether edges lead from `src` to
    /// `dst` (nodes after `dst` in the block are not followed).
    pub fn has_dependence_path(&self, ir: &Ir, src: u32, dst: u32) -> bool {
        let dst_op = self.nodes[&dst].op;
        let mut stack: Vec<(u32, usize)> = vec![(src, 0)];
        while let Some(top) = stack.last_mut() {
            let (id, next) = *top;
            if id == dst {
                return true;
            }
            let out = self.out_edges.get(&id);
            let n = out.map_or(0, |v| v.len());
            if next == n {
                stack.pop();
                continue;
            }
            top.1 += 1;
            let edge = out.expect("an edge exists")[next];
            let Some(to) = self.nodes.get(&edge.id) else {
                continue;
            };
            let after = crate::analysis::access::is_before_in_block(ir, dst_op, to.op);
            if !after && edge.id != id {
                stack.push((edge.id, 0));
            }
        }
        false
    }

    /// Upstream's `getIncomingMemRefAccesses`: in edges on `memref` from
    /// nodes that store to it.
    pub fn incoming_memref_accesses(&self, g: GraphCx<'_>, id: u32, memref: Value) -> usize {
        self.in_edges(id)
            .iter()
            .filter(|e| e.value == memref)
            .filter(|e| {
                self.nodes
                    .get(&e.id)
                    .is_some_and(|n| n.store_count(g, memref) > 0)
            })
            .count()
    }

    /// Upstream's `getOutEdgeCount` (every value when `memref` is none).
    pub fn out_edge_count(&self, id: u32, memref: Option<Value>) -> usize {
        self.out_edges(id)
            .iter()
            .filter(|e| memref.is_none_or(|m| e.value == m))
            .count()
    }

    /// Upstream's `getFusedLoopNestInsertionPoint`: where the fused nest
    /// of `src` into `dst` can go, keeping every other dependence.
    pub fn fused_insertion_point(&self, g: GraphCx<'_>, src: u32, dst: u32) -> Option<OpId> {
        let dst_op = self.nodes[&dst].op;
        if self.out_edges(src).is_empty() {
            return Some(dst_op);
        }
        let defining: Vec<u32> = self
            .in_edges(dst)
            .iter()
            .filter(|e| !g.is_memref(e.value))
            .map(|e| e.id)
            .collect();
        if defining
            .iter()
            .any(|&d| self.has_dependence_path(g.ir, src, d))
        {
            return None;
        }
        let src_deps: Vec<OpId> = self
            .out_edges(src)
            .iter()
            .filter(|e| e.id != dst)
            .filter_map(|e| self.nodes.get(&e.id).map(|n| n.op))
            .collect();
        let dst_deps: Vec<OpId> = self
            .in_edges(dst)
            .iter()
            .filter(|e| e.id != src)
            .filter_map(|e| self.nodes.get(&e.id).map(|n| n.op))
            .collect();
        let mut between = Vec::new();
        let (mut first_src, mut last_dst) = (None, None);
        let mut cur = g.ir.next_op(self.nodes[&src].op);
        while let Some(op) = cur {
            if op == dst_op {
                break;
            }
            if src_deps.contains(&op) && first_src.is_none() {
                first_src = Some(between.len());
            }
            if dst_deps.contains(&op) {
                last_dst = Some(between.len());
            }
            between.push(op);
            cur = g.ir.next_op(op);
        }
        match (first_src, last_dst) {
            (Some(f), Some(l)) if f <= l => None,
            (Some(f), _) => Some(between[f]),
            (None, _) => Some(dst_op),
        }
    }

    /// Upstream's `updateEdges` after producer-consumer fusion of `src`
    /// into `dst`.
    pub fn update_edges_fused(
        &mut self,
        g: GraphCx<'_>,
        src: u32,
        dst: u32,
        private: &[Value],
        remove_src: bool,
    ) {
        for e in self.in_edges(src) {
            if !private.contains(&e.value) {
                self.add_edge(g, e.id, dst, e.value);
            }
        }
        for e in self.out_edges(src) {
            if e.id == dst {
                self.remove_edge(g, src, e.id, e.value);
            } else if remove_src {
                self.add_edge(g, dst, e.id, e.value);
                self.remove_edge(g, src, e.id, e.value);
            }
        }
        if !private.is_empty() {
            for e in self.in_edges(dst) {
                if private.contains(&e.value) {
                    self.remove_edge(g, e.id, dst, e.value);
                }
            }
        }
    }

    /// Upstream's `updateEdges` after sibling fusion of `sib` into `dst`.
    pub fn update_edges_sibling(&mut self, g: GraphCx<'_>, sib: u32, dst: u32) {
        for e in self.in_edges(sib) {
            self.add_edge(g, e.id, dst, e.value);
            self.remove_edge(g, e.id, sib, e.value);
        }
        for e in self.out_edges(sib) {
            self.add_edge(g, dst, e.id, e.value);
            self.remove_edge(g, sib, e.id, e.value);
        }
    }

    /// Replaces the memory ops recorded for `id` by those of its op now.
    pub fn refresh_accesses(&mut self, g: GraphCx<'_>, id: u32) {
        let Some(node) = self.nodes.get_mut(&id) else {
            return;
        };
        let fresh = Accesses::collect(g, node.op);
        // Upstream clears the affine loads and stores only and appends
        // the rest again.
        node.acc.loads = fresh.loads;
        node.acc.stores = fresh.stores;
        node.acc.memref_loads.extend(fresh.memref_loads);
        node.acc.memref_stores.extend(fresh.memref_stores);
        node.acc.memref_frees.extend(fresh.memref_frees);
    }
}

/// The memref an op of a non-affine access list reads or writes, when it
/// is a `memref.load` or `memref.store` (or an affine access).
fn plain_memref(g: GraphCx<'_>, op: OpId) -> Option<Value> {
    match g.name(op) {
        "memref.load" => g.ir.operands(op).next(),
        "memref.store" => g.ir.operands(op).nth(1),
        _ => Node::memref_of(g, op),
    }
}

/// Upstream's `mayDependence`: whether `src`'s accesses to `memref` may
/// depend on `dst`'s, two loop nests checked access by access.
fn may_depend(g: GraphCx<'_>, src: &Node, dst: &Node, memref: Value) -> bool {
    if !g.is_for(src.op) || !g.is_for(dst.op) {
        return true;
    }
    // A non-affine access pair on `memref`; an op neither a memref nor an
    // affine access is taken as touching it.
    let non_affine = |from: &[OpId], to: &[&[OpId]]| {
        from.iter().any(|&s| {
            let Some(sm) = plain_memref(g, s) else {
                return true;
            };
            sm == memref
                && to
                    .iter()
                    .flat_map(|l| l.iter())
                    .any(|&d| plain_memref(g, d).is_none_or(|dm| dm == sm))
        })
    };
    let d = &dst.acc;
    if non_affine(
        &src.acc.memref_stores,
        &[&d.loads, &d.stores, &d.memref_loads, &d.memref_stores],
    ) || non_affine(&src.acc.memref_loads, &[&d.stores, &d.memref_stores])
        || non_affine(&src.acc.stores, &[&d.memref_loads, &d.memref_stores])
        || non_affine(&src.acc.loads, &[&d.memref_stores])
    {
        return true;
    }
    let depth = crate::analysis::access::surrounding_ivs(g.ctx, g.ir, src.op).len() + 1;
    for &s in src.acc.stores.iter().chain(&src.acc.loads) {
        let Some(sa) = MemRefAccess::of(g.ctx, g.ir, s) else {
            continue;
        };
        if sa.memref != memref {
            continue;
        }
        for &t in d.stores.iter().chain(&d.loads) {
            let Some(da) = MemRefAccess::of(g.ctx, g.ir, t) else {
                continue;
            };
            if da.memref != memref {
                continue;
            }
            if check_memref_access_dependence(g.ctx, g.ir, &sa, &da, depth)
                != DependenceResult::NoDependence
            {
                return true;
            }
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::DenseKeyOrder;

    #[test]
    fn dense_map_order_is_llvms() {
        // Keys 0..5 in 64 buckets at key * 37 mod 64: 0, 37, 10, 47, 20.
        let mut o = DenseKeyOrder::default();
        for k in 0..5 {
            o.insert(k);
        }
        assert_eq!(o.keys(), vec![0, 2, 4, 1, 3]);
        o.remove(2);
        o.insert(5);
        // 5 * 37 = 185 = 57 mod 64: last.
        assert_eq!(o.keys(), vec![0, 4, 1, 3, 5]);
    }
}

//! The call graph (MLIR's `CallGraph`, `Analysis/CallGraph.cpp`): one
//! node per callable region, edges for calls, for callables nested in a
//! callable (children), and from the external caller to every top-level
//! callable; and its strongly connected components, in the order LLVM's
//! `scc_iterator` gives them (callees before callers).
//!
//! In: an op (the module). Out: the nodes, their edges in the order the
//! IR lists them, and the SCCs.

use ir::{Attribute, Context, Ir, OpId, RegionId, Registry};
use ods_runtime::interfaces::{CallInterfaceCallable, CallOpInterfaceRef, CallableOpInterfaceRef};
use rustc_hash::FxHashMap;

/// A node's index in [`CallGraph::nodes`].
pub type NodeId = usize;

/// The node standing for every caller outside the IR (index 0).
pub const EXTERNAL: NodeId = 0;
/// The node standing for every callee that does not resolve (index 1).
pub const UNKNOWN: NodeId = 1;

/// What an edge says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EdgeKind {
    /// From the external node: the target may be called from outside.
    Abstract,
    Call,
    /// The target is a callable nested in the source.
    Child,
}

/// A callable region (none for the two external nodes) and its edges.
#[derive(Debug)]
pub struct Node {
    pub region: Option<RegionId>,
    /// Unique by target and kind, in the order they were added.
    pub edges: Vec<(NodeId, EdgeKind)>,
}

impl Node {
    pub fn has_children(&self) -> bool {
        self.edges.iter().any(|&(_, k)| k == EdgeKind::Child)
    }
}

/// The call graph of the IR under an op.
pub struct CallGraph {
    pub nodes: Vec<Node>,
    by_region: FxHashMap<RegionId, NodeId>,
}

impl CallGraph {
    /// Builds the graph of everything under `root`: callables first, then
    /// the calls (so a call may name a callable defined after it).
    pub fn build(ctx: &Context, registry: &Registry, ir: &Ir, root: OpId) -> Self {
        let mut cg = CallGraph {
            nodes: vec![
                Node {
                    region: None,
                    edges: Vec::new(),
                },
                Node {
                    region: None,
                    edges: Vec::new(),
                },
            ],
            by_region: FxHashMap::default(),
        };
        let mut symbols = Symbols::default();
        let mut walk = Walk {
            ctx,
            registry,
            ir,
            symbols: &mut symbols,
        };
        walk.compute(&mut cg, root, None, false);
        walk.compute(&mut cg, root, None, true);
        cg
    }

    /// The node of `region`, if it is a callable's.
    pub fn lookup(&self, region: RegionId) -> Option<NodeId> {
        self.by_region.get(&region).copied()
    }

    /// The nodes other than the two external ones, in creation order.
    pub fn callable_nodes(&self) -> std::ops::Range<NodeId> {
        2..self.nodes.len()
    }

    fn get_or_add(&mut self, region: RegionId, parent: Option<NodeId>) -> NodeId {
        if let Some(&n) = self.by_region.get(&region) {
            return n;
        }
        let n = self.nodes.len();
        self.nodes.push(Node {
            region: Some(region),
            edges: Vec::new(),
        });
        self.by_region.insert(region, n);
        match parent {
            Some(p) => self.add_edge(p, n, EdgeKind::Child),
            None => self.add_edge(EXTERNAL, n, EdgeKind::Abstract),
        }
        n
    }

    fn add_edge(&mut self, from: NodeId, to: NodeId, kind: EdgeKind) {
        let edges = &mut self.nodes[from].edges;
        if !edges.contains(&(to, kind)) {
            edges.push((to, kind));
        }
    }

    /// The node `call` calls, or [`UNKNOWN`] (MLIR's `resolveCallable`).
    pub fn resolve(
        &self,
        ctx: &Context,
        registry: &Registry,
        ir: &Ir,
        symbols: &mut Symbols,
        call: OpId,
    ) -> NodeId {
        resolve_callable(ctx, registry, ir, symbols, call)
            .and_then(|c| ods_runtime::interface::<CallableOpInterfaceRef>(registry, ir, c))
            .and_then(|c| c.get_callable_region(ir))
            .and_then(|r| self.lookup(r))
            .unwrap_or(UNKNOWN)
    }

    /// The strongly connected components reachable from the external
    /// node, callees first; within one, nodes in the order LLVM's
    /// `scc_iterator` pops them off its stack.
    pub fn sccs(&self) -> Vec<Vec<NodeId>> {
        const DONE: usize = usize::MAX;
        let mut number = vec![0usize; self.nodes.len()]; // 0: not visited
        let mut next_number = 0usize;
        let mut node_stack: Vec<NodeId> = Vec::new();
        // (node, next edge index, lowest number reached)
        let mut visit: Vec<(NodeId, usize, usize)> = Vec::new();
        let mut out = Vec::new();
        let mut push = |n: NodeId,
                        number: &mut Vec<usize>,
                        node_stack: &mut Vec<NodeId>,
                        visit: &mut Vec<(NodeId, usize, usize)>| {
            next_number += 1;
            number[n] = next_number;
            node_stack.push(n);
            visit.push((n, 0, next_number));
        };
        push(EXTERNAL, &mut number, &mut node_stack, &mut visit);
        while let Some(&(n, edge, _)) = visit.last() {
            if let Some(&(child, _)) = self.nodes[n].edges.get(edge) {
                if let Some(top) = visit.last_mut() {
                    top.1 += 1;
                }
                if number[child] == 0 {
                    push(child, &mut number, &mut node_stack, &mut visit);
                } else if let Some(top) = visit.last_mut() {
                    top.2 = top.2.min(number[child]);
                }
                continue;
            }
            let Some((n, _, min)) = visit.pop() else {
                break;
            };
            if let Some(top) = visit.last_mut() {
                top.2 = top.2.min(min);
            }
            if min != number[n] {
                continue;
            }
            let mut scc = Vec::new();
            while let Some(m) = node_stack.pop() {
                number[m] = DONE;
                scc.push(m);
                if m == n {
                    break;
                }
            }
            out.push(scc);
        }
        out
    }
}

struct Walk<'a, 's> {
    ctx: &'a Context,
    registry: &'a Registry,
    ir: &'a Ir,
    symbols: &'s mut Symbols,
}

impl Walk<'_, '_> {
    /// MLIR's `computeCallGraph`: calls give edges from the enclosing
    /// callable (second pass only); callables with a body give nodes.
    fn compute(&mut self, cg: &mut CallGraph, op: OpId, parent: Option<NodeId>, calls: bool) {
        let (registry, ir) = (self.registry, self.ir);
        if ods_runtime::interface::<CallOpInterfaceRef>(registry, ir, op).is_some() {
            if let (true, Some(p)) = (calls, parent) {
                let target = cg.resolve(self.ctx, registry, ir, self.symbols, op);
                cg.add_edge(p, target, EdgeKind::Call);
            }
            return;
        }
        let mut parent = parent;
        if let Some(callable) = ods_runtime::interface::<CallableOpInterfaceRef>(registry, ir, op) {
            match callable.get_callable_region(ir) {
                Some(r) => parent = Some(cg.get_or_add(r, parent)),
                None => return,
            }
        }
        for &r in ir.regions(op) {
            for b in ir.region_blocks(r) {
                for nested in ir.block_ops(b) {
                    self.compute(cg, nested, parent, calls);
                }
            }
        }
    }
}

/// The op `call` calls: the symbol it names, looked up from the call, or
/// the op defining the value it calls (MLIR's `resolveCallableInTable`).
pub fn resolve_callable(
    ctx: &Context,
    registry: &Registry,
    ir: &Ir,
    symbols: &mut Symbols,
    call: OpId,
) -> Option<OpId> {
    let iface = ods_runtime::interface::<CallOpInterfaceRef>(registry, ir, call)?;
    match iface.get_callable_for_callee(ctx, ir)? {
        CallInterfaceCallable::Symbol(s) => symbols.lookup_nearest(ctx, registry, ir, call, s),
        CallInterfaceCallable::Value(v) => ir.defining_op(v),
    }
}

/// Symbol lookups with each table's names gathered once (MLIR's
/// `SymbolTableCollection`). The inliner adds and erases no symbol while
/// it looks them up, so the tables stay right.
#[derive(Default)]
pub struct Symbols {
    tables: FxHashMap<OpId, FxHashMap<Vec<u8>, OpId>>,
}

impl Symbols {
    fn lookup_in(&mut self, ctx: &Context, ir: &Ir, table: OpId, name: &[u8]) -> Option<OpId> {
        let map = self.tables.entry(table).or_insert_with(|| {
            let mut map = FxHashMap::default();
            if let Some(block) = ir.regions(table).first().and_then(|&r| ir.first_block(r)) {
                for op in ir.block_ops(block) {
                    if let Some(n) = ir::symbols::symbol_name(ctx, ir, op) {
                        map.entry(n.to_vec()).or_insert(op);
                    }
                }
            }
            map
        });
        map.get(name).copied()
    }

    /// Resolves `symbol` (`@a` or `@a::@b`) from the nearest symbol table
    /// at or above `from` (MLIR's `lookupNearestSymbolFrom`).
    pub fn lookup_nearest(
        &mut self,
        ctx: &Context,
        registry: &Registry,
        ir: &Ir,
        from: OpId,
        symbol: Attribute,
    ) -> Option<OpId> {
        let table = ir::symbols::nearest_symbol_table(ctx, registry, ir, from)?;
        let ir::AttrKind::SymbolRef { root, nested } = ctx.attr_kind(symbol) else {
            return None;
        };
        let mut found = self.lookup_in(ctx, ir, table, ctx.str(*root).as_bytes())?;
        for &name in nested.iter() {
            if !ir::symbols::is_symbol_table(registry, ir, found) {
                return None;
            }
            found = self.lookup_in(ctx, ir, found, ctx.str(name).as_bytes())?;
        }
        Some(found)
    }
}

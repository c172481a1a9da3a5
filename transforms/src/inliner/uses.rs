//! Who uses which discardable callable (MLIR's `CGUseList`): symbol
//! references have no use lists, so the inliner counts, for each private
//! callable nothing outside can see, the references to it from the other
//! callables, to know when a callee has one use left (inline it in place)
//! or none (erase it).

use super::call_graph::{CallGraph, EdgeKind, NodeId, Symbols};
use ir::{AttrKind, Attribute, Context, Ir, OpId, Registry, SubElement};
use ods_runtime::interfaces::{CallableOpInterfaceRef, SymbolOpInterfaceRef};
use rustc_hash::{FxHashMap, FxHashSet};

/// The IR the counts are read from.
#[derive(Clone, Copy)]
pub struct View<'a> {
    pub ctx: &'a Context,
    pub registry: &'a Registry,
    pub ir: &'a Ir,
}

/// The discardable nodes a callable refers to.
#[derive(Default)]
struct User {
    /// From the callable op's own attributes (counted once each).
    top_level: FxHashSet<NodeId>,
    /// From the ops inside it, with their counts.
    inner: FxHashMap<NodeId, i64>,
}

#[derive(Default)]
pub struct UseList {
    /// Discardable nodes and how many uses each has.
    discardable: FxHashMap<NodeId, i64>,
    users: FxHashMap<NodeId, User>,
}

impl UseList {
    /// Counts the uses in the IR under `root` (a symbol table).
    pub fn new(v: View<'_>, cg: &CallGraph, symbols: &mut Symbols, root: OpId) -> Self {
        let mut list = UseList::default();
        let mut always_live: Vec<NodeId> = Vec::new();
        let visible = v.ir.op_block(root).is_none();
        let mut tables = Vec::new();
        symbol_tables(v, root, visible, &mut tables);
        for (table, all_visible) in tables {
            let ops: Vec<OpId> =
                v.ir.regions(table)
                    .first()
                    .map(|&r| {
                        v.ir.region_blocks(r)
                            .flat_map(|b| v.ir.block_ops(b))
                            .collect()
                    })
                    .unwrap_or_default();
            for op in ops {
                if let Some(node) = callable_node(v, cg, op) {
                    let symbol =
                        ods_runtime::interface::<SymbolOpInterfaceRef>(v.registry, v.ir, op);
                    if let Some(s) = symbol {
                        if (all_visible || s.is_private(v.ctx, v.ir))
                            && s.can_discard_on_use_empty(v.ctx, v.ir)
                        {
                            list.discardable.entry(node).or_insert(0);
                        }
                    }
                    continue;
                }
                referenced_nodes(v, cg, symbols, op, &mut |n, _| always_live.push(n));
            }
        }
        for n in always_live {
            list.discardable.remove(&n);
        }
        for node in cg.callable_nodes() {
            list.recompute(v, cg, symbols, node);
        }
        list
    }

    /// Counts again the uses held by `node` (after its body changed).
    pub fn recompute(&mut self, v: View<'_>, cg: &CallGraph, symbols: &mut Symbols, node: NodeId) {
        let Some(parent) = parent_op(v, cg, node) else {
            return;
        };
        let old = self.users.remove(&node).unwrap_or_default();
        self.decrement(&old);
        let mut user = User::default();
        let discardable = &mut self.discardable;
        referenced_nodes(v, cg, symbols, parent, &mut |n, by| {
            let Some(count) = discardable.get_mut(&n) else {
                return;
            };
            if by != parent {
                *user.inner.entry(n).or_insert(0) += 1;
            } else if !user.top_level.insert(n) {
                return;
            }
            *count += 1;
        });
        self.users.insert(node, user);
    }

    /// Forgets the uses `call` (inside `user`) held.
    pub fn drop_call_uses(
        &mut self,
        v: View<'_>,
        cg: &CallGraph,
        symbols: &mut Symbols,
        user: NodeId,
        call: OpId,
    ) {
        let refs = self.users.entry(user).or_default();
        let discardable = &mut self.discardable;
        referenced_nodes(v, cg, symbols, call, &mut |n, _| {
            if let Some(c) = refs.inner.get_mut(&n) {
                *c -= 1;
                *discardable.entry(n).or_insert(0) -= 1;
            }
        });
    }

    /// `node` is gone (with its children): its uses no longer count.
    pub fn erase(&mut self, cg: &CallGraph, node: NodeId) {
        for &(child, kind) in &cg.nodes[node].edges {
            if kind == EdgeKind::Child {
                self.erase(cg, child);
            }
        }
        if let Some(user) = self.users.remove(&node) {
            self.decrement(&user);
        }
        self.discardable.remove(&node);
    }

    /// A copy of `callee`'s body went into `caller`: its inner uses are
    /// the caller's too.
    pub fn merge_after_inlining(&mut self, callee: NodeId, caller: NodeId) {
        let inner: Vec<(NodeId, i64)> = self
            .users
            .entry(callee)
            .or_default()
            .inner
            .iter()
            .map(|(&n, &c)| (n, c))
            .collect();
        let into = self.users.entry(caller).or_default();
        for (n, c) in inner {
            *into.inner.entry(n).or_insert(0) += c;
            *self.discardable.entry(n).or_insert(0) += c;
        }
    }

    /// Whether nothing uses `node` any more.
    pub fn is_dead(&self, v: View<'_>, cg: &CallGraph, node: NodeId) -> bool {
        self.use_count_is(v, cg, node, 0)
    }

    /// Whether `node` has one use left and may go once it is inlined.
    pub fn has_one_use_and_discardable(&self, v: View<'_>, cg: &CallGraph, node: NodeId) -> bool {
        self.use_count_is(v, cg, node, 1)
    }

    fn use_count_is(&self, v: View<'_>, cg: &CallGraph, node: NodeId, n: i64) -> bool {
        let Some(op) = parent_op(v, cg, node) else {
            return false;
        };
        if ods_runtime::interface::<SymbolOpInterfaceRef>(v.registry, v.ir, op).is_none() {
            // Not a symbol: its SSA uses count.
            let query = crate::side_effects::EffectQuery {
                ctx: v.ctx,
                registry: v.registry,
                ir: v.ir,
            };
            let free = query.is_memory_effect_free(op);
            let uses: usize = v.ir.results(op).map(|r| v.ir.uses(r).count()).sum();
            return free && uses as i64 == n;
        }
        self.discardable.get(&node) == Some(&n)
    }

    fn decrement(&mut self, user: &User) {
        for &n in &user.top_level {
            *self.discardable.entry(n).or_insert(0) -= 1;
        }
        for (&n, &c) in &user.inner {
            *self.discardable.entry(n).or_insert(0) -= c;
        }
    }
}

/// The op owning `node`'s region.
pub fn parent_op(v: View<'_>, cg: &CallGraph, node: NodeId) -> Option<OpId> {
    cg.nodes.get(node)?.region.and_then(|r| v.ir.region_op(r))
}

fn callable_node(v: View<'_>, cg: &CallGraph, op: OpId) -> Option<NodeId> {
    let c = ods_runtime::interface::<CallableOpInterfaceRef>(v.registry, v.ir, op)?;
    cg.lookup(c.get_callable_region(v.ir)?)
}

/// Every symbol table at or under `op` with whether all uses of its
/// symbols are visible, inner tables first (MLIR's `walkSymbolTables`).
fn symbol_tables(v: View<'_>, op: OpId, visible: bool, out: &mut Vec<(OpId, bool)>) {
    let table = ir::symbols::is_symbol_table(v.registry, v.ir, op);
    let visible = if table {
        let symbol = ods_runtime::interface::<SymbolOpInterfaceRef>(v.registry, v.ir, op);
        visible || symbol.is_none_or(|s| s.is_private(v.ctx, v.ir))
    } else {
        true
    };
    for &r in v.ir.regions(op) {
        for b in v.ir.region_blocks(r) {
            for nested in v.ir.block_ops(b) {
                symbol_tables(v, nested, visible, out);
            }
        }
    }
    if table {
        out.push((op, visible));
    }
}

/// Calls `f(node, user)` for each symbol reference in `op` (and the ops
/// in it, not inside nested symbol tables) naming a callable with a node,
/// resolved from `op`'s parent (MLIR's `walkReferencedSymbolNodes`).
pub fn referenced_nodes(
    v: View<'_>,
    cg: &CallGraph,
    symbols: &mut Symbols,
    op: OpId,
    f: &mut dyn FnMut(NodeId, OpId),
) {
    let Some(table_op) = v.ir.parent_op(op) else {
        return;
    };
    let mut uses = Vec::new();
    symbol_uses(v, op, &mut uses);
    let mut resolved: FxHashMap<Attribute, Option<NodeId>> = FxHashMap::default();
    for (user, reference) in uses {
        let node = *resolved.entry(reference).or_insert_with(|| {
            symbols
                .lookup_nearest(v.ctx, v.registry, v.ir, table_op, reference)
                .and_then(|s| callable_node(v, cg, s))
        });
        if let Some(n) = node {
            f(n, user);
        }
    }
}

/// The symbol references of `op` and the ops in it (MLIR's
/// `getSymbolUses`): nothing when an op on the way might be a symbol
/// table nobody registered; not inside nested symbol tables.
fn symbol_uses(v: View<'_>, op: OpId, out: &mut Vec<(OpId, Attribute)>) {
    if ir::symbols::is_potentially_unknown_symbol_table(v.ctx, v.registry, v.ir, op) {
        return;
    }
    for a in [v.ir.attrs(op), v.ir.props(op)].into_iter().flatten() {
        collect_refs(v.ctx, a, &mut |r| out.push((op, r)));
    }
    if ir::symbols::is_symbol_table(v.registry, v.ir, op) {
        return;
    }
    for &r in v.ir.regions(op) {
        for b in v.ir.region_blocks(r) {
            for nested in v.ir.block_ops(b) {
                symbol_uses(v, nested, out);
            }
        }
    }
}

fn collect_refs(ctx: &Context, attr: Attribute, f: &mut dyn FnMut(Attribute)) {
    if matches!(ctx.attr_kind(attr), AttrKind::SymbolRef { .. }) {
        f(attr);
        return;
    }
    ctx.attr_sub_elements(attr, &mut |e| {
        if let SubElement::Attr(a) = e {
            collect_refs(ctx, a, f);
        }
    });
}

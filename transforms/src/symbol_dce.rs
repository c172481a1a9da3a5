//! Dead symbol elimination (`--symbol-dce`, MLIR's `SymbolDCE.cpp`):
//! symbols nobody can reach are erased. A symbol stays when it is public
//! in a table visible from outside, when it cannot be discarded, or when
//! something live refers to it (ops that are not symbols are live);
//! liveness propagates through the references each live op holds, and
//! into nested symbol tables (hidden when their parent is, when they are
//! not symbols, or when they are private).
//!
//! In: a symbol-table op (`builtin.module`). Out: its dead symbols
//! erased, or the op and error that stopped the pass.

use ir::registry::VerifyError;
use ir::symbols::{is_potentially_unknown_symbol_table, is_symbol_table, SymbolTables};
use ir::{AttrKind, Attribute, Context, Ir, OpId, Registry, SubElement};
use ods_runtime::interfaces::{symbol_visibility, SymbolOpInterfaceRef, Visibility};
use rustc_hash::FxHashSet;

/// Erases the dead symbols of `root` and of the tables nested in it;
/// returns how many symbols were erased.
pub fn symbol_dce(
    ctx: &Context,
    registry: &Registry,
    ir: &mut Ir,
    root: OpId,
) -> Result<usize, (OpId, VerifyError)> {
    if !is_symbol_table(registry, ir, root) {
        return Err((
            root,
            VerifyError::op_error(
                " was scheduled to run under SymbolDCE, but does not define a symbol table",
            ),
        ));
    }
    let hidden = match (ir.parent_op(root), symbol(registry, ir, root)) {
        (Some(_), Some(s)) => s.is_private(ctx, ir),
        _ => true,
    };
    let mut live = FxHashSet::default();
    {
        let mut liveness = Liveness {
            ctx,
            registry,
            ir,
            tables: SymbolTables::new(ctx, ir, registry),
            live: &mut live,
        };
        liveness.compute(root, hidden)?;
    }
    let mut dead = Vec::new();
    collect_dead(registry, ir, root, &live, &mut dead);
    for &op in &dead {
        ir.erase_op(op);
    }
    Ok(dead.len())
}

/// A symbol op: one implementing `SymbolOpInterface`, or `builtin.module`
/// (upstream's `ModuleOp` is an optional symbol; the core registers it
/// without the generated interface).
#[derive(Clone, Copy)]
enum Symbol<'r> {
    Interface(SymbolOpInterfaceRef<'r>),
    Module(OpId),
}

impl Symbol<'_> {
    fn is_private(self, ctx: &Context, ir: &Ir) -> bool {
        match self {
            Symbol::Interface(s) => s.is_private(ctx, ir),
            Symbol::Module(op) => symbol_visibility(ctx, ir, op) == Visibility::Private,
        }
    }

    /// Upstream's default for the module: any symbol but a public one.
    fn can_discard_on_use_empty(self, ctx: &Context, ir: &Ir) -> bool {
        match self {
            Symbol::Interface(s) => s.can_discard_on_use_empty(ctx, ir),
            Symbol::Module(op) => symbol_visibility(ctx, ir, op) != Visibility::Public,
        }
    }
}

fn symbol<'r>(registry: &'r Registry, ir: &Ir, op: OpId) -> Option<Symbol<'r>> {
    if ir.op_name(op) == registry.module_name {
        return Some(Symbol::Module(op));
    }
    ods_runtime::interface::<SymbolOpInterfaceRef>(registry, ir, op).map(Symbol::Interface)
}

/// The dead symbols of every symbol table at or under `op`, inner tables
/// first (the order of a post-order walk).
fn collect_dead(
    registry: &Registry,
    ir: &Ir,
    op: OpId,
    live: &FxHashSet<OpId>,
    dead: &mut Vec<OpId>,
) {
    for &r in ir.regions(op) {
        for b in ir.region_blocks(r) {
            for nested in ir.block_ops(b) {
                collect_dead(registry, ir, nested, live, dead);
            }
        }
    }
    if !is_symbol_table(registry, ir, op) || ir.num_regions(op) == 0 {
        return;
    }
    for b in ir.region_blocks(ir.region(op, 0)) {
        for child in ir.block_ops(b) {
            if symbol(registry, ir, child).is_some() && !live.contains(&child) {
                dead.push(child);
            }
        }
    }
}

struct Liveness<'a, 'l> {
    ctx: &'a Context,
    registry: &'a Registry,
    ir: &'a Ir,
    tables: SymbolTables<'a>,
    live: &'l mut FxHashSet<OpId>,
}

impl Liveness<'_, '_> {
    /// Marks what is live in `table`; `hidden`: nothing outside the table
    /// can refer into it.
    fn compute(&mut self, table: OpId, hidden: bool) -> Result<(), (OpId, VerifyError)> {
        let (ctx, ir, registry) = (self.ctx, self.ir, self.registry);
        let mut worklist: Vec<OpId> = Vec::new();
        if ir.num_regions(table) > 0 {
            for b in ir.region_blocks(ir.region(table, 0)) {
                for op in ir.block_ops(b) {
                    let Some(s) = symbol(registry, ir, op) else {
                        worklist.push(op);
                        continue;
                    };
                    let discardable =
                        (hidden || s.is_private(ctx, ir)) && s.can_discard_on_use_empty(ctx, ir);
                    if !discardable && self.live.insert(op) {
                        worklist.push(op);
                    }
                }
            }
        }
        while let Some(op) = worklist.pop() {
            if is_symbol_table(registry, ir, op) {
                let s = symbol(registry, ir, op);
                let nested_hidden = hidden || s.is_none_or(|s| s.is_private(ctx, ir));
                self.compute(op, nested_hidden)?;
            } else {
                // The uses inside a live op that is not a table count as
                // its own: look at every op with regions directly in it.
                for &r in ir.regions(op) {
                    for b in ir.region_blocks(r) {
                        worklist.extend(ir.block_ops(b).filter(|&n| ir.num_regions(n) > 0));
                    }
                }
            }
            let Some(parent) = ir.parent_op(op) else {
                continue;
            };
            if !is_symbol_table(registry, ir, parent) {
                continue;
            }
            let mut refs = Vec::new();
            if !self.symbol_uses(op, &mut refs) {
                return Err((
                    op,
                    VerifyError::new(
                        "operation contains potentially unknown symbol table, meaning that we can't reliable compute symbol uses",
                    ),
                ));
            }
            for r in refs {
                if let Some(resolved) = self.resolve(parent, r) {
                    for s in resolved {
                        if self.live.insert(s) {
                            worklist.push(s);
                        }
                    }
                }
            }
        }
        Ok(())
    }

    /// The symbol references held by `op` and the ops nested in it (not
    /// looking inside nested symbol tables); false when an op on the way
    /// might be a symbol table nobody registered.
    fn symbol_uses(&self, op: OpId, refs: &mut Vec<Attribute>) -> bool {
        let (ctx, ir, registry) = (self.ctx, self.ir, self.registry);
        if is_potentially_unknown_symbol_table(ctx, registry, ir, op) {
            return false;
        }
        for a in [ir.attrs(op), ir.props(op)].into_iter().flatten() {
            collect_refs(ctx, a, refs);
        }
        if is_symbol_table(registry, ir, op) {
            return true;
        }
        for &r in ir.regions(op) {
            for b in ir.region_blocks(r) {
                for nested in ir.block_ops(b) {
                    if !self.symbol_uses(nested, refs) {
                        return false;
                    }
                }
            }
        }
        true
    }

    /// The symbols `reference` names from `table`, outermost first: the
    /// root, each nested table, the leaf (`None` when one is missing).
    fn resolve(&mut self, table: OpId, reference: Attribute) -> Option<Vec<OpId>> {
        let AttrKind::SymbolRef { root, nested } = self.ctx.attr_kind(reference) else {
            return None;
        };
        let mut found = vec![self
            .tables
            .lookup_in(table, self.ctx.str(*root).as_bytes())?];
        for &name in nested.iter() {
            let at = *found.last()?;
            if !is_symbol_table(self.registry, self.ir, at) {
                return None;
            }
            found.push(self.tables.lookup_in(at, self.ctx.str(name).as_bytes())?);
        }
        Some(found)
    }
}

/// Every symbol reference in `attr`, depth first.
fn collect_refs(ctx: &Context, attr: Attribute, refs: &mut Vec<Attribute>) {
    if matches!(ctx.attr_kind(attr), AttrKind::SymbolRef { .. }) {
        refs.push(attr);
        return;
    }
    ctx.attr_sub_elements(attr, &mut |e| {
        if let SubElement::Attr(a) = e {
            collect_refs(ctx, a, refs);
        }
    });
}

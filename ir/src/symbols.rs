//! Symbols and symbol tables: names, lookups and the symbol-table check.
//!
//! In: ops carrying `sym_name` (symbols) inside ops with
//! [`OpTraits::SYMBOL_TABLE`], and `@a::@b` references to them. Out:
//! lookups of references from a user op (nearest enclosing table first, as
//! MLIR's `SymbolTable::lookupNearestSymbolFrom`), through a
//! [`SymbolTables`] cache that builds each table's name map once, so
//! resolving N uses costs O(N); and [`verify_symbol_table`], MLIR's
//! `SymbolTable` trait verifier: unique names, then every registered
//! symbol user in the table's scope resolves its references
//! ([`crate::OpInfo::verify_symbol_uses`]).

use crate::context::Context;
use crate::graph::{Ir, OpId, RegionId};
/// Declared with the registry, whose symbol-use hooks get it.
pub use crate::registry::SymbolTables;
use crate::registry::{OpTraits, Registry, VerifyError};
use crate::AttrKind;
use rustc_hash::FxHashMap;
use std::cell::Cell;

thread_local! {
    /// The symbol whose registered hooks the verifier is running, and
    /// whether its parent is a registered op without the `SymbolTable`
    /// trait (see [`symbol_parent_lacks_symbol_table`]).
    static SYMBOL_UNDER_VERIFICATION: Cell<Option<(OpId, bool)>> = const { Cell::new(None) };
}

/// Whether symbol `op`'s parent is a registered op that is no symbol
/// table: the last check of `SymbolOpInterface`'s verifier, which runs
/// inside the op's trait checks, where upstream makes it. Answering needs
/// the registry, which the generated verifiers do not get: the core
/// verifier records the answer while it runs `op`'s hooks (see
/// [`while_verifying_symbol`]). `false` outside of that (the core
/// verifier still makes the check after the hooks, for ops registered by
/// hand).
pub fn symbol_parent_lacks_symbol_table(op: OpId) -> bool {
    SYMBOL_UNDER_VERIFICATION.with(|c| c.get()) == Some((op, true))
}

/// Runs `f` (the registered hooks of symbol `op`) with the answer
/// [`symbol_parent_lacks_symbol_table`] gives for `op`.
pub(crate) fn while_verifying_symbol<R>(
    op: OpId,
    parent_lacks_table: bool,
    f: impl FnOnce() -> R,
) -> R {
    let outer = SYMBOL_UNDER_VERIFICATION.with(|c| c.replace(Some((op, parent_lacks_table))));
    let result = f();
    SYMBOL_UNDER_VERIFICATION.with(|c| c.set(outer));
    result
}

/// The `sym_name` of an op: a string in its properties, else in its
/// attributes (MLIR's `getAttrOfType<StringAttr>("sym_name")`).
pub fn symbol_name<'c>(ctx: &'c Context, ir: &Ir, op: OpId) -> Option<&'c [u8]> {
    for dict in [ir.props(op), ir.attrs(op)].into_iter().flatten() {
        if let AttrKind::Dictionary(entries) = ctx.attr_kind(dict) {
            for e in entries.iter() {
                if ctx.str(e.name) == "sym_name" {
                    if let AttrKind::String { value, .. } = ctx.attr_kind(e.value) {
                        return Some(value);
                    }
                }
            }
        }
    }
    None
}

/// The op directly inside symbol table `table` whose `sym_name` is `name`,
/// by a linear scan (use [`SymbolTables::lookup_in`] for repeated lookups).
pub fn lookup_symbol(ctx: &Context, ir: &Ir, table: OpId, name: &[u8]) -> Option<OpId> {
    table_ops(ir, table).find(|&op| symbol_name(ctx, ir, op) == Some(name))
}

/// The ops of a symbol table's body: those of the first block of its first
/// region (where MLIR looks symbols up).
fn table_ops(ir: &Ir, table: OpId) -> impl Iterator<Item = OpId> + '_ {
    let block = (ir.num_regions(table) > 0)
        .then(|| ir.region_blocks(ir.region(table, 0)).next())
        .flatten();
    block.into_iter().flat_map(|b| ir.block_ops(b))
}

/// Whether `op` has the symbol-table trait.
pub fn is_symbol_table(registry: &Registry, ir: &Ir, op: OpId) -> bool {
    registry
        .traits(ir.op_name(op))
        .contains(OpTraits::SYMBOL_TABLE)
}

/// An op of a dialect that is not registered, with one region: it might
/// hold a symbol table nobody told us about, so lookups through it give up
/// (MLIR's `isPotentiallyUnknownSymbolTable`).
pub fn is_potentially_unknown_symbol_table(
    ctx: &Context,
    registry: &Registry,
    ir: &Ir,
    op: OpId,
) -> bool {
    if ir.num_regions(op) != 1 || registry.op(ir.op_name(op)).is_some() {
        return false;
    }
    let name = ctx.str(ir.op_name(op));
    !name
        .split_once('.')
        .is_some_and(|(dialect, _)| registry.has_dialect(ctx, dialect))
}

/// The nearest symbol table at or above `op` (`op` itself when it is one),
/// or `None` when there is none or the walk meets an op that might be an
/// unknown symbol table (MLIR's `SymbolTable::getNearestSymbolTable`).
pub fn nearest_symbol_table(ctx: &Context, registry: &Registry, ir: &Ir, op: OpId) -> Option<OpId> {
    let mut cur = op;
    loop {
        if is_potentially_unknown_symbol_table(ctx, registry, ir, cur) {
            return None;
        }
        if is_symbol_table(registry, ir, cur) {
            return Some(cur);
        }
        cur = ir.parent_op(cur)?;
    }
}

impl<'a> SymbolTables<'a> {
    pub fn new(ctx: &'a Context, ir: &'a Ir, registry: &'a Registry) -> Self {
        SymbolTables {
            ctx,
            ir,
            registry,
            tables: FxHashMap::default(),
        }
    }

    /// The symbol named `name` directly inside `table`; the table's names
    /// are gathered on its first lookup. The first definition wins when a
    /// name repeats (the uniqueness check reports those).
    pub fn lookup_in(&mut self, table: OpId, name: &[u8]) -> Option<OpId> {
        let (ctx, ir) = (self.ctx, self.ir);
        let map = self.tables.entry(table).or_insert_with(|| {
            let mut map = FxHashMap::default();
            for op in table_ops(ir, table) {
                if let Some(n) = symbol_name(ctx, ir, op) {
                    map.entry(n).or_insert(op);
                }
            }
            map
        });
        map.get(name).copied()
    }

    /// Resolves the symbol reference `symbol` (`@root::@a::@leaf`) in
    /// `table`: every reference but the leaf must name a nested symbol
    /// table. `None` when any step fails or `symbol` is not a reference.
    pub fn lookup_ref_in(&mut self, table: OpId, symbol: crate::Attribute) -> Option<OpId> {
        let AttrKind::SymbolRef { root, nested } = self.ctx.attr_kind(symbol) else {
            return None;
        };
        let mut found = self.lookup_in(table, self.ctx.str(*root).as_bytes())?;
        for &name in nested.iter() {
            if !is_symbol_table(self.registry, self.ir, found) {
                return None;
            }
            found = self.lookup_in(found, self.ctx.str(name).as_bytes())?;
        }
        Some(found)
    }

    /// Resolves `symbol` from the nearest symbol table at or above `from`
    /// (MLIR's `lookupNearestSymbolFrom`).
    pub fn lookup_nearest_from(&mut self, from: OpId, symbol: crate::Attribute) -> Option<OpId> {
        let table = nearest_symbol_table(self.ctx, self.registry, self.ir, from)?;
        self.lookup_ref_in(table, symbol)
    }
}

/// The `SymbolTable` trait's verifier, run on the table op after
/// everything nested in it verified: one region with one block, unique
/// symbol names in it, then each registered op with a
/// [`crate::OpInfo::verify_symbol_uses`] hook in the table's scope (not
/// inside nested tables, which check their own) resolves its references.
/// Users are visited in MLIR's order (a region's ops, then the regions met
/// there, last first), so the first error is the one `mlir-opt` reports.
pub fn verify_symbol_table(tables: &mut SymbolTables<'_>, op: OpId) -> Result<(), VerifyError> {
    let (ctx, ir, registry) = (tables.ctx, tables.ir, tables.registry);
    if ir.num_regions(op) != 1 {
        return Err(VerifyError::op_error(
            "Operations with a 'SymbolTable' must have exactly one region",
        ));
    }
    let region = ir.region(op, 0);
    if ir.region_blocks(region).count() != 1 {
        return Err(VerifyError::op_error(
            "Operations with a 'SymbolTable' must have exactly one block",
        ));
    }
    let mut seen: FxHashMap<&[u8], OpId> = FxHashMap::default();
    for inner in table_ops(ir, op) {
        if let Some(name) = symbol_name(ctx, ir, inner) {
            if let Some(&prev) = seen.get(name) {
                return Err(VerifyError::new(format!(
                    "redefinition of symbol named '{}'",
                    String::from_utf8_lossy(name)
                ))
                .on(inner)
                .with_note(Some(ir.op_loc(prev)), "see existing symbol definition here"));
            }
            seen.insert(name, inner);
        }
    }
    // No op that checks its symbol uses was ever made in this IR: no
    // user to find (a walk of every op otherwise).
    if !registry
        .symbol_users()
        .iter()
        .any(|&name| ir.may_hold_op_named(name))
    {
        return Ok(());
    }
    let mut worklist: Vec<RegionId> = vec![region];
    while let Some(r) = worklist.pop() {
        for b in ir.region_blocks(r) {
            for user in ir.block_ops(b) {
                let info = registry.op(ir.op_name(user));
                if let Some(f) = info.and_then(|i| i.verify_symbol_uses) {
                    f(tables, user).map_err(|mut e| {
                        e.op.get_or_insert(user);
                        e
                    })?;
                }
                if !info.is_some_and(|i| i.traits.contains(OpTraits::SYMBOL_TABLE)) {
                    worklist.extend(ir.regions(user).iter().copied());
                }
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parser::ops::parse_source;
    use crate::registry::OpInfo;
    use crate::verifier::verify_all;
    use crate::{SourceFile, SourceManager};

    /// `test.call {callee = @sym}`: its callee must resolve to a
    /// `test.func` (func.call's check, worded as MLIR words it).
    fn verify_call(tables: &mut SymbolTables<'_>, op: OpId) -> Result<(), VerifyError> {
        let (ctx, ir) = (tables.ctx, tables.ir);
        let callee = ir
            .attrs(op)
            .and_then(|d| match ctx.attr_kind(d) {
                AttrKind::Dictionary(es) => es.iter().find(|e| ctx.str(e.name) == "callee"),
                _ => None,
            })
            .map(|e| e.value)
            .ok_or_else(|| VerifyError::op_error("requires attribute 'callee'"))?;
        let found = tables.lookup_nearest_from(op, callee);
        if found.is_some_and(|f| ctx.str(ir.op_name(f)) == "test.func") {
            return Ok(());
        }
        let name = match ctx.attr_kind(callee) {
            AttrKind::SymbolRef { root, .. } => ctx.str(*root),
            _ => "",
        };
        Err(VerifyError::op_error(format!(
            "'{name}' does not reference a valid function"
        )))
    }

    fn registry(ctx: &mut Context) -> Registry {
        let mut reg = Registry::new(ctx);
        reg.add_dialect(ctx, "test");
        let f = ctx.ident("test.func");
        reg.add_op(OpInfo::new(
            f,
            OpTraits::ISOLATED_FROM_ABOVE | OpTraits::SYMBOL,
        ));
        let r = ctx.ident("test.return");
        reg.add_op(OpInfo::new(r, OpTraits::TERMINATOR));
        let c = ctx.ident("test.call");
        let mut call = OpInfo::new(c, OpTraits::default());
        call.verify_symbol_uses = Some(verify_call);
        reg.add_op(call);
        reg
    }

    /// The first line of each diagnostic, or "ok".
    fn check(src: &str) -> String {
        let mut ctx = Context::new();
        ctx.allow_unregistered_dialects = true;
        let reg = registry(&mut ctx);
        let mut sm = SourceManager::new();
        let i = sm.add(SourceFile::new("t.mlir", src));
        let (ir, m) = match parse_source(&mut ctx, &reg, sm.file(i)) {
            Ok(parsed) => parsed,
            Err(d) => return sm.render(&d),
        };
        let diags = verify_all(&ctx, &ir, &reg, m, Some(&sm), false);
        if diags.is_empty() {
            return "ok".into();
        }
        let lines: Vec<String> = diags
            .iter()
            .map(|d| sm.render(d).lines().next().unwrap_or_default().to_string())
            .collect();
        lines.join("\n")
    }

    fn func(name: &str, body: &str) -> String {
        format!("\"test.func\"() ({{\n{body}  \"test.return\"() : () -> ()\n}}) {{sym_name = \"{name}\"}} : () -> ()\n")
    }

    // Expected lines: mlir-opt 22 on the same layout with func.func,
    // func.call and func.return (and `module @g {}` for the table).

    #[test]
    fn calls_resolve_or_are_reported_like_func_call() {
        let call = |s: &str| format!("  \"test.call\"() {{callee = @{s}}} : () -> ()\n");
        assert_eq!(check(&(func("g", "") + &func("f", &call("g")))), "ok");
        assert_eq!(
            check(&func("f", &call("g"))),
            "t.mlir:2:3: error: 'test.call' op 'g' does not reference a valid function"
        );
        // A symbol that is not a function.
        let src = "module @g {\n}\n".to_string() + &func("f", &call("g"));
        assert_eq!(
            check(&src),
            "t.mlir:4:3: error: 'test.call' op 'g' does not reference a valid function"
        );
        // Calls in the same region come before calls in nested regions, and
        // the last function's body is walked first.
        let nested =
            "  \"t.r\"() ({\n    \"test.call\"() {callee = @c} : () -> ()\n  }) : () -> ()\n";
        assert_eq!(
            check(&func("f", &(nested.to_string() + &call("b")))),
            "t.mlir:5:3: error: 'test.call' op 'b' does not reference a valid function"
        );
        assert_eq!(
            check(&(func("f", nested) + &func("h", &call("b")))),
            "t.mlir:8:3: error: 'test.call' op 'b' does not reference a valid function"
        );
    }

    #[test]
    fn lookups_stop_at_the_nearest_table_and_unknown_ones() {
        let inner = "  \"test.func\"() ({\n    \"test.call\"() {callee = @g} : () -> ()\n    \"test.return\"() : () -> ()\n  }) {sym_name = \"f\"} : () -> ()\n";
        let src = func("g", "")
            + "\"builtin.module\"() ({\n"
            + inner
            + "}) {sym_name = \"m\"} : () -> ()\n";
        assert_eq!(
            check(&src),
            "t.mlir:6:5: error: 'test.call' op 'g' does not reference a valid function"
        );
        // One region of an unregistered op might be a symbol table...
        let one = "  \"t.r\"() ({\n    \"test.call\"() {callee = @g} : () -> ()\n  }) : () -> ()\n";
        assert_eq!(
            check(&(func("g", "") + &func("f", one))),
            "t.mlir:6:5: error: 'test.call' op 'g' does not reference a valid function"
        );
        // ...two regions are not.
        let two = "  \"t.r\"() ({\n    \"test.call\"() {callee = @g} : () -> ()\n  }, {\n  }) : () -> ()\n";
        assert_eq!(check(&(func("g", "") + &func("f", two))), "ok");
    }

    #[test]
    fn symbol_checks_wait_for_everything_nested() {
        let call = "  \"test.call\"() {callee = @missing} : () -> ()\n";
        let bad_body = "  \"test.return\"() : () -> ()\n  \"test.return\"() : () -> ()\n";
        // The error inside @h is reported; the table's checks never run.
        let src = func("f", call) + &func("h", bad_body);
        assert_eq!(
            check(&src),
            "t.mlir:6:3: error: 'test.return' op must be the last operation in the parent block"
        );
        // Uniqueness, too, is checked on the way out.
        let dup = "\"t.a\"() {sym_name = \"x\"} : () -> ()\n";
        let src = func("f", "  \"test.call\"() {callee = @f} : () -> ()\n") + dup + dup;
        assert_eq!(
            check(&src),
            "t.mlir:6:1: error: redefinition of symbol named 'x'"
        );
    }

    #[test]
    fn nested_references_walk_nested_tables() {
        let mut ctx = Context::new();
        ctx.allow_unregistered_dialects = true;
        let reg = registry(&mut ctx);
        let src = "\"builtin.module\"() ({\n  \"builtin.module\"() ({\n    \"t.s\"() {sym_name = \"g\"} : () -> ()\n  }) {sym_name = \"b\"} : () -> ()\n}) {sym_name = \"a\"} : () -> ()\n\"t.s\"() {sym_name = \"leaf\"} : () -> ()\n";
        let file = SourceFile::new("t.mlir", src);
        let (ir, top) = parse_source(&mut ctx, &reg, &file).unwrap();
        let a_b_g = ctx.symbol_ref_attr("a", &["b", "g"]);
        let a_b = ctx.symbol_ref_attr("a", &["b"]);
        let leaf_x = ctx.symbol_ref_attr("leaf", &["x"]);
        let a_x_g = ctx.symbol_ref_attr("a", &["x", "g"]);
        let mut tables = SymbolTables::new(&ctx, &ir, &reg);
        let g = tables.lookup_ref_in(top, a_b_g).unwrap();
        assert_eq!(symbol_name(&ctx, &ir, g), Some(&b"g"[..]));
        let b = tables.lookup_ref_in(top, a_b).unwrap();
        assert_eq!(ir.parent_op(g), Some(b));
        // `leaf` is no symbol table, `x` is not there.
        assert_eq!(tables.lookup_ref_in(top, leaf_x), None);
        assert_eq!(tables.lookup_ref_in(top, a_x_g), None);
        // From inside @b the nearest table is @b itself.
        assert_eq!(nearest_symbol_table(&ctx, &reg, &ir, g), Some(b));
        assert_eq!(nearest_symbol_table(&ctx, &reg, &ir, b), Some(b));
    }
}

//! The module-level ops' checks (spec: the last block of `LLVMOps.ods`):
//! `llvm.comdat` and the `comdat(@c::@sel)` of globals and functions,
//! `llvm.mlir.global_ctors` / `global_dtors`, `llvm.linker_options`,
//! `llvm.module_flags` and its `#llvm.mlir.module_flag` (upstream's
//! `ComdatOp::verifyRegions`, `verifyComdat`, `GlobalCtorsOp::verify`,
//! `verifySymbolUses`, `ModuleFlagAttr::verify`, ...), with upstream's
//! messages.
//!
//! The checks that run in `verify_op` have no registry at hand, so symbol
//! tables are known by name here: `builtin.module` (upstream's
//! `satisfiesLLVMModule`: a symbol table isolated from above) and
//! `llvm.comdat`.

use ods_runtime::ir::print_buffer::PrintBuffer;
use ods_runtime::ir::printer::attrs::write_escaped_string;
use ods_runtime::ir::registry::VerifyError;
use ods_runtime::ir::symbols::{lookup_symbol, SymbolTables};
use ods_runtime::ir::{AttrKind, Attribute, Context, Ir, OpId};
use ods_runtime::op::inherent_attr;

use crate::{
    ModFlagBehavior, ModuleFlagAttr, ModuleFlagCGProfileEntryAttr, ModuleFlagProfileSummaryAttr,
    ZeroAttr,
};

/// The key whose value is a list of `#llvm.cgprofile_entry`
/// (upstream's `LLVMDialect::getModuleFlagKeyCGProfileName`).
pub const CG_PROFILE_KEY: &str = "CG Profile";
/// The key whose value is a `#llvm.profile_summary`.
pub const PROFILE_SUMMARY_KEY: &str = "ProfileSummary";

fn op_name<'c>(ctx: &'c Context, ir: &Ir, op: OpId) -> &'c str {
    ctx.str(ir.op_name(op))
}

/// Whether `op` may hold the module-level ops (upstream's
/// `satisfiesLLVMModule`).
fn is_llvm_module(ctx: &Context, ir: &Ir, op: OpId) -> bool {
    op_name(ctx, ir, op) == "builtin.module"
}

fn is_symbol_table(ctx: &Context, ir: &Ir, op: OpId) -> bool {
    is_llvm_module(ctx, ir, op) || op_name(ctx, ir, op) == "llvm.comdat"
}

/// `must appear at the module level` unless `op` is at the top or in a
/// module.
fn verify_module_level(ctx: &Context, ir: &Ir, op: OpId) -> Result<(), VerifyError> {
    match ir.parent_op(op) {
        Some(parent) if !is_llvm_module(ctx, ir, parent) => {
            Err(VerifyError::op_error("must appear at the module level"))
        }
        _ => Ok(()),
    }
}

/// The op `symbol` (`@c::@sel`) names, looked up from the nearest symbol
/// table above `from` (upstream's `SymbolTable::lookupNearestSymbolFrom`).
fn lookup_nearest(ctx: &Context, ir: &Ir, from: OpId, symbol: Attribute) -> Option<OpId> {
    let AttrKind::SymbolRef { root, nested } = ctx.attr_kind(symbol) else {
        return None;
    };
    let mut table = from;
    while !is_symbol_table(ctx, ir, table) {
        table = ir.parent_op(table)?;
    }
    let mut found = lookup_symbol(ctx, ir, table, ctx.str(*root).as_bytes())?;
    for &name in nested.iter() {
        if !is_symbol_table(ctx, ir, found) {
            return None;
        }
        found = lookup_symbol(ctx, ir, found, ctx.str(name).as_bytes())?;
    }
    Some(found)
}

/// The `comdat` of an `llvm.mlir.global` or `llvm.func` names an
/// `llvm.comdat_selector` (upstream's `verifyComdat`).
pub fn verify_comdat(ctx: &Context, ir: &Ir, op: OpId) -> Result<(), VerifyError> {
    match inherent_attr(ctx, ir, op, "comdat") {
        Some(_) if comdat_selector(ctx, ir, op).is_none() => {
            Err(VerifyError::new("expected comdat symbol"))
        }
        _ => Ok(()),
    }
}

/// The `llvm.comdat_selector` the `comdat` of a global or function names,
/// if it names one.
pub fn comdat_selector(ctx: &Context, ir: &Ir, op: OpId) -> Option<OpId> {
    let comdat = inherent_attr(ctx, ir, op, "comdat")?;
    lookup_nearest(ctx, ir, op, comdat)
        .filter(|&sel| op_name(ctx, ir, sel) == "llvm.comdat_selector")
}

/// `llvm.comdat`'s region holds selectors only.
pub fn verify_comdat_regions(ctx: &Context, ir: &Ir, op: OpId) -> Result<(), VerifyError> {
    for region in ir.regions(op) {
        for block in ir.region_blocks(*region) {
            if let Some(other) = ir
                .block_ops(block)
                .find(|&o| op_name(ctx, ir, o) != "llvm.comdat_selector")
            {
                return Err(VerifyError::new(
                    "only comdat selector symbols can appear in a comdat region",
                )
                .on(other));
            }
        }
    }
    Ok(())
}

fn array<'c>(ctx: &'c Context, ir: &Ir, op: OpId, name: &str) -> &'c [Attribute] {
    match inherent_attr(ctx, ir, op, name).map(|a| ctx.attr_kind(a)) {
        Some(AttrKind::Array(elements)) => elements,
        _ => &[],
    }
}

/// `llvm.mlir.global_ctors` (`what` = `ctors`) and `global_dtors`: the
/// data are symbols or `#llvm.zero`, the three lists of one length.
pub fn verify_xtors(ctx: &Context, ir: &Ir, op: OpId, what: &str) -> Result<(), VerifyError> {
    let data = array(ctx, ir, op, "data");
    let is_data = |&a: &Attribute| {
        matches!(ctx.attr_kind(a), AttrKind::SymbolRef { nested, .. } if nested.is_empty())
            || ZeroAttr::from_attr(ctx, a).is_some()
    };
    if !data.iter().all(is_data) {
        return Err(VerifyError::new(
            "data element must be symbol or #llvm.zero",
        ));
    }
    let fns = array(ctx, ir, op, what).len();
    if fns == array(ctx, ir, op, "priorities").len() && fns == data.len() {
        return Ok(());
    }
    Err(VerifyError::new(format!(
        "{what}, priorities, and data must have the same number of elements"
    )))
}

/// Each of the ctors' (dtors') symbols is an `llvm.func` with a body
/// (upstream's `verifySymbolAttrUse`).
pub fn verify_xtor_symbols(
    tables: &mut SymbolTables<'_>,
    op: OpId,
    what: &str,
) -> Result<(), VerifyError> {
    let (ctx, ir) = (tables.ctx, tables.ir);
    for &sym in array(ctx, ir, op, what) {
        let AttrKind::SymbolRef { root, .. } = ctx.attr_kind(sym) else {
            continue;
        };
        let name = ctx.str(*root);
        let func = tables
            .lookup_nearest_from(op, sym)
            .filter(|&f| op_name(ctx, ir, f) == "llvm.func");
        let Some(func) = func else {
            return Err(VerifyError::op_error(format!(
                "'{name}' does not reference a valid LLVM function"
            )));
        };
        if ir.num_regions(func) == 0 || ir.region_is_empty(ir.region(func, 0)) {
            return Err(VerifyError::op_error(format!(
                "'{name}' does not have a definition"
            )));
        }
    }
    Ok(())
}

/// `llvm.linker_options`: at the module level.
pub fn verify_linker_options(ctx: &Context, ir: &Ir, op: OpId) -> Result<(), VerifyError> {
    verify_module_level(ctx, ir, op)
}

/// `llvm.module_flags`: at the module level, every flag a
/// `#llvm.mlir.module_flag`.
pub fn verify_module_flags(ctx: &Context, ir: &Ir, op: OpId) -> Result<(), VerifyError> {
    verify_module_level(ctx, ir, op)?;
    if array(ctx, ir, op, "flags")
        .iter()
        .any(|&f| ModuleFlagAttr::from_attr(ctx, f).is_none())
    {
        return Err(VerifyError::op_error("expected a module flag attribute"));
    }
    Ok(())
}

impl ModuleFlagAttr {
    /// The value a key takes: `CG Profile` a list of
    /// `#llvm.cgprofile_entry`, `ProfileSummary` a `#llvm.profile_summary`,
    /// any other key an integer or a string.
    pub(crate) fn verify(
        ctx: &Context,
        _behavior: &ModFlagBehavior,
        key: &String,
        value: &Attribute,
    ) -> Result<(), String> {
        if key == CG_PROFILE_KEY {
            let entries = match ctx.attr_kind(*value) {
                AttrKind::Array(elements) => elements
                    .iter()
                    .all(|&e| ModuleFlagCGProfileEntryAttr::from_attr(ctx, e).is_some()),
                _ => false,
            };
            if !entries {
                return Err("'CG Profile' key expects an array of '#llvm.cgprofile_entry'".into());
            }
            return Ok(());
        }
        if key == PROFILE_SUMMARY_KEY {
            if ModuleFlagProfileSummaryAttr::from_attr(ctx, *value).is_none() {
                return Err(
                    "'ProfileSummary' key expects a '#llvm.profile_summary' attribute".into(),
                );
            }
            return Ok(());
        }
        if matches!(
            ctx.attr_kind(*value),
            AttrKind::Integer { .. } | AttrKind::String { .. }
        ) {
            return Ok(());
        }
        let mut quoted = PrintBuffer::new();
        write_escaped_string(&mut quoted, key.as_bytes());
        Err(format!(
            "only integer and string values are currently supported for unknown key '{}'",
            quoted.into_string_lossy()
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{assert_verify_errors, nth_op, parse_module, registry};

    #[test]
    fn comdat_references_resolve_through_the_comdat() {
        let (ctx, _reg, ir, root) = parse_module(
            "llvm.comdat @c {\n  llvm.comdat_selector @s any\n}\n\
             llvm.comdat_selector @flat largest\n\
             llvm.func @f() comdat(@c::@s) {\n  llvm.return\n}\n\
             llvm.mlir.global external @g(0 : i32) comdat(@flat) : i32\n\
             llvm.func @h()\n",
        );
        let sel = nth_op(&ctx, &ir, root, "llvm.comdat_selector", 0);
        let flat = nth_op(&ctx, &ir, root, "llvm.comdat_selector", 1);
        let f = nth_op(&ctx, &ir, root, "llvm.func", 0);
        let h = nth_op(&ctx, &ir, root, "llvm.func", 1);
        let g = nth_op(&ctx, &ir, root, "llvm.mlir.global", 0);
        assert_eq!(comdat_selector(&ctx, &ir, f), Some(sel));
        assert_eq!(comdat_selector(&ctx, &ir, g), Some(flat));
        assert_eq!(comdat_selector(&ctx, &ir, h), None);
    }

    #[test]
    fn module_flag_values_are_checked_by_key() {
        let (mut ctx, _reg, _ir, _root) = parse_module("");
        let int = ods_runtime::attr::integer(&mut ctx, 32, 4);
        let text = ctx.string_attr(b"s");
        let empty = ctx.array_attr(&[]);
        let ok = |ctx: &mut Context, key: &str, value| {
            ModuleFlagAttr::get(ctx, ModFlagBehavior::Error, key.to_string(), value).is_ok()
        };
        assert!(ok(&mut ctx, "wchar_size", int));
        assert!(ok(&mut ctx, "probe-stack", text));
        assert!(ok(&mut ctx, CG_PROFILE_KEY, empty));
        assert!(!ok(&mut ctx, CG_PROFILE_KEY, int));
        assert!(!ok(&mut ctx, PROFILE_SUMMARY_KEY, int));
        assert!(!ok(&mut ctx, "other", empty));
    }

    #[test]
    fn ctor_lists_and_placement_are_checked() {
        assert_verify_errors(
            registry,
            &[
                (
                    "llvm.func @c() {\n  llvm.return\n}\nllvm.mlir.global_ctors ctors = [@c], priorities = [], data = []\n",
                    "4:1: ctors, priorities, and data must have the same number of elements",
                ),
                (
                    "llvm.func @f() {\n  llvm.linker_options []\n  llvm.return\n}\n",
                    "2:3: 'llvm.linker_options' op must appear at the module level",
                ),
            ],
        );
    }
}

//! `llvm.mlir.alias`, `llvm.mlir.ifunc` and `llvm.dso_local_equivalent`:
//! the `@a = ... alias T, ptr @g` and `@f = ... ifunc T, ptr @r` lines
//! (written after the globals, each kind in a block of its own, as LLVM's
//! `AsmWriter` orders them) and the `dso_local_equivalent @f` constant.
//!
//! As `mlir-translate-22`: an alias's initializer is a constant
//! expression (the global initializers' translation); an alias's
//! `dso_local` is not carried over, an ifunc's is; an ifunc's
//! `unnamed_addr` is set but LLVM does not print it.

use ir::{Context, Ir, OpId, Registry};

use crate::constants::{const_text, symbol_name, typed_const_text, Const, Val};
use crate::function::FnBuilder;
use crate::module::{ModuleCx, TranslateError};
use crate::props::{self, attr, int_attr};
use crate::types::LTy;

fn name_of(ctx: &Context, ir: &Ir, op: OpId) -> Result<String, TranslateError> {
    attr(ctx, ir, op, "sym_name")
        .and_then(|a| props::str_of(ctx, a))
        .ok_or_else(|| TranslateError::failed(op))
}

fn type_of(ctx: &Context, ir: &Ir, op: OpId, name: &str) -> Result<LTy, TranslateError> {
    match attr(ctx, ir, op, name).map(|a| ctx.attr_kind(a)) {
        Some(ir::AttrKind::Type(t)) => crate::module::lty(ctx, op, *t),
        _ => Err(TranslateError::failed(op)),
    }
}

/// The linkage word and the ones after it (`weak hidden `), as LLVM
/// writes them for a global value: `dso_local` only when `dso_local` is
/// asked and not implied by the linkage or visibility.
fn words(ctx: &Context, ir: &Ir, op: OpId, dso_local: bool) -> String {
    let linkage = attr(ctx, ir, op, "linkage")
        .and_then(|a| dialect_llvm::LinkageAttr::from_attr(ctx, a))
        .map_or("external", |l| l.linkage(ctx).as_str());
    let visibility = int_attr(ctx, ir, op, "visibility_").unwrap_or(0);
    let mut out = String::new();
    if linkage != "external" {
        out.push_str(linkage);
        out.push(' ');
    }
    let implied = matches!(linkage, "private" | "internal") || visibility != 0;
    if dso_local && !implied {
        out.push_str("dso_local ");
    }
    match visibility {
        1 => out.push_str("hidden "),
        2 => out.push_str("protected "),
        _ => {}
    }
    out
}

/// One alias's line: `@a = private thread_local unnamed_addr alias i32,
/// ptr @g`.
pub(crate) fn alias_text(
    cx: &mut ModuleCx,
    ctx: &Context,
    ir: &Ir,
    registry: &Registry,
    op: OpId,
) -> Result<String, TranslateError> {
    const KNOWN: &[&str] = &[
        "alias_type",
        "sym_name",
        "linkage",
        "dso_local",
        "thread_local_",
        "unnamed_addr",
        "visibility_",
    ];
    if let Some(name) = props::unknown_prop(ctx, ir, op, KNOWN) {
        return Err(TranslateError::new(
            op,
            format!("cannot be converted to LLVM IR: '{name}' on an alias is not translated by ods-translate"),
        ));
    }
    let name = name_of(ctx, ir, op)?;
    let ty = type_of(ctx, ir, op, "alias_type")?;
    let aliasee = match ir.regions(op).first().filter(|r| !ir.region_is_empty(**r)) {
        Some(region) => {
            let mut fb = FnBuilder::new(cx, ctx, ir, registry);
            fb.allow_insts = false;
            fb.translate_region(*region, &[])?;
            fb.returned.take()
        }
        None => None,
    };
    let Some(aliasee) = aliasee else {
        return Err(TranslateError::failed(op));
    };
    let mut line = format!("@{} = {}", symbol_name(&name), words(ctx, ir, op, false));
    if props::flag(ctx, ir, op, "thread_local_") {
        line.push_str("thread_local ");
    }
    match int_attr(ctx, ir, op, "unnamed_addr").unwrap_or(0) {
        1 => line.push_str("local_unnamed_addr "),
        2 => line.push_str("unnamed_addr "),
        _ => {}
    }
    // LLVM writes a constant expression's type only inside it.
    let aliasee = match aliasee.as_const() {
        Some(c @ Const::Expr(_)) if !is_symbolic_address(c) => const_text(&aliasee.ty, c),
        _ => typed_const_text(&aliasee),
    };
    line.push_str(&format!("alias {ty}, {aliasee}\n"));
    Ok(line)
}

/// One ifunc's line: `@f = weak hidden ifunc float (i64), ptr @resolver`.
pub(crate) fn ifunc_text(ctx: &Context, ir: &Ir, op: OpId) -> Result<String, TranslateError> {
    const KNOWN: &[&str] = &[
        "sym_name",
        "i_func_type",
        "resolver",
        "resolver_type",
        "linkage",
        "dso_local",
        "address_space",
        "unnamed_addr",
        "visibility_",
    ];
    if let Some(name) = props::unknown_prop(ctx, ir, op, KNOWN) {
        return Err(TranslateError::new(
            op,
            format!("cannot be converted to LLVM IR: '{name}' on an ifunc is not translated by ods-translate"),
        ));
    }
    let name = name_of(ctx, ir, op)?;
    let ty = type_of(ctx, ir, op, "i_func_type")?;
    let resolver_ty = type_of(ctx, ir, op, "resolver_type")?;
    let resolver = attr(ctx, ir, op, "resolver")
        .and_then(|a| props::symbol_of(ctx, a))
        .ok_or_else(|| TranslateError::failed(op))?;
    let dso_local = props::flag(ctx, ir, op, "dso_local");
    Ok(format!(
        "@{} = {}ifunc {ty}, {resolver_ty} {}\n",
        symbol_name(&name),
        words(ctx, ir, op, dso_local),
        const_text(&resolver_ty, &Const::Global(resolver))
    ))
}

/// A pointer constant that is an address LLVM keeps symbolic: a global
/// or function, `dso_local_equivalent @f`, `blockaddress(...)`.
pub(crate) fn is_symbolic_address(c: &Const) -> bool {
    match c {
        Const::Global(_) => true,
        Const::Expr(e) => {
            e.starts_with("dso_local_equivalent ") || crate::block_address::is_marker(e)
        }
        _ => false,
    }
}

impl FnBuilder<'_> {
    /// `llvm.dso_local_equivalent @f`: the constant `dso_local_equivalent
    /// @f`.
    pub(crate) fn dso_local_equivalent(&mut self, op: OpId) -> Result<Option<Val>, TranslateError> {
        let sym = attr(self.ctx, self.ir, op, "function_name")
            .and_then(|a| props::symbol_of(self.ctx, a))
            .ok_or_else(|| TranslateError::failed(op))?;
        let ty = self.result_type(op)?;
        let text = format!(
            "dso_local_equivalent {}",
            const_text(&ty, &Const::Global(sym))
        );
        Ok(Some(Val::constant(ty, Const::Expr(text))))
    }
}

/// The aliases' block then the ifuncs' block, each after an empty line.
pub(crate) fn push_aliases_and_ifuncs(
    out: &mut String,
    cx: &mut ModuleCx,
    ctx: &Context,
    ir: &Ir,
    registry: &Registry,
    aliases: &[OpId],
    ifuncs: &[OpId],
) -> Result<(), TranslateError> {
    if !aliases.is_empty() {
        out.push('\n');
        for &a in aliases {
            out.push_str(&alias_text(cx, ctx, ir, registry, a)?);
        }
    }
    if !ifuncs.is_empty() {
        out.push('\n');
        for &f in ifuncs {
            out.push_str(&ifunc_text(ctx, ir, f)?);
        }
    }
    Ok(())
}

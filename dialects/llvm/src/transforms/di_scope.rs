//! `--ensure-debug-info-scope-on-llvm-func` (upstream's
//! `DIScopeForLLVMFuncOpPass`, `DIScopeForLLVMFuncOp.cpp`): the debug
//! information a line table needs, made from the locations.
//!
//! - The module's compile unit is the one a fused location of the
//!   module's carries as metadata, else a new one: `DW_LANG_C`, producer
//!   `"MLIR"`, optimized, of the option's emission kind, on the file of
//!   the module's location (`"<unknown>"` without one).
//! - Each `llvm.func` without a `#llvm.di_subprogram` in its location gets
//!   one, fused with its location: named after the function, on the file
//!   and line of its location (else the unit's file, line 1), `Optimized`;
//!   a definition also gets a distinct id, the unit and `Definition`.
//! - Each other op whose location is a call site, inside a function with
//!   a subprogram, gets its callee location wrapped in a
//!   `#llvm.di_lexical_block_file` of that subprogram on the callee's
//!   file (nested call sites nest the blocks), so the translation can
//!   tell the inlined frames apart; an op located in another file than
//!   its function gets its location wrapped in one on its own file.
//!
//! Ops are visited in pre-order, each function before its body, as
//! upstream's walk does.

use ir::{AttrKind, Attribute, Diagnostic, LocKind, Location, OpId};
use ods_transforms::pass::{
    OptionKind, OptionValues, Pass, PassCx, PassInfo, PassOption, PassRegistry,
};

use crate::di::{DW_CC_NORMAL, DW_LANG_C};
use crate::{
    DICompileUnitAttr, DIEmissionKind, DIFileAttr, DILexicalBlockFileAttr, DINameTableKind,
    DISubprogramAttr, DISubprogramFlags, DISubroutineTypeAttr,
};

/// The pass's name on the command line.
pub const PASS_NAME: &str = "ensure-debug-info-scope-on-llvm-func";

const EMISSION_KINDS: &[&str] = &["None", "Full", "LineTablesOnly", "DebugDirectivesOnly"];

const OPTIONS: &[PassOption] = &[PassOption {
    name: "emission-kind",
    kind: OptionKind::Enum(EMISSION_KINDS),
    summary: "Emission kind to generate debug info.",
}];

/// Registers `ensure-debug-info-scope-on-llvm-func`.
pub fn register(registry: &mut PassRegistry) {
    registry.register(PassInfo {
        name: PASS_NAME,
        summary: "Materialize LLVM debug info subprogram attribute on every LLVMFuncOp",
        options: OPTIONS,
        create: |values| Box::new(DIScopeForLLVMFuncOp::from_options(values)),
    });
}

/// The pass, with the emission kind of the unit it makes.
pub struct DIScopeForLLVMFuncOp {
    emission_kind: DIEmissionKind,
}

impl DIScopeForLLVMFuncOp {
    /// The pass with upstream's default emission kind, `LineTablesOnly`
    /// (what toyc runs).
    pub fn new() -> Self {
        DIScopeForLLVMFuncOp {
            emission_kind: DIEmissionKind::LineTablesOnly,
        }
    }

    fn from_options(values: &OptionValues) -> Self {
        let emission_kind = match values.text("emission-kind", "LineTablesOnly") {
            "None" => DIEmissionKind::None,
            "Full" => DIEmissionKind::Full,
            "DebugDirectivesOnly" => DIEmissionKind::DebugDirectivesOnly,
            _ => DIEmissionKind::LineTablesOnly,
        };
        DIScopeForLLVMFuncOp { emission_kind }
    }
}

impl Default for DIScopeForLLVMFuncOp {
    fn default() -> Self {
        Self::new()
    }
}

impl Pass for DIScopeForLLVMFuncOp {
    fn run(&mut self, cx: &mut PassCx<'_>, module: OpId) -> Result<(), Vec<Diagnostic>> {
        let module_loc = location_attr(cx, cx.ir.op_loc(module));
        let compile_unit = match find_fused_metadata(cx, module_loc, |cx, meta| {
            DICompileUnitAttr::from_attr(cx.ctx, meta).is_some()
        }) {
            Some(unit) => DICompileUnitAttr::from_attr(cx.ctx, unit).expect("checked above"),
            None => {
                let file = match extract_file_loc(cx, module_loc) {
                    Some((path, _)) => file_of_path(cx, &path),
                    None => DIFileAttr::get(cx.ctx, "<unknown>".into(), String::new()),
                };
                let unit = cx.ctx.unit_attr();
                let id = cx.ctx.create_distinct_attr(unit);
                DICompileUnitAttr::get(
                    cx.ctx,
                    id,
                    DW_LANG_C,
                    file,
                    Some("MLIR".into()),
                    true,
                    self.emission_kind,
                    DINameTableKind::Default,
                    None,
                )
            }
        };
        let mut ops = Vec::new();
        pre_order(cx, module, &mut ops);
        for op in ops {
            if cx.ctx.str(cx.ir.op_name(op)) == "llvm.func" {
                add_scope_to_function(cx, op, compile_unit);
            } else {
                set_lexical_block_file(cx, op);
            }
        }
        Ok(())
    }

    fn anchor(&self) -> Option<&'static str> {
        Some("builtin.module")
    }

    fn display_name(&self) -> Option<&'static str> {
        Some("DIScopeForLLVMFuncOpPass")
    }
}

/// `op` and every op nested in it, each before the ops in its regions.
fn pre_order(cx: &PassCx<'_>, op: OpId, out: &mut Vec<OpId>) {
    out.push(op);
    for &region in cx.ir.regions(op) {
        for block in cx.ir.region_blocks(region) {
            for inner in cx.ir.block_ops(block) {
                pre_order(cx, inner, out);
            }
        }
    }
}

/// A location as an attribute: a source offset becomes the file location
/// it stands for (unknown when the text is not at hand).
fn location_attr(cx: &mut PassCx<'_>, loc: Location) -> Attribute {
    match loc.kind() {
        LocKind::Unknown => cx.ctx.unknown_loc(),
        LocKind::Attr(a) => a,
        LocKind::Source { file, offset } => {
            match cx.ir.source_position(file, offset, cx.report.sources) {
                (path, Some((line, col))) => cx.ctx.file_line_col_loc(&path, line, col),
                (_, None) => cx.ctx.unknown_loc(),
            }
        }
    }
}

/// The file location a location stands for (upstream's
/// `extractFileLoc`): itself, a name's child, the first of a fusion's
/// parts that has one, or a call site's caller. Its file and line.
fn extract_file_loc(cx: &PassCx<'_>, loc: Attribute) -> Option<(String, u32)> {
    match cx.ctx.attr_kind(loc) {
        AttrKind::FileLineCol { file, line, .. } => Some((
            String::from_utf8_lossy(cx.ctx.string_bytes(*file)).into_owned(),
            *line,
        )),
        AttrKind::NameLoc { child, .. } => child.and_then(|c| extract_file_loc(cx, c)),
        AttrKind::FusedLoc { locs, .. } => locs.iter().find_map(|&l| extract_file_loc(cx, l)),
        AttrKind::CallSiteLoc { caller, .. } => extract_file_loc(cx, *caller),
        _ => None,
    }
}

/// The metadata of the first fused location in `loc` (itself or nested,
/// in MLIR's `findInstanceOf` order) whose metadata `wanted` accepts.
fn find_fused_metadata(
    cx: &PassCx<'_>,
    loc: Attribute,
    wanted: impl Fn(&PassCx<'_>, Attribute) -> bool + Copy,
) -> Option<Attribute> {
    match cx.ctx.attr_kind(loc) {
        AttrKind::FusedLoc { locs, metadata } => {
            if let Some(m) = *metadata {
                if wanted(cx, m) {
                    return Some(m);
                }
            }
            locs.iter()
                .find_map(|&l| find_fused_metadata(cx, l, wanted))
        }
        AttrKind::NameLoc { child, .. } => child.and_then(|c| find_fused_metadata(cx, c, wanted)),
        AttrKind::CallSiteLoc { callee, caller } => {
            let (callee, caller) = (*callee, *caller);
            find_fused_metadata(cx, callee, wanted)
                .or_else(|| find_fused_metadata(cx, caller, wanted))
        }
        _ => None,
    }
}

/// The `#llvm.di_file` of a path: its last component in its parent
/// directory (LLVM's `sys::path::filename` and `parent_path`).
fn file_of_path(cx: &mut PassCx<'_>, path: &str) -> DIFileAttr {
    let (name, directory) = split_path(path);
    DIFileAttr::get(cx.ctx, name.to_string(), directory.to_string())
}

/// `(filename, parent_path)` of a POSIX path as LLVM splits it: a
/// trailing separator leaves `"."` as the name, the root keeps its `/`.
pub fn split_path(path: &str) -> (&str, &str) {
    if path.ends_with('/') && path.len() > 1 {
        let trimmed = path.trim_end_matches('/');
        return (".", if trimmed.is_empty() { "/" } else { trimmed });
    }
    match path.rfind('/') {
        None => (path, ""),
        Some(i) => {
            let name = &path[i + 1..];
            let parent = path[..i].trim_end_matches('/');
            let parent = if parent.is_empty() { "/" } else { parent };
            if name.is_empty() {
                ("/", "")
            } else {
                (name, parent)
            }
        }
    }
}

/// Gives `func` a subprogram fused with its location, unless its
/// location already holds one (upstream's `addScopeToFunction`).
fn add_scope_to_function(cx: &mut PassCx<'_>, func: OpId, unit: DICompileUnitAttr) {
    let loc = location_attr(cx, cx.ir.op_loc(func));
    if find_fused_metadata(cx, loc, |cx, m| {
        DISubprogramAttr::from_attr(cx.ctx, m).is_some()
    })
    .is_some()
    {
        return;
    }
    let (file, line) = match extract_file_loc(cx, loc) {
        Some((path, line)) => (file_of_path(cx, &path), line),
        None => (unit.file(cx.ctx), 1),
    };
    let subroutine_type = DISubroutineTypeAttr::get(cx.ctx, DW_CC_NORMAL, Vec::new());
    let definition = cx
        .ir
        .regions(func)
        .first()
        .is_some_and(|&r| cx.ir.region_blocks(r).next().is_some());
    let (id, unit, flags) = if definition {
        let unit_attr = cx.ctx.unit_attr();
        (
            Some(cx.ctx.create_distinct_attr(unit_attr)),
            Some(unit),
            DISubprogramFlags::DEFINITION | DISubprogramFlags::OPTIMIZED,
        )
    } else {
        (None, None, DISubprogramFlags::OPTIMIZED)
    };
    let name = function_name(cx, func);
    let subprogram = DISubprogramAttr::get(
        cx.ctx,
        None,
        false,
        id,
        unit,
        Some(file.attr()),
        Some(name.clone()),
        Some(name),
        Some(file),
        line,
        line,
        flags,
        Some(subroutine_type),
        Vec::new(),
        Vec::new(),
    );
    let fused = cx.ctx.fused_loc(&[loc], Some(subprogram.attr()));
    cx.ir.set_op_loc(func, Location::attr(fused));
}

/// The symbol name of a function (`sym_name`).
fn function_name(cx: &PassCx<'_>, func: OpId) -> String {
    let name = ir::symbols::symbol_name(cx.ctx, cx.ir, func).unwrap_or_default();
    String::from_utf8_lossy(name).into_owned()
}

/// Gives an op that came from a call site, or from another file than its
/// function, a lexical block file of the function's subprogram (upstream's
/// `setLexicalBlockFileAttr`): a call site's callee is wrapped in one on
/// the callee's file; another file's location in one on that file.
fn set_lexical_block_file(cx: &mut PassCx<'_>, op: OpId) {
    let Some(func) = enclosing_function(cx, op) else {
        return;
    };
    let loc = location_attr(cx, cx.ir.op_loc(op));
    let func_loc = location_attr(cx, cx.ir.op_loc(func));
    // Upstream casts the function's fused metadata to a subprogram; a
    // location without one (or with other metadata) is left alone here.
    let subprogram = match *cx.ctx.attr_kind(func_loc) {
        AttrKind::FusedLoc {
            metadata: Some(m), ..
        } if DISubprogramAttr::from_attr(cx.ctx, m).is_some() => Some(m),
        _ => None,
    };
    if let AttrKind::CallSiteLoc { callee, caller } = *cx.ctx.attr_kind(loc) {
        if let Some(scope) = subprogram {
            let nested = nested_loc(cx, scope, callee);
            let new_loc = cx.ctx.callsite_loc(nested, caller);
            cx.ir.set_op_loc(op, Location::attr(new_loc));
        }
        return;
    }
    let (Some((op_path, _)), Some((func_path, _))) =
        (extract_file_loc(cx, loc), extract_file_loc(cx, func_loc))
    else {
        return;
    };
    if op_path == func_path {
        return;
    }
    let Some(scope) = subprogram else {
        return;
    };
    let file = file_of_path(cx, &op_path);
    let block = DILexicalBlockFileAttr::get(cx.ctx, scope, Some(file), 0);
    let new_loc = cx.ctx.fused_loc(&[loc], Some(block.attr()));
    cx.ir.set_op_loc(op, Location::attr(new_loc));
}

/// The closest `llvm.func` around `op`.
fn enclosing_function(cx: &PassCx<'_>, op: OpId) -> Option<OpId> {
    let mut parent = cx.ir.parent_op(op);
    while let Some(p) = parent {
        if cx.ctx.str(cx.ir.op_name(p)) == "llvm.func" {
            return Some(p);
        }
        parent = cx.ir.parent_op(p);
    }
    None
}

/// The callee location fused with a lexical block file of `scope` on the
/// callee's file; a callee that is itself a call site nests a block in
/// that block for its own callee (upstream's `getNestedLoc`, which keeps
/// only the innermost callee).
fn nested_loc(cx: &mut PassCx<'_>, scope: Attribute, callee: Attribute) -> Attribute {
    let path = extract_file_loc(cx, callee)
        .map(|(p, _)| p)
        .unwrap_or_default();
    let file = file_of_path(cx, &path);
    let block = DILexicalBlockFileAttr::get(cx.ctx, scope, Some(file), 0);
    let loc = match *cx.ctx.attr_kind(callee) {
        AttrKind::CallSiteLoc { callee: inner, .. } => nested_loc(cx, block.attr(), inner),
        _ => callee,
    };
    cx.ctx.fused_loc(&[loc], Some(block.attr()))
}

#[cfg(test)]
mod tests {
    use super::split_path;

    #[test]
    fn paths_split_as_llvm_splits_them() {
        assert_eq!(split_path("a.toy"), ("a.toy", ""));
        assert_eq!(split_path("dir/a.toy"), ("a.toy", "dir"));
        assert_eq!(split_path("/a.toy"), ("a.toy", "/"));
        assert_eq!(split_path("/x/y//a.toy"), ("a.toy", "/x/y"));
        assert_eq!(split_path(""), ("", ""));
    }
}

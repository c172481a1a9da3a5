//! The module: globals, function signatures, bodies, intrinsic
//! declarations, attribute groups and the module flags, in the order and
//! spelling of `mlir-translate-22 --mlir-to-llvmir`.

use rustc_hash::FxHashMap;

use dialect_llvm::LinkageAttr;
use ir::verifier::Reporter;
use ir::{AttrKind, Attribute, Context, Diagnostic, Ir, OpId, Registry, Type};

use crate::attributes::{param_attrs, AttrGroups};
use crate::const_attrs::const_value;
pub(crate) use crate::const_attrs::dense_ints;
use crate::constants::{symbol_name, typed_const_text, Local, Val, ValKind};
use crate::debug_info::DebugInfo;
use crate::func_attrs::fn_attrs;
use crate::function::FnBuilder;
use crate::intrinsics::Intrinsic;
use crate::layout::DataLayout;
use crate::module_meta::ModuleMeta;
use crate::props::{self, attr, int_attr};
use crate::types::{llvm_type, LTy};

/// An op the translation cannot take, with what to say about it.
#[derive(Clone, Debug)]
pub struct TranslateError {
    op: OpId,
    message: String,
    /// Without the `see current operation` note (MLIR's `emitError(loc)`).
    plain: bool,
}

impl TranslateError {
    pub(crate) fn new(op: OpId, message: impl Into<String>) -> Self {
        TranslateError {
            op,
            message: message.into(),
            plain: false,
        }
    }

    /// An error at the op's location with no `see current operation`
    /// note.
    pub(crate) fn plain(op: OpId, message: impl Into<String>) -> Self {
        TranslateError {
            op,
            message: message.into(),
            plain: true,
        }
    }

    /// `mlir-translate`'s words for an op it has no translation of.
    pub(crate) fn failed(op: OpId) -> Self {
        TranslateError {
            op,
            message: String::new(),
            plain: false,
        }
    }

    /// The diagnostic at the op, with the `see current operation` note.
    pub fn diagnostic(&self, reporter: &Reporter<'_>) -> Diagnostic {
        if self.plain {
            return reporter.error_at(self.op, self.message.clone());
        }
        let message = if self.message.is_empty() {
            // Only the builtin and LLVM dialects have a translation here
            // (upstream's `LLVMTranslationDialectInterface`).
            let name = reporter.ctx.str(reporter.ir.op_name(self.op));
            match name.split('.').next() {
                Some("llvm" | "builtin") => {
                    format!("LLVM Translation failed for operation: {name}")
                }
                _ => format!("cannot be converted to LLVM IR: missing `LLVMTranslationDialectInterface` registration for dialect for op: {name}"),
            }
        } else {
            self.message.clone()
        };
        reporter.op_error(self.op, ir::registry::VerifyError::new(message))
    }
}

/// The LLVM IR type of an op's MLIR type, or an error at the op.
pub(crate) fn lty(ctx: &Context, op: OpId, ty: Type) -> Result<LTy, TranslateError> {
    llvm_type(ctx, ty).map_err(|m| TranslateError::new(op, m))
}

/// What the whole module's translation shares.
pub(crate) struct ModuleCx {
    pub layout: DataLayout,
    /// Each global's value type and whether it may be null
    /// (`extern_weak`).
    globals: FxHashMap<String, (LTy, bool)>,
    /// The intrinsic declarations, in order of first use.
    intrinsics: Vec<(String, &'static Intrinsic, LTy, Vec<LTy>)>,
    /// What each op name met so far translates as.
    pub op_kinds: FxHashMap<ir::Identifier, crate::ops::OpKind>,
    /// The ops a body's walk gathers.
    watched: WatchedNames,
    /// The block tags met, for the block addresses.
    pub block_tags: crate::block_address::BlockTags,
    /// The functions' kernel attachment kinds, in order of first use.
    md_kinds: crate::func_meta::MdKinds,
}

impl ModuleCx {
    /// The bytes a global is known to hold (for inferring `inbounds`).
    pub(crate) fn global_size(&self, name: &str) -> Option<u64> {
        let (ty, weak) = self.globals.get(name)?;
        (!weak).then(|| self.layout.store_size(ty))
    }

    /// The name of intrinsic `intr` called with `args` for a `ret`,
    /// declared on its first use (a module calls a few intrinsics many
    /// times: the name is made once).
    pub(crate) fn intrinsic_name(
        &mut self,
        intr: &'static Intrinsic,
        ret: &LTy,
        args: &[Val],
    ) -> String {
        let same = |d: &&(String, &'static Intrinsic, LTy, Vec<LTy>)| {
            std::ptr::eq(d.1, intr)
                && d.2 == *ret
                && d.3.len() == args.len()
                && d.3.iter().zip(args).all(|(t, a)| *t == a.ty)
        };
        if let Some(d) = self.intrinsics.iter().find(same) {
            return d.0.clone();
        }
        let params: Vec<LTy> = args.iter().map(|a| a.ty.clone()).collect();
        let name = intr.name(ret, &params);
        self.declare_intrinsic(&name, intr, ret, &params);
        name
    }

    pub(crate) fn declare_intrinsic(
        &mut self,
        name: &str,
        intr: &'static Intrinsic,
        ret: &LTy,
        params: &[LTy],
    ) {
        if !self.intrinsics.iter().any(|d| d.0 == name) {
            self.intrinsics
                .push((name.to_string(), intr, ret.clone(), params.to_vec()));
        }
    }
}

/// Translates a verified module in the LLVM dialect to LLVM IR text. The
/// IR is first legalized as upstream's `legalizeForLLVMExport` does
/// ([`crate::legalize`]), which may add blocks.
pub fn translate_module(
    ctx: &mut Context,
    ir: &mut Ir,
    registry: &Registry,
    module: OpId,
) -> Result<String, TranslateError> {
    translate_module_with_sources(ctx, ir, registry, module, None)
}

/// [`translate_module`] with the parsed text at hand: locations that are
/// offsets into a parsed file (ops written without `loc(...)`) resolve to
/// their line and column, so they become `DILocation`s as
/// `mlir-translate` makes them. The debug information is the one the
/// module's debug-info attributes describe (see [`crate::debug_info`]):
/// run `ensure-debug-info-scope-on-llvm-func`
/// (`dialect_llvm::transforms::di_scope`) first for line tables.
pub fn translate_module_with_sources(
    ctx: &mut Context,
    ir: &mut Ir,
    registry: &Registry,
    module: OpId,
    sources: Option<&ir::SourceManager>,
) -> Result<String, TranslateError> {
    crate::legalize::ensure_distinct_successors(ctx, ir, module);
    let functions = top_level_ops(ctx, ir, module, "llvm.func");
    let globals = top_level_ops(ctx, ir, module, "llvm.mlir.global");
    let debug = DebugInfo::new(ctx, ir, &globals, &functions, sources);
    translate_legal(ctx, ir, registry, module, debug)
}

fn translate_legal(
    ctx: &Context,
    ir: &Ir,
    registry: &Registry,
    module: OpId,
    mut debug: DebugInfo<'_>,
) -> Result<String, TranslateError> {
    let names_before = crate::named_types::names_written();
    let module_attrs: Vec<(String, Attribute)> = ir
        .attrs(module)
        .map(|a| props::dict_of(ctx, a))
        .unwrap_or_default();
    let module_str = |name: &str| {
        module_attrs
            .iter()
            .find(|(n, _)| n == name)
            .and_then(|(_, a)| props::str_of(ctx, *a))
    };
    let data_layout = module_str("llvm.data_layout");
    let triple = module_str("llvm.target_triple");
    let mut cx = ModuleCx {
        layout: data_layout
            .as_deref()
            .map(DataLayout::parse)
            .unwrap_or_default(),
        globals: FxHashMap::default(),
        intrinsics: Vec::new(),
        op_kinds: FxHashMap::default(),
        watched: WatchedNames::new(ctx),
        block_tags: Default::default(),
        md_kinds: Default::default(),
    };
    let mut out =
        String::from("; ModuleID = 'LLVMDialectModule'\nsource_filename = \"LLVMDialectModule\"\n");
    // LLVM writes neither line for an empty string.
    if let Some(dl) = data_layout.as_deref().filter(|dl| !dl.is_empty()) {
        out.push_str(&format!("target datalayout = \"{dl}\"\n"));
    }
    if let Some(t) = triple.as_deref().filter(|t| !t.is_empty()) {
        out.push_str(&format!("target triple = \"{t}\"\n"));
    }
    let mut meta = ModuleMeta::default();
    out.push_str(&meta.module_attrs(ctx, ir, module)?);
    // The identified structs' lines go after the header, once the rest
    // says which are used and in what order.
    let header_end = out.len();
    let body: Vec<OpId> = ir
        .regions(module)
        .first()
        .and_then(|r| ir.first_block(*r))
        .map(|b| ir.block_ops(b).collect())
        .unwrap_or_default();
    let (mut globals, mut funcs) = (Vec::new(), Vec::new());
    if let Some((_, libs)) = module_attrs
        .iter()
        .find(|(n, _)| n == "llvm.dependent_libraries")
    {
        let libs = crate::target_attrs::dependent_libraries(ctx, *libs).map_err(|why| {
            TranslateError::new(module, format!("cannot be converted to LLVM IR: {why}"))
        })?;
        meta.libraries = Some(libs);
    }
    let (mut aliases, mut ifuncs) = (Vec::new(), Vec::new());
    for op in &body {
        match ctx.str(ir.op_name(*op)) {
            "llvm.mlir.global" => globals.push(*op),
            "llvm.func" => funcs.push(*op),
            "llvm.mlir.alias" => aliases.push(*op),
            "llvm.mlir.ifunc" => ifuncs.push(*op),
            // Upstream's builtin translation takes a nested module and
            // emits nothing for it.
            "builtin.module" => {}
            _ if meta.take(ctx, ir, *op)? => {}
            _ => return Err(TranslateError::failed(*op)),
        }
    }
    // The named metadata are numbered after the globals' attachments,
    // before the functions' metadata.
    meta.number(ctx, ir, &mut debug, &funcs)?;
    let objects: Vec<OpId> = funcs.iter().chain(&globals).copied().collect();
    out.push_str(&meta.comdat_lines(ctx, ir, &objects));
    // Signatures first: globals' types and functions' types are known to
    // every body.
    let mut signatures = Vec::new();
    for g in &globals {
        let name = sym_name(ctx, ir, *g)?;
        let ty = type_attr(ctx, ir, *g, "global_type")?;
        let weak = linkage(ctx, ir, *g) == "extern_weak";
        cx.globals.insert(name, (ty, weak));
    }
    for f in &funcs {
        signatures.push(signature(ctx, ir, *f)?);
    }
    let mut global_lines = String::new();
    for g in &globals {
        let dbg = debug.global_attachments(*g).map_err(|why| {
            TranslateError::new(*g, format!("cannot be converted to LLVM IR: {why}"))
        })?;
        let comdat = global_comdat(&meta, ctx, ir, *g)?;
        global_lines.push_str(&global_text(&mut cx, ctx, ir, registry, *g, &dbg, &comdat)?);
    }
    global_lines.push_str(&meta.xtor_lines(ctx, ir)?);
    if !global_lines.is_empty() {
        out.push('\n');
        out.push_str(&global_lines);
    }
    crate::aliases::push_aliases_and_ifuncs(
        &mut out, &mut cx, ctx, ir, registry, &aliases, &ifuncs,
    )?;
    let mut groups = AttrGroups::default();
    for (f, sig) in funcs.iter().zip(&signatures) {
        let declaration = ir
            .regions(*f)
            .first()
            .is_none_or(|r| ir.region_is_empty(*r));
        let comdat = meta.comdat_suffix(ctx, ir, *f, &sig.name, declaration)?;
        let text = function_text(
            &mut cx,
            ctx,
            ir,
            registry,
            &mut groups,
            *f,
            sig,
            &mut debug,
            &comdat,
        )?;
        cx.block_tags.note_rendered(ctx, ir, *f, &text);
        out.push_str(&text);
    }
    for (name, intr, ret, params) in std::mem::take(&mut cx.intrinsics) {
        let attrs = crate::attributes::FnAttrs::from_words(intr.attrs);
        let group = groups
            .slot(&attrs)
            .map(|g| format!(" #{g}"))
            .unwrap_or_default();
        out.push_str(&format!(
            "\n; Function Attrs: {}\ndeclare {ret} @{name}({}){group}\n",
            attrs.comment(),
            intr.params_text(&params)
        ));
    }
    // Calls' attribute groups come after every function's.
    let mut out = crate::call_attrs::resolve(out, &mut groups);
    let group_lines = groups.render();
    if !group_lines.is_empty() {
        out.push('\n');
        out.push_str(&group_lines);
    }
    // Only a text that names an identified struct needs their lines.
    let types = if crate::named_types::names_written() == names_before {
        String::new()
    } else {
        crate::named_types::definitions(ctx, ir, module, &out[header_end..])
    };
    if !types.is_empty() {
        out.insert_str(header_end, &format!("\n{types}"));
    }
    out.push('\n');
    out.push_str(&meta.named_lines(&debug));
    out.push('\n');
    out.push_str(&debug.render());
    Ok(cx.block_tags.resolve(out))
}

/// One function: its `; Function Attrs:` comment, its `declare` or
/// `define` line and, for a definition, its body; with `debug`, its
/// `DISubprogram` and its instructions' locations.
#[allow(clippy::too_many_arguments)]
fn function_text(
    cx: &mut ModuleCx,
    ctx: &Context,
    ir: &Ir,
    registry: &Registry,
    groups: &mut AttrGroups,
    f: OpId,
    sig: &Signature,
    debug: &mut DebugInfo<'_>,
    comdat: &str,
) -> Result<String, TranslateError> {
    let mut out = String::new();
    let attrs = fn_attrs(ctx, ir, f)?;
    let group = groups.slot(&attrs);
    let mut head = String::new();
    // The comment lists the attributes that are no strings, if any.
    let comment = attrs.comment();
    if !comment.is_empty() {
        head.push_str(&format!("; Function Attrs: {comment}\n"));
    }
    let region = ir.regions(f).first().copied();
    let is_decl = region.is_none_or(|r| ir.region_is_empty(r));
    let link = linkage(ctx, ir, f);
    let link_word = match (link.as_str(), is_decl) {
        ("external", _) => String::new(),
        (l, _) => format!("{l} "),
    };
    let mut words = link_word;
    if props::flag(ctx, ir, f, "dso_local") && !matches!(link.as_str(), "private" | "internal") {
        words.push_str("dso_local ");
    }
    match int_attr(ctx, ir, f, "visibility_").unwrap_or(0) {
        1 => words.push_str("hidden "),
        2 => words.push_str("protected "),
        _ => {}
    }
    let ret_attrs = param_attrs(ctx, ir, f, "res_attrs", 0)?;
    if !ret_attrs.is_empty() {
        words.push_str(&ret_attrs);
        words.push(' ');
    }
    let mut params = Vec::new();
    for (i, t) in sig.params.iter().enumerate() {
        let a = param_attrs(ctx, ir, f, "arg_attrs", i)?;
        let mut p = t.to_string();
        if !a.is_empty() {
            p.push(' ');
            p.push_str(&a);
        }
        if !is_decl {
            p.push_str(&format!(" %{i}"));
        }
        params.push(p);
    }
    if sig.vararg {
        params.push("...".into());
    }
    let unnamed = match int_attr(ctx, ir, f, "unnamed_addr").unwrap_or(0) {
        1 => " local_unnamed_addr",
        2 => " unnamed_addr",
        _ => "",
    };
    let group_text = group.map(|g| format!(" #{g}")).unwrap_or_default();
    let keyword = if is_decl { "declare" } else { "define" };
    // The subprogram is numbered before the body's locations.
    let subprogram = debug
        .function_subprogram(ctx, ir, f)
        .map(|sp| (sp, debug.slot(sp)));
    // Then its other attachments, as LLVM orders them (by kind).
    let others = crate::func_meta::attachments(ctx, ir, f, !is_decl, &mut cx.md_kinds, debug)?;
    let mut attachments = String::new();
    if let Some((_, slot)) = subprogram {
        attachments.push_str(&format!("!dbg !{slot}"));
    }
    for (kind, node) in others {
        if !attachments.is_empty() {
            attachments.push(' ');
        }
        attachments.push_str(&format!("!{kind} !{}", debug.slot(node)));
    }
    let (section, line_words) = crate::func_meta::line_words(ctx, ir, f, !is_decl)?;
    let (decl_dbg, def_dbg) = match (attachments.is_empty(), is_decl) {
        (true, _) => (String::new(), String::new()),
        (false, true) => (format!("{attachments} "), String::new()),
        (false, false) => (String::new(), format!(" {attachments}")),
    };
    out.push('\n');
    out.push_str(&head);
    out.push_str(&format!(
        "{keyword} {decl_dbg}{words}{} @{}({}){unnamed}{group_text}{section}{comdat}{line_words}{}{def_dbg}",
        sig.ret,
        symbol_name(&sig.name),
        params.join(", "),
        crate::eh::personality_text(ctx, ir, f)
    ));
    if let (false, Some(region)) = (is_decl, region) {
        let args: Vec<Val> = sig
            .params
            .iter()
            .enumerate()
            .map(|(i, t)| Val {
                ty: t.clone(),
                kind: ValKind::Local(Local::Arg(i)),
            })
            .collect();
        let scope = subprogram.map(|(sp, _)| sp);
        let walked = walk_body(debug, ctx, ir, region, scope, &cx.watched);
        let mut fb = FnBuilder::new(cx, ctx, ir, registry);
        fb.with_locations = true;
        (fb.op_locations, fb.arg_locations) = walked.locations;
        fb.records = crate::debug_records::records(debug, ctx, ir, &walked.record_ops);
        fb.metadata = crate::metadata::attachments(debug, ctx, ir, &walked.metadata_ops);
        fb.translate_region(region, &args)?;
        out.push_str(&fb.render_body(args.len(), Some(debug)));
    } else {
        out.push('\n');
    }
    Ok(out)
}

/// The `DILocation`s, in function scope `subprogram`, of a function
/// body's ops and block arguments that have one.
type Locations = (
    FxHashMap<OpId, crate::debug_info::NodeId>,
    FxHashMap<ir::Value, crate::debug_info::NodeId>,
);

/// The names of the ops a body's walk gathers for the translation: the
/// debug intrinsics (their records) and the ops that may have
/// alias-analysis metadata (their attachments).
pub(crate) struct WatchedNames {
    records: smallvec::SmallVec<[ir::Identifier; 3]>,
    metadata: smallvec::SmallVec<[ir::Identifier; 16]>,
}

impl WatchedNames {
    fn new(ctx: &Context) -> Self {
        WatchedNames {
            records: crate::debug_records::watched_names(ctx),
            metadata: crate::metadata::watched_names(ctx),
        }
    }
}

/// What one walk of a function body gathers before the body is
/// translated, in the order the walk meets the ops: locations first,
/// then the records and attachments of the watched ops (the order their
/// debug nodes are made in).
struct WalkedBody {
    locations: Locations,
    record_ops: Vec<OpId>,
    metadata_ops: Vec<OpId>,
}

/// One walk of a body (every op of its regions, nested ones included):
/// the `DILocation`s, in function scope `subprogram`, of its ops and
/// block arguments that have one, and its ops named in `watched`.
fn walk_body(
    debug: &mut DebugInfo<'_>,
    ctx: &Context,
    ir: &Ir,
    region: ir::RegionId,
    subprogram: Option<crate::debug_info::NodeId>,
    watched: &WatchedNames,
) -> WalkedBody {
    let (mut ops, mut args) = (FxHashMap::default(), FxHashMap::default());
    let (mut record_ops, mut metadata_ops) = (Vec::new(), Vec::new());
    // Without a subprogram only a location attribute (a fused location
    // with its own scope) can give a `DILocation`: a source position or
    // an unknown location is not even read.
    let may_have_one =
        |loc: ir::Location| subprogram.is_some() || matches!(loc.kind(), ir::LocKind::Attr(_));
    let mut regions = vec![region];
    while let Some(r) = regions.pop() {
        for block in ir.region_blocks(r) {
            for (i, arg) in ir.arguments(block).enumerate() {
                let loc = ir.argument_loc(block, i);
                if !may_have_one(loc) {
                    continue;
                }
                if let Some(loc) = debug.location(ctx, ir, loc, subprogram) {
                    args.insert(arg, loc);
                }
            }
            for op in ir.block_ops(block) {
                if may_have_one(ir.op_loc(op)) {
                    if let Some(loc) = debug.op_location(ctx, ir, op, subprogram) {
                        ops.insert(op, loc);
                    }
                }
                let name = ir.op_name(op);
                if watched.metadata.contains(&name) {
                    metadata_ops.push(op);
                } else if watched.records.contains(&name) {
                    record_ops.push(op);
                }
                if ir.num_regions(op) > 0 {
                    regions.extend(ir.regions(op).iter().copied());
                }
            }
        }
    }
    WalkedBody {
        locations: (ops, args),
        record_ops,
        metadata_ops,
    }
}

/// A function's name and type.
struct Signature {
    name: String,
    ret: LTy,
    params: Vec<LTy>,
    vararg: bool,
}

fn sym_name(ctx: &Context, ir: &Ir, op: OpId) -> Result<String, TranslateError> {
    attr(ctx, ir, op, "sym_name")
        .and_then(|a| props::str_of(ctx, a))
        .ok_or_else(|| TranslateError::failed(op))
}

fn type_attr(ctx: &Context, ir: &Ir, op: OpId, name: &str) -> Result<LTy, TranslateError> {
    match attr(ctx, ir, op, name).map(|a| ctx.attr_kind(a)) {
        Some(AttrKind::Type(t)) => lty(ctx, op, *t),
        _ => Err(TranslateError::failed(op)),
    }
}

fn linkage(ctx: &Context, ir: &Ir, op: OpId) -> String {
    attr(ctx, ir, op, "linkage")
        .and_then(|a| LinkageAttr::from_attr(ctx, a))
        .map_or("external", |l| l.linkage(ctx).as_str())
        .to_string()
}

fn signature(ctx: &Context, ir: &Ir, op: OpId) -> Result<Signature, TranslateError> {
    let name = sym_name(ctx, ir, op)?;
    match type_attr(ctx, ir, op, "function_type")? {
        LTy::Func {
            ret,
            params,
            vararg,
        } => Ok(Signature {
            name,
            ret: *ret,
            params,
            vararg,
        }),
        _ => Err(TranslateError::failed(op)),
    }
}

/// One global's line: `@g = internal constant [4 x i32] [...], align 16`.
fn global_text(
    cx: &mut ModuleCx,
    ctx: &Context,
    ir: &Ir,
    registry: &Registry,
    op: OpId,
    dbg: &[usize],
    comdat: &str,
) -> Result<String, TranslateError> {
    const KNOWN: &[&str] = &[
        "comdat",
        "dbg_exprs",
        "sym_name",
        "global_type",
        "constant",
        "linkage",
        "value",
        "alignment",
        "addr_space",
        "unnamed_addr",
        "dso_local",
        "visibility_",
    ];
    if let Some(name) = props::unknown_prop(ctx, ir, op, KNOWN) {
        return Err(TranslateError::new(
            op,
            format!("cannot be converted to LLVM IR: '{name}' on a global is not translated by ods-translate"),
        ));
    }
    let name = sym_name(ctx, ir, op)?;
    let ty = type_attr(ctx, ir, op, "global_type")?;
    let link = linkage(ctx, ir, op);
    let init: Option<Val> = if let Some(value) = attr(ctx, ir, op, "value") {
        let c = const_value(ctx, op, value, &ty, "global")?;
        Some(Val::constant(ty.clone(), c))
    } else if let Some(region) = ir.regions(op).first().filter(|r| !ir.region_is_empty(**r)) {
        let mut fb = FnBuilder::new(cx, ctx, ir, registry);
        fb.allow_insts = false;
        fb.translate_region(*region, &[])?;
        fb.returned.take()
    } else {
        None
    };
    // Without a value, only the external linkages declare: a global of
    // any other linkage is defined as `undef` (upstream's translation),
    // which LLVM's verifier refuses for `common`.
    let declaration = init.is_none() && declares(&link);
    if init.is_none() && link == "common" {
        return Err(TranslateError::new(
            op,
            "cannot be converted to LLVM IR: 'common' global must have a zero initializer",
        ));
    }
    let mut words = String::new();
    if init.is_none() && link == "external" {
        words.push_str("external ");
    }
    if link != "external" {
        words.push_str(&link);
        words.push(' ');
    }
    if props::flag(ctx, ir, op, "dso_local") && !matches!(link.as_str(), "private" | "internal") {
        words.push_str("dso_local ");
    }
    match int_attr(ctx, ir, op, "visibility_").unwrap_or(0) {
        1 => words.push_str("hidden "),
        2 => words.push_str("protected "),
        _ => {}
    }
    match int_attr(ctx, ir, op, "unnamed_addr").unwrap_or(0) {
        1 => words.push_str("local_unnamed_addr "),
        2 => words.push_str("unnamed_addr "),
        _ => {}
    }
    let space = int_attr(ctx, ir, op, "addr_space").unwrap_or(0);
    if space != 0 {
        words.push_str(&format!("addrspace({space}) "));
    }
    words.push_str(if props::flag(ctx, ir, op, "constant") {
        "constant "
    } else {
        "global "
    });
    let mut line = format!("@{} = {words}", symbol_name(&name));
    match &init {
        Some(v) => line.push_str(&typed_const_text(v)),
        None if declaration => line.push_str(&ty.to_string()),
        None => line.push_str(&format!("{ty} undef")),
    }
    line.push_str(comdat);
    if let Some(a) = int_attr(ctx, ir, op, "alignment").filter(|a| *a > 0) {
        line.push_str(&format!(", align {a}"));
    }
    for slot in dbg {
        line.push_str(&format!(", !dbg !{slot}"));
    }
    line.push('\n');
    Ok(line)
}

/// Whether a global of linkage `link` without a value is a declaration
/// (an external one), not an `undef` definition.
fn declares(link: &str) -> bool {
    matches!(link, "external" | "extern_weak")
}

/// What follows a global's initializer for its comdat: a global with no
/// value and no initializer region is a declaration when its linkage is
/// external.
fn global_comdat(
    meta: &ModuleMeta,
    ctx: &Context,
    ir: &Ir,
    g: OpId,
) -> Result<String, TranslateError> {
    let name = sym_name(ctx, ir, g)?;
    let declaration = attr(ctx, ir, g, "value").is_none()
        && ir.regions(g).first().is_none_or(|r| ir.region_is_empty(*r))
        && declares(&linkage(ctx, ir, g));
    meta.comdat_suffix(ctx, ir, g, &name, declaration)
}

/// The ops named `name` directly in `module`'s body, in order.
fn top_level_ops(ctx: &Context, ir: &Ir, module: OpId, name: &str) -> Vec<OpId> {
    ir.regions(module)
        .first()
        .and_then(|r| ir.first_block(*r))
        .map(|b| {
            ir.block_ops(b)
                .filter(|&op| ctx.str(ir.op_name(op)) == name)
                .collect()
        })
        .unwrap_or_default()
}

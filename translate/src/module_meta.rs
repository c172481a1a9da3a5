//! The module-level ops that are no globals or functions, as upstream's
//! `ModuleTranslation` translates them and LLVM's `AsmWriter` prints the
//! result:
//!
//! - `llvm.comdat` / `llvm.comdat_selector`: one `$name = comdat kind`
//!   line per selector a function or global uses (functions first, then
//!   globals, as LLVM's `global_objects()`), and `comdat($name)` (bare
//!   `comdat` when the names match) on the object;
//! - `llvm.mlir.global_ctors` / `global_dtors`: the appending globals
//!   `@llvm.global_ctors` / `@llvm.global_dtors`, built as LLVM's
//!   `appendToGlobalCtors` builds them one entry at a time (each entry
//!   replaces the list, which moves to the end of the globals; an empty op
//!   adds a `zeroinitializer` list, renamed `.N` when the name is taken);
//!   the data are `ptr null`, as LLVM 22's translation passes none;
//! - `llvm.linker_options` and `llvm.module_flags`: the named metadata
//!   `!llvm.linker.options` and `!llvm.module.flags` (integers as `i32`,
//!   strings, the `CG Profile` entries as a distinct tuple), numbered with
//!   the debug information in the order LLVM makes the named metadata.
//! - the module's attributes `llvm.module_asm` (`module asm "..."` lines
//!   after the header) and `llvm.ident` (`!llvm.ident`, after
//!   `!llvm.dbg.cu`, as upstream makes it after the globals).
//!
//! What LLVM's verifier refuses (a declaration in a comdat) and a selector
//! name used twice are refused here with an error.

use rustc_hash::FxHashMap;

use dialect_llvm::{ModuleFlagAttr, ModuleFlagCGProfileEntryAttr, ModuleFlagProfileSummaryAttr};
use ir::{AttrKind, Attribute, Context, Ir, OpId};

use crate::constants::{escape_bytes, symbol_name};
use crate::debug_info::DebugInfo;
use crate::di_attrs::Node;
use crate::metadata::MdItem;
use crate::module::TranslateError;
use crate::props::{array_of, attr, int_of, str_of, symbol_of};

/// The named metadata of a module, in the order LLVM makes them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Named {
    DbgCu,
    Ident,
    DependentLibraries,
    LinkerOptions,
    ModuleFlags,
}

/// What the module-level ops give the module's text.
#[derive(Default)]
pub(crate) struct ModuleMeta {
    /// Each comdat selector's name and selection kind.
    selectors: FxHashMap<OpId, (String, &'static str)>,
    /// The ctor and dtor ops, in module order.
    xtors: Vec<OpId>,
    /// The linker options and module flags ops, in module order.
    named_ops: Vec<OpId>,
    /// The module's dependent libraries (`llvm.dependent_libraries`), and
    /// their numbered `!{!"lib"}` tuples.
    pub(crate) libraries: Option<Vec<String>>,
    library_nodes: Vec<usize>,
    /// The numbered linker option tuples and module flags.
    linker_options: Vec<usize>,
    module_flags: Vec<usize>,
    /// The named metadata, in order (known once numbered).
    named: Vec<Named>,
    /// The module flags' keys met so far.
    flag_keys: Vec<String>,
    /// The module's `llvm.ident` string and, once numbered, its node.
    ident: Option<String>,
    ident_node: usize,
}

impl ModuleMeta {
    /// The module's own attributes upstream reads before its body:
    /// `llvm.module_asm` (returned as the `module asm "..."` lines, one a
    /// line of the joined text, as LLVM prints them) and `llvm.ident` (kept
    /// for `!llvm.ident`; any other kind of value is ignored, as upstream
    /// does).
    pub(crate) fn module_attrs(
        &mut self,
        ctx: &Context,
        ir: &Ir,
        module: OpId,
    ) -> Result<String, TranslateError> {
        self.ident = attr(ctx, ir, module, "llvm.ident").and_then(|a| str_of(ctx, a));
        let Some(asm) = attr(ctx, ir, module, "llvm.module_asm") else {
            return Ok(String::new());
        };
        let items = array_of(ctx, asm).ok_or_else(|| {
            TranslateError::new(module, "expected an array attribute for a module level asm")
        })?;
        // LLVM's `appendModuleInlineAsm`: each piece ends with a newline.
        let mut text: Vec<u8> = Vec::new();
        for &item in items {
            let AttrKind::String { value, .. } = ctx.attr_kind(item) else {
                return Err(TranslateError::new(
                    module,
                    "expected a string attribute for each entry of a module level asm",
                ));
            };
            text.extend_from_slice(value);
            if text.last().is_some_and(|b| *b != b'\n') {
                text.push(b'\n');
            }
        }
        let mut out = String::new();
        if !text.is_empty() {
            out.push('\n');
            text.pop();
            for line in text.split(|b| *b == b'\n') {
                out.push_str(&format!("module asm \"{}\"\n", escape_bytes(line)));
            }
        }
        Ok(out)
    }

    /// Takes `op` of the module's body if it is one of the ops here
    /// (false otherwise).
    pub(crate) fn take(
        &mut self,
        ctx: &Context,
        ir: &Ir,
        op: OpId,
    ) -> Result<bool, TranslateError> {
        match ctx.str(ir.op_name(op)) {
            "llvm.comdat" => {
                for sel in ir.regions(op).iter().flat_map(|&r| ir.region_blocks(r)) {
                    for sel in ir.block_ops(sel) {
                        self.selector(ctx, ir, sel)?;
                    }
                }
            }
            "llvm.mlir.global_ctors" | "llvm.mlir.global_dtors" => self.xtors.push(op),
            "llvm.linker_options" | "llvm.module_flags" => self.named_ops.push(op),
            _ => return Ok(false),
        }
        Ok(true)
    }

    fn selector(&mut self, ctx: &Context, ir: &Ir, sel: OpId) -> Result<(), TranslateError> {
        let name = attr(ctx, ir, sel, "sym_name")
            .and_then(|a| str_of(ctx, a))
            .ok_or_else(|| TranslateError::failed(sel))?;
        if self.selectors.values().any(|(n, _)| *n == name) {
            return Err(TranslateError::plain(
                sel,
                "comdat selection symbols must be unique even in different comdat regions",
            ));
        }
        let kind = attr(ctx, ir, sel, "comdat")
            .and_then(|a| int_of(ctx, a))
            .and_then(|v| dialect_llvm::Comdat::from_value(v as u64))
            .ok_or_else(|| TranslateError::failed(sel))?;
        self.selectors.insert(sel, (name, kind.as_str()));
        Ok(())
    }

    /// The comdat name of a global or function, if it has one; a
    /// declaration in a comdat is refused, as LLVM's verifier refuses it.
    fn comdat_of(
        &self,
        ctx: &Context,
        ir: &Ir,
        op: OpId,
        declaration: bool,
    ) -> Result<Option<&str>, TranslateError> {
        let Some(sel) = dialect_llvm::module_ops::comdat_selector(ctx, ir, op) else {
            return Ok(None);
        };
        let Some((name, _)) = self.selectors.get(&sel) else {
            return Ok(None);
        };
        if declaration {
            return Err(TranslateError::new(
                op,
                "cannot be converted to LLVM IR: a declaration may not be in a comdat (LLVM's verifier refuses it)",
            ));
        }
        Ok(Some(name))
    }

    /// What follows a global's initializer (`, comdat($c)`) or a
    /// function's attributes (` comdat($c)`), `object` being its name.
    pub(crate) fn comdat_suffix(
        &self,
        ctx: &Context,
        ir: &Ir,
        op: OpId,
        object: &str,
        declaration: bool,
    ) -> Result<String, TranslateError> {
        let Some(name) = self.comdat_of(ctx, ir, op, declaration)? else {
            return Ok(String::new());
        };
        let comma = if ctx.str(ir.op_name(op)) == "llvm.mlir.global" {
            ","
        } else {
            ""
        };
        if name == object {
            return Ok(format!("{comma} comdat"));
        }
        Ok(format!("{comma} comdat(${})", symbol_name(name)))
    }

    /// The `$name = comdat kind` lines of the comdats `objects` (functions
    /// then globals) use, each after a blank line.
    pub(crate) fn comdat_lines(&self, ctx: &Context, ir: &Ir, objects: &[OpId]) -> String {
        let mut seen: Vec<OpId> = Vec::new();
        for &op in objects {
            if let Some(sel) = dialect_llvm::module_ops::comdat_selector(ctx, ir, op) {
                if self.selectors.contains_key(&sel) && !seen.contains(&sel) {
                    seen.push(sel);
                }
            }
        }
        seen.iter()
            .map(|sel| {
                let (name, kind) = &self.selectors[sel];
                format!("\n${} = comdat {kind}\n", symbol_name(name))
            })
            .collect()
    }

    /// The lines of `@llvm.global_ctors` / `@llvm.global_dtors`, after the
    /// other globals.
    pub(crate) fn xtor_lines(&self, ctx: &Context, ir: &Ir) -> Result<String, TranslateError> {
        // (base name, suffix, entries or None for an empty list)
        let mut globals: Vec<(&str, String, Vec<String>)> = Vec::new();
        let mut unique = 0;
        for &op in &self.xtors {
            let (base, list) = match ctx.str(ir.op_name(op)) {
                "llvm.mlir.global_ctors" => ("llvm.global_ctors", "ctors"),
                _ => ("llvm.global_dtors", "dtors"),
            };
            let fns = attr(ctx, ir, op, list)
                .and_then(|a| array_of(ctx, a))
                .unwrap_or(&[]);
            let priorities = attr(ctx, ir, op, "priorities")
                .and_then(|a| array_of(ctx, a))
                .unwrap_or(&[]);
            if fns.is_empty() {
                let taken = globals.iter().any(|(b, s, _)| *b == base && s.is_empty());
                let suffix = if taken {
                    unique += 1;
                    format!(".{unique}")
                } else {
                    String::new()
                };
                globals.push((base, suffix, Vec::new()));
                continue;
            }
            for (&f, &p) in fns.iter().zip(priorities) {
                let f = symbol_of(ctx, f).ok_or_else(|| TranslateError::failed(op))?;
                let p = int_of(ctx, p).ok_or_else(|| TranslateError::failed(op))? as i32;
                let mut entries = match globals
                    .iter()
                    .position(|(b, s, _)| *b == base && s.is_empty())
                {
                    Some(i) => globals.remove(i).2,
                    None => Vec::new(),
                };
                entries.push(format!(
                    "{{ i32, ptr, ptr }} {{ i32 {p}, ptr @{}, ptr null }}",
                    symbol_name(&f)
                ));
                globals.push((base, String::new(), entries));
            }
        }
        Ok(globals
            .iter()
            .map(|(base, suffix, entries)| {
                let init = if entries.is_empty() {
                    "zeroinitializer".to_string()
                } else {
                    format!("[{}]", entries.join(", "))
                };
                format!(
                    "@{base}{suffix} = appending global [{} x {{ i32, ptr, ptr }}] {init}\n",
                    entries.len()
                )
            })
            .collect())
    }

    /// Numbers the named metadata's nodes as LLVM's `SlotTracker` does:
    /// each named metadata's operands in turn, in the order LLVM makes
    /// them: `!llvm.dbg.cu` first (the units are made with the functions'
    /// signatures and the globals), the dependent libraries, then the linker options and module
    /// flags in the order of their first ops. The `Debug Info Version` flag ends the module flags (unless
    /// the module gives it). `functions` are the module's functions (a CG
    /// Profile entry's ends).
    pub(crate) fn number(
        &mut self,
        ctx: &Context,
        ir: &Ir,
        debug: &mut DebugInfo<'_>,
        functions: &[OpId],
    ) -> Result<(), TranslateError> {
        let has_units = debug.units_text().is_some();
        if has_units {
            self.named.push(Named::DbgCu);
        }
        let ident_node = self.ident.clone().map(|ident| {
            self.named.push(Named::Ident);
            debug.metadata_node(Node::Md {
                key: None,
                items: vec![MdItem::Str(ident)],
            })
        });
        let mut library_nodes = Vec::new();
        if let Some(libraries) = &self.libraries {
            for lib in libraries {
                let items = vec![MdItem::Str(lib.clone())];
                library_nodes.push(debug.metadata_node(Node::Md { key: None, items }));
            }
            self.named.push(Named::DependentLibraries);
        }
        let (mut option_nodes, mut flag_nodes) = (Vec::new(), Vec::new());
        for i in 0..self.named_ops.len() {
            let op = self.named_ops[i];
            if ctx.str(ir.op_name(op)) == "llvm.linker_options" {
                let options = attr(ctx, ir, op, "options")
                    .and_then(|a| array_of(ctx, a))
                    .unwrap_or(&[]);
                let items = options
                    .iter()
                    .map(|&o| str_of(ctx, o).map(MdItem::Str))
                    .collect::<Option<Vec<_>>>()
                    .ok_or_else(|| TranslateError::failed(op))?;
                option_nodes.push(debug.metadata_node(Node::Md { key: None, items }));
                self.mark(Named::LinkerOptions);
                continue;
            }
            let flags = attr(ctx, ir, op, "flags")
                .and_then(|a| array_of(ctx, a))
                .unwrap_or(&[]);
            for &flag in flags {
                self.check_flag(ctx, ir, op, flag)?;
                let node = flag_node(ctx, debug, functions, flag, ir)
                    .ok_or_else(|| TranslateError::failed(op))?;
                flag_nodes.push(node);
                self.mark(Named::ModuleFlags);
            }
        }
        if !self.flag_keys.iter().any(|k| k == "Debug Info Version") {
            let items = vec![
                MdItem::I32(2),
                MdItem::Str("Debug Info Version".into()),
                MdItem::I32(3),
            ];
            flag_nodes.push(debug.metadata_node(Node::Md { key: None, items }));
        }
        self.mark(Named::ModuleFlags);
        for i in 0..self.named.len() {
            match self.named[i] {
                Named::DbgCu => debug.number_units(),
                Named::Ident => {
                    if let Some(node) = ident_node {
                        self.ident_node = debug.slot(node);
                    }
                }
                Named::DependentLibraries => {
                    self.library_nodes = library_nodes.iter().map(|&n| debug.slot(n)).collect()
                }
                Named::LinkerOptions => {
                    self.linker_options = option_nodes.iter().map(|&n| debug.slot(n)).collect()
                }
                Named::ModuleFlags => {
                    self.module_flags = flag_nodes.iter().map(|&n| debug.slot(n)).collect()
                }
            }
        }
        Ok(())
    }

    /// What LLVM's verifier checks of a module flag (`visitModuleFlag`),
    /// refused with its words: the value each behavior takes, the keys
    /// that take integers, keys used once.
    fn check_flag(
        &mut self,
        ctx: &Context,
        ir: &Ir,
        op: OpId,
        flag: Attribute,
    ) -> Result<(), TranslateError> {
        let Some(flag) = ModuleFlagAttr::from_attr(ctx, flag) else {
            return Err(TranslateError::failed(op));
        };
        let key = flag.key(ctx).to_string();
        let value = flag.value(ctx);
        let int = match ctx.attr_kind(value) {
            AttrKind::Integer { .. } => int_of(ctx, value).map(|v| i32_of(ctx, value, v)),
            _ => None,
        };
        let node = matches!(ctx.attr_kind(value), AttrKind::Array(_));
        use dialect_llvm::ModFlagBehavior as B;
        let problem = match flag.behavior(ctx) {
            B::Require => Some("invalid value for 'require' module flag (expected metadata pair)"),
            B::Append | B::AppendUnique if !node => {
                Some("invalid value for 'append'-type module flag (expected a metadata node)")
            }
            B::Min if int.is_none_or(|v| v < 0) => {
                Some("invalid value for 'min' module flag (expected constant non-negative integer)")
            }
            B::Max if int.is_none() => {
                Some("invalid value for 'max' module flag (expected constant integer)")
            }
            _ if key == "wchar_size" && int.is_none() => {
                Some("wchar_size metadata requires constant integer argument")
            }
            _ if key == "SemanticInterposition" && int.is_none() => {
                Some("SemanticInterposition metadata requires constant integer argument")
            }
            _ if key == "Linker Options"
                && !self
                    .named_ops
                    .iter()
                    .any(|&o| ctx.str(ir.op_name(o)) == "llvm.linker_options") =>
            {
                Some("'Linker Options' named metadata no longer supported")
            }
            _ if self.flag_keys.contains(&key) => {
                Some("module flag identifiers must be unique (or of 'require' type)")
            }
            _ => None,
        };
        if let Some(why) = problem {
            return Err(TranslateError::new(
                op,
                format!("cannot be converted to LLVM IR: {why} (LLVM's verifier refuses it)"),
            ));
        }
        self.flag_keys.push(key);
        Ok(())
    }

    fn mark(&mut self, named: Named) {
        if !self.named.contains(&named) {
            self.named.push(named);
        }
    }

    /// The `!llvm.dbg.cu = ...`, `!llvm.dependent-libraries = ...`,
    /// `!llvm.linker.options = ...` and
    /// `!llvm.module.flags = ...` lines, in the order numbered.
    pub(crate) fn named_lines(&self, debug: &DebugInfo<'_>) -> String {
        let list = |slots: &[usize]| {
            let items: Vec<String> = slots.iter().map(|s| format!("!{s}")).collect();
            format!("!{{{}}}", items.join(", "))
        };
        let mut out = String::new();
        for named in &self.named {
            match named {
                Named::DbgCu => {
                    if let Some(units) = debug.units_text() {
                        out.push_str(&format!("!llvm.dbg.cu = {units}\n"));
                    }
                }
                Named::Ident => {
                    out.push_str(&format!("!llvm.ident = !{{!{}}}\n", self.ident_node));
                }
                Named::DependentLibraries => out.push_str(&format!(
                    "!llvm.dependent-libraries = {}\n",
                    list(&self.library_nodes)
                )),
                Named::LinkerOptions => out.push_str(&format!(
                    "!llvm.linker.options = {}\n",
                    list(&self.linker_options)
                )),
                Named::ModuleFlags => out.push_str(&format!(
                    "!llvm.module.flags = {}\n",
                    list(&self.module_flags)
                )),
            }
        }
        out
    }
}

/// An integer attribute's value `v` as upstream's `ConstantInt::get(i32,
/// getInt())` makes it: sign extended from its width (`true` is -1), then
/// its low 32 bits.
fn i32_of(ctx: &Context, a: Attribute, v: i128) -> i32 {
    let width = match ctx.attr_kind(a) {
        AttrKind::Integer { ty, .. } => match ctx.type_kind(*ty) {
            ir::TypeKind::Integer { width, .. } => *width,
            _ => 64,
        },
        _ => 64,
    };
    if (1..64).contains(&width) {
        let shift = 128 - width;
        ((v << shift) >> shift) as i32
    } else {
        v as i32
    }
}

/// The node of one `#llvm.mlir.module_flag`: `!{i32 behavior, !"key",
/// value}`.
fn flag_node(
    ctx: &Context,
    debug: &mut DebugInfo<'_>,
    functions: &[OpId],
    flag: Attribute,
    ir: &Ir,
) -> Option<crate::debug_info::NodeId> {
    let flag = ModuleFlagAttr::from_attr(ctx, flag)?;
    let value = flag.value(ctx);
    let value = match ctx.attr_kind(value) {
        AttrKind::String { value, .. } => MdItem::Str(String::from_utf8_lossy(value).into_owned()),
        // Upstream's `ConstantInt::get(i32, getInt())`: the value sign
        // extended from its width (`true` is -1), then its low 32 bits.
        AttrKind::Integer { .. } => MdItem::I32(i32_of(ctx, value, int_of(ctx, value)?)),
        AttrKind::Array(entries) => {
            let is_function = |sym: Option<Attribute>| {
                let name = symbol_of(ctx, sym?)?;
                functions
                    .iter()
                    .any(|&f| {
                        attr(ctx, ir, f, "sym_name")
                            .and_then(|a| str_of(ctx, a))
                            .as_deref()
                            == Some(name.as_str())
                    })
                    .then_some(name)
            };
            let mut items = Vec::new();
            for &e in entries.iter() {
                let e = ModuleFlagCGProfileEntryAttr::from_attr(ctx, e)?;
                let end = |sym| is_function(sym).map_or(MdItem::Null, MdItem::Global);
                let entry = vec![
                    end(e.from(ctx)),
                    end(e.to(ctx)),
                    MdItem::I64(e.count(ctx) as i64),
                ];
                items.push(MdItem::Node(debug.metadata_node(Node::Md {
                    key: None,
                    items: entry,
                })));
            }
            MdItem::Node(debug.metadata_node(Node::Md {
                key: Some(value),
                items,
            }))
        }
        _ => MdItem::Node(summary_node(ctx, debug, value)?),
    };
    let items = vec![
        MdItem::I32(flag.behavior(ctx).value() as i32),
        MdItem::Str(flag.key(ctx).to_string()),
        value,
    ];
    Some(debug.metadata_node(Node::Md { key: None, items }))
}

/// A plain tuple's node, as an operand.
fn tuple(debug: &mut DebugInfo<'_>, items: Vec<MdItem>) -> MdItem {
    MdItem::Node(debug.metadata_node(Node::Md { key: None, items }))
}

/// The node of a `#llvm.profile_summary`: one `!{!"Name", value}` pair per
/// field (the partial-profile ones when given), then the detailed
/// summary's `!{i64 cut_off, i64 min_count, i64 num_counts}` list; `None`
/// for a ratio that is no float of LLVM's.
fn summary_node(
    ctx: &Context,
    debug: &mut DebugInfo<'_>,
    value: Attribute,
) -> Option<crate::debug_info::NodeId> {
    let summary = ModuleFlagProfileSummaryAttr::from_attr(ctx, value)?;
    let count = |v: u64| MdItem::I64(v as i64);
    let mut pairs: Vec<(&str, MdItem)> = vec![
        (
            "ProfileFormat",
            MdItem::Str(summary.format(ctx).as_str().to_string()),
        ),
        ("TotalCount", count(summary.total_count(ctx))),
        ("MaxCount", count(summary.max_count(ctx))),
        ("MaxInternalCount", count(summary.max_internal_count(ctx))),
        ("MaxFunctionCount", count(summary.max_function_count(ctx))),
        ("NumCounts", count(summary.num_counts(ctx))),
        ("NumFunctions", count(summary.num_functions(ctx))),
    ];
    if let Some(partial) = summary.is_partial_profile(ctx) {
        pairs.push(("IsPartialProfile", count(partial)));
    }
    if let Some(ratio) = summary.partial_profile_ratio(ctx) {
        let AttrKind::Float { ty, bits } = ctx.attr_kind(ratio) else {
            return None;
        };
        let ty = crate::types::llvm_type(ctx, *ty).ok()?;
        pairs.push(("PartialProfileRatio", MdItem::Float(ty, *bits as u64)));
    }
    let mut fields: Vec<MdItem> = pairs
        .into_iter()
        .map(|(name, item)| tuple(debug, vec![MdItem::Str(name.to_string()), item]))
        .collect();
    let detailed: Vec<MdItem> = summary
        .detailed_summary(ctx)
        .iter()
        .map(|d| {
            let items = vec![
                count(u64::from(d.cut_off(ctx))),
                count(d.min_count(ctx)),
                count(u64::from(d.num_counts(ctx))),
            ];
            tuple(debug, items)
        })
        .collect();
    let detailed = tuple(debug, detailed);
    fields.push(tuple(
        debug,
        vec![MdItem::Str("DetailedSummary".to_string()), detailed],
    ));
    Some(debug.metadata_node(Node::Md {
        key: None,
        items: fields,
    }))
}

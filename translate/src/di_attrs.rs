//! The LLVM dialect's debug-info attributes as LLVM metadata nodes
//! (upstream's `DebugTranslation::translate(DINodeAttr)` and its
//! `translateImpl`s), and each node's text as LLVM's `AsmWriter` prints
//! it.
//!
//! Nodes LLVM makes unique by content (files, basic types, subroutine
//! types, declarations' subprograms, locations) are one node per content;
//! the distinct ones (compile units, definitions' subprograms, lexical
//! blocks and block files) are one node per attribute, as upstream's
//! cache of translated attributes makes them.

use ir::{Attribute, Context};

use crate::di_nodes::{generic_text, translate_node, Field};
use crate::metadata::{tuple_operands, tuple_text, MdItem};

use dialect_llvm::{
    DIBasicTypeAttr, DICompileUnitAttr, DIEmissionKind, DIFileAttr, DILexicalBlockAttr,
    DILexicalBlockFileAttr, DINameTableKind, DINullTypeAttr, DISubprogramAttr, DISubprogramFlags,
    DISubroutineTypeAttr,
};

/// A metadata node of the debug information, by its index.
pub(crate) type NodeId = usize;

/// One metadata node.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Node {
    File {
        name: String,
        directory: String,
    },
    CompileUnit {
        /// The attribute it comes from (a unit is distinct).
        key: Attribute,
        language: Option<&'static str>,
        file: Option<NodeId>,
        producer: String,
        optimized: bool,
        emission: DIEmissionKind,
        name_table: DINameTableKind,
        split_debug_filename: String,
        /// `!{...}` of the global variable expressions listed in it.
        globals: Option<NodeId>,
    },
    /// `!{...}`: a list of nodes, `None` for `null`.
    Tuple(Vec<Option<NodeId>>),
    SubroutineType {
        convention: Option<&'static str>,
        types: NodeId,
    },
    BasicType {
        tag: u32,
        tag_name: Option<&'static str>,
        name: String,
        size: u64,
        encoding: Option<&'static str>,
    },
    Subprogram {
        /// The attribute of a definition (which is distinct).
        key: Option<Attribute>,
        scope: Option<NodeId>,
        name: String,
        linkage_name: String,
        file: Option<NodeId>,
        line: u32,
        ty: Option<NodeId>,
        scope_line: u32,
        flags: u32,
        unit: Option<NodeId>,
    },
    LexicalBlock {
        key: Attribute,
        scope: Option<NodeId>,
        file: Option<NodeId>,
        line: u32,
        column: u32,
    },
    LexicalBlockFile {
        key: Attribute,
        scope: Option<NodeId>,
        file: Option<NodeId>,
        discriminator: u32,
    },
    Location {
        line: u32,
        column: u32,
        scope: NodeId,
        inlined_at: Option<NodeId>,
    },
    /// A node of `crate::di_nodes`: its kind (`DILocalVariable`), its
    /// fields in print order and the nodes it refers to in LLVM's operand
    /// order; `key` is the attribute of a distinct one.
    Generic {
        key: Option<Attribute>,
        kind: &'static str,
        fields: Vec<(&'static str, Field)>,
        operands: Vec<NodeId>,
    },
    /// A plain tuple of `crate::metadata` (TBAA, alias scopes), which may
    /// name itself; `key` is the attribute of a distinct one.
    Md {
        key: Option<Attribute>,
        items: Vec<MdItem>,
    },
}

impl Node {
    /// The nodes it refers to, in LLVM's operand order (what its number
    /// is followed by).
    pub(crate) fn operands(&self) -> Vec<NodeId> {
        let some = |ids: &[Option<NodeId>]| ids.iter().flatten().copied().collect();
        match self {
            Node::File { .. } | Node::BasicType { .. } => Vec::new(),
            Node::CompileUnit { file, globals, .. } => some(&[*file, *globals]),
            Node::Tuple(items) => some(items),
            Node::SubroutineType { types, .. } => vec![*types],
            Node::Subprogram {
                scope,
                file,
                ty,
                unit,
                ..
            } => some(&[*file, *scope, *ty, *unit]),
            Node::LexicalBlock { scope, file, .. } | Node::LexicalBlockFile { scope, file, .. } => {
                some(&[*file, *scope])
            }
            Node::Location {
                scope, inlined_at, ..
            } => some(&[Some(*scope), *inlined_at]),
            Node::Generic { operands, .. } => operands.clone(),
            Node::Md { items, .. } => tuple_operands(items),
        }
    }

    /// The scope a local scope is nested in (`None` for a subprogram).
    pub(crate) fn parent_scope(&self) -> Option<NodeId> {
        match self {
            Node::LexicalBlock { scope, .. } | Node::LexicalBlockFile { scope, .. } => *scope,
            _ => None,
        }
    }

    /// The text after `!N = `, with `slot` giving each operand's number
    /// (`own` is the node's).
    pub(crate) fn text(&self, own: usize, slot: &dyn Fn(NodeId) -> usize) -> String {
        let r = |id: NodeId| format!("!{}", slot(id));
        let mut f = Fields::default();
        match self {
            Node::File { name, directory } => {
                f.string_always("filename", name);
                f.string_always("directory", directory);
                format!("!DIFile({})", f.0.join(", "))
            }
            Node::CompileUnit {
                language,
                file,
                producer,
                optimized,
                emission,
                name_table,
                split_debug_filename,
                globals,
                ..
            } => {
                f.raw("language", language.unwrap_or("0"));
                f.node_or_null("file", file.map(r));
                f.string("producer", producer);
                f.raw("isOptimized", if *optimized { "true" } else { "false" });
                f.raw("runtimeVersion", "0");
                f.string("splitDebugFilename", split_debug_filename);
                f.raw("emissionKind", emission_kind_text(*emission));
                f.node("globals", globals.map(r));
                if let Some(kind) = name_table_text(*name_table) {
                    f.raw("nameTableKind", kind);
                }
                format!("distinct !DICompileUnit({})", f.0.join(", "))
            }
            Node::Tuple(items) => {
                let items: Vec<String> = items
                    .iter()
                    .map(|i| i.map_or_else(|| "null".to_string(), r))
                    .collect();
                format!("!{{{}}}", items.join(", "))
            }
            Node::SubroutineType { convention, types } => {
                if let Some(cc) = convention {
                    f.raw("cc", cc);
                }
                f.raw("types", &r(*types));
                format!("!DISubroutineType({})", f.0.join(", "))
            }
            Node::BasicType {
                tag,
                tag_name,
                name,
                size,
                encoding,
            } => {
                // DW_TAG_base_type is the default the writer leaves out.
                if *tag != 0x24 {
                    f.raw("tag", tag_name.unwrap_or("0"));
                }
                f.string("name", name);
                f.int("size", *size);
                if let Some(e) = encoding {
                    f.raw("encoding", e);
                }
                format!("!DIBasicType({})", f.0.join(", "))
            }
            Node::Subprogram {
                key,
                scope,
                name,
                linkage_name,
                file,
                line,
                ty,
                scope_line,
                flags,
                unit,
            } => {
                f.string("name", name);
                f.string("linkageName", linkage_name);
                f.node_or_null("scope", scope.map(r));
                f.node("file", file.map(r));
                f.int("line", u64::from(*line));
                f.node("type", ty.map(r));
                f.int("scopeLine", u64::from(*scope_line));
                // Always written: no flags at all would read back as an
                // old-style definition.
                f.raw("spFlags", &subprogram_flags_text(*flags));
                f.node("unit", unit.map(r));
                let distinct = if key.is_some() { "distinct " } else { "" };
                format!("{distinct}!DISubprogram({})", f.0.join(", "))
            }
            Node::LexicalBlock {
                scope,
                file,
                line,
                column,
                ..
            } => {
                f.node_or_null("scope", scope.map(r));
                f.node("file", file.map(r));
                f.int("line", u64::from(*line));
                f.int("column", u64::from(*column));
                format!("distinct !DILexicalBlock({})", f.0.join(", "))
            }
            Node::LexicalBlockFile {
                scope,
                file,
                discriminator,
                ..
            } => {
                f.node_or_null("scope", scope.map(r));
                f.node("file", file.map(r));
                f.raw("discriminator", &discriminator.to_string());
                format!("distinct !DILexicalBlockFile({})", f.0.join(", "))
            }
            Node::Location {
                line,
                column,
                scope,
                inlined_at,
            } => {
                f.raw("line", &line.to_string());
                f.int("column", u64::from(*column));
                f.raw("scope", &r(*scope));
                f.node("inlinedAt", inlined_at.map(r));
                format!("!DILocation({})", f.0.join(", "))
            }
            Node::Generic {
                key, kind, fields, ..
            } => generic_text(key.is_some(), kind, fields, slot),
            Node::Md { key, items } => tuple_text(key.is_some(), items, own, slot),
        }
    }
}

/// The `name: value` fields of a node, as `MDFieldPrinter` skips and
/// writes them.
#[derive(Default)]
struct Fields(Vec<String>);

impl Fields {
    fn raw(&mut self, name: &str, value: &str) {
        self.0.push(format!("{name}: {value}"));
    }
    /// A string, left out when empty.
    fn string(&mut self, name: &str, value: &str) {
        if !value.is_empty() {
            self.string_always(name, value);
        }
    }
    fn string_always(&mut self, name: &str, value: &str) {
        self.0.push(format!("{name}: \"{}\"", escape(value)));
    }
    /// An integer, left out when zero.
    fn int(&mut self, name: &str, value: u64) {
        if value != 0 {
            self.0.push(format!("{name}: {value}"));
        }
    }
    /// A node, left out when absent.
    fn node(&mut self, name: &str, value: Option<String>) {
        if let Some(v) = value {
            self.0.push(format!("{name}: {v}"));
        }
    }
    /// A node, `null` when absent.
    fn node_or_null(&mut self, name: &str, value: Option<String>) {
        self.0
            .push(format!("{name}: {}", value.as_deref().unwrap_or("null")));
    }
}

fn emission_kind_text(kind: DIEmissionKind) -> &'static str {
    match kind {
        DIEmissionKind::None => "NoDebug",
        DIEmissionKind::Full => "FullDebug",
        DIEmissionKind::LineTablesOnly => "LineTablesOnly",
        DIEmissionKind::DebugDirectivesOnly => "DebugDirectivesOnly",
    }
}

fn name_table_text(kind: DINameTableKind) -> Option<&'static str> {
    match kind {
        DINameTableKind::Default => None,
        DINameTableKind::Gnu => Some("GNU"),
        DINameTableKind::None => Some("None"),
        DINameTableKind::Apple => Some("Apple"),
    }
}

/// `DISPFlag...` names of a subprogram's flags, by bit, as LLVM's
/// `DISubprogram::splitFlags` lists them (unnamed bits as a number).
fn subprogram_flags_text(flags: u32) -> String {
    const NAMES: &[(u32, &str)] = &[
        (1, "DISPFlagVirtual"),
        (2, "DISPFlagPureVirtual"),
        (4, "DISPFlagLocalToUnit"),
        (8, "DISPFlagDefinition"),
        (16, "DISPFlagOptimized"),
        (32, "DISPFlagPure"),
        (64, "DISPFlagElemental"),
        (128, "DISPFlagRecursive"),
        (256, "DISPFlagMainSubprogram"),
        (512, "DISPFlagDeleted"),
        (2048, "DISPFlagObjCDirect"),
    ];
    let mut parts = Vec::new();
    let mut rest = flags;
    for &(bit, name) in NAMES {
        if flags & bit != 0 {
            parts.push(name.to_string());
            rest &= !bit;
        }
    }
    if rest != 0 || parts.is_empty() {
        parts.push(rest.to_string());
    }
    parts.join(" | ")
}

/// A string as LLVM's `AsmWriter` escapes it in metadata.
pub(crate) fn escape(s: &str) -> String {
    let mut out = String::new();
    for &b in s.as_bytes() {
        if b == b'\\' || b == b'"' || !(0x20..0x7f).contains(&b) {
            out.push_str(&format!("\\{b:02X}"));
        } else {
            out.push(b as char);
        }
    }
    out
}

/// What translating an attribute needs from the debug information: a
/// node for a content (made unique) and the cache of attributes already
/// translated.
pub(crate) trait NodeStore {
    fn node(&mut self, node: Node) -> NodeId;
    fn cached(&self, attr: Attribute) -> Option<Option<NodeId>>;
    fn cache(&mut self, attr: Attribute, node: Option<NodeId>);
    /// A compile unit was made (LLVM's `DIBuilder` lists it in
    /// `!llvm.dbg.cu`).
    fn unit_made(&mut self, unit: NodeId);
    /// A debug-info attribute this translator has no node for was met.
    fn untranslated(&mut self, mnemonic: &'static str);
}

/// Is `attr` a local scope (a subprogram, lexical block or block file),
/// what a fused location's metadata scopes its locations with?
pub(crate) fn is_local_scope(ctx: &Context, attr: Attribute) -> bool {
    DISubprogramAttr::from_attr(ctx, attr).is_some()
        || DILexicalBlockAttr::from_attr(ctx, attr).is_some()
        || DILexicalBlockFileAttr::from_attr(ctx, attr).is_some()
}

/// The node of a debug-info attribute (`None` for the null type and for
/// attributes that are no debug information).
pub(crate) fn translate_attr(
    store: &mut impl NodeStore,
    ctx: &Context,
    attr: Attribute,
) -> Option<NodeId> {
    if let Some(done) = store.cached(attr) {
        return done;
    }
    let node = translate_uncached(store, ctx, attr);
    // Only nodes are kept: an attribute without one is met again, so that
    // each record reaching an untranslated one hears of it.
    if node.is_some() {
        store.cache(attr, node);
    }
    node
}

fn translate_uncached(
    store: &mut impl NodeStore,
    ctx: &Context,
    attr: Attribute,
) -> Option<NodeId> {
    if let Some(file) = DIFileAttr::from_attr(ctx, attr) {
        return Some(store.node(Node::File {
            name: file.name(ctx),
            directory: file.directory(ctx),
        }));
    }
    if let Some(unit) = DICompileUnitAttr::from_attr(ctx, attr) {
        let file = translate_attr(store, ctx, unit.file(ctx).attr());
        let id = store.node(Node::CompileUnit {
            key: attr,
            language: unit.source_language(ctx).name(),
            file,
            producer: unit.producer(ctx).unwrap_or_default(),
            optimized: unit.is_optimized(ctx),
            emission: unit.emission_kind(ctx),
            name_table: unit.name_table_kind(ctx),
            split_debug_filename: unit.split_debug_filename(ctx).unwrap_or_default(),
            globals: None,
        });
        store.unit_made(id);
        return Some(id);
    }
    if DINullTypeAttr::from_attr(ctx, attr).is_some() {
        return None;
    }
    if let Some(basic) = DIBasicTypeAttr::from_attr(ctx, attr) {
        let tag = basic.tag(ctx);
        return Some(store.node(Node::BasicType {
            tag: tag.0,
            tag_name: tag.name(),
            name: basic.name(ctx),
            size: basic.size_in_bits(ctx),
            encoding: basic.encoding(ctx).name(),
        }));
    }
    if let Some(sub) = DISubroutineTypeAttr::from_attr(ctx, attr) {
        let types: Vec<Option<NodeId>> = sub
            .types(ctx)
            .into_iter()
            .map(|t| translate_attr(store, ctx, t))
            .collect();
        let types = store.node(Node::Tuple(types));
        return Some(store.node(Node::SubroutineType {
            convention: sub.calling_convention(ctx).name(),
            types,
        }));
    }
    if let Some(sp) = DISubprogramAttr::from_attr(ctx, attr) {
        let scope = sp.scope(ctx).and_then(|s| translate_attr(store, ctx, s));
        let file = sp
            .file(ctx)
            .and_then(|f| translate_attr(store, ctx, f.attr()));
        let ty = sp
            .r#type(ctx)
            .and_then(|t| translate_attr(store, ctx, t.attr()));
        let unit = sp
            .compile_unit(ctx)
            .and_then(|u| translate_attr(store, ctx, u.attr()));
        let flags = sp.subprogram_flags(ctx);
        let definition = flags.contains_all(DISubprogramFlags::DEFINITION);
        return Some(store.node(Node::Subprogram {
            key: definition.then_some(attr),
            scope,
            name: sp.name(ctx).unwrap_or_default(),
            linkage_name: sp.linkage_name(ctx).unwrap_or_default(),
            file,
            line: sp.line(ctx),
            ty,
            scope_line: sp.scope_line(ctx),
            flags: flags.value(),
            unit,
        }));
    }
    if let Some(block) = DILexicalBlockAttr::from_attr(ctx, attr) {
        let scope = translate_attr(store, ctx, block.scope(ctx));
        let file = block
            .file(ctx)
            .and_then(|f| translate_attr(store, ctx, f.attr()));
        return Some(store.node(Node::LexicalBlock {
            key: attr,
            scope,
            file,
            line: block.line(ctx),
            column: block.column(ctx),
        }));
    }
    if let Some(block) = DILexicalBlockFileAttr::from_attr(ctx, attr) {
        let scope = translate_attr(store, ctx, block.scope(ctx));
        let file = block
            .file(ctx)
            .and_then(|f| translate_attr(store, ctx, f.attr()));
        return Some(store.node(Node::LexicalBlockFile {
            key: attr,
            scope,
            file,
            discriminator: block.discriminator(ctx),
        }));
    }
    translate_node(store, ctx, attr)
}

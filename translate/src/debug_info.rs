//! Line-table debug information: what `mlir-translate-22 --mlir-to-llvmir`
//! writes for a module that went through
//! `--ensure-debug-info-scope-on-llvm-func` (upstream's
//! `DIScopeForLLVMFuncOpPass`, which toyc runs from chapter 6 on).
//!
//! The pass gives the module a `DICompileUnit` (`LineTablesOnly`, on the
//! file of the module's location, else `"<unknown>"`), each `llvm.func` a
//! `DISubprogram` (on the file and line of its location; a definition is
//! `distinct`, with the unit; a declaration has neither), each
//! call-site location a `DILexicalBlockFile` scope for its callee, and
//! each location in another file than its function's one for that file.
//! The
//! translation then turns each op's location into a `DILocation`
//! (upstream's `DebugTranslation::translateLoc`): a file location in the
//! function's scope, a call site as its callee inlined at its caller, a
//! fused location as its parts merged (`DILocation::getMergedLocation`),
//! an unknown one into none.
//!
//! The dialect here has no debug-info attributes, so the scopes are made
//! during the translation, from the locations, rather than read from
//! `#llvm.di_subprogram` attributes the pass would have attached: the
//! output is the same as upstream's pass followed by its translation.
//!
//! Nodes are numbered as LLVM's `AsmWriter` numbers metadata: the named
//! metadata first (the unit and its file, then the module flags), then in
//! print order each function's `!dbg` and each instruction's, every node
//! followed by the nodes it refers to, depth first.

use rustc_hash::FxHashMap;

use ir::{AttrKind, Attribute, Context, Ir, LocKind, Location, OpId, SourceManager};

/// A metadata node of the debug information, by its index.
pub(crate) type NodeId = usize;

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Node {
    File {
        name: String,
        directory: String,
    },
    CompileUnit {
        file: NodeId,
    },
    /// `!{}`: the subroutine type's types.
    EmptyTuple,
    SubroutineType {
        types: NodeId,
    },
    Subprogram {
        name: String,
        file: NodeId,
        line: u32,
        /// A definition's unit (and its number, which keeps it distinct).
        definition: Option<(NodeId, usize)>,
    },
    LexicalBlockFile {
        scope: NodeId,
        file: NodeId,
    },
    Location {
        line: u32,
        column: u32,
        scope: NodeId,
        inlined_at: Option<NodeId>,
    },
}

/// A location as the translation reads it.
#[derive(Clone, Debug)]
enum Loc {
    Unknown,
    File {
        path: String,
        line: u32,
        column: u32,
    },
    Name(Box<Loc>),
    CallSite {
        callee: Box<Loc>,
        caller: Box<Loc>,
    },
    /// A fused location, with the scope the pass gave it (a lexical
    /// block file of a call site's callee).
    Fused {
        locs: Vec<Loc>,
        scope: Option<NodeId>,
    },
}

/// The debug information of one module's translation.
pub(crate) struct DebugInfo<'a> {
    sources: Option<&'a SourceManager>,
    nodes: Vec<Node>,
    ids: FxHashMap<Node, NodeId>,
    compile_unit: NodeId,
    /// Each node's `!N`, once numbered.
    slots: Vec<Option<usize>>,
    next_slot: usize,
    definitions: usize,
    /// The file path of each subprogram's function location, when it has
    /// one: an op located in another file gets a lexical block file.
    function_paths: FxHashMap<NodeId, String>,
}

impl<'a> DebugInfo<'a> {
    /// The unit of `module` (numbered `!0`, its file `!1`); the module
    /// flags take the next number ([`DebugInfo::reserve_slot`]).
    pub(crate) fn new(
        ctx: &Context,
        ir: &Ir,
        module: OpId,
        sources: Option<&'a SourceManager>,
    ) -> Self {
        let mut info = DebugInfo {
            sources,
            nodes: Vec::new(),
            ids: FxHashMap::default(),
            compile_unit: 0,
            slots: Vec::new(),
            next_slot: 0,
            definitions: 0,
            function_paths: FxHashMap::default(),
        };
        let loc = info.read_location(ctx, ir, ir.op_loc(module));
        let file = match file_loc(&loc) {
            Some((path, _, _)) => info.file(&path),
            None => info.file_named("<unknown>", ""),
        };
        info.compile_unit = info.node(Node::CompileUnit { file });
        info.slot(info.compile_unit);
        info
    }

    /// A number for a node that is not debug information (the module
    /// flags, which LLVM numbers after the unit).
    pub(crate) fn reserve_slot(&mut self) -> usize {
        self.next_slot += 1;
        self.next_slot - 1
    }

    fn node(&mut self, node: Node) -> NodeId {
        if let Some(&id) = self.ids.get(&node) {
            return id;
        }
        self.nodes.push(node.clone());
        self.slots.push(None);
        let id = self.nodes.len() - 1;
        self.ids.insert(node, id);
        id
    }

    fn file_named(&mut self, name: &str, directory: &str) -> NodeId {
        self.node(Node::File {
            name: name.to_string(),
            directory: directory.to_string(),
        })
    }

    /// The `DIFile` of a path: its last component in its directory.
    fn file(&mut self, path: &str) -> NodeId {
        let (directory, name) = split_path(path);
        self.file_named(name, directory)
    }

    /// The `DISubprogram` of function `func` (a definition when
    /// `definition`), as the pass makes it.
    pub(crate) fn subprogram(
        &mut self,
        ctx: &Context,
        ir: &Ir,
        func: OpId,
        name: &str,
        definition: bool,
    ) -> NodeId {
        let loc = self.read_location(ctx, ir, ir.op_loc(func));
        let function_path = file_loc(&loc).map(|(path, _, _)| path);
        let (file, line) = match file_loc(&loc) {
            Some((path, line, _)) => (self.file(&path), line),
            None => match &self.nodes[self.compile_unit] {
                Node::CompileUnit { file } => (*file, 1),
                _ => (self.file_named("<unknown>", ""), 1),
            },
        };
        let definition = definition.then(|| {
            self.definitions += 1;
            (self.compile_unit, self.definitions)
        });
        let subprogram = self.node(Node::Subprogram {
            name: name.to_string(),
            file,
            line,
            definition,
        });
        if let Some(path) = function_path {
            self.function_paths.insert(subprogram, path);
        }
        subprogram
    }

    /// The `DILocation` of `op` in function scope `scope`, after the
    /// pass's rewrite of call sites; `None` for an unknown location.
    pub(crate) fn op_location(
        &mut self,
        ctx: &Context,
        ir: &Ir,
        op: OpId,
        scope: NodeId,
    ) -> Option<NodeId> {
        let loc = self.read_location(ctx, ir, ir.op_loc(op));
        let loc = match loc {
            Loc::CallSite { callee, caller } => Loc::CallSite {
                callee: Box::new(self.nested_location(scope, *callee)),
                caller,
            },
            // A location in another file than its function's is scoped
            // by a lexical block file of that file.
            other => match (self.function_paths.get(&scope), file_loc(&other)) {
                (Some(function_path), Some((path, _, _))) if *function_path != path => {
                    let file = self.file(&path);
                    let block = self.node(Node::LexicalBlockFile { scope, file });
                    Loc::Fused {
                        locs: vec![other],
                        scope: Some(block),
                    }
                }
                _ => other,
            },
        };
        self.translate(&loc, Some(scope), None)
    }

    /// The `DILocation` of `loc` in function scope `scope`, as the pass
    /// leaves it (it rewrites the call sites of ops only, not of block
    /// arguments); `None` for an unknown location.
    pub(crate) fn location(
        &mut self,
        ctx: &Context,
        ir: &Ir,
        loc: Location,
        scope: NodeId,
    ) -> Option<NodeId> {
        let loc = self.read_location(ctx, ir, loc);
        self.translate(&loc, Some(scope), None)
    }

    /// The pass's `getNestedLoc`: a callee location under a lexical block
    /// file of `scope` on the callee's file, nested again for a callee
    /// that is itself a call site.
    fn nested_location(&mut self, scope: NodeId, callee: Loc) -> Loc {
        let path = file_loc(&callee).map(|(p, _, _)| p).unwrap_or_default();
        let file = self.file(&path);
        let block = self.node(Node::LexicalBlockFile { scope, file });
        let inner = match callee {
            Loc::CallSite { callee, .. } => self.nested_location(block, *callee),
            other => other,
        };
        Loc::Fused {
            locs: vec![inner],
            scope: Some(block),
        }
    }

    /// Upstream's `translateLoc`.
    fn translate(
        &mut self,
        loc: &Loc,
        scope: Option<NodeId>,
        inlined_at: Option<NodeId>,
    ) -> Option<NodeId> {
        match loc {
            Loc::Unknown => None,
            Loc::File { line, column, .. } => Some(self.node(Node::Location {
                line: *line,
                column: *column,
                scope: scope?,
                inlined_at,
            })),
            Loc::Name(child) => self.translate(child, scope, inlined_at),
            Loc::CallSite { callee, caller } => {
                let caller = match self.translate(caller, scope, inlined_at) {
                    Some(c) => c,
                    None => inlined_at?,
                };
                Some(self.translate(callee, None, Some(caller)).unwrap_or(caller))
            }
            Loc::Fused { locs, scope: own } => {
                let scope = own.or(scope);
                let mut merged = self.translate(locs.first()?, scope, inlined_at);
                for part in &locs[1..] {
                    let other = self.translate(part, scope, inlined_at);
                    merged = self.merge(merged, other);
                }
                merged
            }
        }
    }

    // ----- merging (`DILocation::getMergedLocation`) ------------------------

    fn location_parts(&self, id: NodeId) -> (u32, u32, NodeId, Option<NodeId>) {
        match &self.nodes[id] {
            Node::Location {
                line,
                column,
                scope,
                inlined_at,
            } => (*line, *column, *scope, *inlined_at),
            _ => (0, 0, id, None),
        }
    }

    /// The scope a scope is nested in (`None` for a subprogram).
    fn parent_scope(&self, scope: NodeId) -> Option<NodeId> {
        match &self.nodes[scope] {
            Node::LexicalBlockFile { scope, .. } => Some(*scope),
            _ => None,
        }
    }

    fn subprogram_of(&self, mut scope: NodeId) -> NodeId {
        while let Some(parent) = self.parent_scope(scope) {
            scope = parent;
        }
        scope
    }

    /// The chain of a location and the locations it is inlined at.
    fn inline_chain(&self, mut loc: NodeId) -> Vec<NodeId> {
        let mut chain = vec![loc];
        while let Some(at) = self.location_parts(loc).3 {
            chain.push(at);
            loc = at;
        }
        chain
    }

    fn merge(&mut self, a: Option<NodeId>, b: Option<NodeId>) -> Option<NodeId> {
        let (a, b) = (a?, b?);
        if a == b {
            return Some(a);
        }
        let key = |info: &Self, l: NodeId| {
            let (_, _, scope, at) = info.location_parts(l);
            (info.subprogram_of(scope), at)
        };
        let a_chain = self.inline_chain(a);
        let b_chain = self.inline_chain(b);
        // The first location of B's chain with the subprogram and inlined-at
        // of one of A's: the merge starts there and walks inwards.
        let start = b_chain.iter().enumerate().find_map(|(j, &l)| {
            let k = key(self, l);
            a_chain
                .iter()
                .position(|&m| key(self, m) == k)
                .map(|i| (i, j))
        });
        let mut result = None;
        if let Some((i, j)) = start {
            result = self.location_parts(a_chain[i]).3;
            for (&l1, &l2) in a_chain[..=i].iter().rev().zip(b_chain[..=j].iter().rev()) {
                match self.merge_pair(l1, l2, result) {
                    Some(merged) => result = Some(merged),
                    None => break,
                }
            }
        }
        if result.is_some() {
            return result;
        }
        let (_, _, scope, _) = self.location_parts(a);
        Some(self.node(Node::Location {
            line: 0,
            column: 0,
            scope,
            inlined_at: None,
        }))
    }

    fn merge_pair(&mut self, l1: NodeId, l2: NodeId, inlined_at: Option<NodeId>) -> Option<NodeId> {
        let (line1, col1, scope1, _) = self.location_parts(l1);
        let (line2, col2, scope2, _) = self.location_parts(l2);
        if l1 == l2 {
            return Some(self.node(Node::Location {
                line: line1,
                column: col1,
                scope: scope1,
                inlined_at,
            }));
        }
        if self.subprogram_of(scope1) != self.subprogram_of(scope2) {
            return None;
        }
        let mut ancestors = vec![scope1];
        let mut s = scope1;
        while let Some(p) = self.parent_scope(s) {
            ancestors.push(p);
            s = p;
        }
        let mut common = Some(scope2);
        while let Some(c) = common {
            if ancestors.contains(&c) {
                break;
            }
            common = self.parent_scope(c);
        }
        let same_line = line1 == line2;
        Some(self.node(Node::Location {
            line: if same_line { line1 } else { 0 },
            column: if same_line && col1 == col2 { col1 } else { 0 },
            scope: common?,
            inlined_at,
        }))
    }

    // ----- reading locations ------------------------------------------------

    fn read_location(&self, ctx: &Context, ir: &Ir, loc: Location) -> Loc {
        match loc.kind() {
            LocKind::Unknown => Loc::Unknown,
            LocKind::Source { file, offset } => {
                match ir.source_position(file, offset, self.sources) {
                    (path, Some((line, column))) => Loc::File { path, line, column },
                    (_, None) => Loc::Unknown,
                }
            }
            LocKind::Attr(a) => read_attr(ctx, a),
        }
    }

    // ----- printing -----------------------------------------------------------

    /// The number of `node`, numbering it and what it refers to (depth
    /// first, in LLVM's operand order) the first time.
    pub(crate) fn slot(&mut self, node: NodeId) -> usize {
        if let Some(s) = self.slots[node] {
            return s;
        }
        let s = self.next_slot;
        self.next_slot += 1;
        self.slots[node] = Some(s);
        for operand in self.operands(node) {
            self.slot(operand);
        }
        s
    }

    /// The nodes `node` refers to, in LLVM's operand order.
    fn operands(&mut self, node: NodeId) -> Vec<NodeId> {
        match self.nodes[node].clone() {
            Node::File { .. } | Node::EmptyTuple => Vec::new(),
            Node::CompileUnit { file } => vec![file],
            Node::SubroutineType { types } => vec![types],
            Node::Subprogram {
                file, definition, ..
            } => {
                let ty = self.subroutine_type();
                let mut ops = vec![file, file, ty];
                ops.extend(definition.map(|(unit, _)| unit));
                ops
            }
            Node::LexicalBlockFile { scope, file } => vec![file, scope],
            Node::Location {
                scope, inlined_at, ..
            } => {
                let mut ops = vec![scope];
                ops.extend(inlined_at);
                ops
            }
        }
    }

    fn subroutine_type(&mut self) -> NodeId {
        let types = self.node(Node::EmptyTuple);
        self.node(Node::SubroutineType { types })
    }

    /// The metadata lines, `!N = ...`, of every numbered node (the module
    /// flags' line, at `flags_slot`, among them).
    pub(crate) fn render(&mut self, flags_slot: usize, flags: &str) -> String {
        let mut lines: Vec<(usize, String)> = vec![(flags_slot, flags.to_string())];
        for id in 0..self.nodes.len() {
            if let Some(s) = self.slots[id] {
                lines.push((s, self.node_text(id)));
            }
        }
        lines.sort_by_key(|(s, _)| *s);
        lines
            .into_iter()
            .map(|(s, text)| format!("!{s} = {text}\n"))
            .collect()
    }

    fn slot_text(&self, id: NodeId) -> String {
        format!("!{}", self.slots[id].unwrap_or(0))
    }

    fn node_text(&mut self, id: NodeId) -> String {
        match self.nodes[id].clone() {
            Node::File { name, directory } => format!(
                "!DIFile(filename: \"{}\", directory: \"{}\")",
                escape(&name),
                escape(&directory)
            ),
            Node::CompileUnit { file } => format!(
                "distinct !DICompileUnit(language: DW_LANG_C, file: {}, producer: \"MLIR\", isOptimized: true, runtimeVersion: 0, emissionKind: LineTablesOnly)",
                self.slot_text(file)
            ),
            Node::EmptyTuple => "!{}".to_string(),
            Node::SubroutineType { types } => format!(
                "!DISubroutineType(cc: DW_CC_normal, types: {})",
                self.slot_text(types)
            ),
            Node::Subprogram {
                name,
                file,
                line,
                definition,
            } => {
                let ty = self.subroutine_type();
                let f = self.slot_text(file);
                let mut text = format!(
                    "!DISubprogram(name: \"{n}\", linkageName: \"{n}\", scope: {f}, file: {f}",
                    n = escape(&name)
                );
                if line != 0 {
                    text.push_str(&format!(", line: {line}"));
                }
                text.push_str(&format!(", type: {}", self.slot_text(ty)));
                if line != 0 {
                    text.push_str(&format!(", scopeLine: {line}"));
                }
                match definition {
                    Some((unit, _)) => format!(
                        "distinct {text}, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: {})",
                        self.slot_text(unit)
                    ),
                    None => format!("{text}, spFlags: DISPFlagOptimized)"),
                }
            }
            Node::LexicalBlockFile { scope, file } => format!(
                "distinct !DILexicalBlockFile(scope: {}, file: {}, discriminator: 0)",
                self.slot_text(scope),
                self.slot_text(file)
            ),
            Node::Location {
                line,
                column,
                scope,
                inlined_at,
            } => {
                let mut text = format!("!DILocation(line: {line}");
                if column != 0 {
                    text.push_str(&format!(", column: {column}"));
                }
                text.push_str(&format!(", scope: {}", self.slot_text(scope)));
                if let Some(at) = inlined_at {
                    text.push_str(&format!(", inlinedAt: {}", self.slot_text(at)));
                }
                text.push(')');
                text
            }
        }
    }
}

/// A location attribute as the translation reads it (a fused location's
/// metadata is not a debug scope here: the dialect has none).
fn read_attr(ctx: &Context, a: Attribute) -> Loc {
    match ctx.attr_kind(a) {
        AttrKind::FileLineCol {
            file, line, col, ..
        } => Loc::File {
            path: String::from_utf8_lossy(ctx.string_bytes(*file)).into_owned(),
            line: *line,
            column: *col,
        },
        AttrKind::NameLoc { child, .. } => {
            Loc::Name(Box::new(child.map_or(Loc::Unknown, |c| read_attr(ctx, c))))
        }
        AttrKind::CallSiteLoc { callee, caller } => Loc::CallSite {
            callee: Box::new(read_attr(ctx, *callee)),
            caller: Box::new(read_attr(ctx, *caller)),
        },
        AttrKind::FusedLoc { locs, .. } => Loc::Fused {
            locs: locs.iter().map(|&l| read_attr(ctx, l)).collect(),
            scope: None,
        },
        _ => Loc::Unknown,
    }
}

/// The pass's `extractFileLoc`: the first file location found (a call
/// site's caller's).
fn file_loc(loc: &Loc) -> Option<(String, u32, u32)> {
    match loc {
        Loc::File { path, line, column } => Some((path.clone(), *line, *column)),
        Loc::Name(child) => file_loc(child),
        Loc::CallSite { caller, .. } => file_loc(caller),
        Loc::Fused { locs, .. } => locs.iter().find_map(file_loc),
        Loc::Unknown => None,
    }
}

/// `llvm::sys::path::parent_path` and `filename` of a path.
fn split_path(path: &str) -> (&str, &str) {
    match path.rfind('/') {
        Some(0) => ("/", &path[1..]),
        Some(i) => (&path[..i], &path[i + 1..]),
        None => ("", path),
    }
}

/// A string as LLVM's `AsmWriter` escapes it in metadata.
fn escape(s: &str) -> String {
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

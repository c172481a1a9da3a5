//! Debug information: what `mlir-translate-22 --mlir-to-llvmir` writes
//! for the debug-info attributes a module carries (upstream's
//! `DebugTranslation`), as `--ensure-debug-info-scope-on-llvm-func`
//! (`dialect_llvm::transforms::di_scope`) or a front end attaches them.
//!
//! - A function whose location holds a fused `#llvm.di_subprogram` gets
//!   that subprogram as its `!dbg` ([`DebugInfo::function_subprogram`]);
//!   its compile unit is listed in `!llvm.dbg.cu`.
//! - Each op's location becomes a `DILocation` (upstream's
//!   `translateLoc`): a file location in the scope it is in (the
//!   function's subprogram, or the local scope a fused location carries
//!   as metadata), a call site as its callee inlined at its caller, a
//!   fused location as its parts merged (`DILocation::getMergedLocation`),
//!   an unknown one into none.
//! - The attributes become nodes as [`crate::di_attrs`] translates them.
//!
//! Nodes are numbered as LLVM's `AsmWriter` numbers metadata: the named
//! metadata first (the units and what they refer to, then the module
//! flags), then in print order each function's `!dbg` and each
//! instruction's, every node followed by the nodes it refers to, depth
//! first.

use rustc_hash::FxHashMap;

use ir::{AttrKind, Attribute, Context, Ir, LocKind, Location, OpId, SourceManager};

pub(crate) use crate::di_attrs::NodeId;
use crate::di_attrs::{is_local_scope, translate_attr, Node, NodeStore};

/// A location as the translation reads it.
#[derive(Clone, Debug)]
enum Loc {
    Unknown,
    File {
        line: u32,
        column: u32,
    },
    Name(Box<Loc>),
    CallSite {
        callee: Box<Loc>,
        caller: Box<Loc>,
    },
    /// A fused location, with the local scope its metadata names.
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
    attr_nodes: FxHashMap<Attribute, Option<NodeId>>,
    /// The compile units, in the order they were made.
    units: Vec<NodeId>,
    /// Each node's `!N`, once numbered.
    slots: Vec<Option<usize>>,
    next_slot: usize,
    /// The first debug-info attribute met that has no translation here.
    untranslated: Option<&'static str>,
    /// Each global's debug expressions, or why they cannot be written.
    global_exprs: FxHashMap<OpId, Result<Vec<NodeId>, String>>,
}

impl NodeStore for DebugInfo<'_> {
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

    fn cached(&self, attr: Attribute) -> Option<Option<NodeId>> {
        self.attr_nodes.get(&attr).copied()
    }

    fn cache(&mut self, attr: Attribute, node: Option<NodeId>) {
        self.attr_nodes.insert(attr, node);
    }

    fn untranslated(&mut self, mnemonic: &'static str) {
        self.untranslated.get_or_insert(mnemonic);
    }

    fn unit_made(&mut self, unit: NodeId) {
        if !self.units.contains(&unit) {
            self.units.push(unit);
        }
    }
}

impl<'a> DebugInfo<'a> {
    /// The debug information of `module`, whose functions are `functions`
    /// in print order: their subprograms are translated first, so the
    /// units they name are numbered first (as LLVM's named metadata is).
    /// `sources` resolves locations that are offsets into a parsed file.
    pub(crate) fn new(
        ctx: &Context,
        ir: &Ir,
        globals: &[OpId],
        functions: &[OpId],
        sources: Option<&'a SourceManager>,
    ) -> Self {
        let mut info = DebugInfo {
            sources,
            nodes: Vec::new(),
            ids: FxHashMap::default(),
            attr_nodes: FxHashMap::default(),
            units: Vec::new(),
            slots: Vec::new(),
            next_slot: 0,
            untranslated: None,
            global_exprs: FxHashMap::default(),
        };
        info.global_expressions(ctx, ir, globals);
        for &f in functions {
            info.function_subprogram(ctx, ir, f);
        }
        for &g in globals {
            if let Some(Ok(exprs)) = info.global_exprs.get(&g).cloned() {
                for e in exprs {
                    info.slot(e);
                }
            }
        }
        info
    }

    /// Numbers the units (`!llvm.dbg.cu`'s operands), after the globals'
    /// attachments, as the first named metadata (`crate::module_meta`).
    pub(crate) fn number_units(&mut self) {
        for i in 0..self.units.len() {
            self.slot(self.units[i]);
        }
    }

    /// The `dbg_exprs` of the globals (upstream's
    /// `convertGlobalsAndAliases`): each global variable expression, and
    /// the unit its variable's scope (or its subprogram's unit) is listed
    /// in as `globals: !{...}`. Numbered first, as LLVM numbers globals'
    /// attachments before the named metadata.
    fn global_expressions(&mut self, ctx: &Context, ir: &Ir, globals: &[OpId]) {
        let mut per_unit: Vec<(NodeId, Vec<Option<NodeId>>)> = Vec::new();
        for &g in globals {
            let Some(exprs) = crate::props::attr(ctx, ir, g, "dbg_exprs") else {
                continue;
            };
            let AttrKind::Array(items) = ctx.attr_kind(exprs) else {
                continue;
            };
            let mut nodes = Vec::new();
            let mut failed = None;
            for &item in items.iter() {
                match self.attr_node(ctx, item) {
                    Ok(Some(node)) => {
                        nodes.push(node);
                        if let Some(unit) = self.unit_of_expression(ctx, item) {
                            match per_unit.iter_mut().find(|(u, _)| *u == unit) {
                                Some((_, list)) => list.push(Some(node)),
                                None => per_unit.push((unit, vec![Some(node)])),
                            }
                        }
                    }
                    Ok(None) => failed = Some(
                        "a debug expression of a global is no #llvm.di_global_variable_expression"
                            .to_string(),
                    ),
                    Err(what) => {
                        failed = Some(format!("#llvm.{what} is not translated by ods-translate"))
                    }
                }
            }
            self.global_exprs.insert(g, failed.map_or(Ok(nodes), Err));
        }
        for (unit, list) in per_unit {
            let tuple = self.node(Node::Tuple(list));
            if let Node::CompileUnit { globals, .. } = &mut self.nodes[unit] {
                *globals = Some(tuple);
            }
        }
    }

    /// The unit of a global variable expression's variable: its scope
    /// when that is a unit, its subprogram's unit when a subprogram.
    fn unit_of_expression(&mut self, ctx: &Context, gve: Attribute) -> Option<NodeId> {
        let gve = dialect_llvm::DIGlobalVariableExpressionAttr::from_attr(ctx, gve)?;
        let scope = gve.var(ctx).scope(ctx)?;
        let unit = match dialect_llvm::DISubprogramAttr::from_attr(ctx, scope) {
            Some(sp) => sp.compile_unit(ctx)?.attr(),
            None => scope,
        };
        dialect_llvm::DICompileUnitAttr::from_attr(ctx, unit)?;
        translate_attr(self, ctx, unit)
    }

    /// The numbers of a global's debug expressions (` !dbg !N` each), or
    /// why they cannot be written.
    pub(crate) fn global_attachments(&self, global: OpId) -> Result<Vec<usize>, String> {
        match self.global_exprs.get(&global) {
            None => Ok(Vec::new()),
            Some(Err(why)) => Err(why.clone()),
            Some(Ok(nodes)) => Ok(nodes.iter().map(|&n| self.slots[n].unwrap_or(0)).collect()),
        }
    }

    /// The `!{...}` of `!llvm.dbg.cu`, if a unit was made.
    pub(crate) fn units_text(&self) -> Option<String> {
        if self.units.is_empty() {
            return None;
        }
        let items: Vec<String> = self.units.iter().map(|&u| self.slot_text(u)).collect();
        Some(format!("!{{{}}}", items.join(", ")))
    }

    /// The `DISubprogram` of function `func`: the subprogram a fused
    /// location of its location carries (upstream's
    /// `findInstanceOf<FusedLocWith<DISubprogramAttr>>`), if any.
    pub(crate) fn function_subprogram(
        &mut self,
        ctx: &Context,
        ir: &Ir,
        func: OpId,
    ) -> Option<NodeId> {
        let LocKind::Attr(loc) = ir.op_loc(func).kind() else {
            return None;
        };
        let subprogram = find_subprogram(ctx, loc)?;
        translate_attr(self, ctx, subprogram)
    }

    /// The node of a metadata tuple (`crate::metadata`), made unique.
    pub(crate) fn metadata_node(&mut self, node: Node) -> NodeId {
        self.node(node)
    }

    /// The node of a debug-info attribute (`None` for the null type and
    /// for attributes that are no debug information); `Err` with the
    /// mnemonic of an attribute it reaches that has no translation here.
    pub(crate) fn attr_node(
        &mut self,
        ctx: &Context,
        attr: Attribute,
    ) -> Result<Option<NodeId>, &'static str> {
        self.untranslated = None;
        let node = translate_attr(self, ctx, attr);
        match self.untranslated.take() {
            Some(what) => Err(what),
            None => Ok(node),
        }
    }

    /// The `DILocation` of `op` in function scope `scope`; `None` for an
    /// unknown location.
    pub(crate) fn op_location(
        &mut self,
        ctx: &Context,
        ir: &Ir,
        op: OpId,
        scope: Option<NodeId>,
    ) -> Option<NodeId> {
        self.location(ctx, ir, ir.op_loc(op), scope)
    }

    /// The `DILocation` of `loc` in function scope `scope`; `None` for an
    /// unknown location.
    pub(crate) fn location(
        &mut self,
        ctx: &Context,
        ir: &Ir,
        loc: Location,
        scope: Option<NodeId>,
    ) -> Option<NodeId> {
        let loc = self.read_location(ctx, ir, loc);
        self.translate(&loc, scope, None)
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
        self.nodes[scope].parent_scope()
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

    fn read_location(&mut self, ctx: &Context, ir: &Ir, loc: Location) -> Loc {
        match loc.kind() {
            LocKind::Unknown => Loc::Unknown,
            LocKind::Source { file, offset } => {
                match ir.source_position(file, offset, self.sources) {
                    (_, Some((line, column))) => Loc::File { line, column },
                    (_, None) => Loc::Unknown,
                }
            }
            LocKind::Attr(a) => self.read_attr(ctx, a),
        }
    }

    /// A location attribute as the translation reads it; a fused
    /// location's local scope is translated as it is met.
    fn read_attr(&mut self, ctx: &Context, a: Attribute) -> Loc {
        match ctx.attr_kind(a) {
            AttrKind::FileLineCol { line, col, .. } => Loc::File {
                line: *line,
                column: *col,
            },
            AttrKind::NameLoc { child, .. } => {
                let child = *child;
                Loc::Name(Box::new(
                    child.map_or(Loc::Unknown, |c| self.read_attr(ctx, c)),
                ))
            }
            AttrKind::CallSiteLoc { callee, caller } => {
                let (callee, caller) = (*callee, *caller);
                Loc::CallSite {
                    callee: Box::new(self.read_attr(ctx, callee)),
                    caller: Box::new(self.read_attr(ctx, caller)),
                }
            }
            AttrKind::FusedLoc { locs, metadata } => {
                let (locs, metadata) = (locs.to_vec(), *metadata);
                let scope = metadata
                    .filter(|&m| is_local_scope(ctx, m))
                    .and_then(|m| translate_attr(self, ctx, m));
                Loc::Fused {
                    locs: locs.iter().map(|&l| self.read_attr(ctx, l)).collect(),
                    scope,
                }
            }
            _ => Loc::Unknown,
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
        for operand in self.nodes[node].operands() {
            self.slot(operand);
        }
        s
    }

    /// The metadata lines, `!N = ...`, of every numbered node.
    pub(crate) fn render(&self) -> String {
        let mut lines: Vec<(usize, String)> = Vec::new();
        let slot_of = |id: NodeId| self.slots[id].unwrap_or(0);
        for (id, node) in self.nodes.iter().enumerate() {
            if let Some(s) = self.slots[id] {
                lines.push((s, node.text(s, &slot_of)));
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
}

/// The subprogram a fused location in `loc` carries (itself or nested,
/// in MLIR's `findInstanceOf` order).
fn find_subprogram(ctx: &Context, loc: Attribute) -> Option<Attribute> {
    match ctx.attr_kind(loc) {
        AttrKind::FusedLoc { locs, metadata } => metadata
            .filter(|&m| dialect_llvm::DISubprogramAttr::from_attr(ctx, m).is_some())
            .or_else(|| locs.iter().find_map(|&l| find_subprogram(ctx, l))),
        AttrKind::NameLoc { child, .. } => child.and_then(|c| find_subprogram(ctx, c)),
        AttrKind::CallSiteLoc { callee, caller } => {
            find_subprogram(ctx, *callee).or_else(|| find_subprogram(ctx, *caller))
        }
        _ => None,
    }
}

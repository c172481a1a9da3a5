//! The ops' metadata attachments: the memory ops' `tbaa` tags and
//! `alias_scopes` / `noalias_scopes` lists as the `!tbaa`, `!alias.scope`
//! and `!noalias` attachments `mlir-translate-22` writes (upstream's
//! `AliasScopeTranslation` and `TBAATranslation`), the branches'
//! `branch_weights` as `!prof !{!"branch_weights", i32 a, ...}`, and the
//! branches' `loop_annotation` and memory ops' `access_groups` as
//! `!llvm.loop` and `!llvm.access.group` ([`crate::loop_metadata`]).
//!
//! The nodes share the debug information's store, so that they are
//! numbered in the one sequence LLVM's `AsmWriter` numbers metadata in:
//! an instruction's `!dbg` first, then its attachments in kind order
//! (`!tbaa`, `!prof`, `!alias.scope`, `!noalias`, `!llvm.loop`,
//! `!llvm.access.group`), each node followed by the nodes it refers to.
//!
//! - A TBAA root is `!{!"id"}`, or `distinct !{!N}` (itself) without an
//!   id; a type descriptor `!{!"id", !member, i64 offset, ...}`; a tag
//!   `!{!base, !access, i64 offset}`, with `i64 1` when constant.
//! - A domain is `distinct !{!N, !"description"}`, a scope `distinct
//!   !{!N, !domain, !"description"}` (itself first); a list of scopes is
//!   `!{!scope, ...}`.

use rustc_hash::FxHashMap;

use ir::{AttrKind, Attribute, Context, Ir, OpId};

use dialect_llvm::{
    AliasScopeAttr, AliasScopeDomainAttr, TBAARootAttr, TBAATagAttr, TBAATypeDescriptorAttr,
};

use crate::constants::Val;
use crate::debug_info::{DebugInfo, NodeId};
use crate::di_attrs::{escape, Node};
use crate::function::{FnBuilder, Part};
use crate::intrinsics::{of_metadata, Intrinsic};
use crate::module::TranslateError;
use crate::props::{attr, dense_array, str_of};
use crate::types::LTy;

static SCOPE_DECL_INTRINSIC: Intrinsic = of_metadata(
    "experimental.noalias.scope.decl",
    "llvm.experimental.noalias.scope.decl",
    "nocallback nofree nosync nounwind willreturn memory(inaccessiblemem: readwrite)",
);

/// One operand of a plain metadata tuple.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) enum MdItem {
    /// The node itself (a distinct node naming itself first).
    Own,
    Node(NodeId),
    Str(String),
    I64(i64),
    /// `i32 N` (a module flag's behavior and integer value).
    I32(i32),
    /// `i1 true` / `i1 false` (a loop option).
    I1(bool),
    /// `null` (a CG Profile entry's missing end).
    Null,
    /// `ptr @name` (a CG Profile entry's function).
    Global(String),
    /// A float constant of its type, from its bits (a profile summary's
    /// ratio).
    Float(crate::types::LTy, u64),
    /// `<type> undef` (a `!vec_type_hint`'s type).
    Undef(crate::types::LTy),
}

/// `!{...}` (`distinct` when `distinct`), `own` being the node's number.
pub(crate) fn tuple_text(
    distinct: bool,
    items: &[MdItem],
    own: usize,
    slot: &dyn Fn(NodeId) -> usize,
) -> String {
    let items: Vec<String> = items
        .iter()
        .map(|i| match i {
            MdItem::Own => format!("!{own}"),
            MdItem::Node(n) => format!("!{}", slot(*n)),
            MdItem::Str(s) => format!("!\"{}\"", escape(s)),
            MdItem::I64(v) => format!("i64 {v}"),
            MdItem::I32(v) => format!("i32 {v}"),
            MdItem::I1(v) => format!("i1 {v}"),
            MdItem::Null => "null".to_string(),
            MdItem::Global(name) => format!("ptr @{}", crate::constants::symbol_name(name)),
            MdItem::Float(ty, bits) => {
                format!("{ty} {}", crate::float_text::float_text(ty, *bits))
            }
            MdItem::Undef(ty) => format!("{ty} undef"),
        })
        .collect();
    let distinct = if distinct { "distinct " } else { "" };
    format!("{distinct}!{{{}}}", items.join(", "))
}

/// The nodes a tuple refers to, in order.
pub(crate) fn tuple_operands(items: &[MdItem]) -> Vec<NodeId> {
    items
        .iter()
        .filter_map(|i| match i {
            MdItem::Node(n) => Some(*n),
            _ => None,
        })
        .collect()
}

/// The branches: their `branch_weights` (upstream's
/// `WeightedBranchOpInterface`; `llvm.br` has none) and loop annotations.
const BRANCH_OPS: &[&str] = &["llvm.br", "llvm.cond_br", "llvm.switch", "llvm.invoke"];

/// The ops that may carry metadata: the branches ([`BRANCH_OPS`]),
/// alias-analysis metadata and access groups (upstream's
/// `AliasAnalysisOpInterface` and `AccessGroupOpInterface`), the scope
/// declaration and the fence (which may carry `llvm.mmra`); no other op's
/// attributes are looked at.
const METADATA_OPS: &[&str] = &[
    "llvm.br",
    "llvm.cond_br",
    "llvm.switch",
    "llvm.invoke",
    "llvm.load",
    "llvm.store",
    "llvm.atomicrmw",
    "llvm.cmpxchg",
    "llvm.call",
    "llvm.intr.memcpy",
    "llvm.intr.memcpy.inline",
    "llvm.intr.memmove",
    "llvm.intr.memset",
    "llvm.intr.memset.inline",
    "llvm.intr.experimental.noalias.scope.decl",
    // Memory model relaxation annotations only (`crate::mmra`).
    "llvm.fence",
];

/// Whether ops named `name` may carry `!mmra` (the memory ops of
/// [`METADATA_OPS`]: not the branches).
pub(crate) fn may_have_mmra(name: &str) -> bool {
    !BRANCH_OPS.contains(&name) && METADATA_OPS.contains(&name)
}

/// The pseudo-attachment of `llvm.intr.experimental.noalias.scope.decl`:
/// its operand, `!{!scope}`, which is no attachment.
pub(crate) const SCOPE_DECL: &str = "scope.decl";

/// The attachments of one op, in the order they print.
pub(crate) type Attachments = Vec<(&'static str, NodeId)>;

/// What the metadata of an op would be, or why it cannot be written.
pub(crate) type OpMetadata = Result<Attachments, TranslateError>;

/// The error of an op whose metadata ods-translate does not write.
fn refused(op: OpId, why: String) -> TranslateError {
    TranslateError::new(op, format!("cannot be converted to LLVM IR: {why}"))
}

/// The names of the ops that may have metadata, as
/// identifiers (a name never interned names no op).
pub(crate) fn watched_names(ctx: &Context) -> smallvec::SmallVec<[ir::Identifier; 16]> {
    METADATA_OPS
        .iter()
        .filter_map(|n| ctx.lookup_ident(n))
        .collect()
}

/// The attachments of `ops` (a body's ops named in [`watched_names`], in
/// walk order) that have metadata.
pub(crate) fn attachments(
    debug: &mut DebugInfo<'_>,
    ctx: &Context,
    ir: &Ir,
    ops: &[OpId],
) -> FxHashMap<OpId, OpMetadata> {
    let mut out = FxHashMap::default();
    for &op in ops {
        let name = ctx.str(ir.op_name(op));
        if name == "llvm.intr.experimental.noalias.scope.decl" {
            let list = match attr(ctx, ir, op, "scope") {
                Some(scope) => scope_list(debug, ctx, &[scope]),
                None => Err("a scope declaration without a scope".into()),
            };
            out.insert(
                op,
                list.map(|l| vec![(SCOPE_DECL, l)])
                    .map_err(|why| refused(op, why)),
            );
            continue;
        }
        if BRANCH_OPS.contains(&name) {
            match branch_attachments(debug, ctx, ir, op) {
                Ok(list) if list.is_empty() => {}
                list => {
                    out.insert(op, list.map_err(|why| refused(op, why)));
                }
            }
            continue;
        }
        let found = [
            attr(ctx, ir, op, "tbaa"),
            attr(ctx, ir, op, "alias_scopes"),
            attr(ctx, ir, op, "noalias_scopes"),
            attr(ctx, ir, op, "access_groups"),
        ];
        let mut list = Ok(Vec::new());
        if found.iter().any(Option::is_some) {
            list = op_attachments(debug, ctx, found).map_err(|why| refused(op, why));
        }
        // `!mmra` comes last (LLVM's kind order).
        let list = list.and_then(|mut list| {
            list.extend(crate::mmra::node(debug, ctx, ir, op)?.map(|n| ("mmra", n)));
            Ok(list)
        });
        if list.as_ref().is_ok_and(|l| l.is_empty()) {
            continue;
        }
        out.insert(op, list);
    }
    out
}

/// The attachments of a branch: `!prof` for its `branch_weights` (none
/// for an empty list, as upstream drops it), then `!llvm.loop` for its
/// `loop_annotation` (LLVM's kind order). `Err` for weights on a switch
/// without `case_values`, on which `mlir-translate-22` crashes.
fn branch_attachments(
    debug: &mut DebugInfo<'_>,
    ctx: &Context,
    ir: &Ir,
    op: OpId,
) -> Result<Attachments, String> {
    let mut out = Vec::new();
    let weights = attr(ctx, ir, op, "branch_weights").and_then(|a| dense_array(ctx, a));
    if let Some(weights) = weights.filter(|w| !w.is_empty()) {
        // Upstream makes no instruction mapping for a switch without
        // `case_values` and crashes setting its weights.
        if ctx.str(ir.op_name(op)) == "llvm.switch" && attr(ctx, ir, op, "case_values").is_none() {
            return Err(
                "branch weights on a switch without case values are not translated by ods-translate (mlir-translate-22 crashes on them)"
                    .into(),
            );
        }
        // LLVM keeps each weight as an unsigned 32-bit value and writes
        // it as an `i32` (`i32 -1` for 4294967295).
        let values = weights.iter().map(|w| MdItem::I32(*w as i32));
        out.push(("prof", prof_node(debug, "branch_weights", values)));
    }
    if let Some(la) = attr(ctx, ir, op, "loop_annotation") {
        out.push((
            "llvm.loop",
            crate::loop_metadata::loop_node(debug, ctx, ir, la)?,
        ));
    }
    Ok(out)
}

/// A `!prof` node: `!{!"kind", values...}` (`!{!"branch_weights", i32 3,
/// i32 1}`, a function's `!{!"function_entry_count", i64 N}`).
pub(crate) fn prof_node(
    debug: &mut DebugInfo<'_>,
    kind: &str,
    values: impl IntoIterator<Item = MdItem>,
) -> NodeId {
    let mut items = vec![MdItem::Str(kind.into())];
    items.extend(values);
    debug.metadata_node(Node::Md { key: None, items })
}

fn array(ctx: &Context, a: Attribute) -> Vec<Attribute> {
    match ctx.attr_kind(a) {
        AttrKind::Array(items) => items.to_vec(),
        _ => Vec::new(),
    }
}

/// The attachments of an op's `tbaa`, `alias_scopes`, `noalias_scopes`
/// and `access_groups`.
fn op_attachments(
    debug: &mut DebugInfo<'_>,
    ctx: &Context,
    [tbaa, scopes, noalias, groups]: [Option<Attribute>; 4],
) -> Result<Attachments, String> {
    let mut out = Vec::new();
    if let Some(tags) = tbaa.map(|t| array(ctx, t)) {
        match tags.as_slice() {
            [] => {}
            [tag] => out.push(("tbaa", tbaa_node(debug, ctx, *tag)?)),
            _ => {
                return Err(
                    "more than one TBAA tag (LLVM IR holds one per instruction; mlir-translate-22 drops them with a warning)"
                        .into(),
                )
            }
        }
    }
    for (name, list) in [("alias.scope", scopes), ("noalias", noalias)] {
        let Some(list) = list.map(|l| array(ctx, l)) else {
            continue;
        };
        if list.is_empty() {
            continue;
        }
        out.push((name, scope_list(debug, ctx, &list)?));
    }
    if let Some(groups) = groups.map(|g| array(ctx, g)) {
        if let Some(node) = crate::loop_metadata::access_groups_node(debug, ctx, &groups)? {
            out.push(("llvm.access.group", node));
        }
    }
    Ok(out)
}

/// `!{!scope, ...}` of alias scopes.
pub(crate) fn scope_list(
    debug: &mut DebugInfo<'_>,
    ctx: &Context,
    scopes: &[Attribute],
) -> Result<NodeId, String> {
    let mut items = Vec::new();
    for &s in scopes {
        items.push(MdItem::Node(scope_node(debug, ctx, s)?));
    }
    Ok(debug.metadata_node(Node::Md { key: None, items }))
}

fn scope_node(debug: &mut DebugInfo<'_>, ctx: &Context, a: Attribute) -> Result<NodeId, String> {
    let scope = AliasScopeAttr::from_attr(ctx, a).ok_or("an alias scope list holds no scope")?;
    let domain = domain_node(debug, ctx, scope.domain(ctx))?;
    let (key, first) = identity(ctx, a, scope.id(ctx));
    let mut items = vec![first, MdItem::Node(domain)];
    items.extend(scope.description(ctx).map(MdItem::Str));
    Ok(debug.metadata_node(Node::Md { key, items }))
}

fn domain_node(
    debug: &mut DebugInfo<'_>,
    ctx: &Context,
    domain: AliasScopeDomainAttr,
) -> Result<NodeId, String> {
    let (key, first) = identity(ctx, domain.attr(), domain.id(ctx));
    let mut items = vec![first];
    items.extend(domain.description(ctx).map(MdItem::Str));
    Ok(debug.metadata_node(Node::Md { key, items }))
}

/// How a scope or domain of identity `id` starts: a string identity is
/// its first operand (a node made unique by content); a distinct one
/// makes the node distinct, itself first.
fn identity(ctx: &Context, attr: Attribute, id: Attribute) -> (Option<Attribute>, MdItem) {
    match str_of(ctx, id) {
        Some(name) => (None, MdItem::Str(name)),
        None => (Some(attr), MdItem::Own),
    }
}

fn tbaa_node(debug: &mut DebugInfo<'_>, ctx: &Context, a: Attribute) -> Result<NodeId, String> {
    let tag = TBAATagAttr::from_attr(ctx, a).ok_or("a TBAA list holds no tag")?;
    let base = tbaa_type_node(debug, ctx, tag.base_type(ctx).attr())?;
    let access = tbaa_type_node(debug, ctx, tag.access_type(ctx).attr())?;
    let mut items = vec![
        MdItem::Node(base),
        MdItem::Node(access),
        MdItem::I64(tag.offset(ctx)),
    ];
    if tag.constant(ctx) {
        items.push(MdItem::I64(1));
    }
    Ok(debug.metadata_node(Node::Md { key: None, items }))
}

/// A type descriptor or a root.
fn tbaa_type_node(
    debug: &mut DebugInfo<'_>,
    ctx: &Context,
    a: Attribute,
) -> Result<NodeId, String> {
    if let Some(root) = TBAARootAttr::from_attr(ctx, a) {
        return Ok(match root.id(ctx) {
            Some(id) => debug.metadata_node(Node::Md {
                key: None,
                items: vec![MdItem::Str(id)],
            }),
            None => debug.metadata_node(Node::Md {
                key: Some(a),
                items: vec![MdItem::Own],
            }),
        });
    }
    let desc = TBAATypeDescriptorAttr::from_attr(ctx, a).ok_or("a TBAA member names no type")?;
    let mut items = vec![MdItem::Str(desc.id(ctx))];
    for member in desc.members(ctx).0 {
        items.push(MdItem::Node(tbaa_type_node(
            debug,
            ctx,
            member.type_desc(ctx),
        )?));
        items.push(MdItem::I64(member.offset(ctx)));
    }
    Ok(debug.metadata_node(Node::Md { key: None, items }))
}

impl FnBuilder<'_> {
    /// `call void @llvm.experimental.noalias.scope.decl(metadata !N)`.
    pub(crate) fn noalias_scope_decl(&mut self, op: OpId) -> Result<Option<Val>, TranslateError> {
        let list = match self.metadata.get(&op) {
            Some(Ok(found)) => found
                .iter()
                .find(|(n, _)| *n == SCOPE_DECL)
                .map(|(_, l)| *l),
            Some(Err(refusal)) => return Err(refusal.clone()),
            None => None,
        };
        let list = list.ok_or_else(|| TranslateError::failed(op))?;
        let name = SCOPE_DECL_INTRINSIC.llvm;
        self.cx
            .declare_intrinsic(name, &SCOPE_DECL_INTRINSIC, &LTy::Void, &[]);
        let head = format!("call void @{name}(metadata ");
        self.push(
            op,
            None,
            [Part::Text(&head), Part::Node(list), Part::Text(")")],
        )?;
        Ok(None)
    }

    /// Writes the metadata of `op` after the instruction its translation
    /// made last (`first` is how many there were before): its `!dbg`,
    /// then its attachments.
    pub(crate) fn attach_metadata(&mut self, op: OpId, first: usize) -> Result<(), TranslateError> {
        crate::mmra::refuse_elsewhere(self.ctx, self.ir, op, self.insts.len() > first)?;
        let Some(found) = self.metadata.get(&op) else {
            return Ok(());
        };
        let attachments = found.clone()?;
        if self.insts.len() == first {
            return Ok(());
        }
        let Some(inst) = self.insts.last_mut() else {
            return Ok(());
        };
        if let Some(loc) = inst.location.take() {
            self.append_to_last(&[Part::Text(", !dbg "), Part::Node(loc)]);
        }
        for (name, node) in attachments {
            if name == SCOPE_DECL {
                continue;
            }
            let head = format!(", !{name} ");
            self.append_to_last(&[Part::Text(&head), Part::Node(node)]);
        }
        Ok(())
    }
}

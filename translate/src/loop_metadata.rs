//! Loop annotations and access groups as the `!llvm.loop` and
//! `!llvm.access.group` attachments `mlir-translate-22` writes (upstream's
//! `LoopAnnotationTranslation`).
//!
//! - A `#llvm.loop_annotation` is a distinct node naming itself first,
//!   one per attribute (the same attribute on two branches is one node):
//!   its start and end locations (when their fused metadata is a local
//!   scope), then `llvm.loop.disable_nonforced`, `mustprogress`,
//!   `isvectorized` (`i32`), then the options of `vectorize`,
//!   `interleave`, `unroll`, `unroll_and_jam`, `licm`, `distribute`,
//!   `pipeline`, `peeled` and `unswitch` in that order, and last
//!   `llvm.loop.parallel_accesses` with its access groups.
//! - An option is `!{!"name"}` (a flag), `!{!"name", i1 b}` or
//!   `!{!"name", i32 n}` (integers of any width are written as `i32`), a
//!   followup `!{!"name", !loop}` of its own loop node.
//! - An access group is `distinct !{}`, one per attribute; an op's list of
//!   one group is that group, of more a `!{!g, ...}` tuple.

use ir::{Attribute, Context, Ir, Location};

use dialect_llvm::typed_attr_param::{BoolAttr, FusedLoc, IntegerAttr};
use dialect_llvm::{
    AccessGroupAttr, LoopAnnotationAttr, LoopDistributeAttr, LoopInterleaveAttr, LoopLICMAttr,
    LoopPeeledAttr, LoopPipelineAttr, LoopUnrollAndJamAttr, LoopUnrollAttr, LoopUnswitchAttr,
    LoopVectorizeAttr,
};

use crate::debug_info::{DebugInfo, NodeId};
use crate::di_attrs::{is_local_scope, Node};
use crate::metadata::MdItem;

/// The operands of one loop node as they are gathered.
struct LoopNode<'d, 'a> {
    debug: &'d mut DebugInfo<'a>,
    ctx: &'d Context,
    ir: &'d Ir,
    items: Vec<MdItem>,
}

/// The `!llvm.loop` node of a `#llvm.loop_annotation`.
pub(crate) fn loop_node(
    debug: &mut DebugInfo<'_>,
    ctx: &Context,
    ir: &Ir,
    a: Attribute,
) -> Result<NodeId, String> {
    let la = LoopAnnotationAttr::from_attr(ctx, a).ok_or("a loop annotation of another kind")?;
    let mut n = LoopNode {
        debug,
        ctx,
        ir,
        items: vec![MdItem::Own],
    };
    n.location(la.start_loc(ctx));
    n.location(la.end_loc(ctx));
    n.flag("llvm.loop.disable_nonforced", la.disable_nonforced(ctx));
    n.flag("llvm.loop.mustprogress", la.must_progress(ctx));
    if let Some(v) = la.is_vectorized(ctx) {
        n.i32_value("llvm.loop.isvectorized", i32::from(v.value(ctx)));
    }
    if let Some(o) = la.vectorize(ctx) {
        n.vectorize(o)?;
    }
    if let Some(o) = la.interleave(ctx) {
        n.interleave(o);
    }
    if let Some(o) = la.unroll(ctx) {
        n.unroll(o)?;
    }
    if let Some(o) = la.unroll_and_jam(ctx) {
        n.unroll_and_jam(o)?;
    }
    if let Some(o) = la.licm(ctx) {
        n.licm(o);
    }
    if let Some(o) = la.distribute(ctx) {
        n.distribute(o)?;
    }
    if let Some(o) = la.pipeline(ctx) {
        n.pipeline(o);
    }
    if let Some(o) = la.peeled(ctx) {
        n.peeled(o);
    }
    if let Some(o) = la.unswitch(ctx) {
        n.unswitch(o);
    }
    let groups = la.parallel_accesses(ctx);
    if !groups.is_empty() {
        let mut items = vec![MdItem::Str("llvm.loop.parallel_accesses".into())];
        items.extend(
            groups
                .iter()
                .map(|g| MdItem::Node(group_node(n.debug, g.attr()))),
        );
        let node = n.debug.metadata_node(Node::Md { key: None, items });
        n.items.push(MdItem::Node(node));
    }
    let items = n.items;
    Ok(debug_node(n.debug, Some(a), items))
}

fn debug_node(debug: &mut DebugInfo<'_>, key: Option<Attribute>, items: Vec<MdItem>) -> NodeId {
    debug.metadata_node(Node::Md { key, items })
}

/// The distinct node of one access group.
fn group_node(debug: &mut DebugInfo<'_>, group: Attribute) -> NodeId {
    debug_node(debug, Some(group), Vec::new())
}

/// The `!llvm.access.group` of an op's `access_groups` (`None` when
/// empty): the group itself when there is one, else a tuple of them.
pub(crate) fn access_groups_node(
    debug: &mut DebugInfo<'_>,
    ctx: &Context,
    groups: &[Attribute],
) -> Result<Option<NodeId>, String> {
    let mut nodes = Vec::new();
    for &g in groups {
        AccessGroupAttr::from_attr(ctx, g).ok_or("an access group list holds no group")?;
        nodes.push(group_node(debug, g));
    }
    Ok(match nodes.as_slice() {
        [] => None,
        [one] => Some(*one),
        _ => Some(debug_node(
            debug,
            None,
            nodes.into_iter().map(MdItem::Node).collect(),
        )),
    })
}

impl LoopNode<'_, '_> {
    fn push(&mut self, items: Vec<MdItem>) {
        let node = debug_node(self.debug, None, items);
        self.items.push(MdItem::Node(node));
    }

    /// `!{!"name"}`.
    fn unit(&mut self, name: &str) {
        self.push(vec![MdItem::Str(name.into())]);
    }

    /// `!{!"name"}` when `flag` is present and true.
    fn flag(&mut self, name: &str, flag: Option<BoolAttr>) {
        if flag.is_some_and(|f| f.value(self.ctx)) {
            self.unit(name);
        }
    }

    /// `!{!"name", i1 b}`, `b` negated when `negated`.
    fn bool_value(&mut self, name: &str, value: Option<BoolAttr>, negated: bool) {
        if let Some(v) = value {
            let b = v.value(self.ctx) ^ negated;
            self.push(vec![MdItem::Str(name.into()), MdItem::I1(b)]);
        }
    }

    /// `!{!"name", i32 n}`.
    fn i32_value(&mut self, name: &str, value: i32) {
        self.push(vec![MdItem::Str(name.into()), MdItem::I32(value)]);
    }

    /// An integer option, truncated to 32 bits as LLVM's `ConstantInt`
    /// of `i32` takes it.
    fn int(&mut self, name: &str, value: Option<IntegerAttr>) {
        if let Some(v) = value {
            let v = v.value(self.ctx).unwrap_or(0);
            self.i32_value(name, v as u32 as i32);
        }
    }

    /// `!{!"name", !loop}` of a followup annotation.
    fn followup(&mut self, name: &str, value: Option<LoopAnnotationAttr>) -> Result<(), String> {
        if let Some(f) = value {
            let node = loop_node(self.debug, self.ctx, self.ir, f.attr())?;
            self.push(vec![MdItem::Str(name.into()), MdItem::Node(node)]);
        }
        Ok(())
    }

    /// The `DILocation` of a start or end location whose metadata is a
    /// local scope.
    fn location(&mut self, loc: Option<FusedLoc>) {
        let Some(loc) = loc else { return };
        if !loc
            .metadata(self.ctx)
            .is_some_and(|m| is_local_scope(self.ctx, m))
        {
            return;
        }
        if let Some(node) = self
            .debug
            .location(self.ctx, self.ir, Location::attr(loc.0), None)
        {
            self.items.push(MdItem::Node(node));
        }
    }

    fn vectorize(&mut self, o: LoopVectorizeAttr) -> Result<(), String> {
        let ctx = self.ctx;
        self.bool_value("llvm.loop.vectorize.enable", o.disable(ctx), true);
        self.bool_value(
            "llvm.loop.vectorize.predicate.enable",
            o.predicate_enable(ctx),
            false,
        );
        self.bool_value(
            "llvm.loop.vectorize.scalable.enable",
            o.scalable_enable(ctx),
            false,
        );
        self.int("llvm.loop.vectorize.width", o.width(ctx));
        self.followup(
            "llvm.loop.vectorize.followup_vectorized",
            o.followup_vectorized(ctx),
        )?;
        self.followup(
            "llvm.loop.vectorize.followup_epilogue",
            o.followup_epilogue(ctx),
        )?;
        self.followup("llvm.loop.vectorize.followup_all", o.followup_all(ctx))
    }

    fn interleave(&mut self, o: LoopInterleaveAttr) {
        self.int("llvm.loop.interleave.count", Some(o.count(self.ctx)));
    }

    fn unroll(&mut self, o: LoopUnrollAttr) -> Result<(), String> {
        let ctx = self.ctx;
        if let Some(d) = o.disable(ctx) {
            self.unit(if d.value(ctx) {
                "llvm.loop.unroll.disable"
            } else {
                "llvm.loop.unroll.enable"
            });
        }
        self.int("llvm.loop.unroll.count", o.count(ctx));
        self.bool_value(
            "llvm.loop.unroll.runtime.disable",
            o.runtime_disable(ctx),
            false,
        );
        self.flag("llvm.loop.unroll.full", o.full(ctx));
        self.followup(
            "llvm.loop.unroll.followup_unrolled",
            o.followup_unrolled(ctx),
        )?;
        self.followup(
            "llvm.loop.unroll.followup_remainder",
            o.followup_remainder(ctx),
        )?;
        self.followup("llvm.loop.unroll.followup_all", o.followup_all(ctx))
    }

    fn unroll_and_jam(&mut self, o: LoopUnrollAndJamAttr) -> Result<(), String> {
        let ctx = self.ctx;
        if let Some(d) = o.disable(ctx) {
            self.unit(if d.value(ctx) {
                "llvm.loop.unroll_and_jam.disable"
            } else {
                "llvm.loop.unroll_and_jam.enable"
            });
        }
        self.int("llvm.loop.unroll_and_jam.count", o.count(ctx));
        let followups = [
            ("followup_outer", o.followup_outer(ctx)),
            ("followup_inner", o.followup_inner(ctx)),
            ("followup_remainder_outer", o.followup_remainder_outer(ctx)),
            ("followup_remainder_inner", o.followup_remainder_inner(ctx)),
            ("followup_all", o.followup_all(ctx)),
        ];
        for (name, f) in followups {
            self.followup(&format!("llvm.loop.unroll_and_jam.{name}"), f)?;
        }
        Ok(())
    }

    fn licm(&mut self, o: LoopLICMAttr) {
        self.flag("llvm.licm.disable", o.disable(self.ctx));
        self.flag(
            "llvm.loop.licm_versioning.disable",
            o.versioning_disable(self.ctx),
        );
    }

    fn distribute(&mut self, o: LoopDistributeAttr) -> Result<(), String> {
        let ctx = self.ctx;
        self.bool_value("llvm.loop.distribute.enable", o.disable(ctx), true);
        let followups = [
            ("followup_coincident", o.followup_coincident(ctx)),
            ("followup_sequential", o.followup_sequential(ctx)),
            ("followup_fallback", o.followup_fallback(ctx)),
            ("followup_all", o.followup_all(ctx)),
        ];
        for (name, f) in followups {
            self.followup(&format!("llvm.loop.distribute.{name}"), f)?;
        }
        Ok(())
    }

    fn pipeline(&mut self, o: LoopPipelineAttr) {
        self.bool_value("llvm.loop.pipeline.disable", o.disable(self.ctx), false);
        self.int(
            "llvm.loop.pipeline.initiationinterval",
            o.initiationinterval(self.ctx),
        );
    }

    fn peeled(&mut self, o: LoopPeeledAttr) {
        self.int("llvm.loop.peeled.count", o.count(self.ctx));
    }

    fn unswitch(&mut self, o: LoopUnswitchAttr) {
        self.flag(
            "llvm.loop.unswitch.partial.disable",
            o.partial_disable(self.ctx),
        );
    }
}

//! The `llvm.mmra` attribute of memory ops (one `#llvm.mmra_tag` or an
//! array of them) as the `!mmra` attachment `mlir-translate-22` writes
//! (upstream's `amendOperation` of the LLVM dialect with LLVM's
//! `MMRAMetadata::getMD`): a tag is `!{!"prefix", !"suffix"}`, an array of
//! one its tag, an array of several `!{!tag, ...}` in order (repeats
//! kept), an empty array nothing.

use ir::{AttrKind, Context, Ir, OpId};

use dialect_llvm::MMRATagAttr;

use crate::debug_info::{DebugInfo, NodeId};
use crate::di_attrs::Node;
use crate::metadata::MdItem;
use crate::module::TranslateError;

/// The discardable attribute's name.
const NAME: &str = "llvm.mmra";

/// The `!mmra` node of `op`, if it has a non-empty `llvm.mmra`; upstream's
/// error at the op for a value that is no tag or array of tags.
pub(crate) fn node(
    debug: &mut DebugInfo<'_>,
    ctx: &Context,
    ir: &Ir,
    op: OpId,
) -> Result<Option<NodeId>, TranslateError> {
    let Some(value) = ir
        .attrs(op)
        .and_then(|d| ods_runtime::op::dict_get(ctx, d, NAME))
    else {
        return Ok(None);
    };
    // Upstream's `emitOpError`: the op's name first.
    let refused =
        |why: &str| TranslateError::new(op, format!("'{}' op {why}", ctx.str(ir.op_name(op))));
    let tags: Vec<MMRATagAttr> = match (MMRATagAttr::from_attr(ctx, value), ctx.attr_kind(value)) {
        (Some(tag), _) => vec![tag],
        (None, AttrKind::Array(items)) => items
            .iter()
            .map(|&t| MMRATagAttr::from_attr(ctx, t))
            .collect::<Option<_>>()
            .ok_or_else(|| {
                refused("MMRA annotations array contains value that isn't an MMRA tag")
            })?,
        (None, _) => {
            return Err(refused(
                "llvm.mmra is something other than an MMRA tag or an array of them",
            ))
        }
    };
    Ok(match &tags[..] {
        [] => None,
        [one] => Some(tag_node(debug, ctx, *one)),
        many => {
            let items = many
                .iter()
                .map(|&t| MdItem::Node(tag_node(debug, ctx, t)))
                .collect();
            Some(debug.metadata_node(Node::Md { key: None, items }))
        }
    })
}

/// An `llvm.mmra` on an op outside [`crate::metadata`]'s memory ops
/// that made an instruction (`made`): refused, as LLVM's verifier refuses
/// `!mmra` on such instructions.
pub(crate) fn refuse_elsewhere(
    ctx: &Context,
    ir: &Ir,
    op: OpId,
    made: bool,
) -> Result<(), TranslateError> {
    let has = || {
        ir.attrs(op)
            .is_some_and(|d| ods_runtime::op::dict_get(ctx, d, NAME).is_some())
    };
    if made && has() && !crate::metadata::may_have_mmra(ctx.str(ir.op_name(op))) {
        return Err(TranslateError::new(
            op,
            "cannot be converted to LLVM IR: !mmra metadata attached to unexpected instruction kind (LLVM's verifier refuses it)",
        ));
    }
    Ok(())
}

/// `!{!"prefix", !"suffix"}`.
fn tag_node(debug: &mut DebugInfo<'_>, ctx: &Context, tag: MMRATagAttr) -> NodeId {
    debug.metadata_node(Node::Md {
        key: None,
        items: vec![MdItem::Str(tag.prefix(ctx)), MdItem::Str(tag.suffix(ctx))],
    })
}

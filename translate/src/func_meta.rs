//! What `llvm.func` writes on its `declare` or `define` line besides its
//! attribute group, as `mlir-translate-22` does: `section "name"` (a
//! definition's only), `align N` and `gc "name"` after the comdat, and
//! the metadata attachments: `!dbg`, `!prof` (`function_entry_count`, a
//! definition's: LLVM's verifier refuses it on a declaration), then the
//! kernel attachments `!vec_type_hint`, `!work_group_size_hint`,
//! `!reqd_work_group_size` and `!intel_reqd_sub_group_size`.
//!
//! LLVM writes a function's attachments by kind number; `dbg` and `prof`
//! have fixed ones, the kernel kinds get theirs as the module first uses
//! them (upstream sets them in that order for each function in turn), so
//! [`MdKinds`] keeps the order the functions translated so far fixed.

use ir::{Context, Ir, OpId};

use crate::debug_info::{DebugInfo, NodeId};
use crate::di_attrs::Node;
use crate::metadata::MdItem;
use crate::module::TranslateError;
use crate::props::{attr, dense_array, int_of, str_of};

/// The kernel attachment kinds in the order the module first used them.
#[derive(Default)]
pub(crate) struct MdKinds(Vec<&'static str>);

impl MdKinds {
    fn rank(&mut self, kind: &'static str) -> usize {
        match self.0.iter().position(|k| *k == kind) {
            Some(i) => i,
            None => {
                self.0.push(kind);
                self.0.len() - 1
            }
        }
    }
}

/// `section "s"`, `align N` and `gc "g"` of `f`: the words before and
/// after its comdat (`" section \".s\""`, `" align 8 gc \"g\""`).
pub(crate) fn line_words(
    ctx: &Context,
    ir: &Ir,
    f: OpId,
    definition: bool,
) -> Result<(String, String), TranslateError> {
    let section = attr(ctx, ir, f, "section")
        .and_then(|a| str_of(ctx, a))
        .filter(|s| !s.is_empty())
        .map(|s| crate::constants::escape_bytes(s.as_bytes()))
        .filter(|_| definition)
        .map(|s| format!(" section \"{s}\""))
        .unwrap_or_default();
    let mut after = String::new();
    if let Some(n) = alignment(ctx, ir, f)? {
        after.push_str(&format!(" align {n}"));
    }
    // LLVM writes the collector's name as it is, unescaped; an empty one
    // is none.
    if let Some(gc) = attr(ctx, ir, f, "garbageCollector")
        .and_then(|a| str_of(ctx, a))
        .filter(|s| !s.is_empty())
    {
        after.push_str(&format!(" gc \"{gc}\""));
    }
    Ok((section, after))
}

/// `f`'s alignment as LLVM keeps it: none for 0, else the power of two
/// at or below it (`MaybeAlign` keeps a shift); above 2^32 LLVM's
/// verifier refuses it.
fn alignment(ctx: &Context, ir: &Ir, f: OpId) -> Result<Option<u64>, TranslateError> {
    let Some(n) = attr(ctx, ir, f, "alignment").and_then(|a| int_of(ctx, a)) else {
        return Ok(None);
    };
    let n = n as u64;
    if n > 1 << 32 {
        return Err(TranslateError::new(
            f,
            "cannot be converted to LLVM IR: huge alignment values are unsupported",
        ));
    }
    Ok((n != 0).then(|| 1 << n.ilog2()))
}

/// The kernel attachments upstream writes, by property.
const KERNEL_KINDS: [&str; 4] = [
    "vec_type_hint",
    "work_group_size_hint",
    "reqd_work_group_size",
    "intel_reqd_sub_group_size",
];

/// `f`'s attachments after `!dbg`, in LLVM's order, each numbered as it
/// is written: `!prof !3 !reqd_work_group_size !4`.
pub(crate) fn attachments(
    ctx: &Context,
    ir: &Ir,
    f: OpId,
    definition: bool,
    kinds: &mut MdKinds,
    debug: &mut DebugInfo<'_>,
) -> Result<Vec<(&'static str, NodeId)>, TranslateError> {
    let mut out = Vec::new();
    if let Some(count) = attr(ctx, ir, f, "function_entry_count").and_then(|a| int_of(ctx, a)) {
        if !definition {
            return Err(TranslateError::new(
                f,
                "cannot be converted to LLVM IR: Function declaration may not have a !prof attachment",
            ));
        }
        let count = MdItem::I64(count as i64);
        out.push((
            "prof",
            crate::metadata::prof_node(debug, "function_entry_count", [count]),
        ));
    }
    let mut kernel = Vec::new();
    for kind in KERNEL_KINDS {
        let node = match kind {
            "vec_type_hint" => crate::target_attrs::vec_type_hint_node(ctx, ir, f, debug)?,
            "intel_reqd_sub_group_size" => attr(ctx, ir, f, kind)
                .and_then(|a| int_of(ctx, a))
                .map(|n| i32_node(debug, &[n as i64])),
            _ => attr(ctx, ir, f, kind)
                .and_then(|a| dense_array(ctx, a))
                .map(|values| i32_node(debug, &values)),
        };
        if let Some(node) = node {
            kernel.push((kinds.rank(kind), kind, node));
        }
    }
    kernel.sort_by_key(|k| k.0);
    out.extend(kernel.into_iter().map(|(_, kind, node)| (kind, node)));
    Ok(out)
}

/// `!{i32 a, i32 b, ...}`, each value's low 32 bits.
fn i32_node(debug: &mut DebugInfo<'_>, values: &[i64]) -> NodeId {
    let items = values.iter().map(|v| MdItem::I32(*v as i32)).collect();
    debug.metadata_node(Node::Md { key: None, items })
}

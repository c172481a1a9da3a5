//! `llvm.blockaddress`, `llvm.blocktag` and `llvm.indirectbr`: the
//! `blockaddress(@f, %N)` constant and the `indirectbr ptr %a, [label %N,
//! ...]` terminator, as `mlir-translate-22` writes them.
//!
//! A block's number is known only once its function is written (and a
//! global's initializer may name a function written later), so a block
//! address is written as a marker (NUL bytes, which LLVM's text never
//! holds) that [`BlockTags::resolve`] replaces at the end with the number
//! of the block holding the tag. `mlir-translate-22` fails (in LLVM's
//! verifier) on an address of an entry block: refused here.

use rustc_hash::FxHashMap;

use ir::{OpId, Value};

use crate::constants::{symbol_name, Const, Val};
use crate::function::{FnBuilder, Part, Parts};
use crate::module::TranslateError;
use crate::props::attr;

const MARK: char = '\0';

/// Whether `text` is a block address's marker.
pub(crate) fn is_marker(text: &str) -> bool {
    text.starts_with(MARK)
}

/// The tags met in the functions, and each tagged block's number once its
/// function is written.
#[derive(Default)]
pub(crate) struct BlockTags {
    /// Per function: its name, and (tag, block index) for each tag.
    pending: FxHashMap<OpId, Vec<(u32, usize)>>,
    /// (function name, tag) to the block's number.
    numbers: FxHashMap<(String, u32), usize>,
}

impl BlockTags {
    /// After `func`'s text is written: the numbers of its tagged blocks,
    /// read from their labels (the blocks are written in order, each but
    /// the entry after a `N:` label line).
    pub(crate) fn note_rendered(&mut self, ctx: &ir::Context, ir: &ir::Ir, func: OpId, text: &str) {
        let Some(tags) = self.pending.remove(&func) else {
            return;
        };
        let name = attr(ctx, ir, func, "sym_name")
            .and_then(|a| crate::props::str_of(ctx, a))
            .unwrap_or_default();
        let labels: Vec<usize> = text
            .lines()
            .filter_map(|l| l.split_once(':').and_then(|(n, _)| n.parse().ok()))
            .collect();
        for (tag, block) in tags {
            if let Some(&n) = block.checked_sub(1).and_then(|i| labels.get(i)) {
                self.numbers.insert((name.clone(), tag), n);
            }
        }
    }

    /// `out` with every block-address marker replaced by its
    /// `blockaddress(@f, %N)`.
    pub(crate) fn resolve(&self, out: String) -> String {
        if self.numbers.is_empty() || !out.contains(MARK) {
            return out;
        }
        let mut result = String::with_capacity(out.len());
        let mut parts = out.split(MARK);
        result.push_str(parts.next().unwrap_or_default());
        // Each marker is `\0name\0tag\0`: three separators, then text.
        while let (Some(name), Some(tag), Some(rest)) = (parts.next(), parts.next(), parts.next()) {
            let n = tag
                .parse()
                .ok()
                .and_then(|t: u32| self.numbers.get(&(name.to_string(), t)));
            match n {
                Some(n) => result.push_str(&format!("blockaddress(@{}, %{n})", symbol_name(name))),
                None => result.push_str("blockaddress(<badref>)"),
            }
            result.push_str(rest);
        }
        result
    }
}

impl FnBuilder<'_> {
    /// `llvm.blockaddress`: a pointer constant naming the tagged block.
    pub(crate) fn block_address(&mut self, op: OpId) -> Result<Option<Val>, TranslateError> {
        let (ctx, ir) = (self.ctx, self.ir);
        let addr = attr(ctx, ir, op, "block_addr")
            .and_then(|a| dialect_llvm::BlockAddressAttr::from_attr(ctx, a))
            .ok_or_else(|| TranslateError::failed(op))?;
        let name = addr.function(ctx).name(ctx).to_string();
        let tag = addr.tag(ctx).id(ctx);
        if tag_in_entry_block(ctx, ir, op, &name, addr.tag(ctx).attr()) {
            return Err(TranslateError::new(
                op,
                "cannot be converted to LLVM IR: blockaddress may not be used with the entry block",
            ));
        }
        let ty = self.result_type(op)?;
        let marker = format!("{MARK}{name}{MARK}{tag}{MARK}");
        Ok(Some(Val::constant(ty, Const::Expr(marker))))
    }

    /// `llvm.blocktag`: no instruction; its block's number is read once
    /// the function is written.
    pub(crate) fn block_tag(&mut self, op: OpId) -> Result<Option<Val>, TranslateError> {
        let (ctx, ir) = (self.ctx, self.ir);
        let tag = attr(ctx, ir, op, "tag")
            .and_then(|a| dialect_llvm::BlockTagAttr::from_attr(ctx, a))
            .ok_or_else(|| TranslateError::failed(op))?;
        let block = ir.op_block(op).map_or(0, |b| self.block(b));
        let func = function_of(ctx, ir, op).ok_or_else(|| TranslateError::failed(op))?;
        let pending = self.cx.block_tags.pending.entry(func).or_default();
        pending.push((tag.id(ctx), block));
        Ok(None)
    }

    /// `llvm.indirectbr`: `indirectbr ptr %a, [label %1, label %2]`.
    pub(crate) fn indirect_br(&mut self, op: OpId) -> Result<(), TranslateError> {
        let addr: Value = self.ir.operand(op, 0);
        let a = self.value(op, addr)?;
        let succ: Vec<usize> = self.ir.successors(op).map(|b| self.block(b)).collect();
        let mut parts: Parts = smallvec::smallvec![
            Part::Text("indirectbr "),
            Part::Typed(&a),
            Part::Text(", [")
        ];
        for (i, &s) in succ.iter().enumerate() {
            parts.push(Part::Text(if i > 0 { ", label " } else { "label " }));
            parts.push(Part::Block(s));
        }
        parts.push(Part::Text("]"));
        self.push(op, None, parts)?;
        self.branched(&succ);
        Ok(())
    }
}

/// The `llvm.func` holding `op`.
fn function_of(ctx: &ir::Context, ir: &ir::Ir, op: OpId) -> Option<OpId> {
    let mut cur = ir.parent_op(op)?;
    while ctx.str(ir.op_name(cur)) != "llvm.func" {
        cur = ir.parent_op(cur)?;
    }
    Some(cur)
}

/// Whether the `llvm.func` named `name` (next to the function or global
/// holding `op`) has `tag` in its entry block.
fn tag_in_entry_block(
    ctx: &ir::Context,
    ir: &ir::Ir,
    op: OpId,
    name: &str,
    tag: ir::Attribute,
) -> bool {
    let mut top = op;
    while let Some(p) = ir
        .parent_op(top)
        .filter(|&p| ctx.str(ir.op_name(p)).starts_with("llvm."))
    {
        top = p;
    }
    let Some(module) = ir.parent_op(top) else {
        return false;
    };
    let Some(func) = ir::symbols::lookup_symbol(ctx, ir, module, name.as_bytes()) else {
        return false;
    };
    let entry = ir.regions(func).first().and_then(|&r| ir.first_block(r));
    entry.is_some_and(|b| {
        ir.block_ops(b).any(|o| {
            ctx.str(ir.op_name(o)) == "llvm.blocktag" && attr(ctx, ir, o, "tag") == Some(tag)
        })
    })
}

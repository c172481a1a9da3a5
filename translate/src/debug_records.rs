//! `llvm.intr.dbg.declare`, `llvm.intr.dbg.value` and
//! `llvm.intr.dbg.label` as the debug records LLVM 22 prints
//! (`#dbg_declare(ptr %0, !7, !DIExpression(), !8)`), which is what their
//! upstream `llvmBuilder`s make through `DIBuilder`.
//!
//! A record is written on its own line before the instruction it is
//! attached to; its variable (or label) and its location are numbered as
//! it is written, after the instructions before it, as LLVM's slot
//! tracker numbers a record's metadata before its instruction's. An op
//! without a debug location makes no record (upstream skips it: a record
//! without a location is invalid).

use rustc_hash::FxHashMap;

use ir::{Context, Ir, OpId};

use crate::debug_info::{DebugInfo, NodeId};
use crate::di_nodes::{expression_is_valid, expression_text};
use crate::function::{FnBuilder, Part};
use crate::module::TranslateError;
use crate::props::attr;

/// What a debug intrinsic's record refers to, translated before the
/// function's body (the nodes are numbered as the record is written).
#[derive(Clone, Debug)]
pub(crate) struct Record {
    /// The variable (`varInfo`) or label node, or why there is none.
    node: Result<Option<NodeId>, String>,
    /// `!DIExpression(...)`, or why LLVM's verifier would refuse it.
    expression: Result<String, String>,
}

/// The names of the debug intrinsics, as identifiers (a name never
/// interned names no op).
pub(crate) fn watched_names(ctx: &Context) -> smallvec::SmallVec<[ir::Identifier; 3]> {
    [
        "llvm.intr.dbg.declare",
        "llvm.intr.dbg.value",
        "llvm.intr.dbg.label",
    ]
    .iter()
    .filter_map(|n| ctx.lookup_ident(n))
    .collect()
}

/// The records of `ops`, a body's debug intrinsics in walk order.
pub(crate) fn records(
    debug: &mut DebugInfo<'_>,
    ctx: &Context,
    ir: &Ir,
    ops: &[OpId],
) -> FxHashMap<OpId, Record> {
    let mut out = FxHashMap::default();
    for &op in ops {
        let key = match ctx.str(ir.op_name(op)) {
            "llvm.intr.dbg.label" => "label",
            _ => "varInfo",
        };
        let node = match attr(ctx, ir, op, key).map(|a| debug.attr_node(ctx, a)) {
            Some(Ok(node)) => Ok(node),
            Some(Err(what)) => Err(format!("#llvm.{what} is not translated by ods-translate")),
            None => Ok(None),
        };
        let expression = match attr(ctx, ir, op, "locationExpr") {
            Some(e) if !expression_is_valid(ctx, e) => {
                Err(format!("invalid expression {}", expression_text(ctx, e)))
            }
            Some(e) => Ok(expression_text(ctx, e)),
            None => Ok("!DIExpression()".to_string()),
        };
        out.insert(op, Record { node, expression });
    }
    out
}

impl FnBuilder<'_> {
    /// The record of the debug intrinsic `op` (`short` is its name after
    /// `llvm.`).
    pub(crate) fn debug_record(&mut self, op: OpId, short: &str) -> Result<(), TranslateError> {
        let Some(location) = self.op_locations.get(&op).copied() else {
            return Ok(());
        };
        let record = self
            .records
            .get(&op)
            .cloned()
            .ok_or_else(|| TranslateError::failed(op))?;
        let refused =
            |why: String| TranslateError::new(op, format!("cannot be converted to LLVM IR: {why}"));
        let node = record
            .node
            .map_err(refused)?
            .ok_or_else(|| TranslateError::failed(op))?;
        if short == "intr.dbg.label" {
            let parts = [
                Part::Text("  #dbg_label("),
                Part::Node(node),
                Part::Text(", "),
                Part::Node(location),
                Part::Text(")"),
            ];
            return self.push_record(op, &parts);
        }
        let expression = format!(", {}, ", record.expression.map_err(refused)?);
        let kind = if short == "intr.dbg.declare" {
            "  #dbg_declare("
        } else {
            "  #dbg_value("
        };
        let value = self.value(op, self.ir.operand(op, 0))?;
        let parts = [
            Part::Text(kind),
            Part::Typed(&value),
            Part::Text(", "),
            Part::Node(node),
            Part::Text(&expression),
            Part::Node(location),
            Part::Text(")"),
        ];
        self.push_record(op, &parts)
    }

    /// Appends a record's line: an instruction without a result or a
    /// `!dbg` of its own.
    fn push_record(&mut self, op: OpId, parts: &[Part<'_>]) -> Result<(), TranslateError> {
        self.push(op, None, parts)?;
        if let Some(inst) = self.insts.last_mut() {
            inst.location = None;
        }
        Ok(())
    }
}

//! The conversion drivers (MLIR's `applyPartialConversion`,
//! `applyFullConversion` and `applyAnalysisConversion`): every op under a
//! root, in pre-order, is made legal for the target, by patterns where it
//! is not legal already; the ops a pattern creates are legalized at once,
//! and a pattern whose result cannot be legalized is undone and the next
//! one tried.
//!
//! Failures are reported in `mlir-opt`'s words, at the op:
//! `failed to legalize operation 'x.y'` (full conversion),
//! `failed to legalize operation 'x.y' that was explicitly marked illegal`
//! (partial conversion), and for casts still needed when the conversion
//! ends, `failed to legalize unresolved materialization from (...) to
//! (...) that remained live after conversion`. A failed conversion leaves
//! the IR as it found it.

use super::pattern::{ConversionPatternSet, OpAdaptor};
use super::rewriter::{Checkpoint, ConversionRewriter, Folded};
use super::target::{ConversionTarget, Legality};
use super::type_converter::TypeConverter;
use crate::pass::PassCx;
use ir::builder::InsertPoint;
use ir::registry::VerifyError;
use ir::verifier::Reporter;
use ir::{Diagnostic, OpId};
use rustc_hash::{FxHashMap, FxHashSet};

/// What a conversion converts with: the target, the patterns and the
/// type converter (when types change).
#[derive(Clone, Copy)]
pub struct Conversion<'a> {
    pub target: &'a ConversionTarget<'a>,
    pub patterns: &'a ConversionPatternSet,
    pub type_converter: Option<&'a TypeConverter>,
}

/// How failures to legalize are treated (MLIR's `OpConversionMode`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Ops that cannot be legalized stay, unless explicitly illegal.
    Partial,
    /// Every op must end legal.
    Full,
    /// Nothing changes; the result is which ops could be legalized.
    Analysis,
}

/// Converts the ops under `root` (and `root`) as far as it can: ops the
/// target does not make explicitly illegal may stay when no pattern
/// converts them. Returns the ops that were left unconverted.
pub fn apply_partial_conversion(
    cx: &mut PassCx<'_>,
    root: OpId,
    conversion: Conversion<'_>,
) -> Result<Vec<OpId>, Vec<Diagnostic>> {
    apply_conversion(cx, root, conversion, Mode::Partial)
        .map(|report| report.unconverted)
        .map_err(|e| e.diagnostics)
}

/// Converts every op under `root` (and `root`) to a legal one, or fails
/// with the IR unchanged.
pub fn apply_full_conversion(
    cx: &mut PassCx<'_>,
    root: OpId,
    conversion: Conversion<'_>,
) -> Result<(), Vec<Diagnostic>> {
    apply_conversion(cx, root, conversion, Mode::Full)
        .map(|_| ())
        .map_err(|e| e.diagnostics)
}

/// Which ops under `root` (and `root`) a conversion could legalize, in
/// pre-order; the IR is left unchanged.
pub fn apply_analysis_conversion(
    cx: &mut PassCx<'_>,
    root: OpId,
    conversion: Conversion<'_>,
) -> Result<Vec<OpId>, Vec<Diagnostic>> {
    apply_conversion(cx, root, conversion, Mode::Analysis)
        .map(|report| report.legalizable)
        .map_err(|e| e.diagnostics)
}

/// Why a pattern did not apply to an op, as the pattern said it
/// ([`ConversionRewriter::notify_match_failure`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchFailureReason {
    /// The op's name (the op itself may be gone after a rollback).
    pub op_name: String,
    /// Where the op was.
    pub loc: ir::Location,
    pub reason: String,
}

/// What a conversion did.
#[derive(Clone, Debug, Default)]
pub struct ConversionReport {
    /// The ops left unconverted (partial conversion).
    pub unconverted: Vec<OpId>,
    /// The ops that could be legalized (analysis conversion).
    pub legalizable: Vec<OpId>,
    /// Every pattern failure on the way, in order.
    pub match_failures: Vec<MatchFailureReason>,
}

/// Why a conversion failed: the diagnostics, and the pattern failures
/// that led there.
#[derive(Clone, Debug)]
pub struct ConversionError {
    pub diagnostics: Vec<Diagnostic>,
    pub match_failures: Vec<MatchFailureReason>,
}

/// Runs a conversion in `mode`, reporting what the patterns said.
pub fn apply_conversion(
    cx: &mut PassCx<'_>,
    root: OpId,
    conversion: Conversion<'_>,
    mode: Mode,
) -> Result<ConversionReport, ConversionError> {
    let report = cx.report;
    let recursive_entries = conversion.target.has_recursive_entries();
    let ops = conversion_order(cx.ir, root, |ir, op| {
        recursive_entries
            && matches!(
                conversion.target.legality(cx.ctx, ir, op),
                Legality::Legal { recursive: true }
            )
    });
    let mut rw = ConversionRewriter::new(cx.ctx, cx.registry, cx.ir, conversion.type_converter);
    rw.set_report(report, root);
    let start = rw.checkpoint();
    let mut legalizer = Legalizer {
        conversion,
        pattern_lists: FxHashMap::default(),
        applying: Vec::new(),
        recursively_legal: FxHashSet::default(),
        folded_in_place: 0,
    };
    let mut outcome = ConversionReport::default();
    let error = |rw: &ConversionRewriter<'_>, op: OpId, err: VerifyError| -> Vec<Diagnostic> {
        let reporter = Reporter {
            ctx: rw.ctx,
            ir: rw.ir(),
            registry: rw.registry,
            sources: report.sources,
            root,
            op_display: report.op_display,
        };
        vec![reporter.op_error(op, err)]
    };
    for op in ops {
        if rw.is_ignored(op) || legalizer.inside_recursively_legal(&rw, op) {
            continue;
        }
        if legalizer.legalize_not_ignored(&mut rw, op) {
            if mode == Mode::Analysis {
                outcome.legalizable.push(op);
            }
            continue;
        }
        let name = rw.ctx.str(rw.ir().op_name(op)).to_string();
        let (ctx, ir) = rw.ctx_and_ir();
        let illegal = conversion.target.is_illegal(ctx, ir, op);
        let message = match mode {
            Mode::Full => format!("failed to legalize operation '{name}'"),
            Mode::Partial if illegal => {
                format!("failed to legalize operation '{name}' that was explicitly marked illegal")
            }
            Mode::Partial | Mode::Analysis => {
                outcome.unconverted.push(op);
                continue;
            }
        };
        // Upstream's replacements wait for the commit: the replaced ops
        // are still in their blocks and used, and the note numbers values
        // with them.
        rw.show_uncommitted();
        let diagnostics = error(&rw, op, VerifyError::new(message));
        let match_failures = reasons(&rw);
        rw.rollback(start);
        return Err(ConversionError {
            diagnostics,
            match_failures,
        });
    }
    let finished = finish(&mut rw, &error);
    outcome.match_failures = reasons(&rw);
    if let Err(diagnostics) = finished {
        rw.rollback(start);
        return Err(ConversionError {
            diagnostics,
            match_failures: outcome.match_failures,
        });
    }
    if mode == Mode::Analysis {
        rw.rollback(start);
        return Ok(outcome);
    }
    rw.commit();
    Ok(outcome)
}

/// The match failures the rewriter kept, with their ops' names and places
/// (taken now: a rollback may remove the ops).
fn reasons(rw: &ConversionRewriter<'_>) -> Vec<MatchFailureReason> {
    rw.match_failures()
        .iter()
        .map(|(op, reason)| MatchFailureReason {
            op_name: rw.ctx.str(rw.ir().op_name(*op)).to_string(),
            loc: rw.ir().op_loc(*op),
            reason: reason.clone(),
        })
        .collect()
}

/// What is left once every op is legal: casts no longer used go, erased
/// ops must have no live users, and the casts still used are built by the
/// type converter's materializations, or reported.
fn finish(
    rw: &mut ConversionRewriter<'_>,
    error: &dyn Fn(&ConversionRewriter<'_>, OpId, VerifyError) -> Vec<Diagnostic>,
) -> Result<(), Vec<Diagnostic>> {
    let live = rw.reconcile_materializations();
    if let Some(&(op, index, user)) = rw.erased_with_live_users().first() {
        let name = rw.ctx.str(rw.ir().op_name(op)).to_string();
        let err = VerifyError::new(format!(
            "failed to legalize operation '{name}' marked as erased"
        ))
        .with_note(
            Some(rw.ir().op_loc(user)),
            format!("found live user of result #{index}: {}", op_text(rw, user)),
        );
        return Err(error(rw, op, err));
    }
    rw.detach_erased();
    for (cast, kind) in live {
        if rw.legalize_materialization(cast, kind) {
            continue;
        }
        let types = |values: Vec<ir::Value>| {
            values
                .into_iter()
                .map(|v| {
                    format!(
                        "'{}'",
                        ir::printer::print_type_str(rw.ctx, rw.ir().value_type(v))
                    )
                })
                .collect::<Vec<_>>()
                .join(", ")
        };
        let from = types(rw.ir().operands(cast).collect());
        let to = types(rw.ir().results(cast).collect());
        let mut err = VerifyError::new(format!(
            "failed to legalize unresolved materialization from ({from}) to ({to}) that remained live after conversion"
        ));
        if let Some(user) = rw.live_user(cast) {
            err = err.with_note(
                Some(rw.ir().op_loc(user)),
                format!("see existing live user here: {}", op_text(rw, user)),
            );
        }
        return Err(error(rw, cast, err));
    }
    Ok(())
}

/// `op` in generic form, as a diagnostic shows an op.
fn op_text(rw: &ConversionRewriter<'_>, op: OpId) -> String {
    let root = top_level(rw, op);
    ir::printer::ops::print_op_generic(rw.ctx, rw.ir(), rw.registry, op, root, false, None)
        .trim_end()
        .to_string()
}

/// The outermost op holding `op`, to number values from.
fn top_level(rw: &ConversionRewriter<'_>, op: OpId) -> OpId {
    let mut cur = op;
    while let Some(parent) = rw.ir().parent_op(cur) {
        cur = parent;
    }
    cur
}

/// `root` and the ops nested in it, in pre-order, not looking inside the
/// ops `skip_inside` accepts (recursively legal ones). The blocks of a
/// region are visited as upstream's `ForwardDominanceIterator` does
/// (`llvm::depth_first`): in depth-first pre-order of the CFG from the
/// entry block, successors in the order the terminator names them, so a
/// block comes after the blocks dominating it, and blocks no branch
/// reaches are not visited (their ops are left as they are).
fn conversion_order(
    ir: &ir::Ir,
    root: OpId,
    mut skip_inside: impl FnMut(&ir::Ir, OpId) -> bool,
) -> Vec<OpId> {
    let mut out = Vec::new();
    let mut stack = vec![root];
    while let Some(op) = stack.pop() {
        out.push(op);
        if skip_inside(ir, op) {
            continue;
        }
        let mut children = Vec::new();
        for &region in ir.regions(op) {
            for block in depth_first_pre_order(ir, region) {
                children.extend(ir.block_ops(block));
            }
        }
        stack.extend(children.into_iter().rev());
    }
    out
}

/// The blocks of `region` reachable from its entry, in depth-first
/// pre-order (LLVM's `depth_first`: a block is taken when the walk first
/// reaches it, its successors in the order the terminator names them).
pub(super) fn depth_first_pre_order(ir: &ir::Ir, region: ir::RegionId) -> Vec<ir::BlockId> {
    let Some(entry) = ir.first_block(region) else {
        return Vec::new();
    };
    let successors = |block: ir::BlockId| -> Vec<ir::BlockId> {
        match ir.last_op(block) {
            Some(t) => (0..ir.num_successors(t))
                .map(|i| ir.successor(t, i))
                .collect(),
            None => Vec::new(),
        }
    };
    let entry_successors = successors(entry);
    // One block, most regions: no walk.
    if entry_successors.is_empty() {
        return vec![entry];
    }
    let mut visited = FxHashSet::from_iter([entry]);
    let mut order = vec![entry];
    let mut stack = vec![(entry_successors, 0usize)];
    while let Some((succs, next)) = stack.last_mut() {
        if let Some(&succ) = succs.get(*next) {
            *next += 1;
            if visited.insert(succ) {
                order.push(succ);
                let s = successors(succ);
                stack.push((s, 0));
            }
        } else {
            stack.pop();
        }
    }
    order
}

/// The blocks of `region` reachable from its entry, in reverse post-order
/// (successors taken in the order the terminator names them, as LLVM's
/// `ReversePostOrderTraversal`): what the tests compare the walk with.
#[cfg(test)]
pub(super) fn reverse_post_order(ir: &ir::Ir, region: ir::RegionId) -> Vec<ir::BlockId> {
    let Some(entry) = ir.first_block(region) else {
        return Vec::new();
    };
    let successors = |block: ir::BlockId| -> Vec<ir::BlockId> {
        match ir.last_op(block) {
            Some(t) => (0..ir.num_successors(t))
                .map(|i| ir.successor(t, i))
                .collect(),
            None => Vec::new(),
        }
    };
    let mut visited = FxHashSet::default();
    visited.insert(entry);
    let mut post = Vec::new();
    let mut stack = vec![(entry, successors(entry), 0usize)];
    while let Some((block, succs, next)) = stack.last_mut() {
        if let Some(&succ) = succs.get(*next) {
            *next += 1;
            if visited.insert(succ) {
                let s = successors(succ);
                stack.push((succ, s, 0));
            }
        } else {
            post.push(*block);
            stack.pop();
        }
    }
    post.reverse();
    post
}

/// Legalizes one op at a time, by patterns, recursively through what the
/// patterns create (MLIR's `OperationLegalizer`).
struct Legalizer<'a> {
    conversion: Conversion<'a>,
    /// The patterns of each op name ([`ConversionPatternSet::for_op`]),
    /// by the name's identifier: found once per name.
    pattern_lists: FxHashMap<ir::Identifier, &'a [usize]>,
    /// The patterns being applied, outermost first: one is not applied
    /// again to what it creates, unless it says its recursion is bounded.
    applying: Vec<usize>,
    /// Ops found recursively legal: nothing inside them is converted.
    recursively_legal: FxHashSet<OpId>,
    /// How many in-place folds of one op are being legalized, one inside
    /// the other: fold hooks converge, but one that did not (a change
    /// undone by the next fold) would recurse until the stack overflows.
    folded_in_place: usize,
}

/// How many times in a row an op may fold in place before folding it is
/// given up and its patterns are tried (no upstream fold needs more than
/// a few: `trunci(trunci(extsi x))` folds twice).
const MAX_IN_PLACE_FOLDS: usize = 16;

impl Legalizer<'_> {
    /// Whether an op `op` is nested in was found recursively legal.
    fn inside_recursively_legal(&self, rw: &ConversionRewriter<'_>, op: OpId) -> bool {
        // Most conversions find no op recursively legal: no walk then.
        if self.recursively_legal.is_empty() {
            return false;
        }
        let mut cur = rw.ir().parent_op(op);
        while let Some(parent) = cur {
            if self.recursively_legal.contains(&parent) {
                return true;
            }
            cur = rw.ir().parent_op(parent);
        }
        false
    }

    /// Makes `op` legal; whether it could.
    fn legalize(&mut self, rw: &mut ConversionRewriter<'_>, op: OpId) -> bool {
        rw.is_ignored(op) || self.legalize_not_ignored(rw, op)
    }

    /// [`Legalizer::legalize`] of an op the caller found not ignored (the
    /// driver's loop has asked already; asking again walks the op's
    /// parents again).
    fn legalize_not_ignored(&mut self, rw: &mut ConversionRewriter<'_>, op: OpId) -> bool {
        let (ctx, ir) = rw.ctx_and_ir();
        if let Legality::Legal { recursive } = self.conversion.target.legality(ctx, ir, op) {
            if recursive {
                self.recursively_legal.insert(op);
            }
            return true;
        }
        if self.legalize_with_fold(rw, op) {
            return true;
        }
        self.legalize_with_pattern(rw, op)
    }

    /// Folds `op` before any pattern is tried, as upstream's legalizer
    /// does by default (`DialectConversionFoldingMode::BeforePatterns`):
    /// an op updated in place is legalized again; an op replaced is legal
    /// when the constants built for it are. A fold whose result cannot be
    /// legalized is undone.
    fn legalize_with_fold(&mut self, rw: &mut ConversionRewriter<'_>, op: OpId) -> bool {
        if self.folded_in_place >= MAX_IN_PLACE_FOLDS {
            return false;
        }
        let checkpoint = rw.checkpoint();
        rw.set_insertion_point(InsertPoint::Before(op));
        let legal = match rw.try_fold(op) {
            None => return false,
            Some(Folded::InPlace) => {
                self.folded_in_place += 1;
                let legal = self.legalize(rw, op);
                self.folded_in_place -= 1;
                legal
            }
            Some(Folded::Replaced(constants)) => {
                constants.into_iter().all(|c| self.legalize(rw, c))
            }
        };
        if !legal {
            rw.rollback(checkpoint);
        }
        legal
    }

    /// Tries the patterns of `op`, best first, until one rewrites it into
    /// legal IR; each failed attempt is rolled back.
    fn legalize_with_pattern(&mut self, rw: &mut ConversionRewriter<'_>, op: OpId) -> bool {
        let patterns = self.conversion.patterns;
        let name = rw.ir().op_name(op);
        let list = match self.pattern_lists.get(&name) {
            Some(&list) => list,
            None => {
                let list = patterns.for_op(rw.ctx.str(name));
                self.pattern_lists.insert(name, list);
                list
            }
        };
        for &index in list {
            let pattern = patterns.get(index);
            if self.applying.contains(&index) && !pattern.has_bounded_recursion() {
                continue;
            }
            let checkpoint = rw.checkpoint();
            rw.set_insertion_point(InsertPoint::Before(op));
            let operands = match rw.remap_operands(op) {
                Ok(operands) => operands,
                Err(reason) => {
                    rw.notify_match_failure(op, reason);
                    rw.rollback(checkpoint);
                    continue;
                }
            };
            self.applying.push(index);
            let matched = pattern
                .match_and_rewrite(op, &OpAdaptor::new(operands), rw)
                .is_ok();
            let legal = matched && self.legalize_result(rw, op, checkpoint);
            self.applying.pop();
            if legal {
                return true;
            }
            rw.rollback(checkpoint);
        }
        false
    }

    /// Legalizes what a pattern did to `op` since `checkpoint`: the ops it
    /// created, then those it changed in place; the pattern must have
    /// replaced, erased or changed `op`.
    fn legalize_result(
        &mut self,
        rw: &mut ConversionRewriter<'_>,
        op: OpId,
        checkpoint: Checkpoint,
    ) -> bool {
        let (created, modified) = rw.changes_since(checkpoint);
        if !rw.is_erased(op) && !modified.contains(&op) {
            rw.notify_match_failure(
                op,
                "the pattern neither replaced, erased nor changed the op",
            );
            return false;
        }
        for new in created {
            if !self.legalize(rw, new) {
                rw.notify_match_failure(new, "failed to legalize generated operation");
                return false;
            }
        }
        for changed in modified {
            if !self.legalize(rw, changed) {
                rw.notify_match_failure(changed, "failed to legalize operation updated in-place");
                return false;
            }
        }
        true
    }
}

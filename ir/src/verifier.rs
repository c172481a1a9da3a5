//! The verifier: structural checks, registered ops' hooks, dominance.
//!
//! In: an [`Ir`], the [`Registry`] and a root op. Out: `Ok`, or the first
//! error as a [`Diagnostic`] at the op's location with a `see current
//! operation:` note, worded as `mlir-opt` words it.
//!
//! Order, as MLIR's walk: entering an op, its operands, then the
//! registered hooks (ODS invariants, trait checks, the op's own `verify`),
//! then its regions' shape (entry blocks without predecessors,
//! single-block regions); entering each block, its emptiness and
//! successors only on its last op; its ops; leaving the block, its
//! terminator; leaving the op, the ops isolated from above nested in it,
//! then its region checks: isolation from above, the symbol table's
//! (unique names, then each symbol user's `verify_symbol_uses`, see
//! [`crate::symbols`]), region traits and its `verify_regions` hook, and
//! last the unknown ops of registered dialects. A failure anywhere inside
//! an op skips its region checks, as in MLIR. Dominance comes last (see
//! [`dominance`]): MLIR checks it in a pass of its own once the rest
//! passed; here the same walk reads each op's operands once for both
//! dominance and isolation, and keeps the first dominance error for when
//! nothing else failed (the isolation check walks again only when a use
//! escaped, to name the first in its order). Dominance holds in SSACFG
//! regions only and not for ops directly in unreachable blocks: regions of
//! registered ops marked [`OpTraits::GRAPH_REGIONS`] and regions of
//! unregistered ops are treated as graph regions, as `mlir-opt` treats
//! them. The walk keeps its own stack, so nesting depth never grows the
//! call stack.
//!
//! Verification of ops isolated from above is independent of the rest of
//! the tree (no value crosses their boundary), which is what lets a driver
//! hand each such op to a different thread; see `docs/ir.md`.

use crate::context::Context;
use crate::diagnostics::{DiagLoc, Diagnostic, SourceManager};
use crate::graph::{BlockId, Ir, LocKind, Location, OpId};
use crate::printer::ops::print_op_generic;
use crate::registry::{OpTraits, RegionCheckCx, Registry, VerifyError};
pub use crate::symbols::{lookup_symbol, symbol_name};
use crate::symbols::{verify_symbol_table, SymbolTables};
use rustc_hash::FxHashMap;

mod checks;
mod dialect_attrs;
mod dominance;
pub use checks::verify_successor_operands;
use checks::{
    defined_inside, unknown_op_error, verify_block_entry, verify_block_exit, verify_isolated,
    verify_op,
};
use dominance::{DomState, UnitUses};

/// How diagnostics show the ops they are about, as `mlir-opt`'s flags
/// choose.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct OpDisplay {
    /// Attach `see current operation: ...` notes (mlir-opt leaves them out
    /// under `--verify-diagnostics`).
    pub note: bool,
    /// `--mlir-print-debuginfo`: an op printed in a diagnostic (the note,
    /// `block with no terminator, has ...`) ends with its `loc(...)`, and
    /// its nested ops and block arguments with theirs, written out (an op
    /// printed alone has no aliases).
    pub debug_info: bool,
}

impl OpDisplay {
    /// The note without locations, or nothing.
    pub fn note(print_op_on_diagnostic: bool) -> Self {
        OpDisplay {
            note: print_op_on_diagnostic,
            debug_info: false,
        }
    }
}

/// Turns op locations into diagnostic places and builds error reports.
pub struct Reporter<'a> {
    pub ctx: &'a Context,
    pub ir: &'a Ir,
    pub registry: &'a Registry,
    pub sources: Option<&'a SourceManager>,
    pub root: OpId,
    /// Whether errors carry the op note, and with locations.
    pub op_display: OpDisplay,
}

impl Reporter<'_> {
    /// The diagnostic place of a location.
    pub fn diag_loc(&self, loc: Location) -> DiagLoc {
        match loc.kind() {
            LocKind::Source { file, offset } => {
                match self.ir.source_position(file, offset, self.sources) {
                    (file, Some((line, col))) => DiagLoc::FileLineCol { file, line, col },
                    (_, None) => DiagLoc::Unknown,
                }
            }
            LocKind::Attr(attr) => file_line_col_in(self.ctx, attr),
            LocKind::Unknown => DiagLoc::Unknown,
        }
    }

    /// An error at `op` (or the op the error blames) with the `see current
    /// operation:` note.
    pub fn op_error(&self, op: OpId, err: VerifyError) -> Diagnostic {
        let op = err.op.unwrap_or(op);
        let loc = self.diag_loc(err.at.unwrap_or(self.ir.op_loc(op)));
        let message = if err.op_prefix {
            format!("'{}' op {}", self.ctx.str(self.ir.op_name(op)), err.message)
        } else {
            err.message
        };
        let mut d = Diagnostic::error(loc.clone(), message);
        if self.op_display.note && !err.plain {
            d = d.with_note(loc, format!("see current operation: {}", self.op_text(op)));
        }
        for (at, msg) in err.notes {
            let l = at.map_or(DiagLoc::Unknown, |l| self.diag_loc(l));
            d = d.with_note(l, msg);
        }
        match err.preceded_by {
            // The earlier error leads; this one follows it with its notes.
            Some((at, message)) => {
                let at = self.diag_loc(at.unwrap_or(self.ir.op_loc(op)));
                let mut first = Diagnostic::error(at, message);
                let notes = std::mem::take(&mut d.notes);
                first.notes.push(d);
                first.notes.extend(notes);
                first
            }
            None => d,
        }
    }

    /// An error at `op`'s location with no `see current operation` note,
    /// as MLIR's `emitError(loc)` (not `op->emitError()`) gives.
    pub fn error_at(&self, op: OpId, message: impl Into<String>) -> Diagnostic {
        Diagnostic::error(self.diag_loc(self.ir.op_loc(op)), message.into())
    }

    /// `op` in generic form as a diagnostic quotes it: on a line of its own
    /// when it spans several, as MLIR prints it, with its locations under
    /// `--mlir-print-debuginfo`.
    pub fn op_text(&self, op: OpId) -> String {
        let text = print_op_generic(
            self.ctx,
            self.ir,
            self.registry,
            op,
            self.scope_root(op),
            self.op_display.debug_info,
            self.sources,
        );
        if text.contains('\n') {
            format!("\n{text}")
        } else {
            text
        }
    }

    /// Names in notes are numbered from the nearest op isolated from above,
    /// `op` itself included (MLIR prints diagnostics' ops in local scope),
    /// or the root.
    fn scope_root(&self, op: OpId) -> OpId {
        let isolated = |o: OpId| {
            self.registry
                .traits(self.ir.op_name(o))
                .contains(OpTraits::ISOLATED_FROM_ABOVE)
        };
        let mut cur = op;
        loop {
            if isolated(cur) {
                return cur;
            }
            match self.ir.parent_op(cur) {
                Some(p) => cur = p,
                None => return cur,
            }
        }
    }
}

/// The first `"file":line:col` inside a location attribute (depth first,
/// as MLIR's `findInstanceOf<FileLineColLoc>`), where a diagnostic on an op
/// with that location is reported.
fn file_line_col_in(ctx: &Context, loc: crate::Attribute) -> DiagLoc {
    use crate::AttrKind;
    let mut stack = vec![loc];
    while let Some(a) = stack.pop() {
        match ctx.attr_kind(a) {
            AttrKind::FileLineCol {
                file, line, col, ..
            } => {
                return DiagLoc::FileLineCol {
                    file: String::from_utf8_lossy(ctx.string_bytes(*file)).into_owned(),
                    line: *line,
                    col: *col,
                };
            }
            AttrKind::NameLoc { child, .. } => stack.extend(child),
            AttrKind::CallSiteLoc { callee, caller } => stack.extend([*caller, *callee]),
            AttrKind::FusedLoc { locs, .. } => stack.extend(locs.iter().rev()),
            _ => {}
        }
    }
    DiagLoc::Unknown
}

fn err(msg: impl Into<String>) -> VerifyError {
    VerifyError::new(msg)
}

/// Verifies `root` and everything nested in it.
pub fn verify(
    ctx: &Context,
    ir: &Ir,
    registry: &Registry,
    root: OpId,
    sources: Option<&SourceManager>,
) -> Result<(), Diagnostic> {
    verify_with(ctx, ir, registry, root, sources, true)
}

/// [`verify`], choosing whether errors carry a `see current operation`
/// note.
pub fn verify_with(
    ctx: &Context,
    ir: &Ir,
    registry: &Registry,
    root: OpId,
    sources: Option<&SourceManager>,
    print_op_on_diagnostic: bool,
) -> Result<(), Diagnostic> {
    match verify_all(ctx, ir, registry, root, sources, print_op_on_diagnostic)
        .into_iter()
        .next()
    {
        Some(d) => Err(d),
        None => Ok(()),
    }
}

/// Verifies like `mlir-opt`, reporting every independent failure: each op
/// isolated from above is verified on its own (as mlir-opt does, possibly
/// on another thread), stopping at its first error; the rest of the tree
/// stops at its first error. Diagnostics come in source order of the
/// isolated ops (each followed by those nested in it).
pub fn verify_all(
    ctx: &Context,
    ir: &Ir,
    registry: &Registry,
    root: OpId,
    sources: Option<&SourceManager>,
    print_op_on_diagnostic: bool,
) -> Vec<Diagnostic> {
    let display = OpDisplay::note(print_op_on_diagnostic);
    verify_all_threads(ctx, ir, registry, root, sources, display, 1)
}

/// [`verify_all`] on up to `threads` threads, showing ops as `display`
/// says: the ops isolated from above directly under the root's unit are
/// shared out in contiguous runs, each thread with its own scratch state;
/// the diagnostics are the same, in the same order, whatever the thread
/// count.
pub fn verify_all_threads(
    ctx: &Context,
    ir: &Ir,
    registry: &Registry,
    root: OpId,
    sources: Option<&SourceManager>,
    display: OpDisplay,
    threads: usize,
) -> Vec<Diagnostic> {
    let report = verify_report(ctx, ir, registry, root, sources, display, threads);
    if report.failed {
        report.diagnostics
    } else {
        Vec::new()
    }
}

/// What a verification reported: every diagnostic emitted, in
/// `mlir-opt`'s order, and whether it failed. A verification that passed
/// may still have emitted errors (see
/// [`crate::registry::EmitOnlyVerifyFn`]): `mlir-opt` prints them and goes
/// on.
#[derive(Clone, Debug, Default)]
pub struct VerifyReport {
    pub diagnostics: Vec<Diagnostic>,
    pub failed: bool,
}

/// [`verify_all_threads`], with the errors a passing verification emitted
/// too.
pub fn verify_report(
    ctx: &Context,
    ir: &Ir,
    registry: &Registry,
    root: OpId,
    sources: Option<&SourceManager>,
    display: OpDisplay,
    threads: usize,
) -> VerifyReport {
    let rep = Reporter {
        ctx,
        ir,
        registry,
        sources,
        root,
        op_display: display,
    };
    let mut scratch = Scratch::new(&rep);
    // The root's own unit first; it finds the isolated ops below it.
    let mut results = vec![verify_one_unit(&rep, root, false, &mut scratch)];
    let children: Vec<OpId> = results[0].children.iter().map(|&(u, _)| u).collect();
    let threads = threads.clamp(1, children.len().max(1));
    if threads == 1 {
        for &unit in &children {
            results.extend(verify_tree(&rep, unit, &mut scratch));
        }
    } else {
        let per = children.len().div_ceil(threads);
        let rep = &rep;
        let parts: Vec<Vec<UnitResult>> = std::thread::scope(|s| {
            let handles: Vec<_> = children
                .chunks(per)
                .map(|run| {
                    s.spawn(move || {
                        let mut scratch = Scratch::new(rep);
                        let mut out = Vec::new();
                        for &unit in run {
                            out.extend(verify_tree(rep, unit, &mut scratch));
                        }
                        out
                    })
                })
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
                .collect()
        });
        results.extend(parts.into_iter().flatten());
    }
    finish_units(&rep, results, &mut scratch)
}

/// What verifying one unit (an op isolated from above, or the root) found.
///
/// Steps number the walk's visits (entering or leaving an op). MLIR
/// verifies an op's isolated children, then its region checks, when it
/// leaves the op, and stops a unit at its first failure; the steps let
/// [`finish_units`] replay that order on units verified eagerly (and on
/// several threads).
struct UnitResult {
    unit: OpId,
    /// The first error in the unit itself (not in nested units), dominance
    /// aside, and the step it happened at.
    /// (Boxed, as `dominance`: a module holds a result per function and
    /// most have no error.)
    error: Option<Box<(Diagnostic, u64)>>,
    /// The first dominance error, reported only when nothing else failed
    /// (MLIR checks dominance after the rest).
    dominance: Option<Box<Diagnostic>>,
    /// The units directly nested in this one, with the step their parent
    /// op was left at (when MLIR verifies them). Units whose parent was
    /// never left are not listed.
    children: Vec<(OpId, u64)>,
    /// Region checks of ops with nested units, which wait for those units.
    deferred: Vec<Deferred>,
    /// Errors reported without failing, with their steps.
    emitted: Vec<(Diagnostic, u64)>,
    /// Whether a use inside the unit may escape it (see
    /// [`UnitUses::escapes`]); `false` lets its isolation check pass
    /// without walking again.
    escapes: bool,
}

/// An op whose region checks (symbol table, `verify_regions`) run only once
/// the units nested in it verified, at the step it is left.
struct Deferred {
    op: OpId,
    step: u64,
}

fn verify_one_unit(
    rep: &Reporter<'_>,
    unit: OpId,
    nested: bool,
    scratch: &mut Scratch<'_>,
) -> UnitResult {
    scratch.dom.start_unit();
    let mut r = UnitResult {
        unit,
        error: None,
        dominance: None,
        children: Vec::new(),
        deferred: Vec::new(),
        emitted: Vec::new(),
        escapes: true,
    };
    match walk_unit(rep, unit, nested, scratch, &mut r.children, &mut r.deferred) {
        Err(e) => r.error = Some(Box::new(e)),
        Ok(uses) => {
            r.dominance = uses.dominance.map(Box::new);
            r.escapes = uses.escapes;
        }
    }
    r.emitted = std::mem::take(&mut scratch.emitted);
    r
}

/// Verifies the isolated op `unit`, then the isolated ops found inside it
/// (depth first, in source order).
fn verify_tree(rep: &Reporter<'_>, unit: OpId, scratch: &mut Scratch<'_>) -> Vec<UnitResult> {
    let mut out = Vec::new();
    let mut stack = vec![unit];
    while let Some(u) = stack.pop() {
        let r = verify_one_unit(rep, u, true, scratch);
        stack.extend(r.children.iter().rev().map(|&(c, _)| c));
        out.push(r);
    }
    out
}

/// Replays MLIR's order over the verified units and lists the diagnostics
/// `mlir-opt` gives, in source order. A unit fails at the first of: its own
/// error; the step where a unit released then failed (all units released at
/// that step still report); a deferred region check failing (run only if
/// the units released at its step passed). Units released after a unit's
/// failure were never verified by MLIR: their diagnostics are dropped.
fn finish_units(
    rep: &Reporter<'_>,
    results: Vec<UnitResult>,
    scratch: &mut Scratch<'_>,
) -> VerifyReport {
    let n = results.len();
    let index: FxHashMap<OpId, usize> = results
        .iter()
        .enumerate()
        .map(|(i, r)| (r.unit, i))
        .collect();
    let child_index = |u: &OpId| index.get(u).copied();
    // Per unit: the step it failed at (u64::MAX: it did not), and whether a
    // region check made it fail.
    let mut fail_step = vec![u64::MAX; n];
    let mut region_errors: Vec<Option<Diagnostic>> = (0..n).map(|_| None).collect();
    let mut failed = vec![false; n];
    // Pre-order: going backwards settles nested units first.
    for i in (0..n).rev() {
        let r = &results[i];
        let mut fail = r.error.as_ref().map_or(u64::MAX, |e| e.1);
        for &(c, step) in &r.children {
            if step < fail && child_index(&c).is_some_and(|j| failed[j]) {
                fail = step;
            }
        }
        for d in &r.deferred {
            if d.step >= fail {
                break;
            }
            let escapes = d.op != r.unit || r.escapes;
            if let Err(e) = verify_region_invariants(rep, d.op, escapes, scratch) {
                region_errors[i] = Some(rep.op_error(d.op, e));
                fail = d.step;
                break;
            }
        }
        fail_step[i] = fail;
        failed[i] = fail != u64::MAX || r.dominance.is_some();
    }
    let mut visible = vec![false; n];
    if n > 0 {
        visible[0] = true;
    }
    let mut diags = Vec::new();
    let mut fatal = 0;
    for (i, r) in results.into_iter().enumerate() {
        if !visible[i] {
            continue;
        }
        for (c, step) in &r.children {
            if let Some(j) = child_index(c) {
                visible[j] = *step <= fail_step[i];
            }
        }
        // What the unit emitted before it stopped, failure or not.
        let emitted = r
            .emitted
            .into_iter()
            .filter(|&(_, step)| step <= fail_step[i]);
        diags.extend(emitted.map(|(d, _)| d));
        let before = diags.len();
        if let Some(d) = region_errors[i].take() {
            diags.push(d);
        } else if let Some(error) = r.error {
            let (d, step) = *error;
            if step == fail_step[i] {
                diags.push(d);
            }
        } else if fail_step[i] == u64::MAX {
            diags.extend(r.dominance.map(|d| *d));
        }
        fatal += diags.len() - before;
    }
    VerifyReport {
        diagnostics: diags,
        failed: fatal > 0,
    }
}

/// Verifies `unit` and what it nests, except nested ops isolated from
/// above, which are queued on `units` (with the step their parent is left
/// at) to be verified on their own. Region checks of ops with such units
/// inside wait on `deferred`. An error comes with its step; units whose
/// parent was not left by then are dropped, as MLIR never verifies them.
fn walk_unit(
    rep: &Reporter<'_>,
    unit: OpId,
    nested: bool,
    scratch: &mut Scratch<'_>,
    units: &mut Vec<(OpId, u64)>,
    deferred: &mut Vec<Deferred>,
) -> Result<UnitUses, (Diagnostic, u64)> {
    const NOT_LEFT: u64 = u64::MAX;
    let (ctx, ir, registry) = (rep.ctx, rep.ir, rep.registry);
    let base = units.len();
    let isolated = scratch.names.get(ctx, registry, ir.op_name(unit)) & NAME_ISOLATED != 0;
    let mut uses = UnitUses::new(unit, isolated);
    let mut step = 0u64;
    // MLIR's walk: an op is entered, then each of its blocks (entered,
    // its ops, left), then the op is left; checks run on each visit.
    let mut stack = vec![Visit::EnterOp(unit)];
    let result = (|| {
        while let Some(visit) = stack.pop() {
            step += 1;
            match visit {
                Visit::EnterOp(op) => {
                    if op != unit
                        && scratch.names.get(ctx, registry, ir.op_name(op)) & NAME_ISOLATED != 0
                    {
                        units.push((op, NOT_LEFT));
                        // Its operands are this unit's uses.
                        uses.check(rep, &mut scratch.names, &mut scratch.dom, op, true);
                        continue;
                    }
                    let emitted = &mut scratch.emitted;
                    verify_op(rep, op, &mut scratch.names, &mut |d| {
                        emitted.push((d, step))
                    })
                    .map_err(|d| (d, step))?;
                    // A nested unit's own operands belong to its parent.
                    let dominance = op != unit || !nested;
                    uses.check(rep, &mut scratch.names, &mut scratch.dom, op, dominance);
                    let regions = ir.regions(op);
                    if regions.is_empty()
                        && scratch.names.get(ctx, registry, ir.op_name(op)) & NAME_CHECKS_ON_LEAVE
                            == 0
                    {
                        // Leaving it has nothing to check (no units queued
                        // inside, no region checks): the visit is only
                        // counted, so steps stay as the walk numbers them.
                        step += 1;
                        continue;
                    }
                    stack.push(Visit::LeaveOp(op, units.len()));
                    for &r in regions.iter().rev() {
                        let mut b = ir.last_block(r);
                        while let Some(block) = b {
                            stack.push(Visit::EnterBlock(block));
                            b = ir.prev_block(block);
                        }
                    }
                }
                Visit::EnterBlock(block) => {
                    verify_block_entry(rep, block).map_err(|d| (d, step))?;
                    stack.push(Visit::LeaveBlock(block));
                    stack.extend(ir.block_ops_rev(block).map(Visit::EnterOp));
                }
                Visit::LeaveBlock(block) => {
                    verify_block_exit(rep, block).map_err(|d| (d, step))?;
                }
                Visit::LeaveOp(op, units_mark) => {
                    for u in &mut units[units_mark..] {
                        if u.1 == NOT_LEFT {
                            u.1 = step;
                        }
                    }
                    let flags = scratch.names.get(ctx, registry, ir.op_name(op));
                    if flags & NAME_REGION_INVARIANTS != 0 {
                        if units.len() > units_mark {
                            deferred.push(Deferred { op, step });
                        } else {
                            let escapes = op != unit || uses.escapes;
                            verify_region_invariants(rep, op, escapes, scratch)
                                .map_err(|e| (rep.op_error(op, e), step))?;
                        }
                    }
                    if flags & NAME_UNKNOWN_IN_REGISTERED_DIALECT != 0 {
                        return Err((unknown_op_error(rep, op), step));
                    }
                }
            }
        }
        Ok(())
    })();
    let mut i = 0;
    units.retain(|u| {
        i += 1;
        i <= base || u.1 != NOT_LEFT
    });
    result.map(|()| uses)
}

/// One visit of [`walk_unit`]'s walk.
enum Visit {
    EnterOp(OpId),
    /// With the number of units queued before the op's regions.
    LeaveOp(OpId, usize),
    EnterBlock(BlockId),
    LeaveBlock(BlockId),
}

/// MLIR's `verifyRegionInvariants`, run once everything nested in `op`
/// verified (the ops isolated from above inside it included): region
/// traits (isolation from above, the symbol table check, the interfaces
/// verified with regions), then the op's `verify_regions` hook. Isolation
/// comes first, as every op with that trait lists it before its other
/// region traits (`builtin.module`: `IsolatedFromAbove` before
/// `SymbolTable`).
///
/// `escapes`: whether a use inside `op` may be defined outside it; `false`
/// when the walk of `op`'s unit saw every use inside (see [`UnitUses`]).
fn verify_region_invariants(
    rep: &Reporter<'_>,
    op: OpId,
    escapes: bool,
    scratch: &mut Scratch<'_>,
) -> Result<(), VerifyError> {
    let Some(info) = rep.registry.op(rep.ir.op_name(op)) else {
        return Ok(());
    };
    if escapes && info.traits.contains(OpTraits::ISOLATED_FROM_ABOVE) {
        verify_isolated(rep, op, &mut scratch.names)?;
    }
    if info.traits.contains(OpTraits::SYMBOL_TABLE) {
        verify_symbol_table(&mut scratch.symbols, op)?;
    }
    if let Some(f) = info.verify_region_traits {
        f(
            &mut RegionCheckCx::new(rep.ctx, rep.ir, rep.registry, &mut scratch.context),
            op,
        )?;
    }
    if let Some(f) = info.verify_regions {
        f(rep.ctx, rep.ir, op)?;
    }
    Ok(())
}

/// Per op name facts the walks need for every op, computed once per name
/// into a dense table indexed by identifier id (no hashing per op).
#[derive(Default)]
struct NameCache {
    flags: Vec<u8>,
    /// Per attribute name met on an op: its dialect's
    /// `verifyOperationAttribute` hook (see [`dialect_attrs`]).
    attr_hooks: Vec<Option<Option<crate::registry::OpAttrVerifyFn>>>,
}

const NAME_KNOWN: u8 = 1;
const NAME_REGISTERED: u8 = 1 << 1;
const NAME_ISOLATED: u8 = 1 << 2;
const NAME_SSACFG: u8 = 1 << 3;
const NAME_UNKNOWN_IN_REGISTERED_DIALECT: u8 = 1 << 4;
/// Region invariants to check when the walk leaves the op: a
/// `verify_regions` hook, region traits, isolation or the symbol table.
const NAME_REGION_INVARIANTS: u8 = 1 << 5;
/// A registered op with `arg_attrs` or `res_attrs` (function-like), whose
/// entries the dialects' region attribute hooks check.
const NAME_REGION_ATTRS: u8 = 1 << 6;
/// What the walk checks when it leaves an op (see [`walk_unit`]).
const NAME_CHECKS_ON_LEAVE: u8 = NAME_REGION_INVARIANTS | NAME_UNKNOWN_IN_REGISTERED_DIALECT;

impl NameCache {
    /// The flags of `name` (the walks ask several times per op: the known
    /// case is an inlined array read).
    #[inline]
    fn get(&mut self, ctx: &Context, registry: &Registry, name: crate::context::Identifier) -> u8 {
        match self.flags.get(name.0 as usize) {
            Some(&f) if f & NAME_KNOWN != 0 => f,
            _ => self.compute(ctx, registry, name),
        }
    }

    /// Works out the flags of a name met for the first time.
    #[cold]
    fn compute(
        &mut self,
        ctx: &Context,
        registry: &Registry,
        name: crate::context::Identifier,
    ) -> u8 {
        let i = name.0 as usize;
        if i >= self.flags.len() {
            self.flags.resize(i + 1, 0);
        }
        let mut f = NAME_KNOWN;
        match registry.op(name) {
            Some(info) => {
                f |= NAME_REGISTERED;
                if info.traits.contains(OpTraits::ISOLATED_FROM_ABOVE) {
                    f |= NAME_ISOLATED;
                }
                if !info.traits.contains(OpTraits::GRAPH_REGIONS) {
                    f |= NAME_SSACFG;
                }
                if info.verify_regions.is_some()
                    || info.verify_region_traits.is_some()
                    || info.traits.contains(OpTraits::SYMBOL_TABLE)
                    || info.traits.contains(OpTraits::ISOLATED_FROM_ABOVE)
                {
                    f |= NAME_REGION_INVARIANTS;
                }
                if info
                    .inherent_attrs
                    .is_some_and(|a| a.iter().any(|&n| n == "arg_attrs" || n == "res_attrs"))
                {
                    f |= NAME_REGION_ATTRS;
                }
            }
            None => {
                let in_registered = ctx
                    .str(name)
                    .split_once('.')
                    .is_some_and(|(dialect, _)| registry.rejects_unknown_ops(ctx, dialect));
                if in_registered {
                    f |= NAME_UNKNOWN_IN_REGISTERED_DIALECT;
                }
            }
        }
        self.flags[i] = f;
        f
    }
}

/// One walker's scratch state (one per thread).
struct Scratch<'a> {
    names: NameCache,
    /// Errors reported without failing (see
    /// [`crate::registry::EmitOnlyVerifyFn`]) in the unit being walked,
    /// with their steps.
    emitted: Vec<(Diagnostic, u64)>,
    dom: DomState,
    symbols: SymbolTables<'a>,
    /// The copy of the context region-phase interface checks create types
    /// in (see [`RegionCheckCx::scratch_context`]).
    context: Option<Context>,
}

impl<'a> Scratch<'a> {
    fn new(rep: &Reporter<'a>) -> Self {
        Scratch {
            names: NameCache::default(),
            emitted: Vec::new(),
            dom: DomState::default(),
            symbols: SymbolTables::new(rep.ctx, rep.ir, rep.registry),
            context: None,
        }
    }
}

#[cfg(test)]
mod tests;

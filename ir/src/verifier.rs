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
//! an op skips its region checks, as in MLIR. Dominance runs last over the
//! whole tree (see [`dominance`]), in SSACFG regions only and not for ops
//! directly in unreachable blocks: regions of registered ops marked
//! [`OpTraits::GRAPH_REGIONS`] and regions of unregistered ops are treated
//! as graph regions, as `mlir-opt` treats them. The walk keeps its own
//! stack, so nesting depth never grows the call stack.
//!
//! Verification of ops isolated from above is independent of the rest of
//! the tree (no value crosses their boundary), which is what lets a driver
//! hand each such op to a different thread; see `docs/ir.md`.

use crate::context::Context;
use crate::diagnostics::{DiagLoc, Diagnostic, SourceManager};
use crate::graph::{BlockId, Ir, LocKind, Location, OpId, RegionId, Value, ValueDef};
use crate::printer::ops::print_op_generic;
use crate::registry::{OpTraits, RegionCheckCx, Registry, VerifyError, VerifyFn};
pub use crate::symbols::{lookup_symbol, symbol_name};
use crate::symbols::{verify_symbol_table, SymbolTables};
use rustc_hash::FxHashMap;

mod dialect_attrs;
mod dominance;
use dominance::{verify_dominance, DomState};

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
        if self.op_display.note {
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
    };
    match walk_unit(rep, unit, scratch, &mut r.children, &mut r.deferred) {
        Err(e) => r.error = Some(Box::new(e)),
        Ok(()) => {
            r.dominance = verify_dominance(rep, unit, nested, scratch)
                .err()
                .map(Box::new)
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
            if let Err(e) = verify_region_invariants(rep, d.op, scratch) {
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
    scratch: &mut Scratch<'_>,
    units: &mut Vec<(OpId, u64)>,
    deferred: &mut Vec<Deferred>,
) -> Result<(), (Diagnostic, u64)> {
    const NOT_LEFT: u64 = u64::MAX;
    let (ctx, ir, registry) = (rep.ctx, rep.ir, rep.registry);
    let base = units.len();
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
                        continue;
                    }
                    let emitted = &mut scratch.emitted;
                    verify_op(rep, op, &mut scratch.names, &mut |d| {
                        emitted.push((d, step))
                    })
                    .map_err(|d| (d, step))?;
                    stack.push(Visit::LeaveOp(op, units.len()));
                    for &r in ir.regions(op).iter().rev() {
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
                    let name = ir.op_name(op);
                    if scratch.names.get(ctx, registry, name) & NAME_REGION_INVARIANTS != 0 {
                        if units.len() > units_mark {
                            deferred.push(Deferred { op, step });
                        } else {
                            verify_region_invariants(rep, op, scratch)
                                .map_err(|e| (rep.op_error(op, e), step))?;
                        }
                    }
                    verify_op_exit(rep, op, &mut scratch.names).map_err(|d| (d, step))?;
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
    result
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
fn verify_region_invariants(
    rep: &Reporter<'_>,
    op: OpId,
    scratch: &mut Scratch<'_>,
) -> Result<(), VerifyError> {
    let Some(info) = rep.registry.op(rep.ir.op_name(op)) else {
        return Ok(());
    };
    if info.traits.contains(OpTraits::ISOLATED_FROM_ABOVE) {
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

/// The checks when the walk enters `op`, as MLIR's `verifyOnEntrance`:
/// operands, the registered hooks, then its regions' shape.
fn verify_op(
    rep: &Reporter<'_>,
    op: OpId,
    names: &mut NameCache,
    emit: &mut dyn FnMut(Diagnostic),
) -> Result<(), Diagnostic> {
    let (ctx, ir, registry) = (rep.ctx, rep.ir, rep.registry);
    let name = ir.op_name(op);
    let flags = names.get(ctx, registry, name);
    let info = if flags & NAME_REGISTERED != 0 {
        registry.op(name)
    } else {
        None
    };
    let on_op = |e: VerifyError| rep.op_error(op, e);
    for v in ir.operands(op) {
        if matches!(ir.value_def(v), ValueDef::Detached) {
            return Err(on_op(err("null operand found")));
        }
    }
    // The dialects' checks of their attributes come first, as in MLIR's
    // `verifyOnEntrance`.
    if registry.has_attr_verifiers() {
        dialect_attrs::verify_op_attrs(ctx, ir, registry, op).map_err(on_op)?;
    }
    let traits = info.map_or(OpTraits::default(), |i| i.traits);
    // Registered hooks, in the ODS manual's order.
    if let Some(info) = info {
        let hooks: [Option<VerifyFn>; 2] = [info.verify_invariants, info.verify_traits];
        // `SymbolOpInterface`'s verifier (among the traits) asks whether
        // the parent is a symbol table, which takes the registry.
        let symbol = traits.contains(OpTraits::SYMBOL);
        let parent_lacks_table = symbol && verify_symbol_parent(rep, op).is_err();
        let run_hooks = || hooks.into_iter().flatten().try_for_each(|f| f(ctx, ir, op));
        // (Only a symbol's hooks ask; the thread-local costs every op.)
        match symbol {
            true => crate::symbols::while_verifying_symbol(op, parent_lacks_table, run_hooks),
            false => run_hooks(),
        }
        .map_err(on_op)?;
        // Argument and result attributes, once the function-op check
        // among the traits found their arrays well formed.
        if flags & NAME_REGION_ATTRS != 0 && registry.has_attr_verifiers() {
            dialect_attrs::verify_region_attrs(ctx, ir, registry, op, info).map_err(on_op)?;
        }
        // The branch and terminator checks as the last of the traits, for
        // ops registered by hand; generated ops check both in their trait
        // order (`BranchOpInterface`'s verifier, `IsTerminator`: as
        // upstream, after the count traits and the invariants), so for them
        // these hold here.
        if let Some(split) = info.successor_operands {
            verify_successor_operands(ir, op, &split(ctx, ir, op)).map_err(on_op)?;
        }
        if traits.contains(OpTraits::TERMINATOR) {
            if let Some(b) = ir.op_block(op) {
                if ir.last_op(b) != Some(op) {
                    return Err(on_op(VerifyError::op_error(
                        "must be the last operation in the parent block",
                    )));
                }
            }
        }
        // Ops registered by hand have no interface verifier to check it.
        if parent_lacks_table {
            verify_symbol_parent(rep, op).map_err(on_op)?;
        }
        if let Some(f) = info.verify {
            f(ctx, ir, op).map_err(on_op)?;
        }
        if let Some(f) = info.verify_emit_only {
            f(ctx, ir, op).into_iter().for_each(|e| emit(on_op(e)));
        }
    }
    for (ri, &r) in ir.regions(op).iter().enumerate() {
        let blocks = ir.region_blocks(r).count();
        // `SingleBlock` for ops whose hooks do not check it themselves.
        if traits.contains(OpTraits::SINGLE_BLOCK) && blocks > 1 {
            return Err(on_op(VerifyError::op_error(format!(
                "expects region #{ri} to have 0 or 1 blocks"
            ))));
        }
        if info.is_some() && traits.contains(OpTraits::GRAPH_REGIONS) && blocks > 1 {
            return Err(on_op(VerifyError::op_error(format!(
                "expects graph region #{ri} to have 0 or 1 blocks"
            ))));
        }
        if ir
            .first_block(r)
            .is_some_and(|entry| ir.has_predecessors(entry))
        {
            return Err(rep.error_at(op, "entry block of region may not have predecessors"));
        }
    }
    Ok(())
}

/// The end of `SymbolOpInterface`'s check that needs the registry: a
/// named symbol's registered parent is a symbol table (an optional symbol
/// without a name, as an anonymous module, is no symbol). Generated
/// interface verifiers make it in their place through
/// [`crate::symbols::symbol_parent_lacks_symbol_table`].
fn verify_symbol_parent(rep: &Reporter<'_>, op: OpId) -> Result<(), VerifyError> {
    if crate::symbols::symbol_name(rep.ctx, rep.ir, op).is_none() {
        return Ok(());
    }
    let Some(parent) = rep.ir.parent_op(op) else {
        return Ok(());
    };
    match rep.registry.op(rep.ir.op_name(parent)) {
        Some(info) if !info.traits.contains(OpTraits::SYMBOL_TABLE) => Err(VerifyError::op_error(
            "symbol's parent must have the SymbolTable trait",
        )),
        _ => Ok(()),
    }
}

/// The checks when the walk leaves `op`, after everything nested in it
/// (MLIR's `verifyOnExit`; region invariants aside): an unknown op of a
/// registered dialect.
fn verify_op_exit(rep: &Reporter<'_>, op: OpId, names: &mut NameCache) -> Result<(), Diagnostic> {
    let name = rep.ir.op_name(op);
    if names.get(rep.ctx, rep.registry, name) & NAME_UNKNOWN_IN_REGISTERED_DIALECT != 0 {
        let name_str = rep.ctx.str(name);
        let dialect = name_str.split('.').next().unwrap_or_default();
        return Err(rep.op_error(op, err(format!(
            "unregistered operation '{name_str}' found in dialect ('{dialect}') that does not allow unknown operations"
        ))));
    }
    Ok(())
}

/// MLIR's `mayBeValidWithoutTerminator`: the lone block of a region whose
/// op is unregistered or `NoTerminator`.
fn may_lack_terminator(rep: &Reporter<'_>, block: BlockId) -> bool {
    let ir = rep.ir;
    let Some(region) = ir.block_region(block) else {
        return true;
    };
    if ir.region_blocks(region).nth(1).is_some() {
        return false;
    }
    ir.region_op(region).is_none_or(|op| {
        rep.registry
            .op(ir.op_name(op))
            .is_none_or(|i| i.traits.contains(OpTraits::NO_TERMINATOR))
    })
}

/// The checks when the walk enters a block, before its ops: a block that
/// needs a terminator is not empty, and only its last op has successors.
fn verify_block_entry(rep: &Reporter<'_>, block: BlockId) -> Result<(), Diagnostic> {
    let ir = rep.ir;
    if ir.first_op(block).is_none() {
        if may_lack_terminator(rep, block) {
            return Ok(());
        }
        // MLIR reports this at the region's location, its op's.
        return match ir.block_parent_op(block) {
            Some(parent) => Err(rep.error_at(parent, "empty block: expect at least a terminator")),
            None => Ok(()),
        };
    }
    let last = ir.last_op(block);
    for op in ir.block_ops(block) {
        if ir.num_successors(op) > 0 && Some(op) != last {
            return Err(rep.op_error(
                op,
                err("operation with block successors must terminate its parent block"),
            ));
        }
    }
    Ok(())
}

/// The checks when the walk leaves a block, after its ops: its branches
/// stay in its region, and it ends with an op that may be a terminator
/// (any unregistered op may) unless it may lack one.
fn verify_block_exit(rep: &Reporter<'_>, block: BlockId) -> Result<(), Diagnostic> {
    let ir = rep.ir;
    let Some(last) = ir.last_op(block) else {
        return Ok(());
    };
    let region = ir.block_region(block);
    if ir.successors(last).any(|s| ir.block_region(s) != region) {
        return Err(rep.op_error(
            last,
            VerifyError::op_error("branching to block of a different region"),
        ));
    }
    if may_lack_terminator(rep, block) {
        return Ok(());
    }
    if let Some(info) = rep.registry.op(ir.op_name(last)) {
        if !info.traits.contains(OpTraits::TERMINATOR) {
            let e = err(format!(
                "block with no terminator, has {}",
                rep.op_text(last)
            ));
            return Err(rep.op_error(last, e));
        }
    }
    Ok(())
}

/// The operands a branch passes to each successor match its block
/// arguments in number (produced ones counted) and the forwarded ones in
/// type (MLIR's `BranchOpInterface` check). Generated branch ops call it
/// from their interface's verifier, the core for ops registered by hand.
pub fn verify_successor_operands(
    ir: &Ir,
    op: OpId,
    edges: &[crate::registry::SuccessorOperandRange],
) -> Result<(), VerifyError> {
    for (succ, edge) in edges.iter().enumerate().take(ir.num_successors(op)) {
        let dest = ir.successor(op, succ);
        let n_args = ir.num_arguments(dest);
        let count = edge.produced + edge.forwarded.len();
        if count != n_args || edge.forwarded.end > ir.num_operands(op) {
            return Err(VerifyError::new(format!(
                "branch has {count} operands for successor #{succ}, but target block has {n_args}"
            )));
        }
        for (i, o) in edge.forwarded.clone().enumerate() {
            let i = i + edge.produced;
            let have = ir.value_type(ir.operand(op, o));
            let want = ir.value_type(ir.argument(dest, i));
            if have != want {
                return Err(VerifyError::new(format!(
                    "type mismatch for bb argument #{i} of successor #{succ}"
                )));
            }
        }
    }
    Ok(())
}

/// No op inside `op` may use a value defined outside it (MLIR's
/// `IsolatedFromAbove` check, in its order: the regions still to check on
/// a stack, each region's ops in order; the ops inside a nested isolated
/// op are left to that op's own check).
fn verify_isolated(rep: &Reporter<'_>, op: OpId, names: &mut NameCache) -> Result<(), VerifyError> {
    let ir = rep.ir;
    let mut pending: Vec<RegionId> = ir.regions(op).to_vec();
    while let Some(r) = pending.pop() {
        for b in ir.region_blocks(r) {
            for inner in ir.block_ops(b) {
                for v in ir.operands(inner) {
                    if !defined_inside(ir, v, b, op) {
                        let e = VerifyError::op_error("using value defined outside the region")
                            .on(inner)
                            .with_note(
                                Some(ir.op_loc(op)),
                                "required by region isolation constraints",
                            );
                        return Err(e);
                    }
                }
                let regions = ir.regions(inner);
                if !regions.is_empty()
                    && names.get(rep.ctx, rep.registry, ir.op_name(inner)) & NAME_ISOLATED == 0
                {
                    pending.extend_from_slice(regions);
                }
            }
        }
    }
    Ok(())
}

/// Is `v`, used in `block` (inside `op`), defined inside `op`? Most values
/// are defined in the block that uses them, which is inside.
fn defined_inside(ir: &Ir, v: Value, block: BlockId, op: OpId) -> bool {
    let def_block = match ir.value_def(v) {
        ValueDef::Result { op: d, .. } => ir.op_block(d),
        ValueDef::Argument { block, .. } => Some(block),
        ValueDef::Detached => None,
    };
    match def_block {
        Some(b) if b == block => true,
        Some(b) => ir.block_parent_op(b).is_some_and(|p| ir.is_ancestor(op, p)),
        None => false,
    }
}

#[cfg(test)]
mod tests;

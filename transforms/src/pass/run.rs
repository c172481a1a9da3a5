//! Running a pipeline's steps: each pass with the instruments around it
//! (IR dumps, timers, analyses kept or dropped), nested pipelines on the
//! ops inside, and the dynamic pipelines a pass runs itself
//! ([`NestedPipelines`]).

use ir::registry::VerifyError;
use ir::verifier::{OpDisplay, Reporter};
use ir::{Context, Diagnostic, Ir, OpId, Registry, SourceManager};

use super::pipeline::collection_name;
use super::{instrument, parallel, print_ir, Instruments, PassCx, PassInstance, Pipeline, Step};

/// What a running pass runs pipelines through, on ops nested in its own
/// (MLIR's dynamic pipelines, `Pass::runPipeline`): each pass of them is
/// watched by the pass manager's [`Instruments`] (IR dumps, timing) as
/// the pass manager's own passes are, and its timer sits at the top of
/// the timing report under `'anchor' Pipeline`, as `mlir-opt` shows a
/// dynamic pipeline run by a pass.
pub struct NestedPipelines<'a> {
    /// The op the pass runs on.
    op: OpId,
    instruments: &'a mut Instruments,
    /// The errors its pipelines' passes reported (written to the log
    /// already): the pass handing them back as its own failure does not
    /// write them again.
    logged: Vec<Diagnostic>,
}

impl<'a> NestedPipelines<'a> {
    /// Pipelines run for a pass running on `op`, watched by `instruments`
    /// (`Instruments::default()`: unwatched).
    pub fn new(op: OpId, instruments: &'a mut Instruments) -> Self {
        NestedPipelines {
            op,
            instruments,
            logged: Vec::new(),
        }
    }

    /// Runs `pipeline` on `target`, which must be the pass's op or inside
    /// it, and its anchor `target`'s name (or `any`). The IR is not
    /// verified between its passes: the pass manager verifies after the
    /// pass that runs it.
    pub fn run_pipeline(
        &mut self,
        cx: &mut PassCx<'_>,
        pipeline: &mut Pipeline,
        target: OpId,
    ) -> Result<(), Vec<Diagnostic>> {
        if !cx.ir.is_ancestor(self.op, target) {
            let err = VerifyError::op_error(
                "Trying to schedule a dynamic pipeline on an operation that isn't nested under the current operation the pass is processing",
            );
            return Err(vec![cx.op_error(self.op, target, err)]);
        }
        let name = cx.ctx.str(cx.ir.op_name(target)).to_string();
        if pipeline.anchor != "any" && pipeline.anchor != name {
            let reporter = reporter(cx.ctx, cx.ir, cx.registry, cx.report, self.op);
            return Err(vec![reporter.error_at(
                target,
                format!(
                    "can't run '{}' pass manager on '{name}' op",
                    pipeline.anchor
                ),
            )]);
        }
        let inst = &mut *self.instruments;
        if let Some(t) = &mut inst.timing {
            // The pass is no pipeline collection, so mlir-opt's timing
            // finds no parent timer for the pipeline and puts it at the
            // top, one timer per anchor.
            let label = format!("'{}' Pipeline", pipeline.anchor);
            t.start_at_top(instrument::name_key(&label), || label.clone());
        }
        // The pass may hold handles of ops inside `target`: nested
        // pipelines run in place there.
        let was_dynamic = std::mem::replace(&mut inst.in_dynamic, true);
        let result = run_steps(cx, target, pipeline, inst);
        inst.in_dynamic = was_dynamic;
        if let Err(errors) = &result {
            self.logged.extend(errors.iter().cloned());
        }
        if let Some(t) = &mut inst.timing {
            t.stop();
        }
        result
    }

    /// Writes `text` to the tool's stderr in order with the instruments'
    /// IR dumps (what a pass of `mlir-opt` writes to `llvm::errs()`).
    pub fn write_stderr(&mut self, text: &str) {
        self.instruments.log.text(text.as_bytes());
    }
}

/// How a pipeline reports a pass's error: the source text (for places)
/// and how the op it is about is shown (the driver's flags).
#[derive(Clone, Copy, Debug, Default)]
pub struct ReportSettings<'a> {
    /// The parsed text, to turn locations into places with a caret.
    pub sources: Option<&'a SourceManager>,
    /// The `see current operation` note and its locations.
    pub op_display: OpDisplay,
}

pub(super) fn reporter<'a>(
    ctx: &'a Context,
    ir: &'a Ir,
    registry: &'a Registry,
    report: ReportSettings<'a>,
    root: OpId,
) -> Reporter<'a> {
    Reporter {
        ctx,
        ir,
        registry,
        sources: report.sources,
        root,
        op_display: report.op_display,
    }
}

pub(super) fn run_step(
    cx: &mut PassCx<'_>,
    op: OpId,
    step: &mut Step,
    inst: &mut Instruments,
) -> Result<(), Vec<Diagnostic>> {
    match step {
        Step::Run(instance) => run_pass(cx, op, instance, inst),
        Step::Nest(pipelines) => {
            let ir = &*cx.ir;
            let mut targets: Vec<(OpId, usize)> = Vec::new();
            for &r in ir.regions(op) {
                for b in ir.region_blocks(r) {
                    for o in ir.block_ops(b) {
                        let name = cx.ctx.str(ir.op_name(o));
                        let found = pipelines
                            .iter()
                            .position(|p| p.anchor == name)
                            .or_else(|| pipelines.iter().position(|p| p.anchor == "any"));
                        if let Some(i) = found {
                            targets.push((o, i));
                        }
                    }
                }
            }
            // As mlir-opt: the collection's timer, hidden when it holds one
            // pipeline; each pipeline's runs on other threads when several
            // ops are there to share out.
            let asynchronous = inst.threaded && targets.len() > 1;
            if let Some(result) = parallel::run_units(cx, pipelines, &targets, inst) {
                let ir = &*cx.ir;
                inst.analyses.retain(|&(o, _)| !ir.is_ancestor(op, o));
                return result;
            }
            if let Some(t) = &mut inst.timing {
                let key = pipelines.as_ptr() as usize;
                t.start(key, || collection_name(pipelines), false);
                if pipelines.len() <= 1 {
                    t.hide_current();
                }
            }
            // mlir-opt holds back the diagnostics of ops it runs on in
            // parallel and emits them, in op order, once all are done.
            let log_mark = inst.log.mark();
            let mut result = Ok(());
            for (target, i) in targets {
                let pipeline = &mut pipelines[i];
                if let Some(t) = &mut inst.timing {
                    let key = pipeline as *const Pipeline as usize;
                    let anchor = &pipeline.anchor;
                    t.start(key, || format!("'{anchor}' Pipeline"), asynchronous);
                }
                let r = run_steps(cx, target, pipeline, inst);
                if let Some(t) = &mut inst.timing {
                    t.stop();
                }
                // As MLIR's adaptor: a failure on one op does not stop the
                // others; every op's errors are reported, in op order.
                if let Err(mut errors) = r {
                    match &mut result {
                        Ok(()) => result = Err(errors),
                        Err(all) => all.append(&mut errors),
                    }
                }
            }
            if let Some(t) = &mut inst.timing {
                t.stop();
            }
            if asynchronous {
                inst.log.defer_diagnostics(log_mark);
            }
            // The collection is a pass of its own that preserves nothing:
            // every analysis in `op` is gone.
            let ir = &*cx.ir;
            inst.analyses.retain(|&(o, _)| !ir.is_ancestor(op, o));
            result
        }
    }
}

/// Runs `pipeline`'s steps on `target` until one fails.
pub(super) fn run_steps(
    cx: &mut PassCx<'_>,
    target: OpId,
    pipeline: &mut Pipeline,
    inst: &mut Instruments,
) -> Result<(), Vec<Diagnostic>> {
    for step in &mut pipeline.steps {
        run_step(cx, target, step, inst)?;
    }
    Ok(())
}

/// Runs one pass on `op` with the instruments around it (MLIR's
/// `runBeforePass` / `runAfterPass` / `runAfterPassFailed`).
fn run_pass(
    cx: &mut PassCx<'_>,
    op: OpId,
    instance: &mut PassInstance,
    inst: &mut Instruments,
) -> Result<(), Vec<Diagnostic>> {
    let argument = instance.pass.argument().unwrap_or(instance.name);
    let title = format!("{} ({argument})", instance.display_name());
    let mut fingerprint = None;
    if let Some(config) = &inst.print_ir {
        if config.after_change && config.prints_after(instance.name) {
            fingerprint = Some(dump_cx(cx).fingerprint(op));
        }
        if config.prints_before(instance.name) {
            dump_ir(cx, inst, format!("Before {title}"), op, argument);
        }
    }
    if let Some(t) = &mut inst.timing {
        let key = instance as *const PassInstance as usize;
        let name = instance.display_name();
        t.start(key, || name.to_string(), false);
        for &analysis in instance.pass.analyses() {
            if !inst.analyses.contains(&(op, analysis)) {
                let label = format!("(A) {analysis}");
                t.start(instrument::name_key(&label), || label.clone(), false);
                t.stop();
            }
        }
    }
    let mut nested = NestedPipelines::new(op, inst);
    let result = instance.pass.run_with_pipelines(cx, op, &mut nested);
    let mut logged = std::mem::take(&mut nested.logged);
    if let Some(t) = &mut inst.timing {
        t.stop();
    }
    // What the pass reported, in the order it came (as `mlir-opt` emits
    // it while the pass runs): what it reported without failing, then
    // its errors, but for those its nested pipelines' passes wrote.
    for d in instance.pass.take_reported() {
        inst.log.diagnostic(d);
    }
    if let Err(errors) = &result {
        for d in errors {
            match logged.iter().position(|l| l == d) {
                Some(i) => {
                    logged.swap_remove(i);
                }
                None => inst.log.diagnostic(d.clone()),
            }
        }
    }
    // What the pass asked for is known after it; what it does not
    // preserve is gone, on its op and the ops inside.
    let ir = &*cx.ir;
    let preserved = instance.pass.preserved_analyses();
    inst.analyses
        .retain(|&(o, a)| preserved.contains(&a) || !ir.is_ancestor(op, o));
    for &analysis in instance.pass.analyses() {
        if preserved.contains(&analysis) && !inst.analyses.contains(&(op, analysis)) {
            inst.analyses.push((op, analysis));
        }
    }
    if let Some(config) = &inst.print_ir {
        let header = match &result {
            Err(_) if config.prints_after(instance.name) => Some(format!(
                "After {} Failed ({argument})",
                instance.display_name()
            )),
            Ok(()) if config.prints_after(instance.name) && !config.after_failure => {
                let changed = fingerprint.is_none_or(|f| f != dump_cx(cx).fingerprint(op));
                changed.then(|| format!("After {title}"))
            }
            _ => None,
        };
        if let Some(header) = header {
            dump_ir(cx, inst, header, op, argument);
        }
    }
    result
}

/// What an IR dump of the pass's IR prints with.
fn dump_cx<'a>(cx: &'a PassCx<'_>) -> print_ir::DumpCx<'a> {
    print_ir::DumpCx {
        ctx: cx.ctx,
        ir: cx.ir,
        registry: cx.registry,
        sources: cx.report.sources,
    }
}

/// Writes the IR dump of `op` under `header` where the instruments'
/// `--mlir-print-ir-*` configuration sends it (nothing without one).
fn dump_ir(cx: &PassCx<'_>, inst: &mut Instruments, header: String, op: OpId, argument: &str) {
    if let Some(config) = &inst.print_ir {
        dump_cx(cx).emit(
            config,
            &mut inst.log,
            &mut inst.tree_counters,
            header,
            op,
            argument,
        );
    }
}

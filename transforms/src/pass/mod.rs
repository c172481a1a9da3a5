//! The pass manager: passes registered by name from any crate (MLIR's
//! `PassRegistration`), with options read as `mlir-opt` reads them, and
//! pipelines of them: the pass flags of a command line (`--cse
//! --canonicalize`, run in the order given) and `mlir-opt`'s textual
//! pipelines (`builtin.module(func.func(cse), symbol-dce)`), parsed as
//! MLIR's `TextualPipeline` parses them, with its error messages.
//!
//! In: a [`PassRegistry`] and pass names, or a pipeline string. Out: a
//! [`Pipeline`] (an anchor op name and the steps to run on it: passes, and
//! nested pipelines run on the ops of a name directly inside), which
//! [`Pipeline::run`] applies to a module.
//!
//! [`Pipeline::run_instrumented`] runs it watched by [`Instruments`], as
//! `mlir-opt`'s pass instrumentation: IR dumps before and after passes
//! ([`PrintIr`]), an execution time report ([`Timing`]), and
//! [`Pipeline::statistics_report`] the passes' [`Statistic`]s. A pass
//! shows in them under [`Pass::display_name`] (upstream's class name,
//! `CSE`), the analyses it asks for ([`Pass::analyses`]) as `(A)` timers.
//!
//! A pass of a user's crate:
//!
//! ```
//! use ods_transforms::pass::{OptionKind, Pass, PassCx, PassInfo, PassOption, PassRegistry};
//! use ir::{Diagnostic, OpId};
//!
//! struct CountOps { verbose: bool }
//!
//! impl Pass for CountOps {
//!     fn run(&mut self, cx: &mut PassCx<'_>, op: OpId) -> Result<(), Vec<Diagnostic>> {
//!         let _ = (cx, op, self.verbose);
//!         Ok(())
//!     }
//! }
//!
//! let mut passes = PassRegistry::with_standard_passes();
//! passes.register(PassInfo {
//!     name: "count-ops",
//!     summary: "Count the ops",
//!     options: &[PassOption { name: "verbose", kind: OptionKind::Bool, summary: "Say more" }],
//!     create: |options| Box::new(CountOps { verbose: options.bool("verbose", false) }),
//! });
//! assert!(passes.create("count-ops", "verbose=1").unwrap().is_ok());
//! ```

mod instrument;
mod options;
mod parallel;
mod print_ir;
mod standard;
mod text;

pub use instrument::{Display, Instruments, Statistic, Timing};
pub use options::{OptionKind, OptionValue, OptionValues, PassOption};
pub use print_ir::{Log, LogEntry, PrintIr};

use ir::registry::VerifyError;
use ir::verifier::{OpDisplay, Reporter};
use ir::{Context, Diagnostic, Ir, OpId, Registry, SourceManager};

/// A pass: what a pipeline runs on the ops it is anchored on (MLIR's
/// `Pass::runOnOperation`). `Send`: a nested pipeline runs one instance
/// per worker thread (see `parallel.rs`).
pub trait Pass: Send {
    /// Runs on `op`. An error is the diagnostics to report; the pipeline
    /// stops there.
    fn run(&mut self, cx: &mut PassCx<'_>, op: OpId) -> Result<(), Vec<Diagnostic>>;

    /// Runs on `op`, with `nested` to run pipelines on the ops inside it
    /// (MLIR's `Pass::runPipeline`): the pass manager calls this, so the
    /// passes of those pipelines are watched by its instruments as its
    /// own are. The default is [`Pass::run`]; a pass that runs pipelines
    /// overrides it (its `run` then calls it with a
    /// [`NestedPipelines::new`] over no instruments).
    fn run_with_pipelines(
        &mut self,
        cx: &mut PassCx<'_>,
        op: OpId,
        nested: &mut NestedPipelines<'_>,
    ) -> Result<(), Vec<Diagnostic>> {
        let _ = nested;
        self.run(cx, op)
    }

    /// The op the pass runs on, when it is restricted to one (upstream's
    /// `OperationPass<func::FuncOp>`, `Pass<"name", "ModuleOp">` in a
    /// `Passes.td`): a textual pipeline adds it only to a pipeline anchored
    /// on that op (or `any`), else refuses with `mlir-opt`'s "Can't add
    /// pass ... did you intend to nest?". `None`, the default: any op.
    fn anchor(&self) -> Option<&'static str> {
        None
    }

    /// The name IR dumps, the timing report and the statistics show
    /// (upstream's pass class name, `CSE`); `None`: the registered name.
    fn display_name(&self) -> Option<&'static str> {
        None
    }

    /// The argument IR dumps show in parentheses after
    /// [`Pass::display_name`] (upstream's `getArgument`); `None`: the
    /// registered name. A pass upstream registers with no argument
    /// returns `Some("")`.
    fn argument(&self) -> Option<&'static str> {
        None
    }

    /// The statistics the pass kept over its runs so far (upstream's
    /// `Pass::Statistic`s), in declaration order.
    fn statistics(&self) -> Vec<Statistic> {
        Vec::new()
    }

    /// The analyses the pass asks for on its op (shown as `(A) name` in
    /// the timing report when they are computed), such as
    /// `DominanceInfo`.
    fn analyses(&self) -> &'static [&'static str] {
        &[]
    }

    /// The analyses still valid after the pass (all others are
    /// recomputed by the next pass asking for them).
    fn preserved_analyses(&self) -> &'static [&'static str] {
        &[]
    }

    /// The errors the last run reported without failing, taken (MLIR's
    /// `emitError` in a pass that does not `signalPassFailure`:
    /// `mlir-opt` prints them and goes on). The pipeline writes them to
    /// its log, which the tool prints to stderr.
    fn take_reported(&mut self) -> Vec<Diagnostic> {
        Vec::new()
    }
}

/// What a pass runs with: the IR, its registry, and how errors are shown.
pub struct PassCx<'a> {
    pub ctx: &'a mut Context,
    pub registry: &'a Registry,
    pub ir: &'a mut Ir,
    pub report: ReportSettings<'a>,
}

impl PassCx<'_> {
    /// An error on op `at` (with the op note the driver's flags ask for),
    /// from a pass run on `root`.
    pub fn op_error(&self, root: OpId, at: OpId, err: VerifyError) -> Diagnostic {
        reporter(self.ctx, self.ir, self.registry, self.report, root).op_error(at, err)
    }
}

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
        if !is_inside(cx.ir, target, self.op) {
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

/// A registered pass: its name (the flag without dashes, and the name in
/// a pipeline), `--help` text, options, and how to make one.
#[derive(Clone, Copy)]
pub struct PassInfo {
    pub name: &'static str,
    /// One line for `--help`.
    pub summary: &'static str,
    /// The options it takes (`name{key=value ...}`, `--name=key=value`).
    pub options: &'static [PassOption],
    /// Makes the pass from its option values (each checked against
    /// [`PassInfo::options`] before).
    pub create: CreatePass,
}

/// How a registered pass is made from its option values.
pub type CreatePass = fn(&OptionValues) -> Box<dyn Pass>;

/// The passes a tool knows, by name.
#[derive(Clone, Default)]
pub struct PassRegistry {
    /// Sorted by name, as `mlir-opt --help` lists them.
    passes: Vec<PassInfo>,
}

impl PassRegistry {
    /// No passes.
    pub fn new() -> Self {
        PassRegistry::default()
    }

    /// The generic passes of this crate: `canonicalize`, `cse`,
    /// `loop-invariant-code-motion`, `reconcile-unrealized-casts`,
    /// `symbol-dce`.
    pub fn with_standard_passes() -> Self {
        let mut registry = PassRegistry::new();
        standard::register(&mut registry);
        crate::conversion::register_passes(&mut registry);
        registry
    }

    /// Adds `info` (replacing a pass of the same name).
    pub fn register(&mut self, info: PassInfo) {
        match self.passes.binary_search_by(|p| p.name.cmp(info.name)) {
            Ok(i) => self.passes[i] = info,
            Err(i) => self.passes.insert(i, info),
        }
    }

    /// The pass called `name`.
    pub fn get(&self, name: &str) -> Option<&PassInfo> {
        self.passes
            .binary_search_by(|p| p.name.cmp(name))
            .ok()
            .map(|i| &self.passes[i])
    }

    /// Every pass, by name.
    pub fn passes(&self) -> &[PassInfo] {
        &self.passes
    }

    /// The pass called `name` with the options written `{...}` after it in
    /// a pipeline (or `--name=...` on the command line); `None` when no
    /// pass has that name.
    pub fn create(&self, name: &str, options: &str) -> Option<Result<PassInstance, PipelineError>> {
        let info = self.get(name)?;
        Some(
            OptionValues::parse(info.options, options)
                .and_then(|mut values| {
                    self.check_pipeline_options(info, &values)?;
                    values.set_pass_registry(self);
                    Ok(values)
                })
                .map(|values| PassInstance {
                    name: info.name,
                    pass: (info.create)(&values),
                    remake: Some((info.create, values)),
                    merged: Vec::new(),
                }),
        )
    }

    /// Each pipeline given to an option of kind
    /// [`OptionKind::PipelineList`] reads with these passes; else the
    /// reader's message, printed as `mlir-opt` prints it.
    fn check_pipeline_options(
        &self,
        info: &PassInfo,
        values: &OptionValues,
    ) -> Result<(), PipelineError> {
        for option in info.options {
            if !matches!(option.kind, OptionKind::PipelineList) {
                continue;
            }
            for text in values.list(option.name) {
                if let Err(e) = Pipeline::parse(text, self) {
                    return Err(PipelineError {
                        message: String::new(),
                        stderr_line: None,
                        stderr_text: Some(e.message),
                    });
                }
            }
        }
        Ok(())
    }

    /// `--help`'s lines for the passes: each flag with its summary, and
    /// its options below it, as `mlir-opt` lists them.
    pub fn help(&self) -> String {
        let mut text = String::new();
        for p in &self.passes {
            text.push_str(&format!("  --{:<30}{}\n", p.name, p.summary));
            for o in p.options {
                let flag = format!("{}{}", o.name, o.kind.help_suffix());
                text.push_str(&format!("      --{:<28}{}\n", flag, o.summary));
            }
        }
        text
    }
}

/// A pass made from its options, with the name it was registered under.
pub struct PassInstance {
    pub name: &'static str,
    pub pass: Box<dyn Pass>,
    /// How to make another instance (for each worker thread of a nested
    /// pipeline): the constructor and the option values.
    remake: Option<(CreatePass, OptionValues)>,
    /// The statistics of other instances merged in (see
    /// [`PassInstance::merge_statistics`]).
    merged: Vec<Statistic>,
}

impl PassInstance {
    /// An instance of `pass`, registered as `name`, that cannot be
    /// remade: a nested pipeline holding it runs on one thread.
    pub fn new(name: &'static str, pass: Box<dyn Pass>) -> Self {
        PassInstance {
            name,
            pass,
            remake: None,
            merged: Vec::new(),
        }
    }

    /// The pass's name in dumps and reports (its class name, else its
    /// registered name).
    pub fn display_name(&self) -> &'static str {
        self.pass.display_name().unwrap_or(self.name)
    }

    /// A new instance of the same pass with the same options and no
    /// statistics yet (`None` for one made by [`PassInstance::new`]), as
    /// `mlir-opt` clones a pass for each thread.
    pub fn remade(&self) -> Option<PassInstance> {
        let (create, values) = self.remake.as_ref()?;
        Some(PassInstance {
            name: self.name,
            pass: create(values),
            remake: Some((*create, values.clone())),
            merged: Vec::new(),
        })
    }

    /// The statistics of the runs so far: this instance's and those of
    /// the instances merged into it.
    pub fn statistics(&self) -> Vec<Statistic> {
        let mut stats = self.pass.statistics();
        for (s, m) in stats.iter_mut().zip(&self.merged) {
            s.value += m.value;
        }
        stats
    }

    /// Adds `other`'s statistics (an instance [`PassInstance::remade`]
    /// from this one) to this one's, as `mlir-opt` sums the statistics
    /// of its per-thread copies of a pass.
    pub fn merge_statistics(&mut self, other: &PassInstance) {
        let theirs = other.statistics();
        if self.merged.is_empty() {
            self.merged = theirs
                .iter()
                .map(|s| Statistic { value: 0, ..*s })
                .collect();
        }
        for (m, t) in self.merged.iter_mut().zip(&theirs) {
            m.value += t.value;
        }
    }
}

impl std::fmt::Debug for PassInstance {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name)
    }
}

/// Why a pipeline cannot be built, as `mlir-opt` reports it once the
/// input parsed: an error diagnostic with no location, and for a bad
/// option value a line the option parser prints first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PipelineError {
    /// The diagnostic's message.
    pub message: String,
    /// Printed to stderr before the diagnostic, after the tool's name and
    /// `: ` (`for the --top-down option: ...`).
    pub stderr_line: Option<String>,
    /// Printed to stderr as it is, before the diagnostic (what the
    /// pipeline reader prints for a pipeline given as an option value).
    pub stderr_text: Option<String>,
}

impl From<String> for PipelineError {
    fn from(message: String) -> Self {
        PipelineError {
            message,
            stderr_line: None,
            stderr_text: None,
        }
    }
}

/// What a pipeline runs, in order.
#[derive(Debug)]
pub enum Step {
    /// A pass on the pipeline's op.
    Run(PassInstance),
    /// Pipelines run on the ops directly inside the pipeline's op: each
    /// op in turn gets the pipeline of its name (else the `any` one), as
    /// MLIR's `OpToOpPassAdaptor` runs them. Adjacent nestings are merged
    /// into one step, as MLIR merges them: pipelines of one anchor into
    /// one, different anchors sorted by name (`any` never merges).
    Nest(Vec<Pipeline>),
}

/// Steps to run on ops named `anchor` (MLIR's `OpPassManager`).
#[derive(Debug)]
pub struct Pipeline {
    /// The op name the steps run on (`builtin.module`, `func.func`, `any`).
    pub anchor: String,
    /// What runs, in order.
    pub steps: Vec<Step>,
}

impl Pipeline {
    /// The pass flags of a command line, on the top-level module.
    pub fn from_passes(passes: Vec<PassInstance>) -> Self {
        Pipeline {
            anchor: "builtin.module".into(),
            steps: passes.into_iter().map(Step::Run).collect(),
        }
    }

    /// Merges adjacent nested pipelines as MLIR's pass manager does
    /// before it runs (`coalesceAdjacentAdaptorPasses`).
    pub fn coalesce(&mut self) {
        let mut steps: Vec<Step> = Vec::with_capacity(self.steps.len());
        for step in std::mem::take(&mut self.steps) {
            match (steps.last_mut(), step) {
                (Some(Step::Nest(into)), Step::Nest(more)) if mergeable(into, &more) => {
                    for p in more {
                        match into.iter_mut().find(|q| q.anchor == p.anchor) {
                            Some(q) => q.steps.extend(p.steps),
                            None => into.push(p),
                        }
                    }
                    into.sort_by(|a, b| a.anchor.cmp(&b.anchor));
                }
                (_, step) => steps.push(step),
            }
        }
        for step in &mut steps {
            if let Step::Nest(pipelines) = step {
                for p in pipelines {
                    p.coalesce();
                }
            }
        }
        self.steps = steps;
    }

    /// Reads `--pass-pipeline`'s value (`anchor(element, ...)`) with the
    /// passes of `passes`. The error is the text `mlir-opt` prints after
    /// `error: `.
    pub fn parse(text: &str, passes: &PassRegistry) -> Result<Self, PipelineError> {
        text::parse_pipeline(text, passes)
    }

    /// Runs the pipeline on `root`; after each step the IR is verified
    /// (`verify`), as `mlir-opt` verifies after each pass. A pass's error
    /// is reported as `report` says.
    pub fn run(
        &mut self,
        ctx: &mut Context,
        registry: &Registry,
        ir: &mut Ir,
        root: OpId,
        report: ReportSettings<'_>,
        verify: &mut dyn FnMut(&Context, &Ir) -> Vec<Diagnostic>,
    ) -> Result<(), Vec<Diagnostic>> {
        let mut instruments = Instruments::default();
        self.run_instrumented(ctx, registry, ir, root, report, verify, &mut instruments)
    }

    /// [`Pipeline::run`] watched by `instruments`: IR dumps around the
    /// passes, their times. Every diagnostic of the error is also in
    /// `instruments.log`, in `mlir-opt`'s order with the dumps (a failed
    /// pass's errors before its `Failed` dump): a tool writes the log
    /// and takes the error for its exit status only.
    #[allow(clippy::too_many_arguments)]
    pub fn run_instrumented(
        &mut self,
        ctx: &mut Context,
        registry: &Registry,
        ir: &mut Ir,
        root: OpId,
        report: ReportSettings<'_>,
        verify: &mut dyn FnMut(&Context, &Ir) -> Vec<Diagnostic>,
        instruments: &mut Instruments,
    ) -> Result<(), Vec<Diagnostic>> {
        let name = ctx.str(ir.op_name(root)).to_string();
        if self.anchor != "any" && self.anchor != name {
            let reporter = reporter(ctx, ir, registry, report, root);
            let error = reporter.error_at(
                root,
                format!("can't run '{}' pass manager on '{name}' op", self.anchor),
            );
            instruments.log.diagnostic(error.clone());
            return Err(vec![error]);
        }
        let mut cx = PassCx {
            ctx,
            registry,
            ir,
            report,
        };
        for step in &mut self.steps {
            // A pass's errors are in the log already (written by
            // `run_pass` as they came).
            run_step(&mut cx, root, step, instruments)?;
            let diags = verify(cx.ctx, cx.ir);
            if !diags.is_empty() {
                for d in &diags {
                    instruments.log.diagnostic(d.clone());
                }
                return Err(diags);
            }
        }
        Ok(())
    }

    /// A copy of the pipeline with a new instance of each pass
    /// ([`PassInstance::remade`]); `None` when a pass cannot be remade.
    pub fn remade(&self) -> Option<Pipeline> {
        let steps = self
            .steps
            .iter()
            .map(|step| match step {
                Step::Run(p) => p.remade().map(Step::Run),
                Step::Nest(pipelines) => pipelines
                    .iter()
                    .map(Pipeline::remade)
                    .collect::<Option<Vec<_>>>()
                    .map(Step::Nest),
            })
            .collect::<Option<Vec<_>>>()?;
        Some(Pipeline {
            anchor: self.anchor.clone(),
            steps,
        })
    }

    /// Adds the statistics of `other`, a [`Pipeline::remade`] copy, to
    /// this pipeline's passes.
    pub fn merge_statistics(&mut self, other: &Pipeline) {
        for (mine, theirs) in self.steps.iter_mut().zip(&other.steps) {
            match (mine, theirs) {
                (Step::Run(a), Step::Run(b)) => a.merge_statistics(b),
                (Step::Nest(a), Step::Nest(b)) => {
                    for (p, q) in a.iter_mut().zip(b) {
                        p.merge_statistics(q);
                    }
                }
                _ => {}
            }
        }
    }

    /// The statistics report of the passes' runs so far minus `before`
    /// (what [`Pipeline::statistics`] gave before a run), as
    /// `--mlir-pass-statistics` prints it.
    pub fn statistics_report(&self, before: &PipelineStatistics, display: Display) -> String {
        let mut entries = self.stat_entries();
        subtract(&mut entries, &before.0);
        instrument::statistics_report(&entries, display)
    }

    /// The passes' statistics now (to subtract from a later report).
    pub fn statistics(&self) -> PipelineStatistics {
        PipelineStatistics(self.stat_entries())
    }

    fn stat_entries(&self) -> Vec<instrument::StatEntry> {
        self.steps
            .iter()
            .map(|step| match step {
                Step::Run(p) => instrument::StatEntry::Pass {
                    name: p.display_name().to_string(),
                    stats: p.statistics(),
                },
                Step::Nest(pipelines) => instrument::StatEntry::Collection {
                    name: collection_name(pipelines),
                    pipelines: pipelines
                        .iter()
                        .map(|p| (p.anchor.clone(), p.stat_entries()))
                        .collect(),
                },
            })
            .collect()
    }
}

/// A snapshot of a pipeline's statistics (see [`Pipeline::statistics`]).
#[derive(Clone, Debug, Default)]
pub struct PipelineStatistics(Vec<instrument::StatEntry>);

fn subtract(entries: &mut [instrument::StatEntry], before: &[instrument::StatEntry]) {
    use instrument::StatEntry;
    for (e, b) in entries.iter_mut().zip(before) {
        match (e, b) {
            (StatEntry::Pass { stats, .. }, StatEntry::Pass { stats: old, .. }) => {
                for (s, o) in stats.iter_mut().zip(old) {
                    s.value = s.value.saturating_sub(o.value);
                }
            }
            (
                StatEntry::Collection { pipelines, .. },
                StatEntry::Collection { pipelines: old, .. },
            ) => {
                for ((_, inner), (_, old)) in pipelines.iter_mut().zip(old) {
                    subtract(inner, old);
                }
            }
            _ => {}
        }
    }
}

/// Whether two adjacent nestings merge (MLIR's `tryMergeInto`): an `any`
/// pipeline could run on any op, so it merges with nothing.
fn mergeable(a: &[Pipeline], b: &[Pipeline]) -> bool {
    !a.iter().chain(b).any(|p| p.anchor == "any")
}

/// The name MLIR gives a pipeline collection (its timer, its statistics
/// entry): `Pipeline Collection : ['builtin.module', 'func.func']`.
fn collection_name(pipelines: &[Pipeline]) -> String {
    let names: Vec<String> = pipelines
        .iter()
        .map(|p| format!("'{}'", p.anchor))
        .collect();
    format!("Pipeline Collection : [{}]", names.join(", "))
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

fn reporter<'a>(
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

fn run_step(
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
                inst.analyses.retain(|&(o, _)| !is_inside(ir, o, op));
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
            inst.analyses.retain(|&(o, _)| !is_inside(ir, o, op));
            result
        }
    }
}

/// Runs `pipeline`'s steps on `target` until one fails.
fn run_steps(
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
        let dump = print_ir::DumpCx {
            ctx: cx.ctx,
            ir: cx.ir,
            registry: cx.registry,
            sources: cx.report.sources,
        };
        if config.after_change && config.prints_after(instance.name) {
            fingerprint = Some(dump.fingerprint(op));
        }
        if config.prints_before(instance.name) {
            let header = format!("Before {title}");
            dump.emit(
                config,
                &mut inst.log,
                &mut inst.tree_counters,
                header,
                op,
                argument,
            );
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
        .retain(|&(o, a)| preserved.contains(&a) || !is_inside(ir, o, op));
    for &analysis in instance.pass.analyses() {
        if preserved.contains(&analysis) && !inst.analyses.contains(&(op, analysis)) {
            inst.analyses.push((op, analysis));
        }
    }
    if let Some(config) = &inst.print_ir {
        let dump = print_ir::DumpCx {
            ctx: cx.ctx,
            ir: cx.ir,
            registry: cx.registry,
            sources: cx.report.sources,
        };
        let header = match &result {
            Err(_) if config.prints_after(instance.name) => Some(format!(
                "After {} Failed ({argument})",
                instance.display_name()
            )),
            Ok(()) if config.prints_after(instance.name) && !config.after_failure => {
                let changed = fingerprint.is_none_or(|f| f != dump.fingerprint(op));
                changed.then(|| format!("After {title}"))
            }
            _ => None,
        };
        if let Some(header) = header {
            dump.emit(
                config,
                &mut inst.log,
                &mut inst.tree_counters,
                header,
                op,
                argument,
            );
        }
    }
    result
}

/// Whether `op` is `ancestor` or nested in it.
fn is_inside(ir: &Ir, mut op: OpId, ancestor: OpId) -> bool {
    loop {
        if op == ancestor {
            return true;
        }
        match ir.parent_op(op) {
            Some(p) => op = p,
            None => return false,
        }
    }
}

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
mod pipeline;
mod print_ir;
mod registry;
mod run;
mod standard;
mod text;

pub use instrument::{Display, Instruments, Statistic, Timing};
pub use options::{OptionKind, OptionValue, OptionValues, PassOption};
pub use pipeline::{Pipeline, PipelineStatistics, Step};
pub use print_ir::{Log, LogEntry, PrintIr};
pub use registry::{CreatePass, PassInfo, PassInstance, PassRegistry, PipelineError};
pub use run::{NestedPipelines, ReportSettings};

use ir::registry::VerifyError;
use ir::verifier::Reporter;
use ir::{Context, Diagnostic, Ir, OpId, Registry};
use run::reporter;

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
    /// What reports errors from a pass run on `root`: at ops (with the op
    /// note the driver's flags ask for) and at locations, values numbered
    /// from `root`.
    pub fn reporter(&self, root: OpId) -> Reporter<'_> {
        reporter(self.ctx, self.ir, self.registry, self.report, root)
    }

    /// An error on op `at` (with the op note the driver's flags ask for),
    /// from a pass run on `root`.
    pub fn op_error(&self, root: OpId, at: OpId, err: VerifyError) -> Diagnostic {
        self.reporter(root).op_error(at, err)
    }
}

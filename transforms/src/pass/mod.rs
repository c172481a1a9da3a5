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

mod options;
mod standard;
mod text;

pub use options::{OptionKind, OptionValue, OptionValues, PassOption};

use ir::registry::VerifyError;
use ir::verifier::{OpDisplay, Reporter};
use ir::{Context, Diagnostic, Ir, OpId, Registry, SourceManager};

/// A pass: what a pipeline runs on the ops it is anchored on (MLIR's
/// `Pass::runOnOperation`).
pub trait Pass {
    /// Runs on `op`. An error is the diagnostics to report; the pipeline
    /// stops there.
    fn run(&mut self, cx: &mut PassCx<'_>, op: OpId) -> Result<(), Vec<Diagnostic>>;
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
    pub create: fn(&OptionValues) -> Box<dyn Pass>,
}

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
    /// `loop-invariant-code-motion`, `symbol-dce`.
    pub fn with_standard_passes() -> Self {
        let mut registry = PassRegistry::new();
        standard::register(&mut registry);
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
            OptionValues::parse(info.options, options).map(|values| PassInstance {
                name: info.name,
                pass: (info.create)(&values),
            }),
        )
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
}

impl From<String> for PipelineError {
    fn from(message: String) -> Self {
        PipelineError {
            message,
            stderr_line: None,
        }
    }
}

/// What a pipeline runs, in order.
#[derive(Debug)]
pub enum Step {
    /// A pass on the pipeline's op.
    Run(PassInstance),
    /// A pipeline on each op named `anchor` (`any`: every op) directly
    /// inside the pipeline's op.
    Nest(Pipeline),
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
        let name = ctx.str(ir.op_name(root)).to_string();
        if self.anchor != "any" && self.anchor != name {
            let reporter = reporter(ctx, ir, registry, report, root);
            return Err(vec![reporter.error_at(
                root,
                format!("can't run '{}' pass manager on '{name}' op", self.anchor),
            )]);
        }
        let mut cx = PassCx {
            ctx,
            registry,
            ir,
            report,
        };
        for step in &mut self.steps {
            run_step(&mut cx, root, step)?;
            let diags = verify(cx.ctx, cx.ir);
            if !diags.is_empty() {
                return Err(diags);
            }
        }
        Ok(())
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

fn run_step(cx: &mut PassCx<'_>, op: OpId, step: &mut Step) -> Result<(), Vec<Diagnostic>> {
    match step {
        Step::Run(instance) => instance.pass.run(cx, op),
        Step::Nest(nested) => {
            let anchor = cx.ctx.ident(&nested.anchor);
            let ir = &*cx.ir;
            let targets: Vec<OpId> = ir
                .regions(op)
                .iter()
                .flat_map(|&r| ir.region_blocks(r))
                .flat_map(|b| ir.block_ops(b))
                .filter(|&o| nested.anchor == "any" || ir.op_name(o) == anchor)
                .collect();
            for target in targets {
                for step in &mut nested.steps {
                    run_step(cx, target, step)?;
                }
            }
            Ok(())
        }
    }
}

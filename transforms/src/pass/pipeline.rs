//! Pipelines ([`Pipeline`]: an anchor op name and its steps), how adjacent
//! nestings merge as MLIR's pass manager merges them, running one on a
//! module, and the statistics of its passes.

use ir::{Context, Diagnostic, Ir, OpId, Registry};

use super::run::{reporter, run_step, ReportSettings};
use super::{
    instrument, text, Display, Instruments, PassCx, PassInstance, PassRegistry, PipelineError,
};

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
pub(super) fn collection_name(pipelines: &[Pipeline]) -> String {
    let names: Vec<String> = pipelines
        .iter()
        .map(|p| format!("'{}'", p.anchor))
        .collect();
    format!("Pipeline Collection : [{}]", names.join(", "))
}

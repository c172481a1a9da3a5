//! The `--inline` pass (MLIR's `InlinerPass`): the inliner over the
//! module, with `default-pipeline` (the pipeline run on callables that
//! `op-pipelines` does not name; `canonicalize` unless given, none when
//! given empty), `op-pipelines` (`func.func(cse),...`), `max-iterations`
//! and `inlining-threshold`.

use super::driver::{inline_calls, InlinerConfig};
use super::inline::InlineCx;
use crate::pass::{
    Instruments, NestedPipelines, OptionKind, OptionValues, Pass, PassCx, PassInfo, PassOption,
    PassRegistry, Pipeline,
};
use ir::registry::VerifyError;
use ir::{Context, Diagnostic, Ir, OpId};
use std::collections::HashMap;

/// The pass as registered with the standard passes.
pub const INLINE_PASS: PassInfo = PassInfo {
    name: "inline",
    summary: "Inline function calls",
    options: INLINE_OPTIONS,
    create,
};

const INLINE_OPTIONS: &[PassOption] = &[
    PassOption {
        name: "default-pipeline",
        kind: OptionKind::String,
        summary: "The optimizer pipeline used for callables that do not have a dedicated optimizer pipeline in opPipelineList",
    },
    PassOption {
        name: "inlining-threshold",
        kind: OptionKind::Unsigned,
        summary: "If the ratio between the number of the operations in the callee and the number of the operations in the caller exceeds this value (in percentage), then the callee is not inlined even if it is legal to inline it",
    },
    PassOption {
        name: "max-iterations",
        kind: OptionKind::Unsigned,
        summary: "Maximum number of iterations when inlining within an SCC",
    },
    PassOption {
        name: "op-pipelines",
        kind: OptionKind::PipelineList,
        summary: "Callable operation specific optimizer pipelines (in the form of `dialect.op(pipeline)`)",
    },
];

/// The pass with its options read.
struct Inline {
    /// `None`: no pipeline for callables `op_pipelines` does not name.
    default_pipeline: Option<String>,
    /// Pipelines by the op name they are anchored on (the first of a name
    /// wins, as upstream's `try_emplace`).
    op_pipelines: Vec<Pipeline>,
    max_iterations: u32,
    threshold: u32,
    /// The passes pipelines are read with.
    passes: PassRegistry,
    /// Default pipelines by op name, read the first time an op of that
    /// name is optimized (upstream prints a bad one's error then, and
    /// runs nothing for it); kept with the pass, as upstream keeps them,
    /// so their passes are the same ones on each run (one timer each).
    defaults: HashMap<String, Option<Pipeline>>,
}

fn create(options: &OptionValues) -> Box<dyn Pass> {
    let passes = options
        .pass_registry()
        .cloned()
        .unwrap_or_else(PassRegistry::with_standard_passes);
    let default_pipeline = match options.text("default-pipeline", "canonicalize") {
        "" => None,
        text => Some(text.to_string()),
    };
    let mut op_pipelines: Vec<Pipeline> = Vec::new();
    // The registry checked each pipeline before making the pass; one that
    // does not read (a pass made without a registry) is left out.
    for text in options.list("op-pipelines") {
        let Ok(pipeline) = Pipeline::parse(text, &passes) else {
            continue;
        };
        if !pipeline.steps.is_empty() && !op_pipelines.iter().any(|p| p.anchor == pipeline.anchor) {
            op_pipelines.push(pipeline);
        }
    }
    Box::new(Inline {
        default_pipeline,
        op_pipelines,
        max_iterations: options.unsigned("max-iterations", 4),
        threshold: options.unsigned("inlining-threshold", u32::MAX),
        passes,
        defaults: HashMap::new(),
    })
}

impl Pass for Inline {
    fn run(&mut self, cx: &mut PassCx<'_>, op: OpId) -> Result<(), Vec<Diagnostic>> {
        let mut unwatched = Instruments::default();
        self.run_with_pipelines(cx, op, &mut NestedPipelines::new(op, &mut unwatched))
    }

    fn run_with_pipelines(
        &mut self,
        cx: &mut PassCx<'_>,
        op: OpId,
        nested: &mut NestedPipelines<'_>,
    ) -> Result<(), Vec<Diagnostic>> {
        if !ir::symbols::is_symbol_table(cx.registry, cx.ir, op) {
            let err = VerifyError::op_error(
                " was scheduled to run under the inliner, but does not define a symbol table",
            );
            return Err(vec![cx.op_error(op, op, err)]);
        }
        let report = cx.report;
        let registry = cx.registry;
        // A default pipeline that did not read is read (and its error
        // printed) again on each run: `mlir-opt` makes a new inliner for
        // each `--split-input-file` chunk, where ours runs again.
        self.defaults.retain(|_, pipeline| pipeline.is_some());
        let (default_text, passes, op_pipelines, defaults) = (
            &self.default_pipeline,
            &self.passes,
            &mut self.op_pipelines,
            &mut self.defaults,
        );
        let mut optimize = |ctx: &mut Context, ir: &mut Ir, callable: OpId| {
            let name = ctx.str(ir.op_name(callable)).to_string();
            let pipeline = match op_pipelines.iter_mut().find(|p| p.anchor == name) {
                Some(p) => p,
                None => {
                    let Some(text) = default_text else {
                        return Ok(());
                    };
                    let slot = defaults.entry(name.clone()).or_insert_with(|| {
                        match default_for(&name, text, passes) {
                            Ok(p) => Some(p),
                            Err(e) => {
                                nested.write_stderr(&e);
                                None
                            }
                        }
                    });
                    match slot {
                        Some(p) => p,
                        None => return Ok(()),
                    }
                }
            };
            let mut cx = PassCx {
                ctx,
                registry,
                ir,
                report,
            };
            nested.run_pipeline(&mut cx, pipeline, callable)
        };
        let mut config = InlinerConfig {
            max_iterations: self.max_iterations,
            threshold: self.threshold,
            optimize: &mut optimize,
        };
        let mut icx = InlineCx {
            ctx: cx.ctx,
            registry,
            ir: cx.ir,
            sources: report.sources,
        };
        inline_calls(&mut icx, op, &mut config)
    }

    fn display_name(&self) -> Option<&'static str> {
        Some("Inliner")
    }

    /// The call graph, built on each run (no pass preserves it).
    fn analyses(&self) -> &'static [&'static str] {
        &["CallGraph"]
    }
}

/// The default pipeline for ops named `name`: `text` read as the body of
/// `name(...)`. The error is what upstream's pipeline reader writes to
/// stderr for a text that does not read (positions within `text`, as it
/// reads the text alone); the inliner then runs no pipeline on those ops.
fn default_for(name: &str, text: &str, passes: &PassRegistry) -> Result<Pipeline, String> {
    Pipeline::parse(&format!("{name}({text})"), passes).map_err(|e| {
        let mut printed = e.stderr_text.unwrap_or_default();
        if let Some(line) = e.stderr_line {
            printed.push_str(&line);
        }
        printed.push_str(&e.message);
        printed
    })
}

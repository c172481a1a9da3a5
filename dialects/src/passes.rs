//! The passes `ods-opt` runs and the pipelines it reads: the pass flags
//! (`--cse --canonicalize`, run in the order given) and `mlir-opt`'s
//! textual pipelines (`--pass-pipeline="builtin.module(func.func(cse),
//! symbol-dce)"`), parsed as MLIR's `TextualPipeline` parses them, with its
//! error messages.
//!
//! In: pass names, or a pipeline string. Out: a [`Pipeline`] (an anchor
//! op name and the steps to run on it: passes, and nested pipelines run on
//! the ops of a name directly inside), which [`Pipeline::run`] applies to
//! a module.

use ir::verifier::{OpDisplay, Reporter};
use ir::{Context, Diagnostic, Ir, OpId, Registry, SourceManager};
use ods_runtime::rewrite::GreedyConfig;
use ods_runtime::transforms;

/// A pass `ods-opt` knows: its flag / pipeline name and `--help` summary
/// (`mlir-opt`'s).
pub struct PassInfo {
    /// The flag without dashes, and the name in a pipeline.
    pub name: &'static str,
    /// One line for `--help`.
    pub summary: &'static str,
}

/// Every pass, in `--help` order (alphabetical, as `mlir-opt` lists them).
pub const PASSES: &[PassInfo] = &[
    PassInfo {
        name: "canonicalize",
        summary: "Canonicalize operations",
    },
    PassInfo {
        name: "cse",
        summary: "Eliminate common sub-expressions",
    },
    PassInfo {
        name: "loop-invariant-code-motion",
        summary: "Hoist loop invariant instructions outside of the loop",
    },
    PassInfo {
        name: "symbol-dce",
        summary: "Eliminate dead symbols",
    },
];

/// One pass with its options.
#[derive(Clone, Copy, Debug)]
pub enum Pass {
    /// `canonicalize`: folds and patterns, greedily.
    Canonicalize(GreedyConfig),
    /// `cse`.
    Cse,
    /// `loop-invariant-code-motion`.
    Licm,
    /// `symbol-dce`.
    SymbolDce,
}

impl Pass {
    /// The pass called `name` (a flag or pipeline element), default
    /// options.
    pub fn by_name(name: &str) -> Option<Pass> {
        Some(match name {
            "canonicalize" => Pass::Canonicalize(GreedyConfig::default()),
            "cse" => Pass::Cse,
            "loop-invariant-code-motion" => Pass::Licm,
            "symbol-dce" => Pass::SymbolDce,
            _ => return None,
        })
    }

    /// The pass called `name` with the options written `{...}` after it
    /// in a pipeline (or `--name=...` on the command line).
    pub fn with_options(name: &str, options: &str) -> Option<Result<Pass, PipelineError>> {
        let mut pass = Pass::by_name(name)?;
        Some(pass.set_options(options).map(|()| pass))
    }

    /// Sets options `key=value ...`; the errors are `mlir-opt`'s option
    /// parser's (a pipeline adds which pass failed).
    fn set_options(&mut self, options: &str) -> Result<(), PipelineError> {
        let failed = |cl_error: &str, stderr_line: Option<String>| PipelineError {
            message: cl_error.to_string(),
            stderr_line,
        };
        for option in options.split_whitespace() {
            let (key, value) = option.split_once('=').unwrap_or((option, ""));
            match (&mut *self, key) {
                (Pass::Canonicalize(c), "max-iterations") => match value.parse() {
                    Ok(n) => c.max_iterations = n,
                    Err(_) => {
                        let line = format!(
                            "ods-opt: for the --{key} option: '{value}' value invalid for long argument!\n"
                        );
                        return Err(failed("", Some(line)));
                    }
                },
                (Pass::Canonicalize(c), "top-down") => match value {
                    "" | "true" | "1" => c.top_down = true,
                    "false" | "0" => c.top_down = false,
                    _ => {
                        let line = format!(
                            "ods-opt: for the --{key} option: '{value}' is invalid value for boolean argument! Try 0 or 1\n"
                        );
                        return Err(failed("", Some(line)));
                    }
                },
                _ => {
                    let cl_error = format!("<Pass-Options-Parser>: no such option {key}\n");
                    return Err(failed(&cl_error, None));
                }
            }
        }
        Ok(())
    }
}

/// Why a pipeline cannot be built, as `mlir-opt` reports it once the
/// input parsed: an error diagnostic with no location, and for a bad
/// option value a line the option parser prints first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PipelineError {
    /// The diagnostic's message.
    pub message: String,
    /// Printed to stderr before the diagnostic.
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
#[derive(Clone, Debug)]
pub enum Step {
    /// A pass on the pipeline's op.
    Run(Pass),
    /// A pipeline on each op named `anchor` (`any`: every op) directly
    /// inside the pipeline's op.
    Nest(Pipeline),
}

const NOT_WRAPPED: &str = "expected pass pipeline to be wrapped with the anchor operation type, e.g. 'builtin.module(...)'";

/// Steps to run on ops named `anchor` (MLIR's `OpPassManager`).
#[derive(Clone, Debug)]
pub struct Pipeline {
    /// The op name the steps run on (`builtin.module`, `func.func`, `any`).
    pub anchor: String,
    /// What runs, in order.
    pub steps: Vec<Step>,
}

impl Pipeline {
    /// The pass flags of a command line, on the top-level module.
    pub fn from_passes(passes: Vec<Pass>) -> Self {
        Pipeline {
            anchor: "builtin.module".into(),
            steps: passes.into_iter().map(Step::Run).collect(),
        }
    }

    /// Reads `--pass-pipeline`'s value (`anchor(element, ...)`). The error
    /// is the text `mlir-opt` prints after `error: `.
    pub fn parse(text: &str) -> Result<Self, PipelineError> {
        let text = text.trim();
        let wrapped = text.find('(').filter(|&i| i > 0);
        let (Some(open), Some(inner_end)) = (wrapped, text.strip_suffix(')').map(str::len)) else {
            return Err(PipelineError::from(NOT_WRAPPED.to_string()));
        };
        if inner_end < open + 1 {
            return Err(PipelineError::from(NOT_WRAPPED.to_string()));
        }
        let inner = &text[open + 1..inner_end];
        let elements = parse_elements(inner).map_err(|e| PipelineError::from(e.render(inner)))?;
        let steps = resolve(elements).map_err(|e| match e {
            Resolve::At(e) => PipelineError::from(e.render(inner)),
            Resolve::Options(e) => e,
        })?;
        Ok(Pipeline {
            anchor: text[..open].trim_end().to_string(),
            steps,
        })
    }

    /// Runs the pipeline on `root`; after each step the IR is verified
    /// (`verify`), as `mlir-opt` verifies after each pass. A pass's error
    /// is reported as `report` says.
    pub fn run(
        &self,
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
        for step in &self.steps {
            run_step(ctx, registry, ir, root, report, step)?;
            let diags = verify(ctx, ir);
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

fn run_step(
    ctx: &mut Context,
    registry: &Registry,
    ir: &mut Ir,
    op: OpId,
    report: ReportSettings<'_>,
    step: &Step,
) -> Result<(), Vec<Diagnostic>> {
    match step {
        Step::Run(pass) => run_pass(ctx, registry, ir, op, report, *pass),
        Step::Nest(nested) => {
            let anchor = ctx.ident(&nested.anchor);
            let targets: Vec<OpId> = ir
                .regions(op)
                .iter()
                .flat_map(|&r| ir.region_blocks(r))
                .flat_map(|b| ir.block_ops(b))
                .filter(|&o| nested.anchor == "any" || ir.op_name(o) == anchor)
                .collect();
            for target in targets {
                for step in &nested.steps {
                    run_step(ctx, registry, ir, target, report, step)?;
                }
            }
            Ok(())
        }
    }
}

fn run_pass(
    ctx: &mut Context,
    registry: &Registry,
    ir: &mut Ir,
    op: OpId,
    report: ReportSettings<'_>,
    pass: Pass,
) -> Result<(), Vec<Diagnostic>> {
    match pass {
        Pass::Canonicalize(config) => {
            let patterns = crate::canonicalization_patterns();
            ods_runtime::rewrite::apply_patterns_greedily(
                ctx,
                registry,
                ir,
                op,
                &patterns,
                config,
                report.sources,
            );
        }
        Pass::Cse => {
            transforms::cse(ctx, registry, ir, op);
        }
        Pass::Licm => {
            transforms::loop_invariant_code_motion(ctx, registry, ir, op);
        }
        Pass::SymbolDce => {
            if let Err((at, err)) = transforms::symbol_dce(ctx, registry, ir, op) {
                let reporter = reporter(ctx, ir, registry, report, op);
                return Err(vec![reporter.op_error(at, err)]);
            }
        }
    }
    Ok(())
}

/// A pipeline parse error: where in the text, and what.
struct ParseError {
    at: usize,
    message: String,
}

/// Why an element did not resolve: a misplaced or unknown name, or its
/// options.
enum Resolve {
    At(ParseError),
    Options(PipelineError),
}

impl ParseError {
    fn at(at: usize, message: impl Into<String>) -> Self {
        ParseError {
            at,
            message: message.into(),
        }
    }

    /// As `mlir-opt` prints it: position, message, the text, a caret.
    fn render(&self, text: &str) -> String {
        let at = self.at;
        let col = text[..at.min(text.len())].chars().count();
        format!(
            "MLIR Textual PassPipeline Parser:1:{}: error: {}\n{text}\n{}^\n",
            col + 1,
            self.message,
            " ".repeat(col)
        )
    }
}

/// One element as read: its name (with its offset), options, nested
/// elements.
struct Element {
    name: String,
    at: usize,
    options: Option<String>,
    inner: Vec<Element>,
}

/// MLIR's `TextualPipeline::parsePipelineText`: names separated by `,`,
/// each with optional `{options}` and an optional `(nested pipeline)`.
fn parse_elements(text: &str) -> Result<Vec<Element>, ParseError> {
    if text.is_empty() {
        return Ok(Vec::new());
    }
    // The stack holds the element lists being filled; each nested list
    // belongs to the last element of the list below it.
    let mut stack: Vec<Vec<Element>> = vec![Vec::new()];
    let mut pos = 0;
    loop {
        let sep_at = text[pos..].find([',', '(', ')', '{']).map(|i| pos + i);
        let raw = &text[pos..sep_at.unwrap_or(text.len())];
        let lead = raw.len() - raw.trim_start().len();
        stack.last_mut().expect("the outer list").push(Element {
            name: raw.trim().to_string(),
            at: pos + lead,
            options: None,
            inner: Vec::new(),
        });
        // With no separator left, the name ends the text; an unbalanced
        // pipeline is reported at its start (`pos`).
        let Some(mut at) = sep_at else {
            break;
        };
        if text.as_bytes()[at] == b'{' {
            let body = at + 1;
            let mut depth = 1;
            let close = text[body..].char_indices().find_map(|(i, c)| {
                match c {
                    '{' => depth += 1,
                    '}' => {
                        depth -= 1;
                        if depth == 0 {
                            return Some(body + i);
                        }
                    }
                    _ => {}
                }
                None
            });
            let Some(close) = close else {
                return Err(ParseError::at(
                    at,
                    "missing closing '}' while processing pass options",
                ));
            };
            if let Some(e) = stack.last_mut().and_then(|l| l.last_mut()) {
                e.options = Some(text[body..close].to_string());
            }
            at = close + 1;
            if at == text.len() {
                pos = at;
                break;
            }
        }
        match text.as_bytes()[at] {
            b'(' => {
                pos = at + 1;
                stack.push(Vec::new());
                continue;
            }
            _ => pos = at,
        }
        while text[pos..].starts_with(')') {
            if stack.len() == 1 {
                return Err(ParseError::at(
                    pos,
                    "encountered extra closing ')' creating unbalanced parentheses while parsing pipeline",
                ));
            }
            let inner = stack.pop().expect("a nested list");
            if let Some(e) = stack.last_mut().and_then(|l| l.last_mut()) {
                e.inner = inner;
            }
            pos += 1;
        }
        if pos == text.len() {
            break;
        }
        if !text[pos..].starts_with(',') {
            return Err(ParseError::at(pos, "expected ',' after parsing pipeline"));
        }
        pos += 1;
    }
    if stack.len() > 1 {
        return Err(ParseError::at(
            pos,
            "encountered unbalanced parentheses while parsing pipeline",
        ));
    }
    Ok(stack.pop().unwrap_or_default())
}

/// MLIR's `resolvePipelineElements`: an element with a nested pipeline
/// is an op anchor; any other must name a pass.
fn resolve(elements: Vec<Element>) -> Result<Vec<Step>, Resolve> {
    elements
        .into_iter()
        .map(|e| {
            if !e.inner.is_empty() {
                return Ok(Step::Nest(Pipeline {
                    anchor: e.name,
                    steps: resolve(e.inner)?,
                }));
            }
            let options = e.options.as_deref().unwrap_or("");
            match Pass::with_options(&e.name, options) {
                Some(Ok(pass)) => Ok(Step::Run(pass)),
                Some(Err(err)) => Err(Resolve::Options(PipelineError {
                    message: format!(
                        "{}\nfailed to add `{}` with options `{options}`\n",
                        err.message, e.name
                    ),
                    stderr_line: err.stderr_line,
                })),
                None => Err(Resolve::At(ParseError::at(
                    e.at,
                    format!(
                        "'{}' does not refer to a registered pass or pass pipeline",
                        e.name
                    ),
                ))),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(steps: &[Step]) -> String {
        steps
            .iter()
            .map(|s| match s {
                Step::Run(p) => format!("{p:?}")
                    .split('(')
                    .next()
                    .unwrap_or_default()
                    .to_string(),
                Step::Nest(p) => format!("{}[{}]", p.anchor, names(&p.steps)),
            })
            .collect::<Vec<_>>()
            .join(",")
    }

    #[test]
    fn options_errors_are_mlir_opts() {
        let err = Pipeline::parse("builtin.module(cse{foo=1})").unwrap_err();
        assert_eq!(
            err.message,
            "<Pass-Options-Parser>: no such option foo\n\nfailed to add `cse` with options `foo=1`\n"
        );
        let err = Pipeline::parse("builtin.module(canonicalize{top-down=x})").unwrap_err();
        assert_eq!(
            err.stderr_line.as_deref(),
            Some("ods-opt: for the --top-down option: 'x' is invalid value for boolean argument! Try 0 or 1\n")
        );
        assert!(
            Pipeline::parse("builtin.module(canonicalize{ max-iterations=3 top-down=false })")
                .is_ok()
        );
    }

    #[test]
    fn reads_nested_pipelines() {
        let p = Pipeline::parse(
            " builtin.module( cse , func.func(canonicalize{max-iterations=2}), symbol-dce )",
        )
        .unwrap();
        assert_eq!(p.anchor, "builtin.module");
        assert_eq!(names(&p.steps), "Cse,func.func[Canonicalize],SymbolDce");
        let Step::Nest(f) = &p.steps[1] else { panic!() };
        let Step::Run(Pass::Canonicalize(c)) = f.steps[0] else {
            panic!()
        };
        assert_eq!(c.max_iterations, 2);
        assert!(Pipeline::parse("builtin.module()")
            .unwrap()
            .steps
            .is_empty());
    }

    #[test]
    fn errors_are_mlir_opts() {
        let err = |t: &str| Pipeline::parse(t).unwrap_err().message;
        assert_eq!(
            err("builtin.module(func.func(cse,bar))"),
            "MLIR Textual PassPipeline Parser:1:15: error: 'bar' does not refer to a registered pass or pass pipeline\nfunc.func(cse,bar)\n              ^\n"
        );
        assert_eq!(
            err("cse"),
            "expected pass pipeline to be wrapped with the anchor operation type, e.g. 'builtin.module(...)'"
        );
        assert_eq!(err("builtin.module(cse"), err("cse"));
        assert!(err("builtin.module(cse))").starts_with(
            "MLIR Textual PassPipeline Parser:1:4: error: encountered extra closing ')'"
        ));
        assert!(err("builtin.module(func.func(cse)").starts_with(
            "MLIR Textual PassPipeline Parser:1:11: error: encountered unbalanced parentheses"
        ));
        assert!(err("builtin.module(cse,,cse)")
            .starts_with("MLIR Textual PassPipeline Parser:1:5: error: '' does not refer"));
    }

    /// The transforms called directly: what each reports doing.
    mod transforms_direct {
        use crate::testing::{nth_op, parse_module};
        use ods_runtime::transforms::{self, equivalence, CseStats};

        #[test]
        fn cse_reports_merges_and_dead_ops() {
            let (ctx, reg, mut ir, m) = parse_module(
                "func.func @f(%a: i32) -> (i32, i32) {\n  %0 = arith.addi %a, %a : i32\n  %1 = arith.addi %a, %a : i32\n  %2 = arith.muli %a, %a : i32\n  return %0, %1 : i32, i32\n}\n",
            );
            let add0 = nth_op(&ctx, &ir, m, "arith.addi", 0);
            let add1 = nth_op(&ctx, &ir, m, "arith.addi", 1);
            let mul = nth_op(&ctx, &ir, m, "arith.muli", 0);
            assert!(equivalence::is_equivalent(&reg, &ir, add0, add1));
            assert!(!equivalence::is_equivalent(&reg, &ir, add0, mul));
            assert_eq!(
                equivalence::op_hash(&reg, &ir, add0),
                equivalence::op_hash(&reg, &ir, add1)
            );
            let stats = transforms::cse(&ctx, &reg, &mut ir, m);
            assert_eq!(
                stats,
                CseStats {
                    merged: 1,
                    erased_dead: 1
                }
            );
            // Run again: nothing left to do.
            assert_eq!(transforms::cse(&ctx, &reg, &mut ir, m), CseStats::default());
        }

        #[test]
        fn licm_and_symbol_dce_report_what_they_did() {
            let (ctx, reg, mut ir, m) = parse_module(
                "func.func private @dead() {\n  return\n}\nfunc.func @f(%n: index, %x: i32) -> i32 {\n  %c0 = arith.constant 0 : index\n  %c1 = arith.constant 1 : index\n  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %x) -> i32 {\n    %y = arith.muli %x, %x : i32\n    %z = arith.addi %a, %y : i32\n    scf.yield %z : i32\n  }\n  return %r : i32\n}\n",
            );
            assert_eq!(
                transforms::loop_invariant_code_motion(&ctx, &reg, &mut ir, m),
                1
            );
            assert_eq!(
                transforms::loop_invariant_code_motion(&ctx, &reg, &mut ir, m),
                0
            );
            assert_eq!(transforms::symbol_dce(&ctx, &reg, &mut ir, m), Ok(1));
            let f = nth_op(&ctx, &ir, m, "func.func", 0);
            assert!(transforms::symbol_dce(&ctx, &reg, &mut ir, f).is_err());
        }
    }
}

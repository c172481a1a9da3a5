//! `mlir-opt`'s textual pipelines (`builtin.module(func.func(cse))`),
//! read as MLIR's `TextualPipeline` reads them, with its messages.

use super::{PassRegistry, Pipeline, PipelineError, Step};

const NOT_WRAPPED: &str = "expected pass pipeline to be wrapped with the anchor operation type, e.g. 'builtin.module(...)'";

/// Reads `anchor(element, ...)`.
pub(super) fn parse_pipeline(text: &str, passes: &PassRegistry) -> Result<Pipeline, PipelineError> {
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
    let anchor = text[..open].trim_end();
    let steps = resolve(elements, passes, anchor).map_err(|e| match e {
        Resolve::At(e) => PipelineError::from(e.render(inner)),
        Resolve::Options(e) => e,
    })?;
    let mut pipeline = Pipeline {
        anchor: anchor.to_string(),
        steps,
    };
    pipeline.coalesce();
    Ok(pipeline)
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
/// is an op anchor; any other must name a pass, which the pipeline
/// anchored on `anchor` must be able to hold (see [`Pass::anchor`]).
///
/// [`Pass::anchor`]: super::Pass::anchor
fn resolve(
    elements: Vec<Element>,
    passes: &PassRegistry,
    anchor: &str,
) -> Result<Vec<Step>, Resolve> {
    elements
        .into_iter()
        .map(|e| {
            if !e.inner.is_empty() {
                // An option error inside names each enclosing pipeline.
                let steps = resolve(e.inner, passes, &e.name).map_err(|err| match err {
                    Resolve::Options(mut err) => {
                        err.message.push_str(&format!(
                            "failed to add `{}` with options `` to inner pipeline\n",
                            e.name
                        ));
                        Resolve::Options(err)
                    }
                    other => other,
                })?;
                return Ok(Step::Nest(vec![Pipeline {
                    anchor: e.name,
                    steps,
                }]));
            }
            let options = e.options.as_deref().unwrap_or("");
            match passes.create(&e.name, options) {
                Some(Ok(pass)) => match pass.pass.anchor() {
                    // An `any` pipeline takes every pass, as upstream's
                    // op-agnostic pass manager has no op name to compare.
                    Some(on) if anchor != "any" && on != anchor => {
                        Err(Resolve::Options(PipelineError::from(format!(
                            "Can't add pass '{}' restricted to '{on}' on a PassManager intended to run on '{anchor}', did you intend to nest?\nfailed to add `{}` with options `{options}`\n",
                            pass.display_name(),
                            e.name
                        ))))
                    }
                    _ => Ok(Step::Run(pass)),
                },
                Some(Err(err)) => Err(Resolve::Options(PipelineError {
                    message: format!(
                        "{}\nfailed to add `{}` with options `{options}`\n",
                        err.message, e.name
                    ),
                    stderr_line: err.stderr_line,
                    stderr_text: err.stderr_text,
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

    fn parse(text: &str) -> Result<Pipeline, PipelineError> {
        parse_pipeline(text, &PassRegistry::with_standard_passes())
    }

    fn names(steps: &[Step]) -> String {
        steps
            .iter()
            .map(|s| match s {
                Step::Run(p) => p.name.to_string(),
                Step::Nest(ps) => ps
                    .iter()
                    .map(|p| format!("{}[{}]", p.anchor, names(&p.steps)))
                    .collect::<Vec<_>>()
                    .join("|"),
            })
            .collect::<Vec<_>>()
            .join(",")
    }

    #[test]
    fn options_errors_are_mlir_opts() {
        let err = parse("builtin.module(cse{foo=1})").unwrap_err();
        assert_eq!(
            err.message,
            "<Pass-Options-Parser>: no such option foo\n\nfailed to add `cse` with options `foo=1`\n"
        );
        let err = parse("builtin.module(canonicalize{top-down=x})").unwrap_err();
        assert_eq!(
            err.stderr_line.as_deref(),
            Some("for the --top-down option: 'x' is invalid value for boolean argument! Try 0 or 1\n")
        );
        assert!(parse("builtin.module(canonicalize{ max-iterations=3 top-down=false })").is_ok());
    }

    /// A pass restricted to `func.func`, as upstream's
    /// `OperationPass<func::FuncOp>`.
    struct OnFunctions;

    impl crate::pass::Pass for OnFunctions {
        fn run(
            &mut self,
            _: &mut crate::pass::PassCx<'_>,
            _: ir::OpId,
        ) -> Result<(), Vec<ir::Diagnostic>> {
            Ok(())
        }

        fn anchor(&self) -> Option<&'static str> {
            Some("func.func")
        }

        fn display_name(&self) -> Option<&'static str> {
            Some("OnFunctions")
        }
    }

    #[test]
    fn an_anchored_pass_goes_only_where_its_op_is() {
        let mut passes = PassRegistry::with_standard_passes();
        passes.register(crate::pass::PassInfo {
            name: "on-functions",
            summary: "",
            options: &[],
            create: |_| Box::new(OnFunctions),
        });
        let parse = |t: &str| parse_pipeline(t, &passes);
        let p = parse("builtin.module(func.func(on-functions),any(on-functions))").unwrap();
        assert_eq!(names(&p.steps), "func.func[on-functions],any[on-functions]");
        assert_eq!(
            parse("builtin.module(on-functions{})").unwrap_err().message,
            "Can't add pass 'OnFunctions' restricted to 'func.func' on a PassManager intended to run on 'builtin.module', did you intend to nest?\nfailed to add `on-functions` with options ``\n"
        );
        // Inside a nested pipeline, each enclosing one is named after it.
        assert_eq!(
            parse("builtin.module(gpu.module(on-functions))").unwrap_err().message,
            "Can't add pass 'OnFunctions' restricted to 'func.func' on a PassManager intended to run on 'gpu.module', did you intend to nest?\nfailed to add `on-functions` with options ``\nfailed to add `gpu.module` with options `` to inner pipeline\n"
        );
    }

    #[test]
    fn reads_nested_pipelines() {
        let p =
            parse(" builtin.module( cse , func.func(canonicalize{max-iterations=2}), symbol-dce )")
                .unwrap();
        assert_eq!(p.anchor, "builtin.module");
        assert_eq!(names(&p.steps), "cse,func.func[canonicalize],symbol-dce");
        assert!(parse("builtin.module()").unwrap().steps.is_empty());
    }

    #[test]
    fn adjacent_nestings_merge_as_mlir_opt_merges_them() {
        let p = parse("builtin.module(func.func(cse),func.func(canonicalize),builtin.module(cse),cse,func.func(cse))").unwrap();
        assert_eq!(
            names(&p.steps),
            "builtin.module[cse]|func.func[cse,canonicalize],cse,func.func[cse]"
        );
        // `any` could run on any op: it merges with nothing.
        let p = parse("builtin.module(func.func(cse),any(cse),any(cse))").unwrap();
        assert_eq!(names(&p.steps), "func.func[cse],any[cse],any[cse]");
    }

    #[test]
    fn errors_are_mlir_opts() {
        let err = |t: &str| parse(t).unwrap_err().message;
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
}

//! Op builders in the model. Input: an op's `builders` list; output: its
//! [`BuilderModel`]s, with the parameters parsed from the `ins` dag.

use super::*;

impl<'r> Lowerer<'r> {
    pub(super) fn lower_builders(&mut self, r: &'r Record) -> Vec<BuilderModel> {
        let mut out = Vec::new();
        let list = r
            .value("builders")
            .and_then(Value::as_list)
            .unwrap_or_default()
            .to_vec();
        for b in &list {
            let Some(b) = self.def(b).filter(|b| b.is_subclass_of("OpBuilder")) else {
                self.err(
                    field_span(r, "builders"),
                    format!("builder {b} of '{}' is not an OpBuilder", r.name),
                );
                continue;
            };
            let params = self.builder_params(r, b, &|t| t.to_string(), false);
            let body = self
                .snippet_field(b, "body", SnippetKind::Stmts, &|| {
                    format!("a builder of '{}'", r.name)
                })
                .filter(|s| !s.trim().is_empty());
            out.push(BuilderModel {
                params,
                body,
                body_at: self.snippet_origin(b, "body"),
                deprecated: b.str_field("odsCppDeprecated").map(str::to_string),
            });
        }
        out
    }

    /// The `(ins ...)` parameters of builder `b` of `r` (an op's
    /// `OpBuilder` or a definition's `AttrOrTypeBuilder`), each type
    /// passed through `rust_type` (definitions map upstream's C++
    /// parameter types) and checked as a Rust type. mlir-tblgen's checks:
    /// `ins`, a default after a default, and (when `named`, as for
    /// definitions) named parameters.
    pub(crate) fn builder_params(
        &mut self,
        r: &Record,
        b: &Record,
        rust_type: &dyn Fn(&str) -> String,
        named: bool,
    ) -> Vec<BuilderParam> {
        let mut params = Vec::new();
        let Some(dag) = b.value("dagParams").and_then(Value::as_dag) else {
            return params;
        };
        if dag.op.as_def() != Some("ins") {
            self.err(r.span, "expected 'ins' in builders");
            return params;
        }
        let mut seen_default = false;
        for (v, n) in &dag.args {
            let name = match n {
                Some(n) => n.clone(),
                None if !named => String::new(),
                None => {
                    self.err(r.span, "builder parameters must have a name");
                    continue;
                }
            };
            let owner = || format!("builder parameter '{name}' of '{}'", r.name);
            let param = match v {
                Value::Str(t) | Value::Code(t) => {
                    let mapped = Text {
                        text: rust_type(&t.text),
                        span: t.span,
                    };
                    let snippet = Snippet {
                        text: &mapped,
                        fallback: field_span(r, "builders"),
                        kind: SnippetKind::Type,
                    };
                    self.check_snippet(snippet, &|| format!("the type of {}", owner()));
                    BuilderParam {
                        name,
                        rust_type: mapped.text,
                        default: None,
                    }
                }
                v => match self.def(v).filter(|c| c.is_subclass_of("CArg")) {
                    Some(c) => {
                        let written = c.value("type").and_then(Value::as_text).cloned();
                        let rust = written.map(|t| Text {
                            text: rust_type(&t.text),
                            span: t.span,
                        });
                        if let Some(t) = &rust {
                            let snippet = Snippet {
                                text: t,
                                fallback: field_span(c, "type"),
                                kind: SnippetKind::Type,
                            };
                            self.check_snippet(snippet, &|| format!("`type` of {}", owner()));
                        }
                        BuilderParam {
                            rust_type: rust.map(|t| t.text).unwrap_or_default(),
                            default: self
                                .snippet_field(c, "defaultValue", SnippetKind::Expr, &owner)
                                .filter(|d| !d.is_empty()),
                            name,
                        }
                    }
                    None => {
                        self.err(
                            field_span(r, "builders"),
                            format!("builder parameter '{name}' of '{}' must be a \"RustType\" string or a CArg", r.name),
                        );
                        continue;
                    }
                },
            };
            if param.default.is_some() {
                seen_default = true;
            } else if seen_default {
                self.err(
                    r.span,
                    "expected an argument with default value after other arguments with default values",
                );
            }
            params.push(param);
        }
        params
    }

    // --------------------------------------------------------------- checks
}

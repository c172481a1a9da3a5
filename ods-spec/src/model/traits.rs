//! Traits and predicates in the model. Input: an op's trait list and the
//! constraint records it names; output: the flattened [`TraitModel`]s and
//! [`PredModel`]s, and the errors for trait names the library does not know.

use super::*;

impl<'r> Lowerer<'r> {
    /// The predicate `v` of the constraint or trait `owner` names.
    pub(super) fn pred(&self, v: Option<&Value>, owner: &dyn Fn() -> String) -> PredModel {
        let Some(r) = v.and_then(|v| self.def(v)) else {
            return PredModel::True;
        };
        if r.is_subclass_of("CPred") {
            let what = || format!("the `CPred` of {}", owner());
            let text = r.value("predExpr").and_then(Value::as_text);
            if let Some(text) = text {
                let snippet = Snippet {
                    text,
                    fallback: field_span(r, "predExpr"),
                    kind: SnippetKind::Expr,
                };
                self.check_snippet(snippet, &what);
            }
            return PredModel::Rust(str_or_empty(r, "predExpr"));
        }
        if !r.is_subclass_of("CombinedPred") {
            return PredModel::True;
        }
        let children: Vec<PredModel> = r
            .value("children")
            .and_then(Value::as_list)
            .unwrap_or_default()
            .iter()
            .map(|c| self.pred(Some(c), owner))
            .collect();
        let kind = r.value("kind").and_then(Value::as_def).unwrap_or_default();
        let first = |children: Vec<PredModel>| {
            Box::new(children.into_iter().next().unwrap_or(PredModel::True))
        };
        match kind {
            "PredCombinerAnd" => PredModel::And(children),
            "PredCombinerOr" => PredModel::Or(children),
            "PredCombinerNot" => PredModel::Not(first(children)),
            "PredCombinerSubstLeaves" => PredModel::SubstLeaves {
                pattern: str_or_empty(r, "pattern"),
                replacement: str_or_empty(r, "replacement"),
                child: first(children),
            },
            "PredCombinerConcat" => PredModel::Concat {
                prefix: str_or_empty(r, "prefix"),
                child: first(children),
                suffix: str_or_empty(r, "suffix"),
            },
            _ => PredModel::True,
        }
    }

    pub(super) fn lower_traits(&mut self, r: &'r Record) -> Vec<TraitModel> {
        let mut out = Vec::new();
        let list = r
            .value("traits")
            .and_then(Value::as_list)
            .unwrap_or_default()
            .to_vec();
        for t in &list {
            self.flatten_trait(r, t, &mut out, 0);
        }
        out
    }

    pub(super) fn flatten_trait(
        &mut self,
        op: &'r Record,
        t: &Value,
        out: &mut Vec<TraitModel>,
        depth: usize,
    ) {
        let Some(tr) = self.def(t) else {
            self.err(
                field_span(op, "traits"),
                format!("trait {t} of '{}' is not a def", op.name),
            );
            return;
        };
        if tr.is_subclass_of("TraitList") {
            if depth > 16 {
                return;
            }
            let inner = tr
                .value("traits")
                .and_then(Value::as_list)
                .unwrap_or_default()
                .to_vec();
            for i in &inner {
                self.flatten_trait(op, i, out, depth + 1);
            }
            return;
        }
        // Drop the module path, keeping any `<...>` parameters whole.
        let short = |s: &str| {
            let (head, params) = s.split_at(s.find('<').unwrap_or(s.len()));
            format!("{}{params}", head.rsplit("::").next().unwrap_or(head))
        };
        let display = if tr.anonymous {
            match tr.str_field("trait") {
                Some(t) => short(t),
                None => tr
                    .superclasses
                    .last()
                    .cloned()
                    .unwrap_or_else(|| tr.name.clone()),
            }
        } else {
            tr.name.clone()
        };
        let is_interface = tr.is_subclass_of("OpInterfaceTrait") || tr.is_subclass_of("Interface");
        if is_interface && depth < 16 {
            // Base interfaces come along with the interface.
            let bases = tr
                .value("baseInterfaces")
                .and_then(Value::as_list)
                .unwrap_or_default()
                .to_vec();
            for b in &bases {
                self.flatten_trait(op, b, out, depth + 1);
            }
        }
        let m = if is_interface {
            let display = if tr.anonymous {
                tr.str_field("cppInterfaceName")
                    .unwrap_or(&tr.name)
                    .to_string()
            } else {
                tr.name.clone()
            };
            TraitModel::Interface {
                display,
                name: tr
                    .str_field("cppInterfaceName")
                    .or_else(|| tr.str_field("trait"))
                    .unwrap_or_default()
                    .to_string(),
                namespace: str_or_empty(tr, "cppNamespace"),
                declare_methods: tr.is_subclass_of("DeclareInterfaceMethods"),
                always_overridden: tr
                    .value("alwaysOverriddenMethods")
                    .and_then(Value::as_list)
                    .unwrap_or_default()
                    .iter()
                    .filter_map(|v| v.as_str().map(str::to_string))
                    .collect(),
                rust_impl: None,
            }
        } else if tr.is_subclass_of("NativeTrait") {
            let ns = str_or_empty(tr, "cppNamespace");
            let name = str_or_empty(tr, "trait");
            TraitModel::Native {
                display,
                path: if ns.is_empty() {
                    name
                } else {
                    format!("{ns}::{name}")
                },
                structural: tr.is_subclass_of("StructuralOpTrait"),
            }
        } else if tr.is_subclass_of("GenInternalTrait") {
            TraitModel::Internal {
                display,
                name: short(&str_or_empty(tr, "trait")),
            }
        } else if tr.is_subclass_of("PredTrait") {
            let owner = || format!("trait '{display}' of '{}'", op.name);
            // Its predicate holds the transformer: checked first, so that
            // C++ there is named for what it is.
            if tr.is_subclass_of("TypesMatchWith") {
                self.snippet_field(tr, "transformer", SnippetKind::Expr, &owner);
            }
            let predicate = self.pred(tr.value("predicate"), &owner);
            TraitModel::Pred {
                display,
                summary: str_or_empty(tr, "summary"),
                predicate,
            }
        } else {
            self.err(
                field_span(op, "traits"),
                format!(
                    "'{}' in the traits of '{}' is not a trait",
                    tr.name, op.name
                ),
            );
            return;
        };
        out.push(m);
    }

    /// Names mentioned by type-relation traits must exist.
    pub(super) fn check_trait_names(&mut self, r: &'r Record, op: &OpModel) {
        let known = |n: &str| {
            op.operands.iter().any(|o| o.name == n)
                || op.results.iter().any(|o| o.name == n)
                || op.attributes.iter().any(|a| a.name == n)
        };
        let list = r
            .value("traits")
            .and_then(Value::as_list)
            .unwrap_or_default()
            .to_vec();
        let mut stack: Vec<Value> = list;
        let mut steps = 0;
        while let Some(t) = stack.pop() {
            steps += 1;
            if steps > 10_000 {
                break;
            }
            let Some(tr) = self.def(&t) else { continue };
            if let Some(inner) = tr.value("traits").and_then(Value::as_list) {
                stack.extend(inner.iter().cloned());
            }
            let mut names: Vec<String> = Vec::new();
            if let Some(vs) = tr.value("values").and_then(Value::as_list) {
                names.extend(vs.iter().filter_map(|v| v.as_str().map(str::to_string)));
            }
            for f in ["lhs", "rhs"] {
                if let Some(n) = tr.str_field(f) {
                    names.push(n.to_string());
                }
            }

            for n in names {
                if !known(&n) {
                    let class = tr.superclasses.last().cloned().unwrap_or_default();
                    self.err(
                        field_span(r, "traits"),
                        format!("trait '{class}' of '{}' names '{n}', which is not an operand, result or attribute", op.def_name),
                    );
                }
            }
        }
    }

    // ---------------------------------------------------------------- enums
}

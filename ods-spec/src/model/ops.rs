//! Ops in the model. Input: an op record (`Op<Dialect, "name", traits>`)
//! and the records it names; output: its [`OpModel`] with operands,
//! attributes, results, regions, successors, effects and the result types
//! ODS infers, or diagnostics at the offending field.

use super::*;

impl<'r> Lowerer<'r> {
    pub(super) fn lower_op(&mut self, r: &'r Record) -> Option<OpModel> {
        let errors_before = self.diags.len();
        self.snippets.borrow_mut().met_bad = false;
        let label = || record_label(r);
        let extra_class_declaration =
            self.snippet_field(r, "extraClassDeclaration", SnippetKind::ImplItems, &label);
        let extra_class_definition =
            self.snippet_field(r, "extraClassDefinition", SnippetKind::Items, &label);
        let mnemonic = str_or_empty(r, "opName");
        if mnemonic.is_empty() {
            self.err(
                field_span(r, "opName"),
                format!("op '{}' has an empty mnemonic", r.name),
            );
        }
        let dialect_name = self
            .def(r.value("opDialect").unwrap_or(&Value::Unset))
            .and_then(|d| d.str_field("name"))
            .unwrap_or_default()
            .to_string();
        let rust_name = match r.name.split_once('_') {
            Some((_, rest)) if !rest.is_empty() => rest.to_string(),
            _ => r.name.clone(),
        };
        let traits = self.lower_traits(r);
        let (operands, attributes, argument_order) = self.lower_arguments(r);
        let results = self.lower_results(r);
        let regions = self.lower_regions(r);
        let successors = self.lower_successors(r);
        let builders = self.lower_builders(r);
        let effects = self.lower_effect_traits(r);
        let mut op = OpModel {
            def_name: r.name.clone(),
            rust_name,
            full_name: format!("{dialect_name}.{mnemonic}"),
            mnemonic,
            namespace: str_or_empty(r, "cppNamespace"),
            summary: str_or_empty(r, "summary"),
            description: str_or_empty(r, "description"),
            operands,
            attributes,
            argument_order,
            results,
            regions,
            successors,
            traits,
            builders,
            effects,
            inferred_result_types: None,
            skip_default_builders: r.bit_field("skipDefaultBuilders"),
            assembly_format: r.str_field("assemblyFormat").map(str::to_string),
            format: None,
            // mlir-tblgen generates from the format when an op has both
            // (OpenACC's `acc.loop` does).
            has_custom_assembly_format: r.bit_field("hasCustomAssemblyFormat")
                && r.str_field("assemblyFormat").is_none(),
            has_verifier: r.bit_field("hasVerifier"),
            has_region_verifier: r.bit_field("hasRegionVerifier"),
            has_canonicalizer: r.bit_field("hasCanonicalizer"),
            has_canonicalize_method: r.bit_field("hasCanonicalizeMethod"),
            has_folder: r.bit_field("hasFolder"),
            extra_class_declaration,
            extra_class_definition,
            extra_class_origins: [
                self.snippet_origin(r, "extraClassDeclaration"),
                self.snippet_origin(r, "extraClassDefinition"),
            ],
            deprecated: r.str_field("odsDeprecated").map(str::to_string),
            span: r.span,
            def_at: self.def_at(r),
        };
        self.check_op(r, &op);
        op.inferred_result_types = self.infer_result_types(r, &op);
        // Checked even when the op has other errors, so that one run
        // reports them all.
        op.format = self.op_format(r, &op);
        // A snippet that is not Rust keeps the op (its docs can be made);
        // `lower` fails on it all the same.
        if std::mem::take(&mut self.snippets.borrow_mut().met_bad) {
            self.ops_with_snippet_errors += 1;
        }
        (self.diags.len() == errors_before).then_some(op)
    }

    /// The `(op arg:$name, ...)` dag in `field`, checking its operator.
    pub(super) fn dag_args(
        &mut self,
        r: &'r Record,
        field: &str,
        operator: &str,
    ) -> Vec<(Value, String)> {
        let Some(v) = r.value(field) else {
            return Vec::new();
        };
        let Some(dag) = v.as_dag() else {
            if *v != Value::Unset {
                self.err(
                    field_span(r, field),
                    format!("'{field}' of '{}' must be a dag", r.name),
                );
            }
            return Vec::new();
        };
        if dag.op.as_def() != Some(operator) {
            self.err(
                field_span(r, field),
                format!(
                    "'{field}' of '{}' must be written '({operator} ...)', found '({} ...)'",
                    r.name, dag.op
                ),
            );
        }
        dag.args
            .iter()
            .map(|(v, n)| (v.clone(), n.clone().unwrap_or_default()))
            .collect()
    }

    /// Unwraps `Arg<c, "desc">` / `Res<...>`: (constraint def, description).
    pub(super) fn unwrap_variable(&self, v: &Value) -> (Option<&'r Record>, String) {
        let Some(rec) = self.def(v) else {
            return (None, String::new());
        };
        if rec.is_subclass_of("OpVariable") {
            let inner = rec.value("constraint").and_then(|c| self.def(c));
            return (inner, str_or_empty(rec, "summary"));
        }
        (Some(rec), String::new())
    }

    pub(super) fn lower_arguments(
        &mut self,
        r: &'r Record,
    ) -> (Vec<ValueModel>, Vec<AttributeModel>, Vec<ArgumentRef>) {
        let mut operands = Vec::new();
        let mut attributes = Vec::new();
        let mut order = Vec::new();
        let span = field_span(r, "arguments");
        for (i, (v, name)) in self.dag_args(r, "arguments", "ins").into_iter().enumerate() {
            let (rec, description) = self.unwrap_variable(&v);
            let Some(c) = rec else {
                self.err(
                    span,
                    format!(
                        "argument #{i} ('{name}') of '{}' is {v}, not a constraint def",
                        r.name
                    ),
                );
                continue;
            };
            self.warn_deprecated(c, span, &name, r);
            if c.is_subclass_of("TypeConstraint") {
                order.push(ArgumentRef::Operand(operands.len()));
                operands.push(self.value_model_with(&v, c, name, description));
            } else if c.is_subclass_of("AttrConstraint") && !c.is_subclass_of("Attr") {
                self.err(
                    span,
                    format!(
                        "argument '{name}' of '{}' uses '{}', an attribute constraint that is not an attribute (wrap it in ConfinedAttr)",
                        r.name,
                        c.name
                    ),
                );
            } else if c.is_subclass_of("Attr") {
                order.push(ArgumentRef::Attribute(attributes.len()));
                attributes.push(self.attribute_model(c, name, description, false));
            } else if c.is_subclass_of("Property") {
                order.push(ArgumentRef::Attribute(attributes.len()));
                attributes.push(self.attribute_model(c, name, description, true));
            } else {
                self.err(
                    span,
                    format!(
                        "argument '{name}' of '{}' is '{}', which is not a type, attribute or property constraint",
                        r.name, c.name
                    ),
                );
            }
        }
        (operands, attributes, order)
    }

    pub(super) fn lower_results(&mut self, r: &'r Record) -> Vec<ValueModel> {
        let span = field_span(r, "results");
        let mut out = Vec::new();
        for (i, (v, name)) in self.dag_args(r, "results", "outs").into_iter().enumerate() {
            let (rec, description) = self.unwrap_variable(&v);
            if let Some(c) = rec {
                self.warn_deprecated(c, span, &name, r);
            }
            match rec {
                Some(c) if c.is_subclass_of("TypeConstraint") => {
                    let m = self.value_model_with(&v, c, name, description);
                    if let VarKind::VariadicOfVariadic { .. } = m.kind {
                        self.err(
                            span,
                            format!(
                                "result '{}' of '{}' cannot be a variadic of variadic",
                                m.name, r.name
                            ),
                        );
                    }
                    out.push(m);
                }
                _ => self.err(
                    span,
                    format!(
                        "result #{i} ('{name}') of '{}' is {v}, not a type constraint",
                        r.name
                    ),
                ),
            }
        }
        out
    }

    pub(super) fn lower_regions(&mut self, r: &'r Record) -> Vec<RegionModel> {
        let span = field_span(r, "regions");
        let mut out = Vec::new();
        for (v, name) in self.dag_args(r, "regions", "region") {
            match self.def(&v) {
                Some(c) if c.is_subclass_of("Region") => out.push(RegionModel {
                    name,
                    variadic: c.is_subclass_of("VariadicRegion"),
                    constraint: self.type_constraint(c),
                }),
                _ => self.err(
                    span,
                    format!("region '{name}' of '{}' is {v}, not a Region", r.name),
                ),
            }
        }
        out
    }

    pub(super) fn lower_successors(&mut self, r: &'r Record) -> Vec<SuccessorModel> {
        let span = field_span(r, "successors");
        let mut out = Vec::new();
        for (v, name) in self.dag_args(r, "successors", "successor") {
            match self.def(&v) {
                Some(c) if c.is_subclass_of("Successor") => out.push(SuccessorModel {
                    name,
                    variadic: c.is_subclass_of("VariadicSuccessor"),
                    summary: str_or_empty(c, "summary"),
                }),
                _ => self.err(
                    span,
                    format!("successor '{name}' of '{}' is {v}, not a Successor", r.name),
                ),
            }
        }
        out
    }

    /// Using a def marked `Deprecated<"reason">` is a warning.
    pub(super) fn warn_deprecated(&mut self, c: &Record, span: Span, name: &str, op: &Record) {
        // Wrappers (OptionalAttr<X>, OptionalProp<X>, ...) are checked
        // through what they wrap.
        let mut cur = Some(c);
        let mut guard = 0;
        while let Some(d) = cur {
            if let Some(reason) = d.str_field("odsDeprecated") {
                let what = if d.anonymous {
                    d.superclasses.last().cloned().unwrap_or_default()
                } else {
                    d.name.clone()
                };
                self.warnings.push(Diagnostic::warning(
                    span,
                    format!(
                        "'{name}' of '{}' uses '{what}', which is deprecated: {reason}",
                        op.name
                    ),
                ));
                return;
            }
            guard += 1;
            cur = ["baseAttr", "baseProperty", "baseType"]
                .iter()
                .find_map(|f| d.value(f).and_then(|v| self.def(v)))
                .filter(|_| guard < 16);
        }
    }

    pub(super) fn value_model_with(
        &self,
        v: &Value,
        c: &'r Record,
        name: String,
        description: String,
    ) -> ValueModel {
        let mut m = self.value_model(c, name, description);
        if let Some(var) = self.def(v).filter(|d| d.is_subclass_of("OpVariable")) {
            let decorators = var
                .value("decorators")
                .and_then(Value::as_list)
                .unwrap_or_default();
            m.effects = decorators
                .iter()
                .filter_map(|d| self.def(d))
                .filter(|d| d.is_subclass_of("SideEffect"))
                .map(|d| self.effect(d))
                .collect();
        }
        m
    }

    pub(super) fn effect(&self, d: &Record) -> EffectModel {
        let label = || record_label(d);
        let field = |f: &str, kind| self.snippet_field(d, f, kind, &label).unwrap_or_default();
        EffectModel {
            effect: field("effect", SnippetKind::Expr),
            resource: field("resource", SnippetKind::Type),
            stage: d.value("stage").and_then(Value::as_int).unwrap_or(0),
            full: d.bit_field("effectOnFullRegion"),
        }
    }

    /// Effects declared by `MemoryEffects<[...]>`-style traits (through
    /// trait lists such as `Pure`).
    pub(super) fn lower_effect_traits(&self, r: &'r Record) -> Vec<EffectsTraitModel> {
        let mut out = Vec::new();
        let mut stack: Vec<Value> = r
            .value("traits")
            .and_then(Value::as_list)
            .unwrap_or_default()
            .to_vec();
        stack.reverse();
        let mut steps = 0;
        while let Some(t) = stack.pop() {
            steps += 1;
            let Some(tr) = self.def(&t) else { continue };
            if steps > 10_000 {
                break;
            }
            if tr.is_subclass_of("TraitList") {
                let mut inner = tr
                    .value("traits")
                    .and_then(Value::as_list)
                    .unwrap_or_default()
                    .to_vec();
                inner.reverse();
                stack.extend(inner);
                continue;
            }
            if tr.is_subclass_of("SideEffectsTraitBase") {
                let effects = tr
                    .value("effects")
                    .and_then(Value::as_list)
                    .unwrap_or_default();
                out.push(EffectsTraitModel {
                    interface: str_or_empty(tr, "trait"),
                    base_effect: str_or_empty(tr, "baseEffectName"),
                    effects: effects
                        .iter()
                        .filter_map(|e| self.def(e))
                        .map(|e| self.effect(e))
                        .collect(),
                });
            }
        }
        out
    }

    /// ODS's result type inference: every result must be a single value
    /// whose type is fixed by a trait or buildable from its constraint.
    pub(super) fn infer_result_types(
        &self,
        r: &'r Record,
        op: &OpModel,
    ) -> Option<Vec<ResultTypeSource>> {
        if op.results.is_empty() || op.results.iter().any(|res| res.kind.is_variable_length()) {
            return None;
        }
        // Type-relation traits: (names that share a type) and
        // (lhs, rhs, transform) pairs.
        let mut groups: Vec<Vec<String>> = Vec::new();
        let mut transforms: Vec<(String, String, String)> = Vec::new();
        let mut stack: Vec<Value> = r
            .value("traits")
            .and_then(Value::as_list)
            .unwrap_or_default()
            .to_vec();
        let mut steps = 0;
        while let Some(t) = stack.pop() {
            steps += 1;
            let Some(tr) = self.def(&t) else { continue };
            if steps > 10_000 {
                break;
            }
            if let Some(inner) = tr.value("traits").and_then(Value::as_list) {
                stack.extend(inner.iter().cloned());
            }
            let class = tr.superclasses.last().map(String::as_str).unwrap_or("");
            if class == "AllTypesMatch" {
                let names = tr
                    .value("values")
                    .and_then(Value::as_list)
                    .unwrap_or_default();
                groups.push(
                    names
                        .iter()
                        .filter_map(|n| n.as_str().map(str::to_string))
                        .collect(),
                );
            }
            // Another comparator than equality says nothing of the type
            // itself, so it cannot give one.
            let compares_equal = matches!(
                tr.str_field("comparatorFn"),
                None | Some("std::cmp::PartialEq::eq")
            );
            if tr.is_subclass_of("TypesMatchWith")
                && !tr.is_subclass_of("OptionalTypesMatchWith")
                && !tr.is_subclass_of("RangedTypesMatchWith")
                && compares_equal
            {
                transforms.push((
                    str_or_empty(tr, "lhs"),
                    str_or_empty(tr, "rhs"),
                    str_or_empty(tr, "transformer"),
                ));
            }
        }
        let single_operand = |n: &str| {
            op.operands
                .iter()
                .any(|o| o.name == n && o.kind == VarKind::Single)
        };
        let typed_attr = |n: &str| op.attributes.iter().any(|a| a.name == n && !a.is_property);
        let known_input = |n: &str| single_operand(n) || typed_attr(n);
        let first_operand = op.operands.first().filter(|o| o.kind == VarKind::Single);
        let mut out = Vec::new();
        for res in &op.results {
            let source = if op.has_trait("SameOperandsAndResultType") && first_operand.is_some() {
                first_operand.map(|o| ResultTypeSource::SameAs {
                    name: o.name.clone(),
                    transform: None,
                })
            } else if let Some(call) = &res.constraint.builder_call {
                Some(ResultTypeSource::Buildable(call.clone()))
            } else if let Some(other) = groups
                .iter()
                .filter(|g| g.contains(&res.name))
                .flat_map(|g| g.iter())
                .find(|n| **n != res.name && known_input(n))
            {
                Some(ResultTypeSource::SameAs {
                    name: other.clone(),
                    transform: None,
                })
            } else if let Some((lhs, _, tf)) = transforms
                .iter()
                .find(|(l, rhs, _)| *rhs == res.name && known_input(l))
            {
                Some(ResultTypeSource::SameAs {
                    name: lhs.clone(),
                    transform: Some(tf.clone()),
                })
            } else if op.has_trait("FirstAttrDerivedResultType") && !op.attributes.is_empty() {
                Some(ResultTypeSource::FirstAttribute)
            } else {
                None
            };
            out.push(source?);
        }
        Some(out)
    }

    pub(super) fn value_model(
        &self,
        c: &'r Record,
        name: String,
        description: String,
    ) -> ValueModel {
        let kind = if c.is_subclass_of("VariadicOfVariadic") {
            VarKind::VariadicOfVariadic {
                segment_attr: str_or_empty(c, "segmentAttrName"),
            }
        } else if c.is_subclass_of("Variadic") {
            VarKind::Variadic
        } else if c.is_subclass_of("Optional") {
            VarKind::Optional
        } else {
            VarKind::Single
        };
        ValueModel {
            name,
            kind,
            constraint: self.type_constraint(c),
            description,
            effects: Vec::new(),
        }
    }

    pub(super) fn type_constraint(&self, c: &'r Record) -> TypeConstraintModel {
        let label = || record_label(c);
        // A variable-length constraint builds its element type, like
        // mlir-tblgen's `TypeConstraint::getBuilderCall`.
        let builder = c.value("baseType").and_then(|v| self.def(v)).unwrap_or(c);
        TypeConstraintModel {
            def_name: (!c.anonymous).then(|| c.name.clone()),
            summary: str_or_empty(c, "summary"),
            predicate: self.pred(c.value("predicate"), &label),
            rust_type: self
                .snippet_field(c, "cppType", SnippetKind::Type, &label)
                .unwrap_or_else(|| "::ir::Type".to_string()),
            builder_call: self
                .snippet_field(builder, "builderCall", SnippetKind::Expr, &|| {
                    record_label(builder)
                })
                .filter(|s| !s.is_empty()),
            has_own_syntax: c.is_subclass_of("TypeDef") && !str_or_empty(c, "mnemonic").is_empty(),
        }
    }

    pub(super) fn attribute_model(
        &self,
        c: &'r Record,
        name: String,
        description: String,
        is_property: bool,
    ) -> AttributeModel {
        let label = || format!("attribute '{name}' ({})", record_label(c));
        let s = |f: &str| {
            let kind = match f {
                "storageType" | "returnType" | "interfaceType" => SnippetKind::Type,
                _ => SnippetKind::Expr,
            };
            self.snippet_field(c, f, kind, &label)
        };
        let default_value = s("defaultValue")
            .filter(|d| !d.is_empty())
            .map(|d| self.rust_default(c, d));
        let value_type_builder = c
            .value("valueType")
            .and_then(|v| self.def(v))
            .and_then(|t| {
                self.snippet_field(t, "builderCall", SnippetKind::Expr, &|| record_label(t))
            })
            .filter(|b| !b.is_empty());
        let is_unit = self.is_unit(c);
        let generic_parser = !is_property && self.is_generic_attr(c);
        let predicate = self.pred(c.value("predicate"), &label);
        let storage_type = s("storageType").unwrap_or_default();
        let return_type = if is_property {
            s("interfaceType")
                .filter(|t| !t.is_empty())
                .unwrap_or_else(|| storage_type.clone())
        } else {
            s("returnType").unwrap_or_default()
        };
        let convert_from_storage = s("convertFromStorage").unwrap_or_default();
        let const_builder_call = s("constBuilderCall");
        let base = self.base_attr(c);
        let base_def_name = base.filter(|b| !b.anonymous).map(|b| b.name.clone());
        let attr_def = base
            .filter(|b| {
                !is_property
                    && b.is_subclass_of("AttrDef")
                    && !b.is_subclass_of("EnumAttr")
                    && !str_or_empty(b, "mnemonic").is_empty()
            })
            .map(|b| str_or_empty(b, "cppType"));
        AttributeModel {
            name,
            def_name: (!c.anonymous).then(|| c.name.clone()),
            base_def_name,
            summary: str_or_empty(c, "summary"),
            predicate,
            storage_type,
            return_type,
            convert_from_storage,
            const_builder_call,
            optional: if is_property {
                c.is_subclass_of("OptionalProp")
            } else {
                c.bit_field("isOptional")
            },
            default_value,
            is_property,
            value_type_builder,
            is_unit,
            generic_parser,
            attr_def,
            optional_parser: c
                .str_field("optionalParser")
                .filter(|p| is_property && !p.is_empty())
                .map(str::to_string),
            is_derived: c.is_subclass_of("DerivedAttr"),
            description,
        }
    }
}

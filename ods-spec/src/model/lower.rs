//! The entry points and the lowering driver: records to a [`SpecModel`],
//! with the checks' report; each kind of record is lowered in its own
//! module.

use super::*;

/// Lowers records to the model, with semantic checks. All problems are
/// reported, not only the first. `sources` holds the files the records
/// came from (errors in format strings point inside them).
pub fn lower(records: &RecordKeeper, sources: &SourceMap) -> Result<SpecModel, Vec<Diagnostic>> {
    let (model, report) = lower_and_report(records, sources);
    if report.errors.is_empty() {
        Ok(SpecModel {
            warnings: report.warnings,
            ..model
        })
    } else {
        Err(report.errors)
    }
}

/// Like [`lower`], but a snippet that is not Rust is no error: for what
/// reads a spec's interface and none of its Rust (the documentation,
/// comparing a port with the upstream spec it came from), which works on
/// an upstream spec before its C++ is ported.
pub fn lower_interface(
    records: &RecordKeeper,
    sources: &SourceMap,
) -> Result<SpecModel, Vec<Diagnostic>> {
    let (model, mut report) = lower_and_report(records, sources);
    // The snippet errors come last (see `lower_and_report`).
    report
        .errors
        .truncate(report.errors.len() - report.snippet_errors);
    if report.errors.is_empty() {
        Ok(SpecModel {
            warnings: report.warnings,
            ..model
        })
    } else {
        Err(report.errors)
    }
}

/// Runs every semantic check of [`lower`] (format checks included) and
/// reports what it found, whether or not there are errors.
pub fn check(records: &RecordKeeper, sources: &SourceMap) -> CheckReport {
    lower_and_report(records, sources).1
}

pub(super) fn lower_and_report(
    records: &RecordKeeper,
    sources: &SourceMap,
) -> (SpecModel, CheckReport) {
    lower_after(records, sources, &LibraryModel::none())
}

/// [`lower_and_report`] of records whose first defs are `library`'s, that
/// lowering taken as done (see [`LibraryModel`]).
pub(super) fn lower_after(
    records: &RecordKeeper,
    sources: &SourceMap,
    library: &LibraryModel,
) -> (SpecModel, CheckReport) {
    // The spec's own defs, looked up once (every kind of record lowered
    // below is a walk over them).
    let raw_own = namespaces::own_defs(records, library.defs);
    let (namespaces, mapping_errors) = Namespaces::from_defs(&raw_own);
    let rewritten;
    let (lowered, own) = if namespaces.is_empty() {
        (records, raw_own.clone())
    } else {
        rewritten = namespaces.rewrite_records(records);
        let own = namespaces::own_defs(&rewritten, library.defs);
        (&rewritten, own)
    };
    let mut l = Lowerer {
        records: lowered,
        own: own.into(),
        raw: records,
        sources,
        diags: Vec::new(),
        warnings: Vec::new(),
        op_formats_checked: 0,
        attr_formats_checked: 0,
        format_errors: 0,
        snippets: RefCell::default(),
        ops_with_snippet_errors: 0,
        library,
    };
    l.diags.extend(mapping_errors);
    // A C++ namespace left unmapped is C++ left to port, as a snippet
    // is: `lower_interface` reads upstream's specs despite it.
    l.snippets
        .get_mut()
        .errors
        .extend(namespaces.check_defs(&raw_own));
    let model = l.lower_all();
    let ops = l.own_defs_of("Op").filter(|r| !r.anonymous).count();
    let snippets = l.snippets.into_inner();
    let snippet_errors = snippets.errors.len();
    // Snippet errors last: `lower_interface` leaves them out.
    let mut errors = l.diags;
    errors.extend(snippets.errors);
    let report = CheckReport {
        errors,
        warnings: l.warnings,
        ops,
        op_formats_checked: l.op_formats_checked,
        attr_formats_checked: l.attr_formats_checked,
        format_errors: l.format_errors,
        snippets_checked: snippets.checked,
        snippet_errors,
        ops_with_snippet_errors: l.ops_with_snippet_errors,
    };
    (model, report)
}

pub(super) struct Lowerer<'r> {
    /// The records with their C++ namespaces rewritten into Rust paths
    /// (see `namespaces`): what lowering reads.
    pub(super) records: &'r RecordKeeper,
    /// The defs of `records` after the library's, in definition order.
    pub(super) own: std::rc::Rc<[&'r Record]>,
    /// The records as written: what messages that name C++ classes read.
    pub(super) raw: &'r RecordKeeper,
    pub(super) sources: &'r SourceMap,
    pub(super) diags: Vec<Diagnostic>,
    pub(super) warnings: Vec<Diagnostic>,
    pub(super) op_formats_checked: usize,
    pub(super) attr_formats_checked: usize,
    pub(super) format_errors: usize,
    /// Every Rust snippet met, checked once (lowering reads records
    /// through `&self`, hence the cell).
    pub(super) snippets: RefCell<SnippetLog>,
    pub(super) ops_with_snippet_errors: usize,
    /// The library lowered already: its defs are skipped, its model's
    /// parts taken as they are.
    pub(super) library: &'r LibraryModel,
}

/// Where `field` of `r` was set, when that is in the record's own file
/// (a value inherited from the standard library points at the record).
pub(super) fn field_span(r: &Record, field: &str) -> Span {
    r.field(field)
        .map(|f| f.span)
        .filter(|s| s.file == r.span.file)
        .unwrap_or(r.span)
}

/// The Rust name codegen gives an enum case: the symbol in UpperCamelCase
/// for a one-of enum's variant, in SHOUTY_SNAKE_CASE for a bit enum's
/// associated const.
pub(crate) fn enum_variant(symbol: &str, bit_enum: bool) -> String {
    use heck::{ToShoutySnakeCase, ToUpperCamelCase};
    if bit_enum {
        symbol.to_shouty_snake_case()
    } else {
        symbol.to_upper_camel_case()
    }
}

/// The Rust path of the type `class_name` of an enum attribute in module
/// `namespace`.
pub(super) fn enum_attr_path(namespace: &str, class_name: &str) -> String {
    if namespace.is_empty() {
        class_name.to_string()
    } else {
        format!("{namespace}::{class_name}")
    }
}

pub(super) fn str_or_empty(r: &Record, field: &str) -> String {
    r.str_field(field).unwrap_or_default().to_string()
}

impl Lowerer<'_> {
    /// `field` of `r` as written, before C++ namespaces became Rust paths
    /// (for messages that name C++ classes as upstream's do).
    pub(super) fn written_str(&self, r: &Record, field: &str) -> String {
        let raw = self.raw.def(&r.name).unwrap_or(r);
        str_or_empty(raw, field)
    }
}

/// How an error names a record: its name, or for an anonymous one (an
/// inline `TypeConstraint<...>`, `DefaultValuedAttr<...>`) its class and
/// summary.
pub(super) fn record_label(r: &Record) -> String {
    if !r.anonymous {
        return format!("'{}'", r.name);
    }
    let class = r.superclasses.last().map_or("record", String::as_str);
    match r.str_field("summary").filter(|s| !s.is_empty()) {
        Some(summary) => format!("'{class}' ({summary})"),
        None => format!("'{class}'"),
    }
}

impl<'r> Lowerer<'r> {
    /// Checks a snippet about to enter the model (see `model/snippets.rs`).
    pub(super) fn check_snippet(&self, snippet: Snippet, what: &dyn Fn() -> String) {
        self.snippets
            .borrow_mut()
            .check(self.sources, snippet, what);
    }

    /// The text of field `field` of `r`, checked as a snippet of `kind`
    /// named "`field` of `owner`".
    pub(super) fn snippet_field(
        &self,
        r: &Record,
        field: &str,
        kind: SnippetKind,
        owner: &dyn Fn() -> String,
    ) -> Option<String> {
        let text = r.value(field)?.as_text()?;
        let snippet = Snippet {
            text,
            fallback: field_span(r, field),
            kind,
        };
        self.check_snippet(snippet, &|| format!("`{field}` of {}", owner()));
        Some(text.text.clone())
    }

    /// `file:line` of the literal `field` of `r` was written as: where
    /// generated code says a snippet comes from.
    /// `file:line:col` of where `r` was defined.
    pub(super) fn def_at(&self, r: &Record) -> String {
        let (line, col) = self.sources.line_col(r.span.file, r.span.start);
        format!("{}:{line}:{col}", self.sources.file(r.span.file).name)
    }

    pub(super) fn snippet_origin(&self, r: &Record, field: &str) -> Option<String> {
        let span = r.value(field)?.as_text()?.span?;
        let (line, _) = self.sources.line_col(span.file, span.start);
        Some(format!("{}:{line}", self.sources.file(span.file).name))
    }

    pub(super) fn err(&mut self, span: Span, msg: impl Into<String>) {
        self.diags.push(Diagnostic::error(span, msg));
    }

    pub(super) fn def(&self, v: &Value) -> Option<&'r Record> {
        v.as_def().and_then(|d| self.records.def(d))
    }

    pub(super) fn lower_all(&mut self) -> SpecModel {
        let mut dialects: Vec<DialectModel> = Vec::new();
        let mut index: HashMap<String, usize> = HashMap::new();
        for r in self.own_defs_of("Dialect") {
            if r.anonymous {
                continue;
            }
            index.insert(r.name.clone(), dialects.len());
            dialects.push(DialectModel {
                def_name: r.name.clone(),
                name: str_or_empty(r, "name"),
                summary: str_or_empty(r, "summary"),
                description: str_or_empty(r, "description"),
                namespace: str_or_empty(r, "cppNamespace"),
                dependent_dialects: r
                    .value("dependentDialects")
                    .and_then(Value::as_list)
                    .unwrap_or_default()
                    .iter()
                    .filter_map(|v| v.as_str().map(str::to_string))
                    .collect(),
                has_constant_materializer: r.bit_field("hasConstantMaterializer"),
                has_operation_attr_verify: r.bit_field("hasOperationAttrVerify"),
                has_region_arg_attr_verify: r.bit_field("hasRegionArgAttrVerify"),
                has_region_result_attr_verify: r.bit_field("hasRegionResultAttrVerify"),
                ops: Vec::new(),
                type_defs: Vec::new(),
                attr_defs: Vec::new(),
                enum_attr_defs: Vec::new(),
                span: r.span,
            });
            if str_or_empty(r, "name").is_empty() {
                self.err(r.span, format!("dialect '{}' has no 'name'", r.name));
            }
        }
        for r in self.own_defs_of("Op") {
            if r.anonymous {
                continue;
            }
            let Some(op) = self.lower_op(r) else { continue };
            let dialect = r
                .value("opDialect")
                .and_then(Value::as_def)
                .unwrap_or_default();
            match index.get(dialect) {
                Some(&i) => dialects[i].ops.push(op),
                None => self.err(
                    field_span(r, "opDialect"),
                    format!("op '{}' belongs to unknown dialect '{dialect}'", r.name),
                ),
            }
        }
        for d in &dialects {
            let mut seen: HashMap<&str, Span> = HashMap::new();
            for op in &d.ops {
                if let Some(prev) = seen.insert(&op.full_name, op.span) {
                    self.diags.push(
                        Diagnostic::error(
                            op.span,
                            format!("op '{}' is defined twice", op.full_name),
                        )
                        .with_note(Some(prev), "first defined here"),
                    );
                }
            }
        }
        let enums = self
            .own_defs_of("EnumInfo")
            .filter(|r| !r.anonymous)
            .collect::<Vec<_>>()
            .into_iter()
            .map(|r| self.lower_enum(r))
            .collect();
        let enum_attrs: Vec<EnumAttrDefModel> = self
            .own_defs_of("EnumAttr")
            .filter(|r| !r.anonymous)
            .collect::<Vec<_>>()
            .into_iter()
            .filter_map(|r| self.lower_enum_attr(r))
            .collect();
        let mut attr_type_defs = self.lower_attr_type_defs();
        for d in &mut dialects {
            d.type_defs = attr_type_defs::def_paths(&attr_type_defs, &d.name, true);
            d.attr_defs = attr_type_defs::def_paths(&attr_type_defs, &d.name, false);
            // An enum attribute lives in its enum's `cppNamespace`, not
            // necessarily the dialect's.
            d.enum_attr_defs.extend(
                enum_attrs
                    .iter()
                    .filter(|a| a.dialect == d.name && !a.mnemonic.is_empty())
                    .map(|a| enum_attr_path(&a.namespace, &a.class_name)),
            );
        }
        let interfaces = self.lower_interfaces();
        for d in &mut attr_type_defs {
            d.interfaces = self.def_interfaces(d, &interfaces);
        }
        for op in dialects.iter_mut().flat_map(|d| &mut d.ops) {
            self.attach_interfaces(op, &interfaces);
        }
        let patterns = self.lower_patterns(&dialects);
        let canonicalizers = self.lower_canonicalizers(&dialects, &patterns);
        SpecModel {
            patterns,
            canonicalizers,
            dialects,
            enums,
            enum_attrs,
            attr_type_defs,
            interfaces,
            warnings: Vec::new(),
        }
    }
}

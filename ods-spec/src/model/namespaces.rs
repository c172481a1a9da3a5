//! C++ namespaces to Rust modules. Input: the records' `Dialect` defs (a
//! dialect's `cppNamespace` and our `rustNamespace` extension); output: a
//! [`Namespaces`] map that gives every item's Rust path from its
//! `cppNamespace`, rewrites the record values built from C++ namespaces
//! (`cppType`, `constBuilderCall`, predicates, ...) into Rust, and reports
//! a `cppNamespace` that is neither mapped nor a Rust path.
//!
//! Ports keep upstream's `cppNamespace` (`::mlir::gpu`) because messages
//! name C++ classes as mlir-opt does (`expected ::mlir::gpu::AddressSpace
//! to be one of: ...`), while generated code needs the Rust module
//! (`crate::gpu`). A namespace is mapped when it is a dialect's
//! `cppNamespace` or lies under one (`::mlir::gpu::detail` ->
//! `crate::gpu::detail`, the longest match wins); an unmapped one is the
//! Rust path itself, as a `.ods` written for Rust (`crate::foo`) has it.

use crate::diag::{Diagnostic, Span};
use crate::record::{Record, RecordField, RecordKeeper, Text, Value};

/// One dialect's mapping: its `cppNamespace` (leading `::` left out: C++
/// reads `::a::b` and `a::b` alike at namespace scope) to `rustNamespace`.
#[derive(Clone, Debug)]
struct Mapping {
    cpp: String,
    rust: String,
}

/// The C++-to-Rust namespace map of one record set (see the module
/// comment).
#[derive(Clone, Debug, Default)]
pub struct Namespaces {
    /// Longest `cpp` first, so that the first match is the longest.
    mappings: Vec<Mapping>,
}

/// Fields whose text is prose or a Rust module already: never rewritten
/// (`cppNamespace` is: the model reads the Rust path; messages read the
/// records as written).
const KEPT_FIELDS: &[&str] = &["rustNamespace", "summary", "description"];

impl Namespaces {
    /// The map of the dialects among `records`, and the errors in their
    /// `rustNamespace` settings (not a Rust path; two dialects mapping
    /// one C++ namespace to different modules).
    pub fn from_records(records: &RecordKeeper) -> (Namespaces, Vec<Diagnostic>) {
        Namespaces::from_records_after(records, 0)
    }

    /// [`Namespaces::from_records`] of the defs after the first `skip`
    /// (a library that defines no dialect).
    pub fn from_records_after(
        records: &RecordKeeper,
        skip: usize,
    ) -> (Namespaces, Vec<Diagnostic>) {
        Namespaces::from_defs(&own_defs(records, skip))
    }

    /// [`Namespaces::from_records`] of `defs` (a spec's own defs, in
    /// definition order).
    pub(super) fn from_defs(defs: &[&Record]) -> (Namespaces, Vec<Diagnostic>) {
        let mut mappings: Vec<Mapping> = Vec::new();
        let mut spans: Vec<Span> = Vec::new();
        let mut diags = Vec::new();
        let dialects = defs
            .iter()
            .filter(|r| r.is_subclass_of("Dialect") && !r.anonymous);
        for r in dialects {
            let rust = r.str_field("rustNamespace").unwrap_or_default();
            if rust.is_empty() {
                continue;
            }
            let span = value_span(r, "rustNamespace");
            if !is_module_path(rust) {
                diags.push(Diagnostic::error(
                    span,
                    format!(
                        "rustNamespace \"{rust}\" of dialect '{}' is not a Rust module path (write it as in a `use`: `crate::name`)",
                        r.name
                    ),
                ));
                continue;
            }
            let cpp = strip_global(r.str_field("cppNamespace").unwrap_or_default());
            if cpp.is_empty() {
                diags.push(Diagnostic::error(
                    span,
                    format!(
                        "dialect '{}' sets rustNamespace but has no cppNamespace to map",
                        r.name
                    ),
                ));
                continue;
            }
            match mappings.iter().position(|m| m.cpp == cpp) {
                Some(i) if mappings[i].rust != rust => diags.push(
                    Diagnostic::error(
                        span,
                        format!(
                            "cppNamespace \"{cpp}\" is mapped to two Rust modules: `{}` and `{rust}`",
                            mappings[i].rust
                        ),
                    )
                    .with_note(Some(spans[i]), "the other mapping"),
                ),
                Some(_) => {}
                None => {
                    mappings.push(Mapping {
                        cpp: cpp.to_string(),
                        rust: rust.to_string(),
                    });
                    spans.push(span);
                }
            }
        }
        mappings.sort_by_key(|m| std::cmp::Reverse(m.cpp.len()));
        (Namespaces { mappings }, diags)
    }

    /// A map from `(cppNamespace, rustNamespace)` pairs (tests).
    #[cfg(test)]
    pub fn from_pairs(pairs: &[(&str, &str)]) -> Namespaces {
        let mut mappings: Vec<Mapping> = pairs
            .iter()
            .map(|(c, r)| Mapping {
                cpp: strip_global(c).to_string(),
                rust: r.to_string(),
            })
            .collect();
        mappings.sort_by_key(|m| std::cmp::Reverse(m.cpp.len()));
        Namespaces { mappings }
    }

    /// True when no dialect sets `rustNamespace`.
    pub fn is_empty(&self) -> bool {
        self.mappings.is_empty()
    }

    /// The Rust path of C++ namespace `cpp`: the mapped module (exact or
    /// longest `::`-prefix match), else `cpp` itself when it is a Rust
    /// path; the message says why it is neither.
    pub fn rust_path(&self, cpp: &str) -> Result<String, String> {
        if cpp.is_empty() {
            return Ok(String::new());
        }
        if let Some(rust) = self.mapped(cpp) {
            return Ok(rust);
        }
        if is_rust_path(cpp) {
            return Ok(cpp.to_string());
        }
        Err(format!(
            "cppNamespace \"{cpp}\" is not Rust (C++ left to port?): no dialect maps it to a Rust module; set `let rustNamespace = \"crate::...\";` on the dialect whose cppNamespace it is (or lies under), or write the Rust path here"
        ))
    }

    /// `text` with every path that starts with a mapped C++ namespace
    /// rewritten to its Rust module; `None` when nothing matched.
    pub fn rewrite(&self, text: &str) -> Option<String> {
        if !self.mappings.iter().any(|m| text.contains(m.cpp.as_str())) {
            return None;
        }
        let mut out = String::new();
        let mut copied = 0;
        let mut i = 0;
        while i < text.len() {
            if let Some((len, rust)) = self.match_at(text, i) {
                out.push_str(&text[copied..i]);
                out.push_str(rust);
                i += len;
                copied = i;
            } else {
                i += 1;
                while i < text.len() && !text.is_char_boundary(i) {
                    i += 1;
                }
            }
        }
        if copied == 0 {
            return None;
        }
        out.push_str(&text[copied..]);
        Some(out)
    }

    /// The length matched at byte `i` of `text` and the Rust module it
    /// becomes, when a mapped namespace starts a path there.
    fn match_at<'m>(&'m self, text: &str, i: usize) -> Option<(usize, &'m str)> {
        let before = text[..i].chars().next_back();
        if before.is_some_and(|c| is_ident_char(c) || c == ':') {
            return None;
        }
        let rest = &text[i..];
        let (global, bare) = match rest.strip_prefix("::") {
            Some(b) => (2, b),
            None => (0, rest),
        };
        self.mappings.iter().find_map(|m| {
            let after = bare.strip_prefix(m.cpp.as_str())?;
            if after.chars().next().is_some_and(is_ident_char) {
                return None;
            }
            // Only a namespace is rewritten, never a name that spells
            // like one: a one-segment namespace (`t`) is a path only with
            // a leading `::` or a `::` after it (`t::A`), not in a
            // dialect's `name = "t"` or an op's name `t.a`.
            let path = global > 0 || m.cpp.contains("::") || after.starts_with("::");
            path.then_some((global + m.cpp.len(), m.rust.as_str()))
        })
    }

    /// `records` with every string and code value of every def rewritten
    /// by [`Namespaces::rewrite`], but for prose and `rustNamespace` (see
    /// `KEPT_FIELDS`).
    pub fn rewrite_records(&self, records: &RecordKeeper) -> RecordKeeper {
        let mut out = records.clone();
        for def in out.defs.values_mut() {
            // Most defs (the standard library's) hold no mapped namespace:
            // they stay shared with `records` instead of being copied.
            if !def.fields.iter().any(|f| self.field_changes(f)) {
                continue;
            }
            for f in &mut std::sync::Arc::make_mut(def).fields {
                if KEPT_FIELDS.contains(&&*f.name) {
                    continue;
                }
                match &mut f.value {
                    // A namespace as a whole, written with or without its
                    // leading `::` (`t` is `::t` there).
                    Value::Str(t) | Value::Code(t) if &*f.name == "cppNamespace" => {
                        if let Some(rust) = self.mapped(&t.text) {
                            t.text = rust;
                        }
                    }
                    v => self.rewrite_value(v),
                }
            }
        }
        out
    }

    /// True when [`Namespaces::rewrite_records`] may change field `f`
    /// (its text mentions a mapped namespace; a cheap test that may say
    /// yes to a text that is then left as it is).
    fn field_changes(&self, f: &RecordField) -> bool {
        !KEPT_FIELDS.contains(&&*f.name) && self.value_mentions(&f.value)
    }

    fn value_mentions(&self, v: &Value) -> bool {
        match v {
            Value::Str(t) | Value::Code(t) => self
                .mappings
                .iter()
                .any(|m| t.text.contains(m.cpp.as_str())),
            Value::List(items) => items.iter().any(|i| self.value_mentions(i)),
            Value::Dag(d) => {
                self.value_mentions(&d.op) || d.args.iter().any(|(a, _)| self.value_mentions(a))
            }
            _ => false,
        }
    }

    /// The Rust module of C++ namespace `cpp` when a dialect maps it (or
    /// a namespace it lies under).
    fn mapped(&self, cpp: &str) -> Option<String> {
        let bare = strip_global(cpp);
        self.mappings.iter().find_map(|m| {
            let rest = bare.strip_prefix(m.cpp.as_str())?;
            (rest.is_empty() || rest.starts_with("::")).then(|| format!("{}{rest}", m.rust))
        })
    }

    fn rewrite_value(&self, v: &mut Value) {
        match v {
            Value::Str(t) | Value::Code(t) => self.rewrite_text(t),
            Value::List(items) => items.iter_mut().for_each(|i| self.rewrite_value(i)),
            Value::Dag(d) => {
                self.rewrite_value(&mut d.op);
                d.args.iter_mut().for_each(|(a, _)| self.rewrite_value(a));
            }
            _ => {}
        }
    }

    fn rewrite_text(&self, t: &mut Text) {
        if let Some(new) = self.rewrite(&t.text) {
            t.text = new;
        }
    }

    /// An error per distinct `cppNamespace` of `records`' defs that is
    /// neither mapped nor a Rust path, at the first place it is written
    /// (dialects first: an op's namespace is its dialect's). The first
    /// `skip` defs are left out (a library checked already).
    pub fn check_records(&self, records: &RecordKeeper, skip: usize) -> Vec<Diagnostic> {
        self.check_defs(&own_defs(records, skip))
    }

    /// [`Namespaces::check_records`] of `defs` (a spec's own defs, in
    /// definition order).
    pub(super) fn check_defs(&self, defs: &[&Record]) -> Vec<Diagnostic> {
        let mut seen: Vec<&str> = Vec::new();
        let mut diags = Vec::new();
        let dialects = defs.iter().filter(|r| r.is_subclass_of("Dialect"));
        let others = defs.iter().filter(|r| !r.is_subclass_of("Dialect"));
        for r in dialects.chain(others) {
            let Some(ns) = r.str_field("cppNamespace") else {
                continue;
            };
            if seen.contains(&ns) {
                continue;
            }
            seen.push(ns);
            if let Err(message) = self.rust_path(ns) {
                diags.push(Diagnostic::error(value_span(r, "cppNamespace"), message));
            }
        }
        diags
    }
}

/// The defs of `records` after the first `skip`, in definition order.
pub(super) fn own_defs(records: &RecordKeeper, skip: usize) -> Vec<&Record> {
    let own = records.def_order.get(skip..).unwrap_or_default();
    own.iter().filter_map(|n| records.def(n)).collect()
}

/// Where the value of `field` of `r` was written: the literal's span when
/// the value kept it (an op's namespace is its dialect's literal), else
/// where the field was set.
fn value_span(r: &Record, field: &str) -> Span {
    match r.value(field) {
        Some(Value::Str(Text {
            span: Some(span), ..
        })) => *span,
        _ => super::field_span(r, field),
    }
}

fn strip_global(ns: &str) -> &str {
    ns.strip_prefix("::").unwrap_or(ns)
}

fn is_ident_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// A module path generated code can name: identifiers joined by `::`,
/// whose leading `::` (an external crate) is only the runtime every
/// generated file uses already (`::ods_runtime`, where the standard
/// library's traits and interfaces live). Upstream writes every C++
/// namespace with a leading `::` (`::mlir::gpu`), so an unmapped one is
/// C++ left to map, not a crate; another crate is written without it.
pub(crate) fn is_rust_path(text: &str) -> bool {
    match text.strip_prefix("::") {
        Some(rest) => rest.split("::").next() == Some("ods_runtime") && is_module_path(rest),
        None => is_module_path(text),
    }
}

/// Identifiers joined by `::`, with an optional leading `::` (what a
/// `rustNamespace` may be).
fn is_module_path(text: &str) -> bool {
    let text = text.strip_prefix("::").unwrap_or(text);
    text.split("::").all(|seg| {
        let mut chars = seg.chars();
        chars.next().is_some_and(|c| c.is_alphabetic() || c == '_') && chars.all(is_ident_char)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn gpu() -> Namespaces {
        Namespaces::from_pairs(&[
            ("::mlir::gpu", "crate::gpu"),
            ("::mlir::arith", "crate::arith"),
        ])
    }

    #[test]
    fn an_exact_match_is_the_dialects_module() {
        assert_eq!(gpu().rust_path("::mlir::gpu").unwrap(), "crate::gpu");
        // C++ reads `mlir::gpu` at namespace scope as `::mlir::gpu`.
        assert_eq!(gpu().rust_path("mlir::gpu").unwrap(), "crate::gpu");
    }

    #[test]
    fn a_namespace_under_a_dialects_is_mapped_by_the_longest_prefix() {
        let ns =
            Namespaces::from_pairs(&[("::mlir", "crate::core"), ("::mlir::gpu", "crate::gpu")]);
        assert_eq!(
            ns.rust_path("::mlir::gpu::detail").unwrap(),
            "crate::gpu::detail"
        );
        assert_eq!(ns.rust_path("::mlir::other").unwrap(), "crate::core::other");
        // A prefix ends at a `::`: `gpux` is not under `gpu`.
        assert_eq!(gpu().rust_path("::mlir::gpux").map_err(|_| ()), Err(()));
    }

    #[test]
    fn an_unmapped_rust_path_is_used_as_it_is() {
        for ns in [
            "crate::foo",
            "foo",
            "super::x",
            "::ods_runtime::interfaces",
            "",
        ] {
            assert_eq!(gpu().rust_path(ns).unwrap(), ns);
        }
    }

    #[test]
    fn an_unmapped_cpp_namespace_is_an_error_naming_the_fix() {
        for ns in [
            "::mlir::tosa",
            "::mlir::async",
            "a::b<c>",
            "::t",
            "a::",
            "2d::x",
        ] {
            let err = gpu().rust_path(ns).unwrap_err();
            assert!(err.contains(&format!("\"{ns}\"")), "{err}");
            assert!(err.contains("rustNamespace"), "{err}");
        }
    }

    #[test]
    fn rewriting_maps_paths_that_start_with_a_mapped_namespace() {
        let ns = gpu();
        assert_eq!(
            ns.rewrite("::mlir::gpu::AddressSpaceAttr::get($_ctxt, $0)")
                .as_deref(),
            Some("crate::gpu::AddressSpaceAttr::get($_ctxt, $0)")
        );
        assert_eq!(
            ns.rewrite("pred::attr_is::<::mlir::arith::FastMathFlagsAttr>(x) && \"mlir::gpu::I\"")
                .as_deref(),
            Some("pred::attr_is::<crate::arith::FastMathFlagsAttr>(x) && \"crate::gpu::I\"")
        );
        // Not at the start of a path, or only a prefix of a name.
        assert_eq!(ns.rewrite("x::mlir::gpu::A"), None);
        assert_eq!(ns.rewrite("::mlir::gpux::A"), None);
        assert_eq!(ns.rewrite("my_mlir::gpu"), None);
        assert_eq!(ns.rewrite("crate::gpu::A"), None);
    }

    /// A dialect named as the last segment of its namespace (`name = "t"`,
    /// `cppNamespace = "::t"`) keeps its name and its ops' names: only
    /// paths are rewritten.
    #[test]
    fn names_that_spell_a_one_segment_namespace_are_kept() {
        let ns = Namespaces::from_pairs(&[("::t", "crate::t")]);
        assert_eq!(ns.rewrite("t"), None);
        assert_eq!(ns.rewrite("t.a"), None);
        assert_eq!(ns.rewrite("'t.a' op operand #0"), None);
        assert_eq!(ns.rewrite("t::A").as_deref(), Some("crate::t::A"));
        assert_eq!(ns.rewrite("::t::A").as_deref(), Some("crate::t::A"));
        assert_eq!(ns.rewrite("::t").as_deref(), Some("crate::t"));
        assert_eq!(ns.rust_path("t").unwrap(), "crate::t");
        // A namespace of two segments is a path wherever it is written.
        assert_eq!(gpu().rewrite("mlir::gpu").as_deref(), Some("crate::gpu"));
    }
}

//! The spec's Rust snippets, checked where they enter the model. In: the
//! text of a snippet (a `CPred`'s expression, a return type,
//! `extraClassDeclaration`, a builder body, ...), the kind of Rust it must
//! be, and the literal it was written as. Out: the text unchanged, or an
//! error at that literal saying what the snippet is and that it is not
//! Rust: what is left to port in a spec taken from upstream's C++ (so that
//! code generation, which splices snippets in, never meets one that does
//! not parse).
//!
//! Placeholders (`$_self`, `$lhs`, `$0`) are replaced by identifiers of the
//! same length before parsing: each stands for an expression the generator
//! supplies, and keeping offsets lets a later change point inside the
//! snippet.

use std::collections::{HashMap, HashSet};

use syn::parse::{ParseStream, Parser};

use crate::diag::{Diagnostic, SourceMap, Span};
use crate::format::FormatSource;
use crate::record::Text;

/// The kind of Rust a snippet must be, from where the generator puts it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum SnippetKind {
    /// An expression (predicates, defaults, conversions, builder calls).
    Expr,
    /// A type (storage, return and parameter types).
    Type,
    /// Items inside the op's `impl` block (`extraClassDeclaration`).
    ImplItems,
    /// Items at module level (`extraClassDefinition`).
    Items,
    /// Statements (a custom builder's body).
    Stmts,
}

impl SnippetKind {
    /// What the snippet should have been, for the caret's label.
    fn expected(self) -> &'static str {
        match self {
            SnippetKind::Expr => "expected a Rust expression",
            SnippetKind::Type => "expected a Rust type",
            SnippetKind::ImplItems => "expected Rust items of an `impl` block",
            SnippetKind::Items => "expected Rust items",
            SnippetKind::Stmts => "expected Rust statements",
        }
    }
}

/// `text` with every `$` that starts a placeholder (`$_self`, `$name`,
/// `$0`) turned into `_`, so that the placeholder reads as an identifier
/// of the same length.
fn neutralize_placeholders(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        let starts_name = chars
            .peek()
            .is_some_and(|n| n.is_ascii_alphanumeric() || *n == '_');
        out.push(if c == '$' && starts_name { '_' } else { c });
    }
    out
}

fn impl_items(input: ParseStream) -> syn::Result<()> {
    while !input.is_empty() {
        input.parse::<syn::ImplItem>()?;
    }
    Ok(())
}

fn items(input: ParseStream) -> syn::Result<()> {
    input.call(syn::Attribute::parse_inner)?;
    while !input.is_empty() {
        input.parse::<syn::Item>()?;
    }
    Ok(())
}

/// Why `text` is not Rust of `kind` (syn's message), or `None` when it is.
pub(crate) fn rust_syntax_error(text: &str, kind: SnippetKind) -> Option<String> {
    let text = neutralize_placeholders(text);
    let result = match kind {
        SnippetKind::Expr => syn::parse_str::<syn::Expr>(&text).map(drop),
        SnippetKind::Type => syn::parse_str::<syn::Type>(&text).map(drop),
        SnippetKind::ImplItems => impl_items.parse_str(&text),
        SnippetKind::Items => items.parse_str(&text),
        SnippetKind::Stmts => syn::Block::parse_within.parse_str(&text).map(drop),
    };
    result.err().map(|e| e.to_string())
}

/// Every snippet checked during one lowering: the errors (each snippet
/// once, however many ops use it) and the counts `--check` prints.
#[derive(Debug, Default)]
pub(crate) struct SnippetLog {
    /// Where snippets found not to be Rust were written (one error per
    /// place: text pasted into a library predicate is reported once, where
    /// its author wrote it).
    bad: HashSet<Span>,
    /// Snippets already checked and fine: by text, where and as what
    /// (computed texts may share the place they fall back to). A text
    /// fine as one kind is fine as that kind wherever it is met: it is
    /// parsed once.
    good: HashMap<String, Vec<(Span, SnippetKind)>>,
    /// One error per bad snippet, in the order found.
    pub(crate) errors: Vec<Diagnostic>,
    /// Snippets looked at (each once).
    pub(crate) checked: usize,
    /// Set when a bad snippet is met (reported now or before); the op
    /// lowering reads and clears it to count the ops with C++ left.
    pub(crate) met_bad: bool,
}

/// A snippet about to enter the model.
pub(crate) struct Snippet<'a> {
    /// Its text and the literal it was written as.
    pub(crate) text: &'a Text,
    /// Where to point when the text has no literal of its own (it was
    /// computed): usually the field that holds it.
    pub(crate) fallback: Span,
    /// The kind of Rust it must be.
    pub(crate) kind: SnippetKind,
}

impl SnippetLog {
    /// Checks `snippet` (blank text is no snippet); `what` names it for
    /// the error ("`extraClassDeclaration` of 'Math_SincosOp'").
    pub(crate) fn check(
        &mut self,
        sources: &SourceMap,
        snippet: Snippet,
        what: &dyn Fn() -> String,
    ) {
        let text = snippet.text.text.as_str();
        if text.trim().is_empty() {
            return;
        }
        let written = snippet.text.span.unwrap_or(snippet.fallback);
        let kind = snippet.kind;
        if self.bad.contains(&written) {
            self.met_bad = true;
            return;
        }
        if let Some(places) = self.good.get_mut(text) {
            if places.contains(&(written, kind)) {
                return;
            }
            if places.iter().any(|&(_, k)| k == kind) {
                self.checked += 1;
                places.push((written, kind));
                return;
            }
        }
        self.checked += 1;
        let Some(error) = rust_syntax_error(text, kind) else {
            let places = self.good.entry(text.to_string()).or_default();
            places.push((written, kind));
            return;
        };
        self.bad.insert(written);
        self.met_bad = true;
        // The caret goes under the snippet's first line, inside its literal.
        let source = FormatSource::locate(sources, written, written.start, text);
        let first = text.len() - text.trim_start().len();
        let line_end = text[first..].find('\n').map_or(text.len(), |i| first + i);
        let line_end = first + text[first..line_end].trim_end().len();
        self.errors.push(
            Diagnostic::error(
                source.span(first, line_end.max(first + 1)),
                format!("{} is not Rust (C++ left to port?): {error}", what()),
            )
            .with_label(snippet.kind.expected()),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placeholders_read_as_identifiers_of_the_same_length() {
        assert_eq!(
            neutralize_placeholders("$_self.f($lhs, $0) + $"),
            "__self.f(_lhs, _0) + $"
        );
    }

    #[test]
    fn each_kind_accepts_rust_and_rejects_cpp() {
        use SnippetKind::*;
        let ok = [
            (Expr, "$_self.is_integer(32) && $_ctxt.foo()"),
            (Type, "Option<&'c str>"),
            (ImplItems, "pub fn f(&self) -> u32 { 1 }\nconst X: u8 = 0;"),
            (Items, "#![allow(dead_code)]\nfn g() {}\nimpl $cppClass {}"),
            (Stmts, "let x = 1; helper(b, state, x)"),
        ];
        for (kind, text) in ok {
            assert_eq!(rust_syntax_error(text, kind), None, "{kind:?}: {text}");
        }
        let cpp = [
            (Expr, "::llvm::isa<::mlir::IntegerType>($_self)"),
            (Type, "::llvm::ArrayRef<int64_t> &"),
            (ImplItems, "static StringRef getName() { return \"x\"; }"),
            (Items, "void $cppClass::print(OpAsmPrinter &p) {}"),
            (Stmts, "build($_builder, $_state, {x}, y);\nauto t = x;"),
        ];
        for (kind, text) in cpp {
            assert!(rust_syntax_error(text, kind).is_some(), "{kind:?}: {text}");
        }
    }

    /// Computed texts (no literal) fall back to one place: a good one
    /// there does not vouch for a different one.
    #[test]
    fn computed_snippets_at_one_place_are_each_checked() {
        let mut sources = SourceMap::default();
        let file = sources.add("a.ods", "def A;\n");
        let mut log = SnippetLog::default();
        for text in ["f(x)", "f<T>(x)"] {
            let text = Text::from(text);
            let snippet = Snippet {
                text: &text,
                fallback: Span::new(file, 0, 3),
                kind: SnippetKind::Expr,
            };
            log.check(&sources, snippet, &|| "`x` of 'A'".to_string());
        }
        assert_eq!((log.checked, log.errors.len()), (2, 1));
    }

    #[test]
    fn a_bad_snippet_is_reported_once_at_its_literal() {
        let mut sources = SourceMap::default();
        let src = "def A { code c = [{\n  int x = 1;\n}]; }\n";
        let file = sources.add("a.ods", src);
        let start = src.find("[{").unwrap();
        let end = src.find("}]").unwrap() + 2;
        let text = Text::written("\n  int x = 1;\n", Span::new(file, start, end));
        let mut log = SnippetLog::default();
        for _ in 0..2 {
            let snippet = Snippet {
                text: &text,
                fallback: Span::default(),
                kind: SnippetKind::Stmts,
            };
            log.check(&sources, snippet, &|| "`body` of 'A'".to_string());
        }
        assert_eq!((log.errors.len(), log.checked), (1, 1));
        let rendered = sources.render(&log.errors[0]);
        assert!(
            rendered.starts_with("error: `body` of 'A' is not Rust (C++ left to port?): "),
            "{rendered}"
        );
        assert!(rendered.contains("--> a.ods:2:3"), "{rendered}");
        assert!(
            rendered.contains("^^^^^^^^^^ expected Rust statements"),
            "{rendered}"
        );
    }
}

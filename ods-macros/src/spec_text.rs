//! `.ods` text built from Rust tokens, with a map from byte ranges of the
//! text back to the Rust spans they came from. The macros write the
//! equivalent `.ods` def of an op with it, so the spec compiler's
//! diagnostics (byte ranges of that text) land on the Rust tokens at fault.

use proc_macro2::{Delimiter, Span, TokenStream, TokenTree};
use quote::quote_spanned;

/// One stretch of the text and where it came from.
struct Piece {
    start: usize,
    end: usize,
    span: Span,
    /// Written by the user (a token), not scaffolding the macro added.
    from_user: bool,
}

/// The text and its span map.
pub struct SpecText {
    /// The `.ods` text.
    pub text: String,
    pieces: Vec<Piece>,
}

impl SpecText {
    pub fn new() -> SpecText {
        SpecText {
            text: String::new(),
            pieces: Vec::new(),
        }
    }

    /// Appends scaffolding text that diagnostics attribute to `span`.
    pub fn push(&mut self, text: &str, span: Span) {
        self.piece(text, span, false);
    }

    /// Appends the text of a user token.
    pub fn push_user(&mut self, text: &str, span: Span) {
        self.piece(text, span, true);
        self.text.push(' ');
    }

    fn piece(&mut self, text: &str, span: Span, from_user: bool) {
        let start = self.text.len();
        self.text.push_str(text);
        self.pieces.push(Piece {
            start,
            end: self.text.len(),
            span,
            from_user,
        });
    }

    /// Appends a string literal with `value` as its contents.
    pub fn push_string(&mut self, value: &str, span: Span) {
        self.push(&ods_string(value), span);
    }

    /// Appends long text (a description): a `[{ }]` block when it can be
    /// one, else a string.
    pub fn push_long_text(&mut self, value: &str, span: Span) {
        if value.contains("}]") {
            self.push_string(value, span);
        } else {
            self.push(&format!("[{{{value}}}]"), span);
        }
    }

    /// Appends an `.ods` value written as Rust tokens: identifiers,
    /// string and integer literals, `<...>`, `[...]` lists, `(...)` dags,
    /// `$name`, `!bang(...)`, `#` paste and `[{ Rust code }]` blocks.
    pub fn push_value(&mut self, tokens: TokenStream) -> syn::Result<()> {
        let mut iter = tokens.into_iter().peekable();
        while let Some(tt) = iter.next() {
            match tt {
                TokenTree::Ident(i) => {
                    let text = i.to_string();
                    let text = text.strip_prefix("r#").unwrap_or(&text);
                    self.push_user(text, i.span());
                }
                TokenTree::Literal(l) => self.push_literal(&l, None)?,
                TokenTree::Punct(p) => {
                    let c = p.as_char();
                    match c {
                        // `$name` and `!bang` are one token in `.ods`.
                        '$' | '!' => match iter.next() {
                            Some(TokenTree::Ident(i)) => {
                                self.push_user(&format!("{c}{i}"), i.span());
                            }
                            _ => {
                                return Err(syn::Error::new(
                                    p.span(),
                                    format!("expected a name after `{c}`"),
                                ))
                            }
                        },
                        '-' | '+' if matches!(iter.peek(), Some(TokenTree::Literal(_))) => {
                            let Some(TokenTree::Literal(l)) = iter.next() else {
                                unreachable!("peeked a literal")
                            };
                            self.push_literal(&l, Some(c))?;
                        }
                        '<' | '>' | ',' | ':' | '=' | '.' | '#' | '?' => {
                            self.push_user(&c.to_string(), p.span());
                        }
                        _ => {
                            return Err(syn::Error::new(
                                p.span(),
                                format!("`{c}` has no meaning in an ODS value"),
                            ))
                        }
                    }
                }
                TokenTree::Group(g) => match g.delimiter() {
                    Delimiter::Parenthesis => {
                        self.push_user("(", g.span_open());
                        self.push_value(g.stream())?;
                        self.push_user(")", g.span_close());
                    }
                    Delimiter::Bracket => {
                        let inner: Vec<TokenTree> = g.stream().into_iter().collect();
                        match inner.as_slice() {
                            [TokenTree::Group(code)] if code.delimiter() == Delimiter::Brace => {
                                let text = rust_code_text(code.stream());
                                if text.contains("}]") {
                                    return Err(syn::Error::new(
                                        g.span(),
                                        "a `[{ ... }]` code block cannot contain `}]`",
                                    ));
                                }
                                self.push_user(&format!("[{{ {text} }}]"), g.span());
                            }
                            _ => {
                                self.push_user("[", g.span_open());
                                self.push_value(g.stream())?;
                                self.push_user("]", g.span_close());
                            }
                        }
                    }
                    Delimiter::Brace => {
                        return Err(syn::Error::new(
                            g.span(),
                            "braces have no meaning in an ODS value (a code block is `[{ ... }]`)",
                        ))
                    }
                    Delimiter::None => self.push_value(g.stream())?,
                },
            }
        }
        Ok(())
    }

    fn push_literal(&mut self, l: &proc_macro2::Literal, sign: Option<char>) -> syn::Result<()> {
        match syn::Lit::new(l.clone()) {
            syn::Lit::Str(s) if sign.is_none() => {
                self.piece(&ods_string(&s.value()), l.span(), true);
                self.text.push(' ');
            }
            syn::Lit::Int(i) if i.suffix().is_empty() => {
                let sign = sign.map(String::from).unwrap_or_default();
                self.push_user(&format!("{sign}{}", i.base10_digits()), l.span());
            }
            _ => {
                return Err(syn::Error::new(
                    l.span(),
                    "an ODS value holds only strings and integers (without suffix) as literals",
                ))
            }
        }
        Ok(())
    }

    /// The Rust span(s) of the text `start..end`: the first and last user
    /// token inside it, or else the scaffolding piece that holds `start`.
    /// When `name` is given and a `$name` token lies in the range, the
    /// last one (the duplicate, in "used twice" errors).
    pub fn spans_of(&self, start: usize, end: usize, name: Option<&str>) -> (Span, Span) {
        let end = end.max(start + 1);
        let inside: Vec<&Piece> = self
            .pieces
            .iter()
            .filter(|p| p.from_user && p.start < end && p.end > start)
            .collect();
        if let Some(name) = name {
            let var = format!("${name}");
            if let Some(p) = inside
                .iter()
                .rev()
                .find(|p| self.text[p.start..p.end] == var)
            {
                return (p.span, p.span);
            }
        }
        if let (Some(first), Some(last)) = (inside.first(), inside.last()) {
            return (first.span, last.span);
        }
        let holder = self
            .pieces
            .iter()
            .rev()
            .find(|p| p.start <= start)
            .map_or_else(Span::call_site, |p| p.span);
        (holder, holder)
    }
}

impl SpecText {
    /// When `start..end` lies inside one string literal the user wrote
    /// (an `assemblyFormat`, a summary), that literal with a caret line
    /// under the range: rustc can only underline a whole literal, so the
    /// message shows where inside it the problem is.
    pub fn excerpt_in_string(&self, start: usize, end: usize) -> Option<String> {
        let piece = self
            .pieces
            .iter()
            .find(|p| p.from_user && p.start < start && start < p.end && end <= p.end)?;
        let literal = &self.text[piece.start..piece.end];
        if !literal.starts_with('"') || literal.contains('\n') {
            return None;
        }
        let column = literal[..start - piece.start].chars().count();
        let width = literal[start - piece.start..end.max(start + 1).min(piece.end) - piece.start]
            .chars()
            .count()
            .max(1);
        Some(format!(
            "{literal}\n{}{}",
            " ".repeat(column),
            "^".repeat(width)
        ))
    }
}

/// A `compile_error!` spanning `first..last`: an error built over two
/// tokens carrying those spans covers both in rustc's output.
pub fn error_between(first: Span, last: Span, message: &str) -> syn::Error {
    let a = proc_macro2::Ident::new("a", first);
    let b = proc_macro2::Ident::new("b", last);
    syn::Error::new_spanned(quote_spanned!(first=> #a #b), message)
}

/// `value` as an `.ods` string literal.
pub fn ods_string(value: &str) -> String {
    let mut out = String::with_capacity(value.len() + 2);
    out.push('"');
    for c in value.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// Rust code from a `[{ ... }]` block as text, with `$` placeholders
/// glued to their names again (token printing puts a space after `$`).
fn rust_code_text(code: TokenStream) -> String {
    let text = code.to_string();
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        out.push(c);
        if c == '$' {
            while chars.peek() == Some(&' ') {
                chars.next();
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text_of(tokens: TokenStream) -> String {
        let mut t = SpecText::new();
        t.push_value(tokens).unwrap();
        t.text.split_whitespace().collect::<Vec<_>>().join(" ")
    }

    #[test]
    fn rust_tokens_become_ods_values() {
        assert_eq!(
            text_of(quote::quote!(ConfinedAttr<I64Attr, [IntMinValue<-1>]>)),
            "ConfinedAttr < I64Attr , [ IntMinValue < -1 > ] >"
        );
        assert_eq!(
            text_of(quote::quote!(CPred<r#"f($_self, "x")"#>)),
            r#"CPred < "f($_self, \"x\")" >"#
        );
        assert_eq!(
            text_of(quote::quote!((ins "u32":$n), [{ $_state.add($n); }])),
            r#"( ins "u32" : $n ) , [{ $_state . add ($n) ; }]"#
        );
        assert_eq!(
            text_of(quote::quote!(!strconcat("a", "b"))),
            r#"!strconcat ( "a" , "b" )"#
        );
    }

    #[test]
    fn tokens_with_no_ods_meaning_are_errors() {
        let mut t = SpecText::new();
        assert!(t.push_value(quote::quote!(A; B)).is_err());
        assert!(t.push_value(quote::quote!(1.5)).is_err());
        assert!(t.push_value(quote::quote!({ x })).is_err());
        assert!(t.push_value(quote::quote!(3u8)).is_err());
    }

    #[test]
    fn strings_are_escaped_for_ods() {
        assert_eq!(ods_string("a\"b\\c\nd"), r#""a\"b\\c\nd""#);
    }
}

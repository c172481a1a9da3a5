//! Rust snippets of `patterns!` rules (`NativeCodeCall`, `CPred`) at
//! their tokens in rustc's errors.
//!
//! The generated code is text parsed again, so its tokens carry the
//! macro call's span: a snippet naming a function that does not exist
//! would be reported at the whole call. The functions and paths a snippet
//! names (an identifier followed by `(` or `::`, not a method after `.`)
//! get the span of the snippet's string literal, or of the token itself
//! in a `[{ ... }]` block, so rustc's "cannot find function" points there.

use proc_macro2::{Delimiter, Group, Span, TokenStream, TokenTree};

/// The names the snippets of `tokens` (a def's value) call or start a
/// path with, each with the span to report it at.
pub fn called_names(tokens: TokenStream, out: &mut Vec<(String, Span)>) {
    for tt in tokens {
        match tt {
            TokenTree::Literal(l) => {
                if let syn::Lit::Str(s) = syn::Lit::new(l.clone()) {
                    if let Ok(code) = s.value().parse::<TokenStream>() {
                        names_in_code(code, Some(l.span()), out);
                    }
                }
            }
            TokenTree::Group(g) if g.delimiter() == Delimiter::Bracket => {
                let inner: Vec<TokenTree> = g.stream().into_iter().collect();
                match inner.as_slice() {
                    [TokenTree::Group(code)] if code.delimiter() == Delimiter::Brace => {
                        names_in_code(code.stream(), None, out)
                    }
                    _ => called_names(g.stream(), out),
                }
            }
            TokenTree::Group(g) => called_names(g.stream(), out),
            _ => {}
        }
    }
}

/// The called names of Rust `code`, at `at` or (when `None`) at their own
/// tokens.
fn names_in_code(code: TokenStream, at: Option<Span>, out: &mut Vec<(String, Span)>) {
    let tokens: Vec<TokenTree> = code.into_iter().collect();
    for (i, tt) in tokens.iter().enumerate() {
        match tt {
            TokenTree::Ident(ident) => {
                let after_dot_or_dollar = i > 0
                    && matches!(&tokens[i - 1], TokenTree::Punct(p) if p.as_char() == '.' || p.as_char() == '$');
                let called = match tokens.get(i + 1) {
                    Some(TokenTree::Group(g)) => g.delimiter() == Delimiter::Parenthesis,
                    Some(TokenTree::Punct(p)) => p.as_char() == ':',
                    _ => false,
                };
                let name = ident.to_string();
                if called && !after_dot_or_dollar && !is_keyword(&name) {
                    out.push((name, at.unwrap_or_else(|| ident.span())));
                }
            }
            TokenTree::Group(g) => names_in_code(g.stream(), at, out),
            _ => {}
        }
    }
}

fn is_keyword(name: &str) -> bool {
    matches!(
        name,
        "crate" | "self" | "super" | "Self" | "if" | "match" | "while" | "for" | "return" | "in"
    )
}

/// `tokens` with each identifier that `names` lists given its span.
pub fn respan(tokens: TokenStream, names: &[(String, Span)]) -> TokenStream {
    if names.is_empty() {
        return tokens;
    }
    tokens
        .into_iter()
        .map(|tt| match tt {
            TokenTree::Group(g) => {
                let mut group = Group::new(g.delimiter(), respan(g.stream(), names));
                group.set_span(g.span());
                TokenTree::Group(group)
            }
            TokenTree::Ident(mut i) => {
                if let Some((_, span)) = names.iter().find(|(n, _)| i == n) {
                    i.set_span(*span);
                }
                TokenTree::Ident(i)
            }
            other => other,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(tokens: TokenStream) -> Vec<String> {
        let mut out = Vec::new();
        called_names(tokens, &mut out);
        out.into_iter().map(|(n, _)| n).collect()
    }

    #[test]
    fn functions_and_paths_are_found_not_methods() {
        assert_eq!(
            names(quote::quote!(
                NativeCodeCall<"reshaped($_ctxt, $_ir.value_type($0))">
            )),
            ["reshaped"]
        );
        assert_eq!(
            names(quote::quote!(NativeCodeCall<[{ my::helper($_builder, $0).unwrap() }]>)),
            ["my", "helper"]
        );
        assert_eq!(
            names(quote::quote!(Constraint<CPred<"$_ir.has_uses($0)">>)),
            Vec::<String>::new()
        );
    }
}

//! The spec's Rust snippets and names, as the op generator splices them
//! in: placeholders replaced (`$_self`, `$_ctxt`, `$name`), snippet text
//! checked and turned into tokens, spec names turned into Rust identifiers.
//!
//! In: snippet text and names from the op model. Out: token streams and
//! identifiers, or an error naming the snippet at fault.

use heck::ToSnakeCase;
use proc_macro2::TokenStream;
use quote::quote;

pub(super) use crate::model::strip_outer_parens;

/// Parses a Rust snippet of the spec (after substitution).
pub(crate) fn code(text: &str, what: &str) -> Result<TokenStream, String> {
    super::lex(&runtime_paths(text)).map_err(|e| format!("{what} `{text}` is not valid Rust: {e}"))
}

/// `text` with each path rooted at `::ir::` (the standard library's name
/// for the IR crate, as `::mlir::` upstream) rooted at
/// `::ods_runtime::ir::` instead: the crate using generated code depends
/// on `ods-runtime`, which re-exports `ir`, and need not name `ir` itself.
fn runtime_paths(text: &str) -> std::borrow::Cow<'_, str> {
    const ROOT: &str = "::ir::";
    if !text.contains(ROOT) {
        return text.into();
    }
    let mut out = String::with_capacity(text.len() + 16);
    let mut rest = text;
    while let Some(at) = rest.find(ROOT) {
        let before = rest[..at].chars().next_back();
        out.push_str(&rest[..at]);
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
            out.push_str(ROOT);
        } else {
            out.push_str("::ods_runtime::ir::");
        }
        rest = &rest[at + ROOT.len()..];
    }
    out.push_str(rest);
    out.into()
}

/// A custom builder's body as statements. Its last expression may lack
/// its `;` (Rust authors write `helper(b, state, x)` as they would end a
/// block); the generated builder goes on after the body, so it gets one.
pub(super) fn builder_body(text: &str) -> Result<TokenStream, String> {
    let stmts = syn::parse::Parser::parse_str(syn::Block::parse_within, text)
        .map_err(|e| format!("builder body `{}` is not valid Rust: {e}", text.trim()))?;
    Ok(stmts
        .into_iter()
        .map(|stmt| match stmt {
            syn::Stmt::Expr(e, None) if !block_like(&e) => quote!(#e;),
            other => quote!(#other),
        })
        .collect())
}

/// An expression that stands as a statement without `;` (`if`, `match`,
/// loops, blocks).
fn block_like(e: &syn::Expr) -> bool {
    matches!(
        e,
        syn::Expr::If(_)
            | syn::Expr::Match(_)
            | syn::Expr::Block(_)
            | syn::Expr::Unsafe(_)
            | syn::Expr::While(_)
            | syn::Expr::Loop(_)
            | syn::Expr::ForLoop(_)
    )
}

/// Replaces the `$_x` placeholders of `text` by `substs` and every
/// `$name` by `names(name)`; an unknown placeholder is an error.
pub(crate) fn substitute(
    text: &str,
    substs: &[(&str, &str)],
    names: &dyn Fn(&str) -> Option<String>,
) -> Result<String, String> {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(i) = rest.find('$') {
        out.push_str(&rest[..i]);
        let after = &rest[i + 1..];
        let len = after
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap_or(after.len());
        let word = &after[..len];
        let replacement = match substs
            .iter()
            .find(|(p, _)| p.strip_prefix('$') == Some(word))
        {
            Some((_, r)) => Some(r.to_string()),
            None if !word.starts_with('_') && !word.is_empty() => names(word),
            None => None,
        };
        match replacement {
            Some(r) => out.push_str(&r),
            None => return Err(format!("`${word}` cannot be used in `{text}`")),
        }
        rest = &after[len..];
    }
    out.push_str(rest);
    Ok(out)
}

/// A type constraint's `builderCall` as an expression, with `ctx` (an
/// expression of type `&mut ir::Context`) in scope: `$_builder` is
/// `ods_runtime::types::TypeBuilder(ctx)` and `$_ctxt` the context itself
/// (what a parameterless `TypeDef`'s call takes). Every place that builds
/// a type from its constraint goes through here, so a call works in all
/// of them or in none.
pub(crate) fn type_builder_call(call: &str, ctx: &str) -> Result<TokenStream, String> {
    let builder = format!("::ods_runtime::types::TypeBuilder({ctx})");
    let call = substitute(call, &[("$_builder", &builder), ("$_ctxt", ctx)], &no_names)?;
    code(&call, "builderCall")
}

/// The closure `|params| body`, or the function `body` calls when it only
/// passes the parameters on in order (`f(ctx, attr)` is `f`: clippy's
/// `redundant_closure` in the user's crate otherwise).
pub(super) fn closure(params: &[&str], body: TokenStream) -> TokenStream {
    let names: Vec<proc_macro2::Ident> = params
        .iter()
        .map(|p| proc_macro2::Ident::new(p, proc_macro2::Span::call_site()))
        .collect();
    if let Ok(syn::Expr::Call(call)) = syn::parse2::<syn::Expr>(body.clone()) {
        let passes_on = call.args.len() == params.len()
            && call.args.iter().zip(params).all(
                |(a, p)| matches!(a, syn::Expr::Path(e) if e.qself.is_none() && e.path.is_ident(p)),
            );
        if let (true, syn::Expr::Path(f)) = (passes_on, &*call.func) {
            return quote!(#f);
        }
    }
    quote!(|#(#names),*| #body)
}

pub(super) fn no_names(_: &str) -> Option<String> {
    None
}

/// `name` in snake case, exactly as `heck`'s `to_snake_case` writes it.
/// An ASCII name (every spec name so far) takes a direct path: `heck`
/// writes each character through a formatter, which made snake-casing
/// the op templates' names a sixtieth of `--gen-op-defs` on `llvm`.
pub(crate) fn snake_case(name: &str) -> String {
    if !name.is_ascii() {
        return name.to_snake_case();
    }
    let mut out = String::with_capacity(name.len() + 4);
    // `heck`'s algorithm on bytes: words split at every character that is
    // not alphanumeric, and inside a word before an uppercase letter that
    // follows a lowercase one (`fooBar`) and before the last capital of a
    // run followed by a lowercase letter (`HTMLParser`).
    #[derive(Clone, Copy, PartialEq)]
    enum Mode {
        Boundary,
        Lower,
        Upper,
    }
    let push = |word: &str, out: &mut String| {
        if !out.is_empty() {
            out.push('_');
        }
        out.extend(word.bytes().map(|b| b.to_ascii_lowercase() as char));
    };
    for word in name.split(|c: char| !c.is_ascii_alphanumeric()) {
        let bytes = word.as_bytes();
        let mut init = 0;
        let mut mode = Mode::Boundary;
        for (i, &c) in bytes.iter().enumerate() {
            let Some(&next) = bytes.get(i + 1) else {
                push(&word[init..], &mut out);
                break;
            };
            let next_mode = if c.is_ascii_lowercase() {
                Mode::Lower
            } else if c.is_ascii_uppercase() {
                Mode::Upper
            } else {
                mode
            };
            if next_mode == Mode::Lower && next.is_ascii_uppercase() {
                push(&word[init..i + 1], &mut out);
                init = i + 1;
                mode = Mode::Boundary;
            } else if mode == Mode::Upper && c.is_ascii_uppercase() && next.is_ascii_lowercase() {
                push(&word[init..i], &mut out);
                init = i;
                mode = Mode::Boundary;
            } else {
                mode = next_mode;
            }
        }
    }
    out
}

/// A method or variable name for spec name `name` (snake case; raw for
/// keywords).
pub(crate) fn method_name(name: &str) -> Result<proc_macro2::Ident, String> {
    let snake = snake_case(name);
    match super::ident(&snake) {
        Ok(i) => Ok(i),
        Err(_) if ["self", "Self", "super", "crate", "_"].contains(&snake.as_str()) => {
            Err(format!("'{name}' cannot be a Rust method name"))
        }
        Err(_)
            if !snake.is_empty()
                && snake.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
                && !snake.starts_with(|c: char| c.is_ascii_digit()) =>
        {
            Ok(proc_macro2::Ident::new_raw(
                &snake,
                proc_macro2::Span::call_site(),
            ))
        }
        Err(e) => Err(e),
    }
}

pub(crate) fn suffixed(name: &str, suffix: &str) -> Result<proc_macro2::Ident, String> {
    method_name(&format!("{}{suffix}", snake_case(name)))
}

pub(super) fn prefixed(prefix: &str, name: &str) -> Result<proc_macro2::Ident, String> {
    method_name(&format!("{prefix}{}", snake_case(name)))
}

/// `Option<T>` -> `T`.
pub(super) fn strip_option(ty: &str) -> Option<&str> {
    let t = ty.trim();
    ["::std::option::Option<", "std::option::Option<", "Option<"]
        .iter()
        .find_map(|p| t.strip_prefix(p))
        .and_then(|r| r.strip_suffix('>'))
        .map(str::trim)
}

/// A type with every elided reference lifetime made `'c` (the context's),
/// for accessors returning data borrowed from the context.
pub(super) fn with_ctx_lifetime(ty: &str) -> (String, bool) {
    let mut out = String::new();
    let mut borrowed = false;
    let mut chars = ty.chars().peekable();
    while let Some(c) = chars.next() {
        out.push(c);
        if c == '&' && chars.peek() != Some(&'\'') {
            out.push_str("'c ");
            borrowed = true;
        }
    }
    (out, borrowed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placeholders_are_replaced_and_unknown_ones_rejected() {
        let names = |n: &str| (n == "lhs").then(|| "LHS".to_string());
        assert_eq!(
            substitute(
                "f($_self, $_ctxt, $lhs)",
                &[("$_self", "a"), ("$_ctxt", "ctx")],
                &names
            )
            .unwrap(),
            "f(a, ctx, LHS)"
        );
        assert!(substitute("$_op", &[], &names)
            .unwrap_err()
            .contains("`$_op`"));
        assert!(substitute("$rhs", &[], &names).is_err());
    }

    #[test]
    fn snake_case_writes_what_heck_writes() {
        let names = [
            "",
            "_",
            "__",
            "a",
            "A",
            "ab",
            "aB",
            "Ab",
            "AB",
            "fooBar",
            "FooBar",
            "fooBAR",
            "HTMLParser",
            "parseHTML",
            "a1b",
            "A1B",
            "a1B",
            "v2Value",
            "x_y",
            "_x",
            "x_",
            "x__y",
            "ABc",
            "aBC",
            "ABC1d",
            "operandSegmentSizes",
            "fastmathFlags",
            "result_type",
            "Σ",
            "caféBar",
            "a-b",
            "a.b.c",
            "a b",
            "__tmp__",
            "I32Attr",
            "CallIntrinsicOp",
            "num_results2",
            "vScale",
            "DIFlags",
            "x86_amx",
        ];
        for name in names {
            assert_eq!(snake_case(name), name.to_snake_case(), "{name:?}");
        }
        // Every four-character name over a mixed alphabet.
        let alphabet = ["a", "B", "1", "_", "C", "d"];
        for a in alphabet {
            for b in alphabet {
                for c in alphabet {
                    for d in alphabet {
                        let name = format!("{a}{b}{c}{d}");
                        assert_eq!(snake_case(&name), name.to_snake_case(), "{name:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn borrowed_return_types_get_the_context_lifetime() {
        assert_eq!(with_ctx_lifetime("&str"), ("&'c str".to_string(), true));
        assert_eq!(with_ctx_lifetime("u64"), ("u64".to_string(), false));
        assert_eq!(strip_option("::std::option::Option<u64>"), Some("u64"));
        assert_eq!(strip_option("bool"), None);
    }

    #[test]
    fn snippets_that_are_not_rust_are_errors() {
        assert!(code("a + ", "x").is_ok());
        assert!(code("\"open", "x").unwrap_err().contains("not valid Rust"));
    }

    #[test]
    fn a_builder_body_may_end_without_a_semicolon() {
        let body = |t: &str| builder_body(t).map(|ts| ts.to_string());
        assert_eq!(
            body("helper(b, state, x)").unwrap(),
            "helper (b , state , x) ;"
        );
        assert_eq!(body("let y = 1; f(y);").unwrap(), "let y = 1 ; f (y) ;");
        assert_eq!(body("if c { f() }").unwrap(), "if c { f () }");
        assert!(body("let = ;")
            .unwrap_err()
            .contains("builder body `let = ;` is not valid Rust"));
    }

    #[test]
    fn ir_paths_go_through_the_runtime() {
        assert_eq!(
            runtime_paths("::ir::Attribute"),
            "::ods_runtime::ir::Attribute"
        );
        assert_eq!(
            runtime_paths("Option<::ir::Type>"),
            "Option<::ods_runtime::ir::Type>"
        );
        assert_eq!(
            runtime_paths("::ods_runtime::ir::Type"),
            "::ods_runtime::ir::Type"
        );
        assert_eq!(runtime_paths("crate::ir::X"), "crate::ir::X");
    }
}

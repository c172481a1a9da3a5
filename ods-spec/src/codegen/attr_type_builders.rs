//! The `builders` of an `AttrDef` / `TypeDef` (`AttrBuilder`,
//! `TypeBuilder` and their `WithInferredContext` forms): a
//! [`DefBuilderModel`] in, associated functions of the view out.
//!
//! Rust has neither overloading nor default arguments, so each builder is
//! named after its parameters as the op builders are (`get_from_<params>`,
//! `get_from` without any), and a `CArg` default adds one function per
//! omitted trailing parameter. Every builder takes the context first:
//! handles carry none, so the `WithInferredContext` forms cannot take it
//! from a parameter as upstream does. In the body, `$_get(ctx, params...)`
//! is the view's `intern` (the value without the verifier, as upstream's
//! `$_get` in a release build) and `$_ctxt` the context. With
//! `genVerifyDecl` each such builder also has a checked form,
//! `get_checked_from_<params>`, whose `$_get` is the view's `get_checked`
//! and which returns `Result<Self, String>` (upstream's `getChecked`
//! builders). A builder without a body is declared only: the author writes
//! it in an `impl` of the view.

use proc_macro2::TokenStream;
use quote::quote;

use super::snippets::{code, method_name, snake_case, substitute};
use crate::model::{AttrOrTypeDefModel, DefBuilderModel};

/// Every builder of `d` with a body.
pub(super) fn builders(d: &AttrOrTypeDefModel) -> Result<TokenStream, String> {
    let mut out = Vec::new();
    let mut seen = std::collections::BTreeSet::new();
    for b in &d.builders {
        for (name, f) in builder(d, b)? {
            if !seen.insert(name.clone()) {
                return Err(format!(
                    "two builders are named `{name}` (builders are named after their parameters)"
                ));
            }
            out.push(f);
        }
    }
    Ok(quote!(#(#out)*))
}

/// The functions of one builder: one per omissible tail of its defaults.
fn builder(
    d: &AttrOrTypeDefModel,
    b: &DefBuilderModel,
) -> Result<Vec<(String, TokenStream)>, String> {
    let Some(body) = &b.body else {
        return Ok(Vec::new());
    };
    let names = b
        .params
        .iter()
        .map(|p| method_name(&p.name))
        .collect::<Result<Vec<_>, _>>()?;
    // The context's name: `ctx` unless a parameter took it.
    let mut ctx = "ctx".to_string();
    while names.iter().any(|n| *n == ctx) {
        ctx.push('_');
    }
    let mut out = builder_fns(d, b, body, &names, &ctx, false)?;
    // `genVerifyDecl`: a checked form of each builder whose body makes the
    // value with `$_get` (MLIR's `getChecked` builders).
    if d.gen_verify && b.return_type.is_none() {
        out.extend(builder_fns(d, b, body, &names, &ctx, true)?);
    }
    Ok(out)
}

/// The functions of one builder (`checked`: the `get_checked_from_...`
/// forms, whose `$_get` is the checked `get_checked`).
fn builder_fns(
    d: &AttrOrTypeDefModel,
    b: &DefBuilderModel,
    body: &str,
    names: &[proc_macro2::Ident],
    ctx: &str,
    checked: bool,
) -> Result<Vec<(String, TokenStream)>, String> {
    let ctx_ident = proc_macro2::Ident::new(ctx, proc_macro2::Span::call_site());
    let get = if checked {
        "Self::get_checked"
    } else {
        "Self::intern"
    };
    let body_text = substitute(body, &[("$_get", get), ("$_ctxt", ctx)], &|_| None)?;
    let stmts = syn::parse::Parser::parse_str(syn::Block::parse_within, &body_text)
        .map_err(|e| format!("builder body `{}` is not valid Rust: {e}", body.trim()))?;
    let ret = match (&b.return_type, checked) {
        (Some(t), _) => code(t, "builder return type")?,
        (None, false) => quote!(Self),
        (None, true) => quote!(::std::result::Result<Self, ::std::string::String>),
    };
    let prefix = if checked {
        "get_checked_from"
    } else {
        "get_from"
    };
    let required = b
        .params
        .iter()
        .rposition(|p| p.default.is_none())
        .map_or(0, |i| i + 1);
    let mut out = Vec::new();
    for kept in (required..=b.params.len()).rev() {
        let words: Vec<String> = b.params[..kept]
            .iter()
            .map(|p| snake_case(&p.name))
            .collect();
        let fn_name = if words.is_empty() {
            prefix.to_string()
        } else {
            format!("{prefix}_{}", words.join("_"))
        };
        let f = method_name(&fn_name)?;
        let mut params = Vec::new();
        for (p, n) in b.params[..kept].iter().zip(names) {
            let t = code(
                &p.rust_type,
                &format!("type of builder parameter '{}'", p.name),
            )?;
            params.push(quote!(#n: #t));
        }
        let mut defaults = Vec::new();
        for (p, n) in b.params[kept..].iter().zip(&names[kept..]) {
            let t = code(
                &p.rust_type,
                &format!("type of builder parameter '{}'", p.name),
            )?;
            let v = code(
                p.default.as_deref().unwrap_or_default(),
                &format!("default of builder parameter '{}'", p.name),
            )?;
            defaults.push(quote!(let #n: #t = #v;));
        }
        let what = if checked {
            "a builder of the spec, checked: `Err` with the definition's `verify` message"
        } else {
            "a builder of the spec"
        };
        let doc = if kept == b.params.len() {
            format!(" Builds a `{}` ({what}).", d.class_name)
        } else {
            let omitted: Vec<String> = b.params[kept..]
                .iter()
                .map(|p| format!("`{}`", p.name))
                .collect();
            format!(
                " Builds a `{}` ({what}) with the default {}.",
                d.class_name,
                omitted.join(", ")
            )
        };
        let many = (kept + 1 > 7).then(|| quote!(#[allow(clippy::too_many_arguments)]));
        // Bodies ported from upstream keep its `return $_get(...);`.
        let needless_return = stmts
            .last()
            .is_some_and(|s| matches!(s, syn::Stmt::Expr(syn::Expr::Return(_), _)))
            .then(|| quote!(#[allow(clippy::needless_return)]));
        out.push((
            fn_name,
            quote! {
                #[doc = #doc]
                #many
                #needless_return
                pub fn #f(#ctx_ident: &mut ::ods_runtime::ir::Context, #(#params),*) -> #ret {
                    #(#defaults)*
                    #(#stmts)*
                }
            },
        ));
    }
    Ok(out)
}

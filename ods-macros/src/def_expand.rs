//! Expansion of `#[dialect]`, `#[derive(EnumAttr)]`, `#[attr]` and
//! `#[type_def]`: the item's `.ods` text (from `def_fronts`) is compiled
//! after the standard library, the generator of its kind runs on the
//! defs of that text alone, and the macro emits those items (less what
//! the author wrote: the enum of a derive).

use ods_spec::codegen;
use ods_spec::diag::FileId;
use proc_macro2::TokenStream;
use quote::{format_ident, quote, ToTokens};
use syn::spanned::Spanned;
use syn::Ident;

use crate::def_fronts::{self, DefKind, Header};
use crate::expand::{codegen_errors, compile_or_ask, compile_text, parse_items};

/// The file name a Rust-defined item's `.ods` text gets (what generated
/// headers and messages show).
fn file_name(macro_name: &str, ident: &Ident) -> String {
    format!("<#[{macro_name}] {ident}>")
}

/// `#[dialect("toy", ...)] struct ToyDialect;`: the dialect struct and
/// its `Dialect` impl, registering the ops, attributes and types listed
/// in `ops = [...]`, `attrs = [...]`, `enum_attrs = [...]`, `types = [...]`.
pub fn dialect(header: &Header, item: &syn::ItemStruct) -> syn::Result<TokenStream> {
    if !matches!(item.fields, syn::Fields::Unit) {
        return Err(syn::Error::new_spanned(
            &item.fields,
            "#[dialect] goes on a unit struct (`pub struct ToyDialect;`)",
        ));
    }
    no_derive(&item.attrs, "#[dialect]")?;
    let text = def_fronts::dialect_spec(header, &item.ident)?;
    let (compilation, model) = compile_text(&text, &file_name("dialect", &item.ident))?;
    let Some(found) = model.dialects.iter().find(|d| d.span.file == FileId(0)) else {
        return Err(syn::Error::new(
            item.ident.span(),
            "internal error: the dialect was not lowered",
        ));
    };
    let mut d = found.clone();
    let as_strings =
        |key: &str| -> Vec<String> { header.paths_of(key).iter().map(path_text).collect() };
    d.attr_defs.extend(as_strings("attrs"));
    d.enum_attr_defs.extend(as_strings("enum_attrs"));
    d.type_defs.extend(as_strings("types"));
    let span = d.span;
    let tokens = codegen::ops::dialect_struct(&d, &header.paths_of("ops"))
        .map_err(|msg| codegen_errors(&text, &compilation, [(span, msg)]))?;
    let generated = format_ident!("{}Dialect", def_fronts::def_prefix(&d.name));
    let tokens = calls_on_struct(tokens, &generated, &item.ident);
    let mut items = parse_items(&tokens.to_string())?;
    for it in &mut items {
        match it {
            syn::Item::Struct(s) if s.ident == generated => {
                s.ident = item.ident.clone();
                s.vis = item.vis.clone();
                s.attrs.extend(non_doc(&item.attrs));
            }
            syn::Item::Impl(i) => {
                if let syn::Type::Path(p) = &mut *i.self_ty {
                    if p.path.is_ident(&generated) {
                        p.path = item.ident.clone().into();
                    }
                }
                add_patterns(i, &header.paths_of("patterns"));
            }
            _ => {}
        }
    }
    let lists = crate::registration::lists_impls(&item.ident, header);
    Ok(quote!(#(#items)* #lists))
}

/// The generator names the dialect struct by its namespace's default
/// (`ToyDialect` for `"toy"`), in its calls too: the materializer
/// (`ToyDialect::materialize_constant`), `initialize` and the other
/// hooks. `#[dialect]` expands on a struct of any name, so those calls
/// go to `struct_name`'s functions: every path that starts with the
/// default name followed by `::` is rewritten (no listed op, attribute
/// or type path can start with it: a unit struct has no items of its
/// own to name).
fn calls_on_struct(tokens: TokenStream, generated: &Ident, struct_name: &Ident) -> TokenStream {
    use proc_macro2::{Group, TokenTree};
    let trees: Vec<TokenTree> = tokens.into_iter().collect();
    let is_call_at = |i: usize| {
        matches!(&trees[i], TokenTree::Ident(id) if id == generated)
            && matches!(trees.get(i + 1), Some(TokenTree::Punct(p)) if p.as_char() == ':')
            && matches!(trees.get(i + 2), Some(TokenTree::Punct(p)) if p.as_char() == ':')
    };
    let mut out = Vec::with_capacity(trees.len());
    for (i, tree) in trees.iter().enumerate() {
        out.push(match tree {
            TokenTree::Group(g) => {
                let mut inner = Group::new(
                    g.delimiter(),
                    calls_on_struct(g.stream(), generated, struct_name),
                );
                inner.set_span(g.span());
                TokenTree::Group(inner)
            }
            TokenTree::Ident(_) if is_call_at(i) => TokenTree::Ident(struct_name.clone()),
            other => other.clone(),
        });
    }
    out.into_iter().collect()
}

/// `patterns = [...]`: each listed item's `DialectPatterns::add_to`, at
/// the end of the `initialize_dialect` of the dialect's `Dialect` impl
/// (after the dialect's own `initialize`, as MLIR collects a dialect's
/// canonicalization patterns once it is loaded). The call is written at
/// the item's path, so an item that is not a pattern, a list of them or a
/// populate function is an error there.
fn add_patterns(dialect_impl: &mut syn::ItemImpl, listed: &[syn::Path]) {
    if listed.is_empty() {
        return;
    }
    let is_dialect_impl = dialect_impl
        .trait_
        .as_ref()
        .and_then(|(_, path, _)| path.segments.last())
        .is_some_and(|s| s.ident == "Dialect");
    if !is_dialect_impl {
        return;
    }
    for it in &mut dialect_impl.items {
        let syn::ImplItem::Fn(f) = it else { continue };
        if f.sig.ident != "initialize_dialect" {
            continue;
        }
        for path in listed {
            let call = quote::quote_spanned! {path.span()=>
                ::ods_runtime::dialect_patterns::add(ctx, registry, #path);
            };
            f.block.stmts.push(syn::parse_quote!(#call));
        }
    }
}

/// `#[attr(...)]` / `#[type_def(...)]` on a struct: its view struct (with
/// the struct's visibility and non-doc attributes), `def()`, builders,
/// accessors, format and conversions.
/// A trait-list name of a Rust-declared interface goes to `ask` (which
/// expands to the question to its macro) before anything is generated.
pub fn attr_or_type(
    kind: DefKind,
    header: &Header,
    item: &syn::ItemStruct,
    ask: impl FnOnce(TokenStream) -> TokenStream,
) -> syn::Result<TokenStream> {
    let macro_name = match kind {
        DefKind::Attr => "attr",
        DefKind::Type => "type_def",
    };
    no_derive(&item.attrs, &format!("#[{macro_name}]"))?;
    if !item.generics.params.is_empty() {
        return Err(syn::Error::new_spanned(
            &item.generics,
            "a definition's view has no generic parameters",
        ));
    }
    let (text, def_name, listed) = def_fronts::attr_or_type_spec(kind, header, item)?;
    if let Some(path) = listed.unresolved_path {
        return Ok(ask(path));
    }
    let name = file_name(macro_name, &item.ident);
    let (compilation, model) =
        match compile_or_ask(&text, &name, listed.prelude_len, &listed.candidates)? {
            Ok(done) => done,
            Err(interface) => return Ok(ask(interface)),
        };
    let defs: Vec<_> = model
        .attr_type_defs
        .iter()
        .filter(|d| d.def_name == def_name)
        .collect();
    let spans: Vec<_> = defs.iter().map(|d| d.span).collect();
    let fail = |errors: Vec<(usize, String)>| {
        codegen_errors(
            &text,
            &compilation,
            errors
                .into_iter()
                .map(|(i, msg)| (spans[i.min(spans.len() - 1)], msg)),
        )
    };
    let code = match kind {
        DefKind::Attr => codegen::attrdefs::generate(&name, &[], &defs),
        DefKind::Type => codegen::attr_type_defs::generate(&name, &defs),
    }
    .map_err(fail)?;
    let names: Vec<String> = header
        .rust_interfaces
        .iter()
        .filter_map(|(p, _)| p.segments.last().map(|s| s.ident.to_string()))
        .collect();
    let code = crate::listed_interfaces::register_through_trait(
        parse_items(&code)?
            .into_iter()
            .map(|i| quote!(#i))
            .collect(),
        &names,
    );
    let mut items = syn::parse2::<syn::File>(code)?.items;
    for it in &mut items {
        if let syn::Item::Struct(s) = it {
            if s.ident == item.ident {
                s.vis = item.vis.clone();
                s.attrs.extend(non_doc(&item.attrs));
            }
        }
    }
    let (path_checks, _) = crate::string_paths::field_checks(&header.fields);
    Ok(quote!(#path_checks #(#items)*))
}

/// `#[derive(EnumAttr)]`: everything the enum's `.ods` def generates but
/// the enum itself (its `EnumAttr` impl, text forms, conversions) and,
/// when named, its attribute definition (`RoundingAttr`).
pub fn enum_attr(header: &Header, item: &syn::DeriveInput) -> syn::Result<TokenStream> {
    if !item.generics.params.is_empty() {
        return Err(syn::Error::new_spanned(
            &item.generics,
            "an enum attribute's enum has no generic parameters",
        ));
    }
    let (text, has_attr) = def_fronts::enum_spec(header, item)?;
    let name = file_name("derive(EnumAttr)", &item.ident);
    let (compilation, model) = compile_text(&text, &name)?;
    let enums: Vec<_> = model
        .enums
        .iter()
        .filter(|e| e.span.file == FileId(0))
        .cloned()
        .collect();
    let enum_spans: Vec<_> = enums.iter().map(|e| e.span).collect();
    let code = codegen::enums::generate(&name, &enums).map_err(|errors| {
        codegen_errors(
            &text,
            &compilation,
            errors.into_iter().map(|(i, m)| (enum_spans[i], m)),
        )
    })?;
    let mut items: Vec<syn::Item> = parse_items(&code)?
        .into_iter()
        .filter(|it| !matches!(it, syn::Item::Enum(e) if e.ident == item.ident))
        .collect();
    if has_attr {
        let attrs: Vec<_> = model
            .enum_attrs
            .iter()
            .filter(|a| a.span.file == FileId(0))
            .cloned()
            .collect();
        let attr_spans: Vec<_> = attrs.iter().map(|a| a.span).collect();
        let code = codegen::attrdefs::generate(&name, &attrs, &[]).map_err(|errors| {
            codegen_errors(
                &text,
                &compilation,
                errors.into_iter().map(|(i, m)| (attr_spans[i], m)),
            )
        })?;
        items.extend(parse_items(&code)?);
    }
    Ok(quote!(#(#items)*))
}

/// A `#[derive]` on an item the macro replaces would derive for the
/// author's struct, not the generated one: refused, with the reason.
fn no_derive(attrs: &[syn::Attribute], macro_name: &str) -> syn::Result<()> {
    match attrs.iter().find(|a| a.path().is_ident("derive")) {
        Some(attr) => Err(syn::Error::new_spanned(
            attr,
            format!("{macro_name} writes the struct itself, with the derives its code needs; remove this #[derive]"),
        )),
        None => Ok(()),
    }
}

/// The attributes other than doc comments (the generated item has its
/// own docs, made from them).
fn non_doc(attrs: &[syn::Attribute]) -> impl Iterator<Item = syn::Attribute> + '_ {
    attrs.iter().filter(|a| !a.path().is_ident("doc")).cloned()
}

/// A path as the text a model field holds.
fn path_text(path: &syn::Path) -> String {
    path.to_token_stream().to_string().replace(' ', "")
}

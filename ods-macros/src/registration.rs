//! Registration that cannot be forgotten: every `#[op]` (and
//! `#[derive(Op)]`) names its dialect (`dialect = ToyDialect`), as an
//! ODS op always names its `Dialect`, and compiles only when that
//! dialect's `#[dialect(ops = [...])]` lists it, since a dialect
//! registers the ops it lists and no other (an op left out is an
//! `unregistered operation` at run time, found only by the IR that uses
//! it). An op without `dialect = ...` is an error at its name that says
//! what to write.
//!
//! How: `#[dialect]` implements `ods_runtime::dialect::ListsOp<Op>` for
//! each listed op; the op's expansion requires `Dialect: ListsOp<Op>`,
//! written at the dialect's path in `dialect = ...`, whose
//! `on_unimplemented` message names the list.

use std::path::PathBuf;

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};
use syn::parse::ParseStream;
use syn::spanned::Spanned;

use crate::op_def::OpDef;
use crate::pattern_ops::{collect_rs_files, is_macro_path};

/// The error of an op that names no dialect, at its name, with the
/// `dialect = ...` to write: the `#[dialect("ns")]` struct of the op's
/// namespace when the crate's `src/` tree (or the op's file) declares
/// one, else a placeholder and what it stands for. `None` when the op
/// names its dialect, or has no name (that error is reported on its own).
pub fn missing_dialect(def: &OpDef, attribute: &str) -> Option<syn::Error> {
    if def.dialect.is_some() {
        return None;
    }
    let name = def.name.as_ref()?;
    let full = name.value();
    let namespace = full.split_once('.').map_or(full.as_str(), |(ns, _)| ns);
    let op = &def.ident;
    let op_file = proc_macro::is_available()
        .then(|| name.span().unwrap().local_file())
        .flatten();
    let found = dialect_structs(namespace, op_file);
    let message = match found.as_slice() {
        [dialect] => format!(
            "this op names no dialect: add `dialect = {dialect}` to {attribute} (the `#[dialect(\"{namespace}\")]` struct, whose `ops = [...]` must list `{op}`); an op its dialect does not list is never registered"
        ),
        _ => format!(
            "this op names no dialect: add `dialect = YourDialect` to {attribute}, the Rust path of the dialect struct that registers it: a `#[dialect(\"{namespace}\", ops = [{op}])]` struct, or a hand-written `Dialect` implementing `ods_runtime::dialect::ListsOp<{op}>`; an op its dialect does not list is never registered"
        ),
    };
    Some(syn::Error::new(name.span(), message))
}

/// The structs declared `#[dialect("namespace", ...)]` in the crate's
/// `src/` tree and in `op_file` (inline modules included), by name.
/// Read from the source because a macro sees only its own item; only on
/// the error path, so the parse costs nothing in a build that compiles.
fn dialect_structs(namespace: &str, op_file: Option<PathBuf>) -> Vec<String> {
    let mut files = Vec::new();
    collect_rs_files(&crate::expand::manifest_dir().join("src"), &mut files);
    // A relative path is relative to where rustc runs.
    files.extend(
        op_file.map(|f| std::env::current_dir().map_or_else(|_| f.clone(), |cwd| cwd.join(&f))),
    );
    let mut found = Vec::new();
    for file in &files {
        let Some(parsed) = std::fs::read_to_string(file)
            .ok()
            .and_then(|text| syn::parse_file(&text).ok())
        else {
            continue;
        };
        dialects_in_items(&parsed.items, namespace, &mut found);
    }
    found.sort();
    found.dedup();
    found
}

fn dialects_in_items(items: &[syn::Item], namespace: &str, found: &mut Vec<String>) {
    for item in items {
        match item {
            syn::Item::Struct(s) => {
                let declares = s.attrs.iter().any(|a| {
                    is_macro_path(a.path(), "dialect")
                        && a.parse_args_with(|input: ParseStream| {
                            let ns: syn::LitStr = input.parse()?;
                            input.parse::<TokenStream>()?;
                            Ok(ns.value())
                        })
                        .is_ok_and(|ns| ns == namespace)
                });
                if declares {
                    found.push(s.ident.to_string());
                }
            }
            syn::Item::Mod(m) => {
                if let Some((_, items)) = &m.content {
                    dialects_in_items(items, namespace, found);
                }
            }
            _ => {}
        }
    }
}

/// The op's check that its dialect lists it (nothing without
/// `dialect = ...`: [`missing_dialect`] reports that).
pub fn listed_check(op: &syn::Ident, dialect: Option<&syn::Path>) -> TokenStream {
    let Some(dialect) = dialect else {
        return quote!();
    };
    let bound = quote_spanned!(dialect.span()=> ::ods_runtime::dialect::ListsOp<#op>);
    let call = quote_spanned!(dialect.span()=> listed::<#dialect>);
    quote! {
        // The op's `dialect = ...` must list it (see `ods_macros`,
        // "Registration").
        const _: () = {
            fn listed<D: ?Sized + #bound>() {}
            let _ = #call;
        };
    }
}

/// `#[dialect]`'s side: `impl ListsOp<Op> for Dialect` per listed op.
pub fn lists_impls(dialect: &syn::Ident, ops: &[syn::Path]) -> TokenStream {
    let impls = ops.iter().map(|op| {
        quote_spanned! {op.span()=>
            impl ::ods_runtime::dialect::ListsOp<#op> for #dialect {}
        }
    });
    quote!(#(#impls)*)
}

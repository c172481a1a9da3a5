//! Registration that cannot be forgotten: every `#[op]` (and
//! `#[derive(Op)]`), `#[attr]`, `#[type_def]` and named
//! `#[derive(EnumAttr)]` names its dialect (`dialect = ToyDialect`), as
//! an ODS op, `AttrDef`, `TypeDef` or `EnumAttr` always names its
//! `Dialect`, and compiles only when that dialect's `#[dialect(...)]`
//! lists it (in `ops`, `attrs`, `types` or `enum_attrs`), since a dialect
//! registers what it lists and nothing else (a def left out is an
//! `unregistered operation` or an unknown attribute or type at run time,
//! found only by the IR that spells it). A def without `dialect = ...` is
//! an error at its name that says what to write. An enum without an
//! attribute (`#[derive(EnumAttr)]` with no `"dialect.mnemonic"`) is
//! upstream's plain `I32EnumAttr`: no dialect registers it.
//!
//! How: `#[dialect]` implements `ods_runtime::dialect::ListsOp<Op>` (and
//! `ListsAttr`, `ListsType`, `ListsEnumAttr`) for each listed def; the
//! def's expansion requires `Dialect: ListsOp<Op>` (or the others),
//! written at the dialect's path in `dialect = ...`, whose
//! `on_unimplemented` message names the list.

use std::path::PathBuf;

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};
use syn::parse::ParseStream;
use syn::spanned::Spanned;

use crate::op_def::OpDef;
use crate::pattern_ops::{collect_rs_files, is_macro_path};

/// What a dialect registers, one list each in `#[dialect(...)]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Registered {
    /// `#[op]`, `#[derive(Op)]`: `ops = [...]`.
    Op,
    /// `#[attr]`: `attrs = [...]`.
    Attr,
    /// `#[type_def]`: `types = [...]`.
    Type,
    /// A named `#[derive(EnumAttr)]`'s attribute: `enum_attrs = [...]`.
    EnumAttr,
}

impl Registered {
    /// What the def is called in messages.
    fn noun(self) -> &'static str {
        match self {
            Registered::Op => "op",
            Registered::Attr => "attribute",
            Registered::Type => "type",
            Registered::EnumAttr => "enum attribute",
        }
    }

    /// The key of the dialect's list.
    fn list(self) -> &'static str {
        match self {
            Registered::Op => "ops",
            Registered::Attr => "attrs",
            Registered::Type => "types",
            Registered::EnumAttr => "enum_attrs",
        }
    }

    /// The `ods_runtime::dialect` trait that says the dialect lists it.
    fn lists_trait(self) -> TokenStream {
        match self {
            Registered::Op => quote!(ListsOp),
            Registered::Attr => quote!(ListsAttr),
            Registered::Type => quote!(ListsType),
            Registered::EnumAttr => quote!(ListsEnumAttr),
        }
    }
}

/// The error of a def that names no dialect, at its name (`name`, the
/// `"dialect.mnemonic"` string), with the `dialect = ...` to write: the
/// `#[dialect("ns")]` struct of the def's namespace when the crate's
/// `src/` tree (or the def's file) declares one, else a placeholder and
/// what it stands for. `listed` is what the dialect's list must hold
/// (the op, attribute or type struct; an enum's attribute);
/// `attribute` the macro's attribute as written in the message.
pub fn missing_dialect(
    kind: Registered,
    name: &syn::LitStr,
    listed: &syn::Ident,
    attribute: &str,
) -> syn::Error {
    let full = name.value();
    let namespace = full.split_once('.').map_or(full.as_str(), |(ns, _)| ns);
    let def_file = proc_macro::is_available()
        .then(|| name.span().unwrap().local_file())
        .flatten();
    let found = dialect_structs(namespace, def_file);
    let (noun, list) = (kind.noun(), kind.list());
    let lists_trait = kind.lists_trait();
    let article = if noun.starts_with(['a', 'e', 'i', 'o', 'u']) {
        "an"
    } else {
        "a"
    };
    let message = match found.as_slice() {
        [dialect] => format!(
            "this {noun} names no dialect: add `dialect = {dialect}` to {attribute} (the `#[dialect(\"{namespace}\")]` struct, whose `{list} = [...]` must list `{listed}`); {article} {noun} its dialect does not list is never registered"
        ),
        _ => format!(
            "this {noun} names no dialect: add `dialect = YourDialect` to {attribute}, the Rust path of the dialect struct that registers it: a `#[dialect(\"{namespace}\", {list} = [{listed}])]` struct, or a hand-written `Dialect` implementing `ods_runtime::dialect::{lists_trait}<{listed}>`; {article} {noun} its dialect does not list is never registered"
        ),
    };
    syn::Error::new(name.span(), message)
}

/// The error of an op that names no dialect (see [`missing_dialect`]).
/// `None` when the op names its dialect, or has no name (that error is
/// reported on its own).
pub fn missing_op_dialect(def: &OpDef, attribute: &str) -> Option<syn::Error> {
    if def.dialect.is_some() {
        return None;
    }
    let name = def.name.as_ref()?;
    Some(missing_dialect(Registered::Op, name, &def.ident, attribute))
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

/// The def's check that its dialect lists it (nothing without
/// `dialect = ...`: [`missing_dialect`] reports that). `listed` is what
/// the list holds (see [`missing_dialect`]).
pub fn listed_check(
    kind: Registered,
    listed: &syn::Ident,
    dialect: Option<&syn::Path>,
) -> TokenStream {
    let Some(dialect) = dialect else {
        return quote!();
    };
    let lists_trait = kind.lists_trait();
    let bound = quote_spanned!(dialect.span()=> ::ods_runtime::dialect::#lists_trait<#listed>);
    let call = quote_spanned!(dialect.span()=> listed::<#dialect>);
    quote! {
        // The def's `dialect = ...` must list it (see `ods_macros`,
        // "Registration").
        const _: () = {
            fn listed<D: ?Sized + #bound>() {}
            let _ = #call;
        };
    }
}

/// `#[dialect]`'s side: `impl ListsOp<Op> for Dialect` per listed op,
/// and the same for attributes, types and enum attributes.
pub fn lists_impls(dialect: &syn::Ident, header: &crate::def_fronts::Header) -> TokenStream {
    let kinds = [
        Registered::Op,
        Registered::Attr,
        Registered::Type,
        Registered::EnumAttr,
    ];
    let impls = kinds.into_iter().flat_map(|kind| {
        let lists_trait = kind.lists_trait();
        header.paths_of(kind.list()).into_iter().map(move |def| {
            quote_spanned! {def.span()=>
                impl ::ods_runtime::dialect::#lists_trait<#def> for #dialect {}
            }
        })
    });
    quote!(#(#impls)*)
}

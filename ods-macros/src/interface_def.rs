//! `#[op_interface]`, `#[attr_interface]` and `#[type_interface]`: an
//! interface declared on a Rust trait. The trait's methods become the
//! `InterfaceMethod`s of an `.ods` `OpInterface` (`AttrInterface`,
//! `TypeInterface`) def, which `ods-spec` lowers to its interface model
//! and generates from, so a Rust-declared interface gets the table
//! (`ITable`), the generic handle (`IRef`) and the registration an `.ods`
//! one gets.
//!
//! The trait as written stays (its methods keep their spans, so rustc's
//! errors in a default body land on it), with the generated supertrait
//! and the verifier method added. Beside it the macro writes a
//! `macro_rules!` of the trait's name (macros have their own namespace),
//! exported when the trait is `pub`: an `#[op]`, `#[attr]` or `#[type_def]` listing
//! the interface calls it, and it hands back the interface's `.ods` def,
//! so the op's expansion implements and registers it as it would an
//! `.ods` interface.

use heck::ToSnakeCase;
use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote, ToTokens};
use syn::spanned::Spanned;

use ods_spec::model::InterfaceKind;

use crate::op_def::doc_text;
use crate::spec_text::{ods_string, SpecText};

/// The attribute an interface's `macro_rules!` puts on the item of the
/// `#[op]` (`#[attr]`, `#[type_def]`) that asked it:
/// `#[__ods_rust_interface(path = "def ...")]`.
pub const HANDED_BACK: &str = "__ods_rust_interface";

/// The `.ods` def name of a Rust-declared interface, in the spec of an
/// item listing it (apart from the standard library's names).
pub fn def_name(trait_name: &str) -> String {
    format!("RustInterface_{trait_name}")
}

/// What stands in the spec text for the trait's module; an item listing
/// the interface puts the path it wrote there.
pub const NAMESPACE_SLOT: &str = "let cppNamespace = \"\";";

fn class_of(kind: InterfaceKind) -> &'static str {
    match kind {
        InterfaceKind::Op => "OpInterface",
        InterfaceKind::Attr => "AttrInterface",
        InterfaceKind::Type => "TypeInterface",
    }
}

fn macro_name(kind: InterfaceKind) -> &'static str {
    match kind {
        InterfaceKind::Op => "op_interface",
        InterfaceKind::Attr => "attr_interface",
        InterfaceKind::Type => "type_interface",
    }
}

/// One method as read from the trait.
struct Method {
    ident: syn::Ident,
    doc: String,
    is_static: bool,
    return_type: String,
    args: Vec<(syn::Ident, String)>,
    default_body: Option<String>,
}

/// Expands `#[op_interface]` (or the attribute and type forms) on `item`.
pub fn expand(
    kind: InterfaceKind,
    args: TokenStream,
    item: TokenStream,
) -> syn::Result<TokenStream> {
    let what = macro_name(kind);
    let mut item: syn::ItemTrait = syn::parse2(item).map_err(|e| {
        syn::Error::new(
            e.span(),
            format!("#[{what}] goes on a trait whose methods are the interface's"),
        )
    })?;
    if !args.is_empty() {
        return Err(syn::Error::new(
            args.span(),
            format!("#[{what}] takes no arguments: the doc comment is the description, the trait's methods the interface's"),
        ));
    }
    if !item.generics.params.is_empty() || item.generics.where_clause.is_some() {
        return Err(syn::Error::new(
            item.generics.span(),
            "an interface trait has no generic parameters",
        ));
    }
    if let Some(bound) = item.supertraits.first() {
        return Err(syn::Error::new(
            bound.span(),
            format!("#[{what}] writes the interface's supertrait itself; base interfaces are `.ods`-only for now"),
        ));
    }
    let name = item.ident.to_string();
    let verifier = format_ident!("verify_{}", name.to_snake_case());
    let mut methods = Vec::new();
    let mut verify: Option<syn::TraitItemFn> = None;
    for trait_item in &mut item.items {
        let syn::TraitItem::Fn(f) = trait_item else {
            return Err(syn::Error::new(
                trait_item.span(),
                "an interface trait holds methods only",
            ));
        };
        let marked = f.attrs.iter().position(|a| a.path().is_ident("verify"));
        if let Some(at) = marked {
            let marker = f.attrs.remove(at);
            if kind != InterfaceKind::Op {
                return Err(syn::Error::new(
                    marker.span(),
                    "only op interfaces have a verifier (as upstream's)",
                ));
            }
            if verify.is_some() {
                return Err(syn::Error::new(
                    marker.span(),
                    "an interface has one #[verify] method",
                ));
            }
            if f.default.is_none() || !matches!(f.sig.inputs.first(), Some(syn::FnArg::Receiver(_)))
            {
                return Err(syn::Error::new(
                    f.sig.ident.span(),
                    "the #[verify] method is `fn verify(self, ctx: &Context, ir: &Ir) -> Result<(), VerifyError> { .. }`",
                ));
            }
            f.sig.ident = syn::Ident::new(&verifier.to_string(), f.sig.ident.span());
            verify = Some(f.clone());
            continue;
        }
        methods.push(read_method(f)?);
    }
    let spec = spec_text(kind, &item, &methods, verify.as_ref())?;
    let file_name = format!("<#[{what}] {name}>");
    let (_, model) = crate::expand::compile_text(&spec, &file_name)?;
    let Some(iface) = model
        .interfaces
        .iter()
        .find(|i| i.span.file == ods_spec::diag::FileId(0))
    else {
        return Err(syn::Error::new(
            item.ident.span(),
            "internal error: the interface was not lowered",
        ));
    };
    let code =
        ods_spec::codegen::interface_defs::generate(&file_name, &[iface]).map_err(|errors| {
            let message = errors
                .into_iter()
                .map(|(_, m)| m)
                .collect::<Vec<_>>()
                .join("; ");
            syn::Error::new(item.ident.span(), message)
        })?;
    let mut items = crate::expand::parse_items(&code)?;
    // The trait as written, over the generated supertrait and with the
    // generated verifier unless the author wrote one.
    for generated in &mut items {
        let syn::Item::Trait(t) = generated else {
            continue;
        };
        if t.ident != item.ident {
            continue;
        }
        let mut own = item.clone();
        own.items.push(register_method(kind, &item.ident));
        own.supertraits = t.supertraits.clone();
        own.colon_token = t.colon_token;
        if let Some(v) = verify.take() {
            own.items
                .retain(|i| !matches!(i, syn::TraitItem::Fn(f) if f.sig.ident == verifier));
            own.items.push(syn::TraitItem::Fn(v));
        } else {
            own.items.extend(
                t.items
                    .iter()
                    .filter(|i| matches!(i, syn::TraitItem::Fn(f) if f.sig.ident == verifier))
                    .cloned(),
            );
        }
        *generated = syn::Item::Trait(own);
    }
    let callback = callback_macro(&item, &spec.text);
    Ok(quote!(#(#items)* #callback))
}

/// The trait's hidden `__ods_register`: the table's registration,
/// reachable wherever the trait is (an item listing the interface names
/// the trait, not the table).
fn register_method(kind: InterfaceKind, name: &syn::Ident) -> syn::TraitItem {
    let table = format_ident!("{}Table", name);
    match kind {
        InterfaceKind::Op => syn::parse_quote! {
            #[doc(hidden)]
            fn __ods_register(ctx: &mut ::ods_runtime::ir::Context, registry: &mut ::ods_runtime::ir::Registry) where Self: Sized {
                #table::register::<Self>(ctx, registry)
            }
        },
        InterfaceKind::Attr | InterfaceKind::Type => syn::parse_quote! {
            #[doc(hidden)]
            fn __ods_register(registry: &mut ::ods_runtime::ir::Registry) where Self: Sized {
                #table::register::<Self>(registry)
            }
        },
    }
}

/// The `macro_rules!` an item listing the interface calls:
/// `Name! { #[macro(args)] [interface path as written] item }` gives back
/// the item under the same attribute (its tokens, so the macro's call
/// site stays the item's) with the interface's def in an attribute the
/// macro reads: `#[__ods_rust_interface(path = "def ...")]`.
///
/// It is re-exported beside the trait, under the trait's name, with the
/// trait's visibility. For a `pub` trait it is `#[macro_export]`ed (only
/// such a macro can be `pub use`d), so another crate lists the interface
/// by the trait's path as it names the trait; its crate-root name is
/// hidden and made unique by a hash of the interface's def, so two
/// interfaces of one name in different modules do not clash.
fn callback_macro(item: &syn::ItemTrait, spec: &str) -> TokenStream {
    let name = &item.ident;
    let public = matches!(item.vis, syn::Visibility::Public(_));
    let hidden = match public {
        true => format_ident!("__ods_interface_{}_{:016x}", name, fnv1a(spec)),
        false => format_ident!("__ods_interface_{}", name),
    };
    let key = format_ident!("{}", HANDED_BACK);
    let spec = syn::LitStr::new(spec, Span::call_site());
    let (export, reexport) = match &item.vis {
        syn::Visibility::Inherited => (quote!(), quote!(use)),
        syn::Visibility::Public(_) => (quote!(#[macro_export]), quote!(pub use)),
        _ => (quote!(), quote!(pub(crate) use)),
    };
    quote! {
        #[doc(hidden)]
        #export
        macro_rules! #hidden {
            ($pound:tt $attr:tt [$($path:tt)*] $($item:tt)*) => {
                $pound $attr
                #[#key($($path)* = #spec)]
                $($item)*
            };
        }
        #[doc(hidden)]
        #[allow(unused_imports)]
        #reexport #hidden as #name;
    }
}

/// FNV-1a over `text`: a hash that is the same on every build (the
/// exported macro's name must not change between compilations).
fn fnv1a(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

fn read_method(f: &syn::TraitItemFn) -> syn::Result<Method> {
    let sig = &f.sig;
    if let Some(bad) = sig
        .generics
        .params
        .first()
        .map(Spanned::span)
        .or(sig.asyncness.map(|a| a.span))
        .or(sig.unsafety.map(|u| u.span))
    {
        return Err(syn::Error::new(
            bad,
            "an interface method is a plain `fn` without generic parameters (the table keeps it as a function pointer)",
        ));
    }
    let mut is_static = true;
    let mut args = Vec::new();
    for (i, input) in sig.inputs.iter().enumerate() {
        match input {
            syn::FnArg::Receiver(r) => {
                if r.reference.is_some() || r.colon_token.is_some() || i != 0 {
                    return Err(syn::Error::new(
                        r.span(),
                        "an interface method takes `self` by value (the implementer is a `Copy` handle)",
                    ));
                }
                is_static = false;
            }
            syn::FnArg::Typed(pt) => {
                let syn::Pat::Ident(pi) = &*pt.pat else {
                    return Err(syn::Error::new(
                        pt.pat.span(),
                        "an interface method's argument is `name: Type`",
                    ));
                };
                if pi.ident != pi.ident.to_string().to_snake_case() {
                    return Err(syn::Error::new(
                        pi.ident.span(),
                        format!(
                            "argument names are snake_case: `{}`",
                            pi.ident.to_string().to_snake_case()
                        ),
                    ));
                }
                args.push((pi.ident.clone(), type_text(&pt.ty)));
            }
        }
    }
    let name = sig.ident.to_string();
    if name.to_snake_case() != name {
        return Err(syn::Error::new(
            sig.ident.span(),
            format!(
                "interface methods are snake_case: `{}`",
                name.to_snake_case()
            ),
        ));
    }
    let return_type = match &sig.output {
        syn::ReturnType::Default => "()".to_string(),
        syn::ReturnType::Type(_, ty) => type_text(ty),
    };
    let default_body = f.default.as_ref().map(|b| {
        let stmts = &b.stmts;
        quote!(#(#stmts)*).to_string()
    });
    Ok(Method {
        ident: sig.ident.clone(),
        doc: doc_text(&f.attrs).map(|(_, d)| d).unwrap_or_default(),
        is_static,
        return_type,
        args,
        default_body,
    })
}

fn type_text(ty: &syn::Type) -> String {
    ty.to_token_stream().to_string()
}

/// The interface's `.ods` def.
fn spec_text(
    kind: InterfaceKind,
    item: &syn::ItemTrait,
    methods: &[Method],
    verify: Option<&syn::TraitItemFn>,
) -> syn::Result<SpecText> {
    let name = item.ident.to_string();
    let here = item.ident.span();
    let mut t = SpecText::new();
    t.push(&ods_spec::stdlib::include_all(), Span::call_site());
    t.push(
        &format!(
            "def {} : {}<{}> {{\n  {NAMESPACE_SLOT}\n",
            def_name(&name),
            class_of(kind),
            ods_string(&name)
        ),
        here,
    );
    if let Some((span, doc)) = doc_text(&item.attrs) {
        t.push("  let description = ", span);
        t.push_long_text(&doc, span);
        t.push(";\n", span);
    }
    t.push("  let methods = [", here);
    for (i, m) in methods.iter().enumerate() {
        let at = m.ident.span();
        let class = if m.is_static {
            "StaticInterfaceMethod"
        } else {
            "InterfaceMethod"
        };
        t.push(if i == 0 { "\n    " } else { ",\n    " }, at);
        t.push(&format!("{class}<{}, ", ods_string(m.doc.trim())), at);
        t.push_string(&m.return_type, at);
        t.push(", ", at);
        t.push_user(&ods_string(&m.ident.to_string()), at);
        t.push(", (ins", at);
        for (j, (arg, ty)) in m.args.iter().enumerate() {
            t.push(if j == 0 { " " } else { ", " }, arg.span());
            t.push_string(ty, arg.span());
            t.push_user(&format!(":${arg}"), arg.span());
        }
        t.push(")", at);
        if let Some(body) = &m.default_body {
            t.push(", [{}], ", at);
            t.push_long_text(body, at);
        }
        t.push(">", at);
    }
    t.push("\n  ];\n", here);
    if let Some(v) = verify {
        let stmts = &v.default.as_ref().expect("checked: has a body").stmts;
        t.push("  let verify = ", v.sig.ident.span());
        t.push_long_text(&quote!(#(#stmts)*).to_string(), v.sig.ident.span());
        t.push(";\n", v.sig.ident.span());
    }
    t.push("}\n", here);
    Ok(t)
}

//! Default values an op gets when it is created without them: the op
//! model in, the `DEFAULTS` of `impl ods_runtime::Op` out (the trait's
//! `populate_defaults` fills them in), and the expressions builders make
//! their properties with.
//!
//! MLIR 22 fills an op's properties when it creates the op (parsed or
//! built): each `DefaultValuedAttr` that is not there gets its default
//! (`populateDefaultProperties`; `DefaultValuedOptionalAttr` and
//! `OptionalAttr` stay absent), and a property that is not an attribute
//! always has a value in its storage: its `DefaultValuedProp` default, else
//! the storage type's zero value. `ir` keeps properties as a dictionary, so
//! the hook adds the missing entries to it; an `OptionalProp` that is not
//! set is `[]` (as mlir-opt prints it).

use proc_macro2::TokenStream;
use quote::quote;

use super::op_info::rt::*;
use super::op_info::{build_attr, default_is_built, OpInfo};
use super::snippets::code;
use crate::model::AttributeModel;

/// The expression (with `ctx: &mut Context` in scope) building the default
/// of `a` as `Option<Attribute>`, when the op gets one on creation.
fn default_entry(a: &AttributeModel) -> Result<Option<TokenStream>, String> {
    // An `OptionalProp` is always materialized (`[]` when not set).
    let optional_prop =
        a.is_property && a.storage_type.trim().starts_with("::std::option::Option<");
    if a.is_derived || (a.optional && !optional_prop) {
        return Ok(None);
    }
    let name = &a.name;
    if a.is_property {
        let storage = code(
            &a.storage_type,
            &format!("storage type of property '{name}'"),
        )?;
        let value = match a.default_value.as_deref().map(str::trim) {
            _ if optional_prop => quote!(None),
            None | Some("") => quote!(<#storage as ::std::default::Default>::default()),
            Some(d) => {
                let d = code(d, &format!("default value of property '{name}'"))?;
                if a.storage_type.trim() == a.return_type.trim() {
                    quote!(#d)
                } else {
                    quote!(<#storage>::from(#d))
                }
            }
        };
        return Ok(Some(quote! {
            let value: #storage = #value;
            #RT_MOD_PROP::PropValue::to_attr(&value, ctx)
        }));
    }
    let Some(default) = &a.default_value else {
        return Ok(None);
    };
    if default_is_built(a) {
        // The call builds the default alone; the spec's text is not Rust.
        let build = build_attr(a, "ctx", "()")?.unwrap_or_default();
        return Ok(Some(quote!(Some(#build))));
    }
    let value = code(default, &format!("default value of attribute '{name}'"))?;
    let build = build_attr(a, "ctx", "value")?.ok_or_else(|| {
        format!("attribute '{name}' has a default value, but no constBuilderCall to build it")
    })?;
    Ok(Some(quote! {
        let value = #value;
        Some(#build)
    }))
}

/// Whether ops of this model get defaults on creation.
pub(crate) fn has_defaults(info: &OpInfo) -> Result<bool, String> {
    for a in &info.op.attributes {
        if default_entry(a)?.is_some() {
            return Ok(true);
        }
    }
    Ok(false)
}

/// `DEFAULTS` for `impl ods_runtime::Op` (nothing when the op has no
/// defaults: the trait's empty list stays); the trait's
/// `populate_defaults` fills them in.
pub(crate) fn op_impl_items(info: &OpInfo) -> Result<TokenStream, String> {
    let mut entries = Vec::new();
    for a in &info.op.attributes {
        if let Some(build) = default_entry(a)? {
            let name = &a.name;
            entries.push(quote!((#name, |ctx| { #build })));
        }
    }
    if entries.is_empty() {
        return Ok(TokenStream::new());
    }
    Ok(quote! {
        const DEFAULTS: &'static [#RT_MOD_OP::DefaultProp] = &[#(#entries),*];
    })
}

/// The expression (of type `Option<Attribute>`) making the properties
/// dictionary of a builder from its `entries` (`(name, Option<Attribute>)`
/// expressions), with the op's defaults filled in when it has any (`b`
/// names the `OpBuilder`): `None` when there is nothing to make.
pub(crate) fn props_with_defaults(
    info: &OpInfo,
    entries: &[TokenStream],
    b: &proc_macro2::Ident,
) -> Result<TokenStream, String> {
    Ok(match (entries.is_empty(), has_defaults(info)?) {
        (true, false) => quote!(None),
        (false, false) => quote!(#RT_MOD_OP::build_props(#b.ctx, &[#(#entries),*])),
        (_, true) => quote! {
            #RT_MOD_OP::build_props_with(#b.ctx, &[#(#entries),*], <Self as #RT::Op>::DEFAULTS)
        },
    })
}

/// `props` (an expression of type `Option<Attribute>`, evaluated once)
/// with the op's defaults filled in, for builders written in the spec
/// (`b` names the `OpBuilder`); `props` itself when the op has none.
pub(crate) fn with_defaults(
    info: &OpInfo,
    props: TokenStream,
    b: &proc_macro2::Ident,
) -> Result<TokenStream, String> {
    if !has_defaults(info)? {
        return Ok(props);
    }
    Ok(quote!(<Self as #RT::Op>::populate_defaults(#b.ctx, #props)))
}

//! Interface methods an op's attribute arguments give. In C++ an ODS
//! accessor answers an interface method of its name (`getArgAttrsAttr`
//! of argument `arg_attrs`); here the generator writes those methods of
//! the op's `impl Interface for Op` itself, so an op declaring
//! `function_type`, `arg_attrs` and `res_attrs` implements
//! `FunctionOpInterface`'s and `ArgAndResultAttrsOpInterface`'s required
//! methods with no code of its own.
//!
//! In: an op model and the methods its author would write. Out: the
//! methods written here (the rest stay the author's). For an attribute
//! argument `foo_bar` (not a property, not derived), required methods of
//! these shapes:
//!
//! | method | signature | does |
//! | --- | --- | --- |
//! | `getFooBarAttr` | `(&Context, &Ir) -> Option<Attribute>` | the stored attribute |
//! | `setFooBarAttr` | `(&mut Context, &mut Ir, Attribute)` | stores it |
//! | `removeFooBarAttr` | `(&mut Context, &mut Ir) -> Option<Attribute>` | removes it, returning it (optional or defaulted attributes only, as `remove_foo_bar`) |
//!
//! A method the op declares it overrides (`DeclareOpInterfaceMethods`) or
//! of another shape is left to the author.

use heck::ToUpperCamelCase;
use proc_macro2::TokenStream;
use quote::quote;

use super::ident;
use super::op_info::rt::*;
use crate::model::{AttributeModel, InterfaceMethodModel, OpModel};

/// What a method does with its attribute.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Access {
    Get,
    Set,
    Remove,
}

/// A Rust type written without the paths the spec may spell it with and
/// without spaces: `&mut ::ods_runtime::ir::Context` is `&mutContext`.
fn bare(ty: &str) -> String {
    let mut t: String = ty.chars().filter(|c| !c.is_whitespace()).collect();
    for prefix in [
        "::ods_runtime::ir::",
        "ods_runtime::ir::",
        "::ir::",
        "::std::option::",
        "std::option::",
        "::core::option::",
    ] {
        t = t.replace(prefix, "");
    }
    t
}

/// The access `m` is for attribute `a`, when its name and shape say so.
fn access(m: &InterfaceMethodModel, a: &AttributeModel) -> Option<Access> {
    if m.is_static || a.is_property || a.is_derived {
        return None;
    }
    let camel = a.name.to_upper_camel_case();
    let args: Vec<String> = m.args.iter().map(|(_, t)| bare(t)).collect();
    let ret = bare(&m.return_type);
    let (access, want_args, want_ret): (Access, &[&str], &str) =
        match m.spec_name.strip_suffix("Attr") {
            Some(rest) if rest.strip_prefix("get") == Some(camel.as_str()) => {
                (Access::Get, &["&Context", "&Ir"], "Option<Attribute>")
            }
            Some(rest) if rest.strip_prefix("set") == Some(camel.as_str()) => {
                (Access::Set, &["&mutContext", "&mutIr", "Attribute"], "()")
            }
            Some(rest)
                if rest.strip_prefix("remove") == Some(camel.as_str())
                    && (a.optional || a.default_value.is_some()) =>
            {
                (
                    Access::Remove,
                    &["&mutContext", "&mutIr"],
                    "Option<Attribute>",
                )
            }
            _ => return None,
        };
    (args == want_args && ret == want_ret).then_some(access)
}

/// The methods of `by_author` that `op`'s attribute arguments give (not
/// those in `overridden`), as `(method name, the method's tokens)`.
pub(crate) fn argument_methods(
    op: &OpModel,
    by_author: &[InterfaceMethodModel],
    overridden: &[String],
) -> Result<Vec<(String, TokenStream)>, String> {
    let mut out = Vec::new();
    for m in by_author {
        if overridden.contains(&m.spec_name) {
            continue;
        }
        let Some((a, access)) = op
            .attributes
            .iter()
            .find_map(|a| access(m, a).map(|access| (a, access)))
        else {
            continue;
        };
        let method = ident(&m.name)?;
        let names = m
            .args
            .iter()
            .map(|(n, _)| ident(n))
            .collect::<Result<Vec<_>, _>>()?;
        let types = m
            .args
            .iter()
            .map(|(n, t)| {
                syn::parse_str::<syn::Type>(t)
                    .map_err(|_| format!("the type of argument '{n}' `{t}` is not a Rust type"))
            })
            .collect::<Result<Vec<_>, _>>()?;
        let name = &a.name;
        let (ctx, ir) = (&names[0], &names[1]);
        let this = quote!(#RT::Op::op(self));
        let tokens = match access {
            Access::Get => quote! {
                fn #method(self, #(#names: #types),*) -> #RT_OPTION<#RT_ATTRIBUTE> {
                    #RT_INHERENT_ATTR(#ctx, #ir, #this, #name)
                }
            },
            Access::Set => {
                let value = &names[2];
                quote! {
                    fn #method(self, #(#names: #types),*) {
                        #RT_SET_INHERENT_ATTR(#ctx, #ir, #this, #name, #RT_OPTION::Some(#value));
                    }
                }
            }
            Access::Remove => quote! {
                fn #method(self, #(#names: #types),*) -> #RT_OPTION<#RT_ATTRIBUTE> {
                    let old = #RT_INHERENT_ATTR(#ctx, #ir, #this, #name);
                    #RT_SET_INHERENT_ATTR(#ctx, #ir, #this, #name, #RT_OPTION::None);
                    old
                }
            },
        };
        out.push((m.name.clone(), tokens));
    }
    Ok(out)
}

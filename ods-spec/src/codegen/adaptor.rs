//! The operand adaptor of an op (`AddIOpAdaptor`): the op's operands,
//! attributes and properties read from values and a dictionary given
//! separately, before the op exists (as rewrites and folders see them).
//!
//! In: an [`OpInfo`]. Out: the adaptor struct and its `impl`.

use std::collections::BTreeSet;

use proc_macro2::{Literal, TokenStream};
use quote::quote;

use super::op_info::rt::*;
use super::op_info::{
    attr_form, attr_value_body, attr_value_doc, is_variadic, lit_str, prop_value_body,
    property_form, OpInfo,
};
use super::snippets::{method_name, suffixed};
use crate::model::{AttributeModel, VarKind};

pub(super) fn adaptor(info: &OpInfo) -> Result<TokenStream, String> {
    let op = info.op;
    let name = &info.name;
    let adaptor = &info.adaptor;
    let mut methods = Vec::new();
    let grouped = info.has_groups(false);
    let needs_ctx = grouped && info.operand_segments;
    if grouped {
        let flags = op.operands.iter().map(|o| is_variadic(&o.kind));
        let range = if info.operand_segments {
            quote! {
                let sizes = self
                    .attrs
                    .and_then(|p| #RT_MOD_OP::dict_get(ctx, p, #RT_MOD_SEGMENTS::OPERAND_SEGMENT_SIZES))
                    .and_then(|a| #RT_MOD_PRED::dense_i32_array(ctx, a))
                    .unwrap_or_else(|| vec![0; #name::OPERAND_GROUPS]);
                let range = #RT_MOD_SEGMENTS::segment_group(&sizes, index);
            }
        } else {
            quote! {
                let range = #RT_MOD_SEGMENTS::same_size_group(self.operands.len(), &[#(#flags),*], index);
            }
        };
        let ctx_param = needs_ctx.then(|| quote!(ctx: &#RT_CONTEXT,));
        methods.push(quote! {
            fn ods_operand_group(&self, #ctx_param index: usize) -> &'a [#RT_VALUE] {
                #range
                self.operands.get(range).unwrap_or(&[])
            }
        });
    }
    for (i, o) in op.operands.iter().enumerate() {
        if o.name.is_empty() {
            continue;
        }
        let f = method_name(&o.name)?;
        let idx = Literal::usize_unsuffixed(i);
        // Every operand accessor takes `ctx`, as the attribute accessors
        // do, whether or not this op's groups read their sizes from it.
        let ctx_param = quote!(ctx: &#RT_CONTEXT);
        let group = if needs_ctx {
            quote!(self.ods_operand_group(ctx, #idx))
        } else {
            quote!(self.ods_operand_group(#idx))
        };
        let doc = lit_str(&format!(
            " Operand{} `{}`.",
            if is_variadic(&o.kind) { "s" } else { "" },
            o.name
        ));
        methods.push(match &o.kind {
            VarKind::Single if !grouped => quote! {
                #[doc = #doc]
                pub fn #f(&self, #ctx_param) -> #RT_VALUE {
                    self.operands[#idx]
                }
            },
            VarKind::Single => quote! {
                #[doc = #doc]
                pub fn #f(&self, #ctx_param) -> #RT_VALUE {
                    #group[0]
                }
            },
            VarKind::Optional => quote! {
                #[doc = #doc]
                pub fn #f(&self, #ctx_param) -> #RT_OPTION<#RT_VALUE> {
                    #group.first().copied()
                }
            },
            VarKind::Variadic => quote! {
                #[doc = #doc]
                pub fn #f(&self, #ctx_param) -> &'a [#RT_VALUE] {
                    #group
                }
            },
            VarKind::VariadicOfVariadic { segment_attr } => quote! {
                #[doc = #doc]
                pub fn #f(&self, ctx: &#RT_CONTEXT) -> #RT_VEC<&'a [#RT_VALUE]> {
                    let all = #group;
                    let sizes = self
                        .attrs
                        .and_then(|p| #RT_MOD_OP::dict_get(ctx, p, #segment_attr))
                        .and_then(|a| #RT_MOD_PRED::dense_i32_array(ctx, a))
                        .unwrap_or_default();
                    (0..sizes.len())
                        .map(|i| all.get(#RT_MOD_SEGMENTS::segment_group(&sizes, i)).unwrap_or(&[]))
                        .collect()
                }
            },
        });
    }
    for a in op.attributes.iter().filter(|a| !a.is_derived) {
        methods.push(adaptor_attribute(info, a)?);
    }
    // The adaptor's own methods keep their names only when no argument
    // of the spec has taken them.
    let mut taken = BTreeSet::new();
    for n in op
        .operands
        .iter()
        .map(|o| &o.name)
        .chain(op.attributes.iter().map(|a| &a.name))
    {
        if !n.is_empty() {
            taken.insert(method_name(n)?.to_string());
        }
    }
    if let Some(clash) = ["new", "ods_operand_group"]
        .iter()
        .find(|n| taken.contains(**n))
    {
        return Err(format!(
            "an argument named '{clash}' clashes with the adaptor's method of that name"
        ));
    }
    let doc = lit_str(&format!(
        " `{}`'s arguments by name, over values not yet in an op (as during parsing, type inference or folding) and its attribute or property dictionary: operands (grouped as the segment sizes in the dictionary say), attributes and properties (with their defaults).",
        op.full_name
    ));
    let new_doc = lit_str(&format!(
        " Wraps the operand list (and attributes) of a `{}`.",
        op.full_name
    ));
    // An operand named `operands` (upstream's func.call and func.return
    // have one) takes the name; it is then every variadic operand anyway.
    let all_operands = if taken.contains("operands") {
        quote!()
    } else {
        quote! {
            /// All operands.
            pub fn operands(&self) -> &'a [#RT_VALUE] {
                self.operands
            }
        }
    };
    let all_attributes = (!taken.contains("attributes")).then(|| {
        quote! {
            /// The attribute (or property) dictionary.
            pub fn attributes(&self) -> #RT_OPTION<#RT_ATTRIBUTE> {
                self.attrs
            }
        }
    });
    Ok(quote! {
        #[doc = #doc]
        #[derive(Copy, Clone, Debug)]
        pub struct #adaptor<'a> {
            operands: &'a [#RT_VALUE],
            attrs: #RT_OPTION<#RT_ATTRIBUTE>,
        }

        // The operand accessors of an op whose groups are fixed do not
        // read their `ctx`.
        #[allow(unused_variables)]
        impl<'a> #adaptor<'a> {
            #[doc = #new_doc]
            pub fn new(operands: &'a [#RT_VALUE], attrs: #RT_OPTION<#RT_ATTRIBUTE>) -> Self {
                #adaptor { operands, attrs }
            }

            #all_operands

            #all_attributes

            #(#methods)*
        }
    })
}

/// The adaptor's accessors of attribute or property `a`: the typed value
/// as the op's accessor reads it (same name and type, defaults applied)
/// and the stored form (`x_attr`), both from the adaptor's dictionary.
fn adaptor_attribute(info: &OpInfo, a: &AttributeModel) -> Result<TokenStream, String> {
    let f = method_name(&a.name)?;
    let raw = suffixed(&a.name, "_attr")?;
    let name = &a.name;
    let raw_fn = quote! {
        pub fn #raw(&self, ctx: &#RT_CONTEXT) -> #RT_OPTION<#RT_ATTRIBUTE> {
            self.attrs.and_then(|d| #RT_MOD_OP::dict_get(ctx, d, #name))
        }
    };
    if a.is_property {
        let (storage, _) = property_form(a)?;
        let body = prop_value_body(a, quote!(self.#raw(ctx)))?;
        let doc = lit_str(&format!(" Property `{name}` (its default when absent)."));
        let raw_doc = lit_str(&format!(" Property `{name}` in its attribute form."));
        return Ok(quote! {
            #[doc = #doc]
            pub fn #f(&self, ctx: &#RT_CONTEXT) -> #storage {
                #body
            }

            #[doc = #raw_doc]
            #raw_fn
        });
    }
    let form = attr_form(a)?;
    let ret = &form.ret;
    let msg = format!(
        "the attributes of a '{}' adaptor hold '{name}'",
        info.op.full_name
    );
    let body = attr_value_body(a, quote!(self.#raw(ctx)), &msg)?;
    let (lt, ctx_ty) = if form.borrowed {
        (quote!(<'c>), quote!(&'c #RT_CONTEXT))
    } else {
        (quote!(), quote!(&#RT_CONTEXT))
    };
    let doc = lit_str(&attr_value_doc(a, "of valid attributes"));
    let raw_doc = lit_str(&format!(" Attribute `{name}` as stored."));
    Ok(quote! {
        #[doc = #doc]
        pub fn #f #lt(&self, ctx: #ctx_ty) -> #ret {
            #body
        }

        #[doc = #raw_doc]
        #raw_fn
    })
}

//! Accessors of an op handle: one per operand, result, attribute (typed
//! value and raw `_attr`), property, region and successor; attribute
//! setters and removers; the private `operand_group` / `result_group`
//! helpers that variadic accessors call. Operand, result, attribute and
//! property accessors all take `(ctx, ir)` (one shape, whatever the op's
//! groups need); regions and successors take `(ir)`.
//!
//! In: an [`OpInfo`]. Out: the items of the handle's `impl` block.

use proc_macro2::{Literal, TokenStream};
use quote::quote;

use super::op_info::rt::*;
use super::op_info::{
    attr_form, attr_value_body, attr_value_doc, build_attr, is_variadic, lit_str, prop_value_body,
    property_form, OpInfo,
};
use super::snippets::{method_name, prefixed, snake_case, suffixed};
use crate::model::{AttributeModel, ValueModel, VarKind};

/// `operand_group` / `result_group`: the index range of a value group,
/// for the groups `used` says are called.
pub(super) fn group_fns(info: &OpInfo, used: impl Fn(&str) -> bool) -> Result<TokenStream, String> {
    let mut out = TokenStream::new();
    for results in [false, true] {
        let f_name = if results {
            "result_group"
        } else {
            "operand_group"
        };
        if !info.has_groups(results) {
            continue;
        }
        let values = info.values(results);
        let count = Literal::usize_unsuffixed(values.len());
        let (f, konst, what, total, attr) = if results {
            (
                quote!(result_group),
                quote!(RESULT_GROUPS),
                "result",
                quote!(ir.num_results(self.0)),
                quote!(#RT_MOD_SEGMENTS::RESULT_SEGMENT_SIZES),
            )
        } else {
            (
                quote!(operand_group),
                quote!(OPERAND_GROUPS),
                "operand",
                quote!(ir.num_operands(self.0)),
                quote!(#RT_MOD_SEGMENTS::OPERAND_SEGMENT_SIZES),
            )
        };
        let doc = lit_str(&format!(" The number of {what} groups."));
        let fdoc = lit_str(&format!(" The index range of {what} group `index`."));
        if info.group_needs_ctx(results) {
            out.extend(quote! {
                #[doc = #doc]
                pub const #konst: usize = #count;
            });
        }
        if !used(f_name) {
            continue;
        }
        if info.group_needs_ctx(results) {
            out.extend(quote! {
                #[doc = #fdoc]
                fn #f(self, ctx: &#RT_CONTEXT, ir: &#RT_IR, index: usize) -> ::std::ops::Range<usize> {
                    #RT_MOD_SEGMENTS::segment_group_of(ctx, ir, self.0, #attr, index)
                }
            });
        } else {
            let flags = values.iter().map(|v| is_variadic(&v.kind));
            out.extend(quote! {
                #[doc = #fdoc]
                fn #f(self, ir: &#RT_IR, index: usize) -> ::std::ops::Range<usize> {
                    #RT_MOD_SEGMENTS::same_size_group(#total, &[#(#flags),*], index)
                }
            });
        }
    }
    Ok(out)
}

/// The accessors of named operands and results (and `<name>_mutable`),
/// every one taking `(ctx, ir)`: the items of an impl block of their own
/// that allows the `ctx` an op without segment sizes does not read.
pub(super) fn value_accessors(info: &OpInfo) -> Result<TokenStream, String> {
    let mut out = TokenStream::new();
    for results in [false, true] {
        for (i, v) in info.values(results).iter().enumerate() {
            if v.name.is_empty() {
                continue;
            }
            out.extend(value_accessor(info, results, i, v)?);
            if !results {
                out.extend(mutable_operand_accessor(info, i, v)?);
            }
        }
    }
    Ok(out)
}

/// The accessors of attributes, properties, regions and successors.
pub(super) fn accessors(info: &OpInfo) -> Result<TokenStream, String> {
    let mut out = TokenStream::new();
    for a in &info.op.attributes {
        if a.is_derived {
            continue;
        }
        out.extend(if a.is_property {
            property_accessors(a)?
        } else {
            attribute_accessors(info, a)?
        });
    }
    let fixed_regions = info.op.regions.iter().filter(|r| !r.variadic).count();
    for (i, r) in info.op.regions.iter().enumerate() {
        if r.name.is_empty() {
            continue;
        }
        let f = method_name(&r.name)?;
        let idx = Literal::usize_unsuffixed(i);
        out.extend(if r.variadic {
            let doc = lit_str(&format!(" Regions `{}`.", r.name));
            let start = Literal::usize_unsuffixed(fixed_regions);
            quote! {
                #[doc = #doc]
                pub fn #f(self, ir: &#RT_IR) -> &[#RT_REGION_ID] {
                    &ir.regions(self.0)[#start..]
                }
            }
        } else {
            let doc = lit_str(&format!(" Region `{}`.", r.name));
            quote! {
                #[doc = #doc]
                pub fn #f(self, ir: &#RT_IR) -> #RT_REGION_ID {
                    ir.region(self.0, #idx)
                }
            }
        });
    }
    for (i, s) in info.op.successors.iter().enumerate() {
        if s.name.is_empty() {
            continue;
        }
        let f = method_name(&s.name)?;
        let idx = Literal::usize_unsuffixed(i);
        out.extend(if s.variadic {
            let doc = lit_str(&format!(" Successors `{}`.", s.name));
            // The only successor group: every successor (clippy's
            // `iter_skip_zero`).
            let skip = (i > 0).then(|| quote!(.skip(#idx)));
            quote! {
                #[doc = #doc]
                pub fn #f(self, ir: &#RT_IR) -> impl ExactSizeIterator<Item = #RT_BLOCK_ID> + '_ {
                    ir.successors(self.0) #skip
                }
            }
        } else {
            let doc = lit_str(&format!(" Successor `{}`.", s.name));
            quote! {
                #[doc = #doc]
                pub fn #f(self, ir: &#RT_IR) -> #RT_BLOCK_ID {
                    ir.successor(self.0, #idx)
                }
            }
        });
    }
    Ok(out)
}

fn value_accessor(
    info: &OpInfo,
    results: bool,
    i: usize,
    v: &ValueModel,
) -> Result<TokenStream, String> {
    let f = method_name(&v.name)?;
    let (what, get, all) = if results {
        ("Result", quote!(result), quote!(results))
    } else {
        ("Operand", quote!(operand), quote!(operands))
    };
    let idx = Literal::usize_unsuffixed(i);
    // Every value accessor takes `(ctx, ir)`, whether or not this op's
    // groups read their sizes from a property (docs/rust-route.md, "One
    // accessor shape"); the impl block holding them allows an unused `ctx`.
    let ctx_param = quote!(ctx: &#RT_CONTEXT,);
    let range = info.group_range(results, i);
    Ok(match &v.kind {
        VarKind::Single => {
            let doc = lit_str(&format!(" {what} `{}`.", v.name));
            let body = if info.has_groups(results) {
                quote!(ir.#get(self.0, #range.start))
            } else {
                quote!(ir.#get(self.0, #idx))
            };
            quote! {
                #[doc = #doc]
                pub fn #f(self, #ctx_param ir: &#RT_IR) -> #RT_VALUE {
                    #body
                }
            }
        }
        VarKind::Optional => {
            let doc = lit_str(&format!(" {what} `{}`, when present.", v.name));
            quote! {
                #[doc = #doc]
                pub fn #f(self, #ctx_param ir: &#RT_IR) -> #RT_OPTION<#RT_VALUE> {
                    let group = #range;
                    (!group.is_empty()).then(|| ir.#get(self.0, group.start))
                }
            }
        }
        VarKind::Variadic => {
            let doc = lit_str(&format!(" {what}s `{}`.", v.name));
            quote! {
                #[doc = #doc]
                pub fn #f<'a>(self, #ctx_param ir: &'a #RT_IR) -> impl ExactSizeIterator<Item = #RT_VALUE> + 'a {
                    let group = #range;
                    ir.#all(self.0).skip(group.start).take(group.len())
                }
            }
        }
        VarKind::VariadicOfVariadic { segment_attr } => {
            let doc = lit_str(&format!(
                " {what}s `{}`, in the groups `{segment_attr}` gives.",
                v.name
            ));
            quote! {
                #[doc = #doc]
                pub fn #f(self, ctx: &#RT_CONTEXT, ir: &#RT_IR) -> #RT_VEC<#RT_VEC<#RT_VALUE>> {
                    let group = #range;
                    let sizes = #RT_INHERENT_ATTR(ctx, ir, self.0, #segment_attr)
                        .and_then(|a| #RT_MOD_PRED::dense_i32_array(ctx, a))
                        .unwrap_or_default();
                    (0..sizes.len())
                        .map(|i| {
                            #RT_MOD_SEGMENTS::sub_group(group.start, &sizes, i)
                                .map(|j| ir.#get(self.0, j))
                                .collect()
                        })
                        .collect()
                }
            }
        }
    })
}

/// `<name>_mutable`: a variadic or optional operand group as an editable
/// range (upstream's `get<Name>Mutable`), kept in step with
/// `operandSegmentSizes` and, for a `VariadicOfVariadic` group (one
/// sub-group per call), with its segment property.
fn mutable_operand_accessor(
    info: &OpInfo,
    i: usize,
    v: &ValueModel,
) -> Result<TokenStream, String> {
    if matches!(v.kind, VarKind::Single) {
        return Ok(TokenStream::new());
    }
    let f = suffixed(&v.name, "_mutable")?;
    let range = info.group_range(false, i);
    let idx = Literal::usize_unsuffixed(i);
    let outer = info
        .group_needs_ctx(false)
        .then(|| quote!(.in_segment(#RT_MOD_SEGMENTS::OPERAND_SEGMENT_SIZES, #idx)));
    let range_type = quote!(#RT::operands::MutableOperandRange);
    Ok(match &v.kind {
        VarKind::VariadicOfVariadic { segment_attr } => {
            let doc = lit_str(&format!(
                " Sub-group `index` of operands `{}` as an editable range (sizes in `{segment_attr}`).",
                v.name
            ));
            quote! {
                #[doc = #doc]
                pub fn #f(self, ctx: &#RT_CONTEXT, ir: &#RT_IR, index: usize) -> #range_type {
                    let group = #range;
                    let sizes = #RT_INHERENT_ATTR(ctx, ir, self.0, #segment_attr)
                        .and_then(|a| #RT_MOD_PRED::dense_i32_array(ctx, a))
                        .unwrap_or_default();
                    let sub = #RT_MOD_SEGMENTS::sub_group(group.start, &sizes, index);
                    #range_type::new(self.0, sub) #outer .in_segment(#segment_attr, index)
                }
            }
        }
        _ => {
            let doc = lit_str(&format!(" Operands `{}` as an editable range.", v.name));
            quote! {
                #[doc = #doc]
                pub fn #f(self, ctx: &#RT_CONTEXT, ir: &#RT_IR) -> #range_type {
                    #range_type::new(self.0, #range) #outer
                }
            }
        }
    })
}

fn attribute_accessors(info: &OpInfo, a: &AttributeModel) -> Result<TokenStream, String> {
    let f = method_name(&a.name)?;
    let raw = suffixed(&a.name, "_attr")?;
    let set_raw = prefixed("set_", &format!("{}_attr", snake_case(&a.name)))?;
    let set = prefixed("set_", &a.name)?;
    let remove = prefixed("remove_", &a.name)?;
    let name = &a.name;
    let form = attr_form(a)?;
    let ret = &form.ret;
    let msg = format!("a verified '{}' has attribute '{name}'", info.op.full_name);
    let body = attr_value_body(a, quote!(self.#raw(ctx, ir)), &msg)?;
    let (lt, ctx_ty) = if form.borrowed {
        (quote!(<'c>), quote!(&'c #RT_CONTEXT))
    } else {
        (quote!(), quote!(&#RT_CONTEXT))
    };
    let doc = lit_str(&attr_value_doc(a, "of a verified op"));
    let raw_doc = lit_str(&format!(" Attribute `{name}` as stored."));
    let set_raw_doc = lit_str(&format!(" Sets attribute `{name}`."));
    let mut out = quote! {
        #[doc = #doc]
        pub fn #f #lt(self, ctx: #ctx_ty, ir: &#RT_IR) -> #ret {
            #body
        }

        #[doc = #raw_doc]
        pub fn #raw(self, ctx: &#RT_CONTEXT, ir: &#RT_IR) -> #RT_OPTION<#RT_ATTRIBUTE> {
            #RT_INHERENT_ATTR(ctx, ir, self.0, #name)
        }

        #[doc = #set_raw_doc]
        pub fn #set_raw(self, ctx: &mut #RT_CONTEXT, ir: &mut #RT_IR, attr: #RT_ATTRIBUTE) {
            #RT_SET_INHERENT_ATTR(ctx, ir, self.0, #name, Some(attr));
        }
    };
    if let (Some(set_param), Some(build)) = (&form.set_param, build_attr(a, "ctx", "value")?) {
        let set_doc = lit_str(&format!(" Sets attribute `{name}` from its value."));
        let store = if form.builds_option {
            quote!(let attr = #build; #RT_SET_INHERENT_ATTR(ctx, ir, self.0, #name, attr);)
        } else {
            quote!(let attr = #build; #RT_SET_INHERENT_ATTR(ctx, ir, self.0, #name, Some(attr));)
        };
        out.extend(quote! {
            #[doc = #set_doc]
            pub fn #set(self, ctx: &mut #RT_CONTEXT, ir: &mut #RT_IR, value: #set_param) {
                #store
            }
        });
    }
    if a.optional || a.default_value.is_some() {
        let doc = lit_str(&format!(" Removes attribute `{name}`."));
        out.extend(quote! {
            #[doc = #doc]
            pub fn #remove(self, ctx: &mut #RT_CONTEXT, ir: &mut #RT_IR) {
                #RT_SET_INHERENT_ATTR(ctx, ir, self.0, #name, None);
            }
        });
    }
    Ok(out)
}

fn property_accessors(a: &AttributeModel) -> Result<TokenStream, String> {
    let f = method_name(&a.name)?;
    let raw = suffixed(&a.name, "_attr")?;
    let set = prefixed("set_", &a.name)?;
    let name = &a.name;
    let (storage, _) = property_form(a)?;
    let body = prop_value_body(a, quote!(self.#raw(ctx, ir)))?;
    let doc = lit_str(&format!(" Property `{name}` (its default when absent)."));
    let raw_doc = lit_str(&format!(" Property `{name}` in its attribute form."));
    let set_doc = lit_str(&format!(" Sets property `{name}`."));
    Ok(quote! {
        #[doc = #doc]
        pub fn #f(self, ctx: &#RT_CONTEXT, ir: &#RT_IR) -> #storage {
            #body
        }

        #[doc = #raw_doc]
        pub fn #raw(self, ctx: &#RT_CONTEXT, ir: &#RT_IR) -> #RT_OPTION<#RT_ATTRIBUTE> {
            #RT_INHERENT_ATTR(ctx, ir, self.0, #name)
        }

        #[doc = #set_doc]
        pub fn #set(self, ctx: &mut #RT_CONTEXT, ir: &mut #RT_IR, value: #storage) {
            let attr = #RT_MOD_PROP::PropValue::to_attr(&value, ctx);
            #RT_SET_INHERENT_ATTR(ctx, ir, self.0, #name, attr);
        }
    })
}

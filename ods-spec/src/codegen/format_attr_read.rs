//! Reading one attribute in a generated parser, as mlir-tblgen's parsers
//! read it (`genAttrParser` in `OpFormatGen.cpp`): an attribute element,
//! the first element of an optional group, or an attribute in an
//! `oilist` clause.
//!
//! Where the attribute may be left out (an optional attribute at the top
//! level or in an `oilist` clause, or one that starts an optional group),
//! it is read only when one is next (`parseOptionalAttribute`, an enum
//! keyword or string, an optional symbol name), and nothing is checked
//! but what the verifier checks later. Elsewhere it is required, and an
//! attribute of another kind than its storage class is `invalid kind of
//! attribute specified` at it (`parseAttribute<AttrT>`,
//! `parseCustomAttributeWithFallback<AttrT>`).
//!
//! In: the op, the attribute's index, `qualified`, and whether it may be
//! absent. Out: statements that read it into the `FormatState` `s`.

use proc_macro2::{Literal, TokenStream};
use quote::quote;

use super::format_attr::{attr_style, kind_check, AttrStyle, PropForm};
use super::op_info::rt::*;
use super::op_info::OpInfo;
use super::snippets::{code, substitute};
use crate::model::AttributeModel;

/// Statements reading attribute `index` into `s` (`None`: a form not
/// generated). With `optional`, it is stored only when one is next.
pub(super) fn attr_reader(
    info: &OpInfo,
    index: usize,
    qualified: bool,
    optional: bool,
) -> Result<Option<TokenStream>, String> {
    let a = &info.op.attributes[index];
    let k = Literal::usize_unsuffixed(index);
    // A property is read by its own parser wherever it stands (an
    // optional one reads `none`).
    if optional && !(a.is_property && a.optional && !a.is_unit) {
        let Some(read) = optional_read(info, a, qualified)? else {
            return Ok(None);
        };
        return Ok(Some(quote! {
            if let Some(attr) = #read { s.set_attr(#k, attr); }
        }));
    }
    let read = match required_read(info, a, qualified)? {
        None => return Ok(None),
        Some(Read::Maybe(read)) => {
            return Ok(Some(quote! {
                if let Some(attr) = #read { s.set_attr(#k, attr); }
            }))
        }
        Some(Read::Always(read)) => read,
    };
    let read = match kind_check(a) {
        Some(check) => {
            let check = substitute(check, &[("$_ctxt", "ctx"), ("$_self", "attr")], &|_| None)?;
            let check =
                super::snippets::closure(&["ctx", "attr"], code(&check, "attribute kind check")?);
            quote! {{
                let at = p.current_location();
                let attr = #read;
                #RT_MOD_FORMAT::check_attr_kind(p, at, attr, #check)?
            }}
        }
        None => read,
    };
    Ok(Some(quote!(s.set_attr(#k, #read);)))
}

/// What a required read gives.
enum Read {
    /// An `Attribute` expression.
    Always(TokenStream),
    /// An `Option<Attribute>` expression (a property written `none`).
    Maybe(TokenStream),
}

/// An expression reading a required attribute.
fn required_read(
    info: &OpInfo,
    a: &AttributeModel,
    qualified: bool,
) -> Result<Option<Read>, String> {
    let name = &a.name;
    // A `UnitProp` written as a variable: `unit` or `unit_absent` (left
    // at its default).
    if a.is_property && a.is_unit {
        return Ok(Some(Read::Maybe(
            quote!(#RT_MOD_FORMAT::parse_unit_property(p, #name)?),
        )));
    }
    Ok(Some(Read::Always(
        match attr_style(a, qualified, info.enums)? {
            AttrStyle::Enum(ty) => quote! {{
                let case = #RT_MOD_FORMAT::parse_enum_keyword::<#ty>(p, #name)?;
                #RT::EnumAttr::to_attr(case, p.ctx())
            }},
            AttrStyle::BitEnum(ty, cases) => {
                let build = bit_enum_builder(a)?;
                quote! {{
                    let case = #RT_MOD_FORMAT::parse_enum_case(
                        p, #name, &[#(#cases),*], |s| s.parse::<#ty>().ok(),
                    )?;
                    #build
                }}
            }
            AttrStyle::Symbol => quote!(p.parse_symbol_name()?),
            // A unit attribute the format writes is `unit` (a non-optional
            // one cannot be declared).
            AttrStyle::Unit => quote!({
                let ty = p.ctx().none_type();
                #RT_MOD_FORMAT::parse_attribute_without_type(p, ty)?
            }),
            AttrStyle::WithoutType(builder) => {
                let ty = type_builder(&builder)?;
                quote!({
                    let ty = #ty;
                    #RT_MOD_FORMAT::parse_attribute_without_type(p, ty)?
                })
            }
            AttrStyle::Stripped(read) => read,
            AttrStyle::IntArray(elem) => {
                quote!(#RT_MOD_FORMAT::parse_int_array::<#elem>(p)?)
            }
            AttrStyle::Property(PropForm::Int(ty, c)) => {
                quote!(#RT_MOD_FORMAT::parse_int_property::<#ty>(p, #name, #c)?)
            }
            AttrStyle::Property(PropForm::String) => {
                quote!(#RT_MOD_FORMAT::parse_string_property(p, #name)?)
            }
            AttrStyle::Property(PropForm::Enum(ty, summary)) => quote! {
                #RT_MOD_FORMAT::parse_enum_property::<#ty>(p, #name, #summary)?
            },
            AttrStyle::Property(PropForm::Bool) => {
                quote!(#RT_MOD_FORMAT::parse_bool_property(p, #name)?)
            }
            AttrStyle::Property(PropForm::BitEnum(ty, named, summary)) => {
                let named = option_str(named.as_deref());
                quote! {
                    #RT_MOD_FORMAT::parse_bit_enum_property::<#ty>(p, #name, #named, #summary)?
                }
            }
            AttrStyle::Property(PropForm::IntArray(array, elem, what)) => quote! {
                #RT_MOD_FORMAT::parse_int_array_property::<#array, #elem>(p, #name, #what)?
            },
            // `none` or the value: stored only when there is a value.
            AttrStyle::Property(PropForm::OptionalInt(ty, c)) => {
                let what = format!("optional {c}");
                return Ok(Some(Read::Maybe(quote! {
                    #RT_MOD_FORMAT::parse_optional_int_property::<#ty>(p, #name, #what)?
                })));
            }
            AttrStyle::Whole => quote!(p.parse_attribute()?),
        },
    )))
}

/// An expression giving `Option<Attribute>`: the attribute if one is next.
fn optional_read(
    info: &OpInfo,
    a: &AttributeModel,
    qualified: bool,
) -> Result<Option<TokenStream>, String> {
    let name = &a.name;
    Ok(Some(match attr_style(a, qualified, info.enums)? {
        AttrStyle::Enum(ty) => quote! {
            #RT_MOD_FORMAT::parse_optional_enum_keyword::<#ty>(p, #name)?
                .map(|case| #RT::EnumAttr::to_attr(case, p.ctx()))
        },
        AttrStyle::BitEnum(ty, cases) => {
            let build = bit_enum_builder(a)?;
            quote! {
                match #RT_MOD_FORMAT::parse_optional_enum_case(
                    p, #name, &[#(#cases),*], |s| s.parse::<#ty>().ok(),
                )? {
                    Some(case) => Some(#build),
                    None => None,
                }
            }
        }
        AttrStyle::Symbol => quote!(p.parse_optional_symbol_name()),
        AttrStyle::Unit => quote!({
            let ty = p.ctx().none_type();
            #RT_MOD_FORMAT::parse_optional_attribute_without_type(p, ty)?
        }),
        // A string attribute is read only when a string is next (MLIR's
        // `parseOptionalAttribute(StringAttr &)`), so an optional group it
        // starts is not taken for `@name` or another attribute.
        AttrStyle::WithoutType(_)
            if kind_check(a).is_some_and(|c| c.contains("is_string_attr(")) =>
        {
            quote!(#RT_MOD_FORMAT::parse_optional_string_attribute(p))
        }
        AttrStyle::WithoutType(builder) => {
            let ty = type_builder(&builder)?;
            quote!({
                let ty = #ty;
                #RT_MOD_FORMAT::parse_optional_attribute_without_type(p, ty)?
            })
        }
        // Properties that may be left out are read only as group anchors
        // through their `optionalParser`, which this generator does not
        // call yet.
        AttrStyle::Property(_) => return Ok(None),
        // mlir-tblgen reads these with the generic `parseOptionalAttribute`
        // (a dialect attribute, a dense array: written whole).
        AttrStyle::Stripped(_) | AttrStyle::IntArray(_) | AttrStyle::Whole => {
            quote!(p.parse_optional_attribute()?)
        }
    }))
}

/// The attribute of a bit-enum value `case` (the attribute's
/// `constBuilderCall` over `$0`), with `p` in scope.
fn bit_enum_builder(a: &AttributeModel) -> Result<TokenStream, String> {
    let Some(call) = a.const_builder_call.as_deref() else {
        return Err(format!(
            "bit enum attribute '{}' has no constBuilderCall",
            a.name
        ));
    };
    let call = substitute(call, &[("$_ctxt", "p.ctx()"), ("$0", "case")], &|_| None)?;
    code(&call, "constBuilderCall")
}

/// A `builderCall` over `$_builder` as an expression with `p` in scope.
pub(super) fn type_builder(call: &str) -> Result<TokenStream, String> {
    super::snippets::type_builder_call(call, "p.ctx()")
}

/// `Some("text")` or `None` as Rust tokens.
pub(super) fn option_str(text: Option<&str>) -> TokenStream {
    match text {
        Some(t) => quote!(Some(#t)),
        None => quote!(None),
    }
}

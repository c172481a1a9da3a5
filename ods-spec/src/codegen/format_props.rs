//! The `prop-dict` directive in generated parsers and printers: the
//! properties (and attributes kept in the properties) that the format does
//! not show, written `<{...}>`.
//!
//! The parser reads the dictionary and, once the op is read, checks it as
//! mlir-tblgen's `setPropertiesFromParsedAttr` does (every entry known,
//! required ones there, values of their kind) against the table built
//! here; the printer prints the properties but those the format shows and
//! those at their default, and the `attr-dict` beside it only the
//! discardable attributes.
//!
//! In: the op and its checked format. Out: the table, or the printer code.

use proc_macro2::TokenStream;
use quote::quote;

use super::format_attr::{attr_style, AttrStyle, PropForm};
use super::format_print::at_default;
use super::op_info::rt::*;
use super::op_info::OpInfo;
use crate::format::model::OpFormat;

/// The attributes the `prop-dict` holds: every inherent one the format
/// does not show, in declaration order.
fn prop_dict_members<'f>(
    info: &'f OpInfo,
    format: &'f OpFormat,
) -> impl Iterator<Item = usize> + 'f {
    (0..info.op.attributes.len())
        .filter(move |i| !format.used_attributes.contains(i) && !info.op.attributes[*i].is_derived)
}

/// `ods_runtime::format::PropEntry`s, one per member.
pub(super) fn prop_dict_entries(
    info: &OpInfo,
    format: &OpFormat,
) -> Result<Vec<TokenStream>, String> {
    let mut out = Vec::new();
    for i in prop_dict_members(info, format) {
        let a = &info.op.attributes[i];
        let name = &a.name;
        let required = !a.optional && a.default_value.is_none() && !a.is_unit;
        let check = if a.is_property {
            match attr_style(a, false, info.enums)? {
                AttrStyle::Property(PropForm::String) => {
                    quote!(#RT_MOD_FORMAT::PropCheck::String)
                }
                AttrStyle::Property(PropForm::Int(..)) => {
                    quote!(#RT_MOD_FORMAT::PropCheck::Integer)
                }
                _ => quote!(#RT_MOD_FORMAT::PropCheck::Any),
            }
        } else {
            match super::prop_fits::storage_check(info, a)? {
                Some(check) => {
                    let check = super::snippets::closure(&["ctx", "attr"], check);
                    quote!(#RT_MOD_FORMAT::PropCheck::Attr(#check))
                }
                None => quote!(#RT_MOD_FORMAT::PropCheck::Any),
            }
        };
        out.push(quote! {
            #RT_MOD_FORMAT::PropEntry { name: #name, required: #required, check: #check }
        });
    }
    Ok(out)
}

/// The printer of `prop-dict` (after its own space).
pub(super) fn prop_dict_printer(info: &OpInfo, format: &OpFormat) -> Result<TokenStream, String> {
    let mut elided = Vec::new();
    for &i in &format.used_attributes {
        let name = &info.op.attributes[i].name;
        elided.push(quote!(#name));
    }
    let mut tested = false;
    for i in prop_dict_members(info, format) {
        if let Some(test) = at_default(info, i)? {
            let name = &info.op.attributes[i].name;
            elided.push(quote!(if #test { #name } else { "" }));
            tested = true;
        }
    }
    if !tested {
        return Ok(quote! {
            #RT_MOD_FORMAT::print_prop_dict(pr, self.0, &[#(#elided),*]);
        });
    }
    // The tests may read the printer (`registered_default`): evaluated
    // before the call borrows it.
    Ok(quote! {
        let elided: &[&str] = &[#(#elided),*];
        #RT_MOD_FORMAT::print_prop_dict(pr, self.0, elided);
    })
}

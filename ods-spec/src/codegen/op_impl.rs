//! `impl ods_runtime::Op` for an op handle: its name, traits, registry
//! facts (inherent attributes, defaults, custom-form hooks), the generated
//! `verify_invariants` / `verify_traits` and the hooks to the author's own
//! methods.
//!
//! In: an [`OpInfo`]. Out: the `impl` block.

use proc_macro2::TokenStream;
use quote::quote;

use super::op_info::rt::*;
use super::op_info::{moved, OpInfo};

pub(super) fn op_impl(info: &OpInfo) -> Result<TokenStream, String> {
    let op = info.op;
    let name = &info.name;
    let full = &op.full_name;
    let traits = super::verify::trait_bits(op);
    let generated = match &op.format {
        Some(format) if !op.has_custom_assembly_format => generated_form(info, format)?,
        _ => None,
    };
    let (parse, print, form_methods) = if op.has_custom_assembly_format {
        (
            quote!(const PARSE: #RT_OPTION<#RT_MOD_IR::registry::ParseFn> = Some(#name::parse_assembly);),
            quote!(const PRINT: #RT_OPTION<#RT_MOD_IR::registry::PrintFn> = Some(#name::print_assembly);),
            quote!(),
        )
    } else if let Some((parse_fn, print_fn)) = generated {
        (
            quote!(const PARSE: #RT_OPTION<#RT_MOD_IR::registry::ParseFn> = Some(#name::parse_format);),
            quote!(const PRINT: #RT_OPTION<#RT_MOD_IR::registry::PrintFn> = Some(|pr, op| #name(op).print_format(pr));),
            quote!(impl #name { #parse_fn #print_fn }),
        )
    } else {
        // A declarative format with an element the generators do not
        // handle yet: the op keeps the generic form.
        (quote!(), quote!(), quote!())
    };
    let region_const = op.has_region_verifier.then(|| {
        quote!(
            const HAS_REGION_VERIFIER: bool = true;
        )
    });
    let fixed_regions = op.regions.iter().filter(|r| !r.variadic).count();
    let regions_const = (fixed_regions > 0).then(|| {
        let n = proc_macro2::Literal::usize_unsuffixed(fixed_regions);
        quote!(const FIXED_REGIONS: usize = #n;)
    });
    let mut inherent: Vec<&str> = op
        .attributes
        .iter()
        .filter(|a| !a.is_derived)
        .map(|a| a.name.as_str())
        .collect();
    if info.operand_segments {
        inherent.push("operandSegmentSizes");
    }
    if info.result_segments {
        inherent.push("resultSegmentSizes");
    }
    // The list is the op's whole one: an op without attributes has no
    // properties, and `<{...}>` on it is an error, as in MLIR.
    // Pure properties are never read from the attribute dictionary, so a
    // discardable attribute of the same name stays beside them.
    let pure: Vec<&str> = op
        .attributes
        .iter()
        .filter(|a| !a.is_derived && a.is_property)
        .map(|a| a.name.as_str())
        .collect();
    let pure_const = (!pure.is_empty())
        .then(|| quote!(const PURE_PROPERTIES: &'static [&'static str] = &[#(#pure),*];));
    let inherent_const = if inherent.is_empty() {
        quote!(
            const INHERENT_ATTRS_COMPLETE: bool = true;
        )
    } else {
        quote! {
            const INHERENT_ATTRS: &'static [&'static str] = &[#(#inherent),*];
            const INHERENT_ATTRS_COMPLETE: bool = true;
            #pure_const
        }
    };
    let invariants = super::verify::verify_invariants(info)?;
    let trait_checks = super::verify::verify_traits(info)?;
    let region_trait_checks = super::verify::verify_region_traits(info)?;
    let inherent_checks = super::verify::inherent_attr_verifier(info)?;
    let property_fits = super::prop_fits::property_fits(info)?;
    let verify_fn = match op.has_verifier {
        false => Some(quote!(
            const HAS_VERIFIER: bool = false;
        )),
        // `hasVerifier`: the dialect writes `fn verify_op` in an `impl`
        // block of its own.
        true => Some({
            let call = super::verify::author_verifier_call("verify_op");
            quote! {
                fn verify(self, ctx: &#RT_CONTEXT, ir: &#RT_IR) -> #RT_RESULT<(), #RT_VERIFY_ERROR> {
                    #call
                }
            }
        }),
    };
    let region_fn = op.has_region_verifier.then(|| {
        // `hasRegionVerifier`: the dialect writes `fn verify_op_regions`.
        let call = super::verify::author_verifier_call("verify_op_regions");
        quote! {
            fn verify_regions(self, ctx: &#RT_CONTEXT, ir: &#RT_IR) -> #RT_RESULT<(), #RT_VERIFY_ERROR> {
                #call
            }
        }
    });
    let defaults = super::defaults::op_impl_items(info)?;
    let interfaces = super::interfaces::op_impl_items(op);
    let result_names = super::interfaces::result_names_items(info);
    let fold = super::fold::fold_item(op, name);
    // `Op::register` calls this, so registering the op registers its
    // interface tables: a dialect (or a user listing `#[op]`s) cannot
    // register one without the other.
    let calls = super::interface_defs::op_registrations(op, name)?;
    let register_interfaces = (!calls.is_empty()).then(|| {
        quote! {
            fn register_interfaces(ctx: &mut #RT_CONTEXT, registry: &mut #RT_MOD_IR::Registry) {
                #calls
            }
        }
    });
    // Each part is moved in, not copied (see `Moved`).
    let form_methods = moved(form_methods);
    let parse = moved(parse);
    let print = moved(print);
    let region_const = moved(region_const);
    let regions_const = moved(regions_const);
    let inherent_const = moved(inherent_const);
    let defaults = moved(defaults);
    let invariants = moved(invariants);
    let inherent_checks = moved(inherent_checks);
    let property_fits = moved(property_fits);
    let trait_checks = moved(trait_checks);
    let region_trait_checks = moved(region_trait_checks);
    let verify_fn = moved(verify_fn);
    let region_fn = moved(region_fn);
    let interfaces = moved(interfaces);
    let result_names = moved(result_names);
    let fold = moved(fold);
    let register_interfaces = moved(register_interfaces);
    Ok(quote! {
        #form_methods

        impl #RT::Op for #name {
            const NAME: &'static str = #full;
            const TRAITS: #RT_MOD_IR::OpTraits = #traits;
            #parse
            #print
            #region_const
            #regions_const
            #inherent_const
            #defaults

            fn from_op_unchecked(op: #RT_OP_ID) -> Self {
                #name(op)
            }

            fn op(self) -> #RT_OP_ID {
                self.0
            }

            #invariants
            #inherent_checks
            #property_fits
            #trait_checks
            #region_trait_checks
            #verify_fn
            #region_fn
            #interfaces
            #result_names
            #fold
            #register_interfaces
        }
    })
}

/// Whether `op`'s declarative format falls back to the generic form
/// because it uses an element the generators do not emit yet (what
/// `--check` and the build report, so the fallback is never silent).
pub(super) fn keeps_generic_form(info: &OpInfo) -> Result<bool, String> {
    match &info.op.format {
        Some(format) => Ok(generated_form(info, format)?.is_none()),
        None => Ok(false),
    }
}

/// The generated parser and printer of a declarative format, when both
/// generators handle every element of it.
fn generated_form(
    info: &OpInfo,
    format: &crate::format::model::OpFormat,
) -> Result<Option<(TokenStream, TokenStream)>, String> {
    let parse = super::format_parse::parse_method(info, format)?;
    let print = super::format_print::print_method(info, format)?;
    Ok(parse.zip(print))
}

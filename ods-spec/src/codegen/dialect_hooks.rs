//! The parts of a dialect's `ods_runtime::Dialect` impl beyond its ops
//! and definitions: the dialects it depends on (`dependentDialects`),
//! its attribute verification hooks (`hasOperationAttrVerify`,
//! `hasRegionArgAttrVerify`, `hasRegionResultAttrVerify`) and the call of
//! its hand-written `initialize`.
//!
//! In: a dialect model and the name of its struct. Out: the
//! `register_dependent_dialects` and `initialize_dialect` items, or
//! nothing for what the dialect does not declare. A declared hook the
//! dialect did not write is a compile error naming it and its signature
//! (`ods_runtime::dialect::MissingAttrVerifiers`).

use crate::model::DialectModel;
use proc_macro2::TokenStream;
use quote::quote;

/// `register_dependent_dialects`: one `register_dialect` per entry of
/// `dependentDialects`, each the Rust path of a dialect struct (after the
/// namespace map), in the order written, as MLIR's generated constructor
/// loads them.
fn dependent_dialects(d: &DialectModel) -> Result<TokenStream, String> {
    if d.dependent_dialects.is_empty() {
        return Ok(TokenStream::new());
    }
    let paths = d
        .dependent_dialects
        .iter()
        .map(|p| {
            syn::parse_str::<syn::Path>(p).map_err(|_| {
                format!(
                    "dialect '{}': dependent dialect '{p}' is not a Rust path (`dependentDialects` lists dialect structs, e.g. \"::dialect_arith::ArithDialect\")",
                    d.name
                )
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok(quote! {
        fn register_dependent_dialects(ctx: &mut ::ods_runtime::ir::Context, registry: &mut ::ods_runtime::ir::Registry) {
            #(::ods_runtime::register_dialect::<#paths>(ctx, registry);)*
        }
    })
}

/// `initialize_dialect`: the dialect's attribute hooks, then its
/// hand-written `initialize` (or nothing, through
/// `ods_runtime::dialect::NoInitialize`).
fn initialize(d: &DialectModel, name: &syn::Ident) -> TokenStream {
    let ns = &d.name;
    let hook = |declared: bool, f: &str| {
        let f = syn::Ident::new(f, proc_macro2::Span::call_site());
        match declared {
            true => quote!(Some(#name::#f)),
            false => quote!(None),
        }
    };
    let declared = [
        d.has_operation_attr_verify,
        d.has_region_arg_attr_verify,
        d.has_region_result_attr_verify,
    ];
    let verifiers = declared.iter().any(|&b| b).then(|| {
        let operation = hook(declared[0], "verify_operation_attribute");
        let region_arg = hook(declared[1], "verify_region_arg_attribute");
        let region_result = hook(declared[2], "verify_region_result_attribute");
        quote! {
            #[allow(unused_imports)]
            use ::ods_runtime::dialect::MissingAttrVerifiers as _;
            registry.set_attr_verifiers(ctx, #ns, ::ods_runtime::ir::registry::DialectAttrVerifiers {
                operation: #operation,
                region_arg: #region_arg,
                region_result: #region_result,
            });
        }
    });
    let canonicalizers = canonicalizers(d);
    quote! {
        fn initialize_dialect(ctx: &mut ::ods_runtime::ir::Context, registry: &mut ::ods_runtime::ir::Registry) {
            #verifiers
            #canonicalizers
            #[allow(unused_imports)]
            use ::ods_runtime::dialect::NoInitialize as _;
            #name::initialize(ctx, registry);
        }
    }
}

/// The canonicalization patterns of the ops with `hasCanonicalizer = 1`,
/// in op name order (MLIR's canonicalizer asks the registered ops, sorted
/// by name): each op's `register_canonicalization_patterns`, which the
/// rewriters generated from a spec with its patterns define
/// (`ods-tblgen --gen-rewriters`), or nothing for an op whose patterns
/// the dialect registers itself.
fn canonicalizers(d: &DialectModel) -> Option<TokenStream> {
    let mut ops: Vec<_> = d.ops.iter().filter(|op| op.has_canonicalizer).collect();
    if ops.is_empty() {
        return None;
    }
    ops.sort_by(|a, b| a.full_name.cmp(&b.full_name));
    let names = ops
        .iter()
        .map(|op| syn::Ident::new(&op.rust_name, proc_macro2::Span::call_site()));
    Some(quote! {
        /// Resolves `register_canonicalization_patterns` of an op without
        /// generated patterns to nothing.
        #[allow(dead_code)]
        trait NoCanonicalizationPatterns {
            fn register_canonicalization_patterns(_registry: &mut ::ods_runtime::ir::Registry) {}
        }
        impl<T> NoCanonicalizationPatterns for T {}
        #(<#names>::register_canonicalization_patterns(registry);)*
    })
}

/// The items above, for the dialect's `impl ods_runtime::Dialect`.
pub(super) fn dialect_impl_items(
    d: &DialectModel,
    name: &syn::Ident,
) -> Result<TokenStream, String> {
    let dependents = dependent_dialects(d)?;
    let initialize = initialize(d, name);
    Ok(quote!(#dependents #initialize))
}

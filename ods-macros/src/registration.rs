//! Registration that cannot be forgotten: an `#[op]` that names its
//! dialect (`dialect = ToyDialect`) compiles only when that dialect's
//! `#[dialect(ops = [...])]` lists it, since a dialect registers the ops
//! it lists and no other (an op left out is an `unregistered operation`
//! at run time, found only by the IR that uses it).
//!
//! How: `#[dialect]` implements `ods_runtime::dialect::ListsOp<Op>` for
//! each listed op; the op's expansion requires `Dialect: ListsOp<Op>`,
//! written at the dialect's path in `dialect = ...`, whose
//! `on_unimplemented` message names the list.

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};
use syn::spanned::Spanned;

/// The op's check that its dialect lists it (nothing without
/// `dialect = ...`).
pub fn listed_check(op: &syn::Ident, dialect: Option<&syn::Path>) -> TokenStream {
    let Some(dialect) = dialect else {
        return quote!();
    };
    let bound = quote_spanned!(dialect.span()=> ::ods_runtime::dialect::ListsOp<#op>);
    let call = quote_spanned!(dialect.span()=> listed::<#dialect>);
    quote! {
        // The op's `dialect = ...` must list it (see `ods_macros`,
        // "Registration").
        const _: () = {
            fn listed<D: ?Sized + #bound>() {}
            let _ = #call;
        };
    }
}

/// `#[dialect]`'s side: `impl ListsOp<Op> for Dialect` per listed op.
pub fn lists_impls(dialect: &syn::Ident, ops: &[syn::Path]) -> TokenStream {
    let impls = ops.iter().map(|op| {
        quote_spanned! {op.span()=>
            impl ::ods_runtime::dialect::ListsOp<#op> for #dialect {}
        }
    });
    quote!(#(#impls)*)
}

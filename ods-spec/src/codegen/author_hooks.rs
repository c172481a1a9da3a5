//! Calls of associated functions the spec makes the author write
//! (`genVerifyDecl`'s `verify`, `InferTypeOpAdaptor`'s
//! `infer_return_types_from_adaptor`): a missing one is a rustc error
//! whose message names the hook and the spec's `file:line:col`, and whose
//! label shows the signature to write, as `verify_op` and interface
//! methods report theirs.
//!
//! The call `Self::hook(...)` goes to the author's inherent function when
//! it exists (inherent items are found before trait items). Otherwise it
//! meets a fallback of a local trait implemented for every type, whose
//! `where Self: HookWritten` bound is unmet; `HookWritten`'s
//! `#[diagnostic::on_unimplemented]` carries the message.
//!
//! In: the hook's name, its parameter and return types, what to say. Out:
//! the items to place in the calling function's body before the call.

use proc_macro2::{Ident, TokenStream};
use quote::quote;

/// What a missing hook's error says.
pub(super) struct MissingHook<'a> {
    /// The hook, as the author writes it.
    pub name: &'a Ident,
    /// Its parameter types, in order.
    pub params: &'a [TokenStream],
    /// Its return type.
    pub ret: TokenStream,
    /// The error's message: what the spec says and which function is
    /// missing, with the spec's `file:line:col`.
    pub message: String,
    /// The error's label: the signature to write and where.
    pub label: String,
}

/// The fallback items of `hook` (see the module documentation).
pub(super) fn fallback(hook: &MissingHook<'_>) -> TokenStream {
    let MissingHook {
        name,
        params,
        ret,
        message,
        label,
    } = hook;
    quote! {
        #[diagnostic::on_unimplemented(message = #message, label = #label)]
        trait HookWritten {}
        // Never called when the author's function exists; its parameters
        // are the hook's, however many.
        #[allow(dead_code)]
        trait HookFallback {
            #[allow(clippy::too_many_arguments)]
            fn #name(#(_: #params),*) -> #ret
            where
                Self: HookWritten,
            {
                ::core::unreachable!()
            }
        }
        impl<T: ?::core::marker::Sized> HookFallback for T {}
    }
}

/// ` (file:line:col)` of a definition for a message, or nothing for one
/// a Rust macro wrote (`#[attr]`, `#[op]`: its spec, named `<#[attr]
/// Name>`, is text the user never saw; rustc's error points at the item).
pub(super) fn spec_at(def_at: &str) -> String {
    match def_at.starts_with('<') {
        true => String::new(),
        false => format!(" ({def_at})"),
    }
}

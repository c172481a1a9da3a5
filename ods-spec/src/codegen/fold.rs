//! The fold hook of an op (`hasFolder = 1`, or a trait that folds:
//! `Commutative`, `Idempotent`, `Involution`, `CastOpInterface`), as ODS's
//! `foldHook`.
//!
//! In: an op model. Out: the `const FOLD` item of its `impl
//! ::ods_runtime::Op`: a function over the generic op that calls the
//! author's inherent `fold` (one result: `-> Option<OpFoldResult>`, else
//! `-> Option<Vec<OpFoldResult>>`, see `ods_runtime::fold`) and then the
//! traits' folds. A missing `fold` resolves to
//! `ods_runtime::fold::MissingFoldOne::fold` (or `...Many`), whose bound
//! fails with a message naming the method and its signature.

use proc_macro2::TokenStream;
use quote::quote;

use super::op_info::rt::*;
use super::verify::base_name;
use crate::model::{OpModel, TraitModel, VarKind};

/// The op's traits that fold, in declaration order.
fn folding_traits(op: &OpModel) -> Vec<TokenStream> {
    op.traits
        .iter()
        .filter_map(|t| match t {
            TraitModel::Native { path, .. } => match base_name(path) {
                "IsCommutative" => Some(quote!(Commutative)),
                "IsIdempotent" => Some(quote!(Idempotent)),
                "IsInvolution" => Some(quote!(Involution)),
                _ => None,
            },
            TraitModel::Interface { name, .. } if name == "CastOpInterface" => {
                Some(quote!(CastOpInterface))
            }
            _ => None,
        })
        .map(|t| quote!(#RT::fold::FoldingTrait::#t))
        .collect()
}

/// Whether the op has exactly one result (the one-result `fold` shape).
fn one_result(op: &OpModel) -> bool {
    op.results.len() == 1 && op.results[0].kind == VarKind::Single
}

/// The `const FOLD` item, or nothing for an op that does not fold.
pub(crate) fn fold_item(op: &OpModel, name: &syn::Ident) -> TokenStream {
    let traits = folding_traits(op);
    if !op.has_folder && traits.is_empty() {
        return TokenStream::new();
    }
    let body = if !op.has_folder {
        quote! {
            let _ = ctx;
            #RT::fold::fold_traits(ir, op, operands, &[#(#traits),*], false, results)
        }
    } else if one_result(op) {
        quote! {
            #[allow(unused_imports)]
            use #RT::fold::MissingFoldOne as _;
            // `hasFolder`: the dialect writes `fn fold` in an `impl` block
            // of its own.
            let folded = #name(op).fold(ctx, ir, operands);
            #RT::fold::finish_one(ir, op, operands, folded, &[#(#traits),*], results)
        }
    } else {
        quote! {
            #[allow(unused_imports)]
            use #RT::fold::MissingFoldMany as _;
            // `hasFolder`: the dialect writes `fn fold` in an `impl` block
            // of its own.
            let folded = #name(op).fold(ctx, ir, operands);
            #RT::fold::finish_many(ir, op, operands, folded, &[#(#traits),*], results)
        }
    };
    quote! {
        const FOLD: #RT_OPTION<#RT::fold::FoldFn> = {
            fn fold_hook(
                ctx: &mut #RT_CONTEXT,
                ir: &mut #RT_IR,
                op: #RT_OP_ID,
                operands: &[#RT_OPTION<#RT_ATTRIBUTE>],
                results: &mut #RT_VEC<#RT::fold::OpFoldResult>,
            ) -> bool {
                #body
            }
            Some(fold_hook)
        };
    }
}

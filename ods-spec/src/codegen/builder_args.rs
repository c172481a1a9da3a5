//! What makes builder calls read like Rust, beside the builders
//! themselves (`builders.rs`): the `<Op>Args` struct naming the arguments
//! of a long `build`, and `impl IntoValue` for a one-result op, so its
//! handle stands for its result as an operand. In: an [`OpInfo`] (and the
//! typed `build`'s parameters). Out: items beside the op's handle.

use proc_macro2::TokenStream;
use quote::{format_ident, quote};

use super::builders::Param;
use super::op_info::rt::*;
use super::op_info::OpInfo;
use crate::model::VarKind;

/// From this many parameters (besides the builder and location) on, the
/// typed `build` also gets an arguments struct, so long calls can name
/// their arguments.
pub(super) const ARGS_STRUCT_FROM: usize = 4;

/// `XOpArgs`: the parameters of `build` as public fields, and its `build`
/// method calling `XOp::build` with them. The struct is evaluated before
/// the builder is borrowed (`XOpArgs { lhs: c.result(b.ctx, b.ir), .. }.build(&mut
/// b, loc)`), so its fields may read the store.
pub(super) fn args_struct(info: &OpInfo, params: &[Param]) -> Result<TokenStream, String> {
    let op = &info.name;
    let name = format_ident!("{}Args", op);
    let mut borrows = false;
    let fields = params.iter().map(|p| {
        let (n, t) = (&p.name, with_lifetime(p.field_type.clone(), &mut borrows));
        quote!(pub #n: #t,)
    });
    let fields: Vec<_> = fields.collect();
    let names: Vec<_> = params.iter().map(|p| &p.name).collect();
    let lifetime = borrows.then(|| quote!(<'a>));
    let elided = borrows.then(|| quote!(<'_>));
    let doc =
        format!(" The arguments of [`{op}::build`] by name: `{name} {{ .. }}.build(&mut b, loc)`.");
    let allow_deprecated = info
        .op
        .deprecated
        .as_ref()
        .map(|_| quote!(#[allow(deprecated)]));
    Ok(quote! {
        #[doc = #doc]
        #[derive(Clone, Debug)]
        pub struct #name #lifetime {
            #(#fields)*
        }

        #allow_deprecated
        impl #name #elided {
            /// Builds the op at `b`'s insertion point, as `build` does.
            pub fn build(self, b: &mut #RT_MOD_IR::builder::OpBuilder<'_>, loc: #RT_MOD_IR::Location) -> #op {
                #op::build(b, loc, #(self.#names),*)
            }
        }
    })
}

/// `ty` with every reference given the lifetime `'a` (a field type);
/// sets `borrows` when there was one.
fn with_lifetime(ty: TokenStream, borrows: &mut bool) -> TokenStream {
    use proc_macro2::{Group, TokenTree};
    let mut out = Vec::new();
    let mut tokens = ty.into_iter().peekable();
    while let Some(tt) = tokens.next() {
        match tt {
            TokenTree::Punct(p) if p.as_char() == '&' => {
                out.push(TokenTree::Punct(p));
                let has_lifetime =
                    matches!(tokens.peek(), Some(TokenTree::Punct(q)) if q.as_char() == '\'');
                if !has_lifetime {
                    *borrows = true;
                    out.extend(quote!('a));
                }
            }
            TokenTree::Group(g) => {
                let inner = with_lifetime(g.stream(), borrows);
                let mut group = Group::new(g.delimiter(), inner);
                group.set_span(g.span());
                out.push(TokenTree::Group(group));
            }
            other => out.push(other),
        }
    }
    out.into_iter().collect()
}

/// Items beside the op's handle: `impl IntoValue` for an op of exactly
/// one result (its handle stands for that value in builder calls, as a
/// one-result op converts to its `Value` in MLIR's C++).
pub(super) fn value_items(info: &OpInfo) -> TokenStream {
    let op = info.op;
    let one_result = op.results.len() == 1 && op.results[0].kind == VarKind::Single;
    if !one_result {
        return TokenStream::new();
    }
    let name = &info.name;
    let allow_deprecated = op.deprecated.as_ref().map(|_| quote!(#[allow(deprecated)]));
    quote! {
        #allow_deprecated
        impl #RT::IntoValue for #name {
            #[inline]
            fn into_value(self, ir: &#RT_IR) -> #RT_VALUE {
                ir.result(self.0, 0)
            }
        }
    }
}

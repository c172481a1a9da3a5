//! Regions in generated parsers and printers: the op's traits in, the
//! `RegionEnd` a parser applies to each region it reads and whether the
//! printer leaves implicit terminators out.
//!
//! As mlir-tblgen: `SingleBlockImplicitTerminator<"t">` makes the parser
//! add `t` to a block that lacks a terminator and the printer leave the
//! terminator out when it carries nothing (no operands, results or
//! attributes); `SingleBlock` alone gives an empty region its block;
//! `NoTerminator` changes nothing in the generated code.

use proc_macro2::TokenStream;
use quote::quote;

use super::op_info::rt::*;
use super::op_info::OpInfo;
use super::verify::{base_name, op_name_expr, params};
use crate::model::TraitModel;

/// The terminator a `SingleBlockImplicitTerminator` op's regions imply.
fn implicit_terminator(info: &OpInfo) -> Option<String> {
    info.op.traits.iter().find_map(|t| match t {
        TraitModel::Native { path, .. } if base_name(path) == "SingleBlockImplicitTerminator" => {
            params(path).into_iter().next()
        }
        _ => None,
    })
}

/// The `ods_runtime::format::RegionEnd` for the op's regions.
pub(super) fn region_end(info: &OpInfo) -> Result<TokenStream, String> {
    if let Some(term) = implicit_terminator(info) {
        let name = op_name_expr(&term)?;
        return Ok(quote!(#RT_MOD_FORMAT::RegionEnd::ImplicitTerminator(#name)));
    }
    Ok(if info.op.has_trait("SingleBlock") {
        quote!(#RT_MOD_FORMAT::RegionEnd::SingleBlock)
    } else {
        quote!(#RT_MOD_FORMAT::RegionEnd::AsWritten)
    })
}

/// Whether the printer leaves out terminators that carry nothing.
pub(super) fn prints_implicit_terminator(info: &OpInfo) -> bool {
    implicit_terminator(info).is_some()
}

/// The regions of region group `i` of the op, as a `Vec<RegionId>`.
pub(super) fn regions_of(info: &OpInfo, i: usize) -> TokenStream {
    let variadic = info.op.regions[i].variadic;
    let k = proc_macro2::Literal::usize_unsuffixed(i);
    quote!(#RT_MOD_FORMAT::regions_in(ir, self.0, #k, #variadic))
}

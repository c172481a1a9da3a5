//! `oilist(`k1` ... | `k2` ...)` in generated parsers and printers, as
//! mlir-tblgen generates them: clauses in any order, each at most once.
//!
//! The parser loops while a clause keyword is next and reads the rest of
//! the clause as top-level elements (an optional attribute in it may be
//! left out); a clause met twice is `` `k` clause can appear at most once
//! in the expansion of the oilist directive `` at the op's name. A clause
//! that is a unit attribute alone sets it. The printer prints each clause
//! whose variables are present, in the order of the format, its keyword
//! and then its elements (a unit attribute clause prints its keyword
//! only); the spacing flags run through every clause, printed or not.
//!
//! In: the checked clauses. Out: the parser statements, or the printer's.

use proc_macro2::{Literal, TokenStream};
use quote::quote;

use super::format_parse::element_parser;
use super::format_print::{element_printer, presence, Spacer};
use super::op_info::rt::*;
use super::op_info::OpInfo;
use crate::format::model::{FormatElement, OIListClause, OpFormat};

/// The attribute index of a clause that is a unit attribute alone.
fn unit_clause(info: &OpInfo, clause: &OIListClause) -> Option<usize> {
    match clause.elements.as_slice() {
        [FormatElement::Attribute { index, .. }] if info.op.attributes[*index].is_unit => {
            Some(*index)
        }
        _ => None,
    }
}

/// The parser of an `oilist` (`None`: a clause element not generated).
pub(super) fn oilist_parser(
    info: &OpInfo,
    clauses: &[OIListClause],
) -> Result<Option<TokenStream>, String> {
    let mut arms = Vec::new();
    for (i, clause) in clauses.iter().enumerate() {
        let keyword = &clause.keyword;
        let body = match unit_clause(info, clause) {
            Some(index) => {
                let k = Literal::usize_unsuffixed(index);
                quote!(let unit = p.ctx().unit_attr(); s.set_attr(#k, unit);)
            }
            None => {
                let mut body = Vec::new();
                for e in &clause.elements {
                    match element_parser(info, e, false)? {
                        Some(t) => body.push(t),
                        None => return Ok(None),
                    }
                }
                quote!(#(#body)*)
            }
        };
        let i = Literal::usize_unsuffixed(i);
        arms.push(quote! {
            if #RT_MOD_FORMAT::parse_optional_literal(p, #keyword) {
                #RT_MOD_FORMAT::oilist_clause(p, &mut seen[#i], #keyword)?;
                #body
            }
        });
    }
    let n = Literal::usize_unsuffixed(clauses.len());
    Ok(Some(quote! {{
        let mut seen = [false; #n];
        loop {
            #(#arms else)* {
                break;
            }
        }
    }}))
}

/// The variables of `elements` (inside `type(...)` and `custom<...>`
/// too), whose presence decides whether a clause prints.
fn variables<'e>(elements: &'e [FormatElement], out: &mut Vec<&'e FormatElement>) {
    for e in elements {
        match e {
            FormatElement::Attribute { .. }
            | FormatElement::Operand(_)
            | FormatElement::Result(_)
            | FormatElement::Region(_)
            | FormatElement::Successor(_) => out.push(e),
            FormatElement::Type { arg, .. } | FormatElement::Ref(arg) => {
                variables(std::slice::from_ref(&**arg), out)
            }
            FormatElement::Custom { args, .. } => variables(args, out),
            _ => {}
        }
    }
}

/// The printer of an `oilist` (`None`: an element not generated).
pub(super) fn oilist_printer(
    info: &OpInfo,
    format: &OpFormat,
    clauses: &[OIListClause],
    spacer: &mut Spacer,
) -> Result<Option<TokenStream>, String> {
    let mut out = Vec::new();
    for clause in clauses {
        let mut vars = Vec::new();
        variables(&clause.elements, &mut vars);
        let mut tests = Vec::new();
        for v in vars {
            match presence(info, v)? {
                Some(t) => tests.push(t),
                None => return Ok(None),
            }
        }
        let keyword = FormatElement::Literal(clause.keyword.clone());
        let Some(mut body) = element_printer(info, format, &keyword, spacer)?.map(|t| vec![t])
        else {
            return Ok(None);
        };
        if unit_clause(info, clause).is_none() {
            for e in &clause.elements {
                match element_printer(info, format, e, spacer)? {
                    Some(t) => body.push(t),
                    None => return Ok(None),
                }
            }
        }
        let present = match tests.is_empty() {
            true => quote!(false),
            false => quote!(#((#tests))||*),
        };
        out.push(quote! {
            if #present { #(#body)* }
        });
    }
    Ok(Some(quote!(#(#out)*)))
}

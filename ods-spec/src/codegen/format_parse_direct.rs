//! The direct parser of a simple declarative format: every operand and
//! result single, no region or successor, and the operands and their
//! types read only at the top level (not in an optional group). Each
//! operand and type is read into a local and `FormatState::finish_direct`
//! resolves them, with no per-group bookkeeping; the attributes and the
//! attribute dictionary go through the `FormatState` as in the general
//! parser ([`super::format_parse`]), which takes every other format.
//!
//! Most ops of a file are of this kind (`arith.addi`, `arith.extsi`, ...):
//! a parser run for every one of them.

use proc_macro2::{Ident, Literal, TokenStream};
use quote::{format_ident, quote};

use super::format_attr::type_kind_check;
use super::format_attr_read::type_builder;
use super::format_parse::{element_parser, op_layout, parse_fn, stripped_type_def};
use super::op_info::rt::*;
use super::op_info::OpInfo;
use super::snippets::{code, substitute};
use crate::format::model::{FormatElement, OpFormat, TypeResolution, TypeSource};
use crate::model::{ResultTypeSource, VarKind};

/// The direct parser function, or `None` when the format is not simple
/// (the general parser then reads it).
pub(super) fn direct_parser(
    info: &OpInfo,
    format: &OpFormat,
) -> Result<Option<TokenStream>, String> {
    let op = info.op;
    let singles = op.operands.iter().chain(&op.results);
    if !singles.into_iter().all(|v| v.kind == VarKind::Single)
        || !op.regions.is_empty()
        || !op.successors.is_empty()
        || format.has_prop_dict
        || format.infers_result_types
        || info.operand_segments
        || info.result_segments
    {
        return Ok(None);
    }
    let mut reads = Reads::default();
    let mut body = Vec::new();
    for element in &format.elements {
        match element {
            FormatElement::Operand(i) => {
                if !reads.read(Slot::Operand(*i)) {
                    return Ok(None);
                }
                let o = operand_local(*i);
                body.push(quote!(let #o = p.parse_operand()?;));
            }
            FormatElement::Type { arg, qualified } => {
                let Some(t) = type_reader(info, arg, *qualified, &mut reads) else {
                    return Ok(None);
                };
                body.push(t);
            }
            FormatElement::Optional(group) => {
                let all = group.then_elements.iter().chain(&group.else_elements);
                if !all.into_iter().all(plain) {
                    return Ok(None);
                }
                match element_parser(info, element, false)? {
                    Some(t) => body.push(t),
                    None => return Ok(None),
                }
            }
            e if plain(e) || matches!(e, FormatElement::AttrDict { .. }) => {
                match element_parser(info, e, false)? {
                    Some(t) => body.push(t),
                    None => return Ok(None),
                }
            }
            _ => return Ok(None),
        }
    }
    // As the general parser: the source operand of a `TypesMatchWith`
    // transform is checked against its constraint first (once).
    let mut checked = Vec::new();
    for r in format.operand_types.iter().chain(&format.result_types) {
        if let TypeResolution::SameAs {
            source: TypeSource::Operand(j),
            transform: Some(_),
        } = r
        {
            if checked.contains(j) {
                continue;
            }
            checked.push(*j);
            let operand = &op.operands[*j];
            if let Some(constraint) = info.constraints.reference(operand) {
                let Some(t) = same_as(info, Slot::Operand(*j), &reads) else {
                    return Ok(None);
                };
                let name = &operand.name;
                body.push(quote!(#RT_MOD_FORMAT::check_source_type(p, #t, #name, &#constraint)?;));
            }
        }
    }
    // Every operand read, and every type known: read, built, the type of
    // a value read (through a transform), or an attribute's.
    let mut operands = Vec::new();
    for (i, r) in format.operand_types.iter().enumerate() {
        let slot = Slot::Operand(i);
        if !reads.values.contains(&slot) {
            return Ok(None);
        }
        let Some(ty) = known_type(info, r, slot, &reads, &mut body) else {
            return Ok(None);
        };
        let o = operand_local(i);
        operands.push(quote!((#o, #ty)));
    }
    let mut results = Vec::new();
    for (i, r) in format.result_types.iter().enumerate() {
        let ty = match (r, op.inferred_result_types.as_ref().and_then(|s| s.get(i))) {
            (TypeResolution::Inferred, Some(ResultTypeSource::SameAs { name, transform })) => {
                let j = op.operands.iter().position(|o| &o.name == name);
                let local = type_local(Slot::Result(i));
                j.and_then(|j| same_as(info, Slot::Operand(j), &reads))
                    .and_then(|t| transformed(t, transform.as_deref(), local, &mut body))
            }
            (TypeResolution::Inferred, Some(ResultTypeSource::FirstAttribute))
                if !op.attributes.is_empty() =>
            {
                let t = type_local(Slot::Result(i));
                body.push(quote!(let #t = s.attr_type(p, 0)?;));
                Some(t)
            }
            (TypeResolution::Inferred, _) => None,
            _ => known_type(info, r, Slot::Result(i), &reads, &mut body),
        };
        let Some(ty) = ty else {
            return Ok(None);
        };
        results.push(ty);
    }
    let n_attrs = Literal::usize_unsuffixed(op.attributes.len());
    let layout = op_layout(info);
    Ok(Some(parse_fn(quote! {
        let mut s = #RT_MOD_FORMAT::DirectState::<#n_attrs>::new();
        #(#body)*
        s.finish_direct(p, state, &[#(#operands),*], &[#(#results),*], #layout)?;
    })))
}

/// An operand or result.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Slot {
    Operand(usize),
    Result(usize),
}

/// What the top level of the format has read so far.
#[derive(Default)]
struct Reads {
    /// Operands read.
    values: Vec<Slot>,
    /// Operands and results whose type was read.
    types: Vec<Slot>,
}

impl Reads {
    /// Records the operand `slot`; false when it was read already.
    fn read(&mut self, slot: Slot) -> bool {
        let fresh = !self.values.contains(&slot);
        self.values.push(slot);
        fresh
    }
}

/// An element that reads no operand or type: a literal, a space, an
/// attribute.
fn plain(e: &FormatElement) -> bool {
    matches!(
        e,
        FormatElement::Literal(_) | FormatElement::Whitespace(_) | FormatElement::Attribute { .. }
    )
}

fn operand_local(i: usize) -> Ident {
    format_ident!("operand{}", i)
}

/// The local holding a value's type.
fn type_local(slot: Slot) -> Ident {
    match slot {
        Slot::Operand(i) => format_ident!("operand{}_type", i),
        Slot::Result(i) => format_ident!("result{}_type", i),
    }
}

/// `type(arg)` of a single operand or result into its local, checked to
/// be of its constraint's class where that has one (as the general
/// parser); `None` for anything else.
fn type_reader(
    info: &OpInfo,
    arg: &FormatElement,
    qualified: bool,
    reads: &mut Reads,
) -> Option<TokenStream> {
    let (slot, value) = match *arg {
        FormatElement::Operand(i) => (Slot::Operand(i), &info.op.operands[i]),
        FormatElement::Result(i) => (Slot::Result(i), &info.op.results[i]),
        _ => return None,
    };
    if reads.types.contains(&slot) || stripped_type_def(info, arg).is_some() {
        return None;
    }
    reads.types.push(slot);
    let t = type_local(slot);
    let check = match qualified {
        true => None,
        false => type_kind_check(&value.constraint.rust_type),
    };
    Some(match check {
        Some((check, name)) => {
            let check = Ident::new(check, proc_macro2::Span::call_site());
            let name = match name {
                Some(name) => quote!(Some(#name)),
                None => quote!(None),
            };
            quote! {
                let at = p.current_location();
                let #t = p.parse_type()?;
                #RT_MOD_FORMAT::check_type_kind(p, at, #t, #name, #RT_MOD_PRED::#check)?;
            }
        }
        None => quote!(let #t = p.parse_type()?;),
    })
}

/// The expression of `slot`'s type under resolution `r`: its local when
/// the format reads it, the local of the value it is the type of, or an
/// attribute's type (read into the local here, in the general parser's
/// order); `None` for a type built or transformed (the general parser's).
fn known_type(
    info: &OpInfo,
    r: &TypeResolution,
    slot: Slot,
    reads: &Reads,
    body: &mut Vec<TokenStream>,
) -> Option<Ident> {
    match r {
        TypeResolution::Format => reads.types.contains(&slot).then(|| type_local(slot)),
        TypeResolution::Buildable(call) => {
            let (t, ty) = (type_local(slot), type_builder(call).ok()?);
            body.push(quote!(let #t = #ty;));
            Some(t)
        }
        TypeResolution::SameAs { source, transform } => {
            let local = type_local(slot);
            let from = match *source {
                TypeSource::Operand(j) => same_as(info, Slot::Operand(j), reads)?,
                TypeSource::Result(j) => same_as(info, Slot::Result(j), reads)?,
                TypeSource::Attribute(j) => {
                    let k = Literal::usize_unsuffixed(j);
                    body.push(quote!(let #local = s.attr_type(p, #k)?;));
                    local.clone()
                }
            };
            transformed(from, transform.as_deref(), local, body)
        }
        TypeResolution::Inferred => None,
    }
}

/// The local of type `from` passed through a `TypesMatchWith` transform
/// (Rust over `$_self`) into `local`, or `from` itself when there is none
/// (`None`: a transform that is not a type expression over `$_self`,
/// which the general parser reports).
fn transformed(
    from: Ident,
    transform: Option<&str>,
    local: Ident,
    body: &mut Vec<TokenStream>,
) -> Option<Ident> {
    match transform.map(str::trim) {
        None | Some("$_self") => Some(from),
        Some(t) if t.contains("$_self") => {
            let t = substitute(t, &[("$_self", "source"), ("$_ctxt", "p.ctx()")], &|_| None);
            let t = code(&t.ok()?, "TypesMatchWith transform").ok()?;
            body.push(quote! {
                let #local = { let source = #from; #t };
                let #local = #RT_MOD_FORMAT::single_type(p, #local)?;
            });
            Some(local)
        }
        Some(_) => None,
    }
}

/// The local of `source`'s type, when the format reads it (a type copied
/// from a type copied is left to the general parser).
fn same_as(info: &OpInfo, source: Slot, reads: &Reads) -> Option<Ident> {
    let exists = match source {
        Slot::Operand(j) => j < info.op.operands.len(),
        Slot::Result(j) => j < info.op.results.len(),
    };
    (exists && reads.types.contains(&source)).then(|| type_local(source))
}

//! The parser of an op with a declarative assembly format: the checked
//! [`OpFormat`] in, `fn parse_format(p, state)` out. The generated code is
//! one call into `ods_runtime::format` per element (it collects the pieces
//! in a `FormatState`), then the types the format does not show (built,
//! copied from another value, or inferred), then `FormatState::finish`,
//! which resolves the operands and fills the op's state.
//!
//! As mlir-tblgen's parsers: an optional group is tried by its first
//! element (a literal, an operand, an enum keyword or an attribute); when
//! that is absent the else branch is read instead. A unit attribute that
//! anchors a group without starting it is set when the group is present.

use proc_macro2::{Literal, TokenStream};
use quote::quote;

use super::format_attr::{attr_style, type_kind_check, AttrStyle, PropForm};
use super::format_attr_read::{attr_reader, type_builder};
use super::format_region::region_end;
use super::op_info::rt::*;
use super::op_info::OpInfo;
use super::snippets::{code, substitute};
use crate::format::model::{FormatElement, OpFormat, OptionalGroup, TypeResolution, TypeSource};
use crate::model::{ResultTypeSource, VarKind};

/// The parser function, or `None` when the format uses an element this
/// generator does not read yet (the op then keeps the generic form).
pub(super) fn parse_method(
    info: &OpInfo,
    format: &OpFormat,
) -> Result<Option<TokenStream>, String> {
    if let Some(direct) = super::format_parse_direct::direct_parser(info, format)? {
        return Ok(Some(direct));
    }
    let op = info.op;
    let mut body = Vec::new();
    for element in &format.elements {
        match element_parser(info, element, false)? {
            Some(tokens) => body.push(tokens),
            None => return Ok(None),
        }
    }
    let Some(types) = type_resolution(info, format)? else {
        return Ok(None);
    };
    // An op that implements `InferTypeOpInterface` itself gets its result
    // types from the interface's `infer_return_types` once the operands,
    // attributes and regions are read.
    let infer = match format.infers_result_types && op.inferred_result_types.is_none() {
        true => quote! {
            #RT_MOD_FORMAT::infer_result_types(p, state, <Self as #RT_MOD_INTERFACES::InferTypeOpInterface>::infer_return_types)?;
        },
        false => quote!(),
    };
    // `prop-dict`: checked where it is read, merged once the op is read.
    let (prop_dict_local, apply_props) = match format.has_prop_dict {
        true => {
            let entries = super::format_props::prop_dict_entries(info, format)?;
            (
                quote! {
                    let prop_entries: &[#RT_MOD_FORMAT::PropEntry] = &[#(#entries),*];
                    // Assigned where the directive stands.
                    #[allow(clippy::needless_late_init)]
                    let prop_dict;
                },
                quote!(#RT_MOD_FORMAT::apply_prop_dict(p, state, prop_dict);),
            )
        }
        false => (quote!(), quote!()),
    };
    let n = |x: usize| Literal::usize_unsuffixed(x);
    let (n_operands, n_results) = (n(op.operands.len()), n(op.results.len()));
    let (n_attrs, n_successors) = (n(op.attributes.len()), n(op.successors.len()));
    let n_regions = n(op.regions.len());
    let layout = op_layout(info);
    Ok(Some(parse_fn(quote! {
        #[allow(unused_imports)]
        use #RT_MOD_FORMAT::{Arity, TypeSlot};
        #[allow(unused_mut)]
        let mut s = #RT_MOD_FORMAT::FormatState::new(#n_operands, #n_results, #n_attrs, #n_successors, #n_regions);
        #prop_dict_local
        #(#body)*
        #types
        s.finish(p, state, #layout)?;
        #apply_props
        #infer
    })))
}

/// `fn parse_format` around `body` (statements reading the op into
/// `state`).
pub(super) fn parse_fn(body: TokenStream) -> TokenStream {
    quote! {
        /// Reads the op's custom form after its name (its
        /// `assemblyFormat`).
        fn parse_format<'a>(
            p: &mut #RT_MOD_IR::parser::ops::OpAsmParser<'a>,
            state: &mut #RT_MOD_IR::OperationState,
        ) -> #RT_MOD_IR::parser::PResult<()> {
            #body
            Ok(())
        }
    }
}

/// The op's `&OpLayout` as `FormatState::finish` takes it.
pub(super) fn op_layout(info: &OpInfo) -> TokenStream {
    let op = info.op;
    let variadic_regions = op.regions.iter().map(|r| r.variadic);
    let attr_names = op.attributes.iter().map(|a| a.name.as_str());
    let inherent = op
        .attributes
        .iter()
        .filter(|a| !a.is_derived)
        .map(|a| a.name.as_str());
    let (operand_segments, result_segments) = (info.operand_segments, info.result_segments);
    quote! {
        &#RT_MOD_FORMAT::OpLayout {
            attributes: &[#(#attr_names),*],
            inherent: &[#(#inherent),*],
            operand_segments: #operand_segments,
            result_segments: #result_segments,
            variadic_regions: &[#(#variadic_regions),*],
        }
    }
}

fn arity(kind: &VarKind) -> Option<TokenStream> {
    Some(match kind {
        VarKind::Single => quote!(Arity::Single),
        VarKind::Optional => quote!(Arity::Optional),
        VarKind::Variadic => quote!(Arity::Variadic),
        VarKind::VariadicOfVariadic { .. } => return None,
    })
}

fn successor_arity(info: &OpInfo, i: usize) -> TokenStream {
    match info.op.successors[i].variadic {
        true => quote!(Arity::Variadic),
        false => quote!(Arity::Single),
    }
}

/// The type slot and arity a `type(...)` argument reads.
fn type_slot(info: &OpInfo, arg: &FormatElement) -> Option<(TokenStream, TokenStream)> {
    let op = info.op;
    Some(match arg {
        FormatElement::Operand(i) => {
            let k = Literal::usize_unsuffixed(*i);
            (quote!(TypeSlot::Operand(#k)), arity(&op.operands[*i].kind)?)
        }
        FormatElement::Result(i) => {
            let k = Literal::usize_unsuffixed(*i);
            (quote!(TypeSlot::Result(#k)), arity(&op.results[*i].kind)?)
        }
        FormatElement::Operands => (quote!(TypeSlot::AllOperands), quote!(Arity::Variadic)),
        FormatElement::Results => (quote!(TypeSlot::AllResults), quote!(Arity::Variadic)),
        _ => return None,
    })
}

/// The Rust type of the dialect type definition constraining `arg`, a
/// single operand or result, when that definition has a syntax of its
/// own: `type(arg)` then reads and prints it stripped.
pub(super) fn stripped_type_def<'m>(info: &OpInfo<'m>, arg: &FormatElement) -> Option<&'m str> {
    let value = match arg {
        FormatElement::Operand(i) => &info.op.operands[*i],
        FormatElement::Result(i) => &info.op.results[*i],
        _ => return None,
    };
    (value.kind == VarKind::Single && value.constraint.has_own_syntax)
        .then_some(value.constraint.rust_type.as_str())
}

/// Reader code for one element (`None`: not supported yet).
pub(super) fn element_parser(
    info: &OpInfo,
    element: &FormatElement,
    in_group: bool,
) -> Result<Option<TokenStream>, String> {
    let op = info.op;
    Ok(Some(match element {
        FormatElement::Literal(text) => quote!(#RT_MOD_FORMAT::parse_literal(p, #text)?;),
        FormatElement::Whitespace(_) => quote!(),
        FormatElement::Operand(i) => {
            let k = Literal::usize_unsuffixed(*i);
            if let VarKind::VariadicOfVariadic { segment_attr } = &op.operands[*i].kind {
                return Ok(Some(quote!(s.nested_operand(p, #k, #segment_attr)?;)));
            }
            let Some(a) = arity(&op.operands[*i].kind) else {
                return Ok(None);
            };
            quote!(s.operand(p, #k, #a)?;)
        }
        FormatElement::Successors => {
            // Every successor, into the first group (they resolve in order).
            if op.successors.is_empty() {
                return Ok(None);
            }
            quote!(s.successor(p, 0, Arity::Variadic)?;)
        }
        FormatElement::Operands => quote!(s.all_operands(p)?;),
        FormatElement::Type { arg, qualified } => {
            if let FormatElement::Operand(i) = **arg {
                if matches!(op.operands[i].kind, VarKind::VariadicOfVariadic { .. }) {
                    let k = Literal::usize_unsuffixed(i);
                    return Ok(Some(quote!(s.nested_types(p, #k)?;)));
                }
            }
            let Some((slot, a)) = type_slot(info, arg) else {
                return Ok(None);
            };
            if let Some(def) = stripped_type_def(info, arg).filter(|_| !*qualified) {
                let def = code(def, "type definition")?;
                return Ok(Some(quote!(s.stripped_type::<#def>(p, #slot)?;)));
            }
            // A single type of a constraint with a class of its own is
            // checked to be of that class where it is read.
            let kind = match **arg {
                FormatElement::Operand(i)
                    if !*qualified && op.operands[i].kind == VarKind::Single =>
                {
                    let k = Literal::usize_unsuffixed(i);
                    type_kind_check(&op.operands[i].constraint.rust_type)
                        .map(|c| (c, quote!(s.operand_type(p, #k)?)))
                }
                FormatElement::Result(i)
                    if !*qualified && op.results[i].kind == VarKind::Single =>
                {
                    let k = Literal::usize_unsuffixed(i);
                    type_kind_check(&op.results[i].constraint.rust_type)
                        .map(|c| (c, quote!(s.result_type(p, #k)?)))
                }
                _ => None,
            };
            match kind {
                Some(((check, name), read)) => {
                    let check = proc_macro2::Ident::new(check, proc_macro2::Span::call_site());
                    let name = match name {
                        Some(name) => quote!(Some(#name)),
                        None => quote!(None),
                    };
                    quote! {{
                        let at = p.current_location();
                        s.types(p, #slot, #a)?;
                        let ty = #read;
                        #RT_MOD_FORMAT::check_type_kind(p, at, ty, #name, #RT_MOD_PRED::#check)?;
                    }}
                }
                None => quote!(s.types(p, #slot, #a)?;),
            }
        }
        FormatElement::FunctionalType { inputs, results } => {
            let (Some((i, _)), Some((r, _))) = (type_slot(info, inputs), type_slot(info, results))
            else {
                return Ok(None);
            };
            quote!(s.functional_type(p, #i, #r)?;)
        }
        FormatElement::Successor(i) => {
            let a = successor_arity(info, *i);
            let k = Literal::usize_unsuffixed(*i);
            quote!(s.successor(p, #k, #a)?;)
        }
        FormatElement::Region(i) => {
            let a = match op.regions[*i].variadic {
                true => quote!(Arity::Variadic),
                false => quote!(Arity::Single),
            };
            let end = region_end(info)?;
            let k = Literal::usize_unsuffixed(*i);
            quote!(s.region(p, state, #k, #a, #end)?;)
        }
        FormatElement::Regions => {
            let end = region_end(info)?;
            quote!(s.all_regions(p, state, #end)?;)
        }
        FormatElement::AttrDict { with_keyword } => {
            let name = &op.full_name;
            quote!(s.attr_dict(p, #with_keyword, #name, <Self as #RT::Op>::verify_inherent_attrs)?;)
        }
        FormatElement::Attribute { index, qualified } => {
            // An optional attribute outside an optional group is read only
            // when one is next.
            let optional = !in_group && op.attributes[*index].optional;
            return attr_reader(info, *index, *qualified, optional);
        }
        FormatElement::OIList(clauses) => {
            return super::format_oilist::oilist_parser(info, clauses)
        }
        FormatElement::PropDict => {
            let name = &op.full_name;
            quote!(prop_dict = #RT_MOD_FORMAT::parse_prop_dict(p, #name, prop_entries)?;)
        }
        FormatElement::Optional(group) => return group_parser(info, group),
        FormatElement::Custom { name, args } => {
            return super::format_custom::custom_parser(info, name, args, false)
        }
        _ => return Ok(None),
    }))
}

/// An optional group: its first element decides which branch is read.
fn group_parser(info: &OpInfo, group: &OptionalGroup) -> Result<Option<TokenStream>, String> {
    let op = info.op;
    let anchor_branch = if group.anchor_in_else {
        &group.else_elements
    } else {
        &group.then_elements
    };
    let anchor = &anchor_branch[group.anchor];
    // A unit attribute anchor not at the front of a branch is not written:
    // the group's presence sets it.
    let elided_unit = match anchor {
        FormatElement::Attribute { index, .. } if op.attributes[*index].is_unit => {
            let first_then = group.then_elements.first() == Some(anchor);
            let first_else = group.else_elements.first() == Some(anchor);
            (!first_then && !first_else).then_some(*index)
        }
        _ => None,
    };
    let set_unit = |in_anchor_branch: bool| match elided_unit {
        Some(i) if in_anchor_branch => {
            let k = Literal::usize_unsuffixed(i);
            quote!(let unit = p.ctx().unit_attr(); s.set_attr(#k, unit);)
        }
        _ => quote!(),
    };
    let first = &group.then_elements[group.then_parse_start];
    // What reads the first element before the test, when the test cannot.
    let mut pre = quote!();
    let test = match first {
        FormatElement::Literal(text) => {
            quote!(#RT_MOD_FORMAT::parse_optional_literal(p, #text))
        }
        FormatElement::Operand(i) => {
            let a = match op.operands[*i].kind {
                VarKind::Single | VarKind::Optional => quote!(Arity::Optional),
                VarKind::Variadic => quote!(Arity::Variadic),
                VarKind::VariadicOfVariadic { .. } => return Ok(None),
            };
            let k = Literal::usize_unsuffixed(*i);
            quote!(s.operand(p, #k, #a)?)
        }
        FormatElement::Region(i) => {
            let a = match op.regions[*i].variadic {
                true => quote!(Arity::Variadic),
                false => quote!(Arity::Optional),
            };
            let end = region_end(info)?;
            let k = Literal::usize_unsuffixed(*i);
            quote!(s.region(p, state, #k, #a, #end)?)
        }
        FormatElement::Attribute { index, qualified } => {
            let k = Literal::usize_unsuffixed(*index);
            let a = &op.attributes[*index];
            pre = if matches!(
                attr_style(a, *qualified, info.enums)?,
                AttrStyle::Property(_)
            ) {
                // Only as the anchor, through its `optionalParser`
                // (upstream's code for a property that starts a group
                // without anchoring it does not compile).
                let anchors = std::ptr::eq(first, anchor) && !group.anchor_in_else;
                let Some(read) = property_if_present(info, *index)?.filter(|_| anchors) else {
                    return Ok(None);
                };
                quote!(if let Some(attr) = #read { s.set_attr(#k, attr); })
            } else {
                // Read as an optional attribute; the group is there when
                // it was.
                let Some(read) = attr_reader(info, *index, *qualified, true)? else {
                    return Ok(None);
                };
                read
            };
            quote!(s.has_attr(#k))
        }
        // Its function says whether its text is there (`PResult<bool>`).
        FormatElement::Custom { name, args } => {
            let Some(read) = super::format_custom::custom_parser(info, name, args, true)? else {
                return Ok(None);
            };
            pre = quote!(let present = #read;);
            quote!(present)
        }
        _ => return Ok(None),
    };
    let mut then = Vec::new();
    for e in &group.then_elements[group.then_parse_start + 1..] {
        if matches!(e, FormatElement::Attribute { index, .. } if Some(*index) == elided_unit) {
            continue;
        }
        match element_parser(info, e, true)? {
            Some(t) => then.push(t),
            None => return Ok(None),
        }
    }
    let mut other = Vec::new();
    for e in &group.else_elements {
        if matches!(e, FormatElement::Attribute { index, .. } if Some(*index) == elided_unit) {
            continue;
        }
        match element_parser(info, e, true)? {
            Some(t) => other.push(t),
            None => return Ok(None),
        }
    }
    let then_unit = set_unit(!group.anchor_in_else);
    let else_unit = set_unit(group.anchor_in_else);
    let other = (!other.is_empty() || !else_unit.is_empty())
        .then(|| quote!(else { #else_unit #(#other)* }));
    if other.is_none() && then.is_empty() && then_unit.is_empty() {
        // The group is its first element alone (`($roundingmode^)?`).
        return Ok(Some(quote!(#pre let _ = #test;)));
    }
    Ok(Some(quote! {
        #pre
        if #test { #then_unit #(#then)* } #other
    }))
}

/// An expression reading property `index` through its `optionalParser`
/// (`Option<Attribute>`: `None` when its value is not next), or `None`
/// for a property without one this generator reads.
fn property_if_present(info: &OpInfo, index: usize) -> Result<Option<TokenStream>, String> {
    let a = &info.op.attributes[index];
    if a.optional_parser.is_none() {
        return Ok(None);
    }
    let name = &a.name;
    Ok(match attr_style(a, false, info.enums)? {
        AttrStyle::Property(PropForm::Int(ty, c)) => Some(quote! {
            #RT_MOD_FORMAT::parse_int_property_if_present::<#ty>(p, #name, #c)?
        }),
        AttrStyle::Property(PropForm::String) => Some(quote!(
            #RT_MOD_FORMAT::parse_string_property_if_present(p)
        )),
        AttrStyle::Property(PropForm::Enum(ty, summary)) => Some(quote! {
            #RT_MOD_FORMAT::parse_enum_property_if_present::<#ty>(p, #name, #summary)?
        }),
        AttrStyle::Property(PropForm::BitEnum(ty, named, summary)) => {
            let named = super::format_attr_read::option_str(named.as_deref());
            Some(quote! {
                #RT_MOD_FORMAT::parse_bit_enum_property_if_present::<#ty>(p, #name, #named, #summary)?
            })
        }
        _ => None,
    })
}

/// The type a buildable constraint or another value gives (`None`: a
/// source not supported yet); only for those two resolutions.
fn known_type(r: &TypeResolution) -> Result<Option<TokenStream>, String> {
    match r {
        TypeResolution::Buildable(call) => type_builder(call).map(Some),
        TypeResolution::SameAs { source, transform } => same_as(*source, transform.as_deref()),
        TypeResolution::Format | TypeResolution::Inferred => Ok(None),
    }
}

/// Statements giving every operand and result its type when the format
/// does not read it (`None`: a source not supported yet).
fn type_resolution(info: &OpInfo, format: &OpFormat) -> Result<Option<TokenStream>, String> {
    let op = info.op;
    let mut out = Vec::new();
    // As mlir-tblgen: an operand whose types a `TypesMatchWith` transform
    // reads is checked against its constraint first (once), so the
    // transform sees only the types it is written for.
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
                let (k, name) = (Literal::usize_unsuffixed(*j), &operand.name);
                out.push(quote!(s.check_operand_types(p, #k, #name, &#constraint)?;));
            }
        }
    }
    for (i, r) in format.operand_types.iter().enumerate() {
        let k = Literal::usize_unsuffixed(i);
        let ty = match r {
            TypeResolution::Format => continue,
            TypeResolution::Buildable(_) | TypeResolution::SameAs { .. } => match known_type(r)? {
                Some(t) => t,
                None => return Ok(None),
            },
            TypeResolution::Inferred => return Ok(None),
        };
        out.push(match copied_from(r) {
            Some(from) => quote!(s.copy_type(p, TypeSlot::Operand(#k), #from)?;),
            None => quote!({ let ty = #ty; s.set_operand_type(#k, ty); }),
        });
    }
    for (i, r) in format.result_types.iter().enumerate() {
        let grouped = !matches!(op.results[i].kind, VarKind::Single);
        let by_op = matches!(r, TypeResolution::Inferred) && op.inferred_result_types.is_none();
        if grouped && !by_op && !matches!(r, TypeResolution::Format | TypeResolution::SameAs { .. })
        {
            return Ok(None);
        }
        let k = Literal::usize_unsuffixed(i);
        let ty = match r {
            TypeResolution::Format => continue,
            TypeResolution::Buildable(_) | TypeResolution::SameAs { .. } => match known_type(r)? {
                Some(t) => t,
                None => return Ok(None),
            },
            TypeResolution::Inferred if op.inferred_result_types.is_none() => continue,
            TypeResolution::Inferred => {
                let sources = op.inferred_result_types.as_ref();
                match sources.and_then(|s| s.get(i)) {
                    Some(ResultTypeSource::Buildable(call)) => type_builder(call)?,
                    Some(ResultTypeSource::SameAs { name, transform }) => {
                        let Some(j) = op.operands.iter().position(|o| &o.name == name) else {
                            return Ok(None);
                        };
                        match same_as(TypeSource::Operand(j), transform.as_deref())? {
                            Some(t) => t,
                            None => return Ok(None),
                        }
                    }
                    Some(ResultTypeSource::FirstAttribute) if !op.attributes.is_empty() => {
                        quote!(s.attr_type(p, 0)?)
                    }
                    _ => return Ok(None),
                }
            }
        };
        out.push(match copied_from(r) {
            Some(from) => quote!(s.copy_type(p, TypeSlot::Result(#k), #from)?;),
            None => quote!({ let ty = #ty; s.set_result_type(#k, ty); }),
        });
    }
    Ok(Some(quote!(#(#out)*)))
}

/// The slot a `SameAs` resolution copies its type from unchanged (another
/// operand or result, no transform): one runtime call copies it.
fn copied_from(r: &TypeResolution) -> Option<TokenStream> {
    let TypeResolution::SameAs { source, transform } = r else {
        return None;
    };
    if !matches!(transform.as_deref().map(str::trim), None | Some("$_self")) {
        return None;
    }
    match *source {
        TypeSource::Operand(j) => {
            let k = Literal::usize_unsuffixed(j);
            Some(quote!(TypeSlot::Operand(#k)))
        }
        TypeSource::Result(j) => {
            let k = Literal::usize_unsuffixed(j);
            Some(quote!(TypeSlot::Result(#k)))
        }
        TypeSource::Attribute(_) => None,
    }
}

/// The type of another value or attribute, through a `TypesMatchWith`
/// transform when one is given (`None`: a transform that is not a type
/// expression over `$_self`).
fn same_as(source: TypeSource, transform: Option<&str>) -> Result<Option<TokenStream>, String> {
    let base = match source {
        TypeSource::Operand(j) => {
            let k = Literal::usize_unsuffixed(j);
            quote!(s.operand_type(p, #k)?)
        }
        TypeSource::Result(j) => {
            let k = Literal::usize_unsuffixed(j);
            quote!(s.result_type(p, #k)?)
        }
        TypeSource::Attribute(j) => {
            let k = Literal::usize_unsuffixed(j);
            quote!(s.attr_type(p, #k)?)
        }
    };
    match transform.map(str::trim) {
        None | Some("$_self") => Ok(Some(base)),
        Some(t) if t.contains("$_self") => {
            let t = substitute(t, &[("$_self", "source"), ("$_ctxt", "p.ctx()")], &|_| None)?;
            let t = code(&t, "TypesMatchWith transform")?;
            Ok(Some(quote!({ let source = #base; #t })))
        }
        Some(_) => Ok(None),
    }
}

#[cfg(test)]
mod tests {
    /// The generated ops of a one-dialect spec with these op bodies.
    fn ops_with(bodies: &[&str]) -> String {
        let defs: String = bodies
            .iter()
            .enumerate()
            .map(|(i, b)| format!("def Op{i} : D_Op<\"op{i}\"> {{ {b} }}\n"))
            .collect();
        let text = format!(
            "include \"mlir/IR/OpBase.td\"\ndef D : Dialect {{ let name = \"d\"; let cppNamespace = \"crate::d\"; }}\nclass D_Op<string m, list<Trait> t = []> : Op<D, m, t>;\n{defs}"
        );
        let c = crate::compile("t.ods", &text, &[]).unwrap_or_else(|e| panic!("{}", e.render()));
        let model = c.model().unwrap_or_else(|e| panic!("{}", e.render()));
        let dialects: Vec<_> = model.dialects.iter().collect();
        super::super::ops::generate("t.ods", &dialects).unwrap_or_else(|e| panic!("{e:?}"))
    }

    #[test]
    fn group_leaders_and_refs_are_generated() {
        let code = ops_with(&[
            // A property that anchors its group: its optional parser.
            r#"let arguments = (ins DefaultValuedProp<I64Prop, "3">:$k);
               let assemblyFormat = "($k^ `+`)? attr-dict";"#,
            // A custom directive that starts a group: `PResult<bool>`.
            r#"let arguments = (ins Optional<I32>:$a);
               let assemblyFormat = "(custom<Use>($a)^ `done`)? attr-dict";"#,
            // `ref` of everything `operands`, `regions`, `successors` bind.
            r#"let arguments = (ins Variadic<I32>:$v);
               let regions = (region VariadicRegion<AnyRegion>:$r);
               let successors = (successor VariadicSuccessor<AnySuccessor>:$s);
               let assemblyFormat = "operands `:` type(operands) successors regions custom<All>(ref(operands), ref(regions), ref(successors), ref(type(operands))) attr-dict";"#,
            // A property that starts a group it does not anchor: upstream's
            // C++ does not compile; the op keeps the generic form.
            r#"let arguments = (ins I64Prop:$k, OptionalAttr<I64Attr>:$n);
               let assemblyFormat = "($k `+` $n^)? attr-dict";"#,
        ]);
        let flat = |text: &str| text.split_whitespace().collect::<String>();
        let code_flat = flat(&code);
        let has = |needle: &str| code_flat.contains(&flat(needle));
        assert!(
            has("::ods_runtime::format::parse_int_property_if_present::<"),
            "{code}"
        );
        assert!(has("(p, \"k\", \"int64_t\")?"), "{code}");
        assert!(
            has("-> ::ods_runtime::ir::parser::PResult<bool> = parse_use;"),
            "{code}"
        );
        assert!(has("let present = custom_fn(p, &mut arg0)?;"), "{code}");
        assert!(has("let arg0 = s.all_operands_read();"), "{code}");
        assert!(has("let arg1 = s.all_regions_read();"), "{code}");
        assert!(has("let arg2 = s.successors_of(0);"), "{code}");
        assert!(
            has("let arg3 = s.types_of(TypeSlot::AllOperands);"),
            "{code}"
        );
        assert!(has("custom_fn(p, arg0, arg1, arg2, &arg3)?;"), "{code}");
        assert!(has("Op2::parse_format"), "{code}");
        assert!(!has("Op3::parse_format"), "{code}");
    }

    #[test]
    fn a_type_copied_unchanged_is_one_call() {
        let text = r#"include "mlir/IR/OpBase.td"
def D : Dialect { let name = "d"; let cppNamespace = "crate::d"; }
def Op0 : Op<D, "op0", [AllTypesMatch<["a", "b", "r"]>]> {
  let arguments = (ins AnyType:$a, Variadic<AnyType>:$b);
  let results = (outs AnyType:$r);
  let assemblyFormat = "$a `,` $b attr-dict `:` type($r)";
}
def Op1 : Op<D, "op1", [AllTypesMatch<["a", "b", "r"]>]> {
  let arguments = (ins AnyType:$a, AnyType:$b);
  let results = (outs AnyType:$r);
  let assemblyFormat = "$a `,` $b attr-dict `:` type($r)";
}
"#;
        let c = crate::compile("t.ods", text, &[]).unwrap_or_else(|e| panic!("{}", e.render()));
        let model = c.model().unwrap_or_else(|e| panic!("{}", e.render()));
        let dialects: Vec<_> = model.dialects.iter().collect();
        let code =
            super::super::ops::generate("t.ods", &dialects).unwrap_or_else(|e| panic!("{e:?}"));
        // A variadic group: the general parser, one call per copy.
        assert!(
            code.contains("s.copy_type(p, TypeSlot::Operand(0), TypeSlot::Result(0))?;"),
            "{code}"
        );
        assert!(
            code.contains("s.copy_type(p, TypeSlot::Operand(1), TypeSlot::Result(0))?;"),
            "{code}"
        );
        assert!(!code.contains("set_operand_type"), "{code}");
        // All single: the direct parser, the read type's local for each.
        let flat: String = code.split_whitespace().collect();
        let direct = "s.finish_direct(p,state,&[(operand0,result0_type),(operand1,result0_type)],&[result0_type],";
        assert!(flat.contains(direct), "{code}");
        assert!(flat.contains("letoperand1=p.parse_operand()?;"), "{code}");
        assert_eq!(code.matches("finish_direct").count(), 1, "{code}");
    }

    #[test]
    fn direct_parsers_leave_groups_to_the_general_one() {
        let code = ops_with(&[
            // An optional operand.
            r#"let arguments = (ins Optional<I32>:$a);
               let assemblyFormat = "($a^)? attr-dict";"#,
            // A built type: direct, built into the type's local.
            r#"let arguments = (ins I32:$a);
               let assemblyFormat = "$a attr-dict";"#,
            // Read types, a literal group and an attribute: direct.
            r#"let arguments = (ins AnyType:$a, UnitAttr:$u);
               let results = (outs AnyType:$r);
               let assemblyFormat = "$a (`u` $u^)? attr-dict `:` type($a) `to` type($r)";"#,
        ]);
        assert_eq!(code.matches("finish_direct").count(), 2, "{code}");
        assert_eq!(code.matches("FormatState::new").count(), 1, "{code}");
        let flat: String = code.split_whitespace().collect();
        assert!(
            flat.contains("s.finish_direct(p,state,&[(operand0,operand0_type)],&[result0_type],"),
            "{code}"
        );
        assert!(
            flat.contains("s.finish_direct(p,state,&[(operand0,operand0_type)],&[],"),
            "{code}"
        );
    }

    #[test]
    fn direct_parsers_check_the_source_of_a_type_transform_first() {
        let code = ops_with(&[r#"
            let arguments = (ins I32:$a);
            let assemblyFormat = "$a attr-dict";
        } def Op1 : D_Op<"op1", [TypesMatchWith<"r from a", "a", "r", "wrap($_self)">]> {
            let arguments = (ins I32:$a);
            let results = (outs AnyType:$r);
            let assemblyFormat = "$a attr-dict `:` type($a)";"#]);
        let flat: String = code.split_whitespace().collect();
        let check = flat
            .find("::ods_runtime::format::check_source_type(p,operand0_type,\"a\",&")
            .unwrap_or_else(|| panic!("{code}"));
        let transform = flat
            .find("letresult0_type={letsource=operand0_type;wrap(source)};letresult0_type=::ods_runtime::format::single_type(p,result0_type)?;")
            .unwrap_or_else(|| panic!("{code}"));
        assert!(check < transform, "{code}");
        assert!(
            flat.contains("s.finish_direct(p,state,&[(operand0,operand0_type)],&[result0_type],"),
            "{code}"
        );
    }

    #[test]
    fn formats_get_a_generated_parser_and_printer() {
        let code = ops_with(&[
            r#"let arguments = (ins I32:$a, Variadic<I32>:$b, I64Attr:$n);
               let results = (outs I32:$r);
               let assemblyFormat = "$a `,` `[` $b `]` $n attr-dict `:` type($r)";"#,
            // An `oilist` of one unit-attribute clause.
            r#"let arguments = (ins UnitAttr:$a);
               let assemblyFormat = "oilist(`a` $a) attr-dict";"#,
            r#"let regions = (region AnyRegion:$body, VariadicRegion<AnyRegion>:$more);
               let assemblyFormat = "$body ($more^ `end`)? attr-dict";"#,
            r#"let regions = (region AnyRegion:$body);
               let assemblyFormat = "regions attr-dict";"#,
        ]);
        assert!(code.contains("const PARSE: ::std::option::Option<::ods_runtime::ir::registry::ParseFn> = Some(\n        Op0::parse_format,"), "{code}");
        assert!(
            code.contains("s.operand(p, 1, Arity::Variadic)?;"),
            "{code}"
        );
        assert!(
            code.contains("::ods_runtime::format::parse_literal(p, \"[\")?;"),
            "{code}"
        );
        // `I32` operands are buildable: their types are not read.
        assert!(code.contains("s.set_operand_type(0, ty);"), "{code}");
        assert!(code.contains("Op1::parse_format"), "{code}");
        assert!(
            code.contains("::ods_runtime::format::oilist_clause(p, &mut seen[0], \"a\")?;"),
            "{code}"
        );
        // Regions: read without entry-block arguments, kept as written (no
        // terminator trait); a variadic region anchors a group. (Compared
        // without whitespace: the generated code is laid out.)
        let flat = |text: &str| {
            text.split_whitespace()
                .collect::<String>()
                .replace(",)", ")")
        };
        let code_flat = flat(&code);
        let has = |needle: &str| code_flat.contains(&flat(needle));
        assert!(has("Op2::parse_format"), "{code}");
        assert!(
            has("s.region(p, state, 0, Arity::Single, ::ods_runtime::format::RegionEnd::AsWritten)?;"),
            "{code}"
        );
        assert!(
            has("if s.region(p, state, 1, Arity::Variadic, ::ods_runtime::format::RegionEnd::AsWritten)?"),
            "{code}"
        );
        assert!(has("variadic_regions: &[false, true]"), "{code}");
        assert!(
            has("s.all_regions(p, state, ::ods_runtime::format::RegionEnd::AsWritten)?;"),
            "{code}"
        );
        assert!(has("Op3::parse_format"), "{code}");
    }
}

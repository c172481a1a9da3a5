//! The printer of an op with a declarative assembly format: the checked
//! [`OpFormat`] in, `fn print_format(self, pr)` out, spaced exactly as
//! mlir-tblgen's generated printers space their output.
//!
//! The spacing is decided here, at generation time, by mlir-tblgen's two
//! flags: `should_emit_space` (a space is due before the next element)
//! and `last_was_punctuation`. A literal gets a space before it unless it
//! is punctuation that hugs its left neighbour (`shouldEmitSpaceBefore`);
//! after `<`, `(`, `{` or `[` no space follows; `` ` ` `` prints one
//! space, ```` `` ```` suppresses the next, `` `\n` `` starts a new line;
//! any other element gets a space before it unless the last thing was
//! ```` `` ````-like punctuation; `attr-dict` spaces itself. Optional
//! groups thread the flags through their then branch and then their else
//! branch, as the C++ generator does.

use proc_macro2::{Literal, TokenStream};
use quote::quote;

use super::format_attr::{attr_style, AttrStyle, PropForm};
use super::format_region::{prints_implicit_terminator, regions_of};
use super::op_info::rt::*;
use super::op_info::{default_is_built, lit_str, OpInfo};
use super::snippets::{code, method_name, suffixed};
use crate::format::model::{FormatElement, OpFormat, OptionalGroup, Spacing};
use crate::model::VarKind;

/// mlir-tblgen's spacing state while it walks the elements, the one rule
/// for op formats and for the formats of attribute and type definitions
/// (`codegen/attr_type_format.rs`).
#[derive(Clone, Copy)]
pub(super) struct Spacer {
    /// A space is due before the next element.
    pub(super) should_emit_space: bool,
    /// The last thing printed was punctuation (or `` ` ` ``-like spacing).
    pub(super) last_was_punctuation: bool,
}

impl Spacer {
    /// The state at the start of a format.
    pub(super) fn new() -> Spacer {
        Spacer {
            should_emit_space: true,
            last_was_punctuation: false,
        }
    }

    /// Whether a space goes before literal `text` (`shouldEmitSpaceBefore`).
    pub(super) fn space_before_literal(&self, text: &str) -> bool {
        if !self.should_emit_space {
            return false;
        }
        if text.len() != 1 && text != "->" {
            return true;
        }
        let first = text.chars().next().unwrap_or(' ');
        if self.last_was_punctuation {
            !">)}],".contains(first)
        } else {
            !"<>(){}[],".contains(first)
        }
    }

    /// After literal `text`.
    pub(super) fn after_literal(&mut self, text: &str) {
        let first = text.chars().next().unwrap_or(' ');
        self.should_emit_space = text.len() != 1 || !"<({[".contains(first);
        self.last_was_punctuation = first != '_' && !first.is_ascii_alphabetic();
    }

    /// Before any element that is not a literal, spacing, group or
    /// attribute dictionary: whether a space goes first.
    pub(super) fn before_value(&mut self) -> bool {
        let space = self.should_emit_space || !self.last_was_punctuation;
        self.last_was_punctuation = false;
        self.should_emit_space = true;
        space
    }
}

/// The printer method, or `None` when the format uses an element this
/// generator does not print yet (the op then prints in generic form).
pub(super) fn print_method(
    info: &OpInfo,
    format: &OpFormat,
) -> Result<Option<TokenStream>, String> {
    let mut spacer = Spacer::new();
    let mut body = Vec::new();
    for element in &format.elements {
        match element_printer(info, format, element, &mut spacer)? {
            Some(tokens) => body.push(tokens),
            None => return Ok(None),
        }
    }
    let body = merge_literals(quote!(#(#body)*));
    Ok(Some(quote! {
        /// Prints the op's custom form after its name (its
        /// `assemblyFormat`).
        fn print_format(self, pr: &mut #RT_MOD_IR::printer::ops::OpAsmPrinter<'_, '_>) {
            #[allow(unused_variables)]
            let (ctx, ir) = (pr.ctx(), pr.ir());
            #body
        }
    }))
}

/// Joins the literal text of consecutive `pr.print_str("...");`
/// statements into one call (`" "`, `":"`, `" "` is `" : "`), in the
/// body and in the blocks of its optional groups: the spacing rules
/// print a format's text a piece at a time.
fn merge_literals(body: TokenStream) -> TokenStream {
    use proc_macro2::{Delimiter, Group, TokenTree};
    let mut tokens: Vec<TokenTree> = body.into_iter().collect();
    let mut out: Vec<TokenTree> = Vec::with_capacity(tokens.len());
    let mut pending = String::new();
    let flush = |out: &mut Vec<TokenTree>, pending: &mut String| {
        if !pending.is_empty() {
            let text = lit_str(&std::mem::take(pending));
            out.extend(quote!(pr.print_str(#text);));
        }
    };
    let mut i = 0;
    while i < tokens.len() {
        if let Some(text) = literal_print_at(&tokens[i..]) {
            pending.push_str(&text);
            i += 5;
            continue;
        }
        flush(&mut out, &mut pending);
        // Each token is moved out (a `;` left in its place), not cloned.
        let placeholder =
            TokenTree::Punct(proc_macro2::Punct::new(';', proc_macro2::Spacing::Alone));
        match std::mem::replace(&mut tokens[i], placeholder) {
            TokenTree::Group(g) if g.delimiter() == Delimiter::Brace => {
                let mut inner = Group::new(Delimiter::Brace, merge_literals(g.stream()));
                inner.set_span(g.span());
                out.push(TokenTree::Group(inner));
            }
            t => out.push(t),
        }
        i += 1;
    }
    flush(&mut out, &mut pending);
    out.into_iter().collect()
}

/// The text of `pr.print_str("...");` when `tokens` start with one.
fn literal_print_at(tokens: &[proc_macro2::TokenTree]) -> Option<String> {
    use proc_macro2::{Delimiter, TokenTree};
    let [TokenTree::Ident(pr), TokenTree::Punct(dot), TokenTree::Ident(method), TokenTree::Group(args), TokenTree::Punct(semi), ..] =
        tokens
    else {
        return None;
    };
    let call = pr == "pr" && dot.as_char() == '.' && method == "print_str" && semi.as_char() == ';';
    if !call || args.delimiter() != Delimiter::Parenthesis {
        return None;
    }
    // The one string literal in the parentheses, read as `syn` reads it
    // (without parsing a token stream for it).
    let mut args = args.stream().into_iter();
    match (args.next(), args.next()) {
        (Some(TokenTree::Literal(lit)), None) => match syn::Lit::new(lit) {
            syn::Lit::Str(lit) => Some(lit.value()),
            _ => None,
        },
        _ => None,
    }
}

fn space(yes: bool) -> TokenStream {
    if yes {
        quote!(pr.print_str(" ");)
    } else {
        quote!()
    }
}

/// Printer code for one element (`None`: not supported yet).
pub(super) fn element_printer(
    info: &OpInfo,
    format: &OpFormat,
    element: &FormatElement,
    spacer: &mut Spacer,
) -> Result<Option<TokenStream>, String> {
    Ok(Some(match element {
        FormatElement::Literal(text) => {
            let before = space(spacer.space_before_literal(text));
            spacer.after_literal(text);
            quote!(#before pr.print_str(#text);)
        }
        FormatElement::Whitespace(Spacing::Newline) => quote!(pr.print_newline();),
        FormatElement::Whitespace(spacing) => {
            let one = *spacing == Spacing::Space;
            spacer.last_was_punctuation = !one;
            spacer.should_emit_space = false;
            space(one)
        }
        FormatElement::Optional(group) => return group_printer(info, format, group, spacer),
        FormatElement::OIList(clauses) => {
            return super::format_oilist::oilist_printer(info, format, clauses, spacer)
        }
        FormatElement::AttrDict { with_keyword } => {
            // The dictionary spaces itself; what follows is no punctuation.
            spacer.last_was_punctuation = false;
            attr_dict_printer(info, format, *with_keyword)?
        }
        FormatElement::PropDict => {
            spacer.last_was_punctuation = false;
            super::format_props::prop_dict_printer(info, format)?
        }
        other => {
            let Some(value) = value_printer(info, other)? else {
                return Ok(None);
            };
            let before = space(spacer.before_value());
            quote!(#before #value)
        }
    }))
}

/// An optional group: printed when its anchor is present; a unit
/// attribute anchor that does not start a branch is not printed.
fn group_printer(
    info: &OpInfo,
    format: &OpFormat,
    group: &OptionalGroup,
    spacer: &mut Spacer,
) -> Result<Option<TokenStream>, String> {
    let anchor_branch = if group.anchor_in_else {
        &group.else_elements
    } else {
        &group.then_elements
    };
    let anchor = &anchor_branch[group.anchor];
    let Some(present) = presence(info, anchor)? else {
        return Ok(None);
    };
    let elided = match anchor {
        FormatElement::Attribute { index, .. } if info.op.attributes[*index].is_unit => {
            let first_then = group.then_elements.first() == Some(anchor);
            let first_else = group.else_elements.first() == Some(anchor);
            (!first_then && !first_else).then_some(anchor)
        }
        _ => None,
    };
    let mut branch = |elements: &[FormatElement]| -> Result<Option<Vec<TokenStream>>, String> {
        let mut out = Vec::new();
        for e in elements {
            if Some(e) == elided {
                continue;
            }
            match element_printer(info, format, e, spacer)? {
                Some(t) => out.push(t),
                None => return Ok(None),
            }
        }
        Ok(Some(out))
    };
    let Some(then) = branch(&group.then_elements)? else {
        return Ok(None);
    };
    let Some(other) = branch(&group.else_elements)? else {
        return Ok(None);
    };
    let condition = if group.anchor_in_else {
        negated(present)
    } else {
        present
    };
    let other = (!other.is_empty()).then(|| quote!(else { #(#other)* }));
    Ok(Some(quote! {
        if #condition { #(#then)* } #other
    }))
}

/// `!(cond)` as clippy wants it written: `x.is_none()` for
/// `x.is_some()`, `x` for `!x`, when `cond` is one such term.
pub(super) fn negated(cond: TokenStream) -> TokenStream {
    use proc_macro2::TokenTree;
    let tokens: Vec<TokenTree> = cond.clone().into_iter().collect();
    let operator = |t: &TokenTree| matches!(t, TokenTree::Punct(p) if matches!(p.as_char(), '&' | '|' | '=' | '<' | '>' | '!'));
    // `a != b` alone (no other operator at the top level): `a == b`.
    let is = |t: &TokenTree, c: char| matches!(t, TokenTree::Punct(p) if p.as_char() == c);
    if let Some(i) = (1..tokens.len().saturating_sub(2))
        .find(|&i| is(&tokens[i], '!') && is(&tokens[i + 1], '='))
    {
        let (a, b) = (&tokens[..i], &tokens[i + 2..]);
        if !a.iter().chain(b).any(operator) {
            let (a, b): (TokenStream, TokenStream) =
                (a.iter().cloned().collect(), b.iter().cloned().collect());
            return quote!(#a == #b);
        }
    }
    // One term: no binary operator at the top level (a leading `!` is
    // the term's own).
    if tokens.iter().skip(1).any(operator) {
        return quote!(!(#cond));
    }
    match tokens.as_slice() {
        [TokenTree::Punct(p), rest @ ..] if p.as_char() == '!' && !rest.is_empty() => {
            rest.iter().cloned().collect()
        }
        [init @ .., TokenTree::Punct(dot), TokenTree::Ident(m), TokenTree::Group(args)]
            if dot.as_char() == '.' && m == "is_some" && args.stream().is_empty() =>
        {
            let init: TokenStream = init.iter().cloned().collect();
            quote!(#init.is_none())
        }
        _ => quote!(!(#cond)),
    }
}

/// Whether an anchor element is present on the op (`None`: not
/// supported as an anchor yet).
pub(super) fn presence(
    info: &OpInfo,
    anchor: &FormatElement,
) -> Result<Option<TokenStream>, String> {
    Ok(Some(match anchor {
        FormatElement::Operand(i) => {
            let range = info.group_range(false, *i);
            quote!(!(#range).is_empty())
        }
        FormatElement::Result(i) => {
            let range = info.group_range(true, *i);
            quote!(!(#range).is_empty())
        }
        FormatElement::Attribute { index, .. } => {
            let a = &info.op.attributes[*index];
            let raw = suffixed(&a.name, "_attr")?;
            // An `OptionalProp` is always there (`[]` when not set): its
            // value decides.
            if a.is_property && a.storage_type.trim().starts_with("::std::option::Option<") {
                let getter = method_name(&a.name)?;
                return Ok(Some(quote!(self.#getter(ctx, ir).is_some())));
            }
            match default_test(info, *index, false)? {
                Some(other) => other,
                None => quote!(self.#raw(ctx, ir).is_some()),
            }
        }
        FormatElement::Successor(i) => {
            let variadic = info.op.successors[*i].variadic;
            let i = Literal::usize_unsuffixed(*i);
            quote!(!#RT_MOD_FORMAT::successors_in(ir, self.0, #i, #variadic).is_empty())
        }
        FormatElement::Type { arg, .. } => return presence(info, arg),
        FormatElement::Region(i) => {
            let regions = regions_of(info, *i);
            match info.op.regions[*i].variadic {
                true => quote!(!#regions.is_empty()),
                false => quote!(#regions.iter().any(|&r| !ir.region_is_empty(r))),
            }
        }
        // Present when any of its arguments is (a `ref` says nothing: it
        // is bound elsewhere).
        FormatElement::Custom { args, .. } => {
            let mut tests = Vec::new();
            for arg in args.iter().filter(|a| !matches!(a, FormatElement::Ref(_))) {
                match presence(info, arg)? {
                    Some(test) => tests.push(test),
                    None => return Ok(None),
                }
            }
            if tests.is_empty() {
                return Ok(None);
            }
            quote!(#((#tests))||*)
        }
        _ => return Ok(None),
    }))
}

/// For a default-valued attribute: an expression telling whether it holds
/// its default.
pub(super) fn at_default(info: &OpInfo, index: usize) -> Result<Option<TokenStream>, String> {
    default_test(info, index, true)
}

/// For a default-valued attribute: an expression telling whether it is
/// set and holds its default (`at`), or set to something else (not `at`).
fn default_test(info: &OpInfo, index: usize, at: bool) -> Result<Option<TokenStream>, String> {
    let a = &info.op.attributes[index];
    let Some(default) = a.default_value.as_deref().filter(|d| !d.trim().is_empty()) else {
        return Ok(None);
    };
    // A `DefaultValuedOptionalAttr` is optional but has a default all the
    // same: MLIR elides it at its default too.
    if a.is_derived {
        return Ok(None);
    }
    let getter = method_name(&a.name)?;
    let raw = suffixed(&a.name, "_attr")?;
    if default_is_built(a) {
        // No interning here: compare with the default the op's
        // registration built.
        let name = &a.name;
        let default = quote!(#RT_MOD_FORMAT::registered_default(pr, self.0, #name));
        return Ok(Some(match at {
            true => quote!(self.#raw(ctx, ir).is_some() && self.#raw(ctx, ir) == #default),
            false => quote!(self.#raw(ctx, ir).is_some() && self.#raw(ctx, ir) != #default),
        }));
    }
    // A boolean default compares without `== false` (clippy's
    // `bool_comparison` in the generated code).
    let holds = match (default.trim(), at) {
        ("false", true) | ("true", false) => quote!(!self.#getter(ctx, ir)),
        ("true", true) | ("false", false) => quote!(self.#getter(ctx, ir)),
        (other, _) => {
            let default = code(other, &format!("default value of attribute '{}'", a.name))?;
            match at {
                true => quote!(self.#getter(ctx, ir) == (#default)),
                false => quote!(self.#getter(ctx, ir) != (#default)),
            }
        }
    };
    // Not at its default: an absent attribute reads as its default, so
    // the value test alone decides (one lookup of the attribute, not two).
    if !at && !a.is_property {
        return Ok(Some(holds));
    }
    Ok(Some(quote!(self.#raw(ctx, ir).is_some() && #holds)))
}

/// `attr-dict`: every attribute but those the format shows, the segment
/// sizes, and default-valued ones at their default.
fn attr_dict_printer(
    info: &OpInfo,
    format: &OpFormat,
    keyword: bool,
) -> Result<TokenStream, String> {
    // A pure property the format shows is no attribute: a discardable
    // attribute of its name still prints (`OpAsmPrinter::op_attrs` leaves
    // the property out), as MLIR's `elidedAttrs` lists attributes only.
    let mut elided: Vec<String> = format
        .used_attributes
        .iter()
        .map(|&i| &info.op.attributes[i])
        .filter(|a| !a.is_property)
        .map(|a| a.name.clone())
        .collect();
    elided.extend(format.inferred_attributes.iter().cloned());
    if info.operand_segments {
        elided.push("operandSegmentSizes".into());
    }
    if info.result_segments {
        elided.push("resultSegmentSizes".into());
    }
    let mut defaults = Vec::new();
    for (i, a) in info.op.attributes.iter().enumerate() {
        // Properties are never in the dictionary printed here.
        if a.is_property || elided.contains(&a.name) {
            continue;
        }
        if let Some(test) = at_default(info, i)? {
            let name = &a.name;
            defaults.push(quote!(if #test { #name } else { "" }));
        }
    }
    if format.has_prop_dict {
        // The properties are in the `prop-dict`.
        return Ok(quote! {
            #RT_MOD_FORMAT::print_discardable_attr_dict(pr, self.0, #keyword);
        });
    }
    if defaults.is_empty() {
        return Ok(quote! {
            #RT_MOD_FORMAT::print_attr_dict(pr, self.0, &[#(#elided),*], &[], #keyword);
        });
    }
    // The tests may read the printer (`registered_default`): evaluated
    // before the call borrows it.
    Ok(quote! {
        let at_default: &[&str] = &[#(#defaults),*];
        #RT_MOD_FORMAT::print_attr_dict(pr, self.0, &[#(#elided),*], at_default, #keyword);
    })
}

/// The values of an operand/result element, as a `Vec<Value>`.
fn values(info: &OpInfo, element: &FormatElement) -> Option<TokenStream> {
    Some(match element {
        FormatElement::Operand(i) => {
            let range = info.group_range(false, *i);
            quote!(#RT_MOD_FORMAT::operands_in(ir, self.0, #range))
        }
        FormatElement::Result(i) => {
            let range = info.group_range(true, *i);
            quote!(#RT_MOD_FORMAT::results_in(ir, self.0, #range))
        }
        FormatElement::Operands => quote!(ir.operands(self.0).collect::<Vec<_>>()),
        FormatElement::Results => quote!(ir.results(self.0).collect::<Vec<_>>()),
        _ => return None,
    })
}

/// The sub-groups of variadic-of-variadic operand group `i`, as a
/// `Vec<Vec<Value>>` (`None` for any other operand).
fn nested_groups(info: &OpInfo, i: usize) -> Option<TokenStream> {
    let VarKind::VariadicOfVariadic { segment_attr } = &info.op.operands[i].kind else {
        return None;
    };
    let range = info.group_range(false, i);
    Some(quote!(#RT_MOD_FORMAT::nested_operands_in(ctx, ir, self.0, #range, #segment_attr)))
}

/// Printer code for an element that is a value (operand, type,
/// attribute, successor): `None` when not supported yet.
fn value_printer(info: &OpInfo, element: &FormatElement) -> Result<Option<TokenStream>, String> {
    Ok(Some(match element {
        FormatElement::Operand(_) | FormatElement::Operands => {
            if let FormatElement::Operand(i) = element {
                if let Some(groups) = nested_groups(info, *i) {
                    return Ok(Some(
                        quote!(#RT_MOD_FORMAT::print_nested_operands(pr, &#groups);),
                    ));
                }
            }
            // A single operand of an op without variadic ones: no group.
            if let (FormatElement::Operand(i), false) = (element, info.has_groups(false)) {
                let i = Literal::usize_unsuffixed(*i);
                return Ok(Some(
                    quote!(#RT_MOD_FORMAT::print_operand_at(pr, self.0, #i);),
                ));
            }
            let Some(v) = values(info, element) else {
                return Ok(None);
            };
            quote!(pr.print_operands(#v);)
        }
        FormatElement::Successors => quote! {
            #RT_MOD_FORMAT::print_successors(pr, &ir.successors(self.0).collect::<Vec<_>>());
        },
        FormatElement::Type { arg, qualified } => {
            if !*qualified && super::format_parse::stripped_type_def(info, arg).is_some() {
                let Some(v) = values(info, arg) else {
                    return Ok(None);
                };
                return Ok(Some(
                    quote!(#RT_MOD_FORMAT::print_stripped_value_types(pr, &#v);),
                ));
            }
            if let FormatElement::Operand(i) = **arg {
                if let Some(groups) = nested_groups(info, i) {
                    return Ok(Some(
                        quote!(#RT_MOD_FORMAT::print_nested_types(pr, &#groups);),
                    ));
                }
            }
            // The type of a single operand or result of an op without
            // variadic ones: no group.
            match **arg {
                FormatElement::Operand(i) if !info.has_groups(false) => {
                    let i = Literal::usize_unsuffixed(i);
                    return Ok(Some(
                        quote!(#RT_MOD_FORMAT::print_operand_type_at(pr, self.0, #i);),
                    ));
                }
                FormatElement::Result(i) if !info.has_groups(true) => {
                    let i = Literal::usize_unsuffixed(i);
                    return Ok(Some(
                        quote!(#RT_MOD_FORMAT::print_result_type_at(pr, self.0, #i);),
                    ));
                }
                _ => {}
            }
            let Some(v) = values(info, arg) else {
                return Ok(None);
            };
            quote!(#RT_MOD_FORMAT::print_value_types(pr, &#v);)
        }
        FormatElement::FunctionalType { inputs, results } => {
            let (Some(i), Some(r)) = (values(info, inputs), values(info, results)) else {
                return Ok(None);
            };
            quote!(#RT_MOD_FORMAT::print_functional_type(pr, &#i, &#r);)
        }
        FormatElement::Successor(i) => {
            let variadic = info.op.successors[*i].variadic;
            let i = Literal::usize_unsuffixed(*i);
            quote!(#RT_MOD_FORMAT::print_successors(pr, &#RT_MOD_FORMAT::successors_in(ir, self.0, #i, #variadic));)
        }
        FormatElement::Attribute { index, qualified } => {
            let a = &info.op.attributes[*index];
            let raw = suffixed(&a.name, "_attr")?;
            // A `UnitProp` written as a variable: `unit` or `unit_absent`.
            if a.is_property && a.is_unit {
                return Ok(Some(quote! {
                    #RT_MOD_FORMAT::print_unit_property(pr, self.#raw(ctx, ir));
                }));
            }
            let print = match attr_style(a, *qualified, info.enums)? {
                AttrStyle::Enum(ty) => quote! {
                    match <#ty as #RT::EnumAttr>::from_attr(ctx, attr) {
                        Some(case) => #RT_MOD_FORMAT::print_enum_case(pr, #RT::EnumAttr::as_str(case)),
                        None => pr.print_attribute(attr),
                    }
                },
                AttrStyle::BitEnum(ty, _) => quote! {
                    match <#ty as #RT_MOD_PROP::PropValue>::from_attr(ctx, attr) {
                        Some(case) => #RT_MOD_FORMAT::print_bit_enum_case(
                            pr, case.value(), &case.to_string(),
                        ),
                        None => pr.print_attribute(attr),
                    }
                },
                AttrStyle::Symbol => quote! {
                    match ctx.attr_kind(attr) {
                        #RT_MOD_IR::AttrKind::String { value, .. } => pr.print_symbol_name(value),
                        _ => pr.print_attribute(attr),
                    }
                },
                AttrStyle::Unit | AttrStyle::WithoutType(_) => {
                    quote!(pr.print_attribute_without_type(attr);)
                }
                AttrStyle::Stripped(_) => quote!(pr.print_stripped_attribute(attr);),
                AttrStyle::IntArray(elem) => {
                    quote!(#RT_MOD_FORMAT::print_int_array::<#elem>(pr, attr);)
                }
                AttrStyle::Property(PropForm::Int(..)) => {
                    quote!(#RT_MOD_FORMAT::print_int_property(pr, attr);)
                }
                AttrStyle::Property(PropForm::OptionalInt(..)) => {
                    // An absent optional property is written `none`.
                    return Ok(Some(quote! {
                        match self.#raw(ctx, ir) {
                            Some(attr) => #RT_MOD_FORMAT::print_optional_int_property(pr, attr),
                            None => pr.print_str("none"),
                        }
                    }));
                }
                AttrStyle::Property(PropForm::String) => {
                    quote!(#RT_MOD_FORMAT::print_string_property(pr, attr);)
                }
                AttrStyle::Property(PropForm::Enum(ty, _)) => {
                    quote!(#RT_MOD_FORMAT::print_enum_property::<#ty>(pr, attr);)
                }
                AttrStyle::Property(PropForm::Bool) => {
                    quote!(#RT_MOD_FORMAT::print_bool_property(pr, attr);)
                }
                AttrStyle::Property(PropForm::BitEnum(ty, named, _)) => {
                    let named = super::format_attr_read::option_str(named.as_deref());
                    quote!(#RT_MOD_FORMAT::print_bit_enum_property::<#ty>(pr, attr, #named);)
                }
                AttrStyle::Property(PropForm::IntArray(array, elem, _)) => quote! {
                    #RT_MOD_FORMAT::print_int_array_property::<#array, #elem>(pr, attr);
                },
                AttrStyle::Whole => quote!(pr.print_attribute(attr);),
            };
            quote! {
                if let Some(attr) = self.#raw(ctx, ir) { #print }
            }
        }
        FormatElement::Region(i) => {
            let regions = regions_of(info, *i);
            let implicit = prints_implicit_terminator(info);
            quote!(#RT_MOD_FORMAT::print_regions(pr, &#regions, #implicit);)
        }
        FormatElement::Regions => {
            let implicit = prints_implicit_terminator(info);
            quote!(#RT_MOD_FORMAT::print_regions(pr, ir.regions(self.0), #implicit);)
        }
        FormatElement::Custom { name, args } => {
            return super::format_custom::custom_printer(info, name, args)
        }
        _ => return Ok(None),
    }))
}

#[cfg(test)]
mod tests {
    use super::{merge_literals, negated, Spacer};
    use proc_macro2::TokenStream;
    use quote::quote;

    /// The text mlir-tblgen's spacing gives a sequence of literals (`L`)
    /// and values (`$`, printed as `v`), with ` ` and `` for spacing.
    fn spaced(elements: &[&str]) -> String {
        let mut s = Spacer {
            should_emit_space: true,
            last_was_punctuation: false,
        };
        let mut out = String::new();
        for &e in elements {
            match e {
                "$" => {
                    if s.before_value() {
                        out.push(' ');
                    }
                    out.push('v');
                }
                "` `" => {
                    out.push(' ');
                    s.last_was_punctuation = false;
                    s.should_emit_space = false;
                }
                "``" => {
                    s.last_was_punctuation = true;
                    s.should_emit_space = false;
                }
                literal => {
                    if s.space_before_literal(literal) {
                        out.push(' ');
                    }
                    out.push_str(literal);
                    s.after_literal(literal);
                }
            }
        }
        out
    }

    #[test]
    fn literals_and_values_are_spaced_as_mlir_tblgen_spaces_them() {
        assert_eq!(spaced(&["$", ",", "$", ":", "$"]), " v, v : v");
        assert_eq!(spaced(&["$", "(", "$", ")"]), " v(v)");
        assert_eq!(spaced(&["<", "$", ">", "->", "[", "$", "]"]), "<v> -> [v]");
        assert_eq!(spaced(&["$", "to", "$"]), " v to v");
        assert_eq!(spaced(&["$", "fastmath", "``", "$"]), " v fastmathv");
        assert_eq!(spaced(&["keyword", "``", "$"]), " keywordv");
        // ` ` after punctuation prints a space and the value another.
        assert_eq!(spaced(&["(", "` `", "$", ")"]), "(  v)");
        assert_eq!(spaced(&["$", "[", "$", "]"]), " v[v]");
    }

    #[test]
    fn a_negated_presence_test_is_written_as_clippy_wants() {
        let not = |t: TokenStream| negated(t).to_string();
        assert_eq!(
            not(quote!(self.n_attr(ctx, ir).is_some())),
            quote!(self.n_attr(ctx, ir).is_none()).to_string()
        );
        assert_eq!(
            not(quote!(!(a..b).is_empty())),
            quote!((a..b).is_empty()).to_string()
        );
        assert_eq!(
            not(quote!(!self.u(ctx, ir))),
            quote!(self.u(ctx, ir)).to_string()
        );
        // Compound conditions keep their parentheses.
        assert_eq!(
            not(quote!(x.is_some() && y == 3)),
            quote!(!(x.is_some() && y == 3)).to_string()
        );
        assert_eq!(not(quote!(x != 3)), quote!(x == 3).to_string());
        assert_eq!(not(quote!(x != 3 && y)), quote!(!(x != 3 && y)).to_string());
    }

    #[test]
    fn adjacent_literals_print_as_one() {
        let body = quote! {
            pr.print_str(" ");
            pr.print_str(":");
            pr.print_str(" ");
            pr.print_type(t);
            if x { pr.print_str("a"); pr.print_str("\""); } else { pr.print_str("b"); }
            pr.print_str(",");
            other.print_str("c");
            pr.print_str(" ");
        };
        let want = quote! {
            pr.print_str(" : ");
            pr.print_type(t);
            if x { pr.print_str("a\""); } else { pr.print_str("b"); }
            pr.print_str(",");
            other.print_str("c");
            pr.print_str(" ");
        };
        assert_eq!(merge_literals(body).to_string(), want.to_string());
    }
}

//! `custom<Name>(args)` in a declarative format: the generated parser
//! calls `parse_name(p, args...)` and the printer `print_name(pr, op,
//! args...)`, Rust functions the dialect writes in the module the
//! generated ops are included into (`Name` in snake case). The argument
//! types follow the ODS manual's table, in Rust:
//!
//! | argument | `parse_name` gets | `print_name` gets |
//! | --- | --- | --- |
//! | single or optional operand | `&mut Option<UnresolvedOperand<'_>>` | `Option<Value>` |
//! | variadic operand | `&mut Vec<UnresolvedOperand<'_>>` | `&[Value]` |
//! | variadic-of-variadic operand | `&mut Vec<Vec<UnresolvedOperand<'_>>>` | `&[Vec<Value>]` |
//! | `type` of a single operand | `&mut Option<Type>` | `Type` |
//! | `type` of an optional operand | `&mut Option<Type>` | `Option<Type>` |
//! | `type` of a variadic operand | `&mut Vec<Type>` | `&[Type]` |
//! | `type` of a variadic-of-variadic operand | `&mut Vec<Vec<Type>>` | `&[Vec<Type>]` |
//! | attribute | `&mut Option<Attribute>` | `Option<Attribute>` |
//! | single successor | `&mut Option<BlockId>` | `Option<BlockId>` |
//! | variadic successor | `&mut Vec<BlockId>` | `&[BlockId]` |
//! | `ref(type($single))` | `Type` | `Type` |
//! | `ref(type($variadic))` | `&[Type]` | `&[Type]` |
//! | `ref($attribute)` | `Option<Attribute>` | `Option<Attribute>` |
//! | `type` of a single or optional result | `&mut Option<Type>` | `Type` / `Option<Type>` |
//! | `type` of a variadic result | `&mut Vec<Type>` | `&[Type]` |
//! | `ref(type($single_result))` | `Type` | `Type` |
//! | single region | `&mut Option<RegionId>` | `Option<RegionId>` |
//! | variadic region | `&mut Vec<RegionId>` | `&[RegionId]` |
//! | `attr-dict` | `&mut Option<Attribute>` (a dictionary) | `&[NamedAttribute]` (every attribute) |
//! | `prop-dict` | `&mut Option<Attribute>` (read as `<{...}>` would be) | `&[NamedAttribute]` (every property) |
//! | `"text"` | the Rust expression `text` (`$_ctxt`: `p.ctx()`) | the same (`$_ctxt`: `ctx`) |
//!
//! Both return nothing but the parser's `PResult<()>`. A missing function
//! is a compile error naming it. A region a parser leaves `None` is an
//! empty region; an `attr-dict` it reads is not checked for inherent
//! attributes (as mlir-tblgen's parsers: the verifier does).
//!
//! In: the directive's elements. Out: the call and the code that stores
//! what the parser read, or `None` for an argument not supported yet
//! (`ref` of operands, regions, successors and dictionaries: the op then
//! keeps the generic form).

use heck::ToSnakeCase;
use proc_macro2::{Ident, Literal, TokenStream};
use quote::{format_ident, quote};

use super::op_info::OpInfo;
use super::snippets::suffixed;
use crate::format::model::FormatElement;
use crate::model::VarKind;

/// The parser code of `custom<name>(args)`.
pub(super) fn custom_parser(
    info: &OpInfo,
    name: &str,
    args: &[FormatElement],
) -> Result<Option<TokenStream>, String> {
    let op = info.op;
    let function = format_ident!("parse_{}", name.to_snake_case());
    let mut locals = Vec::new();
    let mut call_args = Vec::new();
    let mut stores = Vec::new();
    for (k, arg) in args.iter().enumerate() {
        let local = format_ident!("arg{}", k);
        match arg {
            FormatElement::Operand(i) => {
                let idx = Literal::usize_unsuffixed(*i);
                match &op.operands[*i].kind {
                    VarKind::Single | VarKind::Optional => {
                        locals.push(quote!(let mut #local = None;));
                        stores
                            .push(quote!(s.set_operands(#idx, #local.into_iter().collect(), at);));
                    }
                    VarKind::Variadic => {
                        locals.push(quote!(let mut #local = Vec::new();));
                        stores.push(quote!(s.set_operands(#idx, #local, at);));
                    }
                    VarKind::VariadicOfVariadic { segment_attr } => {
                        // Stored with its types (the `type(...)` argument).
                        let types = nested_types_local(args, *i);
                        let Some(types) = types else { return Ok(None) };
                        locals.push(quote!(let mut #local = Vec::new();));
                        stores.push(
                            quote!(s.set_nested_operands(#idx, #segment_attr, #local, #types, at);),
                        );
                    }
                }
                call_args.push(quote!(&mut #local));
            }
            FormatElement::Type { arg: inner, .. }
                if matches!(**inner, FormatElement::Result(_)) =>
            {
                let FormatElement::Result(i) = **inner else {
                    return Ok(None);
                };
                let idx = Literal::usize_unsuffixed(i);
                match &op.results[i].kind {
                    VarKind::Single | VarKind::Optional => {
                        locals.push(quote!(let mut #local = None;));
                        stores.push(quote!(s.set_types(TypeSlot::Result(#idx), #local.into_iter().collect());));
                    }
                    VarKind::Variadic => {
                        locals.push(quote!(let mut #local = Vec::new();));
                        stores.push(quote!(s.set_types(TypeSlot::Result(#idx), #local);));
                    }
                    VarKind::VariadicOfVariadic { .. } => return Ok(None),
                }
                call_args.push(quote!(&mut #local));
            }
            FormatElement::Region(i) => {
                let idx = Literal::usize_unsuffixed(*i);
                if op.regions[*i].variadic {
                    locals.push(quote!(let mut #local = Vec::new();));
                    stores.push(quote!(s.set_regions(#idx, #local);));
                } else {
                    locals.push(quote!(let mut #local = None;));
                    stores.push(quote!(if let Some(r) = #local { s.set_regions(#idx, vec![r]); }));
                }
                call_args.push(quote!(&mut #local));
            }
            FormatElement::AttrDict { .. } => {
                locals.push(quote!(let mut #local = None;));
                stores.push(quote!(s.set_attr_dict(#local);));
                call_args.push(quote!(&mut #local));
            }
            FormatElement::PropDict => {
                locals.push(quote!(let mut #local = None;));
                // Checked only when the directive read one (as when its C++
                // twin calls `parseProperties`).
                let name = &op.full_name;
                stores.push(quote! {
                    if #local.is_some() {
                        ::ods_runtime::format::check_prop_dict(p, #name, #local, prop_entries)?;
                    }
                    prop_dict = #local;
                });
                call_args.push(quote!(&mut #local));
            }
            FormatElement::String(text) => {
                let value = string_arg(text, "p.ctx()")?;
                locals.push(quote!(let #local = #value;));
                call_args.push(quote!(#local));
            }
            FormatElement::Type { arg: inner, .. } => {
                let FormatElement::Operand(i) = **inner else {
                    return Ok(None);
                };
                let idx = Literal::usize_unsuffixed(i);
                match &op.operands[i].kind {
                    VarKind::Single | VarKind::Optional => {
                        locals.push(quote!(let mut #local = None;));
                        stores.push(quote!(s.set_types(TypeSlot::Operand(#idx), #local.into_iter().collect());));
                    }
                    VarKind::Variadic => {
                        locals.push(quote!(let mut #local = Vec::new();));
                        stores.push(quote!(s.set_types(TypeSlot::Operand(#idx), #local);));
                    }
                    VarKind::VariadicOfVariadic { .. } => {
                        locals.push(quote!(let mut #local = Vec::new();));
                    }
                }
                call_args.push(quote!(&mut #local));
            }
            FormatElement::Attribute { index, .. } => {
                let idx = Literal::usize_unsuffixed(*index);
                locals.push(quote!(let mut #local = None;));
                stores.push(quote!(if let Some(attr) = #local { s.set_attr(#idx, attr); }));
                call_args.push(quote!(&mut #local));
            }
            FormatElement::Successor(i) => {
                let idx = Literal::usize_unsuffixed(*i);
                if op.successors[*i].variadic {
                    locals.push(quote!(let mut #local = Vec::new();));
                    stores.push(quote!(s.set_successors(#idx, #local);));
                } else {
                    locals.push(quote!(let mut #local = None;));
                    stores.push(quote!(s.set_successors(#idx, #local.into_iter().collect());));
                }
                call_args.push(quote!(&mut #local));
            }
            FormatElement::Ref(inner) => match &**inner {
                FormatElement::Type { arg, .. } if matches!(**arg, FormatElement::Result(_)) => {
                    let FormatElement::Result(i) = **arg else {
                        return Ok(None);
                    };
                    if op.results[i].kind != VarKind::Single {
                        return Ok(None);
                    }
                    let idx = Literal::usize_unsuffixed(i);
                    locals.push(quote!(let #local = s.result_type(p, #idx)?;));
                    call_args.push(quote!(#local));
                }
                FormatElement::Type { arg, .. } => {
                    let FormatElement::Operand(i) = **arg else {
                        return Ok(None);
                    };
                    let idx = Literal::usize_unsuffixed(i);
                    match op.operands[i].kind {
                        VarKind::Single => {
                            locals.push(quote!(let #local = s.operand_type(p, #idx)?;));
                            call_args.push(quote!(#local));
                        }
                        VarKind::Variadic | VarKind::Optional => {
                            locals.push(quote!(let #local = s.operand_types_of(#idx);));
                            call_args.push(quote!(&#local));
                        }
                        VarKind::VariadicOfVariadic { .. } => return Ok(None),
                    }
                }
                FormatElement::Attribute { index, .. } => {
                    let idx = Literal::usize_unsuffixed(*index);
                    locals.push(quote!(let #local = s.attr(#idx);));
                    call_args.push(quote!(#local));
                }
                _ => return Ok(None),
            },
            _ => return Ok(None),
        }
    }
    // Where operand groups read by the directive are resolved from.
    let reads_operands = args.iter().any(|a| matches!(a, FormatElement::Operand(_)));
    let at = reads_operands.then(|| quote!(let at = p.current_location();));
    Ok(Some(quote! {{
        #at
        #(#locals)*
        #function(p, #(#call_args),*)?;
        #(#stores)*
    }}))
}

/// The local holding the types of variadic-of-variadic operand `i`, when
/// the directive also takes `type($i)`.
fn nested_types_local(args: &[FormatElement], i: usize) -> Option<Ident> {
    args.iter().enumerate().find_map(|(k, a)| match a {
        FormatElement::Type { arg, .. } if **arg == FormatElement::Operand(i) => {
            Some(format_ident!("arg{}", k))
        }
        _ => None,
    })
}

/// The printer code of `custom<name>(args)` (after the space rules).
pub(super) fn custom_printer(
    info: &OpInfo,
    name: &str,
    args: &[FormatElement],
) -> Result<Option<TokenStream>, String> {
    let function = format_ident!("print_{}", name.to_snake_case());
    let mut locals = Vec::new();
    let mut call_args = Vec::new();
    for (k, arg) in args.iter().enumerate() {
        let inner = match arg {
            FormatElement::Ref(inner) => &**inner,
            other => other,
        };
        let Some(value) = print_arg(info, inner)? else {
            return Ok(None);
        };
        // Bound first: the call borrows the printer.
        let local = format_ident!("arg{}", k);
        locals.push(quote!(let #local = #value;));
        call_args.push(local);
    }
    Ok(Some(quote! {{
        #(#locals)*
        #function(pr, self.0, #(#call_args),*);
    }}))
}

/// A string argument (Rust code) as an expression, `$_ctxt` being `ctx`.
fn string_arg(text: &str, ctx: &str) -> Result<TokenStream, String> {
    let text = super::snippets::substitute(text, &[("$_ctxt", ctx)], &|_| None)?;
    super::snippets::code(&text, "custom directive string argument")
}

fn print_arg(info: &OpInfo, arg: &FormatElement) -> Result<Option<TokenStream>, String> {
    let op = info.op;
    Ok(Some(match arg {
        FormatElement::Operand(i) => {
            let range = info.group_range(false, *i);
            match &op.operands[*i].kind {
                VarKind::Single | VarKind::Optional => {
                    quote!(::ods_runtime::format::operands_in(ir, self.0, #range).first().copied())
                }
                VarKind::Variadic => {
                    quote!(&::ods_runtime::format::operands_in(ir, self.0, #range))
                }
                VarKind::VariadicOfVariadic { segment_attr } => quote!(
                    &::ods_runtime::format::nested_operands_in(ctx, ir, self.0, #range, #segment_attr)
                ),
            }
        }
        FormatElement::Type { arg, .. } if matches!(**arg, FormatElement::Result(_)) => {
            let FormatElement::Result(i) = **arg else {
                return Ok(None);
            };
            let range = info.group_range(true, i);
            match &op.results[i].kind {
                VarKind::Single => quote!(ir.value_type(ir.result(self.0, (#range).start))),
                VarKind::Optional => quote!(::ods_runtime::format::results_in(ir, self.0, #range)
                    .first()
                    .map(|&v| ir.value_type(v))),
                VarKind::Variadic => quote!(&::ods_runtime::format::types_of(
                    ir,
                    &::ods_runtime::format::results_in(ir, self.0, #range)
                )),
                VarKind::VariadicOfVariadic { .. } => return Ok(None),
            }
        }
        FormatElement::Region(i) => {
            let regions = super::format_region::regions_of(info, *i);
            if op.regions[*i].variadic {
                quote!(&#regions)
            } else {
                quote!(#regions.first().copied())
            }
        }
        FormatElement::AttrDict { .. } => quote!(&pr.op_attrs(self.0)),
        FormatElement::PropDict => quote!(&::ods_runtime::format::op_properties(ctx, ir, self.0)),
        FormatElement::String(text) => string_arg(text, "ctx")?,
        FormatElement::Type { arg, .. } => {
            let FormatElement::Operand(i) = **arg else {
                return Ok(None);
            };
            let range = info.group_range(false, i);
            match &op.operands[i].kind {
                VarKind::Single => quote!(ir.value_type(ir.operand(self.0, (#range).start))),
                VarKind::Optional => quote!(::ods_runtime::format::operands_in(ir, self.0, #range)
                    .first()
                    .map(|&v| ir.value_type(v))),
                VarKind::Variadic => quote!(&::ods_runtime::format::types_of(
                    ir,
                    &::ods_runtime::format::operands_in(ir, self.0, #range)
                )),
                VarKind::VariadicOfVariadic { segment_attr } => {
                    quote!(&::ods_runtime::format::nested_types(
                        ir,
                        &::ods_runtime::format::nested_operands_in(ctx, ir, self.0, #range, #segment_attr)
                    ))
                }
            }
        }
        FormatElement::Attribute { index, .. } => {
            let raw = suffixed(&op.attributes[*index].name, "_attr")?;
            quote!(self.#raw(ctx, ir))
        }
        FormatElement::Successor(i) => {
            let variadic = op.successors[*i].variadic;
            let idx = Literal::usize_unsuffixed(*i);
            let blocks = quote!(::ods_runtime::format::successors_in(ir, self.0, #idx, #variadic));
            if variadic {
                quote!(&#blocks)
            } else {
                quote!(#blocks.first().copied())
            }
        }
        _ => return Ok(None),
    }))
}

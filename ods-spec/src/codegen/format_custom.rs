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
//!
//! Both return nothing but the parser's `PResult<()>`. A missing function
//! is a compile error naming it.
//!
//! In: the directive's elements. Out: the call and the code that stores
//! what the parser read, or `None` for an argument not supported yet
//! (regions, `attr-dict`, strings and other `ref`s: the op then keeps the
//! generic form).

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
    Ok(Some(quote! {{
        let at = p.current_location();
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
    let mut call_args = Vec::new();
    for arg in args {
        let inner = match arg {
            FormatElement::Ref(inner) => &**inner,
            other => other,
        };
        let Some(value) = print_arg(info, inner)? else {
            return Ok(None);
        };
        call_args.push(value);
    }
    Ok(Some(quote! {
        #function(pr, self.0, #(#call_args),*);
    }))
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

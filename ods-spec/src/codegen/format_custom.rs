//! `custom<Name>(args)` in a declarative format: the generated parser
//! calls `parse_name(p, args...)` and the printer `print_name(pr, op,
//! args...)`, Rust functions the dialect writes in the module the
//! generated ops are included into (`Name` in snake case). The argument
//! types follow the ODS manual's table, in Rust (`'a` is the parser's
//! input lifetime):
//!
//! | argument | `parse_name` gets | `print_name` gets |
//! | --- | --- | --- |
//! | single or optional operand | `&mut Option<UnresolvedOperand<'a>>` | `Option<Value>` |
//! | variadic operand | `&mut Vec<UnresolvedOperand<'a>>` | `&[Value]` |
//! | variadic-of-variadic operand | `&mut Vec<Vec<UnresolvedOperand<'a>>>` | `&[Vec<Value>]` |
//! | `type` of a single operand | `&mut Option<Type>` | `Type` |
//! | `type` of an optional operand | `&mut Option<Type>` | `Option<Type>` |
//! | `type` of a variadic operand | `&mut Vec<Type>` | `&[Type]` |
//! | `type` of a variadic-of-variadic operand | `&mut Vec<Vec<Type>>` | `&[Vec<Type>]` |
//! | `type` of a single or optional result | `&mut Option<Type>` | `Type` / `Option<Type>` |
//! | `type` of a variadic result | `&mut Vec<Type>` | `&[Type]` |
//! | attribute or property | `&mut Option<Attribute>` | `Option<Attribute>` |
//! | single region | `&mut Option<RegionId>` | `Option<RegionId>` |
//! | variadic region | `&mut Vec<RegionId>` | `&[RegionId]` |
//! | single successor | `&mut Option<BlockId>` | `Option<BlockId>` |
//! | variadic successor | `&mut Vec<BlockId>` | `&[BlockId]` |
//! | `attr-dict` | `&mut Option<Attribute>` (a dictionary) | `&[NamedAttribute]` (every attribute) |
//! | `prop-dict` | `&mut Option<Attribute>` (read as `<{...}>` would be) | `&[NamedAttribute]` (every property) |
//! | `"$_ctxt"` | `ods_runtime::format::ParserContext` (lends `p`'s context) | `&Context` |
//! | `"$_builder"` | `ods_runtime::format::ParserBuilder` (lends a `TypeBuilder`) | `&Context` |
//! | `"text"` | the Rust expression `text` (`$_ctxt`: `p.ctx()`, `$_builder`: `TypeBuilder(p.ctx())`) | the same (`$_ctxt`, `$_builder`: `ctx`) |
//!
//! A `ref(...)` argument passes what an earlier element read, read-only;
//! the printer gets it as it gets a bound one:
//!
//! | `ref(...)` of | `parse_name` gets |
//! | --- | --- |
//! | single or optional operand | `Option<UnresolvedOperand<'a>>` |
//! | variadic operand, `operands` | `&[UnresolvedOperand<'a>]` |
//! | variadic-of-variadic operand | `&[Vec<UnresolvedOperand<'a>>]` |
//! | `type` of a single operand or result | `Type` |
//! | `type` of an optional or variadic operand or result | `&[Type]` |
//! | `type` of a variadic-of-variadic operand | `&[Vec<Type>]` |
//! | attribute or property | `Option<Attribute>` |
//! | single region / successor | `Option<RegionId>` / `Option<BlockId>` |
//! | variadic region, `regions` / successor, `successors` | `&[RegionId]` / `&[BlockId]` |
//! | `attr-dict` | `&[NamedAttribute]` (the dictionary read so far) |
//!
//! The parser returns `PResult<()>`; one that starts an optional group
//! returns `PResult<bool>` instead (MLIR's `OptionalParseResult`):
//! `Ok(false)` when its text is not there (the group is absent), `Ok(true)`
//! when it read it. The printer returns nothing. Each call goes through a
//! binding typed with the expected `fn` type, so a function of the wrong
//! shape is rustc's E0308 showing that type; a missing one meets the
//! placeholder `ops::custom_function_fallbacks` imports under its name and
//! gets the same error (docs/assembly-format.md). A region a parser leaves `None` is an empty region; an
//! `attr-dict` it reads is not checked for inherent attributes (as
//! mlir-tblgen's parsers: the verifier does).
//!
//! In: the directive's elements. Out: the call and the code that stores
//! what the parser read, or `None` for an argument not supported (the op
//! then keeps the generic form).

use proc_macro2::{Ident, Literal, TokenStream};
use quote::{format_ident, quote};

use super::op_info::rt::*;
use super::op_info::OpInfo;
use super::snippets::{snake_case, suffixed};
use crate::format::model::FormatElement;
use crate::model::VarKind;

/// Rust types the generated calls name.
mod ty {
    use proc_macro2::TokenStream;
    use quote::quote;

    use super::super::op_info::rt::*;

    pub(super) fn operand() -> TokenStream {
        quote!(#RT_MOD_IR::parser::ops::UnresolvedOperand<'a>)
    }
    pub(super) fn ty() -> TokenStream {
        quote!(#RT_TYPE)
    }
    pub(super) fn attr() -> TokenStream {
        quote!(#RT_ATTRIBUTE)
    }
    pub(super) fn region() -> TokenStream {
        quote!(#RT_REGION_ID)
    }
    pub(super) fn block() -> TokenStream {
        quote!(#RT_BLOCK_ID)
    }
    pub(super) fn value() -> TokenStream {
        quote!(#RT_VALUE)
    }
    pub(super) fn named() -> TokenStream {
        quote!(#RT_MOD_IR::NamedAttribute)
    }
    /// `Option<T>`, `Vec<T>` or `Vec<Vec<T>>` as `&mut`, for what a
    /// parser fills in.
    pub(super) fn out(shape: Shape, t: TokenStream) -> TokenStream {
        match shape {
            Shape::One => quote!(&mut #RT_OPTION<#t>),
            Shape::Many => quote!(&mut #RT_VEC<#t>),
            Shape::Nested => quote!(&mut #RT_VEC<#RT_VEC<#t>>),
        }
    }
    /// `Option<T>`, `&[T]` or `&[Vec<T>]`, for what is passed read-only.
    pub(super) fn read(shape: Shape, t: TokenStream) -> TokenStream {
        match shape {
            Shape::One => quote!(#RT_OPTION<#t>),
            Shape::Many => quote!(&[#t]),
            Shape::Nested => quote!(&[#RT_VEC<#t>]),
        }
    }

    /// How many values an argument stands for.
    #[derive(Clone, Copy)]
    pub(super) enum Shape {
        One,
        Many,
        Nested,
    }
}
use ty::Shape;

fn shape(kind: &VarKind) -> Shape {
    match kind {
        VarKind::Single | VarKind::Optional => Shape::One,
        VarKind::Variadic => Shape::Many,
        VarKind::VariadicOfVariadic { .. } => Shape::Nested,
    }
}

/// One argument of a generated `parse_name` call.
struct ParseArg {
    /// The statement binding its local (`None`: passed inline).
    local: TokenStream,
    /// What the call passes.
    pass: TokenStream,
    /// Its Rust type in the expected `fn` type (`_` for a string).
    ty: TokenStream,
    /// What stores the value read, after the call.
    store: TokenStream,
}

impl ParseArg {
    /// A local the parser fills in (`None` / empty first).
    fn filled(local: &Ident, shape: Shape, t: TokenStream, store: TokenStream) -> ParseArg {
        let init = match shape {
            Shape::One => quote!(None),
            Shape::Many | Shape::Nested => quote!(#RT_VEC::new()),
        };
        ParseArg {
            local: quote!(let mut #local = #init;),
            pass: quote!(&mut #local),
            ty: ty::out(shape, t),
            store,
        }
    }

    /// A read-only value computed before the call.
    fn passed(local: &Ident, value: TokenStream, by_ref: bool, ty: TokenStream) -> ParseArg {
        ParseArg {
            local: quote!(let #local = #value;),
            pass: if by_ref {
                quote!(&#local)
            } else {
                quote!(#local)
            },
            ty,
            store: quote!(),
        }
    }
}

/// The parser code of `custom<name>(args)`. With `leads_group` (the
/// directive is the first element of an optional group), the function
/// returns `PResult<bool>` and the code is an expression telling whether
/// the group is present; else it is a statement.
pub(super) fn custom_parser(
    info: &OpInfo,
    name: &str,
    args: &[FormatElement],
    leads_group: bool,
) -> Result<Option<TokenStream>, String> {
    let function = format_ident!("parse_{}", snake_case(name));
    let mut parsed = Vec::with_capacity(args.len());
    for (k, arg) in args.iter().enumerate() {
        let local = format_ident!("arg{}", k);
        let Some(a) = parse_arg(info, args, arg, &local)? else {
            return Ok(None);
        };
        parsed.push(a);
    }
    let locals = parsed.iter().map(|a| &a.local);
    let pass = parsed.iter().map(|a| &a.pass);
    let types = parsed.iter().map(|a| &a.ty);
    let stores = parsed.iter().map(|a| &a.store);
    // Where operand groups read by the directive are resolved from.
    let reads_operands = args.iter().any(|a| matches!(a, FormatElement::Operand(_)));
    let at = reads_operands.then(|| quote!(let at = p.current_location();));
    let parser = quote!(&mut #RT_MOD_IR::parser::ops::OpAsmParser<'a>);
    let result = match leads_group {
        true => quote!(#RT_MOD_IR::parser::PResult<bool>),
        false => quote!(#RT_MOD_IR::parser::PResult<()>),
    };
    // Typed, so that a function of another shape is an error showing the
    // expected one.
    let binding = quote! {
        #[allow(clippy::type_complexity)]
        let custom_fn: fn(#parser, #(#types),*) -> #result = #function;
    };
    if leads_group {
        return Ok(Some(quote! {{
            #at
            #(#locals)*
            #binding
            let present = custom_fn(p, #(#pass),*)?;
            if present {
                #(#stores)*
            }
            present
        }}));
    }
    Ok(Some(quote! {{
        #at
        #(#locals)*
        #binding
        custom_fn(p, #(#pass),*)?;
        #(#stores)*
    }}))
}

/// One argument of the parser call (`None`: not supported).
fn parse_arg(
    info: &OpInfo,
    args: &[FormatElement],
    arg: &FormatElement,
    local: &Ident,
) -> Result<Option<ParseArg>, String> {
    let op = info.op;
    Ok(Some(match arg {
        FormatElement::Operand(i) => {
            let idx = Literal::usize_unsuffixed(*i);
            let kind = &op.operands[*i].kind;
            let store = match kind {
                VarKind::Single | VarKind::Optional => {
                    quote!(s.set_operands(#idx, #local.into_iter().collect(), at);)
                }
                VarKind::Variadic => quote!(s.set_operands(#idx, #local, at);),
                VarKind::VariadicOfVariadic { segment_attr } => {
                    // Stored with its types (the `type(...)` argument).
                    let Some(types) = nested_types_local(args, *i) else {
                        return Ok(None);
                    };
                    quote!(s.set_nested_operands(#idx, #segment_attr, #local, #types, at);)
                }
            };
            ParseArg::filled(local, shape(kind), ty::operand(), store)
        }
        FormatElement::Type { arg: inner, .. } => {
            let (slot, kind) = match **inner {
                FormatElement::Operand(i) => {
                    let idx = Literal::usize_unsuffixed(i);
                    (quote!(TypeSlot::Operand(#idx)), &op.operands[i].kind)
                }
                FormatElement::Result(i) => {
                    if matches!(op.results[i].kind, VarKind::VariadicOfVariadic { .. }) {
                        return Ok(None);
                    }
                    let idx = Literal::usize_unsuffixed(i);
                    (quote!(TypeSlot::Result(#idx)), &op.results[i].kind)
                }
                _ => return Ok(None),
            };
            let store = match kind {
                VarKind::Single | VarKind::Optional => {
                    quote!(s.set_types(#slot, #local.into_iter().collect());)
                }
                VarKind::Variadic => quote!(s.set_types(#slot, #local);),
                // Stored with the operands.
                VarKind::VariadicOfVariadic { .. } => quote!(),
            };
            ParseArg::filled(local, shape(kind), ty::ty(), store)
        }
        FormatElement::Attribute { index, .. } => {
            let idx = Literal::usize_unsuffixed(*index);
            let store = quote!(if let Some(attr) = #local { s.set_attr(#idx, attr); });
            ParseArg::filled(local, Shape::One, ty::attr(), store)
        }
        FormatElement::Region(i) => {
            let idx = Literal::usize_unsuffixed(*i);
            let (shape, store) = match op.regions[*i].variadic {
                true => (Shape::Many, quote!(s.set_regions(#idx, #local);)),
                false => (
                    Shape::One,
                    quote!(if let Some(r) = #local { s.set_regions(#idx, vec![r]); }),
                ),
            };
            ParseArg::filled(local, shape, ty::region(), store)
        }
        FormatElement::Successor(i) => {
            let idx = Literal::usize_unsuffixed(*i);
            let (shape, store) = match op.successors[*i].variadic {
                true => (Shape::Many, quote!(s.set_successors(#idx, #local);)),
                false => (
                    Shape::One,
                    quote!(s.set_successors(#idx, #local.into_iter().collect());),
                ),
            };
            ParseArg::filled(local, shape, ty::block(), store)
        }
        FormatElement::AttrDict { .. } => {
            let store = quote!(s.set_attr_dict(#local););
            ParseArg::filled(local, Shape::One, ty::attr(), store)
        }
        FormatElement::PropDict => {
            // Checked only when the directive read one (as when its C++
            // twin calls `parseProperties`).
            let name = &op.full_name;
            let store = quote! {
                if #local.is_some() {
                    #RT_MOD_FORMAT::check_prop_dict(p, #name, #local, prop_entries)?;
                }
                prop_dict = #local;
            };
            ParseArg::filled(local, Shape::One, ty::attr(), store)
        }
        FormatElement::String(text) => {
            let value = string_arg(text, Side::Parser, "p.ctx()")?;
            ParseArg::passed(local, value, false, quote!(_))
        }
        FormatElement::Ref(inner) => return ref_arg(info, inner, local),
        _ => return Ok(None),
    }))
}

/// A `ref(...)` argument of the parser call: what was read before.
fn ref_arg(
    info: &OpInfo,
    inner: &FormatElement,
    local: &Ident,
) -> Result<Option<ParseArg>, String> {
    let op = info.op;
    let k = |i: usize| Literal::usize_unsuffixed(i);
    // A slice the state lends is passed as it is; a list built for the
    // call (`Vec`) by reference.
    let lent = |value, shape, t| ParseArg::passed(local, value, false, ty::read(shape, t));
    let built = |value, shape, t| ParseArg::passed(local, value, true, ty::read(shape, t));
    Ok(Some(match inner {
        FormatElement::Operand(i) => {
            let idx = k(*i);
            match &op.operands[*i].kind {
                VarKind::Single | VarKind::Optional => lent(
                    quote!(s.operands_of(#idx).first().copied()),
                    Shape::One,
                    ty::operand(),
                ),
                VarKind::Variadic => lent(quote!(s.operands_of(#idx)), Shape::Many, ty::operand()),
                VarKind::VariadicOfVariadic { segment_attr } => built(
                    quote!(s.nested_operands_of(#idx, #segment_attr)),
                    Shape::Nested,
                    ty::operand(),
                ),
            }
        }
        FormatElement::Operands => lent(quote!(s.all_operands_read()), Shape::Many, ty::operand()),
        FormatElement::Type { arg, .. } => {
            let (slot, kind) = match **arg {
                FormatElement::Operand(i) => {
                    let idx = k(i);
                    (quote!(TypeSlot::Operand(#idx)), Some(&op.operands[i].kind))
                }
                FormatElement::Result(i) => {
                    let idx = k(i);
                    (quote!(TypeSlot::Result(#idx)), Some(&op.results[i].kind))
                }
                FormatElement::Operands => (quote!(TypeSlot::AllOperands), None),
                FormatElement::Results => (quote!(TypeSlot::AllResults), None),
                _ => return Ok(None),
            };
            match (kind, &**arg) {
                (Some(VarKind::Single), FormatElement::Operand(i)) => {
                    let idx = k(*i);
                    let value = quote!(s.operand_type(p, #idx)?);
                    ParseArg::passed(local, value, false, ty::ty())
                }
                (Some(VarKind::Single), FormatElement::Result(i)) => {
                    let idx = k(*i);
                    let value = quote!(s.result_type(p, #idx)?);
                    ParseArg::passed(local, value, false, ty::ty())
                }
                (Some(VarKind::VariadicOfVariadic { segment_attr }), FormatElement::Operand(i)) => {
                    let idx = k(*i);
                    let value = quote!(s.nested_types_of(#idx, #segment_attr));
                    built(value, Shape::Nested, ty::ty())
                }
                (Some(VarKind::VariadicOfVariadic { .. }), _) => return Ok(None),
                _ => built(quote!(s.types_of(#slot)), Shape::Many, ty::ty()),
            }
        }
        FormatElement::Attribute { index, .. } => {
            let idx = k(*index);
            lent(quote!(s.attr(#idx)), Shape::One, ty::attr())
        }
        FormatElement::Region(i) => {
            let idx = k(*i);
            match op.regions[*i].variadic {
                true => lent(quote!(s.regions_of(#idx)), Shape::Many, ty::region()),
                false => lent(
                    quote!(s.regions_of(#idx).first().copied()),
                    Shape::One,
                    ty::region(),
                ),
            }
        }
        FormatElement::Regions => lent(quote!(s.all_regions_read()), Shape::Many, ty::region()),
        FormatElement::Successor(i) => {
            let idx = k(*i);
            match op.successors[*i].variadic {
                true => lent(quote!(s.successors_of(#idx)), Shape::Many, ty::block()),
                false => lent(
                    quote!(s.successors_of(#idx).first().copied()),
                    Shape::One,
                    ty::block(),
                ),
            }
        }
        // `successors` reads every successor into group 0.
        FormatElement::Successors => lent(quote!(s.successors_of(0)), Shape::Many, ty::block()),
        FormatElement::AttrDict { .. } => {
            let value = quote!(s.attr_dict_entries(p.ctx()));
            ParseArg::passed(local, value, true, ty::read(Shape::Many, ty::named()))
        }
        _ => return Ok(None),
    }))
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
    let function = format_ident!("print_{}", snake_case(name));
    let mut locals = Vec::new();
    let mut call_args = Vec::new();
    let mut types = Vec::new();
    for (k, arg) in args.iter().enumerate() {
        let inner = match arg {
            FormatElement::Ref(inner) => &**inner,
            other => other,
        };
        let Some((value, ty)) = print_arg(info, inner)? else {
            return Ok(None);
        };
        // Bound first: the call borrows the printer.
        let local = format_ident!("arg{}", k);
        locals.push(quote!(let #local = #value;));
        call_args.push(local);
        types.push(ty);
    }
    let printer = quote!(&mut #RT_MOD_IR::printer::ops::OpAsmPrinter<'_, '_>);
    Ok(Some(quote! {{
        #(#locals)*
        #[allow(clippy::type_complexity)]
        let custom_fn: fn(#printer, #RT_OP_ID, #(#types),*) = #function;
        custom_fn(pr, self.0, #(#call_args),*);
    }}))
}

/// Which generated function a string argument is passed from.
#[derive(Clone, Copy)]
pub(super) enum Side {
    /// A parser, whose `p` holds the only `&mut Context`.
    Parser,
    /// A printer, with the context shared.
    Printer,
}

/// A string argument (Rust code) as an expression, for op and
/// attribute/type formats alike; `ctx` is the context expression in scope
/// (`p.ctx()` in parsers). The ODS manual's `"$_ctxt"` and `"$_builder"`,
/// written as the whole argument, are passed to a parser as the handles
/// `ods_runtime::format::ParserContext` / `ParserBuilder` (the context is
/// borrowed through the parser, which the function also gets) and to a
/// printer as the context itself. Inside a longer expression, evaluated
/// before the call, `$_ctxt` is `ctx` and `$_builder` the `TypeBuilder`
/// over it (a printer's context cannot make types: `ctx`).
pub(super) fn string_arg(text: &str, side: Side, ctx: &str) -> Result<TokenStream, String> {
    match (text.trim(), side) {
        ("$_ctxt", Side::Parser) => return Ok(quote!(#RT_MOD_FORMAT::ParserContext::NEW)),
        ("$_builder", Side::Parser) => return Ok(quote!(#RT_MOD_FORMAT::ParserBuilder::NEW)),
        _ => {}
    }
    let builder = match side {
        Side::Parser => format!("::ods_runtime::types::TypeBuilder({ctx})"),
        Side::Printer => ctx.to_string(),
    };
    let text =
        super::snippets::substitute(text, &[("$_ctxt", ctx), ("$_builder", &builder)], &|_| None)?;
    super::snippets::code(&text, "custom directive string argument")
}

/// One argument of the printer call and its type (`None`: not supported).
fn print_arg(
    info: &OpInfo,
    arg: &FormatElement,
) -> Result<Option<(TokenStream, TokenStream)>, String> {
    let op = info.op;
    let value_of = |kind: &VarKind| ty::read(shape(kind), ty::value());
    Ok(Some(match arg {
        FormatElement::Operand(i) => {
            let range = info.group_range(false, *i);
            let kind = &op.operands[*i].kind;
            let value = match kind {
                VarKind::Single | VarKind::Optional => {
                    quote!(#RT_MOD_FORMAT::operands_in(ir, self.0, #range).first().copied())
                }
                VarKind::Variadic => {
                    quote!(&#RT_MOD_FORMAT::operands_in(ir, self.0, #range))
                }
                VarKind::VariadicOfVariadic { segment_attr } => quote!(
                    &#RT_MOD_FORMAT::nested_operands_in(ctx, ir, self.0, #range, #segment_attr)
                ),
            };
            (value, value_of(kind))
        }
        FormatElement::Operands => (
            quote!(&ir.operands(self.0).collect::<#RT_VEC<_>>()),
            ty::read(Shape::Many, ty::value()),
        ),
        FormatElement::Type { arg, .. } => return Ok(type_print_arg(info, arg)),
        FormatElement::Region(i) => {
            let regions = super::format_region::regions_of(info, *i);
            match op.regions[*i].variadic {
                true => (quote!(&#regions), ty::read(Shape::Many, ty::region())),
                false => (
                    quote!(#regions.first().copied()),
                    ty::read(Shape::One, ty::region()),
                ),
            }
        }
        FormatElement::Regions => (
            quote!(ir.regions(self.0)),
            ty::read(Shape::Many, ty::region()),
        ),
        FormatElement::AttrDict { .. } => (
            quote!(&pr.op_attrs(self.0)),
            ty::read(Shape::Many, ty::named()),
        ),
        FormatElement::PropDict => (
            quote!(&#RT_MOD_FORMAT::op_properties(ctx, ir, self.0)),
            ty::read(Shape::Many, ty::named()),
        ),
        FormatElement::String(text) => (string_arg(text, Side::Printer, "ctx")?, quote!(_)),
        FormatElement::Attribute { index, .. } => {
            let raw = suffixed(&op.attributes[*index].name, "_attr")?;
            (quote!(self.#raw(ctx, ir)), ty::read(Shape::One, ty::attr()))
        }
        FormatElement::Successor(i) => {
            let variadic = op.successors[*i].variadic;
            let idx = Literal::usize_unsuffixed(*i);
            let blocks = quote!(#RT_MOD_FORMAT::successors_in(ir, self.0, #idx, #variadic));
            match variadic {
                true => (quote!(&#blocks), ty::read(Shape::Many, ty::block())),
                false => (
                    quote!(#blocks.first().copied()),
                    ty::read(Shape::One, ty::block()),
                ),
            }
        }
        FormatElement::Successors => (
            quote!(&ir.successors(self.0).collect::<#RT_VEC<_>>()),
            ty::read(Shape::Many, ty::block()),
        ),
        _ => return Ok(None),
    }))
}

/// `type(...)` of an operand or result (or all of them) as the printer
/// passes it, and its type.
fn type_print_arg(info: &OpInfo, arg: &FormatElement) -> Option<(TokenStream, TokenStream)> {
    let op = info.op;
    let t = ty::ty();
    let (kind, range, results) = match *arg {
        FormatElement::Operand(i) => (&op.operands[i].kind, info.group_range(false, i), false),
        FormatElement::Result(i) => (&op.results[i].kind, info.group_range(true, i), true),
        FormatElement::Operands => {
            let types = quote!(&#RT_MOD_FORMAT::types_of(
                ir,
                &ir.operands(self.0).collect::<#RT_VEC<_>>()
            ));
            return Some((types, ty::read(Shape::Many, t)));
        }
        FormatElement::Results => {
            let types = quote!(&#RT_MOD_FORMAT::types_of(
                ir,
                &ir.results(self.0).collect::<#RT_VEC<_>>()
            ));
            return Some((types, ty::read(Shape::Many, t)));
        }
        _ => return None,
    };
    let values = match results {
        true => quote!(#RT_MOD_FORMAT::results_in(ir, self.0, #range)),
        false => quote!(#RT_MOD_FORMAT::operands_in(ir, self.0, #range)),
    };
    Some(match kind {
        VarKind::Single => {
            let value = match results {
                true => quote!(ir.result(self.0, (#range).start)),
                false => quote!(ir.operand(self.0, (#range).start)),
            };
            (quote!(ir.value_type(#value)), t)
        }
        VarKind::Optional => (
            quote!(#values.first().map(|&v| ir.value_type(v))),
            quote!(#RT_OPTION<#t>),
        ),
        VarKind::Variadic => (
            quote!(&#RT_MOD_FORMAT::types_of(ir, &#values)),
            ty::read(Shape::Many, t),
        ),
        VarKind::VariadicOfVariadic { segment_attr } if !results => (
            quote!(&#RT_MOD_FORMAT::nested_types(
                ir,
                &#RT_MOD_FORMAT::nested_operands_in(ctx, ir, self.0, #range, #segment_attr)
            )),
            ty::read(Shape::Nested, t),
        ),
        VarKind::VariadicOfVariadic { .. } => return None,
    })
}

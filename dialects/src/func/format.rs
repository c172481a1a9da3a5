//! `func.func`'s custom assembly form (its spec says
//! `hasCustomAssemblyFormat`), read and written as `mlir-opt` does:
//!
//! ```text
//! func.func (public|private|nested)? @name(%arg0: i32 {attrs} loc(...), ...)
//!     -> (i32 {attrs}, ...) attributes {...} { body }
//! ```
//!
//! A declaration has no body and lists only argument types
//! (`func.func private @f(i32, f32 {attrs}) -> i64`).
//!
//! In: the tokens after `func.func` (parser) or a `func.func` op (printer).
//! Out: the op's state, with `sym_name`, `function_type`, `sym_visibility`,
//! `arg_attrs`, `res_attrs` and `no_inline` in its properties and every
//! other attribute in its discardable dictionary (as MLIR 22 stores them),
//! or the text.

use ir::lexer::TokenKind;
use ir::parser::ops::{OpParser, RegionArgument};
use ir::parser::PResult;
use ir::printer::ops::OpPrinter;
use ir::{AttrKind, Attribute, Context, NamedAttribute, OpId, OperationState, Type, TypeKind};

/// The attributes `func.func` declares (its properties); the rest of the
/// `attributes {...}` dictionary is discardable.
const INHERENT: [&str; 6] = [
    "sym_name",
    "function_type",
    "sym_visibility",
    "arg_attrs",
    "res_attrs",
    "no_inline",
];

/// Attributes the signature already says; `attributes {...}` may not
/// repeat them (checked in this order, as mlir-opt does).
const INFERRED: [&str; 3] = ["sym_visibility", "sym_name", "function_type"];

/// What the printer leaves out of `attributes {...}`: it wrote them in the
/// signature.
const ELIDED: [&str; 5] = [
    "sym_name",
    "sym_visibility",
    "function_type",
    "arg_attrs",
    "res_attrs",
];

const OP_NAME: &str = "func.func";

/// One parsed argument: named (`%a: i32 {...}`) or a bare type.
struct SignatureArg<'a> {
    named: Option<RegionArgument<'a>>,
    ty: Type,
    attrs: Option<Attribute>,
}

/// Parses `func.func`'s custom form after the op name.
pub fn parse_func_op(p: &mut OpParser<'_>, state: &mut OperationState) -> PResult<()> {
    let mut props: Vec<(&str, Attribute)> = Vec::new();
    for visibility in ["public", "private", "nested"] {
        if p.p.at_keyword(visibility) {
            p.p.bump();
            props.push(("sym_visibility", p.p.ctx.string_attr(visibility.as_bytes())));
            break;
        }
    }
    if !p.p.at(TokenKind::AtIdent) {
        return custom_error(
            p,
            p.p.tok().start,
            "expected valid '@'-identifier for symbol name",
        );
    }
    let name = p.parse_symbol_name()?;
    props.push(("sym_name", p.p.ctx.string_attr(&name)));

    let args = parse_argument_list(p)?;
    let mut results: Vec<(Type, Option<Attribute>)> = Vec::new();
    if p.p.eat(TokenKind::Arrow) {
        parse_result_list(p, &mut results)?;
    }
    let inputs: Vec<Type> = args.iter().map(|a| a.ty).collect();
    let outputs: Vec<Type> = results.iter().map(|r| r.0).collect();
    let function_type = p.p.ctx.function_type(&inputs, &outputs);
    props.push(("function_type", p.p.ctx.type_attr(function_type)));

    let mut discardable = Vec::new();
    let attrs_at = p.p.tok().start;
    if p.p.eat_keyword("attributes") {
        if !p.p.at(TokenKind::LBrace) {
            return p.p.err_wrong_token("expected '{' in attribute dictionary");
        }
        let dict = p.parse_attr_dict_value()?;
        let entries = dict_entries(p.p.ctx, Some(dict));
        for inferred in INFERRED {
            if entries.iter().any(|e| p.p.ctx.str(e.name) == inferred) {
                return custom_error(
                    p,
                    attrs_at,
                    &format!(
                        "'{inferred}' is an inferred attribute and should not be specified in the explicit attribute dictionary"
                    ),
                );
            }
        }
        for e in entries {
            let key = p.p.ctx.str(e.name);
            match INHERENT.iter().find(|&&n| n == key) {
                Some(&inherent) => props.push((inherent, e.value)),
                None => discardable.push(e),
            }
        }
    }
    // Per-argument and per-result dictionaries become one array each when
    // any of them is non-empty.
    let arg_attrs: Vec<Option<Attribute>> = args.iter().map(|a| a.attrs).collect();
    if let Some(array) = attr_array(p.p.ctx, &arg_attrs) {
        set(&mut props, "arg_attrs", array);
    }
    let res_attrs: Vec<Option<Attribute>> = results.iter().map(|r| r.1).collect();
    if let Some(array) = attr_array(p.p.ctx, &res_attrs) {
        set(&mut props, "res_attrs", array);
    }

    if p.p.at(TokenKind::LBrace) {
        let body_at = p.p.tok().start;
        let traits = p.registry.traits(state.name);
        let func_dialect = p.p.ctx.ident("func");
        let named: Vec<RegionArgument<'_>> = args.iter().filter_map(|a| a.named).collect();
        let region = p.parse_region_with_arguments(traits, Some(func_dialect), &named)?;
        if p.ir.region_is_empty(region) {
            return custom_error(p, body_at, "expected non-empty function body");
        }
        state.regions.push(region);
    } else {
        // A declaration still has its (empty) region.
        state.regions.push(p.ir.create_region());
    }

    let props: Vec<NamedAttribute> = props
        .into_iter()
        .map(|(name, value)| NamedAttribute {
            name: p.p.ctx.ident(name),
            value,
        })
        .collect();
    state.props = Some(p.p.ctx.dictionary_attr(props));
    if !discardable.is_empty() {
        state.attrs = Some(p.p.ctx.dictionary_attr(discardable));
    }
    Ok(())
}

/// `(` (named-arg (`,` named-arg)* | type-arg (`,` type-arg)*)? `)`: all
/// arguments named or none.
fn parse_argument_list<'a>(p: &mut OpParser<'a>) -> PResult<Vec<SignatureArg<'a>>> {
    let mut args: Vec<SignatureArg<'a>> = Vec::new();
    p.p.expect(TokenKind::LParen, "'('")?;
    if p.p.eat(TokenKind::RParen) {
        return Ok(args);
    }
    loop {
        let at = p.p.tok().start;
        if p.p.at(TokenKind::PercentIdent) {
            if args.last().is_some_and(|a| a.named.is_none()) {
                return custom_error(p, at, "expected type instead of SSA identifier");
            }
            let tok = p.p.bump();
            p.p.expect(TokenKind::Colon, "':'")?;
            let ty = p.parse_type_cached()?;
            let attrs = p.parse_optional_attr_dict()?;
            let mut arg = RegionArgument {
                name: p.p.text(tok),
                offset: tok.start,
                ty,
                loc: p.loc_at(tok.start),
                loc_alias: None,
            };
            p.parse_optional_argument_location(&mut arg)?;
            args.push(SignatureArg {
                named: Some(arg),
                ty,
                attrs,
            });
        } else {
            if args.last().is_some_and(|a| a.named.is_some()) {
                return custom_error(p, at, "expected SSA identifier");
            }
            let ty = p.parse_type_cached()?;
            let attrs = p.parse_optional_attr_dict()?;
            // A declaration's arguments have no block to carry a location.
            let mut unused = RegionArgument {
                name: b"",
                offset: at,
                ty,
                loc: p.loc_at(at),
                loc_alias: None,
            };
            p.parse_optional_argument_location(&mut unused)?;
            args.push(SignatureArg {
                named: None,
                ty,
                attrs,
            });
        }
        if !p.p.eat(TokenKind::Comma) {
            break;
        }
    }
    p.p.expect(TokenKind::RParen, "')'")?;
    Ok(args)
}

/// After `->`: one type, or `(` (type attr-dict? (`,` ...)*)? `)`.
fn parse_result_list(
    p: &mut OpParser<'_>,
    results: &mut Vec<(Type, Option<Attribute>)>,
) -> PResult<()> {
    if !p.p.eat(TokenKind::LParen) {
        // Without a `(` this cannot be a function type.
        let ty = p.parse_type_cached()?;
        results.push((ty, None));
        return Ok(());
    }
    if p.p.eat(TokenKind::RParen) {
        return Ok(());
    }
    loop {
        let ty = p.parse_type_cached()?;
        let attrs = p.parse_optional_attr_dict()?;
        results.push((ty, attrs));
        if !p.p.eat(TokenKind::Comma) {
            break;
        }
    }
    p.p.expect(TokenKind::RParen, "')'")?;
    Ok(())
}

/// An error worded as MLIR's custom-op parser reports it.
fn custom_error<T>(p: &mut OpParser<'_>, at: u32, message: &str) -> PResult<T> {
    p.p.err_at(at, format!("custom op '{OP_NAME}' {message}"))
}

/// `[{...}, {}, ...]` when any dictionary is non-empty, else `None`.
fn attr_array(ctx: &mut Context, dicts: &[Option<Attribute>]) -> Option<Attribute> {
    if dicts.iter().all(|d| d.is_none()) {
        return None;
    }
    let empty = ctx.dictionary_attr(Vec::new());
    let elements: Vec<Attribute> = dicts.iter().map(|d| d.unwrap_or(empty)).collect();
    Some(ctx.array_attr(&elements))
}

/// Sets `name` in `props`, replacing an earlier value.
fn set<'n>(props: &mut Vec<(&'n str, Attribute)>, name: &'n str, value: Attribute) {
    props.retain(|(n, _)| *n != name);
    props.push((name, value));
}

fn dict_entries(ctx: &Context, dict: Option<Attribute>) -> Vec<NamedAttribute> {
    match dict.map(|d| ctx.attr_kind(d)) {
        Some(AttrKind::Dictionary(entries)) => entries.to_vec(),
        _ => Vec::new(),
    }
}

fn lookup(ctx: &Context, dict: Option<Attribute>, name: &str) -> Option<Attribute> {
    dict_entries(ctx, dict)
        .into_iter()
        .find(|e| ctx.str(e.name) == name)
        .map(|e| e.value)
}

/// Element `i` of an `arg_attrs`/`res_attrs` array, when it is a
/// dictionary.
fn nth_dict(ctx: &Context, array: Option<Attribute>, i: usize) -> Option<Attribute> {
    match array.map(|a| ctx.attr_kind(a)) {
        Some(AttrKind::Array(elements)) => elements.get(i).copied(),
        _ => None,
    }
}

/// Prints `func.func`'s custom form after the op name.
pub fn print_func_op(pr: &mut OpPrinter<'_, '_>, op: OpId) {
    let ctx = pr.p.ctx;
    let ir = pr.ir;
    let props = ir.props(op);
    let attrs = ir.attrs(op);
    // Inherent attributes live in the properties; generic IR written for
    // older MLIR may still have them in the attribute dictionary.
    let inherent = |name: &str| lookup(ctx, props, name).or_else(|| lookup(ctx, attrs, name));

    pr.p.push(" ");
    if let Some(v) = inherent("sym_visibility") {
        if let AttrKind::String { value, .. } = ctx.attr_kind(v) {
            pr.p.push(&String::from_utf8_lossy(value));
            pr.p.push(" ");
        }
    }
    pr.p.push("@");
    if let Some(name) = inherent("sym_name") {
        if let AttrKind::String { value, .. } = ctx.attr_kind(name) {
            ir::printer::ops::print_symbol_name(&mut pr.p.out, value);
        }
    }

    let (inputs, outputs): (Vec<Type>, Vec<Type>) =
        match inherent("function_type").map(|t| ctx.attr_kind(t)) {
            Some(AttrKind::Type(t)) => match ctx.type_kind(*t) {
                TypeKind::Function { inputs, results } => (inputs.to_vec(), results.to_vec()),
                _ => (Vec::new(), Vec::new()),
            },
            _ => (Vec::new(), Vec::new()),
        };
    let arg_attrs = inherent("arg_attrs");
    let res_attrs = inherent("res_attrs");
    let body = (ir.num_regions(op) > 0).then(|| ir.region(op, 0));
    let entry = body.and_then(|r| ir.first_block(r));

    pr.p.push("(");
    for (i, &ty) in inputs.iter().enumerate() {
        if i > 0 {
            pr.p.push(", ");
        }
        let arg_dict = nth_dict(ctx, arg_attrs, i);
        match entry.filter(|&b| i < ir.num_arguments(b)) {
            Some(block) => {
                let arg = ir.argument(block, i);
                pr.print_value(arg);
                pr.p.push(": ");
                pr.print_type(ir.value_type(arg));
                pr.print_attr_dict(arg_dict, &[]);
                pr.print_argument_loc(ir.argument_loc(block, i));
            }
            None => {
                pr.print_type(ty);
                pr.print_attr_dict(arg_dict, &[]);
            }
        }
    }
    pr.p.push(")");

    if !outputs.is_empty() {
        pr.p.push(" -> ");
        let first_has_attrs = !dict_entries(ctx, nth_dict(ctx, res_attrs, 0)).is_empty();
        let parens = outputs.len() > 1
            || matches!(ctx.type_kind(outputs[0]), TypeKind::Function { .. })
            || first_has_attrs;
        if parens {
            pr.p.push("(");
        }
        for (i, &ty) in outputs.iter().enumerate() {
            if i > 0 {
                pr.p.push(", ");
            }
            pr.print_type(ty);
            pr.print_attr_dict(nth_dict(ctx, res_attrs, i), &[]);
        }
        if parens {
            pr.p.push(")");
        }
    }

    // Discardable and inherent attributes together, sorted by name, minus
    // what the signature showed.
    let mut shown: Vec<NamedAttribute> = dict_entries(ctx, attrs);
    for e in dict_entries(ctx, props) {
        if !shown.iter().any(|s| s.name == e.name) {
            shown.push(e);
        }
    }
    shown.retain(|e| !ELIDED.contains(&ctx.str(e.name)));
    shown.sort_by(|a, b| ctx.str(a.name).cmp(ctx.str(b.name)));
    if !shown.is_empty() {
        pr.p.push(" attributes ");
        pr.p.print_attr_dict(&shown);
    }

    if let Some(region) = body.filter(|&r| !ir.region_is_empty(r)) {
        pr.p.push(" ");
        pr.print_region(region, false);
    }
}

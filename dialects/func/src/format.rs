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

use ir::parser::ops::{Argument, OpAsmParser};
use ir::parser::PResult;
use ir::printer::ops::OpAsmPrinter;
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

/// Parses `func.func`'s custom form after the op name.
pub fn parse_func_op(p: &mut OpAsmParser<'_>, state: &mut OperationState) -> PResult<()> {
    let mut props: Vec<(&str, Attribute)> = Vec::new();
    if let Some(visibility) = p.parse_optional_keyword_of(&["public", "private", "nested"]) {
        let value = p.ctx().string_attr(visibility.as_bytes());
        props.push(("sym_visibility", value));
    }
    let name = p.parse_symbol_name()?;
    props.push(("sym_name", name));

    let args = parse_argument_list(p)?;
    let mut results: Vec<(Type, Option<Attribute>)> = Vec::new();
    if p.parse_optional_arrow() {
        parse_result_list(p, &mut results)?;
    }
    let inputs: Vec<Type> = args.iter().map(|a| a.ty).collect();
    let outputs: Vec<Type> = results.iter().map(|r| r.0).collect();
    let function_type = p.ctx().function_type(&inputs, &outputs);
    let function_type = p.ctx().type_attr(function_type);
    props.push(("function_type", function_type));

    let mut discardable = Vec::new();
    let attrs_at = p.current_location();
    if let Some(dict) = p.parse_optional_attr_dict_with_keyword()? {
        let entries = dict_entries(p.ctx(), Some(dict));
        for inferred in INFERRED {
            if entries.iter().any(|e| p.ctx().str(e.name) == inferred) {
                return p.emit_error(
                    attrs_at,
                    format!(
                        "'{inferred}' is an inferred attribute and should not be specified in the explicit attribute dictionary"
                    ),
                );
            }
        }
        for e in entries {
            let key = p.ctx().str(e.name);
            match INHERENT.iter().find(|&&n| n == key) {
                Some(&inherent) => props.push((inherent, e.value)),
                None => discardable.push(e),
            }
        }
    }
    // Per-argument and per-result dictionaries become one array each when
    // any of them is non-empty.
    let arg_attrs: Vec<Option<Attribute>> = args.iter().map(|a| a.attrs).collect();
    if let Some(array) = attr_array(p.ctx(), &arg_attrs) {
        set(&mut props, "arg_attrs", array);
    }
    let res_attrs: Vec<Option<Attribute>> = results.iter().map(|r| r.1).collect();
    if let Some(array) = attr_array(p.ctx(), &res_attrs) {
        set(&mut props, "res_attrs", array);
    }

    let body_at = p.current_location();
    match p.parse_optional_region(&args)? {
        Some(region) => {
            if p.ir().region_is_empty(region) {
                return p.emit_error(body_at, "expected non-empty function body");
            }
            state.regions.push(region);
        }
        // A declaration still has its (empty) region.
        None => state.regions.push(p.new_region()),
    }

    let props: Vec<NamedAttribute> = props
        .into_iter()
        .map(|(name, value)| NamedAttribute {
            name: p.ctx().ident(name),
            value,
        })
        .collect();
    state.props = Some(p.ctx().dictionary_attr(props));
    if !discardable.is_empty() {
        state.attrs = Some(p.ctx().dictionary_attr(discardable));
    }
    Ok(())
}

/// `(` (named-arg (`,` named-arg)* | type-arg (`,` type-arg)*)? `)`: all
/// arguments named or none (MLIR's `parseFunctionArgumentList`).
fn parse_argument_list<'a>(p: &mut OpAsmParser<'a>) -> PResult<Vec<Argument<'a>>> {
    let mut args: Vec<Argument<'a>> = Vec::new();
    p.parse_lparen()?;
    if p.parse_optional_rparen() {
        return Ok(args);
    }
    loop {
        let at = p.current_location();
        match p.parse_optional_argument(true, true)? {
            Some(arg) => {
                if args.last().is_some_and(|a| !a.has_name()) {
                    return p.emit_error(arg.location(), "expected type instead of SSA identifier");
                }
                args.push(arg);
            }
            None => {
                if args.last().is_some_and(|a| a.has_name()) {
                    return p.emit_error(at, "expected SSA identifier");
                }
                let ty = p.parse_type()?;
                let mut arg = Argument::unnamed(ty, at);
                arg.attrs = p.parse_optional_attr_dict()?;
                p.parse_optional_location_specifier(&mut arg)?;
                args.push(arg);
            }
        }
        if !p.parse_optional_comma() {
            break;
        }
    }
    p.parse_rparen()?;
    Ok(args)
}

/// After `->`: one type, or `(` (type attr-dict? (`,` ...)*)? `)` (MLIR's
/// `parseFunctionResultList`).
fn parse_result_list(
    p: &mut OpAsmParser<'_>,
    results: &mut Vec<(Type, Option<Attribute>)>,
) -> PResult<()> {
    if !p.parse_optional_lparen() {
        // Without a `(` this cannot be a function type.
        let ty = p.parse_type()?;
        results.push((ty, None));
        return Ok(());
    }
    if p.parse_optional_rparen() {
        return Ok(());
    }
    loop {
        let ty = p.parse_type()?;
        let attrs = p.parse_optional_attr_dict()?;
        results.push((ty, attrs));
        if !p.parse_optional_comma() {
            break;
        }
    }
    p.parse_rparen()
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

/// Prints `func.func`'s custom form after the op name (MLIR's
/// `function_interface_impl::printFunctionOp`).
pub fn print_func_op(pr: &mut OpAsmPrinter<'_, '_>, op: OpId) {
    let ctx = pr.ctx();
    let ir = pr.ir();
    let props = ir.props(op);
    let attrs = ir.attrs(op);
    // Inherent attributes live in the properties; generic IR written for
    // older MLIR may still have them in the attribute dictionary.
    let inherent = |name: &str| lookup(ctx, props, name).or_else(|| lookup(ctx, attrs, name));

    pr.print_str(" ");
    if let Some(AttrKind::String { value, .. }) =
        inherent("sym_visibility").map(|v| ctx.attr_kind(v))
    {
        pr.print_str(&String::from_utf8_lossy(value));
        pr.print_str(" ");
    }
    match inherent("sym_name").map(|n| ctx.attr_kind(n)) {
        Some(AttrKind::String { value, .. }) => pr.print_symbol_name(value),
        _ => pr.print_symbol_name(b""),
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

    pr.print_str("(");
    for (i, &ty) in inputs.iter().enumerate() {
        if i > 0 {
            pr.print_str(", ");
        }
        let arg_dict = dict_entries(ctx, nth_dict(ctx, arg_attrs, i));
        match entry.filter(|&b| i < ir.num_arguments(b)) {
            Some(block) => {
                pr.print_region_argument(ir.argument(block, i), nth_dict(ctx, arg_attrs, i))
            }
            None => {
                pr.print_type(ty);
                pr.print_optional_attr_dict(&arg_dict, &[]);
            }
        }
    }
    pr.print_str(")");

    if !outputs.is_empty() {
        pr.print_str(" -> ");
        let first_has_attrs = !dict_entries(ctx, nth_dict(ctx, res_attrs, 0)).is_empty();
        let parens = outputs.len() > 1
            || matches!(ctx.type_kind(outputs[0]), TypeKind::Function { .. })
            || first_has_attrs;
        if parens {
            pr.print_str("(");
        }
        for (i, &ty) in outputs.iter().enumerate() {
            if i > 0 {
                pr.print_str(", ");
            }
            pr.print_type(ty);
            pr.print_optional_attr_dict(&dict_entries(ctx, nth_dict(ctx, res_attrs, i)), &[]);
        }
        if parens {
            pr.print_str(")");
        }
    }

    // Discardable and inherent attributes together, sorted by name, minus
    // what the signature showed.
    let shown = pr.op_attrs(op);
    pr.print_optional_attr_dict_with_keyword(&shown, &ELIDED);

    if let Some(region) = body.filter(|&r| !ir.region_is_empty(r)) {
        pr.print_str(" ");
        pr.print_region(region, false, true, false);
    }
}

//! Function-like ops (MLIR's `FunctionOpInterface` helpers,
//! `function_interface_impl`): the custom form `func.func` has, its checks
//! and its signature, for any dialect's own function op (`toy.func`,
//! `gpu.func`, ...) so that none reaches into the `func` dialect.
//!
//! ```text
//! op-name (public|private|nested)? @name(%arg0: i32 {attrs} loc(...), ...)
//!     -> (i32 {attrs}, ...) attributes {...} { body }
//! ```
//!
//! A declaration has no body and lists only argument types
//! (`@f(i32, f32 {attrs}) -> i64`).
//!
//! The interface's default methods are written over the helpers here: the
//! attribute arrays ([`all_attr_dicts`], [`set_attr_dict`], ...),
//! [`set_function_type`], and the signature edits of `edit.rs`
//! ([`insert_arguments`], [`erase_results`], ...: the function type, the
//! attribute arrays and the entry block change together). The op's attribute names are given by
//! a [`FunctionOpSyntax`]; attributes the op declares go to its
//! properties, the rest of `attributes {...}` stays discardable, as MLIR 22
//! stores them. Variadic signatures (`llvm.func`'s `...`) are not read.
//!
//! ```no_run
//! use ods_runtime::function_op::{parse_function_op, print_function_op, FunctionOpSyntax};
//! # use ir::parser::{ops::OpAsmParser, PResult};
//! # use ir::printer::ops::OpAsmPrinter;
//! # use ir::{OpId, OperationState};
//! const MY_FUNC: FunctionOpSyntax = FunctionOpSyntax {
//!     inherent: &["sym_name", "function_type", "arg_attrs", "res_attrs"],
//!     ..FunctionOpSyntax::FUNC
//! };
//! fn parse(p: &mut OpAsmParser<'_>, state: &mut OperationState) -> PResult<()> {
//!     parse_function_op(p, state, &MY_FUNC)
//! }
//! fn print(pr: &mut OpAsmPrinter<'_, '_>, op: OpId) {
//!     print_function_op(pr, op, &MY_FUNC)
//! }
//! ```

mod edit;

pub use edit::{
    clone_function_type, erase_arguments, erase_results, insert_arguments, insert_results,
    type_with_args_and_results, type_without_args_and_results, SignatureEditError,
};

use crate::interfaces::FunctionOpInterface;
use crate::op::inherent_attr;
use ir::parser::ops::{Argument, OpAsmParser};
use ir::parser::PResult;
use ir::printer::ops::OpAsmPrinter;
use ir::printer::print_type_str;
use ir::registry::VerifyError;
use ir::{AttrKind, Attribute, Context, Ir, NamedAttribute, OpId, OperationState, Type, TypeKind};

/// The attribute names of a function-like op.
#[derive(Clone, Copy, Debug)]
pub struct FunctionOpSyntax {
    /// The `TypeAttr` holding the function type.
    pub function_type: &'static str,
    /// The array of per-argument attribute dictionaries.
    pub arg_attrs: &'static str,
    /// The array of per-result attribute dictionaries.
    pub res_attrs: &'static str,
    /// Every attribute the op declares (its properties); the rest of
    /// `attributes {...}` is discardable.
    pub inherent: &'static [&'static str],
}

impl FunctionOpSyntax {
    /// `func.func`'s.
    pub const FUNC: FunctionOpSyntax = FunctionOpSyntax {
        function_type: "function_type",
        arg_attrs: "arg_attrs",
        res_attrs: "res_attrs",
        inherent: &[
            "sym_name",
            "function_type",
            "sym_visibility",
            "arg_attrs",
            "res_attrs",
            "no_inline",
        ],
    };

    fn is_inherent(&self, name: &str) -> bool {
        self.inherent.contains(&name)
    }

    /// Attributes the signature already says; `attributes {...}` may not
    /// repeat them (checked in this order, as mlir-opt does).
    fn inferred(&self) -> [&'static str; 3] {
        ["sym_visibility", "sym_name", self.function_type]
    }

    /// What the printer leaves out of `attributes {...}`: it wrote them in
    /// the signature.
    fn elided(&self) -> [&'static str; 5] {
        [
            "sym_name",
            "sym_visibility",
            self.function_type,
            self.arg_attrs,
            self.res_attrs,
        ]
    }
}

/// Parses a function op's custom form after the op name (MLIR's
/// `function_interface_impl::parseFunctionOp`).
pub fn parse_function_op(
    p: &mut OpAsmParser<'_>,
    state: &mut OperationState,
    syntax: &FunctionOpSyntax,
) -> PResult<()> {
    let mut props: Vec<(&str, Attribute)> = Vec::new();
    if let Some(visibility) = p.parse_optional_keyword_of(&["public", "private", "nested"]) {
        let value = p.ctx().string_attr(visibility.as_bytes());
        props.push(("sym_visibility", value));
    }
    let name = p.parse_symbol_name()?;
    props.push(("sym_name", name));

    let (args, _) = parse_function_arguments(p, false)?;
    let results = parse_function_results(p)?;
    let inputs: Vec<Type> = args.iter().map(|a| a.ty).collect();
    let outputs: Vec<Type> = results.iter().map(|r| r.0).collect();
    let function_type = p.ctx().function_type(&inputs, &outputs);
    let function_type = p.ctx().type_attr(function_type);
    props.push((syntax.function_type, function_type));

    let mut discardable = Vec::new();
    let attrs_at = p.current_location();
    if let Some(dict) = p.parse_optional_attr_dict_with_keyword()? {
        let entries = dict_entries(p.ctx(), Some(dict));
        for inferred in syntax.inferred() {
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
            match syntax.inherent.iter().find(|&&n| n == key) {
                Some(&inherent) => props.push((inherent, e.value)),
                None => discardable.push(e),
            }
        }
    }
    // Per-argument and per-result dictionaries become one array each when
    // any of them is non-empty.
    let arg_attrs: Vec<Option<Attribute>> = args.iter().map(|a| a.attrs).collect();
    if let Some(array) = attr_array(p.ctx(), &arg_attrs) {
        set(&mut props, syntax.arg_attrs, array);
    }
    let res_attrs: Vec<Option<Attribute>> = results.iter().map(|r| r.1).collect();
    if let Some(array) = attr_array(p.ctx(), &res_attrs) {
        set(&mut props, syntax.res_attrs, array);
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

    // What the op does not declare (a visibility on an op without
    // `sym_visibility`) is discardable, as MLIR's generic machinery leaves it.
    let (props, undeclared): (Vec<_>, Vec<_>) = props
        .into_iter()
        .partition(|(name, _)| syntax.is_inherent(name));
    for (name, value) in undeclared {
        let name = p.ctx().ident(name);
        discardable.push(NamedAttribute { name, value });
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
/// arguments named or none; with `allow_variadic`, a trailing `...` is
/// accepted and reported as `true`, and anything after it is an error (MLIR's
/// `parseFunctionSignatureWithArguments` argument half).
pub fn parse_function_arguments<'a>(
    p: &mut OpAsmParser<'a>,
    allow_variadic: bool,
) -> PResult<(Vec<Argument<'a>>, bool)> {
    let mut args: Vec<Argument<'a>> = Vec::new();
    p.parse_lparen()?;
    if p.parse_optional_rparen() {
        return Ok((args, false));
    }
    let mut variadic = false;
    loop {
        // As upstream, the list goes on after `...`, to reject what follows.
        if variadic {
            return p.emit_error_here("variadic arguments must be in the end of the argument list");
        }
        if allow_variadic && p.parse_optional_ellipsis() {
            variadic = true;
            if !p.parse_optional_comma() {
                break;
            }
            continue;
        }
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
    Ok((args, variadic))
}

/// An optional `->` and then one type, or `(` (type attr-dict? (`,`
/// ...)*)? `)` (MLIR's `parseFunctionResultList`); nothing without the
/// arrow.
pub fn parse_function_results(p: &mut OpAsmParser<'_>) -> PResult<Vec<(Type, Option<Attribute>)>> {
    let mut results = Vec::new();
    if !p.parse_optional_arrow() {
        return Ok(results);
    }
    if !p.parse_optional_lparen() {
        // Without a `(` this cannot be a function type.
        let ty = p.parse_type()?;
        results.push((ty, None));
        return Ok(results);
    }
    if p.parse_optional_rparen() {
        return Ok(results);
    }
    loop {
        let ty = p.parse_type()?;
        let attrs = p.parse_optional_attr_dict()?;
        results.push((ty, attrs));
        if !p.parse_optional_comma() {
            break;
        }
    }
    p.parse_rparen()?;
    Ok(results)
}

/// `[{...}, {}, ...]` when any dictionary is there, else `None`: the
/// `arg_attrs`/`res_attrs` value of parsed arguments or results.
pub fn attr_array(ctx: &mut Context, dicts: &[Option<Attribute>]) -> Option<Attribute> {
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

/// Prints a function op's custom form after the op name (MLIR's
/// `function_interface_impl::printFunctionOp`).
pub fn print_function_op(pr: &mut OpAsmPrinter<'_, '_>, op: OpId, syntax: &FunctionOpSyntax) {
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
        match inherent(syntax.function_type).map(|t| ctx.attr_kind(t)) {
            Some(AttrKind::Type(t)) => match ctx.type_kind(*t) {
                TypeKind::Function { inputs, results } => (inputs.to_vec(), results.to_vec()),
                _ => (Vec::new(), Vec::new()),
            },
            _ => (Vec::new(), Vec::new()),
        };
    let arg_attrs = inherent(syntax.arg_attrs);
    let res_attrs = inherent(syntax.res_attrs);
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
    pr.print_optional_attr_dict_with_keyword(&shown, &syntax.elided());

    if let Some(region) = body.filter(|&r| !ir.region_is_empty(r)) {
        pr.print_str(" ");
        pr.print_region(region, false, true, false);
    }
}

/// The input and result types of a function op (empty when its function
/// type is missing or of another kind; the ODS invariants reject that
/// first).
pub fn function_signature(
    ctx: &Context,
    ir: &Ir,
    func: OpId,
    syntax: &FunctionOpSyntax,
) -> (Vec<Type>, Vec<Type>) {
    let ty =
        inherent_attr(ctx, ir, func, syntax.function_type).and_then(|a| match ctx.attr_kind(a) {
            AttrKind::Type(t) => Some(*t),
            _ => None,
        });
    match ty.map(|t| ctx.type_kind(t)) {
        Some(TypeKind::Function { inputs, results }) => (inputs.to_vec(), results.to_vec()),
        _ => (Vec::new(), Vec::new()),
    }
}

/// `FunctionOpInterface`'s checks of a function op, in upstream's order
/// (`SymbolOpInterface`'s, on its name and visibility, ran before): the
/// argument and result attribute arrays, then the entry block against the
/// signature.
pub fn verify_function_op(
    ctx: &Context,
    ir: &Ir,
    op: OpId,
    syntax: &FunctionOpSyntax,
) -> Result<(), VerifyError> {
    let body = (ir.num_regions(op) > 0).then(|| ir.region(op, 0));
    let (inputs, results) = function_signature(ctx, ir, op, syntax);
    check_attr_array(
        ctx,
        ir,
        op,
        syntax.arg_attrs,
        "argument",
        "arguments",
        inputs.len(),
    )?;
    check_attr_array(
        ctx,
        ir,
        op,
        syntax.res_attrs,
        "result",
        "results",
        results.len(),
    )?;

    let Some(entry) = body.and_then(|r| ir.first_block(r)) else {
        return Ok(());
    };
    if ir.num_arguments(entry) != inputs.len() {
        return Err(VerifyError::op_error(format!(
            "entry block must have {} arguments to match function signature",
            inputs.len()
        )));
    }
    for (i, &want) in inputs.iter().enumerate() {
        let have = ir.value_type(ir.argument(entry, i));
        if have != want {
            return Err(VerifyError::op_error(format!(
                "type of entry block argument #{i}('{}') must match the type of the corresponding argument in function signature('{}')",
                print_type_str(ctx, have),
                print_type_str(ctx, want)
            )));
        }
    }
    Ok(())
}

/// `arg_attrs` / `res_attrs`: one dictionary per argument (result), each
/// holding only dialect attributes (names with a dot). `singular` and
/// `plural` name them in the messages ("argument", "arguments").
pub fn check_attr_array(
    ctx: &Context,
    ir: &Ir,
    op: OpId,
    name: &str,
    singular: &str,
    plural: &str,
    expected: usize,
) -> Result<(), VerifyError> {
    let Some(array) = inherent_attr(ctx, ir, op, name) else {
        return Ok(());
    };
    let AttrKind::Array(dicts) = ctx.attr_kind(array) else {
        return Ok(());
    };
    if dicts.len() != expected {
        return Err(VerifyError::op_error(format!(
            "expects {singular} attribute array to have the same number of elements as the number of function {plural}, got {}, but expected {expected}",
            dicts.len()
        )));
    }
    for &dict in dicts.iter() {
        if let AttrKind::Dictionary(entries) = ctx.attr_kind(dict) {
            if entries.iter().any(|e| !ctx.str(e.name).contains('.')) {
                return Err(VerifyError::op_error(format!(
                    "{plural} may only have dialect attributes"
                )));
            }
        }
    }
    Ok(())
}

// ----- the attribute arrays (upstream's `function_interface_impl`) ----------

/// Which of a function's attribute arrays: `arg_attrs` or `res_attrs`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArgOrResult {
    /// The arguments' (`arg_attrs`).
    Argument,
    /// The results' (`res_attrs`).
    Result,
}

impl ArgOrResult {
    fn get<F: FunctionOpInterface>(self, op: F, ctx: &Context, ir: &Ir) -> Option<Attribute> {
        match self {
            ArgOrResult::Argument => op.get_arg_attrs_attr(ctx, ir),
            ArgOrResult::Result => op.get_res_attrs_attr(ctx, ir),
        }
    }

    fn set<F: FunctionOpInterface>(self, op: F, ctx: &mut Context, ir: &mut Ir, attrs: Attribute) {
        match self {
            ArgOrResult::Argument => op.set_arg_attrs_attr(ctx, ir, attrs),
            ArgOrResult::Result => op.set_res_attrs_attr(ctx, ir, attrs),
        }
    }

    fn remove<F: FunctionOpInterface>(self, op: F, ctx: &mut Context, ir: &mut Ir) {
        match self {
            ArgOrResult::Argument => op.remove_arg_attrs_attr(ctx, ir),
            ArgOrResult::Result => op.remove_res_attrs_attr(ctx, ir),
        };
    }

    fn count<F: FunctionOpInterface>(self, op: F, ctx: &Context, ir: &Ir) -> usize {
        match self {
            ArgOrResult::Argument => op.get_num_arguments(ctx, ir),
            ArgOrResult::Result => op.get_num_results(ctx, ir),
        }
    }
}

/// The elements of an attribute array (none when `array` is absent or not
/// an array).
fn elements(ctx: &Context, array: Option<Attribute>) -> Vec<Attribute> {
    match array.map(|a| ctx.attr_kind(a)) {
        Some(AttrKind::Array(elements)) => elements.to_vec(),
        _ => Vec::new(),
    }
}

fn is_empty_dict(ctx: &Context, attr: Attribute) -> bool {
    matches!(ctx.attr_kind(attr), AttrKind::Dictionary(entries) if entries.is_empty())
}

/// Element `index` of the attribute array `array` (`None` when the array is
/// absent or shorter).
pub fn attr_dict(ctx: &Context, array: Option<Attribute>, index: usize) -> Option<Attribute> {
    nth_dict(ctx, array, index)
}

/// Every argument's (result's) dictionary: the array's elements, or one
/// empty dictionary per argument (result) when there is no array
/// (`getAllArgAttrs`).
pub fn all_attr_dicts<F: FunctionOpInterface>(
    op: F,
    ctx: &mut Context,
    ir: &Ir,
    which: ArgOrResult,
) -> Vec<Attribute> {
    match which.get(op, ctx, ir) {
        Some(array) => elements(ctx, Some(array)),
        None => {
            let empty = ctx.dictionary_attr(Vec::new());
            vec![empty; which.count(op, ctx, ir)]
        }
    }
}

/// Sets every argument's (result's) dictionary: removes the array when all
/// are empty, as upstream's `setAllArgAttrDicts`.
pub fn set_all_attr_dicts<F: FunctionOpInterface>(
    op: F,
    ctx: &mut Context,
    ir: &mut Ir,
    which: ArgOrResult,
    attrs: &[Attribute],
) {
    if attrs.iter().all(|&a| is_empty_dict(ctx, a)) {
        which.remove(op, ctx, ir);
    } else {
        let array = ctx.array_attr(attrs);
        which.set(op, ctx, ir, array);
    }
}

/// Sets the dictionary of argument (result) `index` to `dict`, as
/// upstream's `setArgAttrs`: with no array, an empty `dict` changes
/// nothing and another makes one (empty dictionaries elsewhere); an array
/// left with only empty dictionaries is removed.
pub fn set_attr_dict<F: FunctionOpInterface>(
    op: F,
    ctx: &mut Context,
    ir: &mut Ir,
    which: ArgOrResult,
    index: usize,
    dict: Attribute,
) {
    let total = which.count(op, ctx, ir);
    let Some(array) = which.get(op, ctx, ir) else {
        if is_empty_dict(ctx, dict) || index >= total {
            return;
        }
        let empty = ctx.dictionary_attr(Vec::new());
        let mut all = vec![empty; total];
        all[index] = dict;
        let array = ctx.array_attr(&all);
        which.set(op, ctx, ir, array);
        return;
    };
    let mut all = elements(ctx, Some(array));
    if index >= all.len() || all[index] == dict {
        return;
    }
    all[index] = dict;
    if all.iter().all(|&a| is_empty_dict(ctx, a)) {
        which.remove(op, ctx, ir);
        return;
    }
    let array = ctx.array_attr(&all);
    which.set(op, ctx, ir, array);
}

/// Changes the type of function `op` to `ty` (upstream's
/// `function_interface_impl::setFunctionType`): sets `function_type`, then
/// for the arguments and the results whose number changed, removes the
/// attribute array when there are none left, keeps the first dictionaries
/// when there are fewer, and pads with empty ones when there are more (an
/// array left with only empty dictionaries is removed). With the same
/// number the array stays as it is, even when a 1:N conversion moved
/// arguments around.
pub fn set_function_type<F: FunctionOpInterface>(op: F, ctx: &mut Context, ir: &mut Ir, ty: Type) {
    let old = [op.get_num_arguments(ctx, ir), op.get_num_results(ctx, ir)];
    let attr = ctx.type_attr(ty);
    op.set_function_type_attr(ctx, ir, attr);
    let new = [op.get_num_arguments(ctx, ir), op.get_num_results(ctx, ir)];
    for (i, which) in [ArgOrResult::Argument, ArgOrResult::Result]
        .into_iter()
        .enumerate()
    {
        let (old, new) = (old[i], new[i]);
        if old == new {
            continue;
        }
        if new == 0 {
            which.remove(op, ctx, ir);
            continue;
        }
        let Some(array) = which.get(op, ctx, ir) else {
            continue;
        };
        let mut all = elements(ctx, Some(array));
        // Fewer: the first `new`; more: padded with empty dictionaries.
        let empty = ctx.dictionary_attr(Vec::new());
        all.resize(new, empty);
        set_all_attr_dicts(op, ctx, ir, which, &all);
    }
}

//! `llvm.call`: its custom form (upstream's `CallOp::parse`/`print`) and
//! checks (`CallOp::verify`, `verifySymbolUses`).
//!
//! ```text
//! llvm.call cconv? tailcallkind? (@callee | %fnptr)(%args)
//!     (vararg(!llvm.func<...>))? {attrs}? : (!llvm.ptr,)? (types) -> result
//! ```
//!
//! Operand bundles (`["tag"(%x : i32)]`) come after `vararg(...)`. The
//! parsing pieces are shared with `llvm.invoke` (`crate::invoke`).

use ods_runtime::function_op::{attr_array, parse_function_results};
use ods_runtime::ir::parser::ops::{OpAsmParser, UnresolvedOperand};
use ods_runtime::ir::parser::{AsmLoc, Delimiter, PResult};
use ods_runtime::ir::printer::ops::OpAsmPrinter;
use ods_runtime::ir::printer::print_type_str;
use ods_runtime::ir::registry::VerifyError;
use ods_runtime::ir::symbols::SymbolTables;
use ods_runtime::ir::{
    AttrKind, Attribute, Context, Ir, NamedAttribute, OpId, OperationState, Type, Value,
};
use ods_runtime::op::inherent_attr;

use crate::{CConv, LLVMFunctionType, TailCallKind};

const CALL_INHERENT: &[&str] = &[
    "var_callee_type",
    "callee",
    "fastmathFlags",
    "CConv",
    "TailCallKind",
    "memory_effects",
    "convergent",
    "no_unwind",
    "will_return",
    "op_bundle_sizes",
    "op_bundle_tags",
    "arg_attrs",
    "res_attrs",
    "no_inline",
    "always_inline",
    "inline_hint",
    "access_groups",
    "alias_scopes",
    "noalias_scopes",
    "tbaa",
    "operandSegmentSizes",
];

pub(crate) fn named(ctx: &mut Context, name: &str, value: Attribute) -> NamedAttribute {
    NamedAttribute {
        name: ctx.ident(name),
        value,
    }
}

pub(crate) fn keyword_of<E: Copy>(
    p: &mut OpAsmParser<'_>,
    cases: &[E],
    name: fn(E) -> &'static str,
) -> Option<E> {
    cases.iter().copied().find(|&c| {
        let w = name(c);
        !w.is_empty() && p.parse_optional_keyword(w)
    })
}

/// `(types {attrs}?)` then `-> result` (upstream's `parseFunctionSignature`
/// for calls): the argument types and dictionaries, the results and
/// theirs.
#[allow(clippy::type_complexity)]
fn parse_signature(
    p: &mut OpAsmParser<'_>,
) -> PResult<(
    Vec<(Type, Option<Attribute>)>,
    Vec<(Type, Option<Attribute>)>,
)> {
    let mut args = Vec::new();
    p.parse_lparen()?;
    if !p.parse_optional_rparen() {
        loop {
            let ty = p.parse_type()?;
            let attrs = p.parse_optional_attr_dict()?;
            args.push((ty, attrs));
            if !p.parse_optional_comma() {
                break;
            }
        }
        p.parse_rparen()?;
    }
    let results = parse_function_results(p)?;
    Ok((args, results))
}

/// Operand bundles read by [`parse_call_bundles`], resolved once the
/// call's types are read (upstream resolves them after the callee
/// operands).
pub(crate) struct ParsedBundles<'a> {
    at: AsmLoc,
    operands: Vec<Vec<UnresolvedOperand<'a>>>,
    types: Vec<Vec<Type>>,
    tags: Option<Attribute>,
}

/// `(@callee | %fnptr)(%args)`: the function pointer of an indirect call
/// (`callee` is set for a direct one) and the arguments.
pub(crate) fn parse_callee_and_args<'a>(
    p: &mut OpAsmParser<'a>,
    props: &mut Vec<NamedAttribute>,
) -> PResult<(Option<UnresolvedOperand<'a>>, Vec<UnresolvedOperand<'a>>)> {
    let fn_ptr = p.parse_optional_operand()?;
    if fn_ptr.is_none() {
        let callee = p.parse_attribute()?;
        props.push(named(p.ctx(), "callee", callee));
    }
    let args = p.parse_operand_list(Delimiter::Paren)?;
    Ok((fn_ptr, args))
}

/// `vararg(!llvm.func<...>)` if the keyword is next.
pub(crate) fn parse_vararg(
    p: &mut OpAsmParser<'_>,
    props: &mut Vec<NamedAttribute>,
) -> PResult<()> {
    if p.parse_optional_keyword("vararg") {
        p.parse_lparen()?;
        let ty = p.parse_attribute()?;
        p.parse_rparen()?;
        props.push(named(p.ctx(), "var_callee_type", ty));
    }
    Ok(())
}

/// `["tag"(%a : t), ...]` if a `[` is next; the tags are set when there
/// is at least one (upstream's `parseOpBundles`).
pub(crate) fn parse_call_bundles<'a>(
    p: &mut OpAsmParser<'a>,
    props: &mut Vec<NamedAttribute>,
) -> PResult<ParsedBundles<'a>> {
    let at = p.current_location();
    let mut bundles = ParsedBundles {
        at,
        operands: Vec::new(),
        types: Vec::new(),
        tags: None,
    };
    crate::bundles::parse_op_bundles(
        p,
        &mut bundles.operands,
        &mut bundles.types,
        &mut bundles.tags,
    )?;
    if let Some(tags) = bundles.tags {
        if !matches!(p.ctx().attr_kind(tags), AttrKind::Array(t) if t.is_empty()) {
            props.push(named(p.ctx(), "op_bundle_tags", tags));
        }
    }
    Ok(bundles)
}

impl<'a> ParsedBundles<'a> {
    /// Resolves the bundles' operands onto `operands` and sets
    /// `op_bundle_sizes` (empty without bundles, as upstream always sets
    /// it); the number of bundle operands. Upstream reports a count
    /// mismatch as bundle #0 whichever it is.
    pub(crate) fn resolve(
        self,
        p: &mut OpAsmParser<'a>,
        operands: &mut Vec<Value>,
        props: &mut Vec<NamedAttribute>,
    ) -> PResult<i32> {
        let mut sizes = Vec::new();
        for (group, types) in self.operands.iter().zip(&self.types) {
            if group.len() != types.len() {
                return p.emit_error(
                    self.at,
                    format!(
                        "expected {} types for operand bundle operands for operand bundle #0, but actually got {}",
                        group.len(),
                        types.len()
                    ),
                );
            }
            p.resolve_operands(group, types, self.at, operands)?;
            sizes.push(group.len() as i32);
        }
        let ctx = p.ctx();
        let sizes_attr = ods_runtime::attr::dense_array::<i32>(ctx, &sizes);
        props.push(named(ctx, "op_bundle_sizes", sizes_attr));
        Ok(sizes.iter().sum())
    }
}

/// `: (!llvm.ptr,)? (types {attrs}?) -> result`: resolves the function
/// pointer and the arguments onto `operands`, sets `arg_attrs` and
/// `res_attrs`, and gives the result types (upstream's
/// `parseCallTypeAndResolveOperands`).
pub(crate) fn parse_call_types<'a>(
    p: &mut OpAsmParser<'a>,
    fn_ptr: Option<UnresolvedOperand<'a>>,
    args: &[UnresolvedOperand<'a>],
    operands: &mut Vec<Value>,
    props: &mut Vec<NamedAttribute>,
) -> PResult<Vec<Type>> {
    let types_at = p.current_location();
    p.parse_colon()?;
    if let Some(ptr) = fn_ptr {
        let ty = p.parse_type()?;
        // The callee's type is checked by the verifier, not here.
        if !p.parse_optional_comma() {
            return p.emit_error(types_at, "expected indirect call to have 2 trailing types");
        }
        operands.push(p.resolve_operand(ptr, ty)?);
    }
    // Upstream names what it wanted after the signature's own error.
    let (arg_types, results) = match parse_signature(p) {
        Ok(signature) => signature,
        Err(_) if fn_ptr.is_some() => {
            return p.emit_error_also(types_at, "expected trailing function type")
        }
        Err(_) => {
            return p.emit_error_also(types_at, "expected direct call to have 1 trailing types")
        }
    };
    if results.len() > 1 {
        return p.emit_error(types_at, "expected function with 0 or 1 result");
    }
    if results
        .first()
        .is_some_and(|r| crate::pred::is_void(p.ctx(), r.0))
    {
        return p.emit_error(types_at, "expected a non-void result type");
    }
    let types: Vec<Type> = arg_types.iter().map(|a| a.0).collect();
    let resolved_at = p.current_location();
    p.resolve_operands(args, &types, resolved_at, operands)?;
    let arg_dicts: Vec<Option<Attribute>> = arg_types.iter().map(|a| a.1).collect();
    if let Some(a) = attr_array(p.ctx(), &arg_dicts) {
        props.push(named(p.ctx(), "arg_attrs", a));
    }
    let res_dicts: Vec<Option<Attribute>> = results.iter().map(|r| r.1).collect();
    if let Some(a) = attr_array(p.ctx(), &res_dicts) {
        props.push(named(p.ctx(), "res_attrs", a));
    }
    Ok(results.iter().map(|r| r.0).collect())
}

/// `llvm.call`'s custom form.
pub fn parse_call(p: &mut OpAsmParser<'_>, state: &mut OperationState) -> PResult<()> {
    let cconv = keyword_of(p, &CConv::ALL, CConv::as_str).unwrap_or_default();
    let tail = keyword_of(p, &TailCallKind::ALL, TailCallKind::as_str).unwrap_or_default();
    let ctx = p.ctx();
    let cconv = crate::CConvAttr::get(ctx, cconv).attr();
    let tail = crate::TailCallKindAttr::get(ctx, tail).attr();
    let mut props = vec![named(ctx, "CConv", cconv), named(ctx, "TailCallKind", tail)];
    let (fn_ptr, args) = parse_callee_and_args(p, &mut props)?;
    parse_vararg(p, &mut props)?;
    let tail = parse_call_tail(p, state, fn_ptr, &args, &mut props)?;
    let ctx = p.ctx();
    let counts = [tail.callee_count, tail.bundle_count];
    let segments = ods_runtime::attr::dense_array::<i32>(ctx, &counts);
    props.push(named(ctx, "operandSegmentSizes", segments));
    ods_runtime::format::set_attributes(p, state, tail.dict, CALL_INHERENT, props);
    Ok(())
}

/// What every call-like form reads after its arguments: the bundles, the
/// attribute dictionary and the types. The operands (callee and
/// arguments, then the bundles') and the result types go into `state`.
pub(crate) struct CallTail {
    /// The callee's and the arguments' operand count.
    pub callee_count: i32,
    /// The bundles' operand count.
    pub bundle_count: i32,
    /// The attribute dictionary written after the bundles.
    pub dict: Option<Attribute>,
}

/// Reads a [`CallTail`].
pub(crate) fn parse_call_tail<'a>(
    p: &mut OpAsmParser<'a>,
    state: &mut OperationState,
    fn_ptr: Option<UnresolvedOperand<'a>>,
    args: &[UnresolvedOperand<'a>],
    props: &mut Vec<NamedAttribute>,
) -> PResult<CallTail> {
    let bundles = parse_call_bundles(p, props)?;
    let dict = p.parse_optional_attr_dict()?;
    let mut operands = Vec::new();
    state.result_types = parse_call_types(p, fn_ptr, args, &mut operands, props)?;
    let callee_count = operands.len() as i32;
    let bundle_count = bundles.resolve(p, &mut operands, props)?;
    state.operands = operands;
    Ok(CallTail {
        callee_count,
        bundle_count,
        dict,
    })
}

/// The operand bundles of a call-like op.
pub(crate) struct BundleGroups {
    /// Each bundle's operands.
    pub operands: Vec<Vec<Value>>,
    /// Their types.
    pub types: Vec<Vec<Type>>,
    /// `op_bundle_tags`.
    pub tags: Option<Attribute>,
}

/// The operand bundles of a call-like op (from `first`, the start of the
/// bundle segment, by `op_bundle_sizes`); `None` without any.
pub(crate) fn bundle_groups(
    ctx: &Context,
    ir: &ods_runtime::ir::Ir,
    op: OpId,
    first: usize,
) -> Option<BundleGroups> {
    let sizes = inherent_attr(ctx, ir, op, "op_bundle_sizes")
        .map(|a| ods_runtime::attr::dense_array_values::<i32>(ctx, a))
        .unwrap_or_default();
    if sizes.is_empty() {
        return None;
    }
    let all: Vec<Value> = ir.operands(op).collect();
    let mut at = first;
    let mut groups = BundleGroups {
        operands: Vec::new(),
        types: Vec::new(),
        tags: inherent_attr(ctx, ir, op, "op_bundle_tags"),
    };
    for size in sizes {
        let end = (at + size.max(0) as usize).min(all.len());
        let group = all.get(at.min(end)..end).unwrap_or(&[]).to_vec();
        groups
            .types
            .push(group.iter().map(|&v| ir.value_type(v)).collect());
        groups.operands.push(group);
        at = end;
    }
    Some(groups)
}

/// Prints ` [bundles]` when the op has any (upstream prints them when
/// `op_bundle_sizes` is not empty).
pub(crate) fn print_call_bundles(pr: &mut OpAsmPrinter<'_, '_>, op: OpId, first: usize) {
    let Some(groups) = bundle_groups(pr.ctx(), pr.ir(), op, first) else {
        return;
    };
    pr.print_str(" ");
    crate::bundles::print_op_bundles(pr, op, &groups.operands, &groups.types, groups.tags);
}

fn dicts(ctx: &Context, array: Option<Attribute>, i: usize) -> Vec<NamedAttribute> {
    let d = match array.map(|a| ctx.attr_kind(a)) {
        Some(AttrKind::Array(e)) => e.get(i).copied(),
        _ => None,
    };
    match d.map(|d| ctx.attr_kind(d)) {
        Some(AttrKind::Dictionary(e)) => e.to_vec(),
        _ => Vec::new(),
    }
}

/// Prints what [`parse_call`] reads.
pub fn print_call(pr: &mut OpAsmPrinter<'_, '_>, op: OpId) {
    let (ctx, ir) = (pr.ctx(), pr.ir());
    let get = |n: &str| inherent_attr(ctx, ir, op, n);
    let cconv = get("CConv")
        .and_then(|a| crate::CConvAttr::from_attr(ctx, a))
        .map(|a| a.calling_conv(ctx))
        .unwrap_or_default();
    let tail = get("TailCallKind")
        .and_then(|a| crate::TailCallKindAttr::from_attr(ctx, a))
        .map(|a| a.tail_call_kind(ctx))
        .unwrap_or_default();
    let callee = get("callee");
    let segments = get("operandSegmentSizes")
        .map(|a| ods_runtime::attr::dense_array_values::<i32>(ctx, a))
        .unwrap_or_default();
    let n_callee = segments
        .first()
        .map_or(ir.num_operands(op), |&n| n.max(0) as usize)
        .min(ir.num_operands(op));
    let operands: Vec<_> = ir.operands(op).take(n_callee).collect();
    let args = if callee.is_some() {
        &operands[..]
    } else {
        operands.get(1..).unwrap_or(&[])
    };
    let arg_attrs = get("arg_attrs");
    let res_attrs = get("res_attrs");
    let attrs = crate::format::attrs_without_default_fastmath(pr, op);
    pr.print_str(" ");
    if cconv != CConv::C {
        pr.print_str(cconv.as_str());
        pr.print_str(" ");
    }
    if tail != TailCallKind::None {
        pr.print_str(tail.as_str());
        pr.print_str(" ");
    }
    print_callee(pr, ctx, callee, operands.first().copied());
    pr.print_str("(");
    pr.print_operands(args.iter().copied());
    pr.print_str(")");
    if let Some(t) = get("var_callee_type").and_then(|a| ods_runtime::pred::type_attr_value(ctx, a))
    {
        pr.print_str(" vararg(");
        pr.print_type(t);
        pr.print_str(")");
    }
    print_call_bundles(pr, op, n_callee);
    pr.print_optional_attr_dict(
        &attrs,
        &[
            "callee",
            "TailCallKind",
            "var_callee_type",
            "CConv",
            "operandSegmentSizes",
            "op_bundle_sizes",
            "op_bundle_tags",
            "arg_attrs",
            "res_attrs",
        ],
    );
    pr.print_str(" : ");
    if callee.is_none() {
        if let Some(&f) = operands.first() {
            pr.print_type(ir.value_type(f));
            pr.print_str(", ");
        }
    }
    let results: Vec<Type> = ir.results(op).map(|r| ir.value_type(r)).collect();
    print_call_signature(pr, args, arg_attrs, &results, res_attrs);
}

/// `(types {attrs}?) -> result`: the argument types with their
/// dictionaries, and the result, `()` when there is none (upstream's
/// `call_interface_impl::printFunctionSignature` for calls).
/// The callee of a call or invoke: `@symbol` when `callee` names one,
/// else the function pointer operand `indirect`.
pub(crate) fn print_callee(
    pr: &mut OpAsmPrinter<'_, '_>,
    ctx: &Context,
    callee: Option<Attribute>,
    indirect: Option<Value>,
) {
    match callee.map(|c| ctx.attr_kind(c)) {
        Some(AttrKind::SymbolRef { root, .. }) => pr.print_symbol_name(ctx.str(*root).as_bytes()),
        _ => {
            if let Some(f) = indirect {
                pr.print_operand(f);
            }
        }
    }
}

pub(crate) fn print_call_signature(
    pr: &mut OpAsmPrinter<'_, '_>,
    args: &[Value],
    arg_attrs: Option<Attribute>,
    results: &[Type],
    res_attrs: Option<Attribute>,
) {
    let (ctx, ir) = (pr.ctx(), pr.ir());
    pr.print_str("(");
    for (i, &a) in args.iter().enumerate() {
        if i > 0 {
            pr.print_str(", ");
        }
        pr.print_type(ir.value_type(a));
        pr.print_optional_attr_dict(&dicts(ctx, arg_attrs, i), &[]);
    }
    pr.print_str(")");
    pr.print_str(" -> ");
    if results.is_empty() {
        pr.print_str("()");
    }
    if let Some(&r) = results.first() {
        let res = dicts(ctx, res_attrs, 0);
        if res.is_empty() {
            pr.print_type(r);
        } else {
            pr.print_str("(");
            pr.print_type(r);
            pr.print_optional_attr_dict(&res, &[]);
            pr.print_str(")");
        }
    }
}

/// The variadic callee type against the call's arguments and result
/// (upstream's `verifyCallOpVarCalleeType`); `args` are the argument
/// types, the function pointer left out.
pub(crate) fn verify_var_callee_type(
    ctx: &Context,
    ir: &ods_runtime::ir::Ir,
    op: OpId,
    args: &[Type],
) -> Result<(), VerifyError> {
    let Some(var) = inherent_attr(ctx, ir, op, "var_callee_type")
        .and_then(|a| ods_runtime::pred::type_attr_value(ctx, a))
        .and_then(|t| LLVMFunctionType::from_type(ctx, t))
    else {
        return Ok(());
    };
    if !var.var_arg(ctx) {
        return Err(VerifyError::op_error(
            "expected var_callee_type to be a variadic function type",
        ));
    }
    let params = var.params(ctx).to_vec();
    if params.len() > args.len() {
        return Err(VerifyError::op_error(format!(
            "expected var_callee_type to have at most {} parameters",
            args.len()
        )));
    }
    for (&param, &arg) in params.iter().zip(args) {
        if param != arg {
            return Err(VerifyError::op_error(format!(
                "var_callee_type parameter type mismatch: '{}' != '{}'",
                print_type_str(ctx, param),
                print_type_str(ctx, arg)
            )));
        }
    }
    let ret = var.return_type(ctx);
    match ir.results(op).next() {
        None if !crate::pred::is_void(ctx, ret) => Err(VerifyError::op_error(
            "expected var_callee_type to return void",
        )),
        Some(r) if ir.value_type(r) != ret => Err(VerifyError::op_error(format!(
            "var_callee_type return type mismatch: '{}' != '{}'",
            print_type_str(ctx, ret),
            print_type_str(ctx, ir.value_type(r))
        ))),
        _ => Ok(()),
    }
}

/// `llvm.call`'s symbol check (upstream's `verifySymbolUses`, the part
/// for ported ops): a direct callee names an `llvm.func` whose parameters
/// and result the call's operands and result match; an indirect callee is
/// a pointer.
pub fn verify_call_symbol(tables: &mut SymbolTables<'_>, op: OpId) -> Result<(), VerifyError> {
    let (ctx, ir) = (tables.ctx, tables.ir);
    // The callee operands: the bundles' operands follow them.
    let callee_count = inherent_attr(ctx, ir, op, "operandSegmentSizes")
        .map(|a| ods_runtime::attr::dense_array_values::<i32>(ctx, a))
        .and_then(|s| s.first().copied())
        .map_or(ir.num_operands(op), |n| n.max(0) as usize);
    let indirect = usize::from(inherent_attr(ctx, ir, op, "callee").is_none());
    let arg_types: Vec<Type> = ir
        .operands(op)
        .take(callee_count)
        .skip(indirect)
        .map(|v| ir.value_type(v))
        .collect();
    verify_var_callee_type(ctx, ir, op, &arg_types)?;
    let var_callee = inherent_attr(ctx, ir, op, "var_callee_type");
    let Some(callee) = inherent_attr(ctx, ir, op, "callee") else {
        if ir.num_operands(op) == 0 {
            return Err(VerifyError::op_error(
                "must have either a `callee` attribute or at least an operand",
            ));
        }
        let ty = ir.value_type(ir.operand(op, 0));
        if !crate::pred::is_pointer(ctx, ty) {
            return Err(VerifyError::op_error(format!(
                "indirect call expects a pointer as callee: '{}'",
                print_type_str(ctx, ty)
            )));
        }
        return Ok(());
    };
    let name = match ctx.attr_kind(callee) {
        AttrKind::SymbolRef { root, .. } => ctx.str(*root).to_string(),
        _ => String::new(),
    };
    let Some(target) = tables.lookup_nearest_from(op, callee) else {
        return Err(VerifyError::op_error(format!(
            "'{name}' does not reference a symbol in the current scope"
        )));
    };
    let (ctx, ir) = (tables.ctx, tables.ir);
    let fn_type = match ctx.str(ir.op_name(target)) {
        "llvm.func" => crate::func::llvm_func_type(ctx, ir, target),
        // An ifunc is called as the function of its type.
        "llvm.mlir.ifunc" => inherent_attr(ctx, ir, target, "i_func_type")
            .and_then(|a| ods_runtime::pred::type_attr_value(ctx, a))
            .and_then(|t| crate::LLVMFunctionType::from_type(ctx, t)),
        _ => {
            return Err(VerifyError::op_error(format!(
                "'{name}' does not reference a valid LLVM function or IFunc"
            )))
        }
    };
    let Some(fn_type) = fn_type else {
        return Ok(());
    };
    let params = fn_type.params(ctx).to_vec();
    let args = arg_types;
    let variadic = fn_type.var_arg(ctx);
    if variadic && var_callee.is_none() {
        return Err(VerifyError::op_error(
            "missing var_callee_type attribute for vararg call",
        ));
    }
    if !variadic && args.len() != params.len() {
        return Err(VerifyError::op_error(format!(
            "incorrect number of operands ({}) for callee (expecting: {})",
            args.len(),
            params.len()
        )));
    }
    if params.len() > args.len() {
        return Err(VerifyError::op_error(format!(
            "incorrect number of operands ({}) for varargs callee (expecting at least: {})",
            args.len(),
            params.len()
        )));
    }
    for (i, (&have, &want)) in args.iter().zip(&params).enumerate() {
        if have != want {
            return Err(VerifyError::op_error(format!(
                "operand type mismatch for operand {i}: '{}' != '{}'",
                print_type_str(ctx, have),
                print_type_str(ctx, want)
            )));
        }
    }
    let result = fn_type.return_type(ctx);
    let results: Vec<Type> = ir.results(op).map(|r| ir.value_type(r)).collect();
    let void = crate::pred::is_void(ctx, result);
    if results.is_empty() && !void {
        return Err(VerifyError::op_error(
            "expected function call to produce a value",
        ));
    }
    if !results.is_empty() && void {
        return Err(VerifyError::op_error(
            "calling function with void result must not produce values",
        ));
    }
    if let Some(&r) = results.first() {
        if r != result {
            return Err(VerifyError::op_error(format!(
                "result type mismatch: '{}' != '{}'",
                print_type_str(ctx, r),
                print_type_str(ctx, result)
            )));
        }
    }
    Ok(())
}

/// `llvm.call`'s own check (upstream's `verifyOperandBundles`): one
/// string tag per operand bundle.
pub fn verify_call(ctx: &Context, ir: &ods_runtime::ir::Ir, op: OpId) -> Result<(), VerifyError> {
    let bundles = inherent_attr(ctx, ir, op, "op_bundle_sizes").map_or(0, |a| {
        ods_runtime::attr::dense_array_values::<i32>(ctx, a).len()
    });
    let tags = match inherent_attr(ctx, ir, op, "op_bundle_tags").map(|a| ctx.attr_kind(a)) {
        Some(AttrKind::Array(tags)) => tags.to_vec(),
        _ => Vec::new(),
    };
    if tags
        .iter()
        .any(|&t| !matches!(ctx.attr_kind(t), AttrKind::String { .. }))
    {
        return Err(VerifyError::new("operand bundle tag must be a StringAttr"));
    }
    if bundles != tags.len() {
        return Err(VerifyError::new(format!(
            "expected {bundles} operand bundle tags, but actually got {}",
            tags.len()
        )));
    }
    Ok(())
}

/// `CallOpInterface::getCallableForCallee` of `llvm.call` and
/// `llvm.invoke`: the `callee` symbol, or the function pointer operand.
pub(crate) fn callable_for_callee(
    ir: &Ir,
    op: OpId,
    callee: Option<Attribute>,
) -> Option<ods_runtime::interfaces::CallInterfaceCallable> {
    use ods_runtime::interfaces::CallInterfaceCallable;
    match callee {
        Some(c) => Some(CallInterfaceCallable::Symbol(c)),
        None => (ir.num_operands(op) > 0).then(|| CallInterfaceCallable::Value(ir.operand(op, 0))),
    }
}

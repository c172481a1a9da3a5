//! `llvm.func` and `llvm.mlir.global`: their custom forms (upstream's
//! `LLVMFuncOp::parse`/`print`, `GlobalOp::parse`/`print`) and checks,
//! and the checks that name them (`llvm.return` against its function,
//! `llvm.mlir.addressof` against its symbol).
//!
//! ```text
//! llvm.func linkage? visibility? unnamed_addr? cconv? @name(args, ...?) -> res
//!     (vscale_range(min, max))? (comdat(@c))? (attributes {...})? body?
//! llvm.mlir.global linkage? visibility? thread_local? unnamed_addr?
//!     constant? @name(value?) (comdat(@c))? {attrs}? (: type)? region?
//! ```

use ods_runtime::function_op::{
    attr_array, check_attr_array, parse_function_arguments, parse_function_results,
};
use ods_runtime::ir::parser::ops::OpAsmParser;
use ods_runtime::ir::parser::PResult;
use ods_runtime::ir::printer::ops::OpAsmPrinter;
use ods_runtime::ir::printer::print_type_str;
use ods_runtime::ir::registry::VerifyError;
use ods_runtime::ir::symbols::SymbolTables;
use ods_runtime::ir::{
    AttrKind, Attribute, Context, Ir, NamedAttribute, OpId, OperationState, Type,
};
use ods_runtime::op::inherent_attr;

use crate::pred::{is_compatible_type, is_void};
use crate::typed_attr_param::IntegerAttr;
use crate::{CConv, LLVMFunctionType, Linkage, UnnamedAddr, Visibility};

/// One of `E`'s keywords when it is next (upstream's
/// `parseOptionalLLVMKeyword`, which tries them in value order).
pub(crate) fn parse_optional_enum<E: Copy + std::str::FromStr>(
    p: &mut OpAsmParser<'_>,
    cases: &[E],
    name: fn(E) -> &'static str,
) -> Option<E> {
    cases.iter().copied().find(|&c| {
        let word = name(c);
        !word.is_empty() && p.parse_optional_keyword(word)
    })
}

pub(crate) fn named(ctx: &mut Context, name: &str, value: Attribute) -> NamedAttribute {
    NamedAttribute {
        name: ctx.ident(name),
        value,
    }
}

pub(crate) fn i64_attr(ctx: &mut Context, value: i64) -> Attribute {
    ods_runtime::attr::integer(ctx, 64, value)
}

/// The entries of a dictionary attribute.
pub(crate) fn entries(ctx: &Context, dict: Option<Attribute>) -> Vec<NamedAttribute> {
    match dict.map(|d| ctx.attr_kind(d)) {
        Some(AttrKind::Dictionary(e)) => e.to_vec(),
        _ => Vec::new(),
    }
}

/// The op's attributes: `props` and the explicit dictionary, each entry
/// inherent to the op (`inherent`) a property, the others discardable.
///
/// `props` holds what the custom form itself wrote (linkage, name, type,
/// ...); a dictionary entry of the same name is upstream's duplicate in the
/// op's attribute list, refused rather than letting one value win (as
/// `mlir-opt-22`, the first such name in sorted order is reported). An
/// inherent entry of a kind its property cannot hold (`vscale_range = 1`)
/// is dropped, as MLIR's `setInherentAttr` drops it when the parsed op is
/// created (`O::property_fits`).
pub(crate) fn finish_attributes<O: ods_runtime::Op>(
    p: &mut OpAsmParser<'_>,
    state: &mut OperationState,
    mut props: Vec<NamedAttribute>,
    dict: Option<Attribute>,
    inherent: &[&str],
) -> PResult<()> {
    let explicit = entries(p.ctx(), dict);
    let ctx: &Context = p.ctx();
    let duplicate = explicit
        .iter()
        .filter(|e| props.iter().any(|q| q.name == e.name))
        .map(|e| ctx.str(e.name))
        .min()
        .map(str::to_owned);
    if let Some(name) = duplicate {
        let message = format!("attribute '{name}' occurs more than once in the attribute list");
        let at = p.name_location();
        return p.emit_error(at, message);
    }
    let mut discardable = Vec::new();
    for e in explicit {
        let ctx: &Context = p.ctx();
        let name = ctx.str(e.name);
        if inherent.contains(&name) {
            if O::property_fits(ctx, name, e.value) {
                props.push(e);
            }
        } else {
            discardable.push(e);
        }
    }
    state.props = Some(p.ctx().dictionary_attr(props));
    if !discardable.is_empty() {
        state.attrs = Some(p.ctx().dictionary_attr(discardable));
    }
    Ok(())
}

const FUNC_INHERENT: &[&str] = &[
    "sym_name",
    "sym_visibility",
    "function_type",
    "linkage",
    "dso_local",
    "CConv",
    "comdat",
    "convergent",
    "personality",
    "garbageCollector",
    "passthrough",
    "arg_attrs",
    "res_attrs",
    "function_entry_count",
    "memory_effects",
    "visibility_",
    "arm_streaming",
    "arm_locally_streaming",
    "arm_streaming_compatible",
    "arm_new_za",
    "arm_in_za",
    "arm_out_za",
    "arm_inout_za",
    "arm_preserves_za",
    "section",
    "unnamed_addr",
    "alignment",
    "vscale_range",
    "frame_pointer",
    "target_cpu",
    "tune_cpu",
    "reciprocal_estimates",
    "prefer_vector_width",
    "target_features",
    "no_infs_fp_math",
    "no_nans_fp_math",
    "no_signed_zeros_fp_math",
    "denormal_fp_math",
    "denormal_fp_math_f32",
    "fp_contract",
    "instrument_function_entry",
    "instrument_function_exit",
    "no_inline",
    "always_inline",
    "inline_hint",
    "no_unwind",
    "will_return",
    "optimize_none",
    "vec_type_hint",
    "work_group_size_hint",
    "reqd_work_group_size",
    "intel_reqd_sub_group_size",
    "uwtable_kind",
];

/// `llvm.func`'s custom form.
pub fn parse_llvm_func(p: &mut OpAsmParser<'_>, state: &mut OperationState) -> PResult<()> {
    let linkage = parse_optional_enum(p, &Linkage::ALL, Linkage::as_str).unwrap_or_default();
    let visibility =
        parse_optional_enum(p, &Visibility::ALL, Visibility::as_str).unwrap_or_default();
    let unnamed =
        parse_optional_enum(p, &UnnamedAddr::ALL, UnnamedAddr::as_str).unwrap_or_default();
    let cconv = parse_optional_enum(p, &CConv::ALL, CConv::as_str).unwrap_or_default();
    let ctx = p.ctx();
    let linkage = crate::LinkageAttr::get(ctx, linkage).attr();
    let visibility = i64_attr(ctx, visibility.value() as i64);
    let unnamed = i64_attr(ctx, unnamed.value() as i64);
    let cconv = crate::CConvAttr::get(ctx, cconv).attr();
    let mut props = vec![
        named(ctx, "linkage", linkage),
        named(ctx, "visibility_", visibility),
        named(ctx, "unnamed_addr", unnamed),
        named(ctx, "CConv", cconv),
    ];
    let signature_at = p.current_location();
    let name = p.parse_symbol_name()?;
    props.push(named(p.ctx(), "sym_name", name));
    let (args, variadic) = parse_function_arguments(p, true)?;
    let results = parse_function_results(p)?;
    if results.len() > 1 {
        return p.emit_error(
            signature_at,
            "failed to construct function type: expected zero or one function result",
        );
    }
    let inputs: Vec<Type> = args.iter().map(|a| a.ty).collect();
    if inputs.iter().any(|&t| !is_compatible_type(p.ctx(), t)) {
        return p.emit_error(
            signature_at,
            "failed to construct function type: expected LLVM type for function arguments",
        );
    }
    let result = match results.first() {
        Some(&(t, _)) if !is_compatible_type(p.ctx(), t) => {
            return p.emit_error(
                signature_at,
                "failed to construct function type: expected LLVM type for function results",
            )
        }
        Some(&(t, _)) => t,
        None => crate::LLVMVoidType::get(p.ctx()).ty(),
    };
    let ctx = p.ctx();
    let fn_type = LLVMFunctionType::get_checked(ctx, result, inputs, variadic);
    let Ok(fn_type) = fn_type else {
        return p.emit_error(signature_at, "failed to construct function type");
    };
    let type_attr = ctx.type_attr(fn_type.ty());
    props.push(named(ctx, "function_type", type_attr));
    if p.parse_optional_keyword("vscale_range") {
        let range = parse_vscale_range(p)?;
        props.push(named(p.ctx(), "vscale_range", range));
    }
    if p.parse_optional_keyword("comdat") {
        p.parse_lparen()?;
        let comdat = p.parse_attribute()?;
        p.parse_rparen()?;
        props.push(named(p.ctx(), "comdat", comdat));
    }
    let dict = p.parse_optional_attr_dict_with_keyword()?;
    let arg_attrs: Vec<Option<Attribute>> = args.iter().map(|a| a.attrs).collect();
    if let Some(array) = attr_array(p.ctx(), &arg_attrs) {
        props.push(named(p.ctx(), "arg_attrs", array));
    }
    let res_attrs: Vec<Option<Attribute>> = results.iter().map(|r| r.1).collect();
    if let Some(array) = attr_array(p.ctx(), &res_attrs) {
        props.push(named(p.ctx(), "res_attrs", array));
    }
    match p.parse_optional_region(&args)? {
        Some(region) => state.regions.push(region),
        None => state.regions.push(p.new_region()),
    }
    finish_attributes::<crate::LLVMFuncOp>(p, state, props, dict, FUNC_INHERENT)
}

/// `(min, max)` after `vscale_range`: two integers, kept as upstream keeps
/// them, `i32` attributes (a wider value wraps, as `IntegerAttr::get` of
/// an `int64_t` does).
fn parse_vscale_range(p: &mut OpAsmParser<'_>) -> PResult<Attribute> {
    p.parse_lparen()?;
    let min = p.parse_integer::<i64>()?;
    p.parse_comma()?;
    let max = p.parse_integer::<i64>()?;
    p.parse_rparen()?;
    let ctx = p.ctx();
    let min = IntegerAttr(ods_runtime::attr::integer(ctx, 32, min));
    let max = IntegerAttr(ods_runtime::attr::integer(ctx, 32, max));
    Ok(crate::VScaleRangeAttr::get(ctx, min, max).attr())
}

/// Element `i` of an `arg_attrs` / `res_attrs` array.
fn nth_dict(ctx: &Context, array: Option<Attribute>, i: usize) -> Option<Attribute> {
    match array.map(|a| ctx.attr_kind(a)) {
        Some(AttrKind::Array(elements)) => elements.get(i).copied(),
        _ => None,
    }
}

pub(crate) fn int_of(ctx: &Context, attr: Option<Attribute>) -> i64 {
    attr.and_then(|a| ods_runtime::pred::integer_attr_value(ctx, a))
        .unwrap_or(0)
}

/// Prints what [`parse_llvm_func`] reads.
pub fn print_llvm_func(pr: &mut OpAsmPrinter<'_, '_>, op: OpId) {
    let (ctx, ir) = (pr.ctx(), pr.ir());
    let get = |name: &str| inherent_attr(ctx, ir, op, name);
    let linkage = get("linkage")
        .and_then(|a| crate::LinkageAttr::from_attr(ctx, a))
        .map(|a| a.linkage(ctx))
        .unwrap_or_default();
    let visibility =
        Visibility::from_value(int_of(ctx, get("visibility_")) as u64).unwrap_or_default();
    let unnamed =
        UnnamedAddr::from_value(int_of(ctx, get("unnamed_addr")) as u64).unwrap_or_default();
    let cconv = get("CConv")
        .and_then(|a| crate::CConvAttr::from_attr(ctx, a))
        .map(|a| a.calling_conv(ctx))
        .unwrap_or_default();
    let fn_type = get("function_type")
        .and_then(|a| ods_runtime::pred::type_attr_value(ctx, a))
        .and_then(|t| LLVMFunctionType::from_type(ctx, t));
    let (params, result, variadic) = match fn_type {
        Some(f) => (
            f.params(ctx).to_vec(),
            Some(f.return_type(ctx)),
            f.var_arg(ctx),
        ),
        None => (Vec::new(), None, false),
    };
    let result = result.filter(|&r| !is_void(ctx, r));
    let arg_attrs = get("arg_attrs");
    let res_attrs = get("res_attrs");
    let comdat = get("comdat");
    let body = (ir.num_regions(op) > 0).then(|| ir.region(op, 0));
    let entry = body.and_then(|r| ir.first_block(r));

    pr.print_str(" ");
    if linkage != Linkage::External {
        pr.print_str(linkage.as_str());
        pr.print_str(" ");
    }
    if !visibility.as_str().is_empty() {
        pr.print_str(visibility.as_str());
        pr.print_str(" ");
    }
    if !unnamed.as_str().is_empty() {
        pr.print_str(unnamed.as_str());
        pr.print_str(" ");
    }
    if cconv != CConv::C {
        pr.print_str(cconv.as_str());
        pr.print_str(" ");
    }
    match get("sym_name").map(|n| ctx.attr_kind(n)) {
        Some(AttrKind::String { value, .. }) => pr.print_symbol_name(value),
        _ => pr.print_symbol_name(b""),
    }
    pr.print_str("(");
    for (i, &ty) in params.iter().enumerate() {
        if i > 0 {
            pr.print_str(", ");
        }
        match entry.filter(|&b| i < ir.num_arguments(b)) {
            Some(block) => {
                pr.print_region_argument(ir.argument(block, i), nth_dict(ctx, arg_attrs, i))
            }
            None => {
                pr.print_type(ty);
                pr.print_optional_attr_dict(&entries(ctx, nth_dict(ctx, arg_attrs, i)), &[]);
            }
        }
    }
    if variadic {
        if !params.is_empty() {
            pr.print_str(", ");
        }
        pr.print_str("...");
    }
    pr.print_str(")");
    if let Some(r) = result {
        pr.print_str(" -> ");
        let res_dict = entries(ctx, nth_dict(ctx, res_attrs, 0));
        if res_dict.is_empty() {
            pr.print_type(r);
        } else {
            pr.print_str("(");
            pr.print_type(r);
            pr.print_optional_attr_dict(&res_dict, &[]);
            pr.print_str(")");
        }
    }
    if let Some(range) = get("vscale_range").and_then(|a| crate::VScaleRangeAttr::from_attr(ctx, a))
    {
        let bound = |b: IntegerAttr| b.value(ctx).unwrap_or(0).to_string();
        let text = format!(
            " vscale_range({}, {})",
            bound(range.min_range(ctx)),
            bound(range.max_range(ctx))
        );
        pr.print_str(&text);
    }
    if let Some(c) = comdat {
        pr.print_str(" comdat(");
        pr.print_attribute(c);
        pr.print_str(")");
    }
    let shown = pr.op_attrs(op);
    pr.print_optional_attr_dict_with_keyword(
        &shown,
        &[
            "sym_name",
            "function_type",
            "arg_attrs",
            "res_attrs",
            "linkage",
            "CConv",
            "visibility_",
            "comdat",
            "unnamed_addr",
            "vscale_range",
        ],
    );
    if let Some(region) = body.filter(|&r| !ir.region_is_empty(r)) {
        pr.print_str(" ");
        pr.print_region(region, false, true, false);
    }
}

const GLOBAL_INHERENT: &[&str] = &[
    "global_type",
    "constant",
    "sym_name",
    "linkage",
    "dso_local",
    "thread_local_",
    "externally_initialized",
    "value",
    "alignment",
    "addr_space",
    "unnamed_addr",
    "section",
    "comdat",
    "dbg_exprs",
    "visibility_",
    "target_specific_attrs",
];

/// What `llvm.mlir.global` and `llvm.mlir.alias` read first (upstream's
/// `parseCommonGlobalAndAlias`): linkage, visibility, `thread_local`,
/// `unnamed_addr`.
pub(crate) fn parse_common_global_and_alias(p: &mut OpAsmParser<'_>) -> Vec<NamedAttribute> {
    let linkage = parse_optional_enum(p, &Linkage::ALL, Linkage::as_str).unwrap_or_default();
    let visibility =
        parse_optional_enum(p, &Visibility::ALL, Visibility::as_str).unwrap_or_default();
    let ctx = p.ctx();
    let linkage = crate::LinkageAttr::get(ctx, linkage).attr();
    let visibility = i64_attr(ctx, visibility.value() as i64);
    let mut props = vec![
        named(ctx, "linkage", linkage),
        named(ctx, "visibility_", visibility),
    ];
    if p.parse_optional_keyword("thread_local") {
        let unit = p.ctx().unit_attr();
        props.push(named(p.ctx(), "thread_local_", unit));
    }
    let unnamed =
        parse_optional_enum(p, &UnnamedAddr::ALL, UnnamedAddr::as_str).unwrap_or_default();
    let unnamed = i64_attr(p.ctx(), unnamed.value() as i64);
    props.push(named(p.ctx(), "unnamed_addr", unnamed));
    props
}

/// `llvm.mlir.global`'s custom form.
pub fn parse_global(p: &mut OpAsmParser<'_>, state: &mut OperationState) -> PResult<()> {
    let mut props = parse_common_global_and_alias(p);
    if p.parse_optional_keyword("constant") {
        let unit = p.ctx().unit_attr();
        props.push(named(p.ctx(), "constant", unit));
    }
    let name = p.parse_symbol_name()?;
    props.push(named(p.ctx(), "sym_name", name));
    p.parse_lparen()?;
    let mut value = None;
    if !p.parse_optional_rparen() {
        let v = p.parse_attribute()?;
        p.parse_rparen()?;
        props.push(named(p.ctx(), "value", v));
        value = Some(v);
    }
    if p.parse_optional_keyword("comdat") {
        p.parse_lparen()?;
        let comdat = p.parse_attribute()?;
        p.parse_rparen()?;
        props.push(named(p.ctx(), "comdat", comdat));
    }
    let dict = p.parse_optional_attr_dict()?;
    let types = p.parse_optional_colon_type_list()?;
    if types.len() > 1 {
        let at = p.name_location();
        return p.emit_error(at, "expected zero or one type");
    }
    let region = p.new_region();
    let global_type = match types.first() {
        Some(&t) => {
            if let Some(r) = p.parse_optional_region(&[])? {
                state.regions.push(r);
            }
            t
        }
        None => {
            let string_len = value.and_then(|v| match p.ctx().attr_kind(v) {
                AttrKind::String { value, .. } => Some(value.len()),
                _ => None,
            });
            let Some(len) = string_len else {
                let at = p.name_location();
                return p.emit_error(at, "type can only be omitted for string globals");
            };
            let ctx = p.ctx();
            let i8_ty = ctx.int_type(8);
            crate::LLVMArrayType::intern(ctx, i8_ty, len as u64).ty()
        }
    };
    if state.regions.is_empty() {
        state.regions.push(region);
    }
    let ctx = p.ctx();
    let type_attr = ctx.type_attr(global_type);
    props.push(named(ctx, "global_type", type_attr));
    if !entries(ctx, dict)
        .iter()
        .any(|e| ctx.str(e.name) == "addr_space")
    {
        let zero = ods_runtime::attr::integer(ctx, 32, 0);
        props.push(named(ctx, "addr_space", zero));
    }
    finish_attributes::<crate::GlobalOp>(p, state, props, dict, GLOBAL_INHERENT)
}

/// Prints what [`parse_common_global_and_alias`] reads (upstream's
/// `printCommonGlobalAndAlias`).
pub(crate) fn print_common_global_and_alias(pr: &mut OpAsmPrinter<'_, '_>, op: OpId) {
    let (ctx, ir) = (pr.ctx(), pr.ir());
    let get = |name: &str| inherent_attr(ctx, ir, op, name);
    let linkage = get("linkage")
        .and_then(|a| crate::LinkageAttr::from_attr(ctx, a))
        .map(|a| a.linkage(ctx))
        .unwrap_or_default();
    let visibility =
        Visibility::from_value(int_of(ctx, get("visibility_")) as u64).unwrap_or_default();
    let unnamed =
        get("unnamed_addr").and_then(|a| UnnamedAddr::from_value(int_of(ctx, Some(a)) as u64));
    pr.print_str(" ");
    pr.print_str(linkage.as_str());
    pr.print_str(" ");
    if !visibility.as_str().is_empty() {
        pr.print_str(visibility.as_str());
        pr.print_str(" ");
    }
    if get("thread_local_").is_some() {
        pr.print_str("thread_local ");
    }
    if let Some(u) = unnamed.filter(|u| !u.as_str().is_empty()) {
        pr.print_str(u.as_str());
        pr.print_str(" ");
    }
}

/// Prints what [`parse_global`] reads.
pub fn print_global(pr: &mut OpAsmPrinter<'_, '_>, op: OpId) {
    print_common_global_and_alias(pr, op);
    let (ctx, ir) = (pr.ctx(), pr.ir());
    let get = |name: &str| inherent_attr(ctx, ir, op, name);
    let value = get("value");
    let global_type = get("global_type").and_then(|a| ods_runtime::pred::type_attr_value(ctx, a));
    if get("constant").is_some() {
        pr.print_str("constant ");
    }
    match get("sym_name").map(|n| ctx.attr_kind(n)) {
        Some(AttrKind::String { value, .. }) => pr.print_symbol_name(value),
        _ => pr.print_symbol_name(b""),
    }
    pr.print_str("(");
    if let Some(v) = value {
        pr.print_attribute(v);
    }
    pr.print_str(")");
    if let Some(c) = get("comdat") {
        pr.print_str(" comdat(");
        pr.print_attribute(c);
        pr.print_str(")");
    }
    let shown = pr.op_attrs(op);
    pr.print_optional_attr_dict(
        &shown,
        &[
            "sym_name",
            "global_type",
            "constant",
            "value",
            "linkage",
            "unnamed_addr",
            "thread_local_",
            "visibility_",
            "comdat",
        ],
    );
    if value.is_some_and(|v| matches!(ctx.attr_kind(v), AttrKind::String { .. })) {
        return;
    }
    pr.print_str(" : ");
    if let Some(t) = global_type {
        pr.print_type(t);
    }
    if ir.num_regions(op) > 0 {
        let region = ir.region(op, 0);
        if !ir.region_is_empty(region) {
            pr.print_str(" ");
            pr.print_region(region, false, true, false);
        }
    }
}

/// The function type of an `llvm.func` op.
pub fn llvm_func_type(ctx: &Context, ir: &Ir, func: OpId) -> Option<LLVMFunctionType> {
    inherent_attr(ctx, ir, func, "function_type")
        .and_then(|a| ods_runtime::pred::type_attr_value(ctx, a))
        .and_then(|t| LLVMFunctionType::from_type(ctx, t))
}

/// `FunctionOpInterface`'s check of `llvm.func`: one argument (result)
/// attribute dictionary per parameter (result; a `void` result is none),
/// then the entry block's arguments are the signature's parameters.
pub fn verify_llvm_func_interface(ctx: &Context, ir: &Ir, op: OpId) -> Result<(), VerifyError> {
    let Some(f) = llvm_func_type(ctx, ir, op) else {
        return Ok(());
    };
    let params = f.params(ctx).to_vec();
    let results = usize::from(!is_void(ctx, f.return_type(ctx)));
    check_attr_array(
        ctx,
        ir,
        op,
        "arg_attrs",
        "argument",
        "arguments",
        params.len(),
    )?;
    check_attr_array(ctx, ir, op, "res_attrs", "result", "results", results)?;
    let body = (ir.num_regions(op) > 0).then(|| ir.region(op, 0));
    let Some(entry) = body.and_then(|r| ir.first_block(r)) else {
        return Ok(());
    };
    if ir.num_arguments(entry) != params.len() {
        return Err(VerifyError::op_error(format!(
            "entry block must have {} arguments to match function signature",
            params.len()
        )));
    }
    for (i, &want) in params.iter().enumerate() {
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

/// `llvm.func`'s own checks (upstream's `LLVMFuncOp::verify`, the
/// linkage rules).
pub fn verify_llvm_func(ctx: &Context, ir: &Ir, op: OpId) -> Result<(), VerifyError> {
    let linkage = inherent_attr(ctx, ir, op, "linkage")
        .and_then(|a| crate::LinkageAttr::from_attr(ctx, a))
        .map(|a| a.linkage(ctx))
        .unwrap_or_default();
    if linkage == Linkage::Common {
        return Err(VerifyError::op_error(format!(
            "functions cannot have '{}' linkage",
            linkage.as_str()
        )));
    }
    crate::module_ops::verify_comdat(ctx, ir, op)?;
    let external = ir.num_regions(op) == 0 || ir.region_is_empty(ir.region(op, 0));
    if external && !matches!(linkage, Linkage::External | Linkage::ExternWeak) {
        return Err(VerifyError::op_error(
            "external functions must have 'external' or 'extern_weak' linkage",
        ));
    }
    // A definition's inlining attributes (declarations are not checked).
    let has = |name: &str| inherent_attr(ctx, ir, op, name).is_some();
    if !external && has("no_inline") && has("always_inline") {
        return Err(VerifyError::new(
            "no_inline and always_inline attributes are incompatible",
        ));
    }
    if !external && has("optimize_none") && !has("no_inline") {
        return Err(VerifyError::op_error(
            "with optimize_none must also be no_inline",
        ));
    }
    crate::invoke::verify_eh_types(ctx, ir, op)?;
    crate::block_address::verify_block_tags(ctx, ir, op)
}

/// `llvm.return`: inside an `llvm.func`, its operand matches the
/// function's result type (upstream's `ReturnOp::verify`).
pub fn verify_return(ctx: &Context, ir: &Ir, op: OpId) -> Result<(), VerifyError> {
    let mut parent = ir.parent_op(op);
    while let Some(p) = parent {
        if ctx.str(ir.op_name(p)) == "llvm.func" {
            break;
        }
        parent = ir.parent_op(p);
    }
    let Some(func) = parent else {
        return Ok(());
    };
    let Some(f) = llvm_func_type(ctx, ir, func) else {
        return Ok(());
    };
    let expected = f.return_type(ctx);
    let note = |e: VerifyError| e.with_note(Some(ir.op_loc(func)), "when returning from function");
    let arg = (ir.num_operands(op) > 0).then(|| ir.operand(op, 0));
    match arg {
        Some(_) if is_void(ctx, expected) => {
            Err(note(VerifyError::op_error("expected no operands")))
        }
        None if is_void(ctx, expected) => Ok(()),
        None => Err(note(VerifyError::op_error("expected 1 operand"))),
        Some(v) if ir.value_type(v) != expected => {
            Err(note(VerifyError::op_error("mismatching result types")))
        }
        Some(_) => Ok(()),
    }
}

/// `llvm.mlir.addressof`: the symbol is a global or a function, in the
/// pointer's address space (upstream's `verifySymbolUses`).
pub fn verify_addressof_symbol(tables: &mut SymbolTables<'_>, op: OpId) -> Result<(), VerifyError> {
    let Some(name) = inherent_attr(tables.ctx, tables.ir, op, "global_name") else {
        return Ok(());
    };
    let target = tables.lookup_nearest_from(op, name);
    let (ctx, ir) = (tables.ctx, tables.ir);
    let kind = target.map(|t| ctx.str(ir.op_name(t)).to_string());
    let is = |n: &str| kind.as_deref() == Some(n);
    if !(is("llvm.mlir.global")
        || is("llvm.func")
        || is("llvm.mlir.alias")
        || is("llvm.mlir.ifunc"))
    {
        return Err(VerifyError::op_error(
            "must reference a global defined by 'llvm.mlir.global', 'llvm.mlir.alias' or 'llvm.func' or 'llvm.mlir.ifunc'",
        ));
    }
    let target = target.expect("checked above");
    let space = if is("llvm.mlir.global") {
        Some(int_of(ctx, inherent_attr(ctx, ir, target, "addr_space")))
    } else if is("llvm.mlir.alias") {
        crate::alias::alias_address_space(ctx, ir, target).map(i64::from)
    } else {
        None
    };
    if let Some(space) = space {
        let ptr_space = ir
            .results(op)
            .next()
            .and_then(|r| crate::pred::pointer_address_space(ctx, ir.value_type(r)))
            .unwrap_or(0);
        if space != i64::from(ptr_space) {
            return Err(VerifyError::op_error(
                "pointer address space must match address space of the referenced global or alias",
            ));
        }
    }
    Ok(())
}

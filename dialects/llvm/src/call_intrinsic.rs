//! `llvm.call_intrinsic`: its custom form (upstream's
//! `CallIntrinsicOp::parse`/`print`) and check (`CallIntrinsicOp::verify`).
//!
//! ```text
//! llvm.call_intrinsic "llvm.name"(%args) ["tag"(%x : t)]? {attrs}?
//!     : (types {attrs}?) -> result
//! ```
//!
//! The pieces are `llvm.call`'s (`crate::call`): bundles, the signature
//! with argument and result attributes, and the bundle-tag check.

use ods_runtime::ir::parser::ops::OpAsmParser;
use ods_runtime::ir::parser::{Delimiter, PResult};
use ods_runtime::ir::printer::ops::OpAsmPrinter;
use ods_runtime::ir::registry::VerifyError;
use ods_runtime::ir::{AttrKind, Context, Ir, OpId, OperationState, Type};
use ods_runtime::op::inherent_attr;

use crate::call::{named, parse_call_tail, print_call_bundles};

const INHERENT: &[&str] = &[
    "intrin",
    "fastmathFlags",
    "op_bundle_sizes",
    "op_bundle_tags",
    "arg_attrs",
    "res_attrs",
    "operandSegmentSizes",
];

/// `llvm.call_intrinsic`'s custom form.
pub fn parse_call_intrinsic(p: &mut OpAsmParser<'_>, state: &mut OperationState) -> PResult<()> {
    let at = p.current_location();
    let intrin = p.parse_attribute()?;
    if !matches!(p.ctx().attr_kind(intrin), AttrKind::String { ty: None, .. }) {
        return p.emit_error(at, "invalid kind of attribute specified");
    }
    let mut props = vec![named(p.ctx(), "intrin", intrin)];
    let args = p.parse_operand_list(Delimiter::Paren)?;
    let tail = parse_call_tail(p, state, None, &args, &mut props)?;
    let ctx = p.ctx();
    let counts = [tail.callee_count, tail.bundle_count];
    let segments = ods_runtime::attr::dense_array::<i32>(ctx, &counts);
    props.push(named(ctx, "operandSegmentSizes", segments));
    ods_runtime::format::set_attributes(p, state, tail.dict, INHERENT, props);
    Ok(())
}

/// Prints what [`parse_call_intrinsic`] reads.
pub fn print_call_intrinsic(pr: &mut OpAsmPrinter<'_, '_>, op: OpId) {
    let (ctx, ir) = (pr.ctx(), pr.ir());
    let get = |n: &str| inherent_attr(ctx, ir, op, n);
    let segments = get("operandSegmentSizes")
        .map(|a| ods_runtime::attr::dense_array_values::<i32>(ctx, a))
        .unwrap_or_default();
    let n_args = segments
        .first()
        .map_or(ir.num_operands(op), |&n| n.max(0) as usize)
        .min(ir.num_operands(op));
    let args: Vec<_> = ir.operands(op).take(n_args).collect();
    let (arg_attrs, res_attrs) = (get("arg_attrs"), get("res_attrs"));
    let attrs = crate::format::attrs_without_default_fastmath(pr, op);
    pr.print_str(" ");
    if let Some(intrin) = get("intrin") {
        pr.print_attribute_without_type(intrin);
    }
    pr.print_str("(");
    pr.print_operands(args.iter().copied());
    pr.print_str(")");
    print_call_bundles(pr, op, n_args);
    pr.print_optional_attr_dict(
        &attrs,
        &[
            "operandSegmentSizes",
            "op_bundle_sizes",
            "intrin",
            "op_bundle_tags",
            "arg_attrs",
            "res_attrs",
        ],
    );
    pr.print_str(" : ");
    let results: Vec<Type> = ir.results(op).map(|r| ir.value_type(r)).collect();
    crate::call::print_call_signature(pr, &args, arg_attrs, &results, res_attrs);
}

/// `llvm.call_intrinsic`'s own check: an `llvm.` name, then the bundle
/// tags as `llvm.call` checks them.
pub fn verify_call_intrinsic(ctx: &Context, ir: &Ir, op: OpId) -> Result<(), VerifyError> {
    let name = inherent_attr(ctx, ir, op, "intrin")
        .map(|a| ods_runtime::attr::string_value(ctx, a).to_string())
        .unwrap_or_default();
    if !name.starts_with("llvm.") {
        return Err(VerifyError::op_error(
            "intrinsic name must start with 'llvm.'",
        ));
    }
    crate::call::verify_call(ctx, ir, op)
}

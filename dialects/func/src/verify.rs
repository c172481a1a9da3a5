//! The checks of `func` ops that the spec leaves to Rust, worded as
//! `mlir-opt` words them: `func.return`'s `hasVerifier`, and what upstream
//! runs for `func.func` through `FunctionOpInterface`, which our standard
//! library declares without a body (`Symbol`'s checks are the generated
//! `SymbolOpInterface`'s).
//!
//! In: a verified-so-far op (its ODS invariants hold). Out: the first
//! problem, as a [`VerifyError`].

use ir::printer::print_type_str;
use ir::registry::VerifyError;
use ir::symbols::SymbolTables;
use ir::{AttrKind, Attribute, Context, Ir, OpId, Type};
use ods_runtime::function_op::{self, FunctionOpSyntax};
use ods_runtime::op::inherent_attr;

/// The input and result types of a `func.func` (empty when its
/// `function_type` is missing or of another kind; the ODS invariants
/// reject that first).
pub fn function_signature(ctx: &Context, ir: &Ir, func: OpId) -> (Vec<Type>, Vec<Type>) {
    function_op::function_signature(ctx, ir, func, &FunctionOpSyntax::FUNC)
}

/// `FunctionOpInterface`'s checks of a `func.func`.
pub fn verify_func(ctx: &Context, ir: &Ir, op: OpId) -> Result<(), VerifyError> {
    function_op::verify_function_op(ctx, ir, op, &FunctionOpSyntax::FUNC)
}

/// A string attribute's text.
fn string_value(ctx: &Context, attr: Option<Attribute>) -> Option<String> {
    match attr.map(|a| ctx.attr_kind(a)) {
        Some(AttrKind::String { value, .. }) => Some(String::from_utf8_lossy(value).into_owned()),
        _ => None,
    }
}

/// `func.return`: its operands match the enclosing function's results.
pub fn verify_return(ctx: &Context, ir: &Ir, op: OpId) -> Result<(), VerifyError> {
    // `HasParent<"FuncOp">` ran first, so the parent is a `func.func`.
    let Some(func) = ir.parent_op(op) else {
        return Ok(());
    };
    let (_, results) = function_signature(ctx, ir, func);
    let name = string_value(ctx, inherent_attr(ctx, ir, func, "sym_name")).unwrap_or_default();
    // mlir-opt shows the name as it is, never quoted.
    let shown_name = name;
    if ir.num_operands(op) != results.len() {
        return Err(VerifyError::op_error(format!(
            "has {} operands, but enclosing function (@{shown_name}) returns {}",
            ir.num_operands(op),
            results.len()
        )));
    }
    for (i, (v, &want)) in ir.operands(op).zip(&results).enumerate() {
        let have = ir.value_type(v);
        if have != want {
            return Err(VerifyError::new(format!(
                "type of return operand {i} ('{}') doesn't match function result type ('{}') in function @{shown_name}",
                print_type_str(ctx, have),
                print_type_str(ctx, want)
            )));
        }
    }
    Ok(())
}

/// `'a', 'b'`: types as MLIR's diagnostics list them.
fn quoted_types(ctx: &Context, types: &[Type]) -> String {
    types
        .iter()
        .map(|&t| format!("'{}'", print_type_str(ctx, t)))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The `func.func` a flat symbol reference names from `op`, if any.
fn lookup_function(tables: &mut SymbolTables<'_>, op: OpId, symbol: Attribute) -> Option<OpId> {
    tables
        .lookup_nearest_from(op, symbol)
        .filter(|&f| tables.ctx.str(tables.ir.op_name(f)) == "func.func")
}

/// `op`'s flat symbol reference attribute `name`, or the error upstream's
/// symbol users give when it is missing or of another kind.
fn flat_symbol_attr(
    ctx: &Context,
    ir: &Ir,
    op: OpId,
    name: &str,
) -> Result<Attribute, VerifyError> {
    inherent_attr(ctx, ir, op, name)
        .filter(|&a| ods_runtime::pred::is_flat_symbol_ref_attr(ctx, a))
        .ok_or_else(|| {
            VerifyError::op_error(format!("requires a '{name}' symbol reference attribute"))
        })
}

/// The text of a symbol reference's root name.
fn symbol_text(ctx: &Context, symbol: Attribute) -> String {
    match ctx.attr_kind(symbol) {
        AttrKind::SymbolRef { root, .. } => ctx.str(*root).to_owned(),
        _ => String::new(),
    }
}

/// `func.call` (`SymbolUserOpInterface`): the callee is a `func.func`
/// visible from the call, whose type the operands and results match.
pub fn verify_call_symbol_uses(tables: &mut SymbolTables<'_>, op: OpId) -> Result<(), VerifyError> {
    let (ctx, ir) = (tables.ctx, tables.ir);
    let callee = flat_symbol_attr(ctx, ir, op, "callee")?;
    let Some(func) = lookup_function(tables, op, callee) else {
        return Err(VerifyError::op_error(format!(
            "'{}' does not reference a valid function",
            symbol_text(ctx, callee)
        )));
    };
    let (inputs, results) = function_signature(ctx, ir, func);
    if inputs.len() != ir.num_operands(op) {
        return Err(VerifyError::op_error(
            "incorrect number of operands for callee",
        ));
    }
    for (i, (v, &want)) in ir.operands(op).zip(&inputs).enumerate() {
        let have = ir.value_type(v);
        if have != want {
            return Err(VerifyError::op_error(format!(
                "operand type mismatch: expected operand type '{}', but provided '{}' for operand number {i}",
                print_type_str(ctx, want),
                print_type_str(ctx, have)
            )));
        }
    }
    if results.len() != ir.num_results(op) {
        return Err(VerifyError::op_error(
            "incorrect number of results for callee",
        ));
    }
    let have: Vec<Type> = ir.results(op).map(|v| ir.value_type(v)).collect();
    if let Some(i) = have.iter().zip(&results).position(|(a, b)| a != b) {
        // Upstream attaches the notes without a location of their own, so
        // they carry the call's; the padding lines up the two type lists.
        let at = Some(ir.op_loc(op));
        return Err(
            VerifyError::op_error(format!("result type mismatch at index {i}"))
                .with_note(
                    at,
                    format!("      op result types: {}", quoted_types(ctx, &have)),
                )
                .with_note(
                    at,
                    format!("function result types: {}", quoted_types(ctx, &results)),
                ),
        );
    }
    Ok(())
}

/// `func.constant` (`SymbolUserOpInterface`): the value names a
/// `func.func` of the result's type.
pub fn verify_constant_symbol_uses(
    tables: &mut SymbolTables<'_>,
    op: OpId,
) -> Result<(), VerifyError> {
    let (ctx, ir) = (tables.ctx, tables.ir);
    let value = flat_symbol_attr(ctx, ir, op, "value")?;
    let Some(func) = lookup_function(tables, op, value) else {
        return Err(VerifyError::op_error(format!(
            "reference to undefined function '{}'",
            symbol_text(ctx, value)
        )));
    };
    let function_type =
        inherent_attr(ctx, ir, func, "function_type").and_then(|a| match ctx.attr_kind(a) {
            AttrKind::Type(t) => Some(*t),
            _ => None,
        });
    let result = (ir.num_results(op) == 1).then(|| ir.value_type(ir.result(op, 0)));
    if function_type != result {
        return Err(VerifyError::op_error(
            "reference to function with mismatched type",
        ));
    }
    Ok(())
}

//! The hand-written custom forms of the Toy ops whose spec sets
//! `hasCustomAssemblyFormat`, read and written as the tutorial's C++ does:
//!
//! ```text
//! toy.constant {attrs}? dense<...> : tensor<2x3xf64>
//! toy.add %a, %b {attrs}? : tensor<*xf64>                (all types equal)
//! toy.mul %a, %b {attrs}? : (tensor<2xf64>, tensor<*xf64>) -> tensor<*xf64>
//! toy.func @name(%arg0: tensor<*xf64>, ...) -> tensor<*xf64> attributes {...}? { body }
//! ```
//!
//! In: the tokens after the op name (parsers) or the op (printers). Out:
//! the op's state, with its inherent attributes as properties and the rest
//! of any attribute dictionary as discardable attributes, or the text.

use ods_runtime::function_op::{parse_function_op, print_function_op, FunctionOpSyntax};
use ods_runtime::ir::parser::ops::OpAsmParser;
use ods_runtime::ir::parser::{AttrClass, Delimiter, PResult};
use ods_runtime::ir::printer::ops::OpAsmPrinter;
use ods_runtime::ir::{Attribute, NamedAttribute, OpId, OperationState, Type, TypeKind};
use ods_runtime::op::inherent_attr;
use ods_runtime::pred::attr_type;

/// Properties of an op from `(name, value)` pairs.
fn properties(p: &mut OpAsmParser<'_>, entries: &[(&str, Attribute)]) -> Attribute {
    let entries = entries
        .iter()
        .map(|&(name, value)| NamedAttribute {
            name: p.ctx().ident(name),
            value,
        })
        .collect();
    p.ctx().dictionary_attr(entries)
}

/// `toy.constant`: an optional attribute dictionary, then the elements
/// literal with its type, which is the result's type.
pub fn parse_constant(p: &mut OpAsmParser<'_>, state: &mut OperationState) -> PResult<()> {
    state.attrs = p.parse_optional_attr_dict()?;
    let value = p.parse_attribute_of_kind(AttrClass::Elements)?;
    let ty = attr_type(p.ctx(), value);
    state.result_types.extend(ty);
    state.props = Some(properties(p, &[("value", value)]));
    Ok(())
}

/// Prints what [`parse_constant`] reads, spaced as the tutorial's printer
/// spaces it: a space, the dictionary if any (which brings its own leading
/// space), then the literal with no space before it
/// (`toy.constant  {a = 1}dense<...>`).
pub fn print_constant(pr: &mut OpAsmPrinter<'_, '_>, op: OpId) {
    pr.print_str(" ");
    let attrs = pr.op_attrs(op);
    pr.print_optional_attr_dict(&attrs, &["value"]);
    if let Some(value) = inherent_attr(pr.ctx(), pr.ir(), op, "value") {
        pr.print_attribute(value);
    }
}

/// `toy.add` / `toy.mul`: two operands, an optional attribute dictionary
/// and either one type for all three values or a function type.
pub fn parse_binary_op(p: &mut OpAsmParser<'_>, state: &mut OperationState) -> PResult<()> {
    let at = p.current_location();
    let operands = p.parse_operand_list_of(2, Delimiter::None)?;
    state.attrs = p.parse_optional_attr_dict()?;
    let ty = p.parse_colon_type()?;
    if let TypeKind::Function { inputs, results } = p.ctx().type_kind(ty) {
        let (inputs, results) = (inputs.to_vec(), results.to_vec());
        p.resolve_operands(&operands, &inputs, at, &mut state.operands)?;
        state.result_types.extend(results);
        return Ok(());
    }
    p.resolve_operands_to(&operands, ty, &mut state.operands)?;
    state.result_types.push(ty);
    Ok(())
}

/// Prints what [`parse_binary_op`] reads: the short type when every
/// operand has the result's type.
pub fn print_binary_op(pr: &mut OpAsmPrinter<'_, '_>, op: OpId) {
    let ir = pr.ir();
    pr.print_str(" ");
    pr.print_operands(ir.operands(op));
    let attrs = pr.op_attrs(op);
    pr.print_optional_attr_dict(&attrs, &[]);
    pr.print_str(" : ");
    let operand_types: Vec<Type> = ir.operands(op).map(|v| ir.value_type(v)).collect();
    let result_types: Vec<Type> = ir.results(op).map(|v| ir.value_type(v)).collect();
    match result_types.first() {
        Some(&result) if operand_types.iter().all(|&t| t == result) => pr.print_type(result),
        _ => pr.print_functional_type(&operand_types, &result_types),
    }
}

/// `toy.func`'s attributes: upstream's tutorial parses and prints it with
/// MLIR's function-op helpers, as this does.
pub(crate) const TOY_FUNC: FunctionOpSyntax = FunctionOpSyntax {
    inherent: &["sym_name", "function_type", "arg_attrs", "res_attrs"],
    ..FunctionOpSyntax::FUNC
};

/// `toy.func`: a symbol name, named arguments, optional results, an
/// optional `attributes {...}` and the body.
pub fn parse_func(p: &mut OpAsmParser<'_>, state: &mut OperationState) -> PResult<()> {
    parse_function_op(p, state, &TOY_FUNC)
}

/// Prints what [`parse_func`] reads.
pub fn print_func(pr: &mut OpAsmPrinter<'_, '_>, op: OpId) {
    print_function_op(pr, op, &TOY_FUNC)
}

//! `arith.select`'s custom assembly form (its spec says
//! `hasCustomAssemblyFormat`), read and written as `mlir-opt` does:
//! `%r = arith.select %cond, %a, %b {attrs} : type` for a scalar `i1`
//! condition, `: cond-type, type` for a vector or tensor one.
//!
//! In: the tokens after `arith.select` (parser) or an `arith.select` op
//! (printer). Out: the op's state (three operands, one result), or the
//! text.

use ir::parser::ops::OpAsmParser;
use ir::parser::{Delimiter, PResult};
use ir::printer::ops::OpAsmPrinter;
use ir::{OpId, OperationState, TypeKind};

/// Parses `arith.select`'s custom form after the op name (MLIR's
/// `SelectOp::parse`).
pub fn parse_select_op(p: &mut OpAsmParser<'_>, state: &mut OperationState) -> PResult<()> {
    let at = p.current_location();
    let operands = p.parse_operand_list_of(3, Delimiter::None)?;
    state.attrs = p.parse_optional_attr_dict()?;
    let mut result = p.parse_colon_type()?;
    // A second type makes the first the condition's (a vector or tensor
    // of i1); otherwise the condition is a scalar i1.
    let condition = if p.parse_optional_comma() {
        let condition = result;
        result = p.parse_type()?;
        condition
    } else {
        p.ctx().int_type(1)
    };
    p.resolve_operands(
        &operands,
        &[condition, result, result],
        at,
        &mut state.operands,
    )?;
    state.result_types.push(result);
    Ok(())
}

/// Prints `arith.select`'s custom form after the op name.
pub fn print_select_op(pr: &mut OpAsmPrinter<'_, '_>, op: OpId) {
    let ir = pr.ir();
    pr.print_str(" ");
    pr.print_operands(ir.operands(op));
    let attrs = pr.op_attrs(op);
    pr.print_optional_attr_dict(&attrs, &[]);
    pr.print_str(" : ");
    if ir.num_operands(op) > 0 {
        let condition = ir.value_type(ir.operand(op, 0));
        let shaped = matches!(
            pr.ctx().type_kind(condition),
            TypeKind::Vector { .. }
                | TypeKind::RankedTensor { .. }
                | TypeKind::UnrankedTensor { .. }
                | TypeKind::MemRef { .. }
                | TypeKind::UnrankedMemRef { .. }
        );
        if shaped {
            pr.print_type(condition);
            pr.print_str(", ");
        }
    }
    if ir.num_results(op) > 0 {
        pr.print_type(ir.value_type(ir.result(op, 0)));
    }
}

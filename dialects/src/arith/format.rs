//! `arith.select`'s custom assembly form (its spec says
//! `hasCustomAssemblyFormat`), read and written as `mlir-opt` does:
//! `%r = arith.select %cond, %a, %b {attrs} : type` for a scalar `i1`
//! condition, `: cond-type, type` for a vector or tensor one.
//!
//! In: the tokens after `arith.select` (parser) or an `arith.select` op
//! (printer). Out: the op's state (three operands, one result), or the
//! text.

use ir::lexer::TokenKind;
use ir::parser::ops::OpParser;
use ir::parser::PResult;
use ir::printer::ops::OpPrinter;
use ir::{OpId, OperationState, TypeKind};

/// Parses `arith.select`'s custom form after the op name.
pub fn parse_select_op(p: &mut OpParser<'_>, state: &mut OperationState) -> PResult<()> {
    let at = p.p.tok().start;
    let mut refs = Vec::new();
    if p.p.at(TokenKind::PercentIdent) {
        loop {
            refs.push(p.parse_operand_ref()?);
            if !p.p.eat(TokenKind::Comma) {
                break;
            }
        }
    }
    if refs.len() != 3 {
        return p
            .p
            .err_at(at, "custom op 'arith.select' expected 3 operands");
    }
    state.attrs = p.parse_optional_attr_dict()?;
    p.p.expect(TokenKind::Colon, "':'")?;
    let mut result = p.parse_type_cached()?;
    // A second type makes the first the condition's (a vector or tensor
    // of i1); otherwise the condition is a scalar i1.
    let condition = if p.p.eat(TokenKind::Comma) {
        let condition = result;
        result = p.parse_type_cached()?;
        condition
    } else {
        p.p.ctx.int_type(1)
    };
    p.resolve_operands(&refs, &[condition, result, result], at, &mut state.operands)?;
    state.result_types.push(result);
    Ok(())
}

/// Prints `arith.select`'s custom form after the op name.
pub fn print_select_op(pr: &mut OpPrinter<'_, '_>, op: OpId) {
    let ir = pr.ir;
    for (i, v) in ir.operands(op).enumerate() {
        pr.p.push(if i == 0 { " " } else { ", " });
        pr.print_value(v);
    }
    pr.print_attr_dict(ir.attrs(op), &[]);
    pr.p.push(" : ");
    if ir.num_operands(op) > 0 {
        let condition = ir.value_type(ir.operand(op, 0));
        let shaped = matches!(
            pr.p.ctx.type_kind(condition),
            TypeKind::Vector { .. }
                | TypeKind::RankedTensor { .. }
                | TypeKind::UnrankedTensor { .. }
                | TypeKind::MemRef { .. }
                | TypeKind::UnrankedMemRef { .. }
        );
        if shaped {
            pr.print_type(condition);
            pr.p.push(", ");
        }
    }
    if ir.num_results(op) > 0 {
        pr.print_type(ir.value_type(ir.result(op, 0)));
    }
}

//! Builtin ops the core knows before a `builtin` dialect crate exists,
//! besides `builtin.module` (whose hooks sit with the op parser and
//! printer): `builtin.unrealized_conversion_cast`.
//!
//! In: the registry being built. Out: the op registered with its custom
//! form `unrealized_conversion_cast %a, %b : t1, t2 to t3, t4 {attrs}`,
//! parsed and printed as mlir-opt does.

use crate::context::Context;
use crate::graph::{OpId, OperationState};
use crate::lexer::TokenKind;
use crate::parser::ops::OpParser;
use crate::parser::PResult;
use crate::printer::ops::OpPrinter;
use crate::registry::{OpInfo, OpTraits, Registry};

/// Registers the builtin ops of this module.
pub fn register(ctx: &mut Context, reg: &mut Registry) {
    let name = ctx.ident("builtin.unrealized_conversion_cast");
    let mut cast = OpInfo::new(name, OpTraits::PURE);
    cast.parse = Some(parse_cast);
    cast.print = Some(print_cast);
    cast.inherent_attrs = Some(&[]);
    reg.add_op(cast);
}

/// `($inputs^ : type($inputs))? to type($outputs) attr-dict`
fn parse_cast(p: &mut OpParser<'_>, state: &mut OperationState) -> PResult<()> {
    let mut refs = Vec::new();
    let mut types = Vec::new();
    let at = p.p.tok().start;
    if p.p.at(TokenKind::PercentIdent) {
        loop {
            refs.push(p.parse_operand_ref()?);
            if !p.p.eat(TokenKind::Comma) {
                break;
            }
        }
        p.p.expect(TokenKind::Colon, "':'")?;
        p.parse_type_list(&mut types)?;
    }
    if !p.p.eat_keyword("to") {
        return p.p.err_wrong_token("expected 'to'");
    }
    p.parse_type_list(&mut state.result_types)?;
    state.attrs = p.parse_optional_attr_dict()?;
    p.resolve_operands(&refs, &types, at, &mut state.operands)
}

fn print_cast(pr: &mut OpPrinter<'_, '_>, op: OpId) {
    let ir = pr.ir;
    if ir.num_operands(op) > 0 {
        pr.p.push(" ");
        pr.print_values(ir.operands(op));
        pr.p.push(" : ");
        pr.print_value_types(ir.operands(op));
    }
    pr.p.push(" to ");
    pr.print_value_types(ir.results(op));
    pr.print_attr_dict(ir.attrs(op), &[]);
}

//! `cf.switch`'s `custom<SwitchOpCases>` directive, read and written as
//! upstream's `parseSwitchOpCases` / `printSwitchOpCases`:
//!
//! ```text
//!   default: ^bb1(%a : i32),
//!   42: ^bb2
//! ```
//!
//! In: the tokens after `[` and its line break (parser), or the op's
//! groups (printer). Out: the default destination and operands, the case
//! values as `dense<...> : vector<Nx(flag type)>`, each case's
//! destination and operands; or the text.

use ir::parser::ops::{OpAsmParser, UnresolvedOperand};
use ir::parser::{Delimiter, PResult};
use ir::printer::ops::OpAsmPrinter;
use ir::{AttrKind, Attribute, BlockId, OpId, Type, Value};

/// The optional `(%a, %b : t1, t2)` after a destination. As upstream's
/// `parseSwitchOpCases`, only the default destination's list rejects
/// result numbers (`%x#1`); a case's list takes them.
fn parse_use_list<'a>(
    p: &mut OpAsmParser<'a>,
    operands: &mut Vec<UnresolvedOperand<'a>>,
    types: &mut Vec<Type>,
    allow_result_numbers: bool,
) -> PResult<()> {
    if p.parse_optional_lparen() {
        *operands = if allow_result_numbers {
            p.parse_operand_list(Delimiter::None)?
        } else {
            p.parse_operand_list_without_result_numbers(Delimiter::None)?
        };
        *types = p.parse_colon_type_list()?;
        p.parse_rparen()?;
    }
    Ok(())
}

/// Reads `default: ^bb(...)` and then `, value: ^bb(...)` cases.
#[allow(clippy::too_many_arguments)]
pub fn parse_switch_op_cases<'a>(
    p: &mut OpAsmParser<'a>,
    flag_type: Type,
    default_destination: &mut Option<BlockId>,
    default_operands: &mut Vec<UnresolvedOperand<'a>>,
    default_operand_types: &mut Vec<Type>,
    case_values: &mut Option<Attribute>,
    case_destinations: &mut Vec<BlockId>,
    case_operands: &mut Vec<Vec<UnresolvedOperand<'a>>>,
    case_operand_types: &mut Vec<Vec<Type>>,
) -> PResult<()> {
    p.parse_keyword("default")?;
    p.parse_colon()?;
    *default_destination = Some(p.parse_successor()?);
    parse_use_list(p, default_operands, default_operand_types, false)?;
    let mut values: Vec<i64> = Vec::new();
    while p.parse_optional_comma() {
        values.push(p.parse_integer::<i64>()?);
        p.parse_colon()?;
        case_destinations.push(p.parse_successor()?);
        let (mut operands, mut types) = (Vec::new(), Vec::new());
        parse_use_list(p, &mut operands, &mut types, true)?;
        case_operands.push(operands);
        case_operand_types.push(types);
    }
    if !values.is_empty() {
        *case_values = Some(super::dense_int_vector(p.ctx(), flag_type, &values));
    }
    Ok(())
}

/// Writes the cases, one per line, as upstream does.
#[allow(clippy::too_many_arguments)]
pub fn print_switch_op_cases(
    pr: &mut OpAsmPrinter<'_, '_>,
    op: OpId,
    _flag_type: Type,
    default_destination: Option<BlockId>,
    default_operands: &[Value],
    _default_operand_types: &[Type],
    case_values: Option<Attribute>,
    case_destinations: &[BlockId],
    case_operands: &[Vec<Value>],
    _case_operand_types: &[Vec<Type>],
) {
    let _ = op;
    pr.print_str("  default: ");
    if let Some(block) = default_destination {
        pr.print_successor_and_use_list(block, default_operands);
    }
    let Some(values) = case_values.map(|v| case_ints(pr, v)) else {
        return;
    };
    for (i, value) in values.iter().enumerate() {
        pr.print_str(",");
        pr.print_newline();
        pr.print_str("  ");
        pr.print_str(value);
        pr.print_str(": ");
        if let Some(&block) = case_destinations.get(i) {
            let operands = case_operands.get(i).map_or(&[][..], Vec::as_slice);
            pr.print_successor_and_use_list(block, operands);
        }
    }
    pr.print_newline();
}

/// The case values as text: each as an unsigned number of the flag's
/// width, as upstream prints them (`getLimitedValue`).
fn case_ints(pr: &OpAsmPrinter<'_, '_>, values: Attribute) -> Vec<String> {
    let ctx = pr.ctx();
    let AttrKind::DenseElements { ty, data } = ctx.attr_kind(values) else {
        return Vec::new();
    };
    let count: i64 = ctx.shape(*ty).unwrap_or(&[]).iter().product();
    let width = ctx
        .element_type(*ty)
        .and_then(|e| ctx.int_or_float_width(e))
        .unwrap_or(64)
        .min(64);
    let step = data.scalar_bytes as usize;
    (0..count.max(0) as usize)
        .map(|i| {
            let at = if data.splat { 0 } else { i * step };
            let bytes = data.raw.get(at..at + step.min(8)).unwrap_or(&[]);
            let mut value = 0u64;
            for (k, &b) in bytes.iter().enumerate() {
                value |= u64::from(b) << (8 * k);
            }
            if width < 64 {
                value &= (1u64 << width) - 1;
            }
            value.to_string()
        })
        .collect()
}

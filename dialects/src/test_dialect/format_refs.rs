//! The `custom<...>` directives of `test.format_ref_all` and
//! `test.format_ref_groups`: functions given `ref(operands)`,
//! `ref(regions)`, `ref(successors)` and `ref` of a variadic-of-variadic
//! operand and of its types (what no twin op passes the same way).
//!
//! In: what the earlier elements read (parser) or the op's values
//! (printer). Out: nothing read but a checked keyword and number, or that
//! text.

use ods_runtime::ir::parser::ops::{OpAsmParser, UnresolvedOperand};
use ods_runtime::ir::parser::PResult;
use ods_runtime::ir::printer::ops::OpAsmPrinter;
use ods_runtime::ir::{BlockId, OpId, RegionId, Type, Value};

/// Reads `keyword N`; `N` must be `expected` (an error at the keyword).
fn parse_number(p: &mut OpAsmParser<'_>, keyword: &str, expected: usize) -> PResult<()> {
    let at = p.current_location();
    p.parse_keyword(keyword)?;
    let n = p.parse_integer::<i64>()?;
    if usize::try_from(n).ok() != Some(expected) {
        return p.emit_error(at, format!("expected {keyword} {expected}"));
    }
    Ok(())
}

/// `custom<Tally>(ref(operands), ref(regions), ref(successors))`:
/// `tally N`, how many operands, regions and successors the op has.
pub(crate) fn parse_tally(
    p: &mut OpAsmParser<'_>,
    operands: &[UnresolvedOperand<'_>],
    regions: &[RegionId],
    successors: &[BlockId],
) -> PResult<()> {
    parse_number(
        p,
        "tally",
        operands.len() + regions.len() + successors.len(),
    )
}

/// Prints `custom<Tally>(...)`.
pub(crate) fn print_tally(
    pr: &mut OpAsmPrinter<'_, '_>,
    _op: OpId,
    operands: &[Value],
    regions: &[RegionId],
    successors: &[BlockId],
) {
    let n = operands.len() + regions.len() + successors.len();
    pr.print_str(&format!("tally {n}"));
}

/// `custom<GroupShape>(ref($groups), ref(type($groups)))`: `groups N`,
/// the number of sub-groups; each must have as many types as operands.
pub(crate) fn parse_group_shape(
    p: &mut OpAsmParser<'_>,
    groups: &[Vec<UnresolvedOperand<'_>>],
    types: &[Vec<Type>],
) -> PResult<()> {
    let at = p.current_location();
    let same =
        groups.len() == types.len() && groups.iter().zip(types).all(|(g, t)| g.len() == t.len());
    if !same {
        return p.emit_error(at, "expected as many types as operands in each group");
    }
    parse_number(p, "groups", groups.len())
}

/// Prints `custom<GroupShape>(...)`.
pub(crate) fn print_group_shape(
    pr: &mut OpAsmPrinter<'_, '_>,
    _op: OpId,
    groups: &[Vec<Value>],
    _types: &[Vec<Type>],
) {
    pr.print_str(&format!("groups {}", groups.len()));
}

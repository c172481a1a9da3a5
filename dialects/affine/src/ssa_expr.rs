//! Affine expressions printed with SSA values in place of their dims and
//! symbols, as the affine ops' custom forms write subscripts:
//! `%i + 1, %j * 2 + symbol(%n)` (MLIR's `printAffineMapOfSSAIds` and
//! `printAffineExprOfSSAIds`). Reading them back is the `ir` parser's
//! (`OpAsmParser::parse_affine_map_of_ssa_ids`).
//!
//! In: an expression or map and the operands its dims, then symbols,
//! stand for. Out: the text, through the op printer (so values get the
//! names the rest of the module gives them). The expression's layout
//! (precedence, parentheses, `-` for negative terms) is
//! `ir::printer::affine`'s: its walk hands each dim and symbol to
//! [`SsaOperandSink`], which prints the value in its place.

use ir::affine::{AffineExpr, AffineMap};
use ir::printer::ops::OpAsmPrinter;
use ir::printer::AffineExprSink;
use ir::Value;

/// Prints an expression's dims and symbols as the SSA values they stand
/// for.
struct SsaOperandSink<'p, 'o, 'a, 'c> {
    pr: &'p mut OpAsmPrinter<'a, 'c>,
    dims: &'o [Value],
    symbols: &'o [Value],
}

impl AffineExprSink for SsaOperandSink<'_, '_, '_, '_> {
    fn text(&mut self, text: &str) {
        self.pr.print_str(text);
    }

    fn integer(&mut self, value: i128) {
        self.pr.print_integer(value);
    }

    fn dim(&mut self, position: u32) {
        match self.dims.get(position as usize) {
            Some(&value) => self.pr.print_operand(value),
            None => {
                self.pr.print_str("d");
                self.pr.print_integer(i128::from(position));
            }
        }
    }

    fn symbol(&mut self, position: u32) {
        match self.symbols.get(position as usize) {
            Some(&value) => {
                self.pr.print_str("symbol(");
                self.pr.print_operand(value);
                self.pr.print_str(")");
            }
            None => {
                self.pr.print_str("s");
                self.pr.print_integer(i128::from(position));
            }
        }
    }
}

/// Prints `expr` with dim `i` as `dims[i]` and symbol `j` as
/// `symbol(symbols[j])`. A position with no operand (IR that failed to
/// verify) stays `dN` / `sN`.
pub fn print_affine_expr_of_ssa_ids(
    pr: &mut OpAsmPrinter<'_, '_>,
    expr: &AffineExpr,
    dims: &[Value],
    symbols: &[Value],
) {
    // The text holds no attribute or type: the alias pass's dry run has
    // nothing to see in it.
    if pr.is_dry_run() {
        return;
    }
    expr.write_to(&mut SsaOperandSink { pr, dims, symbols });
}

/// Prints the results of `map`, comma separated, over `operands` (dims
/// first, then symbols).
pub fn print_affine_map_of_ssa_ids(
    pr: &mut OpAsmPrinter<'_, '_>,
    map: &AffineMap,
    operands: &[Value],
) {
    let num_dims = (map.num_dims as usize).min(operands.len());
    let (dims, symbols) = operands.split_at(num_dims);
    for (i, expr) in map.results.iter().enumerate() {
        if i > 0 {
            pr.print_str(", ");
        }
        print_affine_expr_of_ssa_ids(pr, expr, dims, symbols);
    }
}

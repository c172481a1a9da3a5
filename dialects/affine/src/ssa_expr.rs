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
//! `ir::printer::affine`'s: its text is read back token by token and each
//! `dN`/`sN` replaced by the value.

use ir::affine::{AffineExpr, AffineMap};
use ir::print_buffer::PrintBuffer;
use ir::printer::ops::OpAsmPrinter;
use ir::Value;

/// Prints `expr` with dim `i` as `dims[i]` and symbol `j` as
/// `symbol(symbols[j])`. A position with no operand (IR that failed to
/// verify) stays `dN` / `sN`.
pub fn print_affine_expr_of_ssa_ids(
    pr: &mut OpAsmPrinter<'_, '_>,
    expr: &AffineExpr,
    dims: &[Value],
    symbols: &[Value],
) {
    let mut buf = PrintBuffer::new();
    expr.write(&mut buf);
    let text = buf.into_string_lossy();
    let bytes = text.as_bytes();
    let mut plain_start = 0;
    let mut i = 0;
    while i < bytes.len() {
        let starts_word = i == 0 || !is_word_byte(bytes[i - 1]);
        let kind = bytes[i];
        if starts_word && (kind == b'd' || kind == b's') {
            let digits_end = bytes[i + 1..]
                .iter()
                .position(|b| !b.is_ascii_digit())
                .map_or(bytes.len(), |n| i + 1 + n);
            let whole_word = digits_end > i + 1
                && (digits_end == bytes.len() || !is_word_byte(bytes[digits_end]));
            if whole_word {
                let pos: usize = text[i + 1..digits_end].parse().unwrap_or(usize::MAX);
                let value = if kind == b'd' {
                    dims.get(pos)
                } else {
                    symbols.get(pos)
                };
                if let Some(&value) = value {
                    pr.print_str(&text[plain_start..i]);
                    if kind == b's' {
                        pr.print_str("symbol(");
                        pr.print_operand(value);
                        pr.print_str(")");
                    } else {
                        pr.print_operand(value);
                    }
                    plain_start = digits_end;
                }
                i = digits_end;
                continue;
            }
        }
        i += 1;
    }
    pr.print_str(&text[plain_start..]);
}

fn is_word_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
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

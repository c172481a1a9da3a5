//! `#llvm.di_expression`'s elements: the arguments of one DWARF
//! operation (`custom<ExpressionArg>` in `DIExpressionElemAttr`'s
//! format), read and printed as upstream's `parseExpressionArg` /
//! `printExpressionArg` do.
//!
//! Arguments are unsigned 64-bit integers; `DW_OP_LLVM_convert`'s
//! arguments after the first may be written as a base type encoding's
//! name (`DW_OP_LLVM_convert(8, DW_ATE_signed)`) and print so when the
//! number has one.

use ods_runtime::ir::parser::{AsmParser, PResult};
use ods_runtime::ir::printer::dialect_asm::AsmPrinter;

use super::dwarf::{DwarfEncoding, DwarfOperation, DW_OP_LLVM_CONVERT};

/// Reads `arg, arg, ...` (at least one) for the operation `opcode`.
pub(crate) fn parse_expression_arg(
    p: &mut AsmParser<'_>,
    opcode: Option<&DwarfOperation>,
    arguments: &mut Option<Vec<u64>>,
) -> PResult<()> {
    let is_convert = opcode == Some(&DW_OP_LLVM_CONVERT);
    let mut args = Vec::new();
    loop {
        args.push(parse_one(p, is_convert && !args.is_empty())?);
        if !p.parse_optional_comma() {
            break;
        }
    }
    *arguments = Some(args);
    Ok(())
}

/// One argument: an encoding's name where `named` allows it, else an
/// integer (`expected integer operand` after the integer parser's own
/// error, as upstream).
fn parse_one(p: &mut AsmParser<'_>, named: bool) -> PResult<u64> {
    if named {
        if let Some(word) = p.parse_optional_keyword_any() {
            return match DwarfEncoding::from_name(word) {
                Some(encoding) => Ok(u64::from(encoding.0)),
                None => {
                    p.emit_error_here(format!("encountered unknown attribute encoding \"{word}\""))
                }
            };
        }
    }
    match parse_u64(p) {
        Ok(value) => Ok(value),
        Err(_) => {
            let at = p.current_location();
            p.emit_error_also(at, "expected integer operand")
        }
    }
}

/// MLIR's `parseInteger<uint64_t>`: a negative number that fits 64 bits
/// wraps (`-1` is `18446744073709551615`), a larger one is refused.
fn parse_u64(p: &mut AsmParser<'_>) -> PResult<u64> {
    let at = p.current_location();
    let value: i128 = p.parse_integer()?;
    if value < i128::from(i64::MIN) || value > i128::from(u64::MAX) {
        return p.emit_error(at, "integer value too large");
    }
    // Two's complement of a negative value, as MLIR's truncation.
    Ok(value as u64)
}

/// Prints the arguments of `opcode`, `, ` between them.
pub(crate) fn print_expression_arg(
    p: &mut AsmPrinter<'_, '_>,
    opcode: &DwarfOperation,
    arguments: &[u64],
) {
    for (i, &arg) in arguments.iter().enumerate() {
        if i > 0 {
            p.print_str(", ");
        }
        let name = (i > 0 && *opcode == DW_OP_LLVM_CONVERT)
            .then(|| {
                u32::try_from(arg)
                    .ok()
                    .and_then(|v| DwarfEncoding(v).name())
            })
            .flatten();
        match name {
            Some(name) => p.print_str(name),
            None => p.print_str(&arg.to_string()),
        }
    }
}

#[cfg(test)]
mod tests {
    use ods_runtime::ir::printer::attrs::print_attribute_str;
    use ods_runtime::ir::AttrKind;

    /// Reads `#llvm.di_expression<...>` as the module's only attribute and
    /// prints it back.
    fn round_trip(text: &str) -> String {
        let (ctx, _reg, ir, module) =
            crate::testing::parse_module(&format!("module attributes {{test.e = {text}}} {{}}"));
        let attrs = ir.attrs(module).expect("the module's attributes");
        let AttrKind::Dictionary(entries) = ctx.attr_kind(attrs) else {
            panic!("a dictionary");
        };
        print_attribute_str(&ctx, entries[0].value)
    }

    /// Operations without arguments, with them, and `DW_OP_LLVM_convert`'s
    /// encodings by name (from the second argument on, when they have
    /// one); a negative argument wraps as upstream's parser wraps it.
    #[test]
    fn expressions_print_as_upstream() {
        assert_eq!(round_trip("#llvm.di_expression<>"), "#llvm.di_expression<>");
        assert_eq!(
            round_trip("#llvm.di_expression<[DW_OP_deref, DW_OP_plus_uconst(8), DW_OP_LLVM_fragment(0, 32)]>"),
            "#llvm.di_expression<[DW_OP_deref, DW_OP_plus_uconst(8), DW_OP_LLVM_fragment(0, 32)]>"
        );
        assert_eq!(
            round_trip("#llvm.di_expression<[DW_OP_LLVM_convert(5, 5, DW_ATE_float, 99)]>"),
            "#llvm.di_expression<[DW_OP_LLVM_convert(5, DW_ATE_signed, DW_ATE_float, 99)]>"
        );
        assert_eq!(
            round_trip("#llvm.di_expression<[DW_OP_constu(-1)]>"),
            "#llvm.di_expression<[DW_OP_constu(18446744073709551615)]>"
        );
    }
}

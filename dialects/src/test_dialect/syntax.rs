//! The hand-written syntax `test.ods` asks for with
//! `hasCustomAssemblyFormat`: `!test.range<low to high>`, on the same
//! parser and printer API generated formats use.

use super::RangeType;
use ods_runtime::ir::parser::{AsmParser, PResult};
use ods_runtime::ir::printer::dialect_asm::AsmPrinter;

impl RangeType {
    /// Reads `<low to high>` (after the mnemonic); the bounds must be in
    /// order.
    pub(crate) fn parse(p: &mut AsmParser<'_>) -> PResult<Self> {
        p.parse_less()?;
        let at = p.current_location();
        let low = p.parse_integer::<i64>()?;
        p.parse_keyword("to")?;
        let high = p.parse_integer::<i64>()?;
        p.parse_greater()?;
        if low > high {
            return p.emit_error(at, format!("empty range {low} to {high}"));
        }
        Ok(RangeType::get(p.ctx(), low, high))
    }

    /// Prints `<low to high>`.
    pub(crate) fn print(self, p: &mut AsmPrinter<'_, '_>) {
        let ctx = p.ctx();
        let (low, high) = (self.low(ctx), self.high(ctx));
        p.print_str("<");
        p.print_integer(low as i128);
        p.print_str(" to ");
        p.print_integer(high as i128);
        p.print_str(">");
    }
}

//! The hand-written syntax `test.ods` asks for: `!test.range<low to high>`
//! (`hasCustomAssemblyFormat`) and the `custom<SpanEnd>` directive of
//! `#test.span<start to end>`, on the same parser and printer API
//! generated formats use.

use super::{PointType, RangeType};
use ods_runtime::ir::parser::ops::OpAsmParser;
use ods_runtime::ir::parser::{AsmParser, PResult};
use ods_runtime::ir::printer::dialect_asm::AsmPrinter;
use ods_runtime::ir::printer::ops::OpAsmPrinter;
use ods_runtime::ir::{Attribute, OpId};

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

/// `custom<SpanEnd>(ref($start), $length)`: reads `to end` and stores the
/// length; an end before the start is an error at it.
pub(crate) fn parse_span_end(
    p: &mut AsmParser<'_>,
    start: Option<&i64>,
    length: &mut Option<i64>,
) -> PResult<()> {
    p.parse_keyword("to")?;
    let at = p.current_location();
    let end = p.parse_integer::<i64>()?;
    let start = start.copied().unwrap_or_default();
    if end < start {
        return p.emit_error(at, format!("span ends at {end}, before its start {start}"));
    }
    *length = Some(end - start);
    Ok(())
}

/// Prints `to end` for `custom<SpanEnd>`.
pub(crate) fn print_span_end(p: &mut AsmPrinter<'_, '_>, start: &i64, length: &i64) {
    p.print_str("to ");
    p.print_integer((*start + *length) as i128);
}

/// `custom<StepSize>($size)` of `#test.step`, leading its optional group:
/// an integer; `Ok(false)` when none follows.
pub(crate) fn parse_step_size(p: &mut AsmParser<'_>, size: &mut Option<i64>) -> PResult<bool> {
    *size = p.parse_optional_integer::<i64>()?;
    Ok(size.is_some())
}

/// Prints `custom<StepSize>($size)`.
pub(crate) fn print_step_size(p: &mut AsmPrinter<'_, '_>, size: &i64) {
    p.print_integer(*size as i128);
}

/// `custom<StepFrom>($offset, "2")` of `#test.step`: an integer, stored
/// times `scale`.
pub(crate) fn parse_step_from(
    p: &mut AsmParser<'_>,
    offset: &mut Option<i64>,
    scale: i64,
) -> PResult<()> {
    *offset = Some(p.parse_integer::<i64>()? * scale);
    Ok(())
}

/// Prints `custom<StepFrom>($offset, "2")`.
pub(crate) fn print_step_from(p: &mut AsmPrinter<'_, '_>, offset: &i64, scale: i64) {
    p.print_integer((*offset / scale) as i128);
}

/// `custom<OptionalLoc>($loc)` of `test.attr_with_loc`: a `loc(...)`,
/// or where it would stand when there is none (as upstream's directive
/// reads it).
pub(crate) fn parse_optional_loc(
    p: &mut OpAsmParser<'_>,
    loc: &mut Option<Attribute>,
) -> PResult<()> {
    let at = p.current_location();
    let written = p.parse_optional_location()?;
    *loc = Some(match written {
        Some(l) => l,
        None => p.encoded_source_loc(at),
    });
    Ok(())
}

/// Prints `custom<OptionalLoc>($loc)`: ` loc(...)` with debug info only.
pub(crate) fn print_optional_loc(pr: &mut OpAsmPrinter<'_, '_>, _op: OpId, loc: Option<Attribute>) {
    if let Some(loc) = loc {
        pr.print_optional_location(loc);
    }
}

impl PointType {
    /// The spec's `TypeBuilder<(ins "::llvm::ArrayRef<int64_t>":$coords)>`,
    /// declared without a body: the first two coordinates, missing ones 0.
    pub fn get_from_coords(ctx: &mut ods_runtime::ir::Context, coords: Vec<i64>) -> Self {
        let at = |i: usize| coords.get(i).copied().unwrap_or_default();
        PointType::intern(ctx, at(0), at(1))
    }
}

/// The parameter type of `#test.tagged` that the spec names as a Rust
/// path: read as a keyword, printed as one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Hue {
    Red,
    Green,
}

impl std::str::FromStr for Hue {
    type Err = ();
    fn from_str(s: &str) -> Result<Self, ()> {
        match s {
            "red" => Ok(Hue::Red),
            "green" => Ok(Hue::Green),
            _ => Err(()),
        }
    }
}

impl std::fmt::Display for Hue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Hue::Red => "red",
            Hue::Green => "green",
        })
    }
}

impl ods_runtime::attr_type_def::CustomParamValue for Hue {}

//! `#llvm.constant_range<i32, 0, 12>` (spec: `LLVMAttrDefs.ods`,
//! upstream's `ConstantRangeAttr` and its C++ parser, printer and
//! verifier): a half-open range `[lower, upper)` of `iN` integers, LLVM
//! IR's `range(i32 0, 12)`, as the `llvm.range` attribute of arguments
//! and results.
//!
//! The bounds are [`ApInt`]s (upstream's `APIntParameter`): a width and
//! the value as the width's signed reading, so that a bound prints as
//! upstream's `<<` of an `APInt` prints it (`i8, 0, 200` is `<i8, 0,
//! -56>`). A bound is read as upstream reads it, any integer then
//! sign-extended or truncated to the width, within what the parser's
//! integers hold (an `i128`).

use ods_runtime::attr_type_def::DefParam;
use ods_runtime::ir::defs::{CustomParam, Param};
use ods_runtime::ir::parser::{AsmParser, PResult};
use ods_runtime::ir::printer::dialect_asm::AsmPrinter;
use ods_runtime::ir::{Context, TypeKind};

use crate::ConstantRangeAttr;

/// An integer of a fixed width (upstream's `APInt`), held as the width's
/// signed reading of its bits. Widths past 128 bits hold what an `i128`
/// holds, sign-extended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ApInt {
    width: u32,
    value: i128,
}

impl ApInt {
    /// `value` sign-extended or truncated to `width` bits (upstream's
    /// `sextOrTrunc`).
    pub fn new(width: u32, value: i128) -> ApInt {
        let value = match width {
            0 => 0,
            1..128 => {
                let shift = 128 - width;
                (value << shift) >> shift
            }
            _ => value,
        };
        ApInt { width, value }
    }

    /// The width in bits.
    pub fn width(&self) -> u32 {
        self.width
    }

    /// The value, read as signed.
    pub fn signed(&self) -> i128 {
        self.value
    }

    /// Whether every bit is set (the signed reading is -1; at width 0
    /// there is no bit).
    pub fn is_all_ones(&self) -> bool {
        self.width > 0 && self.value == -1
    }
}

/// The width an integer needs as a signed value (upstream's `APInt` of a
/// parsed integer literal, when a bound is read on its own).
fn needed_width(value: i128) -> u32 {
    let magnitude = if value < 0 { !value } else { value };
    (128 - magnitude.leading_zeros() + 1).max(1)
}

impl DefParam for ApInt {
    fn to_param(&self) -> Param {
        Param::Custom(CustomParam::new(*self))
    }
    fn from_param(param: &Param) -> Option<Self> {
        match param {
            Param::Custom(c) => c.downcast_ref::<ApInt>().copied(),
            _ => None,
        }
    }
    fn parse_param(p: &mut AsmParser<'_>) -> PResult<Self> {
        let value = p.parse_integer::<i128>()?;
        Ok(ApInt::new(needed_width(value), value))
    }
    fn print_param(&self, p: &mut AsmPrinter<'_, '_>) {
        p.print_integer(self.value);
    }
}

impl ConstantRangeAttr {
    /// Reads `<iN, lower, upper>`: the width from an integer type (its
    /// signedness ignored), each bound sign-extended or truncated to it.
    pub(crate) fn parse(p: &mut AsmParser<'_>) -> PResult<Self> {
        let at = p.current_location();
        p.parse_less()?;
        let type_at = p.current_location();
        let ty = p.parse_type()?;
        let width = match p.ctx().type_kind(ty) {
            TypeKind::Integer { width, .. } => *width,
            _ => {
                let found = ods_runtime::ir::printer::print_type_str(p.ctx(), ty);
                return p.emit_error(
                    type_at,
                    format!(
                        "invalid kind of type specified: expected builtin.integer, but found '{found}'"
                    ),
                );
            }
        };
        p.parse_comma()?;
        let lower = p.parse_integer::<i128>()?;
        p.parse_comma()?;
        let upper = p.parse_integer::<i128>()?;
        p.parse_greater()?;
        let (lower, upper) = (ApInt::new(width, lower), ApInt::new(width, upper));
        match ConstantRangeAttr::get_checked(p.ctx(), lower, upper) {
            Ok(range) => Ok(range),
            Err(message) => p.emit_error(at, message),
        }
    }

    /// Prints `<iN, lower, upper>`, the bounds read as signed.
    pub(crate) fn print(self, p: &mut AsmPrinter<'_, '_>) {
        let ctx = p.ctx();
        let (lower, upper) = (self.lower(ctx), self.upper(ctx));
        p.print_str(&format!(
            "<i{}, {}, {}>",
            lower.width, lower.value, upper.value
        ));
    }

    /// Upstream's check: both bounds have one width.
    pub(crate) fn verify(_ctx: &Context, lower: &ApInt, upper: &ApInt) -> Result<(), String> {
        if lower.width != upper.width {
            return Err(format!(
                "expected lower and upper to have matching bitwidths but got {} vs. {}",
                lower.width, upper.width
            ));
        }
        Ok(())
    }

    /// The range as LLVM IR writes it after a parameter's type (`range(i32
    /// 0, 12)`), or `None` for the full range (both bounds all ones),
    /// which LLVM does not keep as an attribute.
    pub fn llvm_text(self, ctx: &Context) -> Option<String> {
        let (lower, upper) = (self.lower(ctx), self.upper(ctx));
        if lower == upper && lower.is_all_ones() {
            return None;
        }
        Some(format!(
            "range(i{} {}, {})",
            lower.width, lower.value, upper.value
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_are_read_at_their_width() {
        assert_eq!(ApInt::new(8, 200).signed(), -56);
        assert_eq!(ApInt::new(8, 300).signed(), 44);
        assert_eq!(ApInt::new(8, -129).signed(), 127);
        assert_eq!(ApInt::new(1, 1).signed(), -1);
        assert_eq!(ApInt::new(0, 5).signed(), 0);
        assert_eq!(ApInt::new(256, i128::MIN).signed(), i128::MIN);
        assert!(ApInt::new(32, -1).is_all_ones());
        assert!(!ApInt::new(0, 0).is_all_ones());
    }

    #[test]
    fn a_bound_alone_gets_the_width_it_needs() {
        assert_eq!(needed_width(0), 1);
        assert_eq!(needed_width(-1), 1);
        assert_eq!(needed_width(1), 2);
        assert_eq!(needed_width(127), 8);
        assert_eq!(needed_width(-128), 8);
        assert_eq!(needed_width(128), 9);
    }

    #[test]
    fn mismatched_widths_are_refused() {
        let err = ConstantRangeAttr::verify(&Context::new(), &ApInt::new(8, 0), &ApInt::new(16, 1));
        assert_eq!(
            err,
            Err("expected lower and upper to have matching bitwidths but got 8 vs. 16".into())
        );
    }
}

//! Units: the `custom<Unit>` directive of the spec's formats (a unit is a
//! string attribute, shown as a bare word, or quoted when it is not one),
//! the checks `hasVerifier` and `genVerifyDecl` ask for (a known unit;
//! conversions within one dimension; a range that is not empty), and the
//! ops' `MeasuringOpInterface` methods.
//!
//! In: the parser after `in`/`from`/`to`, the printer with the op's unit
//! attribute, or a verified-so-far op. Out: the attribute, its text, or
//! the first problem.

use ods_runtime::ir::parser::ops::OpAsmParser;
use ods_runtime::ir::parser::PResult;
use ods_runtime::ir::printer::ops::OpAsmPrinter;
use ods_runtime::ir::{AttrKind, Attribute, Context, Ir, OpId};
use ods_runtime::op::inherent_attr;
use ods_runtime::{Op, VerifyError};

pub use crate::meter::Dimension;
use crate::meter::{ConvertOp, QuantityType, RangeAttr, ReadingOp, StartOp, TagOp, TickType};

/// The units the dialect knows: name, dimension, size in the dimension's
/// base unit (metres, seconds).
/// (A unit that is not a bare word, such as "light year", prints quoted.)
const UNITS: [(&str, Dimension, f64); 12] = [
    ("m", Dimension::Length, 1.0),
    ("km", Dimension::Length, 1000.0),
    ("cm", Dimension::Length, 0.01),
    ("mm", Dimension::Length, 0.001),
    ("ft", Dimension::Length, 0.3048),
    ("mi", Dimension::Length, 1609.344),
    ("light year", Dimension::Length, 9.4607304725808e15),
    ("s", Dimension::Time, 1.0),
    ("min", Dimension::Time, 60.0),
    ("h", Dimension::Time, 3600.0),
    ("g", Dimension::Mass, 1.0),
    ("kg", Dimension::Mass, 1000.0),
];

/// A unit's dimension and size in the base unit; `None` when unknown.
pub fn lookup(unit: &str) -> Option<(Dimension, f64)> {
    UNITS
        .iter()
        .find(|(name, _, _)| *name == unit)
        .map(|&(_, dim, size)| (dim, size))
}

/// How many `to` make one `from`; `None` for unknown units or different
/// dimensions.
pub fn factor(from: &str, to: &str) -> Option<f64> {
    let (from_dim, from_size) = lookup(from)?;
    let (to_dim, to_size) = lookup(to)?;
    (from_dim == to_dim).then(|| from_size / to_size)
}

/// `custom<Unit>($unit)`: a bare word or a string, kept as a string
/// attribute.
pub fn parse_unit(p: &mut OpAsmParser<'_>, unit: &mut Option<Attribute>) -> PResult<()> {
    let text = p.parse_keyword_or_string()?;
    *unit = Some(p.ctx().string_attr(&text));
    Ok(())
}

/// Prints what [`parse_unit`] reads.
pub fn print_unit(pr: &mut OpAsmPrinter<'_, '_>, _op: OpId, unit: Option<Attribute>) {
    if let Some(unit) = unit {
        let text = pr.ctx().string_bytes(unit).to_vec();
        pr.print_keyword_or_string(&text);
    }
}

/// The text of the string attribute `name` of `op` (the constraints have
/// checked it is one).
fn unit_of(ctx: &Context, ir: &Ir, op: OpId, name: &str) -> String {
    match inherent_attr(ctx, ir, op, name).map(|a| ctx.attr_kind(a)) {
        Some(AttrKind::String { value, .. }) => String::from_utf8_lossy(value).into_owned(),
        _ => String::new(),
    }
}

/// A known unit's dimension, or the error naming it.
fn known(unit: &str) -> Result<Dimension, VerifyError> {
    lookup(unit)
        .map(|(dim, _)| dim)
        .ok_or_else(|| VerifyError::op_error(format!("unknown unit '{unit}'")))
}

impl ReadingOp {
    /// The unit is one the dialect knows.
    pub fn verify_op(self, ctx: &Context, ir: &Ir) -> Result<(), VerifyError> {
        known(&unit_of(ctx, ir, self.op(), "unit")).map(|_| ())
    }
}

impl ConvertOp {
    /// Both units are known, of one dimension, and differ.
    pub fn verify_op(self, ctx: &Context, ir: &Ir) -> Result<(), VerifyError> {
        let from = unit_of(ctx, ir, self.op(), "from");
        let to = unit_of(ctx, ir, self.op(), "to");
        let (from_dim, to_dim) = (known(&from)?, known(&to)?);
        if from_dim != to_dim {
            return Err(VerifyError::op_error(format!(
                "cannot convert '{from}' ({}) to '{to}' ({})",
                from_dim.as_str(),
                to_dim.as_str()
            )));
        }
        if from == to {
            return Err(VerifyError::op_error(format!(
                "converts '{from}' to itself"
            )));
        }
        Ok(())
    }
}

impl RangeAttr {
    /// `genVerifyDecl`: the range holds a value, and steps forward.
    pub fn verify(_ctx: &Context, low: &i64, high: &i64, step: &i64) -> Result<(), String> {
        if low > high {
            return Err(format!("empty range: {low} is above {high}"));
        }
        if *step <= 0 {
            return Err(format!("step must be positive, got {step}"));
        }
        Ok(())
    }
}

impl StartOp {
    /// The result is a tick (what `(outs Meter_TickType:$tick)` would
    /// check; see the generator bug noted in `ods/Meter.ods`).
    pub fn verify_op(self, ctx: &Context, ir: &Ir) -> Result<(), VerifyError> {
        let ty = ir.value_type(self.tick(ctx, ir));
        if TickType::from_type(ctx, ty).is_some() {
            return Ok(());
        }
        Err(VerifyError::op_error(format!(
            "result #0 must be a point on the meter's clock, but got '{}'",
            ods_runtime::ir::printer::print_type_str(ctx, ty)
        )))
    }
}

// `MeasuringOpInterface`'s required method, which each op listing it
// writes; `get_dimension` is the interface's default.

impl ReadingOp {
    /// The unit read.
    pub fn get_unit(self, ctx: &Context, ir: &Ir) -> String {
        unit_of(ctx, ir, self.op(), "unit")
    }
}

impl ConvertOp {
    /// The unit converted to.
    pub fn get_unit(self, ctx: &Context, ir: &Ir) -> String {
        unit_of(ctx, ir, self.op(), "to")
    }
}

impl TagOp {
    /// The unit of the result's type.
    pub fn get_unit(self, ctx: &Context, ir: &Ir) -> String {
        let ty = ir.value_type(self.result(ctx, ir));
        QuantityType::from_type(ctx, ty).map_or_else(String::new, |q| q.unit(ctx))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn factors_within_a_dimension_only() {
        assert_eq!(factor("km", "m"), Some(1000.0));
        assert_eq!(factor("h", "min"), Some(60.0));
        assert_eq!(factor("m", "s"), None);
        assert_eq!(factor("furlong", "m"), None);
    }
}

//! The ops of the `meter` dialect written in Rust with `#[op]`, next to
//! those of `ods/Meter.ods`: the same front end and code generation, so
//! the same accessors, builders, verifier and format as from `.ods`; with
//! `include = "ods/Meter.ods"` an op names the spec's definitions
//! (`Meter_QuantityType`) as a `.ods` op would.
//! Each names its dialect (`dialect = crate::MeterDialect`), which must
//! list it: the spec's `MeterDialect` knows only the spec's ops, so its
//! `initialize` registers these and `ListsOp` says so (`src/lib.rs`).

use ods_macros::op;
use ods_runtime::fold::OpFoldResult;
use ods_runtime::ir::{Attribute, Context, Ir};
use ods_runtime::Op;

/// scale
///
/// A value times a constant factor: `%1 = meter.scale %0 by 2.5 : f64`.
/// Folds to its input when the factor is 1.
#[op(
    "meter.scale",
    dialect = crate::MeterDialect,
    traits = [Pure, SameOperandsAndResultType],
    assemblyFormat = "$input `by` $factor attr-dict `:` type($result)",
    hasFolder = 1
)]
pub struct ScaleOp {
    /// The value scaled.
    input: F64,
    /// The factor.
    factor: F64Attr,
    #[result]
    result: F64,
}

impl ScaleOp {
    /// `scale %x by 1.0` is `%x`.
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        _operands: &[Option<Attribute>],
    ) -> Option<OpFoldResult> {
        (self.factor(ctx, ir) == 1.0).then(|| OpFoldResult::Value(ir.operand(self.op(), 0)))
    }
}

/// rescale
///
/// A quantity in another unit of the same dimension, by a factor:
/// `%1 = meter.rescale %0 by 1.0e+03 : !meter.quantity<"km"> -> !meter.quantity<"m">`.
/// Its values are the spec's `Meter_QuantityType`, which `include` makes
/// known to the macro.
#[op(
    "meter.rescale",
    dialect = crate::MeterDialect,
    include = "ods/Meter.ods",
    traits = [Pure],
    assemblyFormat = "$input `by` $factor attr-dict `:` qualified(type($input)) `->` qualified(type($result))"
)]
pub struct RescaleOp {
    input: Meter_QuantityType,
    factor: F64Attr,
    #[result]
    result: Meter_QuantityType,
}

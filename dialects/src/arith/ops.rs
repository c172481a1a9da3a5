//! What `ods/ArithOps.ods` leaves to Rust on the generated ops: the
//! `hasVerifier` methods (`verify_op`) and `arith.select`'s custom form
//! (`parse_assembly` / `print_assembly`, in [`super::format`]).

use super::verify::{verify_constant, verify_width_change, CastKind};
use super::*;
use ir::parser::ops::OpAsmParser;
use ir::parser::PResult;
use ir::printer::ops::OpAsmPrinter;
use ir::registry::VerifyError;
use ir::{Context, Ir, OpId, OperationState};
use ods_runtime::Op;

impl ConstantOp {
    /// A signless integer type, and an integer, float or elements value.
    pub fn verify_op(self, ctx: &Context, ir: &Ir) -> Result<(), VerifyError> {
        verify_constant(ctx, ir, self.op())
    }
}

/// The width-changing casts: the result's scalar strictly wider (`ext*`)
/// or narrower (`trunc*`) than the operand's.
macro_rules! width_change_verifier {
    ($($op:ident: $kind:expr, $widen:expr;)*) => {$(
        impl $op {
            /// Operand and result widths change the way the op's name says.
            pub fn verify_op(self, ctx: &Context, ir: &Ir) -> Result<(), VerifyError> {
                verify_width_change(ctx, ir, self.op(), $kind, $widen)
            }
        }
    )*};
}

width_change_verifier! {
    ExtUIOp: CastKind::Integer, true;
    ExtSIOp: CastKind::Integer, true;
    ExtFOp: CastKind::Float, true;
    TruncIOp: CastKind::Integer, false;
    TruncFOp: CastKind::Float, false;
}

impl ScalingExtFOp {
    /// The result is at least as wide as the input and the scale.
    pub fn verify_op(self, ctx: &Context, ir: &Ir) -> Result<(), VerifyError> {
        super::verify::verify_scaling(ctx, ir, self.op(), true)
    }
}

impl ScalingTruncFOp {
    /// The result is at most as wide as the input.
    pub fn verify_op(self, ctx: &Context, ir: &Ir) -> Result<(), VerifyError> {
        super::verify::verify_scaling(ctx, ir, self.op(), false)
    }
}

impl SelectOp {
    /// The trait checks cover the condition's shape; nothing more here.
    pub fn verify_op(self, ctx: &Context, ir: &Ir) -> Result<(), VerifyError> {
        super::verify::verify_select(ctx, ir, self.op())
    }

    /// `%r = arith.select %c, %a, %b : [cond-type,] type`
    pub fn parse_assembly(p: &mut OpAsmParser<'_>, state: &mut OperationState) -> PResult<()> {
        super::format::parse_select_op(p, state)
    }

    /// Prints the form [`SelectOp::parse_assembly`] reads.
    pub fn print_assembly(pr: &mut OpAsmPrinter<'_, '_>, op: OpId) {
        super::format::print_select_op(pr, op)
    }
}

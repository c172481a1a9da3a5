//! What `ods/ArithOps.ods` leaves to Rust on the generated ops: the
//! `hasVerifier` methods (`verify_op`; the casts' are in `casts.rs`) and
//! `arith.select`'s custom form (`parse_assembly` / `print_assembly`, in
//! [`super::format`]).

use super::verify::verify_constant;
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

//! The hand-written checks `test.ods` asks for with `hasVerifier`,
//! `hasRegionVerifier` and `genVerifyDecl`.

use super::{CheckedOp, LoopOp, ShapeType};
use ods_runtime::ir::{Context, Ir};
use ods_runtime::VerifyError;

impl CheckedOp {
    /// `test.checked`: the `expected` attribute says how many inputs there are.
    pub(crate) fn verify_op(self, ctx: &Context, ir: &Ir) -> Result<(), VerifyError> {
        let expected = self.expected(ctx, ir);
        let found = self.inputs(ctx, ir).len();
        if usize::try_from(expected).ok() != Some(found) {
            return Err(VerifyError::op_error(format!(
                "expected {expected} inputs, but found {found}"
            )));
        }
        Ok(())
    }
}

impl LoopOp {
    /// `test.loop`: the body block takes exactly one argument, the index.
    pub(crate) fn verify_op_regions(self, ctx: &Context, ir: &Ir) -> Result<(), VerifyError> {
        let body = self.body(ir);
        let Some(block) = ir.first_block(body) else {
            return Ok(());
        };
        let args: Vec<_> = ir.arguments(block).collect();
        if args.len() != 1 || !ctx.is_index(ir.value_type(args[0])) {
            return Err(VerifyError::op_error("body must take one index argument"));
        }
        Ok(())
    }
}

impl ShapeType {
    /// `!test.shape`: the rank is the number of dimensions, and a stride
    /// is positive.
    #[allow(clippy::too_many_arguments, clippy::ptr_arg)]
    pub(crate) fn verify(
        _ctx: &Context,
        rank: &u32,
        _offset: &i64,
        _packed: &bool,
        _label: &String,
        dims: &Vec<i64>,
        _elem: &Option<ods_runtime::ir::Type>,
        stride: &i64,
    ) -> Result<(), String> {
        if *rank as usize != dims.len() {
            return Err(format!(
                "rank {rank} does not match the {} dimensions",
                dims.len()
            ));
        }
        if *stride <= 0 {
            return Err(format!("stride must be positive, got {stride}"));
        }
        Ok(())
    }
}

//! What `ods/SCFOps.ods` leaves to Rust on the generated ops: the custom
//! forms of the ops that say `hasCustomAssemblyFormat` (in [`super::format`]
//! and [`super::forall_format`]) and the `hasVerifier` /
//! `hasRegionVerifier` methods (in [`super::verify`]).

use super::*;
use ir::registry::VerifyError;
use ir::{Context, Ir};
use ods_runtime::Op;

use ods_runtime::custom_form;

custom_form!(ForOp, format::parse_for, format::print_for);
custom_form!(IfOp, format::parse_if, format::print_if);
custom_form!(WhileOp, format::parse_while, format::print_while);
custom_form!(
    ExecuteRegionOp,
    format::parse_execute_region,
    format::print_execute_region
);
custom_form!(ParallelOp, format::parse_parallel, format::print_parallel);
custom_form!(
    ForallOp,
    forall_format::parse_forall,
    forall_format::print_forall
);
custom_form!(
    InParallelOp,
    format::parse_in_parallel,
    format::print_in_parallel
);

/// `verify_op` (`hasVerifier`) of an op from its check in [`verify`].
macro_rules! verifier {
    ($op:ident, $check:path) => {
        impl $op {
            /// The op's own checks (`hasVerifier`).
            pub fn verify_op(self, ctx: &Context, ir: &Ir) -> Result<(), VerifyError> {
                $check(ctx, ir, self.op())
            }
        }
    };
}

verifier!(ExecuteRegionOp, verify::verify_execute_region);
verifier!(ForOp, verify::verify_for);
verifier!(ForallOp, verify::verify_forall);
verifier!(InParallelOp, verify::verify_in_parallel);
verifier!(IfOp, verify::verify_if);
verifier!(ParallelOp, verify::verify_parallel);
verifier!(ReduceReturnOp, verify::verify_reduce_return);
verifier!(WhileOp, verify::verify_while);
verifier!(IndexSwitchOp, verify::verify_index_switch);

impl ForOp {
    /// The checks of the body (`hasRegionVerifier`).
    pub fn verify_op_regions(self, ctx: &Context, ir: &Ir) -> Result<(), VerifyError> {
        verify::verify_for_regions(ctx, ir, self.op())
    }
}

impl ReduceOp {
    /// The checks of the reduction regions (`hasRegionVerifier`).
    pub fn verify_op_regions(self, ctx: &Context, ir: &Ir) -> Result<(), VerifyError> {
        verify::verify_reduce_regions(ctx, ir, self.op())
    }
}

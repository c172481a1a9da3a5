//! What `ods/AffineOps.ods` leaves to Rust on the generated ops: the
//! custom forms of the ops that say `hasCustomAssemblyFormat` (in
//! [`super::format`]) and the `hasVerifier` / `hasRegionVerifier` methods
//! (in [`super::verify`]).

use super::*;
use ir::registry::VerifyError;
use ods_runtime::Op;

use ods_runtime::custom_form;

custom_form!(AffineApplyOp, format::parse_apply, format::print_map_op);
custom_form!(AffineMinOp, format::parse_min_max, format::print_map_op);
custom_form!(AffineMaxOp, format::parse_min_max, format::print_map_op);
custom_form!(AffineForOp, format::parse_for, format::print_for);
custom_form!(AffineIfOp, format::parse_if, format::print_if);
custom_form!(AffineLoadOp, format::parse_load, format::print_load);
custom_form!(AffineStoreOp, format::parse_store, format::print_store);
custom_form!(
    AffineVectorLoadOp,
    format::parse_vector_load,
    format::print_vector_load
);
custom_form!(
    AffineVectorStoreOp,
    format::parse_vector_store,
    format::print_vector_store
);
custom_form!(AffineDmaStartOp, dma::parse_dma_start, dma::print_dma_start);
custom_form!(AffineDmaWaitOp, dma::parse_dma_wait, dma::print_dma_wait);
custom_form!(
    AffineParallelOp,
    format_parallel::parse_parallel,
    format_parallel::print_parallel
);
custom_form!(
    AffinePrefetchOp,
    format::parse_prefetch,
    format::print_prefetch
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

verifier!(AffineApplyOp, verify::verify_apply);
verifier!(AffineDmaStartOp, dma::verify_dma_start);
verifier!(AffineDmaWaitOp, dma::verify_dma_wait);
verifier!(AffineMinOp, verify::verify_min_max);
verifier!(AffineMaxOp, verify::verify_min_max);
verifier!(AffineIfOp, verify::verify_if);
verifier!(AffineLoadOp, verify::verify_load);
verifier!(AffineStoreOp, verify::verify_store);
verifier!(AffineVectorLoadOp, verify::verify_vector_load);
verifier!(AffineVectorStoreOp, verify::verify_vector_store);
verifier!(AffinePrefetchOp, verify::verify_prefetch);
verifier!(AffineYieldOp, verify::verify_yield);
verifier!(AffineParallelOp, verify::verify_parallel);
verifier!(AffineDelinearizeIndexOp, verify::verify_delinearize);
verifier!(AffineLinearizeIndexOp, verify::verify_linearize);

impl AffineForOp {
    /// The checks of the body and bounds (`hasRegionVerifier`).
    pub fn verify_op_regions(self, ctx: &Context, ir: &Ir) -> Result<(), VerifyError> {
        verify::verify_for_regions(ctx, ir, self.op())
    }

    /// The induction variable: the body's first argument.
    pub fn induction_var(self, ir: &Ir) -> Option<ir::Value> {
        ir.entry_block_arguments(self.op(), 0).first().copied()
    }

    /// The lower bound's map and operands.
    pub fn lower_bound(
        self,
        ctx: &Context,
        ir: &Ir,
    ) -> Option<(ir::affine::AffineMap, Vec<ir::Value>)> {
        let [lb, _, _] = format::for_operand_groups(ir, ctx, self.op());
        Some((map_of(ctx, ir, self.op(), "lowerBoundMap")?, lb))
    }

    /// The upper bound's map and operands.
    pub fn upper_bound(
        self,
        ctx: &Context,
        ir: &Ir,
    ) -> Option<(ir::affine::AffineMap, Vec<ir::Value>)> {
        let [_, ub, _] = format::for_operand_groups(ir, ctx, self.op());
        Some((map_of(ctx, ir, self.op(), "upperBoundMap")?, ub))
    }

    /// The step (`getStepAsInt`).
    pub fn step_as_int(self, ctx: &Context, ir: &Ir) -> i64 {
        ods_runtime::op::inherent_attr(ctx, ir, self.op(), "step")
            .and_then(|s| ods_runtime::pred::integer_attr_value(ctx, s))
            .unwrap_or(1)
    }
}

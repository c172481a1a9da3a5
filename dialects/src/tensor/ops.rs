//! What `ods/TensorOps.ods` leaves to Rust on the generated ops: the
//! `hasVerifier` and `hasRegionVerifier` methods, each calling its check
//! in [`super::verify`].

use super::*;
use ir::registry::VerifyError;

/// `verify_op` (`hasVerifier`) of an op from its check in [`verify`].
macro_rules! verifier {
    ($($op:ident => $check:path),* $(,)?) => {$(
        impl $op {
            /// The op's own checks (`hasVerifier`).
            pub fn verify_op(self, ctx: &Context, ir: &Ir) -> Result<(), VerifyError> {
                $check(ctx, ir, self)
            }
        }
    )*};
}

verifier! {
    ConcatOp => verify::verify_concat,
    EmptyOp => verify::verify_empty,
    ExtractOp => verify::verify_extract,
    ExtractSliceOp => verify::verify_extract_slice,
    GatherOp => verify::verify_gather,
    GenerateOp => verify::verify_generate,
    InsertOp => verify::verify_insert,
    InsertSliceOp => verify::verify_insert_slice,
    ReshapeOp => verify::verify_reshape,
    ExpandShapeOp => verify::verify_expand_shape,
    CollapseShapeOp => verify::verify_collapse_shape,
    PadOp => verify::verify_pad,
    ParallelInsertSliceOp => verify::verify_parallel_insert_slice,
    ScatterOp => verify::verify_scatter,
    SplatOp => verify::verify_splat,
}

/// `verify_op_regions` (`hasRegionVerifier`) of an op.
macro_rules! region_verifier {
    ($($op:ident => $check:path),* $(,)?) => {$(
        impl $op {
            /// The checks of the op's regions (`hasRegionVerifier`).
            pub fn verify_op_regions(self, ctx: &Context, ir: &Ir) -> Result<(), VerifyError> {
                $check(ctx, ir, self)
            }
        }
    )*};
}

region_verifier! {
    GenerateOp => verify::verify_generate_regions,
    PadOp => verify::verify_pad_regions,
}

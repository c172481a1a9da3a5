//! What `ods/TensorOps.ods` leaves to Rust on the generated ops: the
//! `hasVerifier` and `hasRegionVerifier` methods, each calling its check
//! in [`super::verify`], and `are_cast_compatible` of `tensor.cast` and
//! `tensor.bitcast` (`CastOpInterface`).

use super::*;
use ir::registry::VerifyError;
use ods_runtime::interfaces::one_to_one;
use ods_runtime::pred;
use ods_runtime::traits::is_compatible_shape;

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

/// The two tensor types of a one-to-one cast whose shapes are compatible
/// (ranks and static sizes agree where both are known), if so.
fn tensor_pair(ctx: &Context, inputs: &[Type], outputs: &[Type]) -> Option<(Type, Type)> {
    let (a, b) = one_to_one(inputs, outputs)?;
    let tensors = pred::is_tensor(ctx, a) && pred::is_tensor(ctx, b);
    (tensors && is_compatible_shape(ctx, a, b)).then_some((a, b))
}

impl CastOp {
    /// `CastOpInterface::are_cast_compatible`: a tensor to a tensor of the
    /// same element type and a compatible shape.
    pub fn are_cast_compatible(ctx: &Context, inputs: &[Type], outputs: &[Type]) -> bool {
        tensor_pair(ctx, inputs, outputs)
            .is_some_and(|(a, b)| ctx.element_type(a) == ctx.element_type(b))
    }
}

impl BitcastOp {
    /// `CastOpInterface::are_cast_compatible`: a tensor to a tensor of a
    /// compatible shape whose elements have the same width in bits.
    pub fn are_cast_compatible(ctx: &Context, inputs: &[Type], outputs: &[Type]) -> bool {
        tensor_pair(ctx, inputs, outputs).is_some_and(|(a, b)| {
            let width = |t| ctx.element_type(t).and_then(|e| ctx.int_or_float_width(e));
            width(a).is_some() && width(a) == width(b)
        })
    }
}

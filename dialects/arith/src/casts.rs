//! `CastOpInterface::are_cast_compatible` of arith's casts (upstream's
//! rules in `ArithOps.cpp`): one input and one output of compatible shapes
//! (and equal tensor encodings), whose scalars, or elements of a vector or
//! tensor (and for `index_cast`/`bitcast` of a memref), are of the kinds
//! and widths the cast converts between. Plus the `hasVerifier` checks of
//! the width-changing casts, which upstream keeps beside them.
//!
//! In: the operand and result types of a cast. Out: whether the cast is
//! valid; the verifiers' errors worded as `mlir-opt` words them.

use super::*;
use ir::printer::print_type_str;
use ir::registry::VerifyError;
use ir::{Context, Ir, Type, TypeKind};
use ods_runtime::interfaces::one_to_one;
use ods_runtime::traits::is_compatible_shape;
use ods_runtime::Op;

/// The scalar kinds a cast reads or writes.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Scalar {
    /// Any integer type (`IntegerType`: signless, signed or unsigned).
    Integer,
    /// Any float type.
    Float,
    /// An integer or `index` (`index_cast`).
    IntegerOrIndex,
    /// An integer or a float (`bitcast`).
    IntegerOrFloat,
}

impl Scalar {
    fn holds(self, ctx: &Context, ty: Type) -> bool {
        let kind = ctx.type_kind(ty);
        let integer = matches!(kind, TypeKind::Integer { .. });
        let float = matches!(kind, TypeKind::Float(_));
        match self {
            Scalar::Integer => integer,
            Scalar::Float => float,
            Scalar::IntegerOrIndex => integer || matches!(kind, TypeKind::Index),
            Scalar::IntegerOrFloat => integer || float,
        }
    }
}

/// The scalar of `ty` when it is one of `scalar`, or a vector or tensor
/// (or, with `memref`, a memref) of one (upstream's `getTypeIfLike` and
/// `getTypeIfLikeOrMemRef`).
fn underlying(ctx: &Context, ty: Type, scalar: Scalar, memref: bool) -> Option<Type> {
    let element = match ctx.type_kind(ty) {
        TypeKind::Vector { .. }
        | TypeKind::RankedTensor { .. }
        | TypeKind::UnrankedTensor { .. } => ctx.element_type(ty)?,
        TypeKind::MemRef { .. } | TypeKind::UnrankedMemRef { .. } if memref => {
            ctx.element_type(ty)?
        }
        TypeKind::MemRef { .. } | TypeKind::UnrankedMemRef { .. } => return None,
        _ => ty,
    };
    scalar.holds(ctx, element).then_some(element)
}

fn encoding(ctx: &Context, ty: Type) -> Option<ir::Attribute> {
    match ctx.type_kind(ty) {
        TypeKind::RankedTensor { encoding, .. } => *encoding,
        _ => None,
    }
}

/// One input and one output, of compatible shapes, and not two ranked
/// tensors of different encodings (upstream's
/// `areValidCastInputsAndOutputs`): the pair, when so.
fn single_pair(ctx: &Context, inputs: &[Type], outputs: &[Type]) -> Option<(Type, Type)> {
    let (from, to) = one_to_one(inputs, outputs)?;
    let both_ranked_tensors = ods_runtime::pred::is_ranked_tensor(ctx, from)
        && ods_runtime::pred::is_ranked_tensor(ctx, to);
    if both_ranked_tensors && encoding(ctx, from) != encoding(ctx, to) {
        return None;
    }
    is_compatible_shape(ctx, from, to).then_some((from, to))
}

/// A cast between scalars of one kind whose result is strictly wider
/// (`widen`) or narrower than its input (upstream's `checkWidthChangeCast`).
fn width_change(
    ctx: &Context,
    inputs: &[Type],
    outputs: &[Type],
    scalar: Scalar,
    widen: bool,
) -> bool {
    let Some((from, to)) = single_pair(ctx, inputs, outputs) else {
        return false;
    };
    let widths = (
        underlying(ctx, from, scalar, false).and_then(|t| ctx.int_or_float_width(t)),
        underlying(ctx, to, scalar, false).and_then(|t| ctx.int_or_float_width(t)),
    );
    match widths {
        (Some(a), Some(b)) if widen => b > a,
        (Some(a), Some(b)) => b < a,
        _ => false,
    }
}

/// A cast from scalars of kind `from` to scalars of kind `to`
/// (upstream's `checkIntFloatCast`).
fn kind_change(ctx: &Context, inputs: &[Type], outputs: &[Type], from: Scalar, to: Scalar) -> bool {
    single_pair(ctx, inputs, outputs).is_some_and(|(a, b)| {
        underlying(ctx, a, from, false).is_some() && underlying(ctx, b, to, false).is_some()
    })
}

/// `index_cast` and `index_castui`: between `index` and a signless
/// integer, either way, alone or in a vector, tensor or memref.
fn index_cast(ctx: &Context, inputs: &[Type], outputs: &[Type]) -> bool {
    let Some((from, to)) = single_pair(ctx, inputs, outputs) else {
        return false;
    };
    let (Some(a), Some(b)) = (
        underlying(ctx, from, Scalar::IntegerOrIndex, true),
        underlying(ctx, to, Scalar::IntegerOrIndex, true),
    ) else {
        return false;
    };
    let is_index = |t| matches!(ctx.type_kind(t), TypeKind::Index);
    let signless = |t| ods_runtime::pred::is_signless_integer(ctx, t);
    (is_index(a) && signless(b)) || (signless(a) && is_index(b))
}

/// `bitcast`: integers or floats of one width, alone or in a vector,
/// tensor or memref.
fn bitcast(ctx: &Context, inputs: &[Type], outputs: &[Type]) -> bool {
    let Some((from, to)) = single_pair(ctx, inputs, outputs) else {
        return false;
    };
    let width_of = |t| {
        underlying(ctx, t, Scalar::IntegerOrFloat, true).and_then(|s| ctx.int_or_float_width(s))
    };
    match (width_of(from), width_of(to)) {
        (Some(a), Some(b)) => a == b,
        _ => false,
    }
}

/// `are_cast_compatible` of each cast, as the interface asks for it.
macro_rules! cast_rule {
    ($($op:ident => |$ctx:ident, $inputs:ident, $outputs:ident| $rule:expr;)*) => {$(
        impl $op {
            /// Whether this cast converts `inputs` to `outputs`
            /// (`CastOpInterface::are_cast_compatible`).
            pub fn are_cast_compatible($ctx: &Context, $inputs: &[Type], $outputs: &[Type]) -> bool {
                $rule
            }
        }
    )*};
}

cast_rule! {
    ExtUIOp => |ctx, inputs, outputs| width_change(ctx, inputs, outputs, Scalar::Integer, true);
    ExtSIOp => |ctx, inputs, outputs| width_change(ctx, inputs, outputs, Scalar::Integer, true);
    ExtFOp => |ctx, inputs, outputs| width_change(ctx, inputs, outputs, Scalar::Float, true);
    TruncIOp => |ctx, inputs, outputs| width_change(ctx, inputs, outputs, Scalar::Integer, false);
    TruncFOp => |ctx, inputs, outputs| width_change(ctx, inputs, outputs, Scalar::Float, false);
    // The scale (second input) takes no part, as upstream.
    ScalingExtFOp => |ctx, inputs, outputs|
        width_change(ctx, &inputs[..inputs.len().min(1)], outputs, Scalar::Float, true);
    ScalingTruncFOp => |ctx, inputs, outputs|
        width_change(ctx, &inputs[..inputs.len().min(1)], outputs, Scalar::Float, false);
    UIToFPOp => |ctx, inputs, outputs| kind_change(ctx, inputs, outputs, Scalar::Integer, Scalar::Float);
    SIToFPOp => |ctx, inputs, outputs| kind_change(ctx, inputs, outputs, Scalar::Integer, Scalar::Float);
    FPToUIOp => |ctx, inputs, outputs| kind_change(ctx, inputs, outputs, Scalar::Float, Scalar::Integer);
    FPToSIOp => |ctx, inputs, outputs| kind_change(ctx, inputs, outputs, Scalar::Float, Scalar::Integer);
    IndexCastOp => |ctx, inputs, outputs| index_cast(ctx, inputs, outputs);
    IndexCastUIOp => |ctx, inputs, outputs| index_cast(ctx, inputs, outputs);
    BitcastOp => |ctx, inputs, outputs| bitcast(ctx, inputs, outputs);
}

/// The element (or scalar) widths of a width-changing cast's input and
/// result.
fn in_out_widths(ctx: &Context, ir: &Ir, op: ir::OpId) -> (Type, Type, Option<u32>, Option<u32>) {
    let element = |t: Type| ctx.element_type(t).unwrap_or(t);
    let from = element(ir.value_type(ir.operand(op, 0)));
    let to = element(ir.value_type(ir.result(op, 0)));
    (
        from,
        to,
        ctx.int_or_float_width(from),
        ctx.int_or_float_width(to),
    )
}

/// The `hasVerifier` check of `extui`, `extsi`, `extf` and
/// `scaling_extf` (upstream's `verifyExtOp`): the result is wider. The
/// interface's check, which runs first, already rejects what this does;
/// upstream keeps both, and so do we.
fn verify_ext(ctx: &Context, ir: &Ir, op: ir::OpId) -> Result<(), VerifyError> {
    match in_out_widths(ctx, ir, op) {
        (from, to, Some(a), Some(b)) if a >= b => Err(VerifyError::new(format!(
            "result type '{}' must be wider than operand type '{}'",
            print_type_str(ctx, to),
            print_type_str(ctx, from)
        ))),
        _ => Ok(()),
    }
}

/// The `hasVerifier` check of `trunci`, `truncf` and `scaling_truncf`
/// (upstream's `verifyTruncateOp`): the result is narrower.
fn verify_trunc(ctx: &Context, ir: &Ir, op: ir::OpId) -> Result<(), VerifyError> {
    match in_out_widths(ctx, ir, op) {
        (from, to, Some(a), Some(b)) if a <= b => Err(VerifyError::new(format!(
            "result type '{}' must be shorter than operand type '{}'",
            print_type_str(ctx, to),
            print_type_str(ctx, from)
        ))),
        _ => Ok(()),
    }
}

/// The `hasVerifier` methods of the width-changing casts.
macro_rules! width_verifier {
    ($($op:ident: $check:ident;)*) => {$(
        impl $op {
            /// The result's width changes the way the op's name says.
            pub fn verify_op(self, ctx: &Context, ir: &Ir) -> Result<(), VerifyError> {
                $check(ctx, ir, self.op())
            }
        }
    )*};
}

width_verifier! {
    ExtUIOp: verify_ext;
    ExtSIOp: verify_ext;
    ExtFOp: verify_ext;
    ScalingExtFOp: verify_ext;
    TruncIOp: verify_trunc;
    TruncFOp: verify_trunc;
    ScalingTruncFOp: verify_trunc;
}

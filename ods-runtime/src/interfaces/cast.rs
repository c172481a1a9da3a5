//! `CastOpInterface`'s verifier (upstream's `verifyCastInterfaceOp`).
//!
//! In: an op implementing the interface, whose ODS invariants hold. Out:
//! `Ok` when it has a result and its `are_cast_compatible` accepts its
//! operand and result types; else `mlir-opt`'s message (`operand type 'a'
//! and result type 'b' are cast incompatible`, the plural forms for other
//! counts, `operand types []` for none).

use super::{type_list, CastOpInterface};
use ir::registry::VerifyError;
use ir::{Context, Ir, Type};
use smallvec::SmallVec;

/// The checks of `CastOpInterface`: at least one result, and types the op
/// can cast between. The type lists live on the stack for the usual one
/// or two operands (the verifier calls this for every cast).
pub fn verify_cast_op<T: CastOpInterface>(
    op: T,
    ctx: &Context,
    ir: &Ir,
) -> Result<(), VerifyError> {
    let this = crate::Op::op(op);
    if ir.num_results(this) == 0 {
        return Err(VerifyError::op_error(
            "expected at least one result for cast operation",
        ));
    }
    // One operand to one result (most casts): no list to build.
    if ir.num_operands(this) == 1 && ir.num_results(this) == 1 {
        let types = [
            ir.value_type(ir.operand(this, 0)),
            ir.value_type(ir.result(this, 0)),
        ];
        if T::are_cast_compatible(ctx, &types[..1], &types[1..]) {
            return Ok(());
        }
    }
    let inputs: SmallVec<[Type; 2]> = ir.operands(this).map(|v| ir.value_type(v)).collect();
    let outputs: SmallVec<[Type; 1]> = ir.results(this).map(|v| ir.value_type(v)).collect();
    if T::are_cast_compatible(ctx, &inputs, &outputs) {
        return Ok(());
    }
    Err(VerifyError::op_error(cast_incompatible_message(
        ctx, &inputs, &outputs,
    )))
}

/// The input and output types of a cast of one value to one value, the
/// shape most casts' `are_cast_compatible` accepts (`None` for other
/// counts).
pub fn one_to_one(inputs: &[Type], outputs: &[Type]) -> Option<(Type, Type)> {
    match (inputs, outputs) {
        (&[from], &[to]) => Some((from, to)),
        _ => None,
    }
}

/// `operand type 'a' and result type 'b' are cast incompatible`, with
/// `types` for other counts than one and `operand types []` for none.
fn cast_incompatible_message(ctx: &Context, inputs: &[Type], outputs: &[Type]) -> String {
    let operands = match inputs.len() {
        0 => "operand types []".to_string(),
        1 => format!("operand type {}", type_list(ctx, inputs)),
        _ => format!("operand types {}", type_list(ctx, inputs)),
    };
    let results = if outputs.len() == 1 { "type" } else { "types" };
    format!(
        "{operands} and result {results} {} are cast incompatible",
        type_list(ctx, outputs)
    )
}

#[cfg(test)]
mod tests {
    use super::cast_incompatible_message;
    use ir::Context;

    #[test]
    fn messages_name_the_types_as_mlir_opt_does() {
        let mut ctx = Context::new();
        let (i32t, idx) = (ctx.int_type(32), ctx.index_type());
        let f32t = ctx.float_type(ir::FloatKind::F32);
        assert_eq!(
            cast_incompatible_message(&ctx, &[i32t], &[f32t]),
            "operand type 'i32' and result type 'f32' are cast incompatible"
        );
        assert_eq!(
            cast_incompatible_message(&ctx, &[i32t, idx], &[f32t, i32t]),
            "operand types 'i32', 'index' and result types 'f32', 'i32' are cast incompatible"
        );
        assert_eq!(
            cast_incompatible_message(&ctx, &[], &[f32t]),
            "operand types [] and result type 'f32' are cast incompatible"
        );
    }
}

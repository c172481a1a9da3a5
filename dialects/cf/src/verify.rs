//! The checks of `cf` ops that the spec leaves to Rust, worded as
//! `mlir-opt` words them (`cf.switch`'s `hasVerifier`), and the constants
//! a branch reads to pick its successor (`getSuccessorForOperands`).
//!
//! In: an op of the dialect. Out: the first problem, or the constants.
//! Nothing here panics on malformed ops.

use ir::printer::print_type_str;
use ir::registry::VerifyError;
use ir::{AttrKind, Attribute, Context, Ir, OpId};
use ods_runtime::op::inherent_attr;

/// The bits of an integer constant (`1 : i1`, `7 : i32`), as a `u64`
/// holding its low 64 bits; `None` for other attributes.
pub fn constant_int(ctx: &Context, attr: Attribute) -> Option<u64> {
    match ctx.attr_kind(attr) {
        AttrKind::Integer { ty, .. } => {
            let width = match ctx.type_kind(*ty) {
                ir::TypeKind::Integer { width, .. } => (*width).min(64),
                _ => 64,
            };
            let bits = ods_runtime::attr::int_value(ctx, attr) as u64;
            Some(low_bits(bits, width))
        }
        _ => None,
    }
}

fn low_bits(bits: u64, width: u32) -> u64 {
    match width {
        64.. => bits,
        w => bits & ((1u64 << w) - 1),
    }
}

/// `cf.switch`'s case values, each as [`constant_int`] gives a constant
/// of the flag's type (empty when the op has none).
pub fn case_values(ctx: &Context, ir: &Ir, op: OpId) -> Vec<u64> {
    let Some(values) = inherent_attr(ctx, ir, op, "case_values") else {
        return Vec::new();
    };
    let AttrKind::DenseElements { ty, data } = ctx.attr_kind(values) else {
        return Vec::new();
    };
    let count: i64 = ctx.shape(*ty).unwrap_or(&[]).iter().product();
    let width = match ctx.element_type(*ty).map(|t| ctx.type_kind(t)) {
        Some(ir::TypeKind::Integer { width, .. }) => (*width).min(64),
        _ => 64,
    };
    let size = data.scalar_bytes as usize;
    (0..usize::try_from(count).unwrap_or(0))
        .map(|i| {
            let at = if data.splat { 0 } else { i * size };
            let bytes = data.raw.get(at..at + size).unwrap_or(&[]);
            let mut le = [0u8; 8];
            for (d, s) in le.iter_mut().zip(bytes) {
                *d = *s;
            }
            low_bits(u64::from_le_bytes(le), width)
        })
        .collect()
}

/// `cf.switch`: the case values have the flag's type, one per case
/// destination; without `case_values` there are no cases (`mlir-opt-22`
/// crashes on case destinations without it; found by the `passes`
/// fuzzer, whose canonicalization then dropped the cases' values).
pub fn verify_switch(ctx: &Context, ir: &Ir, op: OpId) -> Result<(), VerifyError> {
    let cases = ir.num_successors(op).saturating_sub(1);
    let Some(values) = inherent_attr(ctx, ir, op, "case_values") else {
        if cases == 0 {
            return Ok(());
        }
        return Err(VerifyError::op_error(format!(
            "number of case values (0) should match number of case destinations ({cases})"
        )));
    };
    let (value_type, count) = match ctx.attr_kind(values) {
        AttrKind::DenseElements { ty, .. } => {
            let count: i64 = ctx.shape(*ty).unwrap_or(&[]).iter().product();
            (ctx.element_type(*ty), count)
        }
        _ => return Ok(()),
    };
    let flag = ir.value_type(ir.operand(op, 0));
    if Some(flag) != value_type {
        return Err(VerifyError::op_error(format!(
            "'flag' type ('{}') should match case value type ('{}')",
            print_type_str(ctx, flag),
            value_type.map_or_else(String::new, |t| print_type_str(ctx, t))
        )));
    }
    if count != cases as i64 {
        return Err(VerifyError::op_error(format!(
            "number of case values ({count}) should match number of case destinations ({cases})"
        )));
    }
    Ok(())
}

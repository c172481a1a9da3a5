//! The names `arith` ops give their results in the custom form (upstream's
//! `getAsmResultNames`): `arith.constant` is `%c42_i32` for an integer of
//! an integer type, `%c0` for an index, `%true` / `%false` for `i1`, and
//! `%cst` for anything else; `arith.muli` of a constant and
//! `vector.vscale` on `index` is `%c4_vscale`.
//!
//! In: a verified op. Out: `set_name` calls (the printer makes the names
//! unique).

use std::fmt::Write as _;

use super::{ConstantOp, MulIOp};
use ir::{AttrKind, Context, Ir, TypeKind, Value};
use ods_runtime::Op;

impl ConstantOp {
    /// `OpAsmOpInterface::getAsmResultNames`.
    pub fn get_asm_result_names(
        self,
        ctx: &Context,
        ir: &Ir,
        set_name: &mut dyn FnMut(Value, &str),
    ) {
        let op = self.op();
        if ir.num_results(op) == 0 {
            return;
        }
        let result = ir.result(op, 0);
        let value = ods_runtime::op::inherent_attr(ctx, ir, op, "value").map(|a| ctx.attr_kind(a));
        let Some(AttrKind::Integer { value, .. }) = value else {
            return set_name(result, "cst");
        };
        let ty = ir.value_type(result);
        let is_integer = match ctx.type_kind(ty) {
            TypeKind::Integer { width: 1, .. } => {
                let zero = value.as_i64() == Some(0);
                return set_name(result, if zero { "false" } else { "true" });
            }
            TypeKind::Integer { .. } => true,
            _ => false,
        };
        // `%c<n>` of an index, the name nearly every constant a lowering
        // makes takes: written on the stack.
        if let (false, Some(v)) = (is_integer, value.as_i64()) {
            let mut buf = [0u8; C_I64_LEN];
            let len = c_and_decimal(&mut buf, v);
            let name = std::str::from_utf8(&buf[..len]).unwrap_or("cst");
            return set_name(result, name);
        }
        // One buffer, and the value written as an `i64` when it fits (most
        // do; 128-bit formatting is several times slower).
        let mut name = String::with_capacity(24);
        name.push('c');
        // Writing to a `String` cannot fail.
        let _ = match value.as_i64() {
            Some(v) => write!(name, "{v}"),
            None => write!(name, "{value}"),
        };
        if is_integer {
            name.push('_');
            name.push_str(&ir::printer::print_type_str(ctx, ty));
        }
        set_name(result, &name);
    }
}

/// `c`, a sign and 19 digits at most.
const C_I64_LEN: usize = 21;

/// Writes `c<v>` (`c-12`) at the start of `buf`; returns its length.
fn c_and_decimal(buf: &mut [u8; C_I64_LEN], v: i64) -> usize {
    let mut digits = [0u8; 20];
    let mut at = digits.len();
    let mut n = v.unsigned_abs();
    loop {
        at -= 1;
        digits[at] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    buf[0] = b'c';
    let mut len = 1;
    if v < 0 {
        buf[1] = b'-';
        len = 2;
    }
    let digits = &digits[at..];
    buf[len..len + digits.len()].copy_from_slice(digits);
    len + digits.len()
}

impl MulIOp {
    /// `OpAsmOpInterface::getAsmResultNames`: `base * vscale` (either
    /// order) on `index`, with `base` an `arith.constant`, is
    /// `%c<base>_vscale`.
    pub fn get_asm_result_names(
        self,
        ctx: &Context,
        ir: &Ir,
        set_name: &mut dyn FnMut(Value, &str),
    ) {
        let op = self.op();
        if ir.num_results(op) == 0 || ir.num_operands(op) != 2 {
            return;
        }
        let result = ir.result(op, 0);
        if !matches!(ctx.type_kind(ir.value_type(result)), TypeKind::Index) {
            return;
        }
        let defining = |v: Value| ir.defining_op(v);
        let is_vscale =
            |v: Value| defining(v).is_some_and(|d| ctx.str(ir.op_name(d)) == "vector.vscale");
        let constant = |v: Value| {
            let d = defining(v)?;
            if ctx.str(ir.op_name(d)) != ConstantOp::NAME {
                return None;
            }
            let attr = ods_runtime::op::inherent_attr(ctx, ir, d, "value")?;
            match ctx.attr_kind(attr) {
                AttrKind::Integer { value, .. } => value.as_i64(),
                _ => None,
            }
        };
        let (lhs, rhs) = (ir.operand(op, 0), ir.operand(op, 1));
        let base = match (constant(lhs), constant(rhs)) {
            (Some(b), _) if is_vscale(rhs) => b,
            (_, Some(b)) if is_vscale(lhs) => b,
            _ => return,
        };
        set_name(result, &format!("c{base}_vscale"));
    }
}

#[cfg(test)]
mod name_tests {
    use super::{c_and_decimal, C_I64_LEN};

    #[test]
    fn index_constant_names_are_c_and_the_decimal_value() {
        for v in [0, 7, -1, 42, -305, i64::MAX, i64::MIN] {
            let mut buf = [0u8; C_I64_LEN];
            let len = c_and_decimal(&mut buf, v);
            assert_eq!(std::str::from_utf8(&buf[..len]).unwrap(), format!("c{v}"));
        }
    }
}

//! The names `arith` ops give their results in the custom form (upstream's
//! `getAsmResultNames`): `arith.constant` is `%c42_i32` for an integer of
//! an integer type, `%c0` for an index, `%true` / `%false` for `i1`, and
//! `%cst` for anything else; `arith.muli` of a constant and
//! `vector.vscale` on `index` is `%c4_vscale`.
//!
//! In: a verified op. Out: `set_name` calls (the printer makes the names
//! unique).

use super::{ConstantOp, MulIOp};
use ir::{AttrKind, Context, Ir, Signedness, TypeKind, Value};
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
        let integer = match *ctx.type_kind(ty) {
            TypeKind::Integer { width: 1, .. } => {
                let zero = value.as_i64() == Some(0);
                return set_name(result, if zero { "false" } else { "true" });
            }
            TypeKind::Integer { width, signedness } => Some((width, signedness)),
            _ => None,
        };
        // `%c<n>` of an index and `%c<n>_i32` of an integer, the names
        // nearly every constant takes: written on the stack.
        if let Some(v) = value.as_i64() {
            let mut buf = [0u8; NAME_LEN];
            let mut len = c_and_decimal(&mut buf, v);
            if let Some((width, signedness)) = integer {
                len = integer_type_suffix(&mut buf, len, width, signedness);
            }
            let name = std::str::from_utf8(&buf[..len]).unwrap_or("cst");
            return set_name(result, name);
        }
        // Beyond `i64`: the formatter.
        let mut name = format!("c{value}");
        if integer.is_some() {
            name.push('_');
            name.push_str(&ir::printer::print_type_str(ctx, ty));
        }
        set_name(result, &name);
    }
}

/// `c`, a sign and 19 digits at most.
const C_I64_LEN: usize = 21;

/// `c<v>` and `_si<width>` at most.
const NAME_LEN: usize = C_I64_LEN + 3 + ir::bytes::MAX_DECIMAL_DIGITS;

/// Appends `_i32` (`_si8`, `_ui16`: the type as it prints) to the name
/// of length `len` in `buf`; returns the new length.
fn integer_type_suffix(
    buf: &mut [u8; NAME_LEN],
    mut len: usize,
    width: u32,
    signedness: Signedness,
) -> usize {
    buf[len] = b'_';
    len += 1;
    match signedness {
        Signedness::Signless => {}
        Signedness::Signed => {
            buf[len] = b's';
            len += 1;
        }
        Signedness::Unsigned => {
            buf[len] = b'u';
            len += 1;
        }
    }
    buf[len] = b'i';
    len += 1;
    let mut digits = [0u8; ir::bytes::MAX_DECIMAL_DIGITS];
    let at = ir::bytes::decimal_digits(u64::from(width), &mut digits);
    let digits = &digits[at..];
    buf[len..len + digits.len()].copy_from_slice(digits);
    len + digits.len()
}

/// Writes `c<v>` (`c-12`) at the start of `buf`; returns its length.
fn c_and_decimal(buf: &mut [u8], v: i64) -> usize {
    let mut digits = [0u8; ir::bytes::MAX_DECIMAL_DIGITS];
    let at = ir::bytes::decimal_digits(v.unsigned_abs(), &mut digits);
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
    use super::{c_and_decimal, integer_type_suffix, C_I64_LEN, NAME_LEN};
    use ir::Signedness;

    #[test]
    fn index_constant_names_are_c_and_the_decimal_value() {
        for v in [0, 7, -1, 42, -305, i64::MAX, i64::MIN] {
            let mut buf = [0u8; C_I64_LEN];
            let len = c_and_decimal(&mut buf, v);
            assert_eq!(std::str::from_utf8(&buf[..len]).unwrap(), format!("c{v}"));
        }
    }

    #[test]
    fn integer_constant_names_end_in_the_type_as_it_prints() {
        let cases = [
            (
                i64::MIN,
                64,
                Signedness::Signless,
                "c-9223372036854775808_i64",
            ),
            (42, 32, Signedness::Signless, "c42_i32"),
            (-3, 8, Signedness::Signed, "c-3_si8"),
            (7, u32::MAX, Signedness::Unsigned, "c7_ui4294967295"),
        ];
        for (v, width, signedness, want) in cases {
            let mut buf = [0u8; NAME_LEN];
            let len = c_and_decimal(&mut buf, v);
            let len = integer_type_suffix(&mut buf, len, width, signedness);
            assert_eq!(std::str::from_utf8(&buf[..len]).unwrap(), want);
        }
    }
}

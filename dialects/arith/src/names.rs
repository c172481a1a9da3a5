//! The names `arith` ops give their results in the custom form (upstream's
//! `getAsmResultNames`): `arith.constant` is `%c42_i32` for an integer of
//! an integer type, `%c0` for an index, `%true` / `%false` for `i1`, and
//! `%cst` for anything else; `arith.muli` of a constant and
//! `vector.vscale` on `index` is `%c4_vscale`.
//!
//! In: a verified op. Out: `set_name` calls (the printer makes the names
//! unique).

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
        let name = match ctx.type_kind(ty) {
            TypeKind::Integer { width: 1, .. } => {
                let zero = value.as_i64() == Some(0);
                (if zero { "false" } else { "true" }).to_string()
            }
            TypeKind::Integer { .. } => {
                format!("c{value}_{}", ir::printer::print_type_str(ctx, ty))
            }
            _ => format!("c{value}"),
        };
        set_name(result, &name);
    }
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

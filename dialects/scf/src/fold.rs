//! Folding for the `scf` dialect: `scf.if` on a negated condition swaps
//! its regions (MLIR's `IfOp::fold`).

use super::IfOp;
use dialect_arith::{ConstantOp, XOrIOp};
use ir::{Attribute, Context, Ir};
use ods_runtime::fold::OpFoldResult;
use ods_runtime::Op;

impl IfOp {
    /// `if (xori(c, true)) A else B` becomes `if (c) B else A`, in place.
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        _operands: &[Option<Attribute>],
    ) -> Option<Vec<OpFoldResult>> {
        let (then_region, else_region) = (ir.region(self.op(), 0), ir.region(self.op(), 1));
        if ir.region_is_empty(else_region) {
            return None;
        }
        let cond = ir.operand(self.op(), 0);
        let xor = XOrIOp::from_op(ctx, ir, ir.defining_op(cond)?)?;
        let rhs = ir.operand(xor.op(), 1);
        let c = ConstantOp::from_op(ctx, ir, ir.defining_op(rhs)?)?;
        let one = match ctx.attr_kind(c.value_attr(ctx, ir)?) {
            ir::AttrKind::Integer { value, .. } => {
                *value == ir::attributes::IntValue::Small(-1)
                    || *value == ir::attributes::IntValue::Small(1)
            }
            _ => false,
        };
        if !one {
            return None;
        }
        let lhs = ir.operand(xor.op(), 0);
        ir.set_operand(self.op(), 0, lhs);
        let then_blocks: Vec<_> = ir.region_blocks(then_region).collect();
        let else_blocks: Vec<_> = ir.region_blocks(else_region).collect();
        for &b in then_blocks.iter().chain(&else_blocks) {
            ir.detach_block(b);
        }
        for b in else_blocks {
            ir.append_block(then_region, b);
        }
        for b in then_blocks {
            ir.append_block(else_region, b);
        }
        Some(Vec::new())
    }
}

//! Shape inference, as the tutorial's chapter 4 has it: an op interface
//! declared in Rust ([`ShapeInferenceOpInterface`], listed by `toy.add`,
//! `toy.mul` and `toy.transpose`) and the pass `--toy-shape-inference`
//! that asks it of every op whose operands are ranked.
//!
//! In: a module of Toy functions. Out: the same module with the result
//! types of the ops the interface knows made ranked where their operands
//! are.

use ods_runtime::interface;
use ods_runtime::ir::{Context, Diagnostic, Ir, OpId, Type, TypeKind};
use ods_runtime::matchers::{walk, WalkOrder, WalkResult};
use ods_transforms::pass::{Pass, PassCx, PassInfo};

use crate::ops::{AddOp, MulOp, TransposeOp};

/// An op whose result shape follows from its operands' shapes.
#[ods_macros::op_interface]
pub trait ShapeInferenceOpInterface {
    /// Sets the result type from the operand types, which are ranked.
    fn infer_shapes(self, ctx: &mut Context, ir: &mut Ir);
}

/// Whether `ty` is a ranked tensor.
fn is_ranked(ctx: &Context, ty: Type) -> bool {
    matches!(ctx.type_kind(ty), TypeKind::RankedTensor { .. })
}

impl AddOp {
    /// The result has the operands' type (their shapes are expected to
    /// match).
    pub fn infer_shapes(self, ctx: &mut Context, ir: &mut Ir) {
        let ty = ir.value_type(self.lhs(ctx, ir));
        ir.set_value_type(self.output(ctx, ir), ty);
    }
}

impl MulOp {
    /// The result has the operands' type.
    pub fn infer_shapes(self, ctx: &mut Context, ir: &mut Ir) {
        let ty = ir.value_type(self.lhs(ctx, ir));
        ir.set_value_type(self.output(ctx, ir), ty);
    }
}

impl TransposeOp {
    /// The result's shape is the input's reversed.
    pub fn infer_shapes(self, ctx: &mut Context, ir: &mut Ir) {
        let input = ir.value_type(self.input(ctx, ir));
        let TypeKind::RankedTensor { shape, element, .. } = ctx.type_kind(input).clone() else {
            return;
        };
        let reversed: Vec<i64> = shape.iter().rev().copied().collect();
        let ty = ctx.ranked_tensor_type(&reversed, element, None);
        ir.set_value_type(self.output(ctx, ir), ty);
    }
}

/// `--toy-shape-inference`, for [`ods_opt::OptTool::with_pass`].
pub const PASS: PassInfo = PassInfo {
    name: "toy-shape-inference",
    summary: "Infer the result shapes of Toy ops from ranked operands",
    options: &[],
    create: |_| Box::new(ShapeInference),
};

struct ShapeInference;

impl Pass for ShapeInference {
    fn run(&mut self, cx: &mut PassCx<'_>, root: OpId) -> Result<(), Vec<Diagnostic>> {
        // In order: an op's operands are inferred before it is.
        let mut ops = Vec::new();
        walk(cx.ir, root, WalkOrder::PreOrder, &mut |op| {
            ops.push(op);
            WalkResult::Advance
        });
        for op in ops {
            let Some(shapes) = interface::<ShapeInferenceOpInterfaceRef>(cx.registry, cx.ir, op)
            else {
                continue;
            };
            let ranked = cx
                .ir
                .operands(op)
                .all(|v| is_ranked(cx.ctx, cx.ir.value_type(v)));
            if ranked {
                shapes.infer_shapes(cx.ctx, cx.ir);
            }
        }
        Ok(())
    }
}

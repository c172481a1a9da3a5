//! Shape inference, as the tutorial's chapter 4 has it: an op interface
//! declared in Rust ([`ShapeInferenceOpInterface`], listed by `toy.add`,
//! `toy.mul`, `toy.transpose` and `toy.cast`) and the pass
//! `--toy-shape-inference` that asks it of every op with an unranked
//! result once its operands are ranked.
//!
//! In: a Toy function (after inlining, `main` alone). Out: the same with
//! every result ranked, or an error: an op without the interface to ask,
//! or ops whose operands never became ranked.

use ods_runtime::interface;
use ods_runtime::ir::{Context, Diagnostic, Ir, OpId, Type, TypeKind};
use ods_runtime::matchers::{walk, WalkOrder, WalkResult};
use ods_runtime::VerifyError;
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

/// `--toy-shape-inference`, for [`ods_opt::OptTool::with_pass`] and
/// chapter 4's `-opt` pipeline (it runs on `toy.func`).
pub const PASS: PassInfo = PassInfo {
    name: "toy-shape-inference",
    summary: "Infer the result shapes of Toy ops from ranked operands",
    options: &[],
    create: |_| Box::new(ShapeInference),
};

/// Upstream's `ShapeInferencePass`: the ops with an unranked result are
/// inferred, each once its operands are ranked, until none is left or
/// none is ready.
struct ShapeInference;

impl Pass for ShapeInference {
    fn display_name(&self) -> Option<&'static str> {
        Some("{anonymous}::ShapeInferencePass")
    }

    fn anchor(&self) -> Option<&'static str> {
        Some("toy.func")
    }

    fn run(&mut self, cx: &mut PassCx<'_>, root: OpId) -> Result<(), Vec<Diagnostic>> {
        // The ops to infer: those with a result whose shape is unknown.
        let mut worklist = Vec::new();
        walk(cx.ir, root, WalkOrder::PostOrder, &mut |op| {
            if cx
                .ir
                .results(op)
                .any(|v| !is_ranked(cx.ctx, cx.ir.value_type(v)))
            {
                worklist.push(op);
            }
            WalkResult::Advance
        });
        // Upstream takes the first ready op of a set ordered by address;
        // here, the first in program order. The results are the same; only
        // which of several ops without the interface is reported differs.
        while let Some(i) = worklist.iter().position(|&op| {
            cx.ir
                .operands(op)
                .all(|v| is_ranked(cx.ctx, cx.ir.value_type(v)))
        }) {
            let op = worklist.remove(i);
            let Some(shapes) = interface::<ShapeInferenceOpInterfaceRef>(cx.registry, cx.ir, op)
            else {
                let message =
                    "unable to infer shape of operation without shape inference interface";
                return Err(vec![cx.op_error(root, op, VerifyError::new(message))]);
            };
            shapes.infer_shapes(cx.ctx, cx.ir);
        }
        if worklist.is_empty() {
            return Ok(());
        }
        let message = format!(
            "Shape inference failed, {} operations couldn't be inferred\n",
            worklist.len()
        );
        Err(vec![cx.op_error(root, root, VerifyError::new(message))])
    }
}

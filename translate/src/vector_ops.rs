//! `llvm.shufflevector` and `llvm.va_arg` as LLVM IR (their `llvmBuilder`s
//! in `LLVMOps.td`): `shufflevector <4 x i32> %a, <4 x i32> %b, <2 x i32>
//! <i32 0, i32 poison>` (a mask entry of -1 is `poison`) and `va_arg ptr
//! %ap, i32`.

use ir::OpId;

use crate::function::{typed, FnBuilder, Part};
use crate::module::TranslateError;
use crate::props::attr;
use crate::types::LTy;

/// The mask as LLVM writes it: `<N x i32> <i32 0, i32 poison>`.
fn mask_text(mask: &[i32]) -> String {
    let items: Vec<String> = mask
        .iter()
        .map(|&m| match m {
            -1 => "i32 poison".to_string(),
            m => format!("i32 {m}"),
        })
        .collect();
    format!("<{} x i32> <{}>", mask.len(), items.join(", "))
}

impl FnBuilder<'_> {
    /// `shufflevector`; on constant operands LLVM would fold, so those
    /// are refused.
    pub(crate) fn shuffle_vector(
        &mut self,
        op: OpId,
    ) -> Result<Option<crate::constants::Val>, TranslateError> {
        let ops = self.operands(op)?;
        if ops.iter().any(|v| v.as_const().is_some()) {
            return Err(TranslateError::new(
                op,
                "cannot be converted to LLVM IR: shufflevector of a constant vector is not translated by ods-translate",
            ));
        }
        let mask = attr(self.ctx, self.ir, op, "mask")
            .map(|a| ods_runtime::attr::dense_array_values::<i32>(self.ctx, a))
            .ok_or_else(|| TranslateError::failed(op))?;
        if mask.is_empty() {
            // A vector of no lanes, which mlir-translate-22 crashes on.
            return Err(TranslateError::new(
                op,
                "cannot be converted to LLVM IR: shufflevector with an empty mask is not translated by ods-translate",
            ));
        }
        let ty = self.result_type(op)?;
        let mask = match &ty {
            // The verifier leaves a scalable shuffle only the splat of lane
            // 0, whose mask LLVM writes `zeroinitializer`.
            LTy::ScalableVector(n, _) => format!("<vscale x {n} x i32> zeroinitializer"),
            _ => mask_text(&mask),
        };
        let mut parts = vec![Part::Text("shufflevector ")];
        for v in &ops {
            parts.push(typed(v));
            parts.push(Part::Text(", "));
        }
        parts.push(Part::Text(&mask));
        self.push(op, Some(ty), parts)
    }

    /// `va_arg ptr %ap, T`.
    pub(crate) fn va_arg(
        &mut self,
        op: OpId,
    ) -> Result<Option<crate::constants::Val>, TranslateError> {
        let list = self.operands(op)?.remove(0);
        let ty: LTy = self.result_type(op)?;
        let parts = [
            Part::Text("va_arg "),
            typed(&list),
            Part::Text(", "),
            Part::Ty(&ty),
        ];
        self.push(op, Some(ty.clone()), parts)
    }
}

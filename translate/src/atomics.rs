//! The atomic ops as LLVM IR (the `llvmBuilder`s of `llvm.atomicrmw`,
//! `llvm.cmpxchg`, `llvm.fence`, and the orderings of atomic loads and
//! stores): `atomicrmw add ptr %p, i32 %v monotonic, align 4`.

use dialect_llvm::{AtomicBinOp, AtomicOrdering};
use ir::OpId;
use smallvec::smallvec;

use crate::constants::escape_bytes;
use crate::function::{typed, FnBuilder, Part, Parts};
use crate::module::TranslateError;
use crate::props::{attr, flag, int_attr, str_of};
use crate::types::LTy;

/// The keyword LLVM prints for an `atomicrmw` operation: the dialect's,
/// but for the three it spells with an underscore.
fn bin_op_word(op: AtomicBinOp) -> &'static str {
    match op.as_str() {
        "_and" => "and",
        "_or" => "or",
        "_xor" => "xor",
        word => word,
    }
}

impl FnBuilder<'_> {
    /// The ordering attribute `name` (a case number) as its keyword.
    pub(crate) fn ordering(&self, op: OpId, name: &str) -> Result<AtomicOrdering, TranslateError> {
        int_attr(self.ctx, self.ir, op, name)
            .and_then(|code| AtomicOrdering::from_value(code as u64))
            .ok_or_else(|| TranslateError::failed(op))
    }

    /// ` syncscope("name")` when the op names a scope, else nothing (the
    /// empty name is LLVM's system scope, which is not written).
    pub(crate) fn syncscope(&self, op: OpId) -> String {
        attr(self.ctx, self.ir, op, "syncscope")
            .and_then(|a| str_of(self.ctx, a))
            .filter(|s| !s.is_empty())
            .map_or_else(String::new, |s| {
                format!(" syncscope(\"{}\")", escape_bytes(s.as_bytes()))
            })
    }

    /// The alignment LLVM's `IRBuilder` gives an atomic op without one:
    /// the value type's store size.
    fn atomic_align(&self, op: OpId, ty: &LTy) -> u64 {
        match int_attr(self.ctx, self.ir, op, "alignment") {
            Some(a) if a > 0 => a as u64,
            _ => self.cx.layout.store_size(ty),
        }
    }

    /// `volatile ` when the op is volatile.
    fn volatile_word(&self, op: OpId) -> &'static str {
        if flag(self.ctx, self.ir, op, "volatile_") {
            "volatile "
        } else {
            ""
        }
    }

    /// `atomicrmw [volatile] op ptr %p, ty %v [syncscope] ordering, align N`.
    pub(crate) fn atomic_rmw(
        &mut self,
        op: OpId,
    ) -> Result<Option<crate::constants::Val>, TranslateError> {
        let ops = self.operands(op)?;
        let bin_op = int_attr(self.ctx, self.ir, op, "bin_op")
            .and_then(|code| AtomicBinOp::from_value(code as u64))
            .ok_or_else(|| TranslateError::failed(op))?;
        let ordering = self.ordering(op, "ordering")?;
        let ty = ops[1].ty.clone();
        let head = format!(
            "atomicrmw {}{} ",
            self.volatile_word(op),
            bin_op_word(bin_op)
        );
        let tail = format!(
            "{} {}, align {}",
            self.syncscope(op),
            ordering.as_str(),
            self.atomic_align(op, &ty)
        );
        let parts = [
            Part::Text(&head),
            typed(&ops[0]),
            Part::Text(", "),
            typed(&ops[1]),
            Part::Text(&tail),
        ];
        self.push(op, Some(ty), parts)
    }

    /// `cmpxchg [weak] [volatile] ptr %p, ty %c, ty %v [syncscope]
    /// success failure, align N`.
    pub(crate) fn cmp_xchg(
        &mut self,
        op: OpId,
    ) -> Result<Option<crate::constants::Val>, TranslateError> {
        let ops = self.operands(op)?;
        let success = self.ordering(op, "success_ordering")?;
        let failure = self.ordering(op, "failure_ordering")?;
        let weak = if flag(self.ctx, self.ir, op, "weak") {
            "weak "
        } else {
            ""
        };
        let head = format!("cmpxchg {weak}{}", self.volatile_word(op));
        let tail = format!(
            "{} {} {}, align {}",
            self.syncscope(op),
            success.as_str(),
            failure.as_str(),
            self.atomic_align(op, &ops[2].ty)
        );
        let mut parts: Parts = smallvec![Part::Text(&head)];
        crate::ops_control::args_parts(&mut parts, &ops);
        parts.push(Part::Text(&tail));
        let ty = self.ir.value_type(self.ir.result(op, 0));
        let ty = crate::module::lty(self.ctx, op, ty)?;
        self.push(op, Some(ty), parts)
    }

    /// `fence [syncscope] ordering`.
    pub(crate) fn fence(
        &mut self,
        op: OpId,
    ) -> Result<Option<crate::constants::Val>, TranslateError> {
        let ordering = self.ordering(op, "ordering")?;
        let line = format!("fence{} {}", self.syncscope(op), ordering.as_str());
        self.push(op, None, [Part::Text(&line)])?;
        Ok(None)
    }
}

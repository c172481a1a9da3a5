//! `llvm.inline_asm` as LLVM IR (upstream's `convertOperationImpl` for
//! it): a call of an inline `asm` value, `call i32 asm sideeffect
//! "add $0, $1", "=r,r"(i32 %0)`.

use dialect_llvm::TailCallKind;
use ir::OpId;
use smallvec::smallvec;

use crate::constants::{escape_bytes, Val};
use crate::function::{FnBuilder, Part, Parts};
use crate::module::{lty, TranslateError};
use crate::props::{attr, flag, int_attr, str_of};
use crate::types::LTy;

impl FnBuilder<'_> {
    /// The string attribute `name`, escaped as LLVM writes it.
    fn asm_text(&self, op: OpId, name: &str) -> Result<String, TranslateError> {
        attr(self.ctx, self.ir, op, name)
            .and_then(|a| str_of(self.ctx, a))
            .map(|s| escape_bytes(s.as_bytes()))
            .ok_or_else(|| TranslateError::failed(op))
    }

    /// `[tail ]call ty asm [sideeffect] [alignstack] [inteldialect]
    /// "asm", "constraints"(args)`.
    pub(crate) fn inline_asm(&mut self, op: OpId) -> Result<Option<Val>, TranslateError> {
        if attr(self.ctx, self.ir, op, "operand_attrs").is_some() {
            return Err(TranslateError::new(
                op,
                "cannot be converted to LLVM IR: operand attributes of inline assembly are not translated by ods-translate",
            ));
        }
        let args = self.operands(op)?;
        let ret = match self.ir.num_results(op) {
            0 => LTy::Void,
            _ => lty(self.ctx, op, self.ir.value_type(self.ir.result(op, 0)))?,
        };
        let tail = match attr(self.ctx, self.ir, op, "tail_call_kind")
            .and_then(|a| dialect_llvm::TailCallKindAttr::from_attr(self.ctx, a))
            .map(|k| k.tail_call_kind(self.ctx))
        {
            Some(TailCallKind::Tail) => "tail ",
            Some(TailCallKind::NoTail) => "notail ",
            Some(TailCallKind::MustTail) => "musttail ",
            _ => "",
        };
        let mut words = String::new();
        if flag(self.ctx, self.ir, op, "has_side_effects") {
            words.push_str("sideeffect ");
        }
        if flag(self.ctx, self.ir, op, "is_align_stack") {
            words.push_str("alignstack ");
        }
        if int_attr(self.ctx, self.ir, op, "asm_dialect") == Some(1) {
            words.push_str("inteldialect ");
        }
        let head = format!(
            "{tail}call {ret} asm {words}\"{}\", \"{}\"(",
            self.asm_text(op, "asm_string")?,
            self.asm_text(op, "constraints")?
        );
        let mut parts: Parts = smallvec![Part::Text(&head)];
        crate::ops_control::args_parts(&mut parts, &args);
        parts.push(Part::Text(")"));
        self.push(op, Some(ret), parts)
    }
}

//! Printing SSA value and block names as operands, successors and the
//! `%a, %b:2 = ` prefix of an op's results, from the numbering of
//! `names`.

use super::ops::OpAsmPrinter;
use super::ops::{ARG_NAME, NAMED, UNNAMED};
use crate::graph::{BlockId, OpId, Value, ValueDef};

impl OpAsmPrinter<'_, '_> {
    /// The result group holding result `index` of `op`: its first result
    /// number and its size.
    pub(super) fn result_group(&self, op: OpId, index: u32) -> (u32, u32) {
        let n = self.ir.num_results(op) as u32;
        match self.result_names.groups(op) {
            None => (0, n),
            Some(starts) => {
                let k = starts.partition_point(|&s| s <= index).saturating_sub(1);
                let start = starts[k];
                let end = starts.get(k + 1).copied().unwrap_or(n);
                (start, end - start)
            }
        }
    }

    /// Prints the name of a value that starts a result group (or is a
    /// block argument numbered like one): `%name` or `%N`.
    pub(super) fn print_value_name(&mut self, v: Value) {
        let n = self.value_names.get(v.index()).copied().unwrap_or(UNNAMED);
        if n == NAMED {
            if let Some(name) = self.result_names.get(v) {
                self.p.push_char('%');
                self.p.push(name);
                return;
            }
        }
        if n == UNNAMED {
            self.p.push("<<UNKNOWN SSA VALUE>>");
            return;
        }
        self.p.push_char('%');
        self.p.out.push_u32(n);
    }

    pub(super) fn ir_value_count(&self) -> usize {
        // Values are dense; the last op's results or a block arg bound it.
        self.ir.value_capacity()
    }

    pub(super) fn ir_block_count(&self) -> usize {
        self.ir.block_capacity()
    }

    /// Prints `%name` of a value (`%3`, `%3#1`, `%arg0`), MLIR's
    /// `printOperand`: the text printed the first time, again (see
    /// `OpAsmPrinter::operand_texts`).
    #[inline]
    pub fn print_operand(&mut self, v: Value) {
        // Names take no alias: the dry run skips the lookups.
        if self.is_dry_run() {
            return;
        }
        match self.operand_texts.get(v.index()) {
            Some(&w) if w != 0 => self.p.out.push_packed(w),
            _ => self.print_operand_first(v),
        }
    }

    /// [`Self::print_operand`] of a value not printed yet (or whose text
    /// is too long to keep).
    #[inline(never)]
    fn print_operand_first(&mut self, v: Value) {
        let start = self.p.out.len();
        self.print_operand_text(v);
        if let (Some(w), Some(slot)) = (
            self.p.out.pack_tail(start),
            self.operand_texts.get_mut(v.index()),
        ) {
            *slot = w;
        }
    }

    /// The text of operand `v`, from the numbering.
    fn print_operand_text(&mut self, v: Value) {
        match self.ir.value_def(v) {
            ValueDef::Argument { .. } => {
                let n = self.value_names.get(v.index()).copied().unwrap_or(UNNAMED);
                if n == UNNAMED || n == NAMED {
                    // Unknown, or named by its region's op.
                    self.print_value_name(v);
                } else if n & ARG_NAME != 0 {
                    self.p.push("%arg");
                    self.p.out.push_u32(n & !ARG_NAME);
                } else {
                    self.p.push_char('%');
                    self.p.out.push_u32(n);
                }
            }
            ValueDef::Result { op, index } => {
                let (start, size) = self.result_group(op, index);
                let lead = self.ir.result(op, start as usize);
                self.print_value_name(lead);
                if size > 1 {
                    self.p.push_char('#');
                    self.p.out.push_u32(index - start);
                }
            }
            ValueDef::Detached => self.p.push("<<UNKNOWN SSA VALUE>>"),
        }
    }

    /// Prints `values` as `%a, %b, ...` (MLIR's `printOperands`).
    pub fn print_operands(&mut self, values: impl IntoIterator<Item = Value>) {
        for (i, v) in values.into_iter().enumerate() {
            if i > 0 {
                self.p.push(", ");
            }
            self.print_operand(v);
        }
    }

    /// Prints the types of `values` as `i32, f32, ...`.
    pub(crate) fn print_value_types(&mut self, values: impl IntoIterator<Item = Value>) {
        for (i, v) in values.into_iter().enumerate() {
            if i > 0 {
                self.p.push(", ");
            }
            self.p.print_type(self.ir.value_type(v));
        }
    }

    /// Prints `^bb3`, the name of block `b` (MLIR's `printSuccessor`).
    pub fn print_successor(&mut self, b: BlockId) {
        if self.is_dry_run() {
            return;
        }
        let n = self.block_names.get(b.index()).copied().unwrap_or(UNNAMED);
        if n == UNNAMED {
            self.p.push("^INVALIDBLOCK");
        } else {
            self.p.push("^bb");
            self.p.out.push_u32(n);
        }
    }
    pub(super) fn print_results_prefix(&mut self, op: OpId) {
        let n = self.ir.num_results(op) as u32;
        if n == 0 {
            return;
        }
        if n == 1 && !self.is_dry_run() {
            // One result: its name is its text as an operand, which
            // its uses print again.
            self.print_operand(self.ir.result(op, 0));
            self.p.push(" = ");
            return;
        }
        let Some(groups) = self.result_names.groups(op) else {
            // One group: `%name` or `%name:n`, no list to copy.
            self.print_value_name(self.ir.result(op, 0));
            if n > 1 {
                self.p.push_char(':');
                self.p.out.push_u32(n);
            }
            self.p.push(" = ");
            return;
        };
        let starts = groups.to_vec();
        for (k, &start) in starts.iter().enumerate() {
            if k > 0 {
                self.p.push(", ");
            }
            let end = starts.get(k + 1).copied().unwrap_or(n);
            self.print_value_name(self.ir.result(op, start as usize));
            if end - start > 1 {
                self.p.push_char(':');
                self.p.out.push_u32(end - start);
            }
        }
        self.p.push(" = ");
    }
}

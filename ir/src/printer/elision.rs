//! What custom printers leave out, found before printing so the alias
//! pass numbers only what is printed.
//!
//! In: the op tree about to be printed. Out: the set of terminators that
//! custom printers drop (a `SingleBlockImplicitTerminator` op's empty
//! `yield`, or any printer calling `print_region` without block
//! terminators). As `mlir-opt`'s alias pass, which runs each op's printer
//! on a dummy output, this runs each custom printer of an op with regions
//! in probe mode: its `print_region` calls are recorded, not printed, and
//! its text is thrown away. Nothing here knows any dialect's syntax; the
//! printers say what they drop.

use super::ops::OpAsmPrinter;
use crate::graph::{BlockId, OpId, RegionId};
use crate::registry::OpTraits;
use rustc_hash::FxHashSet;

impl OpAsmPrinter<'_, '_> {
    /// The terminator a region printed without block terminators drops:
    /// the entry block's last op, when it is one (MLIR's `printRegion`
    /// leaves out only that).
    pub(crate) fn left_out_terminator(&self, entry: BlockId) -> Option<OpId> {
        self.ir.last_op(entry).filter(|&op| {
            self.registry
                .traits(self.ir.op_name(op))
                .contains(OpTraits::TERMINATOR)
        })
    }

    /// Every terminator under `root` that the custom printers will leave
    /// out. Only ops with regions and a custom printer are asked; the
    /// generic form drops nothing.
    pub(crate) fn left_out_terminators(&mut self, root: OpId) -> FxHashSet<OpId> {
        let mut left_out = FxHashSet::default();
        if self.opts.generic {
            return left_out;
        }
        let mut stack = vec![root];
        while let Some(op) = stack.pop() {
            let regions = self.ir.regions(op);
            if regions.is_empty() {
                continue;
            }
            for r in self.probe_regions(op) {
                if let Some(term) = self
                    .ir
                    .first_block(r)
                    .and_then(|b| self.left_out_terminator(b))
                {
                    left_out.insert(term);
                }
            }
            for &r in regions {
                for b in self.ir.region_blocks(r) {
                    stack.extend(self.ir.block_ops(b));
                }
            }
        }
        left_out
    }

    /// Runs `op`'s custom printer (if it has one) without keeping its text;
    /// returns the regions it printed without their terminators.
    fn probe_regions(&mut self, op: OpId) -> Vec<RegionId> {
        let Some(print) = self.op_info(self.ir.op_name(op)).and_then(|i| i.print) else {
            return Vec::new();
        };
        let (mark, indent) = (self.p.out.len(), self.p.indent);
        self.probe = Some(Vec::new());
        print(self, op);
        self.p.out.truncate(mark);
        self.p.indent = indent;
        self.probe.take().unwrap_or_default()
    }
}

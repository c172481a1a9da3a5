//! What custom printers leave out, found before printing so the alias
//! pass numbers only what is printed.
//!
//! In: the op tree about to be printed. Out: [`LeftOut`]: the terminators
//! that custom printers drop (a `SingleBlockImplicitTerminator` op's empty
//! `yield`, or any printer calling `print_region` without block
//! terminators) and the entry blocks whose arguments they do not show
//! (`scf.for`'s induction variable), but for those a signature prints
//! (`print_region_argument`, as `func.func`'s). As `mlir-opt`'s alias
//! pass, which runs each op's printer on a dummy output, this runs each
//! custom printer of an op with regions in probe mode: its `print_region`
//! calls are recorded, not printed, and its text is thrown away. Nothing
//! here knows any dialect's syntax; the printers say what they drop.

use super::aliases::{LeftOut, Probe};
use super::ops::OpAsmPrinter;
use crate::graph::{BlockId, OpId};
use crate::registry::OpTraits;

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

    /// What the custom printers under `root` will leave out. Only ops with
    /// regions and a custom printer are asked; the generic form drops
    /// nothing.
    pub(crate) fn left_out(&mut self, root: OpId) -> LeftOut {
        let mut left_out = LeftOut::default();
        if self.opts.generic {
            return left_out;
        }
        let mut stack = vec![root];
        while let Some(op) = stack.pop() {
            let regions = self.ir.regions(op);
            if regions.is_empty() {
                continue;
            }
            // An op in the generic form prints everything, in order.
            if let Some(probe) = self.probe_regions(op) {
                self.note_probe(op, probe, &mut left_out);
            }
            for &r in regions {
                for b in self.ir.region_blocks(r) {
                    stack.extend(self.ir.block_ops(b));
                }
            }
        }
        left_out
    }

    /// Adds what `op`'s printer leaves out or reorders to `left_out`.
    fn note_probe(&self, op: OpId, probe: Probe, left_out: &mut LeftOut) {
        for r in probe.without_terminators {
            if let Some(term) = self
                .ir
                .first_block(r)
                .and_then(|b| self.left_out_terminator(b))
            {
                left_out.terminators.insert(term);
            }
        }
        for r in probe.without_entry_args {
            if let Some(entry) = self.ir.first_block(r) {
                left_out.hidden_arguments.insert(entry);
            }
        }
        left_out.shown_arguments.extend(probe.shown_arguments);
        // A printer that shows its regions other than through
        // `print_region` is taken to show them all, in order.
        if !probe.printed.is_empty() && probe.printed[..] != self.ir.regions(op)[..] {
            left_out.region_order.insert(op, probe.printed);
        }
    }

    /// Runs `op`'s custom printer (if it has one) without keeping its text;
    /// returns what it did with its regions.
    fn probe_regions(&mut self, op: OpId) -> Option<Probe> {
        let print = self.op_info(self.ir.op_name(op)).and_then(|i| i.print)?;
        let (mark, indent) = (self.p.out.len(), self.p.indent);
        self.probe = Some(Probe::default());
        print(self, op);
        self.p.out.truncate(mark);
        self.p.indent = indent;
        self.probe.take()
    }
}

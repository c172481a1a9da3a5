//! The walk over an op tree: ops, regions and blocks printed from an
//! explicit task stack, block labels with their predecessor comments.

use super::ops::OpAsmPrinter;
use super::ops::UNNAMED;
use crate::graph::{BlockId, OpId, RegionId};
use crate::registry::OpTraits;
use std::fmt::Write as _;

/// How a region prints (MLIR's `printRegion` flags).
#[derive(Copy, Clone, Debug)]
pub(crate) struct RegionShape {
    pub(crate) entry_block_args: bool,
    pub(crate) block_terminators: bool,
    pub(crate) empty_block: bool,
}

impl RegionShape {
    /// Everything shown, as the generic form prints regions.
    pub(crate) const GENERIC: RegionShape = RegionShape {
        entry_block_args: true,
        block_terminators: true,
        empty_block: true,
    };
}

pub(crate) enum Task {
    Op {
        op: OpId,
        indent: usize,
    },
    Ops {
        next: Option<OpId>,
        /// The op to stop before (a terminator left out).
        stop: Option<OpId>,
        indent: usize,
    },
    Block {
        block: BlockId,
        indent: usize,
        label: bool,
        /// Leave out the block's terminator.
        skip_terminator: bool,
    },
    RegionEnd {
        indent: usize,
        sep: bool,
    },
    OpTail {
        op: OpId,
    },
    OpenBrace,
}

impl OpAsmPrinter<'_, '_> {
    /// Prints `op` and everything nested in it at `indent` levels (the
    /// first line is not indented; the caller placed the cursor).
    pub(super) fn print_op_tree(&mut self, op: OpId, indent: usize) {
        self.run(vec![Task::Op { op, indent }], true);
    }

    /// Runs print tasks until the stack is empty. `first` suppresses the
    /// line break before the first op (the caller placed the cursor).
    pub(super) fn run(&mut self, mut stack: Vec<Task>, mut first: bool) -> Vec<Task> {
        while let Some(task) = stack.pop() {
            match task {
                Task::Op { op, indent } => {
                    self.stream_out(false);
                    if !first {
                        self.p.indent = indent;
                        self.p.newline();
                    }
                    first = false;
                    self.p.indent = indent;
                    if !self.opts.generic {
                        if let Some(print) = self.op_info(self.ir.op_name(op)).and_then(|i| i.print)
                        {
                            self.print_results_prefix(op);
                            self.print_custom_name(op);
                            print(self, op);
                            self.print_op_loc(self.ir.op_loc(op));
                            continue;
                        }
                    }
                    self.print_generic_head(op);
                    let regions = self.ir.regions(op);
                    if regions.is_empty() {
                        self.print_generic_tail(op);
                    } else {
                        self.p.push(" (");
                        stack.push(Task::OpTail { op });
                        let n = regions.len();
                        for (i, &r) in regions.iter().enumerate().rev() {
                            stack.push(Task::RegionEnd {
                                indent,
                                sep: i + 1 < n,
                            });
                            self.push_region_body(&mut stack, r, indent, RegionShape::GENERIC);
                        }
                    }
                }
                Task::Ops { next, stop, indent } => {
                    if let Some(op) = next.filter(|&op| Some(op) != stop) {
                        stack.push(Task::Ops {
                            next: self.ir.next_op(op),
                            stop,
                            indent,
                        });
                        stack.push(Task::Op { op, indent });
                    }
                }
                Task::Block {
                    block,
                    indent,
                    label,
                    skip_terminator,
                } => {
                    if label {
                        self.p.indent = indent;
                        self.p.newline();
                        self.print_block_label(block);
                    }
                    let stop = if skip_terminator {
                        self.left_out_terminator(block)
                    } else {
                        None
                    };
                    stack.push(Task::Ops {
                        next: self.ir.first_op(block),
                        stop,
                        indent: indent + 1,
                    });
                }
                Task::RegionEnd { indent, sep } => {
                    self.p.indent = indent;
                    self.p.newline();
                    self.p.push_char('}');
                    if sep {
                        self.p.push(", ");
                    }
                }
                Task::OpTail { op } => {
                    self.p.push_char(')');
                    self.print_generic_tail(op);
                }
                Task::OpenBrace => self.p.push_char('{'),
            }
        }
        stack
    }

    /// Pushes the tasks printing `{` and the blocks of `r` (the caller
    /// pushed the closing task first). As MLIR's `printRegion`: the entry
    /// block's label shows when it has arguments to print or when it is
    /// empty and empty blocks print; only the entry block may lose its
    /// terminator.
    pub(crate) fn push_region_body(
        &mut self,
        stack: &mut Vec<Task>,
        r: RegionId,
        indent: usize,
        shape: RegionShape,
    ) {
        // Last block first (the stack runs backwards).
        let mut next = self.ir.last_block(r);
        while let Some(b) = next {
            next = self.ir.prev_block(b);
            let entry = next.is_none();
            let label = if entry {
                (shape.entry_block_args && self.ir.num_arguments(b) > 0)
                    || (shape.empty_block && self.ir.first_op(b).is_none())
            } else {
                true
            };
            stack.push(Task::Block {
                block: b,
                indent,
                label,
                skip_terminator: entry && !shape.block_terminators,
            });
        }
        stack.push(Task::OpenBrace);
    }

    /// Prints a region at the current indentation (see
    /// `OpAsmPrinter::print_region`).
    pub(crate) fn print_region_shaped(&mut self, r: RegionId, shape: RegionShape) {
        if self.is_dry_run() {
            return self.dry_region(r, shape);
        }
        let indent = self.p.indent;
        // A stack from the pool: regions nest through custom printers,
        // one stack a level, reused from region to region.
        let mut stack = self.task_stacks.pop().unwrap_or_default();
        stack.push(Task::RegionEnd { indent, sep: false });
        self.push_region_body(&mut stack, r, indent, shape);
        let stack = self.run(stack, false);
        self.task_stacks.push(stack);
        self.p.indent = indent;
    }

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

    pub(super) fn print_block_label(&mut self, b: BlockId) {
        self.print_successor(b);
        let n = self.ir.num_arguments(b);
        if n > 0 {
            self.p.push_char('(');
            for i in 0..n {
                if i > 0 {
                    self.p.push(", ");
                }
                let v = self.ir.argument(b, i);
                self.print_operand(v);
                self.p.push(": ");
                self.p.print_type(self.ir.value_type(v));
                self.print_optional_location_specifier(self.ir.argument_loc(b, i));
            }
            self.p.push_char(')');
        }
        self.p.push_char(':');
        if self.ir.prev_block(b).is_none() {
            return;
        }
        let mut preds: Vec<(u32, BlockId)> = self
            .ir
            .predecessors(b)
            .filter_map(|op| self.ir.op_block(op))
            .map(|pb| {
                (
                    self.block_names.get(pb.index()).copied().unwrap_or(UNNAMED),
                    pb,
                )
            })
            .collect();
        preds.sort_by_key(|p| p.0);
        match preds.len() {
            0 => self.p.push("  // no predecessors"),
            1 => {
                self.p.push("  // pred: ");
                self.print_successor(preds[0].1);
            }
            n => {
                let _ = write!(self.p.out, "  // {n} preds: ");
                for (i, &(_, pb)) in preds.iter().enumerate() {
                    if i > 0 {
                        self.p.push(", ");
                    }
                    self.print_successor(pb);
                }
            }
        }
    }
}

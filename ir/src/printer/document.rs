//! A whole printed document: alias definitions before and after the
//! top-level op, the op tree, and the resources section.

use super::aliases::Symbol;
use super::ops::OpAsmPrinter;
use crate::graph::{Location, OpId};

impl OpAsmPrinter<'_, '_> {
    /// The `{-# dialect_resources #-}` section after a blank line, when
    /// the printed IR used resource blobs.
    pub(super) fn print_resources(&mut self) {
        let mark = self.p.out.len();
        self.p.push("\n");
        self.p.print_file_metadata();
        if self.p.out.len() == mark + 1 {
            self.p.out.truncate(mark);
        }
    }

    pub(super) fn print_alias_defs(&mut self, deferred: bool) {
        for i in 0..self.aliases.list.len() {
            if self.aliases.list[i].deferred != deferred {
                continue;
            }
            let a = self.aliases.list[i].clone();
            match a.symbol {
                Symbol::Type(t) => {
                    self.p.push("!");
                    self.p.push(&a.name);
                    self.p.push(" = ");
                    let saved = self.p.type_aliases.remove(&t);
                    self.p.print_type(t);
                    if let Some(s) = saved {
                        self.p.type_aliases.insert(t, s);
                    }
                }
                Symbol::Attr(attr) => {
                    self.p.push("#");
                    self.p.push(&a.name);
                    self.p.push(" = ");
                    self.p.print_attribute_def(attr);
                }
                Symbol::Source { file, offset } => {
                    self.p.push("#");
                    self.p.push(&a.name);
                    self.p.push(" = ");
                    self.print_loc_inline(Location::source(file, offset));
                }
                Symbol::UnknownLoc => {
                    self.p.push("#");
                    self.p.push(&a.name);
                    self.p.push(" = loc(unknown)");
                }
            }
            self.p.push("\n");
        }
    }

    // ----- ops --------------------------------------------------------------------

    /// Prints `root` as a whole document (with its location aliases).
    /// Under local scope, as MLIR prints an op alone: the op, no aliases,
    /// no resources and no line break after it.
    pub(crate) fn print_top_level(&mut self, root: OpId) {
        if self.sink.is_none() {
            // Generic IR prints at about 50 bytes an op: grow the buffer once.
            self.p.out.reserve(self.ir.op_capacity() * 56);
        }
        self.number(root);
        if self.opts.local_scope {
            self.print_op_tree(root, 0);
            return;
        }
        if self.aliases_possible(root) {
            self.choose_aliases(root);
        }
        self.print_alias_defs(false);
        self.print_op_tree(root, 0);
        self.p.push("\n");
        self.print_alias_defs(true);
        self.print_resources();
    }

    /// Prints one op alone (names numbered from the op itself), as in
    /// "see current operation" notes: always generic, no debug info.
    pub(crate) fn print_single_op(&mut self, op: OpId, scope_root: OpId) {
        self.number(scope_root);
        self.print_op_tree(op, 0);
    }
}

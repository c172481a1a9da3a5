//! The parts of an op line around its body: the custom form's op name
//! (short in its default dialect) and the generic form's head and tail.

use super::attrs::write_escaped_string;
use super::ops::OpAsmPrinter;
use crate::context::Identifier;
use crate::graph::OpId;
use crate::types::TypeKind;

/// An op name printed whole in the custom form (no dot, or several).
const NO_SHORT_FORM: u32 = u32::MAX;

impl OpAsmPrinter<'_, '_> {
    /// The op's name without its dialect when that is the default dialect
    /// of the region holding it, as MLIR prints it: `builtin` at the top
    /// level and in a module, the registered default dialect of the
    /// enclosing op (`func` in `func.func`), none in other ops' regions.
    pub(super) fn print_custom_name(&mut self, op: OpId) {
        let ctx = self.p.ctx;
        let name_id = self.ir.op_name(op);
        let name = ctx.str(name_id);
        let dot = self.short_name_start(name_id, name);
        if dot != NO_SHORT_FORM {
            let dialect = &name[..dot as usize - 1];
            let default = match self.ir.parent_op(op) {
                None => Some("builtin"),
                Some(p) if self.ir.op_name(p) == self.registry.module_name => Some("builtin"),
                Some(p) => self
                    .op_info(self.ir.op_name(p))
                    .and_then(|i| i.default_dialect)
                    .map(|d| ctx.str(d)),
            };
            if default == Some(dialect) {
                return self.p.push(&name[dot as usize..]);
            }
        }
        self.p.push(name);
    }

    /// Where the short form of op name `name` (`func` of `func.return`)
    /// starts, looked at once per name; `NO_SHORT_FORM` when the name has
    /// no dot or more than one.
    pub(super) fn short_name_start(&mut self, id: Identifier, name: &str) -> u32 {
        let i = id.0 as usize;
        if let Some(&start) = self.short_names.get(i).filter(|&&s| s != 0) {
            return start;
        }
        let start = match name.split_once('.') {
            Some((d, rest)) if !rest.contains('.') => d.len() as u32 + 1,
            _ => NO_SHORT_FORM,
        };
        if self.short_names.len() <= i {
            self.short_names.resize(i + 1, 0);
        }
        self.short_names[i] = start;
        start
    }

    pub(super) fn print_generic_head(&mut self, op: OpId) {
        self.print_results_prefix(op);
        // The name's exact bytes, escaped as MLIR does (`"t.\\BDop"`).
        let name = self.p.ctx.bytes(self.ir.op_name(op));
        write_escaped_string(&mut self.p.out, name);
        self.p.push("(");
        self.print_operands(self.ir.operands(op));
        self.p.push_char(')');
        let ns = self.ir.num_successors(op);
        if ns > 0 {
            self.p.push_char('[');
            for i in 0..ns {
                if i > 0 {
                    self.p.push(", ");
                }
                self.print_successor(self.ir.successor(op, i));
            }
            self.p.push_char(']');
        }
        if let Some(props) = self.ir.props(op) {
            self.p.push(" <");
            self.p.print_attribute(props);
            self.p.push(">");
        }
    }

    pub(super) fn print_generic_tail(&mut self, op: OpId) {
        self.print_dict_attr(self.ir.attrs(op));
        self.p.push(" : (");
        self.print_value_types(self.ir.operands(op));
        self.p.push(") -> ");
        let n = self.ir.num_results(op);
        let wrap = n != 1
            || matches!(
                self.p
                    .ctx
                    .type_kind(self.ir.value_type(self.ir.result(op, 0))),
                TypeKind::Function { .. }
            );
        if wrap {
            self.p.push_char('(');
        }
        self.print_value_types(self.ir.results(op));
        if wrap {
            self.p.push_char(')');
        }
        self.print_op_loc(self.ir.op_loc(op));
    }
}

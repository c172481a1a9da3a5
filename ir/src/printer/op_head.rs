//! The parts of an op line around its body: the custom form's op name
//! (short in its default dialect) and the generic form's head and tail.

use super::attrs::write_escaped_string;
use super::ops::OpAsmPrinter;
use crate::attributes::Attribute;
use crate::context::Identifier;
use crate::graph::OpId;
use crate::types::TypeKind;
use rustc_hash::FxHashMap;

/// The text of the attribute dictionaries (`false`) and properties
/// (`true`) of generic ops printed so far: most ops of a file repeat a
/// few, and an attribute's text is the same each time within one print
/// (aliases are chosen before; `distinct` numbers and resource handles
/// are given at the first print, which is never stored, and kept).
#[derive(Default)]
pub(crate) struct AttrTexts {
    spans: FxHashMap<(Attribute, bool), (u32, u32)>,
    bytes: Vec<u8>,
}

impl AttrTexts {
    /// The text kept at most: a file of all-different attributes stops
    /// adding once past this.
    const MAX_BYTES: usize = 1 << 22;
}

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
            self.print_attr_text(props, true, |p| p.p.print_attribute(props));
            self.p.push(">");
        }
    }

    /// What `print` prints for `attr` (as properties when `props`), from
    /// [`AttrTexts`] when printed before.
    fn print_attr_text(&mut self, attr: Attribute, props: bool, print: impl FnOnce(&mut Self)) {
        if self.is_dry_run() {
            return print(self);
        }
        if let Some(&(at, len)) = self.attr_texts.spans.get(&(attr, props)) {
            let text = &self.attr_texts.bytes[at as usize..(at + len) as usize];
            return self.p.out.push_bytes(text);
        }
        let start = self.p.out.len();
        let side_effects = (self.p.distinct_ids.len(), self.p.used_resources.len());
        print(self);
        if side_effects != (self.p.distinct_ids.len(), self.p.used_resources.len()) {
            return;
        }
        let texts = &mut self.attr_texts;
        let text = &self.p.out.as_bytes()[start..];
        if texts.bytes.len() + text.len() > AttrTexts::MAX_BYTES {
            return;
        }
        let at = texts.bytes.len() as u32;
        texts.bytes.extend_from_slice(text);
        texts.spans.insert((attr, props), (at, text.len() as u32));
    }

    pub(super) fn print_generic_tail(&mut self, op: OpId) {
        if let Some(dict) = self.ir.attrs(op) {
            self.print_attr_text(dict, false, |p| p.print_dict_attr(Some(dict)));
        }
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

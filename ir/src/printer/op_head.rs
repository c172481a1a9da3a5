//! The parts of an op line around its body: the custom form's op name
//! (short in its default dialect) and the generic form's head and tail.

use super::attrs::write_escaped_string;
use super::ops::OpAsmPrinter;
use crate::attributes::Attribute;
use crate::context::Identifier;
use crate::graph::OpId;
use crate::types::TypeKind;
use rustc_hash::FxHashMap;

/// Text printed before, by what it prints: generic ops' attribute
/// dictionaries, properties and signatures. Most ops of a file repeat a
/// few of each, and their text is the same each time within one print
/// (aliases are chosen before; `distinct` numbers and resource handles
/// are given at the first print, which is never stored, and kept).
#[derive(Default)]
pub(crate) struct PrintedTexts {
    spans: FxHashMap<TextKey, (u32, u32)>,
    bytes: Vec<u8>,
}

impl PrintedTexts {
    /// The text kept at most: a file of all-different attributes stops
    /// adding once past this.
    const MAX_BYTES: usize = 1 << 22;
}

/// What a [`PrintedTexts`] entry is the text of.
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
enum TextKey {
    /// An attribute dictionary (`false`) or properties (`true`).
    Attr(Attribute, bool),
    /// ` : (operand types) -> result types`: the operand and result
    /// counts, then the types.
    Signature([u32; SIGNATURE_WORDS]),
}

/// Signatures of up to this many types less one are kept.
const SIGNATURE_WORDS: usize = 6;

/// An op name printed whole in the custom form (no dot, or several).
const NO_SHORT_FORM: u32 = u32::MAX;
/// A `plain_names` entry for a name not looked at yet (else 1: plain,
/// 0: escaped).
const NOT_SEEN: u8 = 2;

impl<'c> OpAsmPrinter<'_, 'c> {
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
                Some(p) => match self.last_default_dialect {
                    Some((q, d)) if q == p => d,
                    _ => {
                        let d = self.default_dialect_of(p);
                        self.last_default_dialect = Some((p, d));
                        d
                    }
                },
            };
            if default == Some(dialect) {
                return self.p.push(&name[dot as usize..]);
            }
        }
        self.p.push(name);
    }

    /// The default dialect of the regions of `op` (see
    /// [`Self::print_custom_name`]).
    fn default_dialect_of(&mut self, op: OpId) -> Option<&'c str> {
        let ctx: &'c crate::context::Context = self.p.ctx;
        if self.ir.op_name(op) == self.registry.module_name {
            return Some("builtin");
        }
        self.op_info(self.ir.op_name(op))
            .and_then(|i| i.default_dialect)
            .map(|d| ctx.str(d))
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

    /// Whether op name `name` (of id `id`) prints quoted as it is, with
    /// no escapes: looked at once per name.
    fn plain_op_name(&mut self, id: Identifier, name: &[u8]) -> bool {
        let i = id.0 as usize;
        if self.plain_names.len() <= i {
            self.plain_names.resize(i + 1, NOT_SEEN);
        }
        if self.plain_names[i] == NOT_SEEN {
            let plain = name
                .iter()
                .all(|&b| (0x20..=0x7E).contains(&b) && b != b'\\' && b != b'"');
            self.plain_names[i] = plain as u8;
        }
        self.plain_names[i] == 1
    }

    pub(super) fn print_generic_head(&mut self, op: OpId) {
        self.print_results_prefix(op);
        // The name's exact bytes, escaped as MLIR does (`"t.\\BDop"`);
        // whether it needs escaping is looked at once per name.
        let id = self.ir.op_name(op);
        let name = self.p.ctx.bytes(id);
        if self.plain_op_name(id, name) {
            self.p.out.push_byte(b'"');
            self.p.out.push_bytes(name);
            self.p.out.push_byte(b'"');
        } else {
            write_escaped_string(&mut self.p.out, name);
        }
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
            let key = TextKey::Attr(props, true);
            self.print_text(key, |p| p.p.print_attribute(props));
            self.p.push(">");
        }
    }

    /// What `print` prints, from [`PrintedTexts`] by `key` when printed
    /// before.
    fn print_text(&mut self, key: TextKey, print: impl FnOnce(&mut Self)) {
        if self.is_dry_run() {
            return print(self);
        }
        if let Some(&(at, len)) = self.printed.spans.get(&key) {
            let text = &self.printed.bytes[at as usize..(at + len) as usize];
            return self.p.out.push_bytes(text);
        }
        let start = self.p.out.len();
        let side_effects = (self.p.distinct_ids.len(), self.p.used_resources.len());
        print(self);
        if side_effects != (self.p.distinct_ids.len(), self.p.used_resources.len()) {
            return;
        }
        let texts = &mut self.printed;
        let text = &self.p.out.as_bytes()[start..];
        if texts.bytes.len() + text.len() > PrintedTexts::MAX_BYTES {
            return;
        }
        let at = texts.bytes.len() as u32;
        texts.bytes.extend_from_slice(text);
        texts.spans.insert(key, (at, text.len() as u32));
    }

    /// The [`TextKey`] of `op`'s signature, if it has few enough types.
    fn signature_key(&self, op: OpId) -> Option<TextKey> {
        let (operands, results) = (self.ir.operands(op), self.ir.results(op));
        let (n, m) = (operands.len(), results.len());
        if n + m >= SIGNATURE_WORDS {
            return None;
        }
        let mut words = [0u32; SIGNATURE_WORDS];
        words[0] = (n as u32) << 16 | m as u32;
        for (w, v) in words[1..].iter_mut().zip(operands.chain(results)) {
            *w = self.ir.value_type(v).0;
        }
        Some(TextKey::Signature(words))
    }

    pub(super) fn print_generic_tail(&mut self, op: OpId) {
        if let Some(dict) = self.ir.attrs(op) {
            let key = TextKey::Attr(dict, false);
            self.print_text(key, |p| p.print_dict_attr(Some(dict)));
        }
        match self.signature_key(op) {
            Some(key) => self.print_text(key, |p| p.print_signature(op)),
            None => self.print_signature(op),
        }
        self.print_op_loc(self.ir.op_loc(op));
    }

    /// ` : (operand types) -> result types` of a generic op.
    fn print_signature(&mut self, op: OpId) {
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
    }
}

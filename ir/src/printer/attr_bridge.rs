//! A small attribute printer the op printer uses until `printer::attrs`
//! lands; then every call goes to `Printer::print_attribute` and this file
//! goes away. Prints what `parser::attr_bridge` builds.

use super::Printer;
use crate::attributes::{AttrKind, Attribute};
use std::fmt::Write as _;

/// Writes `bytes` as an MLIR string literal body with escapes.
pub(crate) fn escape_into(out: &mut String, bytes: &[u8]) {
    for &b in bytes {
        match b {
            b'"' => out.push_str("\\\""),
            b'\\' => out.push_str("\\\\"),
            b'\n' => out.push_str("\\n"),
            b'\t' => out.push_str("\\t"),
            0x20..=0x7e => out.push(b as char),
            _ => {
                let _ = write!(out, "\\{b:02X}");
            }
        }
    }
}

impl Printer<'_> {
    /// Prints the attribute forms the bridge parser builds.
    pub fn print_attribute_bridge(&mut self, attr: Attribute) {
        match self.ctx.attr_kind(attr) {
            AttrKind::Unit => self.push("unit"),
            AttrKind::String { value, ty } => {
                self.out.push('"');
                escape_into(&mut self.out, value);
                self.out.push('"');
                if let Some(ty) = *ty {
                    self.push(" : ");
                    self.print_type(ty);
                }
            }
            AttrKind::Type(ty) => self.print_type(*ty),
            AttrKind::Array(elems) => {
                self.push_char('[');
                self.comma_list(elems, Self::print_attribute_bridge);
                self.push_char(']');
            }
            AttrKind::Dictionary(entries) => {
                self.push_char('{');
                self.print_named_attrs_bridge(entries);
                self.push_char('}');
            }
            AttrKind::Dialect { dialect, body } => {
                let _ = write!(self.out, "#{}.{}", self.ctx.str(*dialect), body);
            }
        }
    }

    /// `a = 1, b` (unit values print as the bare name).
    pub fn print_named_attrs_bridge(&mut self, entries: &[crate::NamedAttribute]) {
        for (i, e) in entries.iter().enumerate() {
            if i > 0 {
                self.push(", ");
            }
            self.print_attr_name(self.ctx.str(e.name));
            if !matches!(self.ctx.attr_kind(e.value), AttrKind::Unit) {
                self.push(" = ");
                self.print_attribute_bridge(e.value);
            }
        }
    }

    /// A dictionary key: bare when it is a valid identifier, else quoted.
    pub fn print_attr_name(&mut self, name: &str) {
        let bare = name
            .bytes()
            .next()
            .is_some_and(|b| b.is_ascii_alphabetic() || b == b'_')
            && name
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'$' | b'.'));
        if bare {
            self.push(name);
        } else {
            self.out.push('"');
            escape_into(&mut self.out, name.as_bytes());
            self.out.push('"');
        }
    }
}

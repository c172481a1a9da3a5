//! The entry points the op printer used before `printer::attrs` landed;
//! they now forward to the full attribute printer. Kept so the op
//! printer's calls stay valid until they are switched over.

use super::Printer;
use crate::attributes::{AttrKind, Attribute};
use std::fmt::Write as _;

/// Writes `bytes` as the body of an MLIR string literal, escaped as
/// mlir-opt escapes (`\\`, and `\XX` for `"` and non-printable bytes).
pub(crate) fn escape_into(out: &mut String, bytes: &[u8]) {
    if bytes
        .iter()
        .all(|&b| (0x20..=0x7e).contains(&b) && b != b'"' && b != b'\\')
    {
        out.push_str(std::str::from_utf8(bytes).expect("printable ASCII"));
        return;
    }
    for &b in bytes {
        match b {
            b'\\' => out.push_str("\\\\"),
            b'"' => out.push_str("\\22"),
            0x20..=0x7e => out.push(b as char),
            _ => {
                let _ = write!(out, "\\{b:02X}");
            }
        }
    }
}

impl Printer<'_> {
    /// Same as [`Printer::print_attribute`].
    pub fn print_attribute_bridge(&mut self, attr: Attribute) {
        self.print_attribute(attr);
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
                self.print_attribute(e.value);
            }
        }
    }

    /// A dictionary key: bare when it is a valid identifier, else quoted.
    pub fn print_attr_name(&mut self, name: &str) {
        super::attrs::write_keyword_or_string(&mut self.out, name.as_bytes());
    }
}

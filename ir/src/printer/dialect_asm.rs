//! What a dialect attribute's or type's printer prints with (MLIR's
//! `AsmPrinter` as `printType` / `printAttribute` hooks get it): literal
//! text, integers, strings, floats, nested types and attributes, and each
//! parameter kind in MLIR's default spelling; plus the core's printing of
//! a defined attribute or type around its printer (`!dialect.mnemonic<..>`
//! when that text is a pretty dialect name, `!dialect<...>` otherwise).
//!
//! In: a [`Printer`] and the parameters of a defined value
//! ([`crate::defs`]). Out: text as `mlir-opt` prints it.

use super::attrs::{write_escaped_string, write_keyword_or_string};
use super::Printer;
use crate::attributes::{AttrKind, Attribute};
use crate::context::Context;
use crate::defs::{DefHandle, DefinedData, Param};
use crate::types::{FloatKind, Type};

/// The printer an attribute's or type's print hook
/// ([`crate::defs::DefPrintFn`]) gets, positioned after the mnemonic.
pub struct AsmPrinter<'p, 'c> {
    pub(crate) p: &'p mut Printer<'c>,
}

impl<'p, 'c> AsmPrinter<'p, 'c> {
    /// The printer that writes into `p`.
    pub fn new(p: &'p mut Printer<'c>) -> Self {
        AsmPrinter { p }
    }

    /// The context of what is printed.
    pub fn ctx(&self) -> &'c Context {
        self.p.ctx
    }

    /// Prints `text` as it is (MLIR's `p << "text"`).
    pub fn print_str(&mut self, text: &str) {
        self.p.push(text);
    }

    /// Prints a decimal integer.
    pub fn print_integer(&mut self, value: i128) {
        self.p.push_int(value);
    }

    /// Prints `text` quoted with MLIR's escapes (MLIR's `printString`).
    pub fn print_string(&mut self, text: &[u8]) {
        write_escaped_string(&mut self.p.out, text);
    }

    /// Prints `text` bare when it is a keyword, else quoted (MLIR's
    /// `printKeywordOrString`).
    pub fn print_keyword_or_string(&mut self, text: &[u8]) {
        write_keyword_or_string(&mut self.p.out, text);
    }

    /// Prints a float as float attributes print their value, without a
    /// type (MLIR's `p << apfloat`).
    pub fn print_float(&mut self, kind: FloatKind, bits: u128) {
        crate::float::write_float(&mut self.p.out, kind, bits);
    }

    /// Prints a type in full (its alias when it has one).
    pub fn print_type(&mut self, ty: Type) {
        self.p.print_type(ty);
    }

    /// Prints an attribute in full, with its type.
    pub fn print_attribute(&mut self, attr: Attribute) {
        self.p.print_attribute(attr);
    }

    /// Prints an attribute without the `: type` of numbers and strings.
    pub fn print_attribute_without_type(&mut self, attr: Attribute) {
        self.p.print_attribute_without_type(attr);
    }

    /// Prints `attr`'s alias (`#name`) if it has one and says whether it
    /// did (MLIR's `printAlias`); prints nothing otherwise. During the
    /// alias pass the attribute counts as printed, so it gets its alias.
    pub fn print_alias(&mut self, attr: Attribute) -> bool {
        if self.p.dry_run.is_some() {
            self.p.print_attribute(attr);
            return true;
        }
        match self.p.attr_aliases.get(&attr) {
            Some(name) => {
                self.p.out.push('#');
                self.p.out.push_str(name);
                true
            }
            None => false,
        }
    }

    /// Prints a dialect type without its `!dialect.mnemonic` prefix (MLIR's
    /// `printStrippedAttrOrType`): its alias when it has one, its printer's
    /// text when that is not empty, else the whole type.
    pub fn print_stripped_type(&mut self, ty: Type) {
        // The dry run counts the whole type (mlir-opt's tries its alias
        // first, which always succeeds there).
        if self.p.dry_run.is_some() || self.p.type_aliases.contains_key(&ty) {
            return self.p.print_type(ty);
        }
        let start = self.p.out.len();
        if let Some(data) = self.p.ctx.type_def_data(ty) {
            (data.def.0.print)(self, DefHandle::Type(ty), &data.params);
        }
        if self.p.out.len() == start {
            self.p.print_type(ty);
        }
    }

    /// Prints a dialect attribute without its `#dialect.mnemonic` prefix
    /// (MLIR's `printStrippedAttrOrType`): `<fast>` of
    /// `#arith.fastmath<fast>`, `x` of `#gpu<dim x>`, the printer's text
    /// of a defined attribute. Other attributes print whole.
    pub fn print_stripped_attribute(&mut self, attr: Attribute) {
        if self.p.dry_run.is_some() || self.p.attr_aliases.contains_key(&attr) {
            return self.p.print_attribute(attr);
        }
        let ctx = self.p.ctx;
        let text = match ctx.attr_kind(attr) {
            AttrKind::Opaque { data, ty: None, .. } => data,
            AttrKind::Defined(data) => {
                let start = self.p.out.len();
                (data.def.0.print)(self, DefHandle::Attr(attr), &data.params);
                if self.p.out.len() == start {
                    self.p.print_attribute(attr);
                }
                return;
            }
            _ => return self.p.print_attribute(attr),
        };
        let mnemonic = text
            .iter()
            .take_while(|&&b| b.is_ascii_alphanumeric() || b == b'_' || b == b'.')
            .count();
        // The attribute's own printer writes what follows the mnemonic, a
        // leading space included (`#gpu<dim x>` prints ` x`, so a format
        // that spaces before it shows two, as mlir-opt does).
        let rest = &text[mnemonic..];
        match rest.first() {
            Some(b' ' | b'<') if mnemonic > 0 => self.p.out.push_bytes(rest),
            _ => self.p.print_attribute(attr),
        }
    }

    /// Prints a parameter in MLIR's default spelling for its kind:
    /// integers in decimal, `true`/`false`, strings quoted, floats as
    /// float attributes print, arrays comma-separated, an absent optional
    /// as nothing, types and attributes in full.
    pub fn print_param(&mut self, param: &Param) {
        match param {
            Param::Int(v) => self.print_integer(*v as i128),
            Param::UInt(v) => self.print_integer(*v as i128),
            Param::Bool(b) => self.print_str(if *b { "true" } else { "false" }),
            Param::Str(s) => self.print_string(s.as_bytes()),
            Param::Float { kind, bits } => self.print_float(*kind, *bits),
            Param::Array(items) => {
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        self.print_str(", ");
                    }
                    self.print_param(item);
                }
            }
            Param::Optional(Some(inner)) => self.print_param(inner),
            Param::Optional(None) => {}
            Param::Type(t) => self.print_type(*t),
            Param::Attr(a) => self.print_attribute(*a),
            Param::Custom(c) => {
                // A Rust type without a printer of its own prints as its
                // `Debug` text; definitions give such parameters a
                // `printer`.
                let text = format!("{c:?}");
                self.print_str(&text);
            }
        }
    }
}

/// MLIR's rule for printing `!dialect.text` rather than `!dialect<text>`:
/// a letter, then letters, digits, `.` and `_`, then nothing or a `<...>`
/// that ends the text.
pub fn is_pretty_dialect_symbol(text: &[u8]) -> bool {
    if !text.first().is_some_and(|c| c.is_ascii_alphabetic()) {
        return false;
    }
    let name = text
        .iter()
        .take_while(|&&c| c.is_ascii_alphanumeric() || c == b'.' || c == b'_')
        .count();
    let rest = &text[name..];
    rest.is_empty() || (rest.first() == Some(&b'<') && rest.last() == Some(&b'>'))
}

impl Printer<'_> {
    /// Prints the type or attribute of an unregistered dialect whose
    /// symbol is `symbol` as MLIR's `printDialectSymbol` does: the sigil
    /// and namespace, then `.symbol` when that is a pretty name, else
    /// `<symbol>`. The symbol's bytes print as they were read.
    pub(crate) fn print_dialect_symbol(&mut self, sigil: char, dialect: &[u8], symbol: &[u8]) {
        self.push_char(sigil);
        self.out.push_bytes(dialect);
        if is_pretty_dialect_symbol(symbol) {
            self.push_char('.');
            self.out.push_bytes(symbol);
        } else {
            self.push_char('<');
            self.out.push_bytes(symbol);
            self.push_char('>');
        }
    }

    /// Prints a defined type or attribute in full: `!` or `#`, the dialect,
    /// then `.mnemonic...` when the mnemonic and what the printer wrote
    /// form a pretty name, else `<mnemonic...>`.
    pub(crate) fn print_defined(&mut self, handle: DefHandle, data: &DefinedData) {
        let sigil = match handle {
            DefHandle::Type(_) => '!',
            DefHandle::Attr(_) => '#',
        };
        let def = data.def.0;
        self.push_char(sigil);
        self.push(def.dialect);
        let start = self.out.len();
        self.push_char('.');
        self.push(def.mnemonic);
        (def.print)(&mut AsmPrinter::new(self), handle, &data.params);
        if !is_pretty_dialect_symbol(&self.out.as_bytes()[start + 1..]) {
            let body = self.out.as_bytes()[start + 1..].to_vec();
            self.out.truncate(start);
            self.push_char('<');
            self.out.push_bytes(&body);
            self.push_char('>');
        }
        // An attribute with a type of its own prints it after (MLIR's
        // `TypedAttr`), unless it is `none`.
        if let (DefHandle::Attr(_), Some(i)) = (handle, def.self_type) {
            if let Some(Param::Type(ty)) = data.params.get(i) {
                if !matches!(self.ctx.type_kind(*ty), crate::types::TypeKind::None) {
                    self.push(" : ");
                    self.print_type(*ty);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pretty_names_follow_mlir() {
        assert!(is_pretty_dialect_symbol(b"fastmath<nnan,ninf>"));
        assert!(is_pretty_dialect_symbol(b"a.b_c"));
        assert!(!is_pretty_dialect_symbol(b"dim x"));
        assert!(!is_pretty_dialect_symbol(b"_x"));
        assert!(!is_pretty_dialect_symbol(b"x<a> y"));
        assert!(!is_pretty_dialect_symbol(b""));
    }
}

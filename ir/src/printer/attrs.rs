//! Attribute and location printing, in `mlir-opt`'s spelling: `1 : i32`,
//! `1.000000e+00 : f32`, `dense<[1, 2]> : tensor<2xi32>`, `loc("f":1:2)`,
//! with aliases from [`Printer::attr_aliases`] substituted at every level.

use super::{PrintBuffer, Printer};
use crate::attributes::{AttrKind, Attribute, DenseData, IntValue, NamedAttribute};
use crate::float;
use crate::types::{Signedness, Type, TypeKind, DYNAMIC};
use std::fmt::Write as _;

/// Dense elements with more elements than this print as a hex string, as
/// `mlir-opt` does by default.
pub const HEX_ELEMENTS_THRESHOLD: usize = 100;

/// Is `s` printable as a bare identifier (`[a-zA-Z_][a-zA-Z0-9_$.]*`)?
pub fn is_bare_identifier(s: &[u8]) -> bool {
    match s.first() {
        Some(c) if c.is_ascii_alphabetic() || *c == b'_' => s[1..]
            .iter()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'$' | b'.')),
        _ => false,
    }
}

/// Appends `bytes` as a quoted MLIR string: printable ASCII as is, `\\`
/// for a backslash, `\XX` for anything else (including `"` and bytes that
/// are not UTF-8). MLIR quotes string attributes, quoted names, symbol
/// names and op names this way.
pub fn write_escaped_string(out: &mut PrintBuffer, bytes: &[u8]) {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    out.push_byte(b'"');
    let mut rest = bytes;
    while !rest.is_empty() {
        // Copy the longest run that needs no escaping in one go.
        let run = rest
            .iter()
            .position(|&b| !(0x20..=0x7E).contains(&b) || b == b'\\' || b == b'"')
            .unwrap_or(rest.len());
        out.push_bytes(&rest[..run]);
        let Some(&b) = rest.get(run) else { break };
        if b == b'\\' {
            out.push_str("\\\\");
        } else {
            out.push_bytes(&[b'\\', HEX[(b >> 4) as usize], HEX[(b & 15) as usize]]);
        }
        rest = &rest[run + 1..];
    }
    out.push_byte(b'"');
}

/// Appends a name bare when it can be, else quoted and escaped.
pub fn write_keyword_or_string(out: &mut PrintBuffer, s: &[u8]) {
    if is_bare_identifier(s) {
        out.push_bytes(s);
    } else {
        write_escaped_string(out, s);
    }
}

/// Reads a little-endian two's-complement scalar of `bytes` bytes.
fn read_int(raw: &[u8], signed: bool) -> IntValue {
    if raw.len() <= 16 {
        let mut buf = [0u8; 16];
        buf[..raw.len()].copy_from_slice(raw);
        let neg = signed && raw.last().is_some_and(|b| b & 0x80 != 0);
        if neg {
            for b in &mut buf[raw.len()..] {
                *b = 0xFF;
            }
        }
        let v = u128::from_le_bytes(buf);
        if neg || v <= i128::MAX as u128 {
            return IntValue::Small(v as i128);
        }
        return IntValue::from_big(num_bigint::BigInt::from(v));
    }
    let v = if signed {
        num_bigint::BigInt::from_signed_bytes_le(raw)
    } else {
        num_bigint::BigInt::from_bytes_le(num_bigint::Sign::Plus, raw)
    };
    IntValue::from_big(v)
}

/// Sign-corrects a scalar read from storage rounded up to whole bytes
/// for an integer of `width` bits.
fn read_int_of_width(raw: &[u8], width: u32, signed: bool) -> IntValue {
    if width.is_multiple_of(8) {
        return read_int(raw, signed);
    }
    // Widths like i7 keep their sign bit inside the last byte.
    let mut buf = raw.to_vec();
    let top = (width % 8) as u8;
    if let Some(last) = buf.last_mut() {
        let sign = (*last >> (top - 1)) & 1 == 1;
        let mask = (1u8 << top) - 1;
        *last &= mask;
        if signed && sign {
            *last |= !mask;
        }
    }
    read_int(&buf, signed)
}

/// When an attribute's `: type` is left out (MLIR's `AttrTypeElision`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum TypeElision {
    /// Always printed.
    Never,
    /// Left out when it is the default (`i64`, `f64`), as inside arrays.
    Default,
    /// Left out for numbers and strings.
    Must,
}

impl Printer<'_> {
    /// Prints an attribute as it appears as the value of an attribute
    /// dictionary entry: types are never elided. An alias is printed
    /// instead when one is set.
    pub fn print_attribute(&mut self, attr: Attribute) {
        self.print_attr_with(attr, TypeElision::Never, true);
    }

    /// Prints an attribute where MLIR may elide the default type (`i64`
    /// for integers, `f64` for floats), as inside arrays.
    pub fn print_attribute_elided(&mut self, attr: Attribute) {
        self.print_attr_with(attr, TypeElision::Default, true);
    }

    /// Prints an attribute without the `: type` of numbers and strings
    /// (MLIR's `printAttributeWithoutType`), where the context gives it.
    pub fn print_attribute_without_type(&mut self, attr: Attribute) {
        self.print_attr_with(attr, TypeElision::Must, true);
    }

    /// Prints the attribute itself even if it has an alias (nested
    /// attributes still use theirs): the right side of `#alias = ...`.
    pub fn print_attribute_def(&mut self, attr: Attribute) {
        self.print_attr_with(attr, TypeElision::Never, false);
    }

    /// Prints `{a = 1 : i64, b}` (unit values print as the bare name).
    pub fn print_attr_dict(&mut self, attrs: &[NamedAttribute]) {
        self.push_char('{');
        for (i, na) in attrs.iter().enumerate() {
            if i > 0 {
                self.push(", ");
            }
            self.print_named_attribute(*na);
        }
        self.push_char('}');
    }

    /// `name = value`, or `name` for a unit value.
    pub fn print_named_attribute(&mut self, na: NamedAttribute) {
        write_keyword_or_string(&mut self.out, self.ctx.bytes(na.name));
        if !matches!(self.ctx.attr_kind(na.value), AttrKind::Unit) {
            self.push(" = ");
            self.print_attribute(na.value);
        }
    }

    fn print_attr_with(&mut self, attr: Attribute, elide: TypeElision, use_alias: bool) {
        if self.dry_run.is_some() {
            let without_type = elide == TypeElision::Must;
            return self.record(super::aliases::Symbol::Attr(attr), without_type);
        }
        if use_alias && !self.attr_aliases.is_empty() {
            if let Some(name) = self.attr_aliases.get(&attr) {
                self.out.push('#');
                self.out.push_str(name);
                return;
            }
        }
        let ctx = self.ctx;
        match ctx.attr_kind(attr) {
            AttrKind::Unit => self.push("unit"),
            AttrKind::Integer { ty, value } => {
                let ty = *ty;
                match ctx.type_kind(ty) {
                    TypeKind::Integer {
                        width: 1,
                        signedness: Signedness::Signless,
                    } => {
                        let t = !matches!(value, IntValue::Small(0));
                        self.push(if t { "true" } else { "false" });
                    }
                    k => {
                        let is_i64 = matches!(
                            k,
                            TypeKind::Integer {
                                width: 64,
                                signedness: Signedness::Signless
                            }
                        );
                        match value {
                            IntValue::Small(v) => self.push_int(*v),
                            IntValue::Big(b) => {
                                let _ = write!(self.out, "{b}");
                            }
                        }
                        if !(elide == TypeElision::Must || elide == TypeElision::Default && is_i64)
                        {
                            self.push(" : ");
                            self.print_type(ty);
                        }
                    }
                }
            }
            AttrKind::Float { ty, bits } => {
                let ty = *ty;
                let kind = match ctx.type_kind(ty) {
                    TypeKind::Float(k) => *k,
                    _ => crate::types::FloatKind::F64,
                };
                float::write_float(&mut self.out, kind, *bits);
                let is_f64 = kind == crate::types::FloatKind::F64;
                if !(elide == TypeElision::Must || elide == TypeElision::Default && is_f64) {
                    self.push(" : ");
                    self.print_type(ty);
                }
            }
            AttrKind::String { value, ty } => {
                write_escaped_string(&mut self.out, value);
                if let Some(t) = ty.filter(|_| elide != TypeElision::Must) {
                    self.push(" : ");
                    self.print_type(t);
                }
            }
            AttrKind::Type(t) => self.print_type(*t),
            AttrKind::Array(elems) => {
                self.push_char('[');
                self.comma_list(elems, Self::print_attribute_elided);
                self.push_char(']');
            }
            AttrKind::Dictionary(entries) => self.print_attr_dict(entries),
            AttrKind::SymbolRef { root, nested } => {
                self.push_char('@');
                write_keyword_or_string(&mut self.out, ctx.bytes(*root));
                for n in nested.iter() {
                    self.push("::@");
                    write_keyword_or_string(&mut self.out, ctx.bytes(*n));
                }
            }
            AttrKind::DenseElements { ty, data } => {
                self.push("dense<");
                self.print_dense_body(*ty, data, true);
                self.push_char('>');
                // `printAttributeWithoutType` leaves out an elements
                // attribute's type too (the form implies it).
                if elide != TypeElision::Must {
                    self.push(" : ");
                    self.print_type(*ty);
                }
            }
            AttrKind::DenseStrings { ty, values } => {
                self.push("dense<");
                let shape = ctx.shape(*ty).unwrap_or(&[]);
                if values.len() == 1 {
                    write_escaped_string(&mut self.out, &values[0]);
                } else {
                    let mut i = 0;
                    self.print_nested(shape, &mut i, &mut |p, k| {
                        if let Some(v) = values.get(k) {
                            write_escaped_string(&mut p.out, v);
                        }
                    });
                }
                self.push_char('>');
                // `printAttributeWithoutType` leaves out an elements
                // attribute's type too (the form implies it).
                if elide != TypeElision::Must {
                    self.push(" : ");
                    self.print_type(*ty);
                }
            }
            AttrKind::DenseResource { ty, handle } => {
                if !self.used_resources.contains(handle) {
                    self.used_resources.push(*handle);
                }
                self.push("dense_resource<");
                write_keyword_or_string(&mut self.out, ctx.bytes(*handle));
                self.push_char('>');
                // `printAttributeWithoutType` leaves out an elements
                // attribute's type too (the form implies it).
                if elide != TypeElision::Must {
                    self.push(" : ");
                    self.print_type(*ty);
                }
            }
            AttrKind::DenseArray { elem, data } => self.print_dense_array(*elem, data),
            AttrKind::Sparse {
                ty,
                indices,
                values,
            } => {
                self.push("sparse<");
                let parts = [*indices, *values];
                let empty = parts.iter().all(|&a| {
                    matches!(ctx.attr_kind(a), AttrKind::DenseElements { data, .. } if data.raw.is_empty())
                });
                if !empty {
                    for (i, part) in parts.into_iter().enumerate() {
                        if i > 0 {
                            self.push(", ");
                        }
                        match ctx.attr_kind(part) {
                            AttrKind::DenseElements { ty, data } => {
                                self.print_dense_body(*ty, data, true)
                            }
                            AttrKind::DenseStrings { values, .. } => {
                                for (i, v) in values.iter().enumerate() {
                                    if i > 0 {
                                        self.push(", ");
                                    }
                                    write_escaped_string(&mut self.out, v);
                                }
                            }
                            _ => {}
                        }
                    }
                }
                self.push_char('>');
                // `printAttributeWithoutType` leaves out an elements
                // attribute's type too (the form implies it).
                if elide != TypeElision::Must {
                    self.push(" : ");
                    self.print_type(*ty);
                }
            }
            AttrKind::AffineMap(map) => {
                self.push("affine_map<");
                map.write(&mut self.out);
                self.push_char('>');
            }
            AttrKind::IntegerSet(set) => {
                self.push("affine_set<");
                set.write(&mut self.out);
                self.push_char('>');
            }
            AttrKind::Strided { strides, offset } => {
                self.push("strided<[");
                for (i, s) in strides.iter().enumerate() {
                    if i > 0 {
                        self.push(", ");
                    }
                    self.print_dim_or_dynamic(*s);
                }
                self.push_char(']');
                if *offset != 0 {
                    self.push(", offset: ");
                    self.print_dim_or_dynamic(*offset);
                }
                self.push_char('>');
            }
            AttrKind::Opaque { dialect, data, ty } => {
                self.print_dialect_symbol('#', ctx.bytes(*dialect), data);
                if let Some(t) = ty {
                    self.push(" : ");
                    self.print_type(*t);
                }
            }
            AttrKind::Defined(data) => self.print_defined(crate::defs::DefHandle::Attr(attr), data),
            AttrKind::Distinct { referenced, .. } => {
                // mlir-opt numbers distinct attributes from 0 as it prints.
                let next = self.distinct_ids.len() as u64;
                let id = *self.distinct_ids.entry(attr).or_insert(next);
                let _ = write!(self.out, "distinct[{id}]<");
                if !matches!(ctx.attr_kind(*referenced), AttrKind::Unit) {
                    self.print_attribute(*referenced);
                }
                self.push_char('>');
            }
            AttrKind::UnknownLoc
            | AttrKind::FileLineCol { .. }
            | AttrKind::NameLoc { .. }
            | AttrKind::CallSiteLoc { .. }
            | AttrKind::FusedLoc { .. } => self.print_builtin_location(attr),
        }
    }

    /// The `{-# dialect_resources: ... #-}` section for the resources
    /// printed so far that have blobs, ending with a newline; nothing when
    /// there are none. mlir-opt puts it after a blank line at the end of
    /// the file, blobs in order of first use.
    pub fn print_file_metadata(&mut self) {
        let ctx = self.ctx;
        // mlir-opt 22 leaves out the blob of an empty key.
        let blobs: Vec<(&[u8], &str)> = self
            .used_resources
            .iter()
            .filter(|&&h| !ctx.bytes(h).is_empty())
            .filter_map(|&h| ctx.resource_blob(h).map(|b| (ctx.bytes(h), b)))
            .collect();
        if blobs.is_empty() {
            return;
        }
        self.push("{-#\n  dialect_resources: {\n    builtin: {\n");
        for (i, (key, blob)) in blobs.iter().enumerate() {
            self.push("      ");
            write_keyword_or_string(&mut self.out, key);
            self.push(": \"");
            self.push(blob);
            self.push_char('"');
            self.push(if i + 1 < blobs.len() { ",\n" } else { "\n" });
        }
        self.push("    }\n  }\n#-}\n");
    }

    fn print_dim_or_dynamic(&mut self, v: i64) {
        if v == DYNAMIC {
            self.push_char('?');
        } else {
            self.push_int(v as i128);
        }
    }

    /// Prints elements in nested `[...]` following `shape`; `each` prints
    /// element `k`.
    fn print_nested(
        &mut self,
        shape: &[i64],
        next: &mut usize,
        each: &mut dyn FnMut(&mut Self, usize),
    ) {
        match shape.split_first() {
            None => {
                each(self, *next);
                *next += 1;
            }
            Some((&n, rest)) => {
                self.push_char('[');
                for i in 0..n.max(0) {
                    if i > 0 {
                        self.push(", ");
                    }
                    self.print_nested(rest, next, each);
                }
                self.push_char(']');
            }
        }
    }

    /// The inside of `dense<...>`: a splat value, nested lists, or a hex
    /// string for large non-splat data when `allow_hex`.
    pub fn print_dense_body(&mut self, ty: Type, data: &DenseData, allow_hex: bool) {
        let ctx = self.ctx;
        let shape = ctx.shape(ty).unwrap_or(&[]);
        let numel = shape.iter().fold(1i64, |a, &d| a.saturating_mul(d));
        if numel == 0 && !data.splat {
            return;
        }
        let element = ctx.element_type(ty).unwrap_or(ty);
        let (scalar, complex) = match ctx.type_kind(element) {
            TypeKind::Complex(inner) => (*inner, true),
            _ => (element, false),
        };
        let sb = data.scalar_bytes as usize;
        let eb = sb * if complex { 2 } else { 1 };
        if data.splat {
            self.print_dense_elem(scalar, complex, &data.raw[..eb.min(data.raw.len())]);
            return;
        }
        if allow_hex && numel as usize > HEX_ELEMENTS_THRESHOLD {
            self.push("\"0x");
            if ctx.int_or_float_width(scalar) == Some(1) {
                let chunks = data.raw.chunks(8);
                let last = chunks.len().saturating_sub(1);
                for (k, chunk) in chunks.enumerate() {
                    let mut byte = chunk
                        .iter()
                        .enumerate()
                        .fold(0u8, |acc, (i, b)| acc | ((b & 1) << i));
                    if k == last {
                        byte |= data.tail_bits;
                    }
                    let _ = write!(self.out, "{byte:02X}");
                }
            } else {
                for b in data.raw.iter() {
                    let _ = write!(self.out, "{b:02X}");
                }
            }
            self.push_char('"');
            return;
        }
        let raw = &data.raw;
        let mut i = 0;
        self.print_nested(shape, &mut i, &mut |p, k| {
            if let Some(bytes) = raw.get(k * eb..(k + 1) * eb) {
                p.print_dense_elem(scalar, complex, bytes);
            }
        });
    }

    fn print_dense_elem(&mut self, scalar: Type, complex: bool, bytes: &[u8]) {
        if complex {
            let half = bytes.len() / 2;
            self.push_char('(');
            self.print_dense_scalar(scalar, &bytes[..half]);
            self.push_char(',');
            self.print_dense_scalar(scalar, &bytes[half..]);
            self.push_char(')');
        } else {
            self.print_dense_scalar(scalar, bytes);
        }
    }

    fn print_dense_scalar(&mut self, scalar: Type, bytes: &[u8]) {
        match *self.ctx.type_kind(scalar) {
            TypeKind::Float(kind) => {
                let mut buf = [0u8; 16];
                let n = bytes.len().min(16);
                buf[..n].copy_from_slice(&bytes[..n]);
                float::write_float(&mut self.out, kind, u128::from_le_bytes(buf));
            }
            TypeKind::Integer { width: 1, .. } => {
                let t = bytes.first().is_some_and(|b| *b != 0);
                self.push(if t { "true" } else { "false" });
            }
            TypeKind::Integer { width, signedness } => {
                match read_int_of_width(bytes, width, signedness != Signedness::Unsigned) {
                    IntValue::Small(v) => self.push_int(v),
                    big => {
                        let _ = write!(self.out, "{big}");
                    }
                }
            }
            _ => match read_int(bytes, true) {
                IntValue::Small(v) => self.push_int(v),
                big => {
                    let _ = write!(self.out, "{big}");
                }
            },
        }
    }

    fn print_dense_array(&mut self, elem: Type, data: &[u8]) {
        self.push("array<");
        self.print_type(elem);
        let ctx = self.ctx;
        let (bytes, kind) = match ctx.type_kind(elem) {
            TypeKind::Float(k) => (k.bit_width().div_ceil(8) as usize, Some(*k)),
            TypeKind::Integer { width, .. } => (width.div_ceil(8).max(1) as usize, None),
            _ => (8, None),
        };
        if !data.is_empty() {
            self.push(": ");
            for (i, chunk) in data.chunks(bytes).enumerate() {
                if i > 0 {
                    self.push(", ");
                }
                match kind {
                    Some(k) => {
                        let mut buf = [0u8; 16];
                        buf[..chunk.len()].copy_from_slice(chunk);
                        float::write_float(&mut self.out, k, u128::from_le_bytes(buf));
                    }
                    None => self.print_dense_scalar(elem, chunk),
                }
            }
        }
        self.push_char('>');
    }
}

/// Prints one attribute to a string.
pub fn print_attribute_str(ctx: &crate::Context, attr: Attribute) -> String {
    let mut p = Printer::new(ctx);
    p.print_attribute(attr);
    p.finish()
}

#[cfg(test)]
mod tests {
    use crate::diagnostics::SourceFile;
    use crate::parser::attrs::parse_attribute_str;
    use crate::parser::AsmParser;
    use crate::printer::attrs::print_attribute_str;
    use crate::{AttrKind, Context, DiagLoc};

    /// Each line: an attribute as written, a tab, then what mlir-opt 22
    /// printed for it (`--mlir-print-local-scope`, so no aliases), or
    /// `ERROR col: message` for what it reported, then what it printed when
    /// reading that output back. Generated by running
    /// mlir-opt on the first column; see docs/ir.md.
    const CASES: &str = include_str!("../../testdata/builtin_attrs.txt");

    #[test]
    fn matches_mlir_opt_output() {
        let mut failures = Vec::new();
        for line in CASES.lines().filter(|l| !l.is_empty()) {
            let mut cols = line.split('\t');
            let (Some(input), Some(expected)) = (cols.next(), cols.next()) else {
                continue;
            };
            // What mlir-opt prints when reading its own output (not always
            // the same: its affine simplification is not idempotent).
            let reprinted = cols.next().unwrap_or(expected);
            let mut ctx = Context::new();
            // Parsed inside a dictionary followed by what mlir-opt saw after
            // it, so that errors placed relative to neighbouring tokens land
            // on the same column.
            let wrapped = format!("{{a = {input}}} : () -> ()");
            let file = SourceFile::new("<attr>", wrapped.as_bytes());
            let mut p = AsmParser::new(&mut ctx, &file);
            let parsed = p.parse_attribute().map_err(|_| p.take_diagnostic());
            drop(p);
            let got = match parsed {
                Ok(dict) => match ctx.attr_kind(dict) {
                    AttrKind::Dictionary(entries) => print_attribute_str(&ctx, entries[0].value),
                    _ => String::new(),
                },
                Err(None) => "ERROR without a diagnostic".to_owned(),
                Err(Some(d)) => {
                    let col = match d.loc {
                        DiagLoc::FileLineCol { col, .. } => col as i64 - 5,
                        DiagLoc::Unknown => 0,
                    };
                    format!("ERROR {col}: {}", d.message)
                }
            };
            if got != expected {
                failures.push(format!("{input}\n   want: {expected}\n    got: {got}"));
                continue;
            }
            if !expected.starts_with("ERROR") {
                // The canonical spelling reads back to the same text.
                let again = parse_attribute_str(&mut ctx, expected)
                    .map(|a| print_attribute_str(&ctx, a))
                    .unwrap_or_else(|d| format!("ERROR {}", d.message));
                if again != reprinted {
                    failures.push(format!(
                        "round trip of {expected}\n   want: {reprinted}\n    got: {again}"
                    ));
                }
            }
        }
        assert!(
            failures.is_empty(),
            "{} failures:\n{}",
            failures.len(),
            failures.join("\n")
        );
    }
}

#[cfg(test)]
mod escape_tests {
    use super::{write_escaped_string, write_keyword_or_string, PrintBuffer};

    fn escaped(bytes: &[u8]) -> Vec<u8> {
        let mut out = PrintBuffer::new();
        write_escaped_string(&mut out, bytes);
        out.into_bytes()
    }

    fn keyword_or_string(bytes: &[u8]) -> Vec<u8> {
        let mut out = PrintBuffer::new();
        write_keyword_or_string(&mut out, bytes);
        out.into_bytes()
    }

    // As mlir-opt 22 prints string attributes and quoted names.
    #[test]
    fn strings_escape_everything_but_printable_ascii() {
        assert_eq!(escaped(b"plain text"), br#""plain text""#);
        assert_eq!(escaped(b"q\"b\\s"), br#""q\22b\\s""#);
        assert_eq!(escaped(b"\n\t\x00\x7F"), br#""\0A\09\00\7F""#);
        // Bytes that are not UTF-8, and UTF-8 itself, byte by byte.
        assert_eq!(escaped(b"x\xFF\xFEy"), br#""x\FF\FEy""#);
        assert_eq!(escaped("é".as_bytes()), br#""\C3\A9""#);
        assert_eq!(escaped(b""), br#""""#);
    }

    #[test]
    fn names_print_bare_only_when_they_are_identifiers() {
        assert_eq!(keyword_or_string(b"a.b$_1"), b"a.b$_1");
        assert_eq!(keyword_or_string(b"1a"), br#""1a""#);
        assert_eq!(keyword_or_string(b"a\xF7b"), br#""a\F7b""#);
        assert_eq!(keyword_or_string(b"\xC3("), br#""\C3(""#);
    }
}

#[cfg(test)]
mod resource_tests {
    use crate::diagnostics::SourceFile;
    use crate::parser::AsmParser;
    use crate::printer::Printer;
    use crate::Context;

    /// `text`, an attribute line and a file-metadata section, parsed and
    /// printed back.
    fn reprint(text: &str) -> String {
        let mut ctx = Context::new();
        let file = SourceFile::new("r", text);
        let mut p = AsmParser::new(&mut ctx, &file);
        let attr = p.parse_attribute().unwrap();
        p.parse_file_metadata().unwrap();
        drop(p);
        let mut pr = Printer::new(&ctx);
        pr.print_attribute(attr);
        pr.push_char('\n');
        pr.print_file_metadata();
        pr.finish()
    }

    /// The section prints as mlir-opt 22 printed it for this input: only
    /// blobs that were used, in order of first use.
    #[test]
    fn file_metadata_round_trips_used_blobs() {
        let text = concat!(
            "[dense_resource<blob2> : tensor<2xi32>, dense_resource<blob1> : tensor<1xi8>, ",
            "dense_resource<blob9> : tensor<2xi32>]\n",
            "{-#\n  dialect_resources: {\n    builtin: {\n",
            "      blob1: \"0x0400000001\",\n",
            "      blob2: \"0x040000000100000002000000\",\n",
            "      unused: \"0x04000000\"\n",
            "    }\n  }\n#-}\n"
        );
        let expected = concat!(
            "[dense_resource<blob2> : tensor<2xi32>, dense_resource<blob1> : tensor<1xi8>, ",
            "dense_resource<blob9> : tensor<2xi32>]\n",
            "{-#\n  dialect_resources: {\n    builtin: {\n",
            "      blob2: \"0x040000000100000002000000\",\n",
            "      blob1: \"0x0400000001\"\n",
            "    }\n  }\n#-}\n"
        );
        assert_eq!(reprint(text), expected);
    }

    /// Keys may be strings of any bytes; they print bare only when they
    /// are identifiers, and an empty key's blob is left out (as mlir-opt 22).
    #[test]
    fn resource_keys_keep_their_bytes() {
        let text = concat!(
            "[dense_resource<\"b\\FF\"> : tensor<1xi8>, dense_resource<\"a.b\"> : tensor<1xi8>, ",
            "dense_resource<\"\"> : tensor<1xi8>]\n",
            "{-# dialect_resources: { builtin: { \"b\\FF\": \"0x0400000001\", ",
            "\"a.b\": \"0x0400000002\", \"\": \"0x0400000003\" } } #-}\n"
        );
        let expected = concat!(
            "[dense_resource<\"b\\FF\"> : tensor<1xi8>, dense_resource<a.b> : tensor<1xi8>, ",
            "dense_resource<\"\"> : tensor<1xi8>]\n",
            "{-#\n  dialect_resources: {\n    builtin: {\n",
            "      \"b\\FF\": \"0x0400000001\",\n",
            "      a.b: \"0x0400000002\"\n",
            "    }\n  }\n#-}\n"
        );
        assert_eq!(reprint(text), expected);
    }

    #[test]
    fn file_metadata_errors_match_mlir_opt() {
        for (text, col, msg) in [
            (
                "{-# foo: {} #-}",
                5,
                "unknown key 'foo' in file metadata dictionary",
            ),
            (
                "{-# dialect_resources: { builtin: { blob1: \"abc\" } } #-}",
                44,
                "expected hex string blob for key 'blob1'",
            ),
            (
                "{-# dialect_resources: { t: { x: \"0x00\" } } #-}",
                26,
                "dialect 't' is unknown",
            ),
        ] {
            let mut ctx = Context::new();
            let file = SourceFile::new("r", text);
            let mut p = AsmParser::new(&mut ctx, &file);
            assert!(p.parse_file_metadata().is_err());
            let d = p.take_diagnostic().unwrap();
            assert_eq!(d.message, msg);
            assert!(
                matches!(d.loc, crate::DiagLoc::FileLineCol { col: c, .. } if c == col),
                "{text}"
            );
        }
    }
}

#[cfg(test)]
mod bench {
    use crate::diagnostics::SourceFile;
    use crate::lexer::TokenKind;
    use crate::parser::AsmParser;
    use crate::printer::Printer;
    use crate::Context;
    use std::time::Instant;

    /// Parse+print throughput of attribute-heavy text. Run with
    /// `cargo test -p ir --release bench_attribute_throughput -- --ignored --nocapture`.
    #[test]
    #[ignore]
    fn bench_attribute_throughput() {
        let one = concat!(
            "{a = 1 : i32, b = 1.500000e+00 : f32, c = \"some.name\", d = true, ",
            "e = [1, 2, 3], f = @callee, g = dense<[1, 2, 3, 4]> : tensor<4xi32>, ",
            "h = loc(\"file.mlir\":12:34), i = -42 : index, j = 2.500000e-01 : f64, ",
            "k = tensor<4x?xf32>, l = memref<4x8xf32, strided<[8, 1]>>}\n"
        );
        let text = one.repeat(50_000);
        let mut ctx = Context::new();
        let file = SourceFile::new("bench", text.as_bytes());
        let start = Instant::now();
        let mut p = AsmParser::new(&mut ctx, &file);
        let mut attrs = Vec::new();
        while !p.at(TokenKind::Eof) {
            attrs.push(p.parse_attribute().expect("parses"));
        }
        let parsed = start.elapsed();
        let start = Instant::now();
        let mut pr = Printer::new(&ctx);
        for a in &attrs {
            pr.print_attribute(*a);
            pr.push_char('\n');
        }
        let out = pr.finish();
        let printed = start.elapsed();
        assert_eq!(out.len(), text.len());
        let mb = text.len() as f64 / 1e6;
        eprintln!(
            "{mb:.1} MB: parse {:.0} MB/s, print {:.0} MB/s",
            mb / parsed.as_secs_f64(),
            mb / printed.as_secs_f64()
        );
    }
}

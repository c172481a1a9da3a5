//! Properties of `Properties.td` written as format variables, as the
//! `parser` and `printer` of each property class read and write them in
//! mlir-tblgen 22's generated code: an `EnumProp` as its case keyword
//! (`FieldParser` of the enum), a `UnitProp` as `unit` / `unit_absent`, a
//! `BoolProp` printed `true` / `false` and read by the integer parser
//! (upstream's `FieldParser<bool>`, which takes `true`, `false`, `1` and
//! `0`), an `ArrayProp` of integers as `[1, 2]`.
//!
//! In: an [`OpAsmParser`] at the value, or the attribute the property is
//! kept as. Out: that attribute, or its text. A value that does not read
//! is the element's own error, then `invalid value for property NAME,
//! expected SUMMARY` at the value, as upstream reports it.

use crate::enums::EnumAttr;
use ir::parser::ops::OpAsmParser;
use ir::parser::{Delimiter, PResult};
use ir::printer::ops::OpAsmPrinter;
use ir::Attribute;

fn property_error(name: &str, expected: &str) -> String {
    format!("invalid value for property {name}, expected {expected}")
}

/// The case list of `FieldParser`'s message for enum `E`: mlir-tblgen 22
/// writes a case that is not a keyword quoted and then bare
/// (`[red, "dashed-blue"dashed-blue]`).
fn case_list<E: EnumAttr>() -> String {
    let shown: Vec<String> = E::CASES
        .iter()
        .map(|c| {
            let text = c.as_str();
            match is_keyword(text) {
                true => text.to_string(),
                false => format!("\"{text}\"{text}"),
            }
        })
        .collect();
    shown.join(", ")
}

/// MLIR's bare-identifier test for a keyword.
fn is_keyword(text: &str) -> bool {
    let mut chars = text.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '$' | '.'))
}

/// An `EnumProp` written as its case keyword (or a string holding it):
/// `expected keyword for SUMMARY` when neither is next, `expected one of
/// [a, b] for SUMMARY, got: x` for another word; the attribute is the
/// case's integer, as upstream's `convertToAttribute` makes it.
pub fn parse_enum_property<E: EnumAttr>(
    p: &mut OpAsmParser<'_>,
    name: &str,
    summary: &str,
) -> PResult<Attribute> {
    let at = p.current_location();
    let case = match p.parse_optional_keyword_or_string() {
        None => p.emit_error(at, format!("expected keyword for {summary}")),
        Some(word) => enum_case::<E>(p, at, &word, summary),
    };
    match case {
        Ok(case) => Ok(case.to_attr(p.ctx())),
        Err(_) => p.emit_error_also(at, property_error(name, summary)),
    }
}

/// The case of `E` named `word` (read at `at`), else `FieldParser`'s
/// error.
fn enum_case<E: EnumAttr>(
    p: &mut OpAsmParser<'_>,
    at: ir::parser::AsmLoc,
    word: &[u8],
    summary: &str,
) -> PResult<E> {
    let word = String::from_utf8_lossy(word);
    match E::from_str(&word) {
        Some(case) => Ok(case),
        None => p.emit_error(
            at,
            format!(
                "expected one of [{}] for {summary}, got: {word}",
                case_list::<E>()
            ),
        ),
    }
}

/// An `EnumProp` anchoring an optional group, read through its
/// `optionalParser`: the attribute when a case keyword (or a string) is
/// next, `None` when neither is.
pub fn parse_enum_property_if_present<E: EnumAttr>(
    p: &mut OpAsmParser<'_>,
    name: &str,
    summary: &str,
) -> PResult<Option<Attribute>> {
    let at = p.current_location();
    let Some(word) = p.parse_optional_keyword_or_string() else {
        return Ok(None);
    };
    match enum_case::<E>(p, at, &word, summary) {
        Ok(case) => Ok(Some(case.to_attr(p.ctx()))),
        Err(_) => p.emit_error_also(at, property_error(name, summary)),
    }
}

/// Prints an `EnumProp`'s case as a keyword, or as a string when it is
/// not one (upstream's `operator<<` of the enum); an attribute that holds
/// no case whole.
pub fn print_enum_property<E: EnumAttr>(pr: &mut OpAsmPrinter<'_, '_>, attr: Attribute) {
    match E::from_attr(pr.ctx(), attr) {
        Some(case) => pr.print_keyword_or_string(case.as_str().as_bytes()),
        None => pr.print_attribute(attr),
    }
}

/// A `UnitProp` written as a variable: `unit` (the unit attribute) or
/// `unit_absent` (`None`: the property keeps its default, `false`);
/// anything else is `expected 'unit' or 'unit_absent'`.
pub fn parse_unit_property(p: &mut OpAsmParser<'_>, name: &str) -> PResult<Option<Attribute>> {
    let at = p.current_location();
    if p.parse_optional_keyword("unit") {
        return Ok(Some(crate::attr::unit(p.ctx())));
    }
    if p.parse_optional_keyword("unit_absent") {
        return Ok(None);
    }
    let here = p.current_location();
    let _ = p.emit_error::<()>(here, "expected 'unit' or 'unit_absent'");
    p.emit_error_also(at, property_error(name, "unit property"))
}

/// Prints a `UnitProp` written as a variable: `unit` when set, else
/// `unit_absent`.
pub fn print_unit_property(pr: &mut OpAsmPrinter<'_, '_>, attr: Option<Attribute>) {
    let set = attr
        .is_some_and(|a| <bool as crate::prop::PropValue>::from_attr(pr.ctx(), a).unwrap_or(false));
    pr.print_str(if set { "unit" } else { "unit_absent" });
}

/// A `BoolProp` as upstream's `FieldParser<bool>` reads it: an integer
/// that fits a `bool` (`true`, `false`, `1`, `0`), else `integer value too
/// large`.
pub fn parse_bool_property(p: &mut OpAsmParser<'_>, name: &str) -> PResult<Attribute> {
    let at = p.current_location();
    let value = match p.parse_integer::<i128>() {
        Ok(v @ (0 | 1)) => Ok(v == 1),
        Ok(_) => p.emit_error(at, "integer value too large"),
        Err(e) => Err(e),
    };
    match value {
        Ok(v) => Ok(crate::attr::bool(p.ctx(), v)),
        Err(_) => p.emit_error_also(at, property_error(name, "boolean")),
    }
}

/// Prints a `BoolProp`: `true` or `false`.
pub fn print_bool_property(pr: &mut OpAsmPrinter<'_, '_>, attr: Attribute) {
    match <bool as crate::prop::PropValue>::from_attr(pr.ctx(), attr) {
        Some(v) => pr.print_str(if v { "true" } else { "false" }),
        None => pr.print_attribute(attr),
    }
}

/// An `ArrayProp` (or `IntArrayProp`) of integer properties written as
/// `[1, 2]`; the attribute is what the storage type `A` converts to (an
/// array attribute, or a dense array for an `IntArrayProp`).
pub fn parse_int_array_property<A, T>(
    p: &mut OpAsmParser<'_>,
    name: &str,
    what: &str,
) -> PResult<Attribute>
where
    A: crate::prop::PropValue + From<Vec<T>>,
    T: TryFrom<i128>,
{
    let at = p.current_location();
    let mut values: Vec<T> = Vec::new();
    let read = p.parse_comma_separated_list(Delimiter::Square, "", |p| {
        values.push(p.parse_integer::<T>()?);
        Ok(())
    });
    let attr = match read {
        Ok(()) => A::from(values).to_attr(p.ctx()),
        Err(_) => None,
    };
    match attr {
        Some(attr) => Ok(attr),
        None => p.emit_error_also(at, property_error(name, what)),
    }
}

/// Prints an integer `ArrayProp` (storage type `A`) as `[1, 2]`.
pub fn print_int_array_property<A, T>(pr: &mut OpAsmPrinter<'_, '_>, attr: Attribute)
where
    A: crate::prop::PropValue + AsRef<[T]>,
    T: Copy + Into<i128>,
{
    let Some(values) = A::from_attr(pr.ctx(), attr) else {
        pr.print_attribute(attr);
        return;
    };
    pr.print_str("[");
    for (k, &v) in values.as_ref().iter().enumerate() {
        if k > 0 {
            pr.print_str(", ");
        }
        pr.print_integer(v.into());
    }
    pr.print_str("]");
}

/// The flags of a bit-enum `EnumProp` after its first keyword: more
/// keywords after `|` (a plain `EnumProp`, `inbounds|nuw`) or after `,`
/// (a `NamedEnumProp`'s `name<nsw, nuw>`), each a case of `E`, their bits
/// joined. `None` when a keyword is no case.
fn bit_enum_flags<E: crate::prop::PropValue + std::str::FromStr>(
    p: &mut OpAsmParser<'_>,
    first: &str,
    named: bool,
) -> PResult<Option<Attribute>> {
    let mut words = vec![first.to_string()];
    loop {
        let more = match named {
            true => p.parse_optional_comma(),
            false => p.parse_optional_vertical_bar(),
        };
        if !more {
            break;
        }
        words.push(p.parse_keyword_any()?.to_string());
    }
    let mut bits: Option<(i64, ir::Type)> = None;
    for w in &words {
        let Some(attr) = w.parse::<E>().ok().and_then(|v| v.to_attr(p.ctx())) else {
            return Ok(None);
        };
        let (ty, value) = match p.ctx().attr_kind(attr) {
            ir::AttrKind::Integer { ty, .. } => (*ty, crate::attr::int_value(p.ctx(), attr)),
            _ => return Ok(None),
        };
        bits = Some((bits.map_or(0, |(b, _)| b) | value, ty));
    }
    Ok(bits.map(|(b, ty)| p.ctx().integer_attr(ty, i128::from(b))))
}

/// A bit-enum `EnumProp` written as a variable: its flags (`inbounds|nuw`,
/// `none`), or `name<flags>` for a `NamedEnumProp` (`overflow<nsw, nuw>`);
/// a word that is no case is `invalid value for property NAME, expected
/// SUMMARY`.
pub fn parse_bit_enum_property<E: crate::prop::PropValue + std::str::FromStr>(
    p: &mut OpAsmParser<'_>,
    name: &str,
    named: Option<&str>,
    summary: &str,
) -> PResult<Attribute> {
    let at = p.current_location();
    match parse_bit_enum_property_if_present::<E>(p, name, named, summary)? {
        Some(attr) => Ok(attr),
        None => p.emit_error(at, format!("expected keyword for {summary}")),
    }
}

/// A bit-enum `EnumProp` anchoring an optional group, read through its
/// `optionalParser`: the attribute when its keyword (or `name<`) is next,
/// `None` when it is not.
pub fn parse_bit_enum_property_if_present<E: crate::prop::PropValue + std::str::FromStr>(
    p: &mut OpAsmParser<'_>,
    name: &str,
    named: Option<&str>,
    summary: &str,
) -> PResult<Option<Attribute>> {
    let at = p.current_location();
    if let Some(mnemonic) = named {
        if !p.parse_optional_keyword(mnemonic) {
            return Ok(None);
        }
        p.parse_less()?;
    }
    let first = match named {
        Some(_) => p.parse_keyword_any()?.to_string(),
        None => match p.parse_optional_keyword_any() {
            Some(word) => word.to_string(),
            None => return Ok(None),
        },
    };
    let flags = bit_enum_flags::<E>(p, &first, named.is_some())?;
    if named.is_some() {
        p.parse_greater()?;
    }
    match flags {
        Some(attr) => Ok(Some(attr)),
        None => p.emit_error_also(at, property_error(name, summary)),
    }
}

/// Prints a bit-enum `EnumProp`: its flags, inside `name<...>` for a
/// `NamedEnumProp`; an attribute that holds no flags of `E` whole.
pub fn print_bit_enum_property<E: crate::prop::PropValue + std::fmt::Display>(
    pr: &mut OpAsmPrinter<'_, '_>,
    attr: Attribute,
    named: Option<&str>,
) {
    let Some(flags) = E::from_attr(pr.ctx(), attr) else {
        pr.print_attribute(attr);
        return;
    };
    match named {
        Some(mnemonic) => pr.print_str(&format!("{mnemonic}<{flags}>")),
        None => pr.print_str(&flags.to_string()),
    }
}

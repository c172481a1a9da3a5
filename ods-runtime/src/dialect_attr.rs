//! Dialect attributes generated from ODS (`EnumAttr<Dialect, Enum,
//! "mnemonic">`): their storage and what their generated parsers call.
//!
//! In: a value to store, or the parser on a registered dialect's attribute
//! text (what an [`ir::registry::AttrParseFn`] gets).
//! Out: the attribute, or an error worded and placed as `mlir-opt`'s
//! generated attribute parsers report it.
//!
//! Storage: the attribute is kept as the text `mlir-opt` prints for it
//! (`#arith.fastmath<nnan,ninf>`, or `#gpu<dim x>` when the text is no
//! pretty name), interned once per value. The core prints it with no hook,
//! and the generated parsers store only canonical text, so equal values
//! are one attribute.

use ir::parser::{AsmLoc, AsmParser, PResult};
use ir::{AttrKind, Attribute, Context};
use std::ops::BitOr;
use std::str::FromStr;

/// The attribute of dialect `dialect` whose text after the dialect name is
/// `text` (`fastmath<nnan>`, `dim x`): `#dialect.text` when MLIR would
/// print that pretty form, else `#dialect<text>`.
pub fn get(ctx: &mut Context, dialect: &str, text: &str) -> Attribute {
    let dialect = ctx.ident(dialect);
    let bytes = text.as_bytes().into();
    let kind = if is_pretty_name(text) {
        AttrKind::Dialect {
            dialect,
            body: bytes,
            ty: None,
        }
    } else {
        AttrKind::Opaque {
            dialect,
            data: bytes,
            ty: None,
        }
    };
    ctx.intern_attr(kind)
}

/// The text after the dialect name of an attribute of `dialect` made by
/// [`get`] (or parsed without the dialect's parser), if `attr` is one.
pub fn text_of<'c>(ctx: &'c Context, attr: Attribute, dialect: &str) -> Option<&'c str> {
    let (id, bytes) = match ctx.attr_kind(attr) {
        AttrKind::Dialect {
            dialect,
            body,
            ty: None,
        } => (*dialect, body),
        AttrKind::Opaque {
            dialect,
            data,
            ty: None,
        } => (*dialect, data),
        _ => return None,
    };
    if ctx.str(id) != dialect {
        return None;
    }
    std::str::from_utf8(bytes).ok()
}

/// MLIR's rule for printing `#dialect.text` rather than `#dialect<text>`
/// (see [`ir::printer::dialect_asm::is_pretty_dialect_symbol`]).
pub fn is_pretty_name(text: &str) -> bool {
    ir::printer::dialect_asm::is_pretty_dialect_symbol(text.as_bytes())
}

/// The value of an enum attribute from its stored text: `mnemonic<value>`
/// (`bracketed`) or `mnemonic value`.
pub fn enum_value_of<E: FromStr>(
    ctx: &Context,
    attr: Attribute,
    dialect: &str,
    mnemonic: &str,
    bracketed: bool,
) -> Option<E> {
    let rest = text_of(ctx, attr, dialect)?.strip_prefix(mnemonic)?;
    let value = if bracketed {
        rest.strip_prefix('<')?.strip_suffix('>')?
    } else {
        rest.strip_prefix(' ')?
    };
    value.parse().ok()
}

/// The keyword naming which attribute of the dialect follows (MLIR's
/// `KeywordSwitch`), and where it starts. Error: `expected valid keyword`.
pub fn parse_mnemonic<'a>(p: &mut AsmParser<'a>) -> PResult<(&'a str, AsmLoc)> {
    let at = p.current_location();
    let word = p.parse_keyword_any()?;
    Ok((word, at))
}

/// The error for a mnemonic no attribute of the dialect has.
pub fn unknown_attribute<T>(
    p: &mut AsmParser<'_>,
    dialect: &str,
    mnemonic: &str,
    at: AsmLoc,
) -> PResult<T> {
    p.emit_error(
        at,
        format!("unknown attribute `{mnemonic}` in dialect `{dialect}`"),
    )
}

/// How a bit enum's flags are separated in its attribute syntax: by `|`
/// when its printed separator holds one, else by `,`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FlagSeparator {
    /// `a|b`.
    VerticalBar,
    /// `a,b` / `a, b`.
    Comma,
}

/// The value parameter of a one-of enum attribute: a keyword or string
/// naming a case. An unknown one is `expected TYPE to be one of: a, b`
/// at it.
pub fn parse_enum<E: FromStr>(
    p: &mut AsmParser<'_>,
    type_name: &str,
    cases: &[&str],
) -> PResult<E> {
    let at = p.current_location();
    let word = p.parse_keyword_or_string()?;
    match String::from_utf8_lossy(&word).parse() {
        Ok(v) => Ok(v),
        Err(_) => not_one_of(p, at, type_name, cases),
    }
}

/// The value parameter of a bit enum attribute: cases separated by
/// `separator`, ORed (the zero case may appear among them). An unknown
/// one is `expected TYPE to be one of: a, b` at the first.
pub fn parse_bit_enum<E>(
    p: &mut AsmParser<'_>,
    type_name: &str,
    cases: &[&str],
    separator: FlagSeparator,
) -> PResult<E>
where
    E: FromStr + BitOr<Output = E> + Default,
{
    let at = p.current_location();
    let mut flags = E::default();
    loop {
        let word = p.parse_keyword_or_string()?;
        match String::from_utf8_lossy(&word).parse() {
            Ok(v) => flags = flags | v,
            Err(_) => return not_one_of(p, at, type_name, cases),
        }
        let more = match separator {
            FlagSeparator::VerticalBar => p.parse_optional_vertical_bar(),
            FlagSeparator::Comma => p.parse_optional_comma(),
        };
        if !more {
            return Ok(flags);
        }
    }
}

fn not_one_of<T>(p: &mut AsmParser<'_>, at: AsmLoc, type_name: &str, cases: &[&str]) -> PResult<T> {
    p.emit_error(
        at,
        format!("expected {type_name} to be one of: {}", cases.join(", ")),
    )
}

/// The second error after a parameter failed to parse: `failed to parse
/// DEF parameter 'NAME' which is to be a `TYPE`` at the current place.
pub fn parameter_failed<T>(
    p: &mut AsmParser<'_>,
    def_name: &str,
    param: &str,
    type_name: &str,
) -> PResult<T> {
    let at = p.current_location();
    p.emit_error_also(
        at,
        format!("failed to parse {def_name} parameter '{param}' which is to be a `{type_name}`"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pretty_names_follow_mlir() {
        assert!(is_pretty_name("fastmath<nnan,ninf>"));
        assert!(is_pretty_name("a.b_c"));
        assert!(!is_pretty_name("dim x"));
        assert!(!is_pretty_name("_x"));
        assert!(!is_pretty_name("x<a> y"));
        assert!(!is_pretty_name(""));
    }

    #[test]
    fn storage_round_trips_through_text() {
        let mut ctx = Context::new();
        let a = get(&mut ctx, "arith", "overflow<nsw, nuw>");
        assert_eq!(a, get(&mut ctx, "arith", "overflow<nsw, nuw>"));
        assert_eq!(text_of(&ctx, a, "arith"), Some("overflow<nsw, nuw>"));
        assert_eq!(text_of(&ctx, a, "gpu"), None);
        let b = get(&mut ctx, "gpu", "dim x");
        assert!(matches!(ctx.attr_kind(b), AttrKind::Opaque { .. }));
        assert_eq!(
            ir::printer::attrs::print_attribute_str(&ctx, b),
            "#gpu<dim x>"
        );
        assert_eq!(
            enum_value_of::<String>(&ctx, b, "gpu", "dim", false),
            Some("x".to_string())
        );
        assert_eq!(enum_value_of::<String>(&ctx, b, "gpu", "dim", true), None);
        assert_eq!(
            enum_value_of::<String>(&ctx, a, "arith", "overflow", true),
            Some("nsw, nuw".to_string())
        );
    }
}

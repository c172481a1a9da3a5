//! Dialect attributes generated from ODS (`EnumAttr<Dialect, Enum,
//! "mnemonic">`): their storage and what their generated parsers call.
//!
//! In: a value to store, or the parser on a registered dialect's attribute
//! text (an [`ir::registry::AttrParseFn`] gets it and the text's end).
//! Out: the attribute, or an error worded and placed as `mlir-opt`'s
//! generated attribute parsers report it.
//!
//! Storage: the attribute is kept as the text `mlir-opt` prints for it
//! (`#arith.fastmath<nnan,ninf>`, or `#gpu<dim x>` when the text is no
//! pretty name), interned once per value. The core prints it with no hook,
//! and the generated parsers store only canonical text, so equal values
//! are one attribute.

use ir::lexer::{unescape_string, TokenKind};
use ir::parser::{PResult, Parser};
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

/// MLIR's rule for printing `#dialect.text` rather than `#dialect<text>`:
/// a letter, then letters, digits, `.` and `_`, then nothing or `<...>`.
pub fn is_pretty_name(text: &str) -> bool {
    if !text.starts_with(|c: char| c.is_ascii_alphabetic()) {
        return false;
    }
    let rest = text.trim_start_matches(|c: char| c.is_ascii_alphanumeric() || c == '.' || c == '_');
    rest.is_empty() || (rest.starts_with('<') && rest.ends_with('>'))
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

/// Where "the current location" is for an error: the current token, or
/// the end of the attribute text once the parser is past it.
fn here(p: &Parser<'_>, end: u32) -> u32 {
    if p.at_body_end(end) {
        end
    } else {
        p.tok().start
    }
}

/// The keyword naming which attribute of the dialect follows (MLIR's
/// `KeywordSwitch`), and where it starts. Error: `expected valid keyword`.
pub fn parse_mnemonic<'a>(p: &mut Parser<'a>, end: u32) -> PResult<(&'a str, u32)> {
    let tok = p.tok();
    if p.at_body_end(end) || !matches!(tok.kind, TokenKind::BareIdent | TokenKind::IntType) {
        return p.err_at(here(p, end), "expected valid keyword");
    }
    let Ok(word) = std::str::from_utf8(p.text(tok)) else {
        return p.err_at(tok.start, "expected valid keyword");
    };
    p.bump();
    Ok((word, tok.start))
}

/// The error for a mnemonic no attribute of the dialect has.
pub fn unknown_attribute<T>(
    p: &mut Parser<'_>,
    dialect: &str,
    mnemonic: &str,
    at: u32,
) -> PResult<T> {
    p.err_at(
        at,
        format!("unknown attribute `{mnemonic}` in dialect `{dialect}`"),
    )
}

/// Consumes the punctuation `kind` (`'<'`, `'>'`) or reports `expected
/// '<'` where it should have been.
fn parse_punct(p: &mut Parser<'_>, end: u32, kind: TokenKind, what: &str) -> PResult<()> {
    if !p.at_body_end(end) && p.at(kind) {
        p.bump();
        return Ok(());
    }
    p.err_wrong_token(format!("expected {what}"))
}

/// `<`.
pub fn parse_less(p: &mut Parser<'_>, end: u32) -> PResult<()> {
    parse_punct(p, end, TokenKind::Less, "'<'")
}

/// `>`.
pub fn parse_greater(p: &mut Parser<'_>, end: u32) -> PResult<()> {
    parse_punct(p, end, TokenKind::Greater, "'>'")
}

/// A keyword or a string literal (its contents). Error: `expected valid
/// keyword or string`.
pub fn parse_keyword_or_string(p: &mut Parser<'_>, end: u32) -> PResult<String> {
    let tok = p.tok();
    if !p.at_body_end(end) {
        let text = p.text(tok);
        let word = match tok.kind {
            TokenKind::BareIdent | TokenKind::IntType => Some(text.to_vec()),
            TokenKind::String => Some(unescape_string(text)),
            _ => None,
        };
        if let Some(word) = word {
            p.bump();
            return Ok(String::from_utf8_lossy(&word).into_owned());
        }
    }
    p.err_at(here(p, end), "expected valid keyword or string")
}

/// Consumes `kind` if it is next in the text.
fn eat_in_body(p: &mut Parser<'_>, end: u32, kind: TokenKind) -> bool {
    !p.at_body_end(end) && p.eat(kind)
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
    p: &mut Parser<'_>,
    end: u32,
    type_name: &str,
    cases: &[&str],
) -> PResult<E> {
    let at = here(p, end);
    let word = parse_keyword_or_string(p, end)?;
    match word.parse() {
        Ok(v) => Ok(v),
        Err(_) => not_one_of(p, at, type_name, cases),
    }
}

/// The value parameter of a bit enum attribute: cases separated by
/// `separator`, ORed (the zero case may appear among them). An unknown
/// one is `expected TYPE to be one of: a, b` at the first.
pub fn parse_bit_enum<E>(
    p: &mut Parser<'_>,
    end: u32,
    type_name: &str,
    cases: &[&str],
    separator: FlagSeparator,
) -> PResult<E>
where
    E: FromStr + BitOr<Output = E> + Default,
{
    let at = here(p, end);
    let sep = match separator {
        FlagSeparator::VerticalBar => TokenKind::VerticalBar,
        FlagSeparator::Comma => TokenKind::Comma,
    };
    let mut flags = E::default();
    loop {
        let word = parse_keyword_or_string(p, end)?;
        match word.parse() {
            Ok(v) => flags = flags | v,
            Err(_) => return not_one_of(p, at, type_name, cases),
        }
        if !eat_in_body(p, end, sep) {
            return Ok(flags);
        }
    }
}

fn not_one_of<T>(p: &mut Parser<'_>, at: u32, type_name: &str, cases: &[&str]) -> PResult<T> {
    p.err_at(
        at,
        format!("expected {type_name} to be one of: {}", cases.join(", ")),
    )
}

/// The second error after a parameter failed to parse: `failed to parse
/// DEF parameter 'NAME' which is to be a `TYPE`` at the current place.
pub fn parameter_failed<T>(
    p: &mut Parser<'_>,
    end: u32,
    def_name: &str,
    param: &str,
    type_name: &str,
) -> PResult<T> {
    p.err_also_at(
        here(p, end),
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

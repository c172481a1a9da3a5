//! Helpers for the parsers generated from declarative assembly formats.
//!
//! In: an [`OpParser`] positioned at one element of an op's custom form.
//! Out: the parsed value, or an error worded and placed as `mlir-opt`'s
//! generated parsers report it.

use crate::enums::EnumAttr;
use ir::lexer::TokenKind;
use ir::parser::ops::OpParser;
use ir::parser::PResult;

/// An enum attribute written as its keyword (or a string holding it), as
/// `$predicate` in `arith.cmpi slt, ...`. An unknown word gives `custom op
/// 'OP' expected string or keyword containing one of the following enum
/// values for attribute 'ATTR' [a, b, ...]` at the word.
pub fn parse_enum_keyword<E: EnumAttr>(
    p: &mut OpParser<'_>,
    op_name: &str,
    attr_name: &str,
) -> PResult<E> {
    let tok = p.p.tok();
    let text = p.p.tok_text();
    let word = match tok.kind {
        TokenKind::BareIdent | TokenKind::IntType => Some(text),
        TokenKind::String => text.get(1..text.len().saturating_sub(1)),
        _ => None,
    };
    let found = word
        .and_then(|w| std::str::from_utf8(w).ok())
        .and_then(E::from_str);
    match found {
        Some(case) => {
            p.p.bump();
            Ok(case)
        }
        None => {
            let names: Vec<&str> = E::CASES.iter().map(|c| c.as_str()).collect();
            p.p.err_at(
                tok.start,
                format!(
                    "custom op '{op_name}' expected string or keyword containing one of the following enum values for attribute '{attr_name}' [{}]",
                    names.join(", ")
                ),
            )
        }
    }
}

//! Helpers for the parsers generated from declarative assembly formats.
//!
//! In: an [`OpAsmParser`] positioned at one element of an op's custom form.
//! Out: the parsed value, or an error worded and placed as `mlir-opt`'s
//! generated parsers report it.

use crate::enums::EnumAttr;
use ir::parser::ops::OpAsmParser;
use ir::parser::PResult;

/// An enum attribute written as its keyword (or a string holding it), as
/// `$predicate` in `arith.cmpi slt, ...`. An unknown word gives `custom op
/// 'OP' expected string or keyword containing one of the following enum
/// values for attribute 'ATTR' [a, b, ...]` at the word.
pub fn parse_enum_keyword<E: EnumAttr>(p: &mut OpAsmParser<'_>, attr_name: &str) -> PResult<E> {
    let at = p.current_location();
    let found = p
        .parse_optional_keyword_or_string()
        .and_then(|word| std::str::from_utf8(&word).ok().and_then(E::from_str));
    match found {
        Some(case) => Ok(case),
        None => {
            let names: Vec<&str> = E::CASES.iter().map(|c| c.as_str()).collect();
            p.emit_error(
                at,
                format!(
                    "expected string or keyword containing one of the following enum values for attribute '{attr_name}' [{}]",
                    names.join(", ")
                ),
            )
        }
    }
}

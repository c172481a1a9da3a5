//! Helpers for the parsers generated from declarative assembly formats.
//!
//! In: an [`OpAsmParser`] positioned at one element of an op's custom form.
//! Out: the parsed value, or an error worded and placed as `mlir-opt`'s
//! generated parsers report it.

mod parse;
mod print;

pub use parse::{
    parse_literal, parse_optional_literal, Arity, FormatState, GroupTypes, OpLayout, RegionEnd,
    TypeSlot,
};
pub use print::{
    nested_operands_in, nested_types, operands_in, print_attr_dict, print_enum_case,
    print_functional_type, print_region, print_regions, print_successors, print_value_types,
    regions_in, results_in, successors_in, types_of, GroupValues,
};

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

/// An enum case keyword if one is next (an enum attribute that starts an
/// optional group, as `$roundingmode` in `($roundingmode^)?`).
pub fn parse_optional_enum_keyword<E: EnumAttr>(p: &mut OpAsmParser<'_>) -> Option<E> {
    let names: Vec<&str> = E::CASES.iter().map(|c| c.as_str()).collect();
    p.parse_optional_keyword_of(&names).and_then(E::from_str)
}

/// An attribute written without its type, which the format knows (`ty`,
/// built from the constraint's value type). A string read with the type
/// `none` is the plain string: MLIR's string attributes have type `none`
/// unless another is given, so `"msg"` and `"msg" : none` are one
/// attribute there.
pub fn parse_attribute_without_type(
    p: &mut OpAsmParser<'_>,
    ty: ir::Type,
) -> PResult<ir::Attribute> {
    let attr = p.parse_attribute_of_type(Some(ty))?;
    let none = p.ctx().none_type();
    let plain = match p.ctx().attr_kind(attr) {
        ir::AttrKind::String { value, ty: Some(t) } if *t == none => Some(value.to_vec()),
        _ => None,
    };
    Ok(match plain {
        Some(value) => p.ctx().string_attr(&value),
        None => attr,
    })
}

/// A dense integer array written without its `array<T: ...>` wrapper, as
/// `[1, 2]` (MLIR's `DenseArrayAttr::parse` after the type: a format that
/// shows a `DenseI32ArrayAttr` reads it so).
pub fn parse_int_array<T>(p: &mut OpAsmParser<'_>) -> PResult<ir::Attribute>
where
    T: crate::attr::DenseArrayElement + TryFrom<i128>,
{
    p.parse_lsquare()?;
    let mut values: Vec<T> = Vec::new();
    if !p.parse_optional_rsquare() {
        loop {
            values.push(p.parse_integer::<T>()?);
            if !p.parse_optional_comma() {
                break;
            }
        }
        p.parse_rsquare()?;
    }
    Ok(crate::attr::dense_array(p.ctx(), &values))
}

/// Prints a dense integer array as `[1, 2]` (see [`parse_int_array`]).
pub fn print_int_array<T>(pr: &mut ir::printer::ops::OpAsmPrinter<'_, '_>, attr: ir::Attribute)
where
    T: crate::attr::DenseArrayElement + std::fmt::Display,
{
    let values = crate::attr::dense_array_values::<T>(pr.ctx(), attr);
    let text: Vec<String> = values.iter().map(T::to_string).collect();
    pr.print_str(&format!("[{}]", text.join(", ")));
}

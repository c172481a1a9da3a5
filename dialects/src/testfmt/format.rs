//! The `custom<...>` directives of the testfmt formats: each
//! `parse_name` / `print_name` pair reads and writes what its C++ twin in
//! `tests/twin/testfmt.cpp` reads and writes, so that `ods-opt` and the
//! twin agree byte for byte (`tests/tests/format_twin.rs`).
//!
//! In: the tokens at the directive (parser), or the values the format
//! passes (printer). Out: the pieces read, or the text.

use ir::parser::ops::{OpAsmParser, UnresolvedOperand};
use ir::parser::{Delimiter, PResult};
use ir::printer::ops::OpAsmPrinter;
use ir::{Attribute, BlockId, NamedAttribute, OpId, RegionId, Type, Value};
use ods_runtime::attr::{int_value, integer};

/// `custom<OptionalValue>($value)`: the operand, or the keyword `none`
/// when it is absent.
pub fn parse_optional_value<'a>(
    p: &mut OpAsmParser<'a>,
    value: &mut Option<UnresolvedOperand<'a>>,
) -> PResult<()> {
    if p.parse_optional_keyword("none") {
        return Ok(());
    }
    *value = Some(p.parse_operand()?);
    Ok(())
}

/// Prints `custom<OptionalValue>($value)`.
pub fn print_optional_value(pr: &mut OpAsmPrinter<'_, '_>, _op: OpId, value: Option<Value>) {
    match value {
        Some(v) => pr.print_operand(v),
        None => pr.print_str("none"),
    }
}

/// `custom<SameAs>(ref(type($lhs)), type($rhs))`: the keyword `same` when
/// the second type is the first, else `to` and the type.
pub fn parse_same_as(p: &mut OpAsmParser<'_>, lhs: Type, rhs: &mut Option<Type>) -> PResult<()> {
    if p.parse_optional_keyword("same") {
        *rhs = Some(lhs);
        return Ok(());
    }
    p.parse_keyword("to")?;
    *rhs = Some(p.parse_type()?);
    Ok(())
}

/// Prints `custom<SameAs>(ref(type($lhs)), type($rhs))`.
pub fn print_same_as(pr: &mut OpAsmPrinter<'_, '_>, _op: OpId, lhs: Type, rhs: Type) {
    if lhs == rhs {
        pr.print_str("same");
    } else {
        pr.print_str("to ");
        pr.print_type(rhs);
    }
}

/// `custom<Width>($width, "4")`: the integer, or the keyword `default` for
/// the value the string argument gives.
pub fn parse_width(
    p: &mut OpAsmParser<'_>,
    width: &mut Option<Attribute>,
    default_width: i64,
) -> PResult<()> {
    let value = match p.parse_optional_keyword("default") {
        true => default_width,
        false => p.parse_integer::<i64>()?,
    };
    *width = Some(integer(p.ctx(), 64, value));
    Ok(())
}

/// Prints `custom<Width>($width, "4")`.
pub fn print_width(
    pr: &mut OpAsmPrinter<'_, '_>,
    _op: OpId,
    width: Option<Attribute>,
    default_width: i64,
) {
    let value = width.map_or(0, |w| int_value(pr.ctx(), w));
    if value == default_width {
        pr.print_str("default");
    } else {
        pr.print_str(&value.to_string());
    }
}

/// `custom<Height>(ref($width), $height)`: nothing when there is no
/// height, `square` when it equals the width, else `by` and the integer.
pub fn parse_height(
    p: &mut OpAsmParser<'_>,
    width: Option<Attribute>,
    height: &mut Option<Attribute>,
) -> PResult<()> {
    if p.parse_optional_keyword("square") {
        *height = width;
        return Ok(());
    }
    if !p.parse_optional_keyword("by") {
        return Ok(());
    }
    let value = p.parse_integer::<i64>()?;
    *height = Some(integer(p.ctx(), 64, value));
    Ok(())
}

/// Prints `custom<Height>(ref($width), $height)`.
pub fn print_height(
    pr: &mut OpAsmPrinter<'_, '_>,
    _op: OpId,
    width: Option<Attribute>,
    height: Option<Attribute>,
) {
    let Some(height) = height else {
        return;
    };
    if Some(height) == width {
        pr.print_str("square");
    } else {
        let value = int_value(pr.ctx(), height);
        pr.print_str(&format!("by {value}"));
    }
}

/// `custom<Bracketed>($items, type($items))`: `[%a : i32, %b : f32]`, each
/// operand with its type.
pub fn parse_bracketed<'a>(
    p: &mut OpAsmParser<'a>,
    items: &mut Vec<UnresolvedOperand<'a>>,
    types: &mut Vec<Type>,
) -> PResult<()> {
    p.parse_comma_separated_list(Delimiter::Square, "", |p| {
        items.push(p.parse_operand()?);
        types.push(p.parse_colon_type()?);
        Ok(())
    })
}

/// Prints `custom<Bracketed>($items, type($items))`.
pub fn print_bracketed(pr: &mut OpAsmPrinter<'_, '_>, _op: OpId, items: &[Value], types: &[Type]) {
    pr.print_str("[");
    for (i, (&item, &ty)) in items.iter().zip(types).enumerate() {
        if i > 0 {
            pr.print_str(", ");
        }
        pr.print_operand(item);
        pr.print_str(" : ");
        pr.print_type(ty);
    }
    pr.print_str("]");
}

/// `custom<Body>($body)`: the region, or the keyword `empty` when it has
/// no block.
pub fn parse_body(p: &mut OpAsmParser<'_>, body: &mut Option<RegionId>) -> PResult<()> {
    if p.parse_optional_keyword("empty") {
        return Ok(());
    }
    *body = Some(p.parse_region(&[])?);
    Ok(())
}

/// Prints `custom<Body>($body)`.
pub fn print_body(pr: &mut OpAsmPrinter<'_, '_>, _op: OpId, body: Option<RegionId>) {
    match body {
        Some(body) if !pr.ir().region_is_empty(body) => pr.print_region(body, true, true, false),
        _ => pr.print_str("empty"),
    }
}

/// `custom<Target>($dest)`: the keyword `goto` and the successor.
pub fn parse_target(p: &mut OpAsmParser<'_>, dest: &mut Option<BlockId>) -> PResult<()> {
    p.parse_keyword("goto")?;
    *dest = Some(p.parse_successor()?);
    Ok(())
}

/// Prints `custom<Target>($dest)`.
pub fn print_target(pr: &mut OpAsmPrinter<'_, '_>, _op: OpId, dest: Option<BlockId>) {
    pr.print_str("goto ");
    if let Some(dest) = dest {
        pr.print_successor(dest);
    }
}

/// `custom<Props>(attr-dict)`: nothing when there are no attributes, else
/// the keyword `with` and the dictionary.
pub fn parse_props(p: &mut OpAsmParser<'_>, attrs: &mut Option<Attribute>) -> PResult<()> {
    if !p.parse_optional_keyword("with") {
        return Ok(());
    }
    *attrs = p.parse_optional_attr_dict()?;
    Ok(())
}

/// Prints `custom<Props>(attr-dict)`.
pub fn print_props(pr: &mut OpAsmPrinter<'_, '_>, _op: OpId, attrs: &[NamedAttribute]) {
    if attrs.is_empty() {
        return;
    }
    pr.print_str("with");
    pr.print_optional_attr_dict(attrs, &[]);
}

/// `custom<PropsIn>(prop-dict)`: the keyword `props` and the properties
/// as `<{...}>`, or nothing.
pub fn parse_props_in(p: &mut OpAsmParser<'_>, props: &mut Option<Attribute>) -> PResult<()> {
    if !p.parse_optional_keyword("props") {
        return Ok(());
    }
    p.parse_less()?;
    *props = Some(p.parse_attribute()?);
    p.parse_greater()
}

/// Prints `custom<PropsIn>(prop-dict)`: every property.
pub fn print_props_in(pr: &mut OpAsmPrinter<'_, '_>, _op: OpId, props: &[NamedAttribute]) {
    pr.print_str("props <");
    pr.print_attr_dict_entries(props);
    pr.print_str(">");
}

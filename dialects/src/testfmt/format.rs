//! The `custom<...>` directives of the testfmt formats: each
//! `parse_name` / `print_name` pair reads and writes what its C++ twin in
//! `tests/twin/testfmt.cpp` reads and writes, so that `ods-opt` and the
//! twin agree byte for byte (`tests/tests/format_twin.rs`).
//!
//! In: the tokens at the directive (parser), or the values the format
//! passes (printer). Out: the pieces read, or the text.

use ir::parser::ops::{OpAsmParser, UnresolvedOperand};
use ir::parser::AsmParser;
use ir::parser::{Delimiter, PResult};
use ir::printer::dialect_asm::AsmPrinter;
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

/// The counts of the `ref(...)` directives below: the keyword `count` and
/// the number `expected`; another number is an error at the keyword.
fn parse_count(p: &mut OpAsmParser<'_>, expected: usize) -> PResult<()> {
    let at = p.current_location();
    p.parse_keyword("count")?;
    let count = p.parse_integer::<i64>()?;
    if usize::try_from(count).ok() != Some(expected) {
        return p.emit_error(at, format!("expected count {expected}"));
    }
    Ok(())
}

/// Prints `count N`.
fn print_count(pr: &mut OpAsmPrinter<'_, '_>, count: usize) {
    pr.print_str(&format!("count {count}"));
}

/// `custom<CountOperands>(ref($first), ref($second), ref($rest))`: how
/// many operands the three groups read.
pub fn parse_count_operands(
    p: &mut OpAsmParser<'_>,
    first: Option<UnresolvedOperand<'_>>,
    second: Option<UnresolvedOperand<'_>>,
    rest: &[UnresolvedOperand<'_>],
) -> PResult<()> {
    parse_count(
        p,
        usize::from(first.is_some()) + usize::from(second.is_some()) + rest.len(),
    )
}

/// Prints `custom<CountOperands>(...)`.
pub fn print_count_operands(
    pr: &mut OpAsmPrinter<'_, '_>,
    _op: OpId,
    first: Option<Value>,
    second: Option<Value>,
    rest: &[Value],
) {
    print_count(
        pr,
        usize::from(first.is_some()) + usize::from(second.is_some()) + rest.len(),
    );
}

/// The blocks of `body` and the number of regions in `more`.
fn region_count(ir: &ir::Ir, body: Option<RegionId>, more: &[RegionId]) -> usize {
    body.map_or(0, |r| ir.region_blocks(r).count()) + more.len()
}

/// `custom<CountRegions>(ref($body), ref($more))`: the blocks of the
/// first region and the number of the others.
pub fn parse_count_regions(
    p: &mut OpAsmParser<'_>,
    body: Option<RegionId>,
    more: &[RegionId],
) -> PResult<()> {
    let count = region_count(p.ir(), body, more);
    parse_count(p, count)
}

/// Prints `custom<CountRegions>(...)`.
pub fn print_count_regions(
    pr: &mut OpAsmPrinter<'_, '_>,
    _op: OpId,
    body: Option<RegionId>,
    more: &[RegionId],
) {
    let count = region_count(pr.ir(), body, more);
    print_count(pr, count);
}

/// `custom<CountSuccessors>(ref($dest), ref($others))`: how many
/// successors the two groups read.
pub fn parse_count_successors(
    p: &mut OpAsmParser<'_>,
    dest: Option<BlockId>,
    others: &[BlockId],
) -> PResult<()> {
    parse_count(p, usize::from(dest.is_some()) + others.len())
}

/// Prints `custom<CountSuccessors>(...)`.
pub fn print_count_successors(
    pr: &mut OpAsmPrinter<'_, '_>,
    _op: OpId,
    dest: Option<BlockId>,
    others: &[BlockId],
) {
    print_count(pr, usize::from(dest.is_some()) + others.len());
}

/// `custom<CountAttrs>(ref(attr-dict))`: how many attributes the
/// dictionary before it holds.
pub fn parse_count_attrs(p: &mut OpAsmParser<'_>, attrs: &[NamedAttribute]) -> PResult<()> {
    parse_count(p, attrs.len())
}

/// Prints `custom<CountAttrs>(...)`.
pub fn print_count_attrs(pr: &mut OpAsmPrinter<'_, '_>, _op: OpId, attrs: &[NamedAttribute]) {
    print_count(pr, attrs.len());
}

/// `custom<Use>($value, $scale)`, which starts an optional group: absent
/// unless the keyword `use` is next; then an optional operand and an
/// optional `times` with an integer.
pub fn parse_use<'a>(
    p: &mut OpAsmParser<'a>,
    value: &mut Option<UnresolvedOperand<'a>>,
    scale: &mut Option<Attribute>,
) -> PResult<bool> {
    if !p.parse_optional_keyword("use") {
        return Ok(false);
    }
    *value = p.parse_optional_operand()?;
    if p.parse_optional_keyword("times") {
        let n = p.parse_integer::<i64>()?;
        *scale = Some(integer(p.ctx(), 64, n));
    }
    Ok(true)
}

/// Prints `custom<Use>($value, $scale)`.
pub fn print_use(
    pr: &mut OpAsmPrinter<'_, '_>,
    _op: OpId,
    value: Option<Value>,
    scale: Option<Attribute>,
) {
    pr.print_str("use");
    if let Some(v) = value {
        pr.print_str(" ");
        pr.print_operand(v);
    }
    if let Some(scale) = scale {
        let n = int_value(pr.ctx(), scale);
        pr.print_str(&format!(" times {n}"));
    }
}

/// `custom<Leading>($value)` of `#testfmt.scaled`, leading an optional
/// group: an integer; `Ok(false)` when none follows.
pub fn parse_leading(p: &mut AsmParser<'_>, value: &mut Option<i64>) -> PResult<bool> {
    *value = p.parse_optional_integer::<i64>()?;
    Ok(value.is_some())
}

/// Prints `custom<Leading>($value)`.
pub fn print_leading(p: &mut AsmPrinter<'_, '_>, value: &i64) {
    p.print_integer(*value as i128);
}

/// `custom<Scaled>($limit, "100")` of `#testfmt.scaled`: an integer,
/// stored times `scale`.
pub fn parse_scaled(p: &mut AsmParser<'_>, value: &mut Option<i64>, scale: i64) -> PResult<()> {
    *value = Some(p.parse_integer::<i64>()? * scale);
    Ok(())
}

/// Prints `custom<Scaled>($limit, "100")`.
pub fn print_scaled(p: &mut AsmPrinter<'_, '_>, value: &i64, scale: i64) {
    p.print_integer((*value / scale) as i128);
}

/// `custom<Doubled>($size)` inside the struct of `#testfmt.keyed`: an
/// integer, stored doubled.
pub fn parse_doubled(p: &mut AsmParser<'_>, value: &mut Option<i64>) -> PResult<()> {
    *value = Some(p.parse_integer::<i64>()? * 2);
    Ok(())
}

/// Prints `custom<Doubled>($size)`.
pub fn print_doubled(p: &mut AsmPrinter<'_, '_>, value: &i64) {
    p.print_integer((*value / 2) as i128);
}

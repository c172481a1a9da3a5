//! Helpers for the parsers generated from declarative assembly formats.
//!
//! In: an [`OpAsmParser`] positioned at one element of an op's custom form.
//! Out: the parsed value, or an error worded and placed as `mlir-opt`'s
//! generated parsers report it.

mod custom_args;
mod direct;
mod parse;
mod print;
mod prop_values;
mod props;

pub use custom_args::{ParserBuilder, ParserContext};
pub use direct::{check_source_type, single_type, DirectState};
pub use parse::{
    parse_literal, parse_optional_literal, Arity, FormatState, GroupTypes, OpLayout, RegionEnd,
    TypeSlot,
};
pub use print::{
    nested_operands_in, nested_types, operands_in, print_attr_dict, print_bit_enum_case,
    print_discardable_attr_dict, print_enum_case, print_functional_type, print_nested_operands,
    print_nested_types, print_operand_at, print_operand_type_at, print_region, print_regions,
    print_result_type_at, print_stripped_value_types, print_successors, print_value_types,
    regions_in, registered_default, results_in, successors_in, types_of, GroupValues,
};
pub use prop_values::{
    parse_bit_enum_property, parse_bit_enum_property_if_present, parse_bool_property,
    parse_enum_property, parse_enum_property_if_present, parse_int_array_property,
    parse_unit_property, print_bit_enum_property, print_bool_property, print_enum_property,
    print_int_array_property, print_unit_property,
};
pub use props::{
    apply_prop_dict, check_prop_dict, op_properties, parse_prop_dict, print_prop_dict, PropCheck,
    PropEntry,
};

/// Stands for the function of a `custom<Name>` directive that the module
/// including the generated ops has not written. Generated code imports
/// one of these under each expected name (`parse_name`, `print_name`) by a
/// glob import, which a function of that name defined or imported by name
/// in the module shadows. Where the function is missing, the placeholder
/// stays, and the generated call, bound to the function's expected `fn`
/// type, fails to compile with an error naming both:
///
/// ```text
/// error[E0308]: mismatched types
///   = note: expected fn pointer `for<'b> fn(&'b mut OpAsmParser<'a>, ...) -> Result<(), ParseError>`
///              found struct `MissingCustomFunction<testfmt_custom_functions::parse_twice>`
/// ```
///
/// A directive function brought in by a glob import of its own (`use
/// directives::*;`) is ambiguous with the placeholder: import it by name.
pub struct MissingCustomFunction<Name>(PhantomData<Name>);

impl<Name> MissingCustomFunction<Name> {
    /// The placeholder.
    pub const NEW: Self = MissingCustomFunction(PhantomData);
}

use crate::enums::EnumAttr;
use ir::parser::ops::OpAsmParser;
use ir::parser::PResult;
use std::marker::PhantomData;

/// An enum attribute written as its keyword (or a string holding it), as
/// `$predicate` in `arith.cmpi slt, ...` (see [`parse_enum_case`]).
pub fn parse_enum_keyword<E: EnumAttr>(p: &mut OpAsmParser<'_>, attr_name: &str) -> PResult<E> {
    let at = p.current_location();
    match parse_optional_enum_keyword(p, attr_name)? {
        Some(case) => Ok(case),
        None => {
            let names: Vec<&str> = E::CASES.iter().map(|c| c.as_str()).collect();
            expected_enum_case(p, at, attr_name, &names)
        }
    }
}

/// An enum case of attribute `attr_name`, as mlir-tblgen's parsers read
/// one: a keyword among `cases` or a string, turned into a case by
/// `symbolize` (a bit enum's `read|write`). A string that names no case
/// gives `custom op 'OP' invalid ATTR attribute specification: "text"`;
/// anything else `expected string or keyword containing one of the
/// following enum values for attribute 'ATTR' [a, b, ...]`, both at the
/// word.
pub fn parse_enum_case<T>(
    p: &mut OpAsmParser<'_>,
    attr_name: &str,
    cases: &[&str],
    symbolize: impl Fn(&str) -> Option<T>,
) -> PResult<T> {
    let at = p.current_location();
    match parse_optional_enum_case(p, attr_name, cases, symbolize)? {
        Some(case) => Ok(case),
        None => expected_enum_case(p, at, attr_name, cases),
    }
}

/// The error for a missing enum case (see [`parse_enum_case`]).
fn expected_enum_case<T>(
    p: &mut OpAsmParser<'_>,
    at: ir::parser::AsmLoc,
    attr_name: &str,
    cases: &[&str],
) -> PResult<T> {
    p.emit_error(
        at,
        format!(
            "expected string or keyword containing one of the following enum values for attribute '{attr_name}' [{}]",
            cases.join(", ")
        ),
    )
}

/// [`parse_enum_case`] when the case may be absent (an enum attribute
/// that starts an optional group, as `$roundingmode` in
/// `($roundingmode^)?`): `None` when neither a case keyword nor a string
/// is next.
pub fn parse_optional_enum_case<T>(
    p: &mut OpAsmParser<'_>,
    attr_name: &str,
    cases: &[&str],
    symbolize: impl Fn(&str) -> Option<T>,
) -> PResult<Option<T>> {
    optional_enum_case(p, attr_name, |w| cases.contains(&w), symbolize)
}

/// An enum case keyword (or a string naming a case) if one is next (an
/// enum attribute that starts an optional group).
pub fn parse_optional_enum_keyword<E: EnumAttr>(
    p: &mut OpAsmParser<'_>,
    attr_name: &str,
) -> PResult<Option<E>> {
    // The cases are matched where they are: no list of their names is
    // built per op (`arith.cmpi` reads one per op).
    let is_case = |w: &str| E::CASES.iter().any(|c| c.as_str() == w);
    optional_enum_case(p, attr_name, is_case, E::from_str)
}

/// A keyword `is_case` accepts or a string, turned into a case by
/// `symbolize` (see [`parse_enum_case`]).
fn optional_enum_case<T>(
    p: &mut OpAsmParser<'_>,
    attr_name: &str,
    is_case: impl FnOnce(&str) -> bool,
    symbolize: impl Fn(&str) -> Option<T>,
) -> PResult<Option<T>> {
    let at = p.current_location();
    let text: std::borrow::Cow<'_, str> = match p.parse_optional_keyword_where(is_case) {
        Some(word) => word.into(),
        None => match p.parse_optional_string() {
            Some(bytes) => String::from_utf8_lossy(&bytes).into_owned().into(),
            None => return Ok(None),
        },
    };
    match symbolize(&text) {
        Some(case) => Ok(Some(case)),
        None => p.emit_error(
            at,
            format!("invalid {attr_name} attribute specification: \"{text}\""),
        ),
    }
}

/// The signature of an op's own result-type inference
/// (`InferTypeOpInterface::infer_return_types`): the context to make types
/// in, the IR and the state read so far in, the result types or a message
/// out.
pub type InferFn =
    fn(&mut ir::Context, &ir::Ir, &ir::OperationState) -> Result<Vec<ir::Type>, String>;

/// Gives `state` the result types `infer` computes from its resolved
/// operands, attributes and regions (a format that shows no result type,
/// of an op implementing `InferTypeOpInterface`); its message is an error
/// at the op's name.
pub fn infer_result_types(
    p: &mut OpAsmParser<'_>,
    state: &mut ir::OperationState,
    infer: InferFn,
) -> PResult<()> {
    let (ctx, ir) = p.ctx_and_ir();
    match infer(ctx, ir, state) {
        Ok(types) => {
            state.result_types = types;
            Ok(())
        }
        Err(message) => {
            let at = p.name_location();
            p.emit_error(at, message)
        }
    }
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
    Ok(plain_string(p, attr))
}

/// A string attribute of type `none` as the plain string (see
/// [`parse_attribute_without_type`]); any other attribute as it is.
fn plain_string(p: &mut OpAsmParser<'_>, attr: ir::Attribute) -> ir::Attribute {
    let none = p.ctx().none_type();
    let plain = match p.ctx().attr_kind(attr) {
        ir::AttrKind::String { value, ty: Some(t) } if *t == none => Some(value.to_vec()),
        _ => None,
    };
    match plain {
        Some(value) => p.ctx().string_attr(&value),
        None => attr,
    }
}

/// A string attribute if a string is next, `None` (nothing read) for any
/// other token (MLIR's `parseOptionalAttribute(StringAttr &)`).
pub fn parse_optional_string_attribute(p: &mut OpAsmParser<'_>) -> Option<ir::Attribute> {
    let text = p.parse_optional_string()?;
    Some(p.ctx().string_attr(&text))
}

/// [`parse_attribute_without_type`] if an attribute is next (MLIR's
/// `parseOptionalAttribute(attr, type)`).
pub fn parse_optional_attribute_without_type(
    p: &mut OpAsmParser<'_>,
    ty: ir::Type,
) -> PResult<Option<ir::Attribute>> {
    let Some(attr) = p.parse_optional_attribute_of_type(ty)? else {
        return Ok(None);
    };
    Ok(Some(plain_string(p, attr)))
}

/// `attr` read at `at` when `of_kind` holds for it, else `invalid kind of
/// attribute specified` at `at` (MLIR's `parseAttribute<AttrT>`: an
/// attribute of another kind than the one the op stores).
pub fn check_attr_kind(
    p: &mut OpAsmParser<'_>,
    at: ir::parser::AsmLoc,
    attr: ir::Attribute,
    of_kind: impl Fn(&ir::Context, ir::Attribute) -> bool,
) -> PResult<ir::Attribute> {
    match of_kind(p.ctx(), attr) {
        true => Ok(attr),
        false => p.emit_error(at, "invalid kind of attribute specified"),
    }
}

/// `ty` read at `at` when `of_kind` holds for it, else `invalid kind of
/// type specified` at `at` (MLIR's typed `parseCustomTypeWithFallback`:
/// a type of another class than the one the constraint stores), followed
/// by `: expected <name>, but found '<ty>'` for a class with a `name`
/// (`builtin.complex`).
pub fn check_type_kind(
    p: &mut OpAsmParser<'_>,
    at: ir::parser::AsmLoc,
    ty: ir::Type,
    name: Option<&str>,
    of_kind: impl Fn(&ir::Context, ir::Type) -> bool,
) -> PResult<()> {
    if of_kind(p.ctx(), ty) {
        return Ok(());
    }
    match name {
        Some(name) => {
            let found = ir::printer::print_type_str(p.ctx(), ty);
            let message =
                format!("invalid kind of type specified: expected {name}, but found '{found}'");
            p.emit_error(at, message)
        }
        None => p.emit_error(at, "invalid kind of type specified"),
    }
}

/// Marks `oilist` clause `keyword` as read (`seen`); a second time is
/// `` `keyword` clause can appear at most once in the expansion of the
/// oilist directive `` at the op's name.
pub fn oilist_clause(p: &mut OpAsmParser<'_>, seen: &mut bool, keyword: &str) -> PResult<()> {
    if *seen {
        let at = p.name_location();
        return p.emit_error(
            at,
            format!("`{keyword}` clause can appear at most once in the expansion of the oilist directive"),
        );
    }
    *seen = true;
    Ok(())
}

/// An integer property (`I64Prop`) written as its value, as its
/// attribute (`7 : i64`); a bad value is the integer parser's error and
/// then `invalid value for property NAME, expected C_TYPE` (`int64_t`).
pub fn parse_int_property<T>(
    p: &mut OpAsmParser<'_>,
    name: &str,
    c_type: &str,
) -> PResult<ir::Attribute>
where
    T: crate::prop::PropValue + TryFrom<i128>,
{
    let at = p.current_location();
    match p.parse_integer::<T>() {
        Ok(value) => property_attr(p, at, name, c_type, &value),
        Err(_) => p.emit_error_also(at, property_error(name, c_type)),
    }
}

/// An optional integer property (`OptionalProp<I64Prop>`): `none` (no
/// attribute) or the value; anything else is `invalid value for property
/// NAME, expected WHAT`.
pub fn parse_optional_int_property<T>(
    p: &mut OpAsmParser<'_>,
    name: &str,
    what: &str,
) -> PResult<Option<ir::Attribute>>
where
    T: crate::prop::PropValue + TryFrom<i128>,
{
    let at = p.current_location();
    let value = match p.parse_optional_keyword("none") {
        true => None,
        false => match p.parse_optional_integer::<T>()? {
            Some(value) => Some(value),
            None => return p.emit_error(at, property_error(name, what)),
        },
    };
    // Kept as MLIR materializes an `OptionalProp`: `[]` or `[value]`.
    property_attr(p, at, name, what, &value).map(Some)
}

/// A string property (`StringProp`) written as a string literal.
pub fn parse_string_property(p: &mut OpAsmParser<'_>, name: &str) -> PResult<ir::Attribute> {
    let at = p.current_location();
    match p.parse_string() {
        Ok(bytes) => Ok(p.ctx().string_attr(&bytes)),
        Err(_) => p.emit_error_also(at, property_error(name, "string")),
    }
}

/// An integer property that anchors an optional group, read through its
/// `optionalParser` (MLIR's `parseOptionalInteger`): the value when an
/// integer is next, else `None` (the group is absent).
pub fn parse_int_property_if_present<T>(
    p: &mut OpAsmParser<'_>,
    name: &str,
    c_type: &str,
) -> PResult<Option<ir::Attribute>>
where
    T: crate::prop::PropValue + TryFrom<i128>,
{
    let at = p.current_location();
    match p.parse_optional_integer::<T>()? {
        Some(value) => property_attr(p, at, name, c_type, &value).map(Some),
        None => Ok(None),
    }
}

/// A string property that anchors an optional group, read through its
/// `optionalParser` (MLIR's `parseOptionalString`): the value when a
/// string literal is next, else `None`.
pub fn parse_string_property_if_present(p: &mut OpAsmParser<'_>) -> Option<ir::Attribute> {
    let bytes = p.parse_optional_string()?;
    Some(p.ctx().string_attr(&bytes))
}

fn property_error(name: &str, expected: &str) -> String {
    format!("invalid value for property {name}, expected {expected}")
}

/// The attribute a property value is kept as.
fn property_attr<T: crate::prop::PropValue>(
    p: &mut OpAsmParser<'_>,
    at: ir::parser::AsmLoc,
    name: &str,
    expected: &str,
    value: &T,
) -> PResult<ir::Attribute> {
    match value.to_attr(p.ctx()) {
        Some(attr) => Ok(attr),
        None => p.emit_error(at, property_error(name, expected)),
    }
}

/// Prints an integer property's value (`7`).
pub fn print_int_property(pr: &mut ir::printer::ops::OpAsmPrinter<'_, '_>, attr: ir::Attribute) {
    match crate::pred::integer_attr_value(pr.ctx(), attr) {
        Some(value) => pr.print_integer(i128::from(value)),
        None => pr.print_attribute(attr),
    }
}

/// Prints an optional integer property's value: `none` when it holds
/// none (`[]`), else the integer.
pub fn print_optional_int_property(
    pr: &mut ir::printer::ops::OpAsmPrinter<'_, '_>,
    attr: ir::Attribute,
) {
    match pr.ctx().attr_kind(attr) {
        ir::AttrKind::Array(elements) => match elements.first().copied() {
            Some(value) => print_int_property(pr, value),
            None => pr.print_str("none"),
        },
        _ => print_int_property(pr, attr),
    }
}

/// Prints a string property's value (`"text"`).
pub fn print_string_property(pr: &mut ir::printer::ops::OpAsmPrinter<'_, '_>, attr: ir::Attribute) {
    match pr.ctx().attr_kind(attr) {
        ir::AttrKind::String { value, .. } => {
            let value = value.to_vec();
            pr.print_string(&value);
        }
        _ => pr.print_attribute(attr),
    }
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
            match p.parse_integer::<T>() {
                Ok(v) => values.push(v),
                // As MLIR's `DenseArrayAttr::parse`, which still reads the
                // `]` after an element failed: a second error there.
                Err(_) => {
                    let at = p.current_location();
                    return p.emit_op_error_also(at, "expected ']'");
                }
            }
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

/// Fills the op's attributes: `props` and the entries of `dict` named in
/// `inherent` become its properties, every other entry is discardable.
pub fn set_attributes(
    p: &mut ir::parser::ops::OpAsmParser<'_>,
    state: &mut ir::OperationState,
    dict: Option<ir::Attribute>,
    inherent: &[&str],
    mut props: Vec<ir::NamedAttribute>,
) {
    let mut discardable = Vec::new();
    let entries = match dict.map(|d| p.ctx().attr_kind(d)) {
        Some(ir::AttrKind::Dictionary(entries)) => entries.to_vec(),
        _ => Vec::new(),
    };
    for e in entries {
        if inherent.contains(&p.ctx().str(e.name)) {
            props.retain(|q| q.name != e.name);
            props.push(e);
        } else {
            discardable.push(e);
        }
    }
    if !props.is_empty() {
        state.props = Some(p.ctx().dictionary_attr(props));
    }
    if !discardable.is_empty() {
        state.attrs = Some(p.ctx().dictionary_attr(discardable));
    }
}

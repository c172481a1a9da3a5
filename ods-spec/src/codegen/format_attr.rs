//! How a format reads and writes one attribute, decided once for the
//! generated parser and printer (mlir-tblgen's choices in
//! `OpFormatGen.cpp`): an enum (`EnumAttrInfo`) as its bare case keyword,
//! a symbol name as `@name`, a unit attribute by presence, an attribute
//! whose value type is buildable without `: type`, a dialect attribute
//! stripped of its `#dialect.mnemonic` prefix, and anything else whole.
//!
//! In: an [`AttributeModel`] and whether the format writes it
//! `qualified`. Out: an [`AttrStyle`].

use proc_macro2::TokenStream;

use super::snippets::{code, strip_option};
use crate::model::AttributeModel;

/// The way a format element shows an attribute.
pub(super) enum AttrStyle {
    /// An integer enum: its case keyword (the Rust enum type).
    Enum(TokenStream),
    /// `@name` (`SymbolNameAttr`).
    Symbol,
    /// Present or not (`UnitAttr`): only as the elided anchor of a group.
    Unit,
    /// The value without `: type`; the type built by this Rust call over
    /// `$_builder`.
    WithoutType(String),
    /// A dialect attribute without `#dialect.mnemonic` (the Rust type of
    /// the attribute def, whose `parse` reads the rest).
    Stripped(TokenStream),
    /// A dense integer array as `[1, 2]` (the Rust element type).
    IntArray(TokenStream),
    /// The whole attribute, type included.
    Whole,
}

/// How the format shows attribute `a`.
pub(super) fn attr_style(a: &AttributeModel, qualified: bool) -> Result<AttrStyle, String> {
    if a.is_unit {
        return Ok(AttrStyle::Unit);
    }
    if let Some(enum_type) = enum_info_type(a) {
        return Ok(AttrStyle::Enum(code(enum_type, "enum type")?));
    }
    if a.def_name.as_deref() == Some("SymbolNameAttr") {
        return Ok(AttrStyle::Symbol);
    }
    if let Some(elem) = int_array_element(a).filter(|_| !qualified) {
        return Ok(AttrStyle::IntArray(code(elem, "array element type")?));
    }
    if let Some(builder) = &a.value_type_builder {
        return Ok(AttrStyle::WithoutType(builder.clone()));
    }
    if !qualified && !a.generic_parser {
        if let Some(def) = attr_def_type(a) {
            return Ok(AttrStyle::Stripped(code(def, "attribute type")?));
        }
    }
    Ok(AttrStyle::Whole)
}

/// The Rust enum of an attribute from ODS's `EnumAttrInfo` classes (an
/// integer attribute holding a case): their `convertFromStorage` is the
/// enum's `from_value` over the integer.
fn enum_info_type(a: &AttributeModel) -> Option<&str> {
    let ret = strip_option(&a.return_type).unwrap_or(a.return_type.trim());
    let convert = unwrap_optional(&a.convert_from_storage);
    let expected = format!("{ret}::from_value(::ods_runtime::attr::int_value(");
    (!a.is_property && !ret.is_empty() && convert.starts_with(&expected)).then_some(ret)
}

/// The Rust element type of a `DenseI{8,16,32,64}ArrayAttr` (whose
/// custom form is `[1, 2]`): ODS's `DenseArrayAttrBase` converts with
/// `dense_array_values::<T>`.
fn int_array_element(a: &AttributeModel) -> Option<&str> {
    let convert = unwrap_optional(&a.convert_from_storage);
    let elem = convert
        .strip_prefix("::ods_runtime::attr::dense_array_values::<")?
        .split('>')
        .next()?
        .trim();
    ["i8", "i16", "i32", "i64"].contains(&elem).then_some(elem)
}

/// The Rust type of a dialect attribute def (`AttrDef`, `EnumAttr`): its
/// `constBuilderCall` is `Type::get($_ctxt, $0)` and its
/// `convertFromStorage` `Type::value($_ctxt, $_self)`.
fn attr_def_type(a: &AttributeModel) -> Option<&str> {
    let build = a.const_builder_call.as_deref()?.trim();
    let from_build = build.strip_suffix("::get($_ctxt, $0)")?;
    let convert = unwrap_optional(&a.convert_from_storage);
    let from_convert = convert
        .strip_suffix("::value($_ctxt, $_self)")
        .or_else(|| convert.strip_suffix("::value($_ctxt, it)"))?;
    (from_build == from_convert && !a.is_property).then_some(from_build)
}

/// The conversion of an `OptionalAttr`'s inner attribute: ODS wraps it as
/// `$_self.map(|it| inner)`.
fn unwrap_optional(convert: &str) -> &str {
    let convert = convert.trim();
    convert
        .strip_prefix("$_self.map(|it| ")
        .and_then(|c| c.strip_suffix(')'))
        .unwrap_or(convert)
}

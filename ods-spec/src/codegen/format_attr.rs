//! How a format reads and writes one attribute, decided once for the
//! generated parser and printer (mlir-tblgen's choices in
//! `OpFormatGen.cpp`): an enum (`EnumAttrInfo`) as its bare case keyword
//! (a bit enum as its `|`-joined flags, a string when not a keyword),
//! a symbol name as `@name`, a unit attribute by presence, an attribute
//! whose value type is buildable without `: type`, a dialect attribute
//! stripped of its `#dialect.mnemonic` prefix, and anything else whole.
//!
//! In: an [`AttributeModel`], whether the format writes it `qualified`,
//! and the spec's enums. Out: an [`AttrStyle`].

use proc_macro2::TokenStream;
use quote::quote;

use super::op_info::rt::*;
use super::snippets::{code, strip_option, strip_outer_parens};
use crate::model::{AttributeModel, EnumModel, PredModel};

/// The way a format element shows an attribute.
pub(super) enum AttrStyle {
    /// An integer enum: its case keyword (the Rust enum type).
    Enum(TokenStream),
    /// A bit enum: its flags as one keyword or string (the Rust type,
    /// and every case's text for the error that lists them).
    BitEnum(TokenStream, Vec<String>),
    /// `@name` (`SymbolNameAttr`).
    Symbol,
    /// Present or not (`UnitAttr`): only as the elided anchor of a group.
    Unit,
    /// The value without `: type`; the type built by this Rust call over
    /// `$_builder`.
    WithoutType(String),
    /// A dialect attribute without `#dialect.mnemonic` (the Rust
    /// expression reading it, stripped or whole, with `p` in scope).
    Stripped(TokenStream),
    /// A dense integer array as `[1, 2]` (the Rust element type).
    IntArray(TokenStream),
    /// A property written as its value, as mlir-tblgen's parsers read it
    /// (`FieldParser`) and its printer writes it.
    Property(PropForm),
    /// The whole attribute, type included.
    Whole,
}

/// How a property is written.
pub(super) enum PropForm {
    /// An integer (`I64Prop`): the Rust type and the C++ one the error
    /// names (`int64_t`).
    Int(TokenStream, &'static str),
    /// An optional integer (`OptionalProp<I64Prop>`): `none` or the value.
    OptionalInt(TokenStream, &'static str),
    /// A string (`StringProp`).
    String,
    /// An `EnumProp` over a one-of enum: its case keyword (the Rust enum
    /// type, and the enum's summary the errors name).
    Enum(TokenStream, String),
    /// An `EnumProp` over a bit enum: its flags joined by the enum's
    /// separator (`inbounds|nuw`), or `name<flags>` for a `NamedEnumProp`
    /// (`overflow<nsw, nuw>`): the Rust type, the name, and the summary.
    BitEnum(TokenStream, Option<String>, String),
    /// A `BoolProp`: printed `true` / `false`, read as an integer.
    Bool,
    /// An `ArrayProp` or `IntArrayProp` of integer properties, `[1, 2]`
    /// (the storage type, the element's Rust type, and what the error
    /// names: `array of int64_t`).
    IntArray(TokenStream, TokenStream, String),
}

/// The C++ name of a Rust integer type (what property errors name).
fn c_int_name(rust: &str) -> Option<&'static str> {
    Some(match rust {
        "i8" => "int8_t",
        "i16" => "int16_t",
        "i32" => "int32_t",
        "i64" => "int64_t",
        "u8" => "uint8_t",
        "u16" => "uint16_t",
        "u32" => "uint32_t",
        "u64" => "uint64_t",
        _ => return None,
    })
}

/// The name of a `NamedEnumProp` (its `optionalParser` reads `name<...>`).
fn named_enum_prop(a: &AttributeModel) -> Option<String> {
    let parser = a.optional_parser.as_deref()?;
    let rest = parser.split("parse_optional_named_enum(").nth(1)?;
    let name = rest.split('"').nth(1)?;
    Some(name.to_string())
}

/// The form of property `a`, by its Rust storage type, when the
/// generated code reads and writes it as a value.
fn prop_form(a: &AttributeModel, enums: &[EnumModel]) -> Option<PropForm> {
    let storage = a.storage_type.trim();
    if storage == "::std::string::String" {
        return Some(PropForm::String);
    }
    if storage == "bool" && !a.is_unit {
        return Some(PropForm::Bool);
    }
    if let Some(e) = enums
        .iter()
        .find(|e| !e.is_bit_enum && e.rust_path() == storage)
    {
        let ty = code(storage, "enum property type").ok()?;
        return Some(PropForm::Enum(ty, e.summary.clone()));
    }
    if let Some(e) = enums
        .iter()
        .find(|e| e.is_bit_enum && e.rust_path() == storage)
    {
        let ty = code(storage, "enum property type").ok()?;
        return Some(PropForm::BitEnum(ty, named_enum_prop(a), e.summary.clone()));
    }
    if let Some(inner) = ["::std::vec::Vec<", "::ods_runtime::prop::PropArray<"]
        .iter()
        .find_map(|prefix| storage.strip_prefix(prefix))
        .and_then(|s| s.strip_suffix('>'))
    {
        let c = c_int_name(inner.trim())?;
        let array = code(storage, "property type").ok()?;
        let elem = code(inner, "property type").ok()?;
        return Some(PropForm::IntArray(array, elem, format!("array of {c}")));
    }
    if let Some(inner) = storage
        .strip_prefix("::std::option::Option<")
        .and_then(|s| s.strip_suffix('>'))
    {
        let c = c_int_name(inner.trim())?;
        let ty = code(inner, "property type").ok()?;
        return Some(PropForm::OptionalInt(ty, c));
    }
    let c = c_int_name(storage)?;
    Some(PropForm::Int(code(storage, "property type").ok()?, c))
}

/// How the format shows attribute `a`.
pub(super) fn attr_style(
    a: &AttributeModel,
    qualified: bool,
    enums: &[EnumModel],
) -> Result<AttrStyle, String> {
    if a.is_unit {
        return Ok(AttrStyle::Unit);
    }
    if a.is_property {
        if let Some(form) = prop_form(a, enums) {
            return Ok(AttrStyle::Property(form));
        }
    }
    if let Some(enum_type) = enum_info_type(a) {
        let ty = code(enum_type, "enum type")?;
        let bits = enums
            .iter()
            .find(|e| e.is_bit_enum && e.rust_path() == enum_type);
        return Ok(match bits {
            Some(e) => AttrStyle::BitEnum(ty, e.cases.iter().map(|c| c.text.clone()).collect()),
            None => AttrStyle::Enum(ty),
        });
    }
    if a.base_def_name.as_deref() == Some("SymbolNameAttr") {
        return Ok(AttrStyle::Symbol);
    }
    if let Some(elem) = int_array_element(a).filter(|_| !qualified) {
        return Ok(AttrStyle::IntArray(code(elem, "array element type")?));
    }
    if let Some(builder) = &a.value_type_builder {
        return Ok(AttrStyle::WithoutType(builder.clone()));
    }
    if !qualified && !a.generic_parser {
        if let Some(def) = &a.attr_def {
            let ty = code(def, "attribute type")?;
            return Ok(AttrStyle::Stripped(quote! {
                #RT_ATTRIBUTE::from(
                    <#ty as #RT::attr_type_def::DefParam>::parse_param(p)?
                )
            }));
        }
        if let Some(def) = attr_def_type(a) {
            let ty = code(def, "attribute type")?;
            return Ok(AttrStyle::Stripped(
                quote!(p.parse_custom_attribute_with_fallback(None, |p| #ty::parse(p))?),
            ));
        }
        if let Some(def) = wrapped_attr_def(a) {
            let ty = code(def, "attribute type")?;
            return Ok(AttrStyle::Stripped(quote!(
                p.parse_custom_attribute_with_fallback(None, |p| p.parse_defined_attr_params(#ty::def()))?
            )));
        }
    }
    Ok(AttrStyle::Whole)
}

/// The Rust enum of an attribute from ODS's `EnumAttrInfo` classes (an
/// integer attribute holding a case): their `convertFromStorage` is the
/// enum's `from_value` over the integer.
pub(super) fn enum_info_type(a: &AttributeModel) -> Option<&str> {
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

/// The generated attribute def a `DialectAttr`-style wrapper stores (the
/// LLVM dialect's `TailCallKind` over `TailCallKindAttr`, whose
/// `returnType` is the enum): its predicate leads with
/// `attr_is::<Def>` of its own storage type and its `constBuilderCall`
/// calls the def's `get`. mlir-tblgen reads such an attribute with
/// `parseCustomAttributeWithFallback<Def>`, so a format writes it without
/// `#dialect.mnemonic` (`tail_call_kind = <tail>`). A hand-written view
/// (`RustAttrDef`, built by `$0.attr()`) is not one: it has no def to read
/// its parameters with.
fn wrapped_attr_def(a: &AttributeModel) -> Option<&str> {
    let storage = a.storage_type.trim();
    let kind = storage_kind_text(a)?;
    let checked = kind
        .strip_prefix("::ods_runtime::pred::attr_is::<")?
        .strip_suffix(">($_ctxt, $_self)")?;
    let build = a.const_builder_call.as_deref()?.trim();
    let built_by_def = build
        .strip_prefix(storage)
        .is_some_and(|rest| rest.starts_with("::get($_ctxt,"));
    (!storage.is_empty() && checked.trim() == storage && built_by_def).then_some(storage)
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

/// The check that an attribute read for `a` is of the kind the op stores
/// (a Rust predicate over `$_ctxt` and `$_self`), when `a` has a storage
/// kind of its own (mlir-tblgen's typed `parseAttribute<AttrT>`): the
/// kind test that leads the constraint's predicate in the library
/// (`is_integer_attr`, `attr_is::<T>` of an attribute def,
/// `attr_implements` of an attribute interface, ...). `None`
/// for attributes read whole by the generic parser, properties, and
/// predicates that lead with something else.
pub(super) fn kind_check(a: &AttributeModel) -> Option<&str> {
    if a.generic_parser || a.is_property || a.is_unit {
        return None;
    }
    storage_kind_text(a)
}

/// The kind test that leads `a`'s constraint predicate (see
/// [`kind_check`]), whatever reads the attribute: the storage class a
/// property converts to too (`prop_fits`).
pub(super) fn storage_kind_text(a: &AttributeModel) -> Option<&str> {
    let mut pred = &a.predicate;
    loop {
        match pred {
            PredModel::And(parts) => pred = parts.first()?,
            PredModel::Rust(text) => {
                let text = strip_outer_parens(text.trim());
                let call = text.strip_prefix("::ods_runtime::pred::")?;
                // An attribute interface's storage type is the interface
                // (`parseAttribute<PoisonAttrInterface>`).
                let is_kind = call.starts_with("attr_is::<")
                    || call.starts_with("attr_implements(")
                    || (call.starts_with("is_")
                        && call.split('(').next().is_some_and(|f| f.ends_with("_attr")));
                return is_kind.then_some(text);
            }
            _ => return None,
        }
    }
}

/// The `ods_runtime::pred` check that a type read by `type($x)` is of the
/// class its constraint stores (mlir-tblgen's typed
/// `parseCustomTypeWithFallback`: `invalid kind of type specified`), by
/// the constraint's `cppType`, with the class's `name` where MLIR 22's
/// class has one (the builtin type definitions: the message then says
/// `expected builtin.complex, but found 'f32'`); `None` for `::ir::Type`
/// and classes without a check.
pub(super) fn type_kind_check(rust_type: &str) -> Option<(&'static str, Option<&'static str>)> {
    Some(match rust_type.trim() {
        "::ir::ShapedType" => ("is_shaped", None),
        "::ir::IntegerType" => ("is_integer", Some("builtin.integer")),
        "::ir::FloatType" => ("is_float", None),
        "::ir::IndexType" => ("is_index", Some("builtin.index")),
        "::ir::NoneType" => ("is_none_type", Some("builtin.none")),
        "::ir::ComplexType" => ("is_complex", Some("builtin.complex")),
        "::ir::FunctionType" => ("is_function_type", Some("builtin.function")),
        "::ir::TupleType" => ("is_tuple", Some("builtin.tuple")),
        "::ir::VectorType" => ("is_vector", Some("builtin.vector")),
        "::ir::TensorType" => ("is_tensor", None),
        "::ir::RankedTensorType" => ("is_ranked_tensor", Some("builtin.tensor")),
        "::ir::UnrankedTensorType" => ("is_unranked_tensor", Some("builtin.unranked_tensor")),
        "::ir::BaseMemRefType" => ("is_base_memref", None),
        "::ir::MemRefType" => ("is_memref", Some("builtin.memref")),
        "::ir::UnrankedMemRefType" => ("is_unranked_memref", Some("builtin.unranked_memref")),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The attribute models of one op with these arguments.
    fn attrs(args: &str) -> Vec<AttributeModel> {
        let text = format!(
            "include \"mlir/IR/OpBase.td\"\ndef D : Dialect {{ let name = \"d\"; let cppNamespace = \"crate::d\"; }}\ndef A : Op<D, \"a\"> {{ let arguments = (ins {args}); }}\n"
        );
        let c = crate::compile("t.ods", &text, &[]).unwrap_or_else(|e| panic!("{}", e.render()));
        let model = c.model().unwrap_or_else(|e| panic!("{}", e.render()));
        model.dialects[0].ops[0].attributes.clone()
    }

    #[test]
    fn attributes_of_a_storage_kind_get_a_kind_check() {
        let a = attrs("I32Attr:$a, OptionalAttr<StrAttr>:$b, AnyAttr:$c, TypedArrayAttrBase<I32Attr, \"s\">:$d");
        assert_eq!(
            kind_check(&a[0]),
            Some("::ods_runtime::pred::is_integer_attr($_ctxt, $_self)")
        );
        assert_eq!(
            kind_check(&a[1]),
            Some("::ods_runtime::pred::is_string_attr($_ctxt, $_self)")
        );
        assert_eq!(kind_check(&a[2]), None);
        assert_eq!(
            kind_check(&a[3]),
            Some("::ods_runtime::pred::is_array_attr($_ctxt, $_self)")
        );
    }

    #[test]
    fn a_wrapper_over_an_attribute_def_is_read_stripped() {
        let wrapper = "Attr<CPred<\"::ods_runtime::pred::attr_is::<crate::d::KindAttr>($_ctxt, $_self)\">, \"k\"> { let storageType = \"crate::d::KindAttr\"; let returnType = \"crate::d::Kind\"; let convertFromStorage = \"crate::d::KindAttr::cast($_ctxt, $_self).kind($_ctxt)\"; let constBuilderCall = \"crate::d::KindAttr::get($_ctxt, $0).attr()\"; }";
        let view = "RustAttrDef<\"crate::d::View\">";
        let text = format!(
            "include \"mlir/IR/OpBase.td\"\ndef K : {wrapper}\ndef D : Dialect {{ let name = \"d\"; let cppNamespace = \"crate::d\"; }}\ndef A : Op<D, \"a\"> {{ let arguments = (ins DefaultValuedAttr<K, \"crate::d::Kind::A\">:$k, {view}:$v); }}\n"
        );
        let c = crate::compile("t.ods", &text, &[]).unwrap_or_else(|e| panic!("{}", e.render()));
        let model = c.model().unwrap_or_else(|e| panic!("{}", e.render()));
        let a = &model.dialects[0].ops[0].attributes;
        assert_eq!(wrapped_attr_def(&a[0]), Some("crate::d::KindAttr"));
        assert!(matches!(
            attr_style(&a[0], false, &[]),
            Ok(AttrStyle::Stripped(_))
        ));
        // Written `qualified`, it is read whole; a hand-written view has
        // no def to read its parameters with.
        assert!(matches!(attr_style(&a[0], true, &[]), Ok(AttrStyle::Whole)));
        assert_eq!(wrapped_attr_def(&a[1]), None);
    }

    #[test]
    fn an_attribute_interface_is_a_storage_kind() {
        let text = "include \"mlir/IR/OpBase.td\"\ndef I : AttrInterface<\"I\"> { let cppNamespace = \"crate::d\"; }\ndef D : Dialect { let name = \"d\"; let cppNamespace = \"crate::d\"; }\ndef A : Op<D, \"a\"> { let arguments = (ins I:$a); }\n";
        let c = crate::compile("t.ods", text, &[]).unwrap_or_else(|e| panic!("{}", e.render()));
        let model = c.model().unwrap_or_else(|e| panic!("{}", e.render()));
        assert_eq!(
            kind_check(&model.dialects[0].ops[0].attributes[0]),
            Some("::ods_runtime::pred::attr_implements($_ctxt, $_self, \"crate::d::I\")")
        );
    }
}

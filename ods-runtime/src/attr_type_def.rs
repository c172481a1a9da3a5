//! What generated `AttrDef` / `TypeDef` code calls: the conversion of each
//! parameter's Rust type to and from the stored [`Param`], its parser
//! (MLIR's `FieldParser`) and its printer (MLIR's `printStrippedAttrOrType`
//! / `<<`), and the error a failed parameter reports.
//!
//! In: a parameter value, or the parser at the parameter's text. Out: the
//! stored [`Param`], the value back, the text as `mlir-opt` prints it, or
//! an error worded as mlir-tblgen's generated parsers word it.
//!
//! Every parameter kind of ODS maps to one Rust type implementing
//! [`DefParam`]: `u8`..`u64`, `i8`..`i64` (`"unsigned"`, `"int64_t"`, ...),
//! `bool`, `String` (`StringRefParameter`), [`ApFloat`]
//! (`APFloatParameter`), `Vec<T>` (`ArrayRefParameter`), `Option<T>`
//! (`OptionalParameter`), [`Type`] and [`Attribute`], the generated views
//! of other definitions, and any type of the author's that implements
//! [`CustomParamValue`].

use ir::defs::{CustomParam, Param};
use ir::parser::{AsmParser, Delimiter, PResult};
use ir::printer::dialect_asm::AsmPrinter;
use ir::{AttrKind, Attribute, FloatKind, Type};
use std::fmt::{Debug, Display};
use std::hash::Hash;
use std::str::FromStr;

/// A Rust type that can be a parameter of an attribute or type.
pub trait DefParam: Sized {
    /// The stored form.
    fn to_param(&self) -> Param;
    /// The value back from its stored form (`None` for another kind).
    fn from_param(param: &Param) -> Option<Self>;
    /// Reads the value (MLIR's `FieldParser<T>::parse`).
    fn parse_param(p: &mut AsmParser<'_>) -> PResult<Self>;
    /// Reads the value if one is next, else nothing (for optional
    /// parameters that start an optional group or may be left out).
    fn parse_optional_param(p: &mut AsmParser<'_>) -> PResult<Option<Self>> {
        Self::parse_param(p).map(Some)
    }
    /// Prints the value as MLIR's default parameter printer does.
    fn print_param(&self, p: &mut AsmPrinter<'_, '_>);
    /// The type a failed read names (`which is to be a `unsigned``) when
    /// it is not the one the spec wrote: a Rust type standing for
    /// upstream's C++ one (LLVM's DWARF constants are `unsigned` there).
    /// `None`, the default, names the written type.
    const MESSAGE_TYPE: Option<&'static str> = None;
}

macro_rules! int_params {
    ($($t:ty => $variant:ident as $wide:ty),* $(,)?) => {$(
        impl DefParam for $t {
            fn to_param(&self) -> Param {
                Param::$variant(*self as $wide)
            }
            fn from_param(param: &Param) -> Option<Self> {
                param.int()
            }
            fn parse_param(p: &mut AsmParser<'_>) -> PResult<Self> {
                p.parse_integer()
            }
            fn parse_optional_param(p: &mut AsmParser<'_>) -> PResult<Option<Self>> {
                p.parse_optional_integer()
            }
            fn print_param(&self, p: &mut AsmPrinter<'_, '_>) {
                p.print_integer(*self as i128);
            }
        }
    )*};
}

int_params! {
    i8 => Int as i64, i16 => Int as i64, i32 => Int as i64, i64 => Int as i64,
    u8 => UInt as u64, u16 => UInt as u64, u32 => UInt as u64, u64 => UInt as u64,
}

impl DefParam for bool {
    fn to_param(&self) -> Param {
        Param::Bool(*self)
    }
    fn from_param(param: &Param) -> Option<Self> {
        param.as_bool()
    }
    // MLIR reads a `bool` parameter as an integer (`FieldParser` of an
    // integral type): `true`, `false`, `0` or `1` (`0x1` too); another
    // number is `integer value too large`, anything else `expected integer
    // value`.
    fn parse_param(p: &mut AsmParser<'_>) -> PResult<Self> {
        let at = p.current_location();
        match Self::parse_optional_param(p)? {
            Some(b) => Ok(b),
            None => p.emit_error(at, "expected integer value"),
        }
    }
    fn parse_optional_param(p: &mut AsmParser<'_>) -> PResult<Option<Self>> {
        let at = p.current_location();
        match p.parse_optional_integer::<u8>()? {
            None => Ok(None),
            Some(v @ (0 | 1)) => Ok(Some(v == 1)),
            Some(_) => p.emit_error(at, "integer value too large"),
        }
    }
    fn print_param(&self, p: &mut AsmPrinter<'_, '_>) {
        p.print_str(if *self { "true" } else { "false" });
    }
}

impl DefParam for String {
    fn to_param(&self) -> Param {
        Param::Str(self.as_str().into())
    }
    fn from_param(param: &Param) -> Option<Self> {
        param.as_str().map(str::to_string)
    }
    fn parse_param(p: &mut AsmParser<'_>) -> PResult<Self> {
        let at = p.current_location();
        let bytes = p.parse_string()?;
        utf8(p, at, bytes)
    }
    fn parse_optional_param(p: &mut AsmParser<'_>) -> PResult<Option<Self>> {
        let at = p.current_location();
        match p.parse_optional_string() {
            Some(bytes) => utf8(p, at, bytes).map(Some),
            None => Ok(None),
        }
    }
    fn print_param(&self, p: &mut AsmPrinter<'_, '_>) {
        p.print_string(self.as_bytes());
    }
}

/// String parameters are Rust `String`s: text that is not UTF-8 is an
/// error where it starts.
fn utf8(p: &mut AsmParser<'_>, at: ir::parser::AsmLoc, bytes: Vec<u8>) -> PResult<String> {
    match String::from_utf8(bytes) {
        Ok(s) => Ok(s),
        Err(_) => p.emit_error(at, "expected a UTF-8 string"),
    }
}

/// An `APFloatParameter`: a float of one of the builtin float kinds, by
/// its bit pattern (compared bitwise, as MLIR compares APFloats).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ApFloat {
    pub kind: FloatKind,
    pub bits: u128,
}

impl ApFloat {
    /// `value` as a double.
    pub fn from_f64(value: f64) -> ApFloat {
        ApFloat {
            kind: FloatKind::F64,
            bits: ir::float::from_f64(FloatKind::F64, value),
        }
    }

    /// The value as a double (rounded for wider kinds).
    pub fn to_f64(self) -> f64 {
        ir::float::to_f64(self.kind, self.bits)
    }
}

impl DefParam for ApFloat {
    fn to_param(&self) -> Param {
        Param::Float {
            kind: self.kind,
            bits: self.bits,
        }
    }
    fn from_param(param: &Param) -> Option<Self> {
        match param {
            Param::Float { kind, bits } => Some(ApFloat {
                kind: *kind,
                bits: *bits,
            }),
            _ => None,
        }
    }
    fn parse_param(p: &mut AsmParser<'_>) -> PResult<Self> {
        let at = p.current_location();
        let f64t = p.ctx().float_type(FloatKind::F64);
        let attr = p.parse_attribute_of_type(Some(f64t))?;
        match p.ctx().attr_kind(attr) {
            AttrKind::Float { bits, .. } => Ok(ApFloat {
                kind: FloatKind::F64,
                bits: *bits,
            }),
            _ => p.emit_error(at, "expected floating point literal"),
        }
    }
    fn print_param(&self, p: &mut AsmPrinter<'_, '_>) {
        p.print_float(self.kind, self.bits);
    }
}

impl DefParam for Type {
    fn to_param(&self) -> Param {
        Param::Type(*self)
    }
    fn from_param(param: &Param) -> Option<Self> {
        param.as_type()
    }
    fn parse_param(p: &mut AsmParser<'_>) -> PResult<Self> {
        p.parse_type()
    }
    fn parse_optional_param(p: &mut AsmParser<'_>) -> PResult<Option<Self>> {
        p.parse_optional_type()
    }
    fn print_param(&self, p: &mut AsmPrinter<'_, '_>) {
        p.print_type(*self);
    }
}

impl DefParam for Attribute {
    fn to_param(&self) -> Param {
        Param::Attr(*self)
    }
    fn from_param(param: &Param) -> Option<Self> {
        param.as_attr()
    }
    fn parse_param(p: &mut AsmParser<'_>) -> PResult<Self> {
        p.parse_attribute()
    }
    fn parse_optional_param(p: &mut AsmParser<'_>) -> PResult<Option<Self>> {
        p.parse_optional_attribute()
    }
    fn print_param(&self, p: &mut AsmPrinter<'_, '_>) {
        p.print_attribute(*self);
    }
}

/// `ArrayRefParameter`: elements separated by `, ` (at least one when
/// parsed, as MLIR's `FieldParser` of a container reads them).
impl<T: DefParam> DefParam for Vec<T> {
    fn to_param(&self) -> Param {
        Param::Array(self.iter().map(T::to_param).collect())
    }
    fn from_param(param: &Param) -> Option<Self> {
        param.as_array()?.iter().map(T::from_param).collect()
    }
    fn parse_param(p: &mut AsmParser<'_>) -> PResult<Self> {
        let mut items = Vec::new();
        p.parse_comma_separated_list(Delimiter::None, "", |p| {
            items.push(T::parse_param(p)?);
            Ok(())
        })?;
        Ok(items)
    }
    fn parse_optional_param(p: &mut AsmParser<'_>) -> PResult<Option<Self>> {
        let Some(first) = T::parse_optional_param(p)? else {
            return Ok(None);
        };
        let mut items = vec![first];
        while p.parse_optional_comma() {
            items.push(T::parse_param(p)?);
        }
        Ok(Some(items))
    }
    fn print_param(&self, p: &mut AsmPrinter<'_, '_>) {
        for (i, item) in self.iter().enumerate() {
            if i > 0 {
                p.print_str(", ");
            }
            item.print_param(p);
        }
    }
}

/// `OptionalParameter`: nothing printed when absent.
impl<T: DefParam> DefParam for Option<T> {
    fn to_param(&self) -> Param {
        Param::Optional(self.as_ref().map(|v| Box::new(v.to_param())))
    }
    fn from_param(param: &Param) -> Option<Self> {
        match param {
            Param::Optional(None) => Some(None),
            Param::Optional(Some(v)) => T::from_param(v).map(Some),
            _ => None,
        }
    }
    fn parse_param(p: &mut AsmParser<'_>) -> PResult<Self> {
        T::parse_optional_param(p)
    }
    fn parse_optional_param(p: &mut AsmParser<'_>) -> PResult<Option<Self>> {
        Ok(T::parse_optional_param(p)?.map(Some))
    }
    fn print_param(&self, p: &mut AsmPrinter<'_, '_>) {
        if let Some(v) = self {
            v.print_param(p);
        }
    }
    const MESSAGE_TYPE: Option<&'static str> = T::MESSAGE_TYPE;
}

/// A Rust type of the author's as a parameter: stored boxed (see
/// [`CustomParam`]), read as a keyword or string through `FromStr`,
/// printed through `Display` (quoted when it is no keyword). Implement it
/// with an empty `impl` block, or with [`CustomParamValue::one_of`] for an
/// enum.
pub trait CustomParamValue:
    std::any::Any + Debug + Eq + Hash + Clone + Send + Sync + FromStr + Display
{
    /// For a value that is one of a fixed set of keywords (an enum): the
    /// set, so that a bad keyword is worded as MLIR's generated
    /// `FieldParser` of an enum words it (`expected one of [a, b] for
    /// SUMMARY, got: x`, `expected keyword for SUMMARY`). `None`, the
    /// default, says `invalid value 'x'`.
    fn one_of() -> Option<OneOf> {
        None
    }

    /// Prints the value: bare when its text is a keyword, else quoted
    /// (MLIR's `printKeywordOrString`). A bit enum prints by
    /// [`print_bit_enum`] instead.
    fn print_word(&self, p: &mut AsmPrinter<'_, '_>) {
        p.print_keyword_or_string(self.to_string().as_bytes());
    }
}

/// Prints a bit-enum value as mlir-tblgen's `operator<<` of the enum
/// does: its text bare, or quoted when
/// [`BitEnumAttr::prints_quoted`](crate::enums::BitEnumAttr::prints_quoted)
/// says so (`"Public|FwdDecl"`, but `SingleInheritance|MultipleInheritance`
/// bare: one bit).
pub fn print_bit_enum<E: crate::enums::BitEnumAttr>(value: E, p: &mut AsmPrinter<'_, '_>) {
    let text = value.to_string();
    if value.prints_quoted() {
        p.print_string(text.as_bytes());
    } else {
        p.print_str(&text);
    }
}

/// The keywords an enum parameter may be and what the enum is (its
/// summary), for [`CustomParamValue::one_of`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OneOf {
    /// The enum's summary (`LLVM linkage types`).
    pub summary: &'static str,
    /// Every case's keyword, in declaration order.
    pub cases: Vec<&'static str>,
}

impl OneOf {
    /// The cases of a generated one-of enum, with its summary.
    pub fn of_enum<E: crate::EnumAttr>(summary: &'static str) -> Self {
        OneOf {
            summary,
            cases: E::CASES.iter().map(|c| c.as_str()).collect(),
        }
    }

    /// The cases as an `expected one of [...]` message lists them: a case
    /// that is no keyword written quoted and then bare, `"non-leaf"non-leaf`,
    /// as mlir-tblgen's generated `FieldParser` writes it.
    pub fn listed(&self) -> String {
        let shown: Vec<String> = self
            .cases
            .iter()
            .map(
                |&c| match ir::printer::attrs::is_bare_identifier(c.as_bytes()) {
                    true => c.to_string(),
                    false => format!("\"{c}\"{c}"),
                },
            )
            .collect();
        shown.join(", ")
    }

    /// The cases of a generated bit enum (each by its own keyword), with
    /// its summary.
    pub fn of_bit_enum<E: crate::enums::BitEnumAttr>(summary: &'static str) -> Self {
        OneOf {
            summary,
            cases: E::case_texts(),
        }
    }
}

/// Reads a custom parameter's keyword: `None` when no keyword or string
/// is next and `optional` is set; an error worded by `one_of` otherwise.
fn parse_custom_word<T: CustomParamValue>(
    p: &mut AsmParser<'_>,
    optional: bool,
) -> PResult<Option<T>> {
    let at = p.current_location();
    let one_of = T::one_of();
    let word = match (&one_of, optional) {
        (_, true) => match p.parse_optional_keyword_or_string() {
            Some(word) => word,
            None => return Ok(None),
        },
        (Some(one_of), false) => match p.parse_optional_keyword_or_string() {
            Some(word) => word,
            None => return p.emit_error(at, format!("expected keyword for {}", one_of.summary)),
        },
        (None, false) => p.parse_keyword_or_string()?,
    };
    let word = String::from_utf8_lossy(&word).into_owned();
    match word.parse() {
        Ok(v) => Ok(Some(v)),
        Err(_) => match one_of {
            Some(one_of) => p.emit_error(
                at,
                format!(
                    "expected one of [{}] for {}, got: {word}",
                    one_of.listed(),
                    one_of.summary
                ),
            ),
            None => p.emit_error(at, format!("invalid value '{word}'")),
        },
    }
}

impl<T: CustomParamValue> DefParam for T {
    fn to_param(&self) -> Param {
        Param::Custom(CustomParam::new(self.clone()))
    }
    fn from_param(param: &Param) -> Option<Self> {
        param.as_custom::<T>().cloned()
    }
    fn parse_param(p: &mut AsmParser<'_>) -> PResult<Self> {
        match parse_custom_word(p, false)? {
            Some(v) => Ok(v),
            // Not reached: a required word is read or refused.
            None => p.emit_error_here("expected keyword"),
        }
    }
    fn parse_optional_param(p: &mut AsmParser<'_>) -> PResult<Option<Self>> {
        parse_custom_word(p, true)
    }
    fn print_param(&self, p: &mut AsmPrinter<'_, '_>) {
        self.print_word(p);
    }
}

/// The parameter `index` of `params` as a `T`.
///
/// # Panics
///
/// When the stored parameter is of another kind: values of a definition
/// are only made by its own `get` and parser, which store each parameter
/// as its declared type, so this is a bug in generated code, never bad
/// input.
pub fn param<T: DefParam>(params: &[Param], index: usize, def: &str) -> T {
    match params.get(index).and_then(T::from_param) {
        Some(v) => v,
        None => panic!("parameter #{index} of {def} is not of its declared type"),
    }
}

/// Reads one parameter; on failure adds mlir-tblgen's second error,
/// `failed to parse DEF parameter 'NAME' which is to be a `TYPE``, at
/// the place the parser stopped.
pub fn parse_param<T: DefParam>(
    p: &mut AsmParser<'_>,
    def_name: &str,
    param: &str,
    type_name: &str,
) -> PResult<T> {
    match T::parse_param(p) {
        Ok(v) => Ok(v),
        Err(_) => {
            let type_name = T::MESSAGE_TYPE.unwrap_or(type_name);
            crate::dialect_attr::parameter_failed(p, def_name, param, type_name)
        }
    }
}

/// [`parse_param`] for a parameter that may be absent.
pub fn parse_optional_param<T: DefParam>(
    p: &mut AsmParser<'_>,
    def_name: &str,
    param: &str,
    type_name: &str,
) -> PResult<Option<T>> {
    match T::parse_optional_param(p) {
        Ok(v) => Ok(v),
        Err(_) => {
            let type_name = T::MESSAGE_TYPE.unwrap_or(type_name);
            crate::dialect_attr::parameter_failed(p, def_name, param, type_name)
        }
    }
}

/// The next key of a `struct(...)` directive and its `=`: `expected valid
/// keyword`, then `expected a parameter name in struct`, when there is no
/// key.
pub fn parse_struct_key<'a>(p: &mut AsmParser<'a>) -> PResult<&'a str> {
    let key = match p.parse_keyword_any() {
        Ok(key) => key,
        Err(_) => {
            let at = p.current_location();
            return p.emit_error_also(at, "expected a parameter name in struct");
        }
    };
    p.parse_equal()?;
    Ok(key)
}

/// The first key of a `struct(...)` whose parameters are all optional, if
/// there is one, with its `=`.
pub fn parse_optional_struct_key<'a>(p: &mut AsmParser<'a>) -> PResult<Option<&'a str>> {
    let Some(key) = p.parse_optional_keyword_any() else {
        return Ok(None);
    };
    p.parse_equal()?;
    Ok(Some(key))
}

/// Prints a parameter with its `#dialect.mnemonic` / `!dialect.mnemonic`
/// prefix (the `qualified` directive): types and attributes in full.
pub fn print_qualified<T: DefParam>(value: &T, p: &mut AsmPrinter<'_, '_>) {
    p.print_param(&value.to_param());
}

/// `duplicate or unknown struct parameter name: KEY`.
pub fn bad_struct_key<T>(p: &mut AsmParser<'_>, key: &str) -> PResult<T> {
    p.emit_error_here(format!("duplicate or unknown struct parameter name: {key}"))
}

/// `struct is missing required parameter: NAME`.
pub fn missing_struct_param<T>(p: &mut AsmParser<'_>, name: &str) -> PResult<T> {
    p.emit_error_here(format!("struct is missing required parameter: {name}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Clone, Debug, PartialEq, Eq, Hash)]
    struct Mode(String);

    impl FromStr for Mode {
        type Err = ();
        fn from_str(s: &str) -> Result<Self, ()> {
            if s.starts_with('m') {
                Ok(Mode(s.into()))
            } else {
                Err(())
            }
        }
    }

    impl Display for Mode {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str(&self.0)
        }
    }

    impl CustomParamValue for Mode {}

    #[test]
    fn values_round_trip_through_their_stored_form() {
        let mut ctx = ir::Context::new();
        let i32t = ctx.int_type(32);
        assert_eq!(u32::from_param(&7u32.to_param()), Some(7));
        assert_eq!(i64::from_param(&(-7i64).to_param()), Some(-7));
        assert_eq!(u8::from_param(&(-1i64).to_param()), None);
        assert_eq!(
            String::from_param(&"a".to_string().to_param()).as_deref(),
            Some("a")
        );
        let v = vec![Some(i32t), None];
        assert_eq!(Vec::<Option<Type>>::from_param(&v.to_param()), Some(v));
        let f = ApFloat::from_f64(2.5);
        assert_eq!(
            ApFloat::from_param(&f.to_param()).map(ApFloat::to_f64),
            Some(2.5)
        );
        let m = Mode("mx".into());
        assert_eq!(Mode::from_param(&m.to_param()), Some(m));
        assert_eq!(Mode::from_param(&1u32.to_param()), None);
        assert_eq!(
            param::<Vec<u32>>(&[vec![1u32, 2].to_param()], 0, "T"),
            vec![1, 2]
        );
    }
}

//! Enum attributes of a dialect (`EnumAttr<Dialect, Enum, "mnemonic">`,
//! `#arith.fastmath<nnan,ninf>`): their storage and what their generated
//! parsers call.
//!
//! In: a definition (the `static` [`AttrOrTypeDef`] generated per
//! `EnumAttr`) and a case value to store, or the parser on the text after
//! the mnemonic (what the definition's parse hook gets).
//! Out: the attribute, its case value back, or an error worded and placed
//! as `mlir-opt`'s generated attribute parsers report it.
//!
//! Storage: an enum attribute is an ordinary defined attribute
//! ([`ir::AttrKind::Defined`]): its definition and one parameter, the case's
//! integer value (the bits of a bit enum). So two attributes are equal
//! when their handles are, a constraint checks the definition by address,
//! and the core prints and parses it through the definition like any
//! other `AttrDef`.

use ir::parser::{AsmLoc, AsmParser, PResult};
use ir::{AttrOrTypeDef, Attribute, Context, Param};
use std::ops::BitOr;
use std::str::FromStr;

/// The attribute of enum definition `def` holding the case value `value`.
pub fn enum_attr(ctx: &mut Context, def: &'static AttrOrTypeDef, value: u64) -> Attribute {
    ctx.defined_attr_from(def, &[Param::UInt(value)])
}

/// The case value of `attr` when it is an attribute of enum definition
/// `def` (made by [`enum_attr`] or parsed through `def`).
pub fn enum_attr_value(ctx: &Context, attr: Attribute, def: &'static AttrOrTypeDef) -> Option<u64> {
    enum_param(ctx.attr_params(attr, def)?)
}

/// The case value among the parameters of an enum attribute (what its
/// print hook gets).
pub fn enum_param(params: &[Param]) -> Option<u64> {
    match params {
        [Param::UInt(value)] => Some(*value),
        _ => None,
    }
}

/// The parameters of an enum attribute holding `value` (what its parse
/// hook returns).
pub fn enum_params(value: u64) -> Vec<Param> {
    vec![Param::UInt(value)]
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
    p: &mut AsmParser<'_>,
    type_name: &str,
    cases: &[&str],
) -> PResult<E> {
    let at = p.current_location();
    let word = p.parse_keyword_or_string()?;
    match String::from_utf8_lossy(&word).parse() {
        Ok(v) => Ok(v),
        Err(_) => not_one_of(p, at, type_name, cases),
    }
}

/// The value parameter of an enum attribute over a plain enum (`I32Enum`,
/// not an `I32EnumAttr`), with the messages of upstream's `FieldParser`
/// of the enum: `expected keyword for SUMMARY` when no keyword or string
/// is there, `expected one of [a, b] for SUMMARY, got: x` for an unknown
/// case, both at the value.
pub fn parse_enum_field<E: FromStr>(
    p: &mut AsmParser<'_>,
    summary: &str,
    cases: &[&str],
) -> PResult<E> {
    let at = p.current_location();
    let Some(word) = p.parse_optional_keyword_or_string() else {
        return p.emit_error(at, format!("expected keyword for {summary}"));
    };
    let word = String::from_utf8_lossy(&word);
    match word.parse() {
        Ok(v) => Ok(v),
        Err(_) => p.emit_error(
            at,
            format!(
                "expected one of [{}] for {summary}, got: {word}",
                cases.join(", ")
            ),
        ),
    }
}

/// The value parameter of a bit enum attribute: cases separated by
/// `separator`, ORed (the zero case may appear among them). An unknown
/// one is `expected TYPE to be one of: a, b` at the first.
pub fn parse_bit_enum<E>(
    p: &mut AsmParser<'_>,
    type_name: &str,
    cases: &[&str],
    separator: FlagSeparator,
) -> PResult<E>
where
    E: FromStr + BitOr<Output = E> + Default,
{
    let at = p.current_location();
    let mut flags = E::default();
    loop {
        let word = p.parse_keyword_or_string()?;
        match String::from_utf8_lossy(&word).parse() {
            Ok(v) => flags = flags | v,
            Err(_) => return not_one_of(p, at, type_name, cases),
        }
        let more = match separator {
            FlagSeparator::VerticalBar => p.parse_optional_vertical_bar(),
            FlagSeparator::Comma => p.parse_optional_comma(),
        };
        if !more {
            return Ok(flags);
        }
    }
}

fn not_one_of<T>(p: &mut AsmParser<'_>, at: AsmLoc, type_name: &str, cases: &[&str]) -> PResult<T> {
    p.emit_error(
        at,
        format!("expected {type_name} to be one of: {}", cases.join(", ")),
    )
}

/// The second error after a parameter failed to parse: `failed to parse
/// DEF parameter 'NAME' which is to be a `TYPE`` at the current place.
pub fn parameter_failed<T>(
    p: &mut AsmParser<'_>,
    def_name: &str,
    param: &str,
    type_name: &str,
) -> PResult<T> {
    let at = p.current_location();
    p.emit_error_also(
        at,
        format!("failed to parse {def_name} parameter '{param}' which is to be a `{type_name}`"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use ir::parser::ops::{parse_source_here, ParseOptions};
    use ir::printer::attrs::print_attribute_str;
    use ir::printer::dialect_asm::AsmPrinter;
    use ir::printer::ops::{print_module, PrintOptions};
    use ir::AttrKind;
    use ir::{DefHandle, DiagLoc, Registry, SourceFile};

    /// A one-of enum of two cases, as generated enums look.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    enum Kind {
        A = 0,
        B = 1,
    }

    impl FromStr for Kind {
        type Err = ();
        fn from_str(s: &str) -> Result<Self, ()> {
            match s {
                "a" => Ok(Kind::A),
                "b" => Ok(Kind::B),
                _ => Err(()),
            }
        }
    }

    fn kind_of(params: &[Param]) -> Option<&'static str> {
        match enum_param(params)? {
            0 => Some("a"),
            1 => Some("b"),
            _ => None,
        }
    }

    fn parse_angled(p: &mut AsmParser<'_>) -> PResult<Vec<Param>> {
        p.parse_less()?;
        let value = match parse_enum::<Kind>(p, "Kind", &["a", "b"]) {
            Ok(v) => v,
            Err(_) => return parameter_failed(p, "T_KindAttr", "value", "Kind"),
        };
        p.parse_greater()?;
        Ok(enum_params(value as u64))
    }

    fn print_angled(p: &mut AsmPrinter<'_, '_>, _: DefHandle, params: &[Param]) {
        if let Some(text) = kind_of(params) {
            p.print_str("<");
            p.print_str(text);
            p.print_str(">");
        }
    }

    fn parse_bare(p: &mut AsmParser<'_>) -> PResult<Vec<Param>> {
        let value = parse_enum::<Kind>(p, "Kind", &["a", "b"])?;
        Ok(enum_params(value as u64))
    }

    fn print_bare(p: &mut AsmPrinter<'_, '_>, _: DefHandle, params: &[Param]) {
        if let Some(text) = kind_of(params) {
            p.print_str(" ");
            p.print_str(text);
        }
    }

    static KIND: AttrOrTypeDef = AttrOrTypeDef {
        dialect: "t",
        mnemonic: "kind",
        name: "T_KindAttr",
        params: &["value"],
        parse: parse_angled,
        print: print_angled,
        verify: None,
        alias: None,
        self_type: None,
        interfaces: &[],
    };
    static PICK: AttrOrTypeDef = AttrOrTypeDef {
        dialect: "t",
        mnemonic: "pick",
        name: "T_PickAttr",
        params: &["value"],
        parse: parse_bare,
        print: print_bare,
        verify: None,
        alias: None,
        self_type: None,
        interfaces: &[],
    };

    #[test]
    fn an_enum_attribute_is_its_definition_and_value() {
        let mut ctx = Context::new();
        let b = enum_attr(&mut ctx, &KIND, 1);
        assert_eq!(b, enum_attr(&mut ctx, &KIND, 1));
        assert_ne!(b, enum_attr(&mut ctx, &KIND, 0));
        assert_ne!(b, enum_attr(&mut ctx, &PICK, 1));
        assert_eq!(enum_attr_value(&ctx, b, &KIND), Some(1));
        assert_eq!(enum_attr_value(&ctx, b, &PICK), None);
        let unit = ctx.intern_attr(AttrKind::Unit);
        assert_eq!(enum_attr_value(&ctx, unit, &KIND), None);
        assert_eq!(print_attribute_str(&ctx, b), "#t.kind<b>");
        // Not a pretty name: the whole text goes inside `#t<...>`.
        let pick = enum_attr(&mut ctx, &PICK, 0);
        assert_eq!(print_attribute_str(&ctx, pick), "#t<pick a>");
    }

    /// Parses and prints `src`, or the first error as `line:col: message`.
    fn round_trip(src: &str) -> Result<String, String> {
        let mut ctx = Context::new();
        ctx.allow_unregistered_dialects = true;
        let mut reg = Registry::new(&mut ctx);
        reg.add_dialect(&mut ctx, "t");
        reg.add_attr_def(&mut ctx, &KIND);
        reg.add_attr_def(&mut ctx, &PICK);
        let file = SourceFile::new("t.mlir", src);
        match parse_source_here(&mut ctx, &reg, &file, ParseOptions::default()) {
            Ok((ir, module)) => Ok(print_module(
                &ctx,
                &ir,
                &reg,
                module,
                PrintOptions::default(),
                None,
            )),
            Err(d) => match d.loc {
                DiagLoc::FileLineCol { line, col, .. } => {
                    Err(format!("{line}:{col}: {}", d.message))
                }
                _ => Err(d.message),
            },
        }
    }

    #[test]
    fn enum_attributes_parse_and_print_through_their_definition() {
        let out = round_trip(
            r#""x.op"() {a = #t.kind<b>, b = #t<kind<a>>, c = #t<pick "b">} : () -> ()"#,
        )
        .unwrap();
        assert!(
            out.contains("{a = #t.kind<b>, b = #t.kind<a>, c = #t<pick b>}"),
            "{out}"
        );
        assert_eq!(
            round_trip(r#""x.op"() {a = #t.kind<c>} : () -> ()"#),
            Err("1:23: expected Kind to be one of: a, b".into())
        );
        assert_eq!(
            round_trip(r#""x.op"() {a = #t.other<c>} : () -> ()"#),
            Err("1:18: unknown attribute `other` in dialect `t`".into())
        );
    }
}

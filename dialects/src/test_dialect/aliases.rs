//! The aliases upstream's `test` dialect gives (its
//! `OpAsmDialectInterface::getAlias`), which `mlir/test/IR`'s alias tests
//! rely on, and the hand-written syntax of the types and attributes
//! involved: `!test.int<unsigned, 8>`, `#test.conditional_alias<...>` and
//! `#test.attr_with_self_type_param`.
//!
//! The names are the dialect's, before the printer sanitizes them:
//! `test.alias` prints as `#test2Ealias`, `0_test_alias` as
//! `#_0_test_alias`.

use super::{ConditionalAliasAttr, SimpleAType, TestIntegerType};
use ods_runtime::ir::context::{AliasHooks, AliasResult};
use ods_runtime::ir::parser::{AsmParser, PResult};
use ods_runtime::ir::printer::dialect_asm::AsmPrinter;
use ods_runtime::ir::{AttrKind, Attribute, Context, Type, TypeKind};

/// The hooks [`super::TestDialect::initialize`] adds to the context.
pub(crate) const HOOKS: AliasHooks = AliasHooks {
    attr: Some(attr_alias),
    ty: Some(type_alias),
};

/// Strings of the form `alias_test:<case>` name their alias.
fn attr_alias(ctx: &Context, attr: Attribute) -> AliasResult {
    let AttrKind::String { .. } = ctx.attr_kind(attr) else {
        return AliasResult::NoAlias;
    };
    let name = match ctx.string_bytes(attr) {
        b"alias_test:dot_in_name" => "test.alias",
        b"alias_test:trailing_digit" => "test_alias0",
        b"alias_test:prefixed_digit" => "0_test_alias",
        b"alias_test:prefixed_symbol" => "%test",
        b"alias_test:tensor_encoding" => "test_encoding",
        _ => return AliasResult::NoAlias,
    };
    AliasResult::Final(name.into())
}

/// A non-empty tuple of `!test.smpla` is `test_tuple`; an unsigned 8-bit
/// `!test.int` is `test_ui8`.
fn type_alias(ctx: &Context, ty: Type) -> AliasResult {
    if let TypeKind::Tuple(elems) = ctx.type_kind(ty) {
        let all_simple = elems
            .iter()
            .all(|&e| SimpleAType::from_type(ctx, e).is_some());
        if !elems.is_empty() && all_simple {
            return AliasResult::Final("test_tuple".into());
        }
    }
    if let Some(int) = TestIntegerType::from_type(ctx, ty) {
        if int.signedness(ctx) == IntSignedness::Unsigned && int.width(ctx) == 8 {
            return AliasResult::Final("test_ui8".into());
        }
    }
    AliasResult::NoAlias
}

/// The signedness of a `!test.int`, written as its keyword.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IntSignedness {
    Signed,
    Unsigned,
    None,
}

impl IntSignedness {
    fn keyword(self) -> &'static str {
        match self {
            IntSignedness::Signed => "signed",
            IntSignedness::Unsigned => "unsigned",
            IntSignedness::None => "none",
        }
    }
}

impl std::str::FromStr for IntSignedness {
    type Err = ();
    fn from_str(s: &str) -> Result<Self, ()> {
        match s {
            "signed" => Ok(IntSignedness::Signed),
            "unsigned" => Ok(IntSignedness::Unsigned),
            "none" => Ok(IntSignedness::None),
            _ => Err(()),
        }
    }
}

impl std::fmt::Display for IntSignedness {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.keyword())
    }
}

impl ods_runtime::attr_type_def::CustomParamValue for IntSignedness {}

/// The widest `!test.int`.
const MAX_WIDTH: i64 = 8;

impl TestIntegerType {
    /// Reads `<signedness, width>` (after the mnemonic).
    pub(crate) fn parse(p: &mut AsmParser<'_>) -> PResult<Self> {
        p.parse_less()?;
        let at = p.current_location();
        let signedness = p
            .parse_optional_keyword_any()
            .and_then(|word| word.parse::<IntSignedness>().ok());
        let Some(signedness) = signedness else {
            return p.emit_error(at, "expected signed, unsigned, or none");
        };
        p.parse_comma()?;
        let at = p.current_location();
        let width = i64::from(p.parse_integer::<i32>()?);
        p.parse_greater()?;
        if !(0..=MAX_WIDTH).contains(&width) {
            // mlir-opt fails here without a message.
            return p.emit_error(at, format!("width {width} is not in 0..={MAX_WIDTH}"));
        }
        Ok(TestIntegerType::get(p.ctx(), signedness, width))
    }

    /// Prints `<signedness, width>`.
    pub(crate) fn print(self, p: &mut AsmPrinter<'_, '_>) {
        let ctx = p.ctx();
        let (signedness, width) = (self.signedness(ctx), self.width(ctx));
        p.print_str("<");
        p.print_str(signedness.keyword());
        p.print_str(", ");
        p.print_integer(i128::from(width));
        p.print_str(">");
    }
}

impl ConditionalAliasAttr {
    /// Reads `<value>`: a keyword or string, or any string attribute
    /// (an alias of one, say).
    pub(crate) fn parse(p: &mut AsmParser<'_>) -> PResult<Self> {
        p.parse_less()?;
        let value = match p.parse_optional_keyword_or_string() {
            Some(bytes) => p.ctx().string_attr(&bytes),
            None => p.parse_attribute_of_kind(ods_runtime::ir::parser::AttrClass::String)?,
        };
        p.parse_greater()?;
        Ok(ConditionalAliasAttr::get(p.ctx(), value))
    }

    /// Prints `<#alias>` when the string has an alias, else `<text>`
    /// (bare when it is a keyword).
    pub(crate) fn print(self, p: &mut AsmPrinter<'_, '_>) {
        let value = self.value(p.ctx());
        p.print_str("<");
        if !p.print_alias(value) {
            let ctx = p.ctx();
            p.print_keyword_or_string(ctx.string_bytes(value));
        }
        p.print_str(">");
    }
}

//! The debug-info attributes' hand-written parts: the DWARF constants
//! they hold ([`dwarf`]), and the enums they hold read and printed by
//! their keywords (`subprogramFlags = "Definition|Optimized"`, as
//! upstream's `FieldParser` of an enum reads them). The attributes
//! themselves are generated from `ods/LLVMDIAttrDefs.ods`.

pub mod dwarf;

pub use dwarf::{
    DwarfCallingConvention, DwarfEncoding, DwarfLanguage, DwarfTag, DW_CC_NORMAL, DW_LANG_C,
};

use ods_runtime::attr_type_def::DefParam;
use ods_runtime::ir::defs::{CustomParam, Param};
use ods_runtime::ir::parser::{AsmParser, PResult, ParseError};
use ods_runtime::ir::printer::dialect_asm::AsmPrinter;

use crate::{DIEmissionKind, DIFlags, DINameTableKind, DISubprogramFlags};

/// The enums read by keyword (or string, for `"A|B"`) and printed so. A
/// word that names no case is upstream's `expected one of [cases] for
/// SUMMARY, got: WORD`; no word at all fails without a message of its
/// own (the parameter's `failed to parse ...` follows either way).
macro_rules! keyword_enum_params {
    ($($name:ty => $summary:literal),*) => {$(
        impl DefParam for $name {
            fn to_param(&self) -> Param {
                Param::Custom(CustomParam::new(*self))
            }
            fn from_param(param: &Param) -> Option<Self> {
                param.as_custom::<$name>().copied()
            }
            fn parse_param(p: &mut AsmParser<'_>) -> PResult<Self> {
                Self::parse_optional_param(p)?.ok_or(ParseError)
            }
            fn parse_optional_param(p: &mut AsmParser<'_>) -> PResult<Option<Self>> {
                let at = p.current_location();
                let Some(word) = p.parse_optional_keyword_or_string() else {
                    return Ok(None);
                };
                let word = String::from_utf8_lossy(&word);
                match word.parse() {
                    Ok(value) => Ok(Some(value)),
                    Err(_) => {
                        let cases: Vec<String> =
                            <$name>::ALL.iter().map(ToString::to_string).collect();
                        p.emit_error(
                            at,
                            format!(
                                "expected one of [{}] for {}, got: {word}",
                                cases.join(", "),
                                $summary
                            ),
                        )
                    }
                }
            }
            fn print_param(&self, p: &mut AsmPrinter<'_, '_>) {
                p.print_keyword_or_string(self.to_string().as_bytes());
            }
        }
    )*};
}

keyword_enum_params!(
    DIEmissionKind => "LLVM debug emission kind",
    DINameTableKind => "LLVM debug name table kind",
    DIFlags => "LLVM DI flags",
    DISubprogramFlags => "LLVM DISubprogram flags"
);

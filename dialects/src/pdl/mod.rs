//! The `pdl` dialect (spec: `ods/PDLTypes.ods`, ported from upstream's
//! `PDLTypes.td`): `!pdl.attribute`, `!pdl.operation`, `!pdl.type`,
//! `!pdl.value` and `!pdl.range<T>`. Here: what upstream writes by hand
//! in `PDLTypes.cpp`, the range's parser (its element written without
//! `!pdl.`), printer and verifier, with its messages. Its ops are not
//! ported yet.

use ods_runtime::ir::parser::{AsmParser, PResult};
use ods_runtime::ir::printer::dialect_asm::AsmPrinter;
use ods_runtime::ir::{AttrOrTypeDef, Context, DefHandle, Type};

mod generated {
    include!(concat!(env!("OUT_DIR"), "/pdl_types.rs"));
    include!(concat!(env!("OUT_DIR"), "/pdl_ops.rs"));
}

pub use generated::*;

/// The definitions of the dialect's types, for the range's element.
fn pdl_defs() -> [&'static AttrOrTypeDef; 5] {
    [
        AttributeType::def(),
        OperationType::def(),
        RangeType::def(),
        TypeType::def(),
        ValueType::def(),
    ]
}

/// Whether `ty` is one of the dialect's types (upstream's `PDLType`).
pub fn is_pdl_type(ctx: &Context, ty: Type) -> bool {
    ctx.type_def_data(ty)
        .is_some_and(|d| pdl_defs().iter().any(|def| std::ptr::eq(d.def.0, *def)))
}

/// A PDL type written without `!pdl.` (upstream's `parsePDLType`): a
/// keyword that names none is `invalid 'pdl' type` at the mnemonic of the
/// value being read.
fn parse_pdl_type(p: &mut AsmParser<'_>) -> PResult<Type> {
    // No keyword at all is the keyword parser's own error.
    let word = p.parse_keyword_any()?;
    match pdl_defs().into_iter().find(|d| d.mnemonic == word) {
        Some(def) => p.parse_defined_type_params(def),
        None => {
            let at = p.dialect_name_location();
            p.emit_error(at, format!("invalid 'pdl' type: `{word}'"))
        }
    }
}

impl RangeType {
    /// Reads `<element>`; the element may not be a range.
    pub(crate) fn parse(p: &mut AsmParser<'_>) -> PResult<Self> {
        p.parse_less()?;
        let at = p.current_location();
        let element = parse_pdl_type(p)?;
        p.parse_greater()?;
        if RangeType::from_type(p.ctx(), element).is_some() {
            let shown = ods_runtime::ir::printer::print_type_str(p.ctx(), element);
            return p.emit_error(
                at,
                format!("element of pdl.range cannot be another range, but got'{shown}'"),
            );
        }
        Ok(RangeType::get_from_element_type(p.ctx(), element))
    }

    /// Prints `<element>`, the element without `!pdl.`.
    pub(crate) fn print(self, p: &mut AsmPrinter<'_, '_>) {
        let ctx = p.ctx();
        let element = self.element_type(ctx);
        p.print_str("<");
        match ctx.type_def_data(element) {
            Some(data) => {
                p.print_str(data.def.0.mnemonic);
                (data.def.0.print)(p, DefHandle::Type(element), &data.params);
            }
            None => p.print_type(element),
        }
        p.print_str(">");
    }

    /// Upstream's check: the element is a PDL type other than a range.
    pub(crate) fn verify(ctx: &Context, element: &Type) -> Result<(), String> {
        if !is_pdl_type(ctx, *element) || RangeType::from_type(ctx, *element).is_some() {
            let shown = ods_runtime::ir::printer::print_type_str(ctx, *element);
            return Err(format!(
                "expected element of pdl.range to be one of [!pdl.attribute, !pdl.operation, !pdl.type, !pdl.value], but got '{shown}'"
            ));
        }
        Ok(())
    }
}

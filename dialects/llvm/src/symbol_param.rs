//! Upstream's `FlatSymbolRefAttr` as a parameter of an attribute
//! (`#llvm.blockaddress<function = @f, ...>`, `#llvm.dso_local_equivalent`):
//! MLIR's `FieldParser<FlatSymbolRefAttr>` reads any attribute and refuses
//! one of another kind with `invalid kind of attribute specified`; the
//! value prints as the attribute does (`@f`).

use ods_runtime::attr_type_def::DefParam;
use ods_runtime::ir::parser::{AsmParser, PResult};
use ods_runtime::ir::printer::dialect_asm::AsmPrinter;
use ods_runtime::ir::{Attribute, Context, Param};
use ods_runtime::pred::is_flat_symbol_ref_attr;

/// A flat symbol reference (`@name`) held by an attribute.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FlatSymbolRef(pub Attribute);

impl FlatSymbolRef {
    /// The referenced name (`f` for `@f`).
    pub fn name(self, ctx: &Context) -> &str {
        ods_runtime::attr::flat_symbol_ref_value(ctx, self.0)
    }
}

impl DefParam for FlatSymbolRef {
    fn to_param(&self) -> Param {
        Param::Attr(self.0)
    }
    fn from_param(param: &Param) -> Option<Self> {
        param.as_attr().map(FlatSymbolRef)
    }
    fn parse_param(p: &mut AsmParser<'_>) -> PResult<Self> {
        let at = p.current_location();
        let value = p.parse_attribute()?;
        if is_flat_symbol_ref_attr(p.ctx(), value) {
            Ok(FlatSymbolRef(value))
        } else {
            p.emit_error(at, "invalid kind of attribute specified")
        }
    }
    fn print_param(&self, p: &mut AsmPrinter<'_, '_>) {
        p.print_attribute(self.0);
    }
    const MESSAGE_TYPE: Option<&'static str> = Some("FlatSymbolRefAttr");
}

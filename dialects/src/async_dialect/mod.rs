//! The `async` dialect (spec: `ods/AsyncTypes.ods`, ported from
//! upstream's `AsyncTypes.td`): `!async.token`, `!async.value<T>`,
//! `!async.group` and the coroutine types. Here: `!async.value`'s parser
//! and printer, written by hand upstream (`Async.cpp`). Its ops are not
//! ported yet.

use ods_runtime::ir::parser::{AsmParser, PResult};
use ods_runtime::ir::printer::dialect_asm::AsmPrinter;

mod generated {
    include!(concat!(env!("OUT_DIR"), "/async_types.rs"));
    include!(concat!(env!("OUT_DIR"), "/async_ops.rs"));
}

pub use generated::*;

impl ValueType {
    /// Reads `<type>`; any failure adds upstream's `failed to parse async
    /// value type` at the mnemonic.
    pub(crate) fn parse(p: &mut AsmParser<'_>) -> PResult<Self> {
        let read = |p: &mut AsmParser<'_>| -> PResult<_> {
            p.parse_less()?;
            let ty = p.parse_type()?;
            p.parse_greater()?;
            Ok(ty)
        };
        match read(p) {
            Ok(ty) => Ok(ValueType::get_from_value_type(p.ctx(), ty)),
            Err(_) => {
                let at = p.dialect_name_location();
                p.emit_error_also(at, "failed to parse async value type")
            }
        }
    }

    /// Prints `<type>`.
    pub(crate) fn print(self, p: &mut AsmPrinter<'_, '_>) {
        let ty = self.value_type(p.ctx());
        p.print_str("<");
        p.print_type(ty);
        p.print_str(">");
    }
}

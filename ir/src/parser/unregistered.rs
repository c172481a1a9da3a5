//! The check mlir-opt makes when it creates the opaque type or attribute
//! of a dialect it does not know (`OpaqueType::verify`,
//! `OpaqueAttr::verify`): without `--allow-unregistered-dialect` such a
//! symbol is an error, whether written `!dialect.name<...>` or
//! `!dialect<"...">`, alone, inside another type, or through an alias.
//!
//! In: the dialect name, the symbol's text as kept, where mlir-opt points
//! (the name after the dot in the pretty form, the `!` or `#` in the
//! `<...>` form). Out: nothing when the dialect is registered (or no
//! registry is known, as for a standalone type string) or unregistered
//! dialects are allowed; else mlir-opt's error, word for word.

use super::{AsmParser, PResult};
use crate::context::Identifier;
use crate::printer::print_type_str;
use crate::types::Type;

/// The end of mlir-opt's message for both kinds of symbol.
const HINT: &str = "created with unregistered dialect. If this is intended, please call allowUnregisteredDialects() on the MLIRContext, or use -allow-unregistered-dialect with the MLIR opt tool used";

impl<'a> AsmParser<'a> {
    /// Whether a symbol of `dialect` needs `--allow-unregistered-dialect`
    /// to be read here.
    fn refuses_dialect(&self, dialect: Identifier) -> bool {
        if self.ctx.allow_unregistered_dialects {
            return false;
        }
        let Some(registry) = self.registry else {
            return false;
        };
        !registry.has_dialect(self.ctx, self.ctx.str(dialect))
    }

    /// Refuses a type or attribute (`what`) of a registered dialect that
    /// reads none of its own (no definitions, no parser), as mlir-opt's
    /// default `Dialect::parseType` / `parseAttribute` do: `dialect 'func'
    /// provides no type parsing hook`, at byte offset `at` (the text the
    /// dialect would read). Nothing for a dialect that is not registered.
    pub(crate) fn check_registered_without_hook(
        &mut self,
        dialect: Identifier,
        what: &str,
        at: u32,
    ) -> PResult<()> {
        let Some(registry) = self.registry else {
            return Ok(());
        };
        if !registry.has_dialect(self.ctx, self.ctx.str(dialect)) {
            return Ok(());
        }
        let message = format!(
            "dialect '{}' provides no {what} parsing hook",
            self.ctx.str(dialect)
        );
        self.err_at(at, message)
    }

    /// Refuses the opaque type `!dialect<"data">` of an unregistered
    /// dialect, with the error at byte offset `at`.
    pub(crate) fn check_unregistered_type(
        &mut self,
        dialect: Identifier,
        data: &[u8],
        at: u32,
    ) -> PResult<()> {
        if !self.refuses_dialect(dialect) {
            return Ok(());
        }
        let message = format!(
            "`!\"{}\"<\"{}\">` type {HINT}",
            self.ctx.str(dialect),
            String::from_utf8_lossy(data)
        );
        self.err_at(at, message)
    }

    /// Refuses the opaque attribute `#dialect<"data"> : ty` of an
    /// unregistered dialect (`none` when no type is written), with the
    /// error at byte offset `at`.
    pub(crate) fn check_unregistered_attr(
        &mut self,
        dialect: Identifier,
        data: &[u8],
        ty: Option<Type>,
        at: u32,
    ) -> PResult<()> {
        if !self.refuses_dialect(dialect) {
            return Ok(());
        }
        let ty = match ty {
            Some(ty) => print_type_str(self.ctx, ty),
            None => "none".to_string(),
        };
        let message = format!(
            "#\"{}\"<\"{}\"> : '{ty}' attribute {HINT}",
            self.ctx.str(dialect),
            String::from_utf8_lossy(data)
        );
        self.err_at(at, message)
    }
}

//! Reading registered dialects' attributes and types: the text after
//! `#dialect.` / `!dialect.` (or between `#dialect<` and `>`) goes to the
//! definition its mnemonic names (`AttrDef` / `TypeDef`, see
//! [`crate::defs`]), else to the dialect's own attribute parser.
//!
//! In: the parser, the dialect, and the byte range of the dialect's text.
//! Out: the interned attribute or type, or mlir-opt's errors: `expected
//! valid keyword` where no mnemonic is, ``unknown  type `m` in dialect
//! `d` `` (two spaces, as mlir-tblgen generates it) or ``unknown attribute
//! `m` in dialect `d` ``, and a definition verifier's message at the
//! parameters.

use super::{AsmParser, PResult};
use crate::attributes::Attribute;
use crate::context::Identifier;
use crate::defs::AttrOrTypeDef;
use crate::registry::DefsByMnemonic;
use crate::types::Type;

impl<'a> AsmParser<'a> {
    /// Runs `read` on the dialect text `start..end` (every method sees
    /// `end` as the end of input; errors carry no custom-op prefix), then
    /// goes on at `resume`, also when `read` failed: mlir-opt reads the
    /// text with a parser of its own, so the errors its callers add (the
    /// outer `failed to parse ... parameter`) point past the whole text.
    /// Text after what `read` took is ignored, as mlir-opt ignores it.
    pub(crate) fn in_dialect_text<T>(
        &mut self,
        start: u32,
        end: u32,
        resume: u32,
        read: impl FnOnce(&mut Self) -> PResult<T>,
    ) -> PResult<T> {
        self.reset_to(start);
        let saved = (self.limit, self.custom_op.take(), self.dialect_text_start);
        self.limit = end;
        self.dialect_text_start = start;
        let value = self.nested(read);
        (self.limit, self.custom_op, self.dialect_text_start) = saved;
        self.reset_to(resume);
        value
    }

    /// The type definitions registered for `dialect`.
    pub(crate) fn type_defs_of(&self, dialect: Identifier) -> Option<&'a DefsByMnemonic> {
        self.dialect_parsers?.type_defs(dialect)
    }

    /// Whether `dialect` has a parser or definitions for its attributes.
    pub(crate) fn has_attr_hook(&self, dialect: Identifier) -> bool {
        self.dialect_parsers
            .is_some_and(|parsers| parsers.has_attr_hook(dialect))
    }

    /// A dialect type's text: its mnemonic, then what the definition reads.
    pub(crate) fn parse_defined_type_text(
        &mut self,
        dialect: Identifier,
        defs: &DefsByMnemonic,
    ) -> PResult<Type> {
        let at = self.current_location();
        // A whole hand-written `parseType` reads the text from its start:
        // with no keyword there, the dialect says what it expected (toy's
        // `expected 'struct'` for `!toy<1>`), not the core parser.
        let whole = self
            .dialect_parsers
            .and_then(|d| d.whole_type_parser(dialect));
        if let (None, Some(parse)) = (self.peek_keyword(), whole) {
            return parse(self, "", at);
        }
        let mnemonic = self.parse_keyword_any()?;
        let Some(&def) = defs.get(mnemonic) else {
            let fallback = self.dialect_parsers.and_then(|d| d.type_fallback(dialect));
            if let Some(parse) = fallback {
                return parse(self, mnemonic, at);
            }
            let message = format!(
                "unknown  type `{mnemonic}` in dialect `{}`",
                self.ctx.str(dialect)
            );
            return self.emit_error(at, message);
        };
        self.parse_defined_type_params(def)
    }

    /// The parameters of a type of `def` (what follows its mnemonic, or
    /// the stripped form a format writes), checked by its verifier.
    pub fn parse_defined_type_params(&mut self, def: &'static AttrOrTypeDef) -> PResult<Type> {
        let at = self.current_location();
        let params = (def.parse)(self)?;
        match self.ctx.defined_type(def, params) {
            Ok(ty) => Ok(ty),
            Err(message) => self.emit_error(at, message),
        }
    }

    /// A dialect attribute's text: the definition its mnemonic names
    /// reads it, else the dialect's attribute parser.
    pub(crate) fn parse_dialect_attr_text(&mut self, dialect: Identifier) -> PResult<Attribute> {
        let Some(parsers) = self.dialect_parsers else {
            return self.err_here("no attribute parser");
        };
        let defs = parsers.attr_defs(dialect);
        if let Some(defs) = defs {
            let def = self.peek_keyword().and_then(|word| defs.get(word).copied());
            if let Some(def) = def {
                self.bump();
                return self.parse_defined_attr_params(def);
            }
        }
        if let Some(parse) = parsers.attr_parser(dialect) {
            return parse(self);
        }
        let at = self.current_location();
        let mnemonic = self.parse_keyword_any()?;
        let message = format!(
            "unknown attribute `{mnemonic}` in dialect `{}`",
            self.ctx.str(dialect)
        );
        self.emit_error(at, message)
    }

    /// The parameters of an attribute of `def`, checked by its verifier.
    pub fn parse_defined_attr_params(&mut self, def: &'static AttrOrTypeDef) -> PResult<Attribute> {
        let at = self.current_location();
        let params = (def.parse)(self)?;
        match self.ctx.defined_attr(def, params) {
            Ok(attr) => Ok(attr),
            Err(message) => self.emit_error(at, message),
        }
    }
}

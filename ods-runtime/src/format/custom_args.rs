//! What `"$_ctxt"` and `"$_builder"` pass to a `custom<Name>` directive's
//! parse function.
//!
//! Upstream passes `parser.getContext()` and `parser.getBuilder()`: an
//! `MLIRContext *` that may be used beside the parser. Here the parser
//! holds the only `&mut Context` (types and attributes are interned through
//! it), so a second handle passed next to `&mut parser` would be two
//! mutable borrows of one context. The parse function gets a `Copy` handle
//! instead, which lends the context (or a [`TypeBuilder`] over it) for as
//! long as the parser is not otherwise in use:
//!
//! ```
//! use ods_runtime::format::{ParserBuilder, ParserContext};
//! use ods_runtime::ir::parser::{AsmParser, PResult};
//! use ods_runtime::ir::{Attribute, Type};
//!
//! // `custom<Width>("$_builder", $ty, "$_ctxt")` reads `8` as `i8`.
//! fn parse_width(
//!     p: &mut AsmParser<'_>,
//!     builder: ParserBuilder,
//!     ty: &mut Option<Attribute>,
//!     ctxt: ParserContext,
//! ) -> PResult<()> {
//!     let width = p.parse_integer::<u32>()?;
//!     let int: Type = builder.get(p).integer_type(width);
//!     *ty = Some(ctxt.get(p).type_attr(int));
//!     Ok(())
//! }
//! # let _ = parse_width;
//! ```
//!
//! A printer holds the context shared (`&Context`), so print functions get
//! it as it is for both strings: a printer makes no types or attributes.

use crate::types::TypeBuilder;
use ir::parser::AsmParser;
use ir::Context;

/// `"$_ctxt"` as a whole argument of a `custom<Name>` directive, as the
/// parse function gets it: [`ParserContext::get`] lends the parser's
/// context.
#[derive(Clone, Copy, Debug)]
pub struct ParserContext {
    _private: (),
}

impl ParserContext {
    /// The handle generated parsers pass.
    pub const NEW: Self = ParserContext { _private: () };

    /// The context `p` makes types and attributes in, borrowed through
    /// the parser (an op parser lends its [`AsmParser`] by `Deref`).
    pub fn get<'p>(self, p: &'p mut AsmParser<'_>) -> &'p mut Context {
        p.ctx()
    }
}

/// `"$_builder"` as a whole argument of a `custom<Name>` directive, as the
/// parse function gets it: [`ParserBuilder::get`] gives the
/// [`TypeBuilder`] that `$_builder` is in a `builderCall`, over the
/// parser's context.
#[derive(Clone, Copy, Debug)]
pub struct ParserBuilder {
    _private: (),
}

impl ParserBuilder {
    /// The handle generated parsers pass.
    pub const NEW: Self = ParserBuilder { _private: () };

    /// A builder over the context of `p`, borrowed through the parser.
    pub fn get<'p>(self, p: &'p mut AsmParser<'_>) -> TypeBuilder<'p> {
        TypeBuilder(p.ctx())
    }
}

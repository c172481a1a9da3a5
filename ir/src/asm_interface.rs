//! What the IR core's parse and print hooks exchange with the textual
//! format, below both: the result of a parse step and a saved source
//! position.
//!
//! The hooks a dialect registers ([`crate::registry::ParseFn`],
//! [`crate::defs::DefParseFn`], ...) are declared with the IR they hook
//! into; their arguments are the parser's and printer's cursors, which
//! those signatures name and nothing else in the IR core does (the
//! `layers` test holds the core to that). The values the hooks return are
//! defined here, so the core does not reach into the parser for them.

/// Marker for "an error was recorded in the parser"; the diagnostic itself
/// is kept in the parser (`parser::AsmParser`). Keeping the error out of
/// `Result` keeps the happy path small.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct ParseError;

/// The result of a parse step; the error is in the parser.
pub type PResult<T> = Result<T, ParseError>;

/// A saved position in the text being parsed (MLIR's `SMLoc`): take one
/// with `AsmParser::current_location` before reading an element, report
/// at it later with `AsmParser::emit_error`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct AsmLoc(pub(crate) u32);

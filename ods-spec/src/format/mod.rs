//! The format compiler: `assemblyFormat` strings to checked format
//! models. Input: a format's text and the shape of what it formats (an
//! op's operands, results, attributes, regions, successors and traits, or
//! an attribute's parameters); output: an [`OpFormat`] / [`AttrFormat`]
//! that code generation turns into a parser and a printer, or the first
//! problem as a [`FormatError`] at its byte range in the format text
//! ([`FormatSource`] turns that into a place in the `.ods` file).
//!
//! Stages: [`lexer`] (tokens), [`parser`] (the [`ast`]), [`check`] (the op
//! format verifier of mlir-tblgen, with its wording: binding in `check`,
//! element placement in `placement`, whole-format checks in `verify`) and
//! [`attr`] (the attribute and type format verifier). The language and its checks are
//! described in `docs/assembly-format.md`.

pub mod ast;
pub mod attr;
pub mod check;
pub mod lexer;
pub mod model;
pub mod parser;
mod placement;
pub mod source;
mod verify;

pub use attr::{
    check_attr_format, AttrFormat, AttrFormatElement, CustomArg, ParamShape, StructField,
};
pub use check::{check_op_format, AttrShape, OpShape, TypeRelation, ValueShape};
pub use model::{
    FormatElement, OIListClause, OpFormat, OptionalGroup, Spacing, TypeResolution, TypeSource,
};
pub use source::FormatSource;

/// A problem in a format string.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FormatError {
    /// First byte at fault in the format text.
    pub start: usize,
    /// One past the last byte at fault.
    pub end: usize,
    /// mlir-tblgen's message.
    pub message: String,
    /// mlir-tblgen's note, when it gives one (a suggestion).
    pub note: Option<String>,
}

impl FormatError {
    /// An error at `start..end` with no note.
    pub fn new(start: usize, end: usize, message: impl Into<String>) -> FormatError {
        FormatError {
            start,
            end,
            message: message.into(),
            note: None,
        }
    }
}

/// Parses and checks an op format.
pub fn compile_op_format(text: &str, op: &OpShape) -> Result<OpFormat, FormatError> {
    let elements = parser::parse(text, parser::FormatKind::Op)?;
    check_op_format(&elements, op, first_token(text))
}

/// Parses and checks an attribute or type format over `params`.
pub fn compile_attr_format(
    text: &str,
    def_name: &str,
    params: &[ParamShape],
) -> Result<AttrFormat, FormatError> {
    let elements = parser::parse(text, parser::FormatKind::AttrOrType)?;
    check_attr_format(&elements, def_name, params, first_token(text))
}

/// Offset of the first token (where whole-format errors point).
fn first_token(text: &str) -> usize {
    text.len() - text.trim_start().len()
}

#[cfg(test)]
mod tests;

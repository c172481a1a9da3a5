//! Dialect conversion, the framework MLIR's lowerings are written in
//! (`mlir/Transforms/DialectConversion.h`); the design, and how rollback
//! works here, are in `docs/conversion.md`.
//!
//! - [`ConversionTarget`]: which ops may remain (legal and illegal ops and
//!   dialects, ops legal under a condition, what unknown ops are).
//! - [`TypeConverter`]: how types change (rules tried last-added first,
//!   1:N conversions), source and target materializations, block
//!   signature conversions ([`SignatureConversion`]); function signatures
//!   through [`function`].
//! - [`ConversionPattern`]: rewrites that see their op's operands
//!   converted ([`OpAdaptor`]), made through a [`ConversionRewriter`] that
//!   records every change so that a failed pattern, or a failed
//!   conversion, is undone exactly.
//! - The drivers: [`apply_partial_conversion`], [`apply_full_conversion`],
//!   [`apply_analysis_conversion`], reporting failures in `mlir-opt`'s
//!   words.
//! - `--reconcile-unrealized-casts` ([`reconcile`]).
//!
//! In: the IR under a root op, a target, patterns and (when types change)
//! a type converter. Out: the IR converted in place, or unchanged with the
//! diagnostics of the failure.

pub mod driver;
pub mod function;
mod log;
pub mod pattern;
pub mod reconcile;
pub mod rewriter;
pub mod target;
pub mod type_converter;

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_blocks;
#[cfg(test)]
mod tests_function;

pub use driver::{
    apply_analysis_conversion, apply_conversion, apply_full_conversion, apply_partial_conversion,
    Conversion, ConversionError, ConversionReport, MatchFailureReason, Mode,
};
pub use function::{convert_function_signature, is_function_legal, FunctionSignaturePattern};
pub use pattern::{
    convert_op_result_types, type_conversion_pattern, ConversionPattern, ConversionPatternSet,
    OpAdaptor, OpConversionPattern, OperandLists, OperandValues, ValueList,
};
pub use reconcile::reconcile_unrealized_casts;
pub use rewriter::{Checkpoint, ConversionRewriter, LogicalResult, MatchFailure};
pub use target::{ConversionTarget, Legality};
pub use type_converter::{
    InputMapping, MaterializationKind, RuleResult, SignatureConversion, TypeConverter, TypeList,
};

/// Registers the conversion passes of this crate
/// (`reconcile-unrealized-casts`).
pub fn register_passes(registry: &mut crate::pass::PassRegistry) {
    reconcile::register(registry);
}

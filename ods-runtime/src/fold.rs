//! Folding: what an op with `hasFolder = 1` computes from its constant
//! operands.
//!
//! In: the op, the constant value of each operand (`None` where the
//! operand is not a constant). Out: what its results fold to, or `None`
//! when it does not fold. This is MLIR's `fold` hook: the result is either
//! an attribute (a constant the driver materializes through the dialect)
//! or an existing value (the op folds to one of its operands, or to its
//! own result when it was updated in place).
//!
//! The author writes the hook as an inherent method of the op, in one of
//! two shapes (MLIR's two `fold` signatures):
//!
//! ```ignore
//! // An op with exactly one result:
//! impl AddIOp {
//!     pub fn fold(
//!         self,
//!         ctx: &mut Context,
//!         ir: &mut Ir,
//!         operands: &[Option<Attribute>],
//!     ) -> Option<OpFoldResult>;
//! }
//! // An op with zero or several results (one entry per result; an empty
//! // vector for an op without results that folded in place):
//! impl SomeOp {
//!     pub fn fold(
//!         self,
//!         ctx: &mut Context,
//!         ir: &mut Ir,
//!         operands: &[Option<Attribute>],
//!     ) -> Option<Vec<OpFoldResult>>;
//! }
//! ```
//!
//! `operands` has one entry per operand of the op, variadic groups
//! flattened in order, as MLIR's `FoldAdaptor::getOperands()`.

use ir::{Attribute, Value};

/// What one result of a folded op becomes: MLIR's `OpFoldResult`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OpFoldResult {
    /// A constant: the driver materializes it through the op's dialect.
    Attribute(Attribute),
    /// An existing value replaces the result.
    Value(Value),
}

impl From<Attribute> for OpFoldResult {
    fn from(attr: Attribute) -> Self {
        OpFoldResult::Attribute(attr)
    }
}

impl From<Value> for OpFoldResult {
    fn from(value: Value) -> Self {
        OpFoldResult::Value(value)
    }
}

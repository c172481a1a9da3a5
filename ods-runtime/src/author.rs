//! Fallbacks for the methods an op's author writes in Rust (`hasVerifier`:
//! `verify_op`; `hasRegionVerifier`: `verify_op_regions`). Generated code
//! calls `self.verify_op(ctx, ir)` with [`VerifierFallback`] in scope: the
//! author's inherent method wins when it exists; when it does not, the
//! call resolves to the fallback, whose bound fails with a message naming
//! the method and its expected signature (a bare call would be rustc's
//! E0599, without the signature).

use ir::registry::VerifyError;
use ir::{Context, Ir};

/// Implemented by no generated op: the unmet bound of
/// [`VerifierFallback::verify_op`], for its message.
#[diagnostic::on_unimplemented(
    message = "`{Self}` sets `hasVerifier = 1` but has no method `verify_op`",
    label = "write `fn verify_op(self, ctx: &Context, ir: &Ir) -> Result<(), VerifyError>` in an `impl {Self}` block"
)]
pub trait VerifyOpWritten {}

/// Implemented by no generated op: the unmet bound of
/// [`VerifierFallback::verify_op_regions`], for its message.
#[diagnostic::on_unimplemented(
    message = "`{Self}` sets `hasRegionVerifier = 1` but has no method `verify_op_regions`",
    label = "write `fn verify_op_regions(self, ctx: &Context, ir: &Ir) -> Result<(), VerifyError>` in an `impl {Self}` block"
)]
pub trait VerifyOpRegionsWritten {}

/// The methods generated code calls when the author has not written them
/// (taking `&self`, so an author's method by value or by reference is
/// found first).
pub trait VerifierFallback {
    /// Reached only by a type implementing [`VerifyOpWritten`] without
    /// `verify_op`: an error saying so.
    fn verify_op(&self, _ctx: &Context, _ir: &Ir) -> Result<(), VerifyError>
    where
        Self: VerifyOpWritten,
    {
        Err(VerifyError::op_error(
            "declares `hasVerifier` but has no `verify_op`",
        ))
    }

    /// As [`VerifierFallback::verify_op`], for `verify_op_regions`.
    fn verify_op_regions(&self, _ctx: &Context, _ir: &Ir) -> Result<(), VerifyError>
    where
        Self: VerifyOpRegionsWritten,
    {
        Err(VerifyError::op_error(
            "declares `hasRegionVerifier` but has no `verify_op_regions`",
        ))
    }
}

impl<T> VerifierFallback for T {}

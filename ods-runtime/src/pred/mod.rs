//! The type and attribute predicates of upstream's
//! `CommonTypeConstraints.td` and `CommonAttrConstraints.td`, as functions.
//!
//! In: a [`Type`] or [`Attribute`] and the [`Context`] that owns it. Out:
//! whether it satisfies the constraint. Generated `verify_invariants` code
//! calls these and, on `false`, the message builders of [`crate::errors`]
//! with the constraint's summary (`"signless-integer-like"`, `"64-bit
//! signless integer attribute"`, ...).
//!
//! ```
//! use ods_runtime::pred::*;
//! let mut ctx = ods_runtime::ir::Context::new();
//! let i32t = ctx.int_type(32);
//! let v = ctx.vector_type(&[4], &[false], i32t);
//! assert!(is_signless_integer_like(&ctx, v));
//! assert!(!is_signless_integer(&ctx, v));
//! ```

mod attrs;
mod library;
mod op_traits;
mod scalar;
mod shaped;

pub use attrs::*;
pub use library::*;
pub use op_traits::*;
pub use scalar::*;
pub use shaped::*;

#[cfg(test)]
mod tests;

//! The `arith` dialect (spec: `ods/ArithOps.ods`, `ods/ArithBase.ods`):
//! integer and float arithmetic. What the spec leaves to hand-written Rust
//! lives here: `arith.select`'s custom assembly form ([`format`]); the
//! enums are generated ([`crate::arith_enums`], re-exported).

pub mod build;
pub mod format;
pub mod verify;

pub use crate::arith_enums::*;
pub use build::*;

#[cfg(test)]
mod tests;

//! The `func` dialect (spec: `ods/FuncOps.ods`): functions, calls and
//! returns. What the spec leaves to hand-written Rust lives here:
//! `func.func`'s custom assembly form ([`format`]).

pub mod build;
pub mod format;
pub mod verify;

pub use build::*;

#[cfg(test)]
mod tests;

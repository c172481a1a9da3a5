//! The `func` dialect (spec: `ods/FuncOps.ods`): functions, calls and
//! returns. What the spec leaves to hand-written Rust lives here:
//! `func.func`'s custom assembly form ([`format`]).

pub mod format;

#[cfg(test)]
mod tests;

//! The `cf` dialect (spec: `ods/ControlFlowOps.ods`): branches between
//! blocks. What the spec leaves to hand-written Rust lives here
//! ([`verify`]).

pub mod build;
pub mod verify;
pub use build::*;

#[cfg(test)]
mod tests;

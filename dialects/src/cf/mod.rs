//! The `cf` dialect (spec: `ods/ControlFlowOps.ods`): branches between
//! blocks. What the spec leaves to hand-written Rust lives here
//! ([`verify`]).

pub mod build;
pub mod format;
mod ops;
pub mod verify;
pub use build::*;

#[cfg(test)]
mod tests;

/// The ops generated from the spec (see `build.rs`).
mod generated {
    // The functions of `custom<...>` directives (`parse_switch_op_cases`).
    use super::format::*;
    use ods_runtime::Op;
    include!(concat!(env!("OUT_DIR"), "/cf_ops.rs"));
}
pub use generated::*;

//! The `cf` dialect (spec: `ods/ControlFlowOps.ods`): branches between
//! blocks. What the spec leaves to hand-written Rust lives here
//! ([`verify`]).

pub mod build;
mod ops;
pub mod verify;
pub use build::*;

#[cfg(test)]
mod tests;

/// The ops generated from the spec (see `build.rs`).
mod generated {
    use ods_runtime::Op;
    include!(concat!(env!("OUT_DIR"), "/cf_ops.rs"));
}
pub use generated::*;

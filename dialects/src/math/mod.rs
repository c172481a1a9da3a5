//! The `math` dialect (spec: `ods/MathOps.ods`, `ods/MathBase.ods`):
//! mathematical functions on floats and integers, elementwise on vectors
//! and tensors.

/// The ops generated from the spec (see `build.rs`).
mod generated {
    use ods_runtime::Op;
    include!(concat!(env!("OUT_DIR"), "/math_ops.rs"));
}
pub use generated::*;

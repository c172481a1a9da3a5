//! The `testfmt` dialect (spec: `ods/test_format.ods`): one op per
//! feature of the declarative assembly format, generated at build time.
//! Its oracle is the C++ twin built from `tests/twin/` (the same ops
//! through mlir-tblgen); `tests/tests/format_twin.rs` compares the two
//! byte for byte. What the spec leaves to Rust (the `custom<...>`
//! directives and `testfmt.infer`'s result type) is in [`format`] and
//! [`infer`], each mirroring `tests/twin/testfmt.cpp`.
//!
//! `testfmt.dialect_types` is left out until TypeDefs are generated
//! (issue 9): it needs the `!testfmt.box<T>` type.

pub mod format;
pub mod infer;

/// The enums, dialect attributes and ops generated from the spec (see
/// `build.rs`).
mod generated {
    // The functions of the `custom<...>` directives.
    use super::format::*;
    include!(concat!(env!("OUT_DIR"), "/testfmt_enums.rs"));
    include!(concat!(env!("OUT_DIR"), "/testfmt_attrs.rs"));
    include!(concat!(env!("OUT_DIR"), "/testfmt_types.rs"));
    include!(concat!(env!("OUT_DIR"), "/testfmt_ops.rs"));
}
pub use generated::*;

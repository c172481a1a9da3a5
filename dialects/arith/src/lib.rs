//! The `arith` dialect (spec: `ods/ArithOps.ods`, `ods/ArithBase.ods`):
//! integer and float arithmetic. What the spec leaves to hand-written Rust
//! lives here: `arith.select`'s custom assembly form ([`format`]); the
//! enums are generated ([`crate::arith_enums`], re-exported), and so are
//! the enum attributes `#arith.fastmath<...>` ([`FastMathFlagsAttr`]) and
//! `#arith.overflow<...>` ([`IntegerOverflowFlagsAttr`]), attribute
//! definitions the dialect registers.

// Generated code names this crate by its path, as other crates do.
extern crate self as dialect_arith;

pub mod arith_enums;
#[cfg(test)]
mod testing {
    dialect_testing::dialect_test_helpers!(crate, dialect_func);
}

pub mod build;
mod canonicalize;
mod casts;
pub(crate) mod fold;
pub mod format;
mod names;
mod ops;
pub mod verify;

pub use crate::arith_enums::*;
pub use build::*;
pub use canonicalize::inverted as inverted_predicate;

include!(concat!(env!("OUT_DIR"), "/arith_attrs.rs"));
// `ArithFastMathInterface` and `ArithIntegerOverflowFlagsInterface`.
include!(concat!(env!("OUT_DIR"), "/arith_interfaces.rs"));

#[cfg(test)]
mod tests;

mod inliner;

/// The ops generated from the spec (see `build.rs`).
mod generated {
    include!(concat!(env!("OUT_DIR"), "/arith_ops.rs"));
}
pub use generated::*;

/// Registers the dialect: its ops, attributes and types with their
/// interfaces, and its canonicalization patterns (each op's, through its
/// `hasCanonicalizer = 1`).
pub fn register(ctx: &mut ir::Context, reg: &mut ir::Registry) {
    ods_runtime::register_dialect::<ArithDialect>(ctx, reg);
}

//! The `arith` dialect (spec: `ods/ArithOps.ods`, `ods/ArithBase.ods`):
//! integer and float arithmetic. What the spec leaves to hand-written Rust
//! lives here: `arith.select`'s custom assembly form ([`format`]); the
//! enums are generated ([`crate::arith_enums`], re-exported), and so are
//! the enum attributes `#arith.fastmath<...>` ([`FastMathFlagsAttr`]) and
//! `#arith.overflow<...>` ([`IntegerOverflowFlagsAttr`]), attribute
//! definitions the dialect registers.

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
pub(crate) use canonicalize::inverted as inverted_predicate;
pub use canonicalize::CANONICALIZATION_PATTERNS;

include!(concat!(env!("OUT_DIR"), "/arith_attrs.rs"));
// `ArithFastMathInterface` and `ArithIntegerOverflowFlagsInterface`.
include!(concat!(env!("OUT_DIR"), "/arith_interfaces.rs"));

#[cfg(test)]
mod tests;

/// The ops generated from the spec (see `build.rs`).
mod generated {
    include!(concat!(env!("OUT_DIR"), "/arith_ops.rs"));
}
pub use generated::*;

/// Registers the dialect: its ops, attributes and types with their
/// interfaces, and its canonicalization patterns.
pub fn register(ctx: &mut ir::Context, reg: &mut ir::Registry) {
    ods_runtime::register_dialect::<ArithDialect>(ctx, reg);
    ods_transforms::rewrite::add_canonicalization_patterns(reg, CANONICALIZATION_PATTERNS);
}

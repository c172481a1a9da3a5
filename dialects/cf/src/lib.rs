//! The `cf` dialect (spec: `ods/ControlFlowOps.ods`): branches between
//! blocks. What the spec leaves to hand-written Rust lives here
//! ([`verify`], the canonicalization patterns in [`canonicalize`]).

// Generated code names this crate by its path, as other crates do.
extern crate self as dialect_cf;

#[cfg(test)]
mod testing {
    dialect_testing::dialect_test_helpers!(dialect_arith, crate, dialect_func);
}

pub mod build;
pub mod canonicalize;
pub mod format;
mod ops;
pub mod verify;
pub use build::*;
pub use canonicalize::CANONICALIZATION_PATTERNS;

#[cfg(test)]
mod tests;

mod inliner;

/// The ops generated from the spec (see `build.rs`).
mod generated {
    // The functions of `custom<...>` directives (`parse_switch_op_cases`).
    use super::format::*;
    use ods_runtime::Op;
    include!(concat!(env!("OUT_DIR"), "/cf_ops.rs"));
}
pub use generated::*;

/// Registers the dialect: its ops, attributes and types with their
/// interfaces, and its canonicalization patterns.
pub fn register(ctx: &mut ir::Context, reg: &mut ir::Registry) {
    ods_runtime::register_dialect::<CfDialect>(ctx, reg);
}

impl CfDialect {
    /// What the crate adds to the generated registration (MLIR's
    /// `initialize()`): its canonicalization patterns. Run by
    /// `ods_runtime::register_dialect`, so a dialect that depends on this
    /// one (`dependentDialects`) registers them too.
    pub fn initialize(_ctx: &mut ir::Context, reg: &mut ir::Registry) {
        inliner::register(reg);
        ods_transforms::rewrite::add_canonicalization_patterns(reg, CANONICALIZATION_PATTERNS);
    }
}

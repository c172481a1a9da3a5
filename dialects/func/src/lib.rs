//! The `func` dialect (spec: `ods/FuncOps.ods`): functions, calls and
//! returns. What the spec leaves to hand-written Rust lives here:
//! `func.func`'s custom assembly form ([`format`]).

// Generated code names this crate by its path, as other crates do.
extern crate self as dialect_func;

#[cfg(test)]
mod testing {
    dialect_testing::dialect_test_helpers!(crate);
}

pub mod build;
pub mod canonicalize;
mod fold;
pub mod format;
mod names;
mod ops;
pub mod verify;

pub use build::*;
pub use canonicalize::CANONICALIZATION_PATTERNS;

#[cfg(test)]
mod tests;

mod inliner;

/// The ops generated from the spec (see `build.rs`).
mod generated {
    use ods_runtime::Op;
    include!(concat!(env!("OUT_DIR"), "/func_ops.rs"));
}
pub use generated::*;

/// Registers the dialect: its ops, attributes and types with their
/// interfaces, and its canonicalization patterns.
pub fn register(ctx: &mut ir::Context, reg: &mut ir::Registry) {
    ods_runtime::register_dialect::<FuncDialect>(ctx, reg);
}

impl FuncDialect {
    /// What the crate adds to the generated registration (MLIR's
    /// `initialize()`): its canonicalization patterns. Run by
    /// `ods_runtime::register_dialect`, so a dialect that depends on this
    /// one (`dependentDialects`) registers them too.
    pub fn initialize(_ctx: &mut ir::Context, reg: &mut ir::Registry) {
        inliner::register(reg);
        ods_transforms::rewrite::add_canonicalization_patterns(reg, CANONICALIZATION_PATTERNS);
    }
}

//! The shared test helpers over this crate's registry.

// Each crate's tests use a different part of the shared helpers.
#![allow(dead_code, unused_imports)]

pub use dialect_testing::*;
use ir::{Context, Ir, OpId, Registry};

/// This dialect with those its tests use, registered in `ods-opt`'s order.
pub fn registry(ctx: &mut Context) -> Registry {
    let mut reg = Registry::new(ctx);
    dialect_arith::register(ctx, &mut reg);
    crate::register(ctx, &mut reg);
    dialect_func::register(ctx, &mut reg);
    reg
}

/// `text` parsed with [`registry`] (panics on a parse error).
pub fn parse_module(text: &str) -> (Context, Registry, Ir, OpId) {
    dialect_testing::parse_module_with(text, registry)
}

/// `text` after `--canonicalize` with [`registry`]'s folds and patterns.
pub fn canonicalized(text: &str) -> String {
    dialect_testing::canonicalized_with(text, registry)
}

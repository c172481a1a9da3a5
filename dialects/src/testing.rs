//! The shared test helpers over every dialect of `ods-opt`.

pub use dialect_testing::*;
use ir::{Context, Ir, OpId, Registry};

/// `text` parsed with [`crate::registry`] (panics on a parse error).
pub fn parse_module(text: &str) -> (Context, Registry, Ir, OpId) {
    dialect_testing::parse_module_with(text, crate::registry)
}

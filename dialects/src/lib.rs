//! Dialects written with the toolkit, and the registry that `ods-opt` loads.

pub mod arith;
pub mod arith_enums;
pub mod cf;
pub mod driver;
pub mod func;
#[cfg(test)]
mod testing;

use ir::{Context, Registry};

/// The registry `ods-opt` uses: the core's builtin ops plus every dialect
/// of this crate (each dialect adds its registration call here).
pub fn registry(ctx: &mut Context) -> Registry {
    Registry::new(ctx)
}

//! Dialects written with the toolkit, and the registry that `ods-opt` loads.

pub mod arith;
pub mod arith_enums;
pub mod cf;
pub mod driver;
pub mod func;
#[cfg(test)]
mod ops_tests;
pub mod scf;
pub mod test_dialect;
pub mod testfmt;
#[cfg(test)]
mod testing;

use ir::{Context, Registry};
use ods_runtime::register_dialect;

/// The registry `ods-opt` uses: the core's builtin ops plus every dialect
/// of this crate (each dialect adds its registration call here). A
/// dialect's registration installs everything its ops need: verifiers and
/// interface methods live on each op's `Op` impl.
pub fn registry(ctx: &mut Context) -> Registry {
    let mut reg = Registry::new(ctx);
    register_dialect::<arith::ArithDialect>(ctx, &mut reg);
    register_dialect::<cf::CfDialect>(ctx, &mut reg);
    register_dialect::<func::FuncDialect>(ctx, &mut reg);
    scf::register(ctx, &mut reg);
    register_dialect::<test_dialect::TestDialect>(ctx, &mut reg);
    register_dialect::<testfmt::TestfmtDialect>(ctx, &mut reg);
    reg
}

//! Dialects written with the toolkit, and the registry that `ods-opt` loads.

pub mod arith;
pub mod arith_enums;
pub mod cf;
pub mod driver;
pub mod func;
#[cfg(test)]
mod ops_tests;
pub mod test_dialect;
#[cfg(test)]
mod testing;

use ir::{Context, OpInfo, OpTraits, Registry};
use ods_runtime::register_dialect;

/// The registry `ods-opt` uses: the core's builtin ops plus every dialect
/// of this crate (each dialect adds its registration call here).
pub fn registry(ctx: &mut Context) -> Registry {
    let mut reg = Registry::new(ctx);
    register_dialect::<arith::ArithDialect>(ctx, &mut reg);
    register_dialect::<cf::CfDialect>(ctx, &mut reg);
    register_dialect::<func::FuncDialect>(ctx, &mut reg);
    register_dialect::<test_dialect::TestDialect>(ctx, &mut reg);
    add_interface_hooks(ctx, &mut reg);
    reg
}

/// What upstream's interfaces do for func and cf ops and our standard
/// library declares without a body, hooked into the generated ops'
/// registry entries: `func.func`'s symbol and function checks and its
/// default dialect (`OpAsmOpInterface`), symbol uses of calls and function
/// constants (`SymbolUserOpInterface`), `func.call_indirect`'s list-typed
/// `TypesMatchWith`, and which operands each `cf` branch passes to which
/// successor (`BranchOpInterface`).
fn add_interface_hooks(ctx: &mut Context, reg: &mut Registry) {
    let func_dialect = ctx.ident("func");
    amend(ctx, reg, "func.func", |info| {
        info.verify = Some(func::verify::verify_func);
        info.default_dialect = Some(func_dialect);
    });
    amend(ctx, reg, "func.call", |info| {
        info.verify_symbol_uses = Some(func::verify::verify_call_symbol_uses);
    });
    amend(ctx, reg, "func.constant", |info| {
        info.verify_symbol_uses = Some(func::verify::verify_constant_symbol_uses);
    });
    amend(ctx, reg, "func.call_indirect", |info| {
        info.verify = Some(func::verify::verify_call_indirect);
    });
    let branches: [(&str, ir::registry::SuccessorOperandsFn); 3] = [
        ("cf.br", cf::verify::br_successor_operands),
        ("cf.cond_br", cf::verify::cond_br_successor_operands),
        ("cf.switch", cf::verify::switch_successor_operands),
    ];
    for (name, split) in branches {
        amend(ctx, reg, name, |info| {
            info.traits = info.traits | OpTraits::BRANCH;
            info.successor_operands = Some(split);
        });
    }
}

/// Changes the registry entry of op `name` (registered just before).
fn amend(ctx: &mut Context, reg: &mut Registry, name: &str, change: impl FnOnce(&mut OpInfo)) {
    let id = ctx.ident(name);
    if let Some(mut info) = reg.op(id).cloned() {
        change(&mut info);
        reg.add_op(info);
    }
}

//! The dialect's inliner hooks (upstream's `SCFInlinerInterface`):
//! `scf` ops may be inlined anywhere and any region into theirs; an
//! inlined `scf.yield` hands its operands to the values it replaces.
//! Registered by the dialect's own `initialize`.

use ods_transforms::inliner::{interface, DialectInliner};

/// Registers the hooks with the registry the dialect is registered in.
pub(crate) fn register(reg: &mut ir::Registry) {
    interface::register(
        reg,
        "scf",
        DialectInliner {
            region_legal: interface::any_region,
            value_terminator: Some(replace_with_yielded),
            ..DialectInliner::OPS_LEGAL
        },
    );
}

/// `scf.yield`'s operands replace `values`; other terminators are left.
fn replace_with_yielded(ctx: &ir::Context, ir: &mut ir::Ir, op: ir::OpId, values: &[ir::Value]) {
    if ctx.str(ir.op_name(op)) != "scf.yield" {
        return;
    }
    let yielded: Vec<ir::Value> = ir.operands(op).collect();
    for (&old, &new) in values.iter().zip(&yielded) {
        ir.replace_all_uses(old, new);
    }
}

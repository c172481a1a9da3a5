//! The dialect's inliner hooks (upstream's `FuncInlinerInterface`, its
//! inliner extension): every call, op and region of `func` may be
//! inlined; an inlined `func.return` hands its operands to the call's
//! results, or, in a body of several blocks, becomes a `cf.br` to the
//! block after the call (built by name: `cf` depends on `func`'s users,
//! not the other way round, so a registry without `cf` gets an
//! unregistered `cf.br`). Registered by the dialect's own `initialize`.

use ir::{BlockId, Context, Ir, OpId, Value};
use ods_transforms::inliner::{interface, DialectInliner};

/// Registers the hooks with the registry the dialect is registered in.
pub(crate) fn register(reg: &mut ir::Registry) {
    interface::register(
        reg,
        "func",
        DialectInliner {
            call_legal: interface::any_call,
            region_legal: interface::any_region,
            branch_terminator: Some(return_to_branch),
            value_terminator: Some(replace_with_returned),
            ..DialectInliner::OPS_LEGAL
        },
    );
}

fn is_return(ctx: &Context, ir: &Ir, op: OpId) -> bool {
    ctx.str(ir.op_name(op)) == "func.return"
}

/// `func.return %v` becomes `cf.br ^dest(%v)` at its location.
fn return_to_branch(ctx: &mut Context, ir: &mut Ir, op: OpId, dest: BlockId) {
    if !is_return(ctx, ir, op) {
        return;
    }
    let operands: Vec<Value> = ir.operands(op).collect();
    let name = ctx.ident("cf.br");
    let branch = ir.create_op_parts(
        name,
        ir.op_loc(op),
        &operands,
        &[],
        &[dest],
        &[],
        None,
        None,
    );
    ir.insert_op_before(op, branch);
    ir.erase_op(op);
}

/// The returned values replace `values` (the call's results).
fn replace_with_returned(ctx: &Context, ir: &mut Ir, op: OpId, values: &[Value]) {
    if !is_return(ctx, ir, op) {
        return;
    }
    let returned: Vec<Value> = ir.operands(op).collect();
    for (&old, &new) in values.iter().zip(&returned) {
        ir.replace_all_uses(old, new);
    }
}

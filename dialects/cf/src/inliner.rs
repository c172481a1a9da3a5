//! The dialect's inliner hooks (upstream's `ControlFlowInlinerInterface`):
//! calls and ops of `cf` are legal; its terminators need nothing
//! when a body of several blocks is inlined (they branch within it).
//! Registered by the dialect's own `initialize`.

use ods_transforms::inliner::{interface, DialectInliner};

/// Registers the hooks with the registry the dialect is registered in.
pub(crate) fn register(reg: &mut ir::Registry) {
    interface::register(
        reg,
        "cf",
        DialectInliner {
            call_legal: interface::any_call,
            branch_terminator: Some(keep_branch),
            ..DialectInliner::OPS_LEGAL
        },
    );
}

/// A `cf` terminator stays as it is.
fn keep_branch(_: &mut ir::Context, _: &mut ir::Ir, _: ir::OpId, _: ir::BlockId) {}

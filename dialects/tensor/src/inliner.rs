//! The dialect's inliner hooks (upstream's `TensorInlinerInterface`):
//! every `tensor` op may be inlined anywhere, and any region into a
//! `tensor` op's region.
//! Registered by the dialect's own `initialize`.

use ods_transforms::inliner::{interface, DialectInliner};

/// Registers the hooks with the registry the dialect is registered in.
pub(crate) fn register(reg: &mut ir::Registry) {
    interface::register(
        reg,
        "tensor",
        DialectInliner {
            region_legal: interface::any_region,
            ..DialectInliner::OPS_LEGAL
        },
    );
}

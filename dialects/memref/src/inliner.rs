//! The dialect's inliner hooks (upstream's `MemRefInlinerInterface`):
//! every `memref` op may be inlined anywhere, and any region into a
//! `memref` op's region.
//! Registered by the dialect's own `initialize`.

use ods_transforms::inliner::{interface, DialectInliner};

/// Registers the hooks with the registry the dialect is registered in.
pub(crate) fn register(reg: &mut ir::Registry) {
    interface::register(
        reg,
        "memref",
        DialectInliner {
            region_legal: interface::any_region,
            ..DialectInliner::OPS_LEGAL
        },
    );
}

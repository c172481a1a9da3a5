//! The dialect's inliner hooks (upstream's `ComplexInlinerInterface`):
//! every `complex` op may be inlined into any region.
//! Registered by the dialect's own `initialize`.

use ods_transforms::inliner::{interface, DialectInliner};

/// Registers the hooks with the registry the dialect is registered in.
pub(crate) fn register(reg: &mut ir::Registry) {
    interface::register(reg, "complex", DialectInliner::OPS_LEGAL);
}

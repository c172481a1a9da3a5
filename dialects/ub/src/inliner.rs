//! The dialect's inliner hooks (upstream's `UBInlinerInterface`):
//! every `ub` op may be inlined into any region. Registered by the
//! dialect's own `initialize`, so `--inline` needs no list of dialects.

use ods_transforms::inliner::{interface, DialectInliner};

impl crate::UbDialect {
    /// What the crate adds to the generated registration (MLIR's
    /// `initialize()`): the inliner interface.
    pub fn initialize(_ctx: &mut ir::Context, reg: &mut ir::Registry) {
        interface::register(reg, "ub", DialectInliner::OPS_LEGAL);
    }
}

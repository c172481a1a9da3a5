//! Folders of the `test` ops that `hasFolder`: `test.constant` folds to
//! its `value`, as upstream's test dialect does, so the greedy driver
//! treats it as a known constant (deduplicated and moved to the front of
//! its region like any `ConstantLike` op).

use super::ConstantOp;
use ods_runtime::fold::OpFoldResult;
use ods_runtime::ir::{Attribute, Context, Ir};

impl ConstantOp {
    /// The `value` attribute; nothing when it was removed.
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        _operands: &[Option<Attribute>],
    ) -> Option<OpFoldResult> {
        self.value_attr(ctx, ir).map(OpFoldResult::Attribute)
    }
}

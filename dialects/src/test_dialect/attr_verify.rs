//! The `test` dialect's checks of its attributes on other ops
//! (`hasOperationAttrVerify`, `hasRegionArgAttrVerify`,
//! `hasRegionResultAttrVerify`), as upstream's test dialect has them: the
//! attribute `test.invalid_attr` is an error wherever it is written.

use super::TestDialect;
use ods_runtime::ir::{Context, Ir, NamedAttribute, OpId};
use ods_runtime::VerifyError;

/// The one attribute the hooks reject.
const INVALID: &str = "test.invalid_attr";

/// `op->emitError()` (no `'op' op` prefix) when `attr` is the rejected one.
fn reject_invalid(ctx: &Context, attr: NamedAttribute) -> Result<(), VerifyError> {
    match ctx.str(attr.name) == INVALID {
        true => Err(VerifyError::new(format!("invalid to use '{INVALID}'"))),
        false => Ok(()),
    }
}

impl TestDialect {
    /// A discardable `test.*` attribute of any op.
    pub fn verify_operation_attribute(
        ctx: &Context,
        _ir: &Ir,
        _op: OpId,
        attr: NamedAttribute,
    ) -> Result<(), VerifyError> {
        reject_invalid(ctx, attr)
    }

    /// A `test.*` attribute of a function argument.
    pub fn verify_region_arg_attribute(
        ctx: &Context,
        _ir: &Ir,
        _op: OpId,
        _region: usize,
        _arg: usize,
        attr: NamedAttribute,
    ) -> Result<(), VerifyError> {
        reject_invalid(ctx, attr)
    }

    /// A `test.*` attribute of a function result.
    pub fn verify_region_result_attribute(
        ctx: &Context,
        _ir: &Ir,
        _op: OpId,
        _region: usize,
        _result: usize,
        attr: NamedAttribute,
    ) -> Result<(), VerifyError> {
        reject_invalid(ctx, attr)
    }
}

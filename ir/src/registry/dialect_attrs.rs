//! What a dialect checks of the attributes named after it on other ops
//! (MLIR's `Dialect::verifyOperationAttribute`,
//! `verifyRegionArgAttribute` and `verifyRegionResultAttribute`, declared
//! by a dialect's `hasOperationAttrVerify`, `hasRegionArgAttrVerify` and
//! `hasRegionResultAttrVerify`).
//!
//! In: the hooks a dialect registers with [`Registry::set_attr_verifiers`].
//! Out: the hooks of the dialect an attribute name belongs to (the text
//! before its first `.`, as MLIR's `NamedAttribute::getNameDialect`), which
//! the verifier calls.

use super::{Registry, VerifyError};
use crate::attributes::NamedAttribute;
use crate::context::{Context, Identifier};
use crate::graph::{Ir, OpId};

/// Checks one discardable attribute `attr` of `op` whose name is prefixed
/// by the dialect (`verifyOperationAttribute`). The verifier reports the
/// error at `op`, as `op->emitError()` does.
pub type OpAttrVerifyFn = fn(&Context, &Ir, OpId, NamedAttribute) -> Result<(), VerifyError>;

/// Checks one attribute `attr` of the dialect on argument (result) `index`
/// of region `region` of `op`: the `arg_attrs` (`res_attrs`) entries of a
/// function-like op, whose region is 0 (`verifyRegionArgAttribute`,
/// `verifyRegionResultAttribute`).
pub type RegionAttrVerifyFn =
    fn(&Context, &Ir, OpId, usize, usize, NamedAttribute) -> Result<(), VerifyError>;

/// One dialect's hooks for its attributes on other ops; a `None` hook
/// accepts everything, as MLIR's default does.
#[derive(Clone, Copy, Debug, Default)]
pub struct DialectAttrVerifiers {
    /// Discardable attributes of any op (`hasOperationAttrVerify`).
    pub operation: Option<OpAttrVerifyFn>,
    /// Argument attributes of function-like ops (`hasRegionArgAttrVerify`).
    pub region_arg: Option<RegionAttrVerifyFn>,
    /// Result attributes of function-like ops
    /// (`hasRegionResultAttrVerify`).
    pub region_result: Option<RegionAttrVerifyFn>,
}

impl Registry {
    /// Installs the attribute hooks of dialect `dialect` (replacing any it
    /// had).
    pub fn set_attr_verifiers(
        &mut self,
        ctx: &mut Context,
        dialect: &str,
        verifiers: DialectAttrVerifiers,
    ) {
        let id = ctx.ident(dialect);
        self.attr_verifiers.insert(id, verifiers);
    }

    /// Whether any dialect registered attribute hooks (else the verifier
    /// skips looking for them).
    pub fn has_attr_verifiers(&self) -> bool {
        !self.attr_verifiers.is_empty()
    }

    /// The hooks of the registered dialect that attribute name `name`
    /// belongs to: the text before its first `.`. `None` for a name
    /// without a dot, or of a dialect that registered no hooks.
    pub fn attr_verifiers_for(
        &self,
        ctx: &Context,
        name: Identifier,
    ) -> Option<&DialectAttrVerifiers> {
        if self.attr_verifiers.is_empty() {
            return None;
        }
        let (dialect, _) = ctx.str(name).split_once('.')?;
        let id = ctx.lookup_ident(dialect)?;
        if !self.dialects.contains(&id) {
            return None;
        }
        self.attr_verifiers.get(&id)
    }
}

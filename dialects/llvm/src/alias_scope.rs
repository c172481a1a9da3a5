//! The alias-scope attributes' checks (spec: `LLVMAttrDefs.ods`,
//! upstream's `AliasScopeAttr::verify`): `#llvm.alias_scope_domain`,
//! `#llvm.alias_scope`, which `llvm.intr.experimental.noalias.scope.decl`
//! and the memory ops' `alias_scopes` / `noalias_scopes` name.

use ods_runtime::ir::{AttrKind, Attribute, Context};

use crate::{AliasScopeAttr, AliasScopeDomainAttr};

impl AliasScopeAttr {
    /// The id is a string or a `distinct[N]<...>` attribute (upstream's
    /// message, its spelling included).
    pub(crate) fn verify(
        ctx: &Context,
        id: &Attribute,
        _domain: &AliasScopeDomainAttr,
        _description: &Option<String>,
    ) -> Result<(), String> {
        match ctx.attr_kind(*id) {
            AttrKind::String { .. } | AttrKind::Distinct { .. } => Ok(()),
            _ => Err("id of an alias scope must be a StringAttr or a DistrinctAttr".into()),
        }
    }
}

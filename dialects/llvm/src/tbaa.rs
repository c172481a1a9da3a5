//! The members of a `#llvm.tbaa_type_desc` (upstream's
//! `LLVM_TBAAMemberAttrArray`, whose printer and parser are C++ in
//! `LLVMAttrDefs.td`): `{<#node, 0>, <#node, 8>}`, each member in its
//! stripped form, at least one.

use ods_runtime::attr_type_def::DefParam;
use ods_runtime::ir::parser::{AsmParser, PResult};
use ods_runtime::ir::printer::dialect_asm::AsmPrinter;
use ods_runtime::ir::Param;

use crate::TBAAMemberAttr;

/// The `members` parameter of `#llvm.tbaa_type_desc`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TBAAMembers(pub Vec<TBAAMemberAttr>);

impl DefParam for TBAAMembers {
    fn to_param(&self) -> Param {
        self.0.to_param()
    }
    fn from_param(param: &Param) -> Option<Self> {
        Vec::<TBAAMemberAttr>::from_param(param).map(TBAAMembers)
    }
    fn parse_param(p: &mut AsmParser<'_>) -> PResult<Self> {
        p.parse_lbrace()?;
        let members = Vec::<TBAAMemberAttr>::parse_param(p)?;
        p.parse_rbrace()?;
        Ok(TBAAMembers(members))
    }
    fn print_param(&self, p: &mut AsmPrinter<'_, '_>) {
        p.print_str("{");
        self.0.print_param(p);
        p.print_str("}");
    }
}

//! The debug-info attributes' hand-written parts: the DWARF constants
//! they hold ([`dwarf`]), and the enums they hold read and printed by
//! their keywords (`subprogramFlags = "Definition|Optimized"`, as
//! upstream's `FieldParser` of an enum reads them). The attributes
//! themselves are generated from `ods/LLVMDIAttrDefs.ods`.

pub mod dwarf;

pub use dwarf::{
    DwarfCallingConvention, DwarfEncoding, DwarfLanguage, DwarfTag, DW_CC_NORMAL, DW_LANG_C,
};

use crate::{DIEmissionKind, DIFlags, DINameTableKind, DISubprogramFlags};

impl ods_runtime::attr_type_def::CustomParamValue for DIEmissionKind {}
impl ods_runtime::attr_type_def::CustomParamValue for DINameTableKind {}
impl ods_runtime::attr_type_def::CustomParamValue for DIFlags {}
impl ods_runtime::attr_type_def::CustomParamValue for DISubprogramFlags {}

//! The DWARF constants the debug-info attributes hold as parameters
//! (upstream's `LLVM_DIParameter`s): a tag, a base type's encoding, a
//! source language and a calling convention, each read and printed by its
//! `DW_*` name as `llvm/BinaryFormat/Dwarf.def` spells it.
//!
//! Upstream stores them as `unsigned` and converts with
//! `llvm::dwarf::get*` / `*String`; here each is a newtype over its
//! number so that its parameter reads and prints through its own table,
//! with upstream's messages (`invalid debug info tag name: X`).

use ods_runtime::attr_type_def::DefParam;
use ods_runtime::ir::defs::Param;
use ods_runtime::ir::parser::{AsmParser, PResult};
use ods_runtime::ir::printer::dialect_asm::AsmPrinter;

/// `(name, value)` of the DWARF tags (`DW_TAG_*`).
const TAGS: &[(&str, u32)] = &[
    ("DW_TAG_array_type", 0x01),
    ("DW_TAG_class_type", 0x02),
    ("DW_TAG_entry_point", 0x03),
    ("DW_TAG_enumeration_type", 0x04),
    ("DW_TAG_formal_parameter", 0x05),
    ("DW_TAG_imported_declaration", 0x08),
    ("DW_TAG_label", 0x0a),
    ("DW_TAG_lexical_block", 0x0b),
    ("DW_TAG_member", 0x0d),
    ("DW_TAG_pointer_type", 0x0f),
    ("DW_TAG_reference_type", 0x10),
    ("DW_TAG_compile_unit", 0x11),
    ("DW_TAG_string_type", 0x12),
    ("DW_TAG_structure_type", 0x13),
    ("DW_TAG_subroutine_type", 0x15),
    ("DW_TAG_typedef", 0x16),
    ("DW_TAG_union_type", 0x17),
    ("DW_TAG_unspecified_parameters", 0x18),
    ("DW_TAG_variant", 0x19),
    ("DW_TAG_common_block", 0x1a),
    ("DW_TAG_common_inclusion", 0x1b),
    ("DW_TAG_inheritance", 0x1c),
    ("DW_TAG_inlined_subroutine", 0x1d),
    ("DW_TAG_module", 0x1e),
    ("DW_TAG_ptr_to_member_type", 0x1f),
    ("DW_TAG_set_type", 0x20),
    ("DW_TAG_subrange_type", 0x21),
    ("DW_TAG_with_stmt", 0x22),
    ("DW_TAG_access_declaration", 0x23),
    ("DW_TAG_base_type", 0x24),
    ("DW_TAG_catch_block", 0x25),
    ("DW_TAG_const_type", 0x26),
    ("DW_TAG_constant", 0x27),
    ("DW_TAG_enumerator", 0x28),
    ("DW_TAG_file_type", 0x29),
    ("DW_TAG_friend", 0x2a),
    ("DW_TAG_namelist", 0x2b),
    ("DW_TAG_namelist_item", 0x2c),
    ("DW_TAG_packed_type", 0x2d),
    ("DW_TAG_subprogram", 0x2e),
    ("DW_TAG_template_type_parameter", 0x2f),
    ("DW_TAG_template_value_parameter", 0x30),
    ("DW_TAG_thrown_type", 0x31),
    ("DW_TAG_try_block", 0x32),
    ("DW_TAG_variant_part", 0x33),
    ("DW_TAG_variable", 0x34),
    ("DW_TAG_volatile_type", 0x35),
    ("DW_TAG_dwarf_procedure", 0x36),
    ("DW_TAG_restrict_type", 0x37),
    ("DW_TAG_interface_type", 0x38),
    ("DW_TAG_namespace", 0x39),
    ("DW_TAG_imported_module", 0x3a),
    ("DW_TAG_unspecified_type", 0x3b),
    ("DW_TAG_partial_unit", 0x3c),
    ("DW_TAG_imported_unit", 0x3d),
    ("DW_TAG_condition", 0x3f),
    ("DW_TAG_shared_type", 0x40),
    ("DW_TAG_type_unit", 0x41),
    ("DW_TAG_rvalue_reference_type", 0x42),
    ("DW_TAG_template_alias", 0x43),
    ("DW_TAG_coarray_type", 0x44),
    ("DW_TAG_generic_subrange", 0x45),
    ("DW_TAG_dynamic_type", 0x46),
    ("DW_TAG_atomic_type", 0x47),
    ("DW_TAG_call_site", 0x48),
    ("DW_TAG_call_site_parameter", 0x49),
    ("DW_TAG_skeleton_unit", 0x4a),
    ("DW_TAG_immutable_type", 0x4b),
];

/// `(name, value)` of the base type encodings (`DW_ATE_*`).
const ENCODINGS: &[(&str, u32)] = &[
    ("DW_ATE_address", 0x01),
    ("DW_ATE_boolean", 0x02),
    ("DW_ATE_complex_float", 0x03),
    ("DW_ATE_float", 0x04),
    ("DW_ATE_signed", 0x05),
    ("DW_ATE_signed_char", 0x06),
    ("DW_ATE_unsigned", 0x07),
    ("DW_ATE_unsigned_char", 0x08),
    ("DW_ATE_imaginary_float", 0x09),
    ("DW_ATE_packed_decimal", 0x0a),
    ("DW_ATE_numeric_string", 0x0b),
    ("DW_ATE_edited", 0x0c),
    ("DW_ATE_signed_fixed", 0x0d),
    ("DW_ATE_unsigned_fixed", 0x0e),
    ("DW_ATE_decimal_float", 0x0f),
    ("DW_ATE_UTF", 0x10),
    ("DW_ATE_UCS", 0x11),
    ("DW_ATE_ASCII", 0x12),
];

/// `(name, value)` of the source languages (`DW_LANG_*`).
const LANGUAGES: &[(&str, u32)] = &[
    ("DW_LANG_C89", 0x01),
    ("DW_LANG_C", 0x02),
    ("DW_LANG_Ada83", 0x03),
    ("DW_LANG_C_plus_plus", 0x04),
    ("DW_LANG_Cobol74", 0x05),
    ("DW_LANG_Cobol85", 0x06),
    ("DW_LANG_Fortran77", 0x07),
    ("DW_LANG_Fortran90", 0x08),
    ("DW_LANG_Pascal83", 0x09),
    ("DW_LANG_Modula2", 0x0a),
    ("DW_LANG_Java", 0x0b),
    ("DW_LANG_C99", 0x0c),
    ("DW_LANG_Ada95", 0x0d),
    ("DW_LANG_Fortran95", 0x0e),
    ("DW_LANG_PLI", 0x0f),
    ("DW_LANG_ObjC", 0x10),
    ("DW_LANG_ObjC_plus_plus", 0x11),
    ("DW_LANG_UPC", 0x12),
    ("DW_LANG_D", 0x13),
    ("DW_LANG_Python", 0x14),
    ("DW_LANG_OpenCL", 0x15),
    ("DW_LANG_Go", 0x16),
    ("DW_LANG_Modula3", 0x17),
    ("DW_LANG_Haskell", 0x18),
    ("DW_LANG_C_plus_plus_03", 0x19),
    ("DW_LANG_C_plus_plus_11", 0x1a),
    ("DW_LANG_OCaml", 0x1b),
    ("DW_LANG_Rust", 0x1c),
    ("DW_LANG_C11", 0x1d),
    ("DW_LANG_Swift", 0x1e),
    ("DW_LANG_Julia", 0x1f),
    ("DW_LANG_Dylan", 0x20),
    ("DW_LANG_C_plus_plus_14", 0x21),
    ("DW_LANG_Fortran03", 0x22),
    ("DW_LANG_Fortran08", 0x23),
    ("DW_LANG_RenderScript", 0x24),
    ("DW_LANG_BLISS", 0x25),
    ("DW_LANG_Kotlin", 0x26),
    ("DW_LANG_Zig", 0x27),
    ("DW_LANG_Crystal", 0x28),
    ("DW_LANG_C_plus_plus_17", 0x2a),
    ("DW_LANG_C_plus_plus_20", 0x2b),
    ("DW_LANG_C17", 0x2c),
    ("DW_LANG_Fortran18", 0x2d),
    ("DW_LANG_Ada2005", 0x2e),
    ("DW_LANG_Ada2012", 0x2f),
    ("DW_LANG_HIP", 0x30),
    ("DW_LANG_Assembly", 0x31),
    ("DW_LANG_C_sharp", 0x32),
    ("DW_LANG_Mojo", 0x33),
    ("DW_LANG_GLSL", 0x34),
    ("DW_LANG_GLSL_ES", 0x35),
    ("DW_LANG_HLSL", 0x36),
    ("DW_LANG_OpenCL_CPP", 0x37),
    ("DW_LANG_CPP_for_OpenCL", 0x38),
    ("DW_LANG_SYCL", 0x39),
    ("DW_LANG_Ruby", 0x40),
    ("DW_LANG_Move", 0x41),
    ("DW_LANG_Hylo", 0x42),
    ("DW_LANG_Metal", 0x43),
    ("DW_LANG_Mips_Assembler", 0x8001),
    ("DW_LANG_GOOGLE_RenderScript", 0x8e57),
    ("DW_LANG_BORLAND_Delphi", 0xb000),
];

/// `(name, value)` of the calling conventions (`DW_CC_*`).
const CONVENTIONS: &[(&str, u32)] = &[
    ("DW_CC_normal", 0x01),
    ("DW_CC_program", 0x02),
    ("DW_CC_nocall", 0x03),
    ("DW_CC_pass_by_reference", 0x04),
    ("DW_CC_pass_by_value", 0x05),
    ("DW_CC_GNU_renesas_sh", 0x40),
    ("DW_CC_GNU_borland_fastcall_i386", 0x41),
    ("DW_CC_BORLAND_safecall", 0xb0),
    ("DW_CC_BORLAND_stdcall", 0xb1),
    ("DW_CC_BORLAND_pascal", 0xb2),
    ("DW_CC_BORLAND_msfastcall", 0xb3),
    ("DW_CC_BORLAND_msreturn", 0xb4),
    ("DW_CC_BORLAND_thiscall", 0xb5),
    ("DW_CC_BORLAND_fastcall", 0xb6),
    ("DW_CC_LLVM_vectorcall", 0xc0),
    ("DW_CC_LLVM_Win64", 0xc1),
    ("DW_CC_LLVM_X86_64SysV", 0xc2),
    ("DW_CC_LLVM_AAPCS", 0xc3),
    ("DW_CC_LLVM_AAPCS_VFP", 0xc4),
    ("DW_CC_LLVM_IntelOclBicc", 0xc5),
    ("DW_CC_LLVM_SpirFunction", 0xc6),
    ("DW_CC_LLVM_OpenCLKernel", 0xc7),
    ("DW_CC_LLVM_Swift", 0xc8),
    ("DW_CC_LLVM_PreserveMost", 0xc9),
    ("DW_CC_LLVM_PreserveAll", 0xca),
    ("DW_CC_LLVM_X86RegCall", 0xcb),
    ("DW_CC_LLVM_M68kRTD", 0xcc),
    ("DW_CC_LLVM_PreserveNone", 0xcd),
    ("DW_CC_LLVM_RISCVVectorCall", 0xce),
    ("DW_CC_LLVM_SwiftTail", 0xcf),
    ("DW_CC_GDB_IBM_OpenCL", 0xff),
];

/// The `DW_*` name of `value` in `table`, if it has one.
fn name_of(table: &[(&'static str, u32)], value: u32) -> Option<&'static str> {
    table.iter().find(|(_, v)| *v == value).map(|(n, _)| *n)
}

/// Reads a `DW_*` keyword of `table`; an unknown one is upstream's
/// `invalid debug info debug info {what} name: X` (its class pastes the
/// parameter's summary, itself `debug info ...`, after `debug info`).
fn parse_named(p: &mut AsmParser<'_>, table: &[(&str, u32)], what: &str) -> PResult<u32> {
    let at = p.current_location();
    let word = p.parse_keyword_any()?;
    match table.iter().find(|(n, _)| *n == word) {
        Some((_, v)) => Ok(*v),
        None => p.emit_error(
            at,
            format!("invalid debug info debug info {what} name: {word}"),
        ),
    }
}

macro_rules! dwarf_params {
    ($($(#[$doc:meta])* $name:ident => $table:ident, $what:literal;)*) => {$(
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
        pub struct $name(pub u32);

        impl $name {
            /// Its `DW_*` name, if the value has one.
            pub fn name(self) -> Option<&'static str> {
                name_of($table, self.0)
            }
        }

        impl DefParam for $name {
            fn to_param(&self) -> Param {
                self.0.to_param()
            }
            fn from_param(param: &Param) -> Option<Self> {
                u32::from_param(param).map($name)
            }
            fn parse_param(p: &mut AsmParser<'_>) -> PResult<Self> {
                parse_named(p, $table, $what).map($name)
            }
            fn print_param(&self, p: &mut AsmPrinter<'_, '_>) {
                // Upstream prints `llvm::dwarf::*String`, empty for a
                // value without a name.
                p.print_str(self.name().unwrap_or(""));
            }
        }
    )*};
}

dwarf_params! {
    /// A DWARF tag (`DW_TAG_base_type`).
    DwarfTag => TAGS, "tag";
    /// A base type's encoding (`DW_ATE_signed`).
    DwarfEncoding => ENCODINGS, "encoding";
    /// A compile unit's source language (`DW_LANG_C`).
    DwarfLanguage => LANGUAGES, "language";
    /// A subroutine type's calling convention (`DW_CC_normal`).
    DwarfCallingConvention => CONVENTIONS, "calling convention";
}

/// `DW_LANG_C`, the language `ensure-debug-info-scope-on-llvm-func` gives
/// the unit it makes.
pub const DW_LANG_C: DwarfLanguage = DwarfLanguage(0x02);
/// `DW_CC_normal`, the convention of the subroutine types it makes.
pub const DW_CC_NORMAL: DwarfCallingConvention = DwarfCallingConvention(0x01);

//! The LLVM dialect (`dialect-llvm`): LLVM IR's types, attributes,
//! instructions and intrinsics as MLIR ops, ported from upstream's
//! `LLVMTypes.td`, `LLVMEnums.td`, `LLVMAttrDefs.td`, `LLVMOpBase.td`,
//! `LLVMOps.td` and `LLVMIntrinsicOps.td` (specs under `ods/`; what is
//! ported and what is not: `docs/dialects/llvm.md`).
//!
//! What the specs leave to hand-written Rust lives here: the types'
//! syntax and verifiers ([`types`]), the type predicates of the
//! constraints ([`pred`]), the custom forms and directives ([`format`]),
//! the ops' verifiers ([`verify`], [`verify_constant`]) and their folds and
//! constant materializer ([`fold`]).

// Generated code names this crate by its path, as other crates do.
extern crate self as dialect_llvm;

#[cfg(test)]
mod testing {
    dialect_testing::dialect_test_helpers!(crate, dialect_func);
}

pub mod alias;
mod alias_scope;
pub mod block_address;
pub mod bundles;
pub mod call;
pub mod call_intrinsic;
pub mod constant_range;
mod data_layout;
pub mod data_layout_string;
pub mod di;
pub mod effects;
pub mod fold;
pub mod format;
pub mod func;
pub mod global;
pub mod invoke;
pub mod module_ops;
mod ops;
mod param_attrs;
pub mod pred;
pub mod symbol_param;
mod target_attrs;
pub mod tbaa;
pub mod transforms;
pub mod typed_attr_param;
mod types;
pub mod verify;
pub mod verify_constant;

#[cfg(test)]
mod fold_tests;
#[cfg(test)]
mod tests;

pub use types::is_valid_element_type;

/// What the specs generate (see `build.rs`): the enums, the attributes,
/// the types and the ops.
// Upstream's intrinsic class names (`vector_reduce_add`) are kept; a
// `DefaultValuedParameter<"bool", "false">` prints by comparing with its
// default; `llvm.cmpxchg`'s operand `cmp` gives an accessor named as
// `Ord::cmp`; a parameter's default (`DwarfTag(0)`,
// `DISubprogramFlags::empty()`) is read through a closure, as every
// default is.
#[allow(
    non_camel_case_types,
    clippy::bool_comparison,
    clippy::should_implement_trait,
    clippy::unnecessary_lazy_evaluations,
    clippy::redundant_closure
)]
mod generated {
    // What the formats' `custom<...>` directives call.
    use crate::alias::{parse_llvm_linkage, print_llvm_linkage};
    use crate::block_address::{parse_indirect_br_op_sucessors, print_indirect_br_op_sucessors};
    use crate::bundles::{parse_op_bundles, print_op_bundles};
    use crate::di::{parse_expression_arg, print_expression_arg};
    // Upstream's `IntegerAttr`, `TypeAttr` and `StringAttr` parameters.
    use crate::format::{
        parse_gep_indices, parse_insert_extract_value_element_type, parse_shuffle_type,
        parse_switch_op_cases, print_gep_indices, print_insert_extract_value_element_type,
        print_shuffle_type, print_switch_op_cases,
    };
    use crate::typed_attr_param::{
        BoolAttr, DistinctAttr, FusedLoc, IntegerAttr, StringAttr, TypeAttr,
    };
    use crate::types::{
        parse_ext_type_params, parse_function_types, parse_pretty_llvm_type, print_ext_type_params,
        print_function_types, print_pretty_llvm_type,
    };
    // Upstream's C++ spellings of the enum parameters (`linkage::Linkage`),
    // which the spec keeps because the parse errors quote them.
    mod linkage {
        pub use super::Linkage;
    }
    mod comdat {
        pub use super::Comdat;
    }
    mod uwtable {
        pub use super::UWTableKind;
    }
    #[allow(non_snake_case)]
    mod framePointerKind {
        pub use super::FramePointerKind;
    }
    include!(concat!(env!("OUT_DIR"), "/llvm_enums.rs"));
    include!(concat!(env!("OUT_DIR"), "/llvm_attrs.rs"));
    include!(concat!(env!("OUT_DIR"), "/llvm_types.rs"));
    include!(concat!(env!("OUT_DIR"), "/llvm_ops.rs"));
}
pub use generated::*;

/// Upstream's `::mlir::LLVM::comdat` namespace, by which the generated
/// `llvm.comdat_selector` names its enum.
pub mod comdat {
    pub use crate::Comdat;
}

use ods_runtime::ir::{Context, Registry};

// The enums the attributes hold as parameters (upstream's generated
// `FieldParser` and `operator<<` of each enum): read by their keywords
// (or a string, `"Definition|Optimized"`), a bad one refused with the
// enum's summary and cases; printed bare, a bit enum quoted where
// upstream quotes it (`ods_runtime::attr_type_def::print_bit_enum`).
macro_rules! enum_param {
    ($($enum:ident: $summary:literal),* $(,)?) => {$(
        impl ods_runtime::attr_type_def::CustomParamValue for $enum {
            fn one_of() -> Option<ods_runtime::attr_type_def::OneOf> {
                Some(ods_runtime::attr_type_def::OneOf::of_enum::<$enum>($summary))
            }
        }
    )*};
    (bits $($enum:ident: $summary:literal),* $(,)?) => {$(
        impl ods_runtime::attr_type_def::CustomParamValue for $enum {
            fn one_of() -> Option<ods_runtime::attr_type_def::OneOf> {
                Some(ods_runtime::attr_type_def::OneOf::of_bit_enum::<$enum>($summary))
            }
            fn print_word(&self, p: &mut ods_runtime::ir::printer::dialect_asm::AsmPrinter<'_, '_>) {
                ods_runtime::attr_type_def::print_bit_enum(*self, p);
            }
        }
    )*};
}
enum_param!(
    CConv: "Calling Conventions",
    Comdat: "LLVM Comdat Types",
    Linkage: "LLVM linkage types",
    ModFlagBehavior: "LLVM Module Flag Behavior",
    ProfileSummaryFormatKind: "LLVM ProfileSummary format kinds",
    FramePointerKind: "LLVM FramePointerKind",
    TailCallKind: "Tail Call Kind",
    UWTableKind: "LLVM Unwind Behavior",
    ModRefInfo: "LLVM ModRefInfo",
    DIEmissionKind: "LLVM debug emission kind",
    DINameTableKind: "LLVM debug name table kind",
);
enum_param!(bits
    DIFlags: "LLVM DI flags",
    DISubprogramFlags: "LLVM DISubprogram flags",
);

/// Registers the dialect: its ops, attributes and types, and what
/// [`LlvmDialect::initialize`] adds.
pub fn register(ctx: &mut Context, reg: &mut Registry) {
    ods_runtime::register_dialect::<LlvmDialect>(ctx, reg);
}

impl LlvmDialect {
    /// What the crate adds to the generated registration (MLIR's
    /// `LLVMDialect::initialize`): the dialect's messages for type
    /// mnemonics it does not know, and that it allows ops it does not
    /// define (upstream's `allowUnknownOperations`, since not every LLVM
    /// op is registered), and the checks of data layout entries keyed by
    /// its types. (The check of `llvm.data_layout` strings,
    /// `hasOperationAttrVerify`, is `verify_operation_attribute` in
    /// `data_layout.rs`.)
    pub fn initialize(ctx: &mut Context, reg: &mut Registry) {
        types::register_syntax(ctx, reg);
        data_layout::register_entry_checks();
    }
}

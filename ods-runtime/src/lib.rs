//! What code generated from ODS specs calls at run time.
//!
//! In: an op's handle, the [`ir::Context`] and [`ir::Ir`] it lives in. Out:
//! typed access, verification with MLIR's exact messages, and registration
//! into an [`ir::Registry`]. Generated code (and hand-written ops that look
//! like it) uses these modules:
//!
//! - [`attr`]: attribute constructors for builders and defaults.
//! - [`op`]: the [`Op`] and [`Dialect`] traits, registration, inherent
//!   attribute lookup.
//! - [`pred`]: the type and attribute predicates of upstream's
//!   `CommonTypeConstraints.td` / `CommonAttrConstraints.td`.
//! - [`errors`]: the verifier messages of `mlir-tblgen`-generated code and
//!   of the count traits (`NOperands`, `OneResult`, ...).
//! - [`segments`]: variadic operand/result groups
//!   (`SameVariadicOperandSize`, `AttrSizedOperandSegments`, ...).
//! - [`operands`]: editable operand ranges that keep the group sizes in
//!   step (what `<name>_mutable` accessors and `BranchOpInterface` give).
//! - [`traits`]: verifiers of the op traits the core does not check itself.
//! - [`prop`]: op properties as Rust values and their attribute form.
//! - [`types`]: the types `builderCall`s of buildable constraints make.
//! - [`effects`]: memory effects (what `MemoryEffectOpInterface` reports).
//! - [`fold`]: what `hasFolder` ops fold to ([`fold::OpFoldResult`]).
//! - [`function_op`]: the custom form, signature and checks of
//!   function-like ops (`func.func`'s, for any dialect's function op).
//! - [`index_list`]: `custom<DynamicIndexList>`, the list of integers and
//!   values that `ViewLikeInterface` ops write (`[0, %i, 4]`).
//! - [`view_like`]: the checks `OffsetSizeAndStrideOpInterface` runs.
//! - [`strided_layout`]: the strides and offset of a memref layout
//!   (`getStridesAndOffset`), behind `StridedMemRefOf` and memref's layouts.
//! - [`dialect_patterns`]: what `#[dialect(patterns = [...])]` lists (a
//!   dialect's canonicalization patterns, registered with it).
//! - [`enums`]: the [`EnumAttr`] trait and bit-enum string helpers.
//! - [`attr_type_def`]: parameters of generated `AttrDef` / `TypeDef`
//!   values (their Rust types, parsers and printers).
//! - [`dialect_attr`]: generated enum attributes (`EnumAttr<Dialect,
//!   Enum, "mnemonic">`) as attribute definitions: storage of the case
//!   value, parser helpers.
//! - [`format`](mod@format): helpers for parsers generated from assembly formats.
//! - [`interface`](mod@interface): finding the interface of an op, attribute
//!   or type at run time.
//! - [`interfaces`]: the standard library's interfaces with methods
//!   (`BranchOpInterface`, ...), generated from the embedded `.ods`.
//! - `testing` (feature `testing`): our parser and verifier against
//!   `mlir-opt`, for the tests of crates that define ops.

// The generated standard-library interfaces (`interfaces`) name this
// crate as generated code does, `::ods_runtime`.
extern crate self as ods_runtime;

pub mod attr;
pub mod attr_type_def;
pub mod author;
pub mod dialect;
pub mod dialect_attr;
pub mod dialect_patterns;
pub mod effects;
pub mod enums;
pub mod errors;
pub mod fold;
pub mod format;
pub mod function_op;
pub mod index_list;
pub mod interface;
pub mod interfaces;
pub mod matchers;
pub mod namespace;
pub mod op;
pub mod operands;
pub mod pred;
pub mod prop;
pub mod segments;
pub mod strided_layout;
#[cfg(feature = "testing")]
pub mod testing;
pub mod traits;
pub mod types;
pub mod value;
pub mod view_like;

/// The `parse_assembly` / `print_assembly` methods of an op with
/// `hasCustomAssemblyFormat = 1`, forwarding to the two functions of its
/// custom form (a dialect writes them once and may share them between
/// ops):
///
/// ```ignore
/// ods_runtime::custom_form!(ForOp, format::parse_for, format::print_for);
/// ```
#[macro_export]
macro_rules! custom_form {
    ($op:ident, $parse:path, $print:path) => {
        impl $op {
            /// Reads the op's custom form after its name.
            pub fn parse_assembly(
                p: &mut $crate::ir::parser::ops::OpAsmParser<'_>,
                state: &mut $crate::ir::OperationState,
            ) -> $crate::ir::parser::PResult<()> {
                $parse(p, state)
            }

            /// Prints the form [`Self::parse_assembly`] reads.
            pub fn print_assembly(
                pr: &mut $crate::ir::printer::ops::OpAsmPrinter<'_, '_>,
                op: $crate::ir::OpId,
            ) {
                $print(pr, op)
            }
        }
    };
}

pub use dialect::{register_dialect, Dialect};
pub use dialect_patterns::DialectPatterns;
pub use enums::{BitEnum, EnumAttr};
pub use interface::{attr_interface, interface, type_interface};
pub use ir;
pub use ir::registry::VerifyError;
pub use op::Op;
pub use smallvec;
pub use value::{IntoValue, ResultOf};

//! The IR runtime: an MLIR-compatible context, types, attributes,
//! operations, textual format and verifier.
//!
//! Layout, by stage: `lexer` (private) and [`parser`] read MLIR text, [`printer`]
//! writes it, [`context`] interns identifiers, [`types`] and [`attributes`],
//! and [`diagnostics`] reports errors as `mlir-opt` does.
//!
//! The modules are layered (IR values and ops, then the registry, then the
//! textual format, then the verifier and the builtin dialect); imports
//! point down, as `tests/layers.rs` checks and `docs/architecture.md`
//! ("Inside `ir`") explains.

pub mod affine;
#[cfg(test)]
mod alias_tests;
pub mod asm_interface;
#[cfg(test)]
mod asm_tests;
mod attr_lookup;
pub mod attributes;
pub mod builder;
pub mod builtin_ops;
pub mod bytes;
pub mod context;
pub mod defs;
#[cfg(test)]
mod defs_tests;
pub mod diagnostics;
pub mod expected_diagnostics;
pub mod float;
pub mod graph;
pub(crate) mod lexer;
pub mod parser;
pub mod print_buffer;
pub mod printer;
pub mod registry;
pub mod split_input;
pub mod symbols;
pub mod types;
pub mod verifier;

pub use attributes::{AttrKind, Attribute, NamedAttribute, SubElement};
pub use context::{Context, ContextMark, Identifier, Remap};
pub use defs::{AttrOrTypeDef, CustomParam, DefHandle, DefRef, DefinedData, Param};
pub use diagnostics::{DiagLoc, Diagnostic, Severity, SourceFile, SourceManager};
pub use graph::{
    BlockId, Ir, LocKind, Location, NewRegions, OpId, OpParts, OperationState, RegionId, Unit,
    UnitError, Value, ValueDef,
};
pub use registry::{OpInfo, OpTraits, Registry};
pub use types::{FloatKind, Signedness, Type, TypeKind};

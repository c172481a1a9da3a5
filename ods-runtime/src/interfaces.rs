//! The standard library's interfaces that declare methods, as Rust traits
//! (generated from `ods-spec`'s embedded library by
//! `ods_spec::generate_std_interface_defs` into `interfaces/generated.rs`;
//! `ods-spec`'s golden test checks that file is current). Ops listing one
//! implement its trait (the generated code writes the impl, forwarding to
//! the op's own methods) and register its table, so passes find it with
//! [`crate::interface`]; `CastOpInterface`'s check runs with the op's
//! traits ([`verify_cast_op`]); the verifier reaches `BranchOpInterface` through
//! the op's registry entry ([`successor_operands_hook`]), the interfaces
//! verified with regions (`RegionBranchOpInterface`,
//! `InferTypeOpInterface`) through the op's region-interface hook, and
//! `SymbolUserOpInterface` / `OpAsmOpInterface` through the symbol-use,
//! result-name and default-dialect hooks the generated op installs.
//!
//! In: op handles implementing the traits. Out: the traits, their tables
//! and run-time handles, and the core's hooks built on them.

// Kept as the generator writes it (the golden test compares it byte for
// byte), so rustfmt leaves it alone.
#[rustfmt::skip]
mod generated;
mod cast;
mod infer_type;
mod region_branch;
mod symbol;

pub use cast::{one_to_one, verify_cast_op};
pub use generated::*;
pub use infer_type::{op_state, verify_inferred_result_types};
pub use region_branch::{
    verify_types_along_control_flow_edges, InvocationBounds, RegionBranchPoint, RegionSuccessor,
};
pub use symbol::{symbol_visibility, verify_symbol, Visibility};

use ir::printer::print_type_str;
use ir::{Attribute, Context, Ir, OpId, Type, Value};
use std::ops::Range;

/// `'a', 'b'`: types as MLIR's diagnostics list them.
pub(crate) fn type_list(ctx: &Context, types: &[Type]) -> String {
    types
        .iter()
        .map(|&t| format!("'{}'", print_type_str(ctx, t)))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The core's successor-operand hook of a branch op (an
/// [`ir::OpInfo::successor_operands`]): `T`'s
/// [`BranchOpInterface::get_successor_operands`] for each successor. Ops
/// implementing the interface install it with their registry entry.
pub fn successor_operands_hook<T: BranchOpInterface>(
    ctx: &Context,
    ir: &Ir,
    op: OpId,
) -> Vec<Range<usize>> {
    let handle = T::from_op_unchecked(op);
    (0..ir.num_successors(op))
        .map(|index| handle.get_successor_operands(ctx, ir, index))
        .collect()
}

/// What a call calls (`CallOpInterface::get_callable_for_callee`,
/// upstream's `CallInterfaceCallable`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CallInterfaceCallable {
    /// A direct call: the callee's symbol reference attribute.
    Symbol(Attribute),
    /// An indirect call: the value holding the callee.
    Value(Value),
}

/// Whether an op may be executed speculatively
/// (`ConditionallySpeculatable::get_speculatability`, upstream's
/// `Speculation::Speculatability`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Speculatability {
    /// May trap or have undefined behaviour (a division by zero, say):
    /// keep it where it is.
    NotSpeculatable,
    /// Safe anywhere.
    Speculatable,
    /// Safe anywhere when the ops in its regions are.
    RecursivelySpeculatable,
}

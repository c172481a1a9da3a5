//! The standard library's interfaces that declare methods, as Rust traits
//! (generated from `ods-spec`'s embedded library by
//! `ods_spec::generate_std_interface_defs` into `interfaces/generated.rs`;
//! `ods-spec`'s golden test checks that file is current). Ops listing one
//! implement its trait (the generated code writes the impl, forwarding to
//! the op's own methods) and register its table, so passes find it with
//! [`crate::interface`]; the verifier reaches `BranchOpInterface` through
//! the op's registry entry ([`successor_operands_hook`]), the interfaces
//! verified with regions (`RegionBranchOpInterface`,
//! `InferTypeOpInterface`, `LoopLikeOpInterface`) through the op's region-interface hook, and
//! `SymbolUserOpInterface` / `OpAsmOpInterface` through the symbol-use,
//! result-name and default-dialect hooks the generated op installs.
//!
//! In: op handles implementing the traits. Out: the traits, their tables
//! and run-time handles, and the core's hooks built on them.

// Kept as the generator writes it (the golden test compares it byte for
// byte), so rustfmt leaves it alone.
#[rustfmt::skip]
mod generated;
mod branch;
mod infer_type;
mod loop_like;
mod region_branch;
mod symbol;

pub use branch::{successor_block_argument, verify_branch_weights, SuccessorOperands};
pub use generated::*;
pub use infer_type::{op_state, verify_inferred_result_types};
pub use loop_like::verify_loop_like;
pub use region_branch::{
    verify_types_along_control_flow_edges, InvocationBounds, RegionBranchPoint, RegionSuccessor,
};
pub use symbol::{symbol_visibility, verify_symbol, Visibility};

use ir::registry::SuccessorOperandRange;
use ir::{Attribute, Context, Ir, OpId, Value};

/// The core's successor-operand hook of a branch op (an
/// [`ir::OpInfo::successor_operands`]): `T`'s
/// [`BranchOpInterface::get_successor_operands`] for each successor. Ops
/// implementing the interface install it with their registry entry.
pub fn successor_operands_hook<T: BranchOpInterface>(
    ctx: &Context,
    ir: &Ir,
    op: OpId,
) -> Vec<SuccessorOperandRange> {
    let handle = T::from_op_unchecked(op);
    (0..ir.num_successors(op))
        .map(|index| handle.get_successor_operands(ctx, ir, index).to_range())
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

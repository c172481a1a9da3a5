//! The standard library's interfaces that declare methods, as Rust traits
//! (generated from `ods-spec`'s embedded library by
//! `ods_spec::generate_std_interface_defs` into `interfaces/generated.rs`;
//! `ods-spec`'s golden test checks that file is current). Ops listing one
//! implement its trait (the generated code writes the impl, forwarding to
//! the op's own methods) and register its table, so passes find it with
//! [`crate::interface`]; `BranchOpInterface`'s and `CastOpInterface`'s
//! checks run with the op's traits ([`verify_branch_successor_operands`],
//! [`verify_cast_op`]); the verifier reaches the interfaces verified with
//! regions (`RegionBranchOpInterface`, `InferTypeOpInterface`,
//! `LoopLikeOpInterface`) through the op's region-trait hook
//! (`Op::verify_region_traits`), and
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
mod cast;
mod infer_type;
mod loop_like;
mod region_branch;
mod symbol;
mod value_range;

pub use branch::{successor_block_argument, verify_branch_weights, SuccessorOperands};
pub use cast::{one_to_one, verify_cast_op};
pub use generated::*;
pub use infer_type::{op_state, verify_inferred_result_types};
pub use loop_like::{verify_loop_like, LoopBounds, LoopRegions};
pub use region_branch::{
    verify_types_along_control_flow_edges, InvocationBounds, RegionBranchPoint,
    RegionInvocationBounds, RegionSuccessor, RegionSuccessors,
};
pub use symbol::{symbol_visibility, verify_symbol, Visibility};
pub use value_range::ValueRange;

use ir::printer::print_type_str;
use ir::registry::SuccessorOperandRange;
use ir::{Attribute, Context, Ir, Type, Value};

/// `'a', 'b'`: types as MLIR's diagnostics list them.
pub(crate) fn type_list(ctx: &Context, types: &[Type]) -> String {
    types
        .iter()
        .map(|&t| format!("'{}'", print_type_str(ctx, t)))
        .collect::<Vec<_>>()
        .join(", ")
}

/// `BranchOpInterface`'s verifier (upstream's, run in the op's trait
/// order): the operands `op` passes to each successor
/// ([`BranchOpInterface::get_successor_operands`]) match the successor's
/// block arguments in number and type.
pub fn verify_branch_successor_operands<T: BranchOpInterface>(
    op: T,
    ctx: &Context,
    ir: &Ir,
) -> Result<(), ir::registry::VerifyError> {
    let this = crate::Op::op(op);
    let edges: smallvec::SmallVec<[SuccessorOperandRange; 2]> = (0..ir.num_successors(this))
        .map(|index| op.get_successor_operands(ctx, ir, index).to_range())
        .collect();
    ir::verifier::verify_successor_operands(ir, this, &edges)
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

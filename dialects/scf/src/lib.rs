//! The `scf` dialect (spec: `ods/SCFOps.ods`): loops, conditionals and
//! switches whose bodies are regions. What the spec leaves to hand-written
//! Rust lives here: the custom forms ([`format`]), the verifiers
//! ([`verify`]), the builders declared without a body ([`build`]) and the
//! canonicalization patterns ([`canonicalize`]).

// Generated code names this crate by its path, as other crates do.
extern crate self as dialect_scf;

#[cfg(test)]
mod testing {
    dialect_testing::dialect_test_helpers!(dialect_arith, crate, dialect_func, dialect_tensor);
}

pub(crate) mod asm_common;
pub mod build;
pub mod canonicalize;
mod fold;
pub mod forall_format;
pub mod format;
mod loop_like;
mod ops;
mod region_branch;
pub mod verify;
pub use build::*;
pub use canonicalize::CANONICALIZATION_PATTERNS;

#[cfg(test)]
mod tests;

mod inliner;

/// The ops generated from the spec (see `build.rs`).
mod generated {
    // `SingleBlockImplicitTerminator<"scf::YieldOp">` names the op by
    // this path; `custom<SwitchCases>` calls `parse_switch_cases`.
    use super::format::{parse_switch_cases, print_switch_cases};
    use crate as scf;
    use ods_runtime::Op;
    include!(concat!(env!("OUT_DIR"), "/scf_ops.rs"));
}
pub use generated::*;

use ir::{Context, Ir, OpId, Registry, Value};
use ods_runtime::op::inherent_attr;
use ods_runtime::segments::{segment_group, segment_sizes};

/// The static entry of an `scf.forall` bound given as a value (MLIR's
/// `ShapedType::kDynamic`).
pub const DYNAMIC: i64 = i64::MIN;

/// Registers the dialect.
pub fn register(ctx: &mut Context, reg: &mut Registry) {
    ods_runtime::register_dialect::<ScfDialect>(ctx, reg);
}

impl ScfDialect {
    /// What the crate adds to the generated registration (MLIR's
    /// `initialize()`): its canonicalization patterns. Run by
    /// `ods_runtime::register_dialect`, so a dialect that depends on this
    /// one (`dependentDialects`) registers them too.
    pub fn initialize(_ctx: &mut Context, reg: &mut Registry) {
        inliner::register(reg);
        ods_transforms::rewrite::add_canonicalization_patterns(reg, CANONICALIZATION_PATTERNS);
    }
}

/// The arguments of the first block of region `index` of `op` (none when
/// the region is empty: the helpers below run on IR that may not have
/// been verified yet).
pub fn body_arguments(ir: &Ir, op: OpId, index: usize) -> Vec<Value> {
    ir.entry_block_arguments(op, index)
}

/// [`body_arguments`] inline for up to four: what the verifiers and
/// printers here ask (every `scf.for` does, twice).
pub fn body_args_inline(ir: &Ir, op: OpId, index: usize) -> SmallValues {
    match ir.regions(op).get(index).and_then(|&r| ir.first_block(r)) {
        Some(b) => ir.arguments(b).collect(),
        None => SmallValues::new(),
    }
}

/// Values or types of an op, inline for up to four.
pub type SmallValues = ods_runtime::smallvec::SmallVec<[Value; 4]>;
/// See [`SmallValues`].
pub type SmallTypes = ods_runtime::smallvec::SmallVec<[ir::Type; 4]>;

/// The ops of the first block of region `index` of `op`.
pub fn region_ops(ir: &Ir, op: OpId, index: usize) -> Vec<OpId> {
    ir.entry_block_ops(op, index)
}

/// The static entries of `scf.forall`'s `name` (`staticLowerBound`, ...).
pub fn forall_statics(ctx: &Context, ir: &Ir, op: OpId, name: &str) -> Vec<i64> {
    inherent_attr(ctx, ir, op, name)
        .map(|a| ods_runtime::attr::dense_array_values(ctx, a))
        .unwrap_or_default()
}

/// Operand groups of `scf.forall`: lower bounds, upper bounds, steps,
/// outputs.
pub fn forall_groups(ctx: &Context, ir: &Ir, op: OpId) -> [Vec<Value>; 4] {
    let sizes = segment_sizes(ctx, ir, op, "operandSegmentSizes", 4);
    std::array::from_fn(|i| {
        segment_group(&sizes, i)
            .filter(|&k| k < ir.num_operands(op))
            .map(|k| ir.operand(op, k))
            .collect()
    })
}

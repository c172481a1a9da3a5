//! Rewriting and transforming IR, the counterpart of MLIR's `Rewrite`,
//! `Transforms` and `Pass` libraries.
//!
//! - [`rewrite`]: rewrite patterns ([`rewrite::Pattern`]), the
//!   [`rewrite::Rewriter`] they change IR through, the greedy driver
//!   behind `--canonicalize`, region simplification, and the
//!   canonicalization patterns each dialect registers with its registry.
//! - [`pass`]: the pass manager: passes registered by name
//!   ([`pass::PassRegistry`]) with their options, textual pipelines
//!   (`builtin.module(func.func(cse))`) and running them.
//! - [`inliner`]: `--inline`, the dialect inliner interface each dialect
//!   registers, and inlining one call.
//! - [`conversion`]: dialect conversion (targets, type converters,
//!   conversion patterns and the drivers that apply them with rollback),
//!   and `--reconcile-unrealized-casts`.
//! - The generic passes, each equal to the `mlir-opt` pass of the same
//!   name: common sub-expression elimination ([`cse`]), loop-invariant
//!   code motion ([`licm`]) and dead symbol elimination ([`symbol_dce`]),
//!   with what they share: op equivalence ([`equivalence`]), side-effect
//!   and speculation queries ([`side_effects`]) and block dominance
//!   ([`dominance`]).
//!
//! In: a registry (traits, interface tables, patterns) and the IR under an
//! op. Out: the IR transformed in place. Depends on `ir` and on
//! `ods-runtime` (the interfaces the passes ask), never on a dialect.

pub mod conversion;
pub mod cse;
pub mod dominance;
pub mod equivalence;
pub mod inliner;
pub mod licm;
pub mod pass;
pub mod rewrite;
pub mod side_effects;
pub mod symbol_dce;

pub use cse::{cse, CseStats};
pub use licm::{loop_invariant_code_motion, move_loop_invariant_code};
pub use symbol_dce::symbol_dce;

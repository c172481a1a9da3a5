//! Passes over any dialect's IR that ask only interfaces and traits:
//! common sub-expression elimination ([`cse`]), loop-invariant code motion
//! ([`licm`]) and dead symbol elimination ([`symbol_dce`]), each equal to
//! the `mlir-opt` pass of the same name, with what they share: op
//! equivalence ([`equivalence`]), side-effect and speculation queries
//! ([`side_effects`]) and block dominance ([`dominance`]).
//!
//! In: a registry (traits, interface tables) and the IR under an op. Out:
//! the IR transformed in place. The `ods-opt` driver runs them by name
//! (`dialects::passes`).

pub mod cse;
pub mod dominance;
pub mod equivalence;
pub mod licm;
pub mod side_effects;
pub mod symbol_dce;

pub use cse::{cse, CseStats};
pub use licm::{loop_invariant_code_motion, move_loop_invariant_code};
pub use symbol_dce::symbol_dce;

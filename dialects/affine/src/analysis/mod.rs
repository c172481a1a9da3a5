//! Analyses of affine code that the affine transforms share (upstream's
//! `Dialect/Affine/Analysis`): memory accesses and where they sit
//! ([`access`]), integer constraint systems ([`constraints`]), the
//! dependence check between two accesses ([`dependence`]), dominance
//! between ops ([`dominance`]), and what may intervene between two ops,
//! with the local alias analysis it asks ([`effects`]).
//!
//! The affine expressions, maps and their flattening are `ir::affine`'s;
//! composing maps with their operands is [`crate::compose`]'s. What is
//! here adds SSA values, loops and memory.

pub mod access;
pub mod constraints;
pub mod dependence;
pub mod dominance;
pub mod effects;

#[cfg(test)]
mod tests;

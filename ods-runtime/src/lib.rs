//! What code generated from ODS specs calls at run time: the `Op` trait and
//! registration, constraint predicates, operand-segment helpers and the
//! assembly-format helpers. Generated code depends on this crate and on `ir`.

pub use ir;

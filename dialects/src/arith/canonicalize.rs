//! Canonicalization patterns of the `arith` dialect (upstream's
//! `ArithCanonicalization.td`), as [`Pattern`]s for `--canonicalize`.
//!
//! In: an op the greedy driver visits. Out: the op rewritten through the
//! [`ods_runtime::rewrite::Rewriter`], or no match.

use ods_runtime::rewrite::Pattern;

/// Every pattern of the dialect, in the order upstream registers them.
pub const CANONICALIZATION_PATTERNS: &[Pattern] = &[];

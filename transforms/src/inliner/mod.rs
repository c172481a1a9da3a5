//! Inlining (MLIR's `InliningUtils`, `Inliner` and `InlinerPass`): the
//! dialect inliner interface ([`interface`]), inlining one call
//! ([`inline_call`]) or region ([`inline_region`]), the call graph and its SCCs, and the `--inline`
//! pass ([`INLINE_PASS`]) that inlines bottom-up over them.
//!
//! In: a symbol-table op (the module) and the dialects' inliner hooks in
//! the registry. Out: calls replaced by their callees' bodies where every
//! dialect involved says it is legal, locations as `callsite(callee at
//! caller)`, the optimization pipeline run on the callables that changed,
//! dead private callables erased.

mod call_graph;
mod driver;
mod inline;
pub mod interface;
mod pass;
mod uses;

pub use crate::rewrite::ValueMapping;
pub use call_graph::CallGraph;
pub use driver::{inline_calls, InlinerConfig};
pub use inline::{inline_call, inline_region, InlineCx};
pub use interface::{DialectInliner, InlineQuery};
pub use pass::INLINE_PASS;

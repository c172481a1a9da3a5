//! The type constraints of a generated file, each defined once.
//!
//! Most ops of a dialect check their operands and results against the same
//! few constraints (`signless-integer-like` on fifty arith ops). Like
//! `mlir-tblgen`'s static verifier functions, the generator gives each
//! distinct constraint (predicate and summary) one `const` of type
//! `ods_runtime::errors::TypeConstraint`, and the ops' `verify_invariants`
//! refer to it, so a predicate is written and compiled once per file.
//!
//! In: every op of the file. Out: the `const` items, and for each checked
//! operand or result the path that names its constraint.

use std::collections::HashMap;

use proc_macro2::{Ident, TokenStream};
use quote::{format_ident, quote};

use super::op_info::rt::*;
use super::snippets::code;
use super::verify::{always_true, predicate_text};
use crate::model::{OpModel, ValueModel};

/// Where the constraint `const`s live.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ConstraintScope {
    /// At the top of the generated file, shared by all its ops.
    File,
    /// In the op's own `impl` (for `#[op]`, which expands one op at a time
    /// into a module that may hold other ops' items).
    Op,
}

/// The distinct type constraints of a set of ops.
pub(crate) struct TypeConstraints {
    scope: ConstraintScope,
    /// Predicate (Rust, over `ctx` and `ty`) and summary, by index.
    entries: Vec<(String, String)>,
    index: HashMap<(String, String), usize>,
}

impl TypeConstraints {
    /// Collects the constraints of the operands and results of `ops` that
    /// check anything. A predicate that cannot be rendered is left out
    /// here; the op's own generation reports it.
    pub fn collect<'m>(ops: impl IntoIterator<Item = &'m OpModel>, scope: ConstraintScope) -> Self {
        let mut table = TypeConstraints {
            scope,
            entries: Vec::new(),
            index: HashMap::new(),
        };
        for op in ops {
            for v in op.operands.iter().chain(&op.results) {
                if let Some(key) = key(v) {
                    let next = table.entries.len();
                    table.index.entry(key.clone()).or_insert_with(|| {
                        table.entries.push(key);
                        next
                    });
                }
            }
        }
        table
    }

    /// `TYPE_CONSTRAINT_N` (or `Self::TYPE_CONSTRAINT_N`) for the
    /// constraint of value `v`; `None` when it checks nothing or was not
    /// collected.
    pub fn reference(&self, v: &ValueModel) -> Option<TokenStream> {
        let i = *self.index.get(&key(v)?)?;
        let name = const_name(i);
        Some(match self.scope {
            ConstraintScope::File => quote!(#name),
            ConstraintScope::Op => quote!(Self::#name),
        })
    }

    /// The `const` items of the constraints `used` says are referred to
    /// (all of them at file scope, the op's own at op scope).
    pub fn items(&self, used: impl Fn(usize) -> bool) -> Result<TokenStream, String> {
        let mut out = TokenStream::new();
        for (i, (pred, summary)) in self.entries.iter().enumerate() {
            if !used(i) {
                continue;
            }
            let name = const_name(i);
            let check = code(pred, &format!("type constraint '{summary}'"))?;
            let ctx = unused_unless_named(pred, "ctx");
            let ty = unused_unless_named(pred, "ty");
            let doc = format!(" {summary}");
            out.extend(quote! {
                #[doc = #doc]
                const #name: #RT_MOD_ERRORS::TypeConstraint =
                    #RT_MOD_ERRORS::TypeConstraint {
                        summary: #summary,
                        check: |#ctx, #ty| #check,
                    };
            });
        }
        Ok(out)
    }

    /// Indices of the constraints the values of `op` refer to.
    pub fn used_by(&self, op: &OpModel) -> Vec<usize> {
        let mut used: Vec<usize> = op
            .operands
            .iter()
            .chain(&op.results)
            .filter_map(|v| self.index.get(&key(v)?).copied())
            .collect();
        used.sort_unstable();
        used.dedup();
        used
    }

    pub fn scope(&self) -> ConstraintScope {
        self.scope
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
}

/// The table key of value `v`'s constraint: its predicate as Rust over
/// `ctx` and `ty`, and its summary. `None` for a constraint that checks
/// nothing, or whose predicate reads more than the type (`$_ir`), which
/// stays inline.
fn key(v: &ValueModel) -> Option<(String, String)> {
    let pred = &v.constraint.predicate;
    if always_true(pred) {
        return None;
    }
    let text = predicate_text(pred, "ty").ok()?;
    if names(&text, "ir") || names(&text, "self") {
        return None;
    }
    Some((text, v.constraint.summary.clone()))
}

fn const_name(i: usize) -> Ident {
    format_ident!("TYPE_CONSTRAINT_{}", i)
}

/// Whether `text` uses the identifier `word`.
fn names(text: &str, word: &str) -> bool {
    text.split(|c: char| !(c.is_alphanumeric() || c == '_'))
        .any(|w| w == word)
}

/// `word` as a closure parameter, `_` when the body does not use it.
fn unused_unless_named(text: &str, word: &str) -> Ident {
    match names(text, word) {
        true => format_ident!("{}", word),
        false => format_ident!("_"),
    }
}

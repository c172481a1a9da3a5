//! `SymbolOpInterface`'s verifier (upstream's `verifySymbol` and the
//! interface's own checks) and the visibility it reads.
//!
//! In: an op implementing the interface. Out: `Ok`, or the first problem
//! worded as `mlir-opt` words it: a missing name, a visibility that is not
//! `public`, `private` or `nested`, a public declaration, results.

use super::SymbolOpInterface;
use crate::op::inherent_attr;
use ir::printer::attrs::print_attribute_str;
use ir::registry::VerifyError;
use ir::{AttrKind, Context, Ir, OpId};

/// Where a symbol may be referred to from (upstream's
/// `SymbolTable::Visibility`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Visibility {
    /// From anywhere (the default).
    Public,
    /// From inside its symbol table only.
    Private,
    /// From inside its symbol table and the tables nested in it.
    Nested,
}

/// The visibility `op`'s `sym_visibility` attribute says (public when it
/// is absent or not one of the three).
pub fn symbol_visibility(ctx: &Context, ir: &Ir, op: OpId) -> Visibility {
    match inherent_attr(ctx, ir, op, "sym_visibility").map(|a| ctx.attr_kind(a)) {
        Some(AttrKind::String { value, .. }) if &value[..] == b"private" => Visibility::Private,
        Some(AttrKind::String { value, .. }) if &value[..] == b"nested" => Visibility::Nested,
        _ => Visibility::Public,
    }
}

/// The verifier of `SymbolOpInterface`, in upstream's order (an optional
/// symbol without a name is not checked), ending with the check that a
/// registered parent is a symbol table, whose answer the core verifier
/// records ([`ir::symbols::symbol_parent_lacks_symbol_table`]).
pub fn verify_symbol<T: SymbolOpInterface>(
    op: T,
    ctx: &Context,
    ir: &Ir,
) -> Result<(), VerifyError> {
    let this = crate::Op::op(op);
    let name = inherent_attr(ctx, ir, this, "sym_name");
    if op.is_optional_symbol() && name.is_none() {
        return Ok(());
    }
    if !name.is_some_and(|n| matches!(ctx.attr_kind(n), AttrKind::String { .. })) {
        return Err(VerifyError::op_error(
            "requires string attribute 'sym_name'",
        ));
    }
    if let Some(vis) = inherent_attr(ctx, ir, this, "sym_visibility") {
        if !matches!(ctx.attr_kind(vis), AttrKind::String { .. }) {
            return Err(VerifyError::op_error(format!(
                "requires visibility attribute 'sym_visibility' to be a string attribute, but got {}",
                print_attribute_str(ctx, vis)
            )));
        }
        if !matches!(ctx.string_bytes(vis), b"public" | b"private" | b"nested") {
            return Err(VerifyError::op_error(format!(
                "visibility expected to be one of [\"public\", \"private\", \"nested\"], but got {}",
                print_attribute_str(ctx, vis)
            )));
        }
    }
    if op.is_declaration(ctx, ir) && op.is_public(ctx, ir) {
        return Err(VerifyError::op_error(
            "symbol declaration cannot have public visibility",
        ));
    }
    if ir.num_results(this) != 0 {
        return Err(VerifyError::op_error("symbols must not have results"));
    }
    if ir::symbols::symbol_parent_lacks_symbol_table(this) {
        return Err(VerifyError::op_error(
            "symbol's parent must have the SymbolTable trait",
        ));
    }
    Ok(())
}

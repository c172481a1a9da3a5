//! Pieces the scf custom forms share (memref's too): writing MLIR's assignment lists
//! (`(%arg = %init, ...)`; `OpAsmParser::parse_assignment_list` reads
//! them) and the split of a parsed attribute dictionary into properties
//! and discardable attributes.
//!
//! In: the parser or printer of an op's custom form. Out: what was read,
//! or the text.

use ir::printer::ops::OpAsmPrinter;
use ir::{AttrKind, Attribute, NamedAttribute, Value};

/// Writes `prefix(%arg = %init, ...)`, nothing when there are no
/// initializers.
pub(super) fn print_initialization_list(
    pr: &mut OpAsmPrinter<'_, '_>,
    args: &[Value],
    inits: &[Value],
    prefix: &str,
) {
    if inits.is_empty() {
        return;
    }
    pr.print_str(prefix);
    pr.print_str("(");
    for (i, (&arg, &init)) in args.iter().zip(inits).enumerate() {
        if i > 0 {
            pr.print_str(", ");
        }
        pr.print_operand(arg);
        pr.print_str(" = ");
        pr.print_operand(init);
    }
    pr.print_str(")");
}

pub(crate) use ods_runtime::format::set_attributes;

/// The entries of an attribute dictionary (none for `None`).
pub(crate) fn dict_entries(ctx: &ir::Context, dict: Option<Attribute>) -> Vec<NamedAttribute> {
    match dict.map(|d| ctx.attr_kind(d)) {
        Some(AttrKind::Dictionary(entries)) => entries.to_vec(),
        _ => Vec::new(),
    }
}

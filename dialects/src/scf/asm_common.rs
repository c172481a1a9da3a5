//! Pieces the scf custom forms share (memref's too): writing MLIR's assignment lists
//! (`(%arg = %init, ...)`; `OpAsmParser::parse_assignment_list` reads
//! them) and the split of a parsed attribute dictionary into properties
//! and discardable attributes.
//!
//! In: the parser or printer of an op's custom form. Out: what was read,
//! or the text.

use ir::parser::ops::OpAsmParser;
use ir::printer::ops::OpAsmPrinter;
use ir::{AttrKind, Attribute, NamedAttribute, OperationState, Value};

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

/// Fills the op's attributes: `props` and the entries of `dict` named in
/// `inherent` become its properties, every other entry is discardable.
pub(crate) fn set_attributes(
    p: &mut OpAsmParser<'_>,
    state: &mut OperationState,
    dict: Option<Attribute>,
    inherent: &[&str],
    mut props: Vec<NamedAttribute>,
) {
    let mut discardable = Vec::new();
    for e in dict_entries(p.ctx(), dict) {
        if inherent.contains(&p.ctx().str(e.name)) {
            props.retain(|q| q.name != e.name);
            props.push(e);
        } else {
            discardable.push(e);
        }
    }
    if !props.is_empty() {
        state.props = Some(p.ctx().dictionary_attr(props));
    }
    if !discardable.is_empty() {
        state.attrs = Some(p.ctx().dictionary_attr(discardable));
    }
}

/// The entries of an attribute dictionary (none for `None`).
pub(crate) fn dict_entries(ctx: &ir::Context, dict: Option<Attribute>) -> Vec<NamedAttribute> {
    match dict.map(|d| ctx.attr_kind(d)) {
        Some(AttrKind::Dictionary(entries)) => entries.to_vec(),
        _ => Vec::new(),
    }
}

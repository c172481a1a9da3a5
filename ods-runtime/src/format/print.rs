//! What every printer generated from a declarative assembly format shares:
//! the attribute dictionary with the format's own attributes left out, and
//! enum cases as keywords.
//!
//! In: an [`OpAsmPrinter`] and the op. Out: text, spaced as `mlir-opt`'s
//! generated printers space it (the generated code decides the spaces
//! between elements; these helpers print one element each).

use ir::printer::ops::OpAsmPrinter;
use ir::{Attribute, OpId, Value};
use smallvec::SmallVec;

/// The default of attribute `name` that op `op`'s registration computed
/// (`OpInfo::defaults`): how a generated printer, which cannot intern,
/// tells whether an attribute whose default exists only as an attribute
/// (built by its `constBuilderCall` alone) holds it. `None` when the op
/// gets no such default or is not registered.
pub fn registered_default(
    pr: &mut OpAsmPrinter<'_, '_>,
    op: OpId,
    name: &str,
) -> Option<Attribute> {
    let defaults = pr.registered_defaults(op)?;
    crate::op::dict_get(pr.ctx(), defaults, name)
}

/// Prints the op's attributes (properties and discardable ones, sorted by
/// name) but those in `elided` and those in `at_default` (default-valued
/// attributes holding their default), as ` {a = 1}` or, with `keyword`,
/// ` attributes {a = 1}`; nothing when none is left.
pub fn print_attr_dict(
    pr: &mut OpAsmPrinter<'_, '_>,
    op: OpId,
    elided: &[&str],
    at_default: &[&str],
    keyword: bool,
) {
    // Most ops show none of their attributes (the format prints them, or
    // they hold their defaults), and most store none: tell that from the
    // stored dictionaries before building the sorted list.
    let (ctx, ir) = (pr.ctx(), pr.ir());
    let hidden = |name: &[u8]| {
        let is = |h: &&str| ir::bytes::bytes_eq(h.as_bytes(), name);
        elided.iter().any(is) || at_default.iter().any(is)
    };
    let shows = |dict: Option<Attribute>| match dict.map(|d| ctx.attr_kind(d)) {
        Some(ir::AttrKind::Dictionary(entries)) => {
            entries.iter().any(|e| !hidden(ctx.bytes(e.name)))
        }
        _ => false,
    };
    if !shows(ir.props(op)) && !shows(ir.attrs(op)) {
        return;
    }
    let attrs = pr.op_attrs(op);
    let mut all: Vec<&str> = elided.to_vec();
    all.extend_from_slice(at_default);
    if keyword {
        pr.print_optional_attr_dict_with_keyword(&attrs, &all);
    } else {
        pr.print_optional_attr_dict(&attrs, &all);
    }
}

/// Prints the op's discardable attributes (sorted by name) as
/// [`print_attr_dict`] does: beside a `prop-dict`, which shows the
/// properties.
pub fn print_discardable_attr_dict(pr: &mut OpAsmPrinter<'_, '_>, op: OpId, keyword: bool) {
    let ctx = pr.ctx();
    let mut attrs = match pr.ir().attrs(op).map(|d| ctx.attr_kind(d)) {
        Some(ir::AttrKind::Dictionary(entries)) => entries.to_vec(),
        _ => Vec::new(),
    };
    attrs.sort_by(|a, b| ctx.bytes(a.name).cmp(ctx.bytes(b.name)));
    if keyword {
        pr.print_optional_attr_dict_with_keyword(&attrs, &[]);
    } else {
        pr.print_optional_attr_dict(&attrs, &[]);
    }
}

/// Prints an enum case as a bare keyword, or as a string when it is not
/// a valid keyword.
pub fn print_enum_case(pr: &mut OpAsmPrinter<'_, '_>, case: &str) {
    pr.print_keyword_or_string(case.as_bytes());
}

/// Prints a bit-enum value as mlir-tblgen's printers do: a single flag as
/// a bare keyword (a string when it is not one), anything else (no flag,
/// several) as a string, `"read|write"`.
pub fn print_bit_enum_case(pr: &mut OpAsmPrinter<'_, '_>, value: impl Into<u64>, text: &str) {
    if value.into().is_power_of_two() {
        pr.print_keyword_or_string(text.as_bytes());
    } else {
        pr.print_string(text.as_bytes());
    }
}

/// Prints the types of `values`, comma-separated.
pub fn print_value_types(pr: &mut OpAsmPrinter<'_, '_>, values: &[Value]) {
    let ir = pr.ir();
    pr.print_types(values.iter().map(|&v| ir.value_type(v)));
}

/// Prints operand `i` of `op`, an op whose operands are all single ones
/// (nothing when the op has fewer, as for an empty group).
#[inline]
pub fn print_operand_at(pr: &mut OpAsmPrinter<'_, '_>, op: OpId, i: usize) {
    let ir = pr.ir();
    if i < ir.num_operands(op) {
        pr.print_operand(ir.operand(op, i));
    }
}

/// Prints the type of operand `i` of `op`, as [`print_operand_at`].
#[inline]
pub fn print_operand_type_at(pr: &mut OpAsmPrinter<'_, '_>, op: OpId, i: usize) {
    let ir = pr.ir();
    if i < ir.num_operands(op) {
        pr.print_type(ir.value_type(ir.operand(op, i)));
    }
}

/// Prints the type of result `i` of `op`, an op whose results are all
/// single ones.
#[inline]
pub fn print_result_type_at(pr: &mut OpAsmPrinter<'_, '_>, op: OpId, i: usize) {
    let ir = pr.ir();
    if i < ir.num_results(op) {
        pr.print_type(ir.value_type(ir.result(op, i)));
    }
}

/// Prints the type of each of `values` (a single operand or result)
/// stripped of its `!dialect.mnemonic` prefix, as a format's `type($x)`
/// shows a constraint that is a dialect type definition (MLIR's
/// `printStrippedAttrOrType`; other kinds of type print whole).
pub fn print_stripped_value_types(pr: &mut OpAsmPrinter<'_, '_>, values: &[Value]) {
    let ir = pr.ir();
    for &v in values {
        pr.print_stripped_type(ir.value_type(v));
    }
}

/// Prints `(inputs) -> results` for the types of two value lists.
pub fn print_functional_type(pr: &mut OpAsmPrinter<'_, '_>, inputs: &[Value], results: &[Value]) {
    let ir = pr.ir();
    let ins: Vec<_> = inputs.iter().map(|&v| ir.value_type(v)).collect();
    let outs: Vec<_> = results.iter().map(|&v| ir.value_type(v)).collect();
    pr.print_functional_type(&ins, &outs);
}

/// Prints successors, comma-separated.
pub fn print_successors(pr: &mut OpAsmPrinter<'_, '_>, blocks: &[ir::BlockId]) {
    for (i, &b) in blocks.iter().enumerate() {
        if i > 0 {
            pr.print_str(", ");
        }
        pr.print_successor(b);
    }
}

/// The values of one ODS group, kept inline while the group is short (a
/// generated printer asks for a group or two per op; most hold one value).
/// It derefs to `[Value]`.
pub type GroupValues = SmallVec<[Value; 4]>;

/// Prints the sub-groups of a variadic-of-variadic operand group as
/// `(%a, %b), (), (%c)`.
pub fn print_nested_operands(pr: &mut OpAsmPrinter<'_, '_>, groups: &[Vec<Value>]) {
    for (i, group) in groups.iter().enumerate() {
        if i > 0 {
            pr.print_str(", ");
        }
        pr.print_str("(");
        pr.print_operands(group.iter().copied());
        pr.print_str(")");
    }
}

/// Prints the types of each sub-group as `(i32, i64), (), (f32)`.
pub fn print_nested_types(pr: &mut OpAsmPrinter<'_, '_>, groups: &[Vec<Value>]) {
    let ir = pr.ir();
    for (i, group) in groups.iter().enumerate() {
        if i > 0 {
            pr.print_str(", ");
        }
        pr.print_str("(");
        pr.print_types(group.iter().map(|&v| ir.value_type(v)));
        pr.print_str(")");
    }
}

/// The operands of `op` in `range` (one ODS group).
pub fn operands_in(ir: &ir::Ir, op: OpId, range: std::ops::Range<usize>) -> GroupValues {
    group_of(ir.operands(op), range)
}

/// The results of `op` in `range` (one ODS group).
pub fn results_in(ir: &ir::Ir, op: OpId, range: std::ops::Range<usize>) -> GroupValues {
    group_of(ir.results(op), range)
}

/// The values of `all` in `range`, pushed one by one (a group holds a
/// value or two: cheaper than `SmallVec`'s general `extend`).
fn group_of(all: impl Iterator<Item = Value>, range: std::ops::Range<usize>) -> GroupValues {
    let mut group = GroupValues::new();
    for v in all.skip(range.start).take(range.len()) {
        group.push(v);
    }
    group
}

/// Successor group `start` of `op`: one block, or every block from
/// `start` on for a variadic group (variadic successors come last).
pub fn successors_in(ir: &ir::Ir, op: OpId, start: usize, variadic: bool) -> Vec<ir::BlockId> {
    let take = if variadic { usize::MAX } else { 1 };
    ir.successors(op).skip(start).take(take).collect()
}

/// The sub-groups of a variadic-of-variadic operand group of `op` in
/// `range`, sized by the `array<i32: ...>` attribute `segments`.
pub fn nested_operands_in(
    ctx: &ir::Context,
    ir: &ir::Ir,
    op: OpId,
    range: std::ops::Range<usize>,
    segments: &str,
) -> Vec<Vec<Value>> {
    let values = operands_in(ir, op, range);
    let sizes = crate::op::inherent_attr(ctx, ir, op, segments)
        .and_then(|a| crate::pred::dense_i32_array(ctx, a))
        .unwrap_or_default();
    let mut out = Vec::new();
    let mut at = 0usize;
    for size in sizes {
        let end = (at + size.max(0) as usize).min(values.len());
        out.push(values[at..end].to_vec());
        at = end;
    }
    out
}

/// The types of each sub-group.
pub fn nested_types(ir: &ir::Ir, groups: &[Vec<Value>]) -> Vec<Vec<ir::Type>> {
    groups
        .iter()
        .map(|g| g.iter().map(|&v| ir.value_type(v)).collect())
        .collect()
}

/// The types of `values`.
pub fn types_of(ir: &ir::Ir, values: &[Value]) -> Vec<ir::Type> {
    values.iter().map(|&v| ir.value_type(v)).collect()
}

/// Region group `start` of `op`: one region, or every region from `start`
/// on for a variadic group (a variadic region group comes last).
pub fn regions_in(ir: &ir::Ir, op: OpId, start: usize, variadic: bool) -> Vec<ir::RegionId> {
    let take = if variadic { usize::MAX } else { 1 };
    ir.regions(op)
        .iter()
        .skip(start)
        .take(take)
        .copied()
        .collect()
}

/// Prints a region as mlir-tblgen's printers do: entry-block arguments
/// shown, an empty entry block without its label. With
/// `implicit_terminator` (`SingleBlockImplicitTerminator` ops) the entry
/// block's terminator is left out when it has no operands, results or
/// attributes, so the parser re-creates it.
pub fn print_region(
    pr: &mut OpAsmPrinter<'_, '_>,
    region: ir::RegionId,
    implicit_terminator: bool,
) {
    let mut terminators = true;
    if implicit_terminator {
        let ir = pr.ir();
        let last = ir.first_block(region).and_then(|b| ir.last_op(b));
        if let Some(term) = last {
            terminators = ir.operands(term).next().is_some()
                || ir.results(term).next().is_some()
                || !pr.op_attrs(term).is_empty();
        }
    }
    pr.print_region(region, true, terminators, false);
}

/// Prints regions comma-separated, each as [`print_region`] does.
pub fn print_regions(
    pr: &mut OpAsmPrinter<'_, '_>,
    regions: &[ir::RegionId],
    implicit_terminator: bool,
) {
    for (i, &r) in regions.iter().enumerate() {
        if i > 0 {
            pr.print_str(", ");
        }
        print_region(pr, r, implicit_terminator);
    }
}

//! Operand bundles in custom forms (upstream's `custom<OpBundles>`):
//! `["align"(%p, %n : !llvm.ptr, i64), "cold"()]`, each bundle a string
//! tag and its operands with their types.

use ods_runtime::ir::parser::ops::{OpAsmParser, UnresolvedOperand};
use ods_runtime::ir::parser::{Delimiter, PResult};
use ods_runtime::ir::printer::ops::OpAsmPrinter;
use ods_runtime::ir::{AttrKind, Attribute, OpId, Type, Value};

/// Reads `[bundle, ...]` if a `[` is next. An empty `[]`, or no list at
/// all, reads no bundle and sets no tags, as upstream's parser.
///
/// It answers `Ok(true)` (the optional group is there) even without a
/// list: upstream's parsers set `op_bundle_sizes` (to `array<i32>`)
/// whether or not the group was written, and the generated code sets it
/// only for a group that is there. The printer prints nothing without
/// tags, so the group stays optional in print.
pub fn parse_op_bundles<'a>(
    p: &mut OpAsmParser<'a>,
    operands: &mut Vec<Vec<UnresolvedOperand<'a>>>,
    types: &mut Vec<Vec<Type>>,
    tags: &mut Option<Attribute>,
) -> PResult<bool> {
    if !p.parse_optional_lsquare() {
        return Ok(true);
    }
    if p.parse_optional_rsquare() {
        return Ok(true);
    }
    let mut tag_attrs = Vec::new();
    p.parse_comma_separated_list(Delimiter::None, "", |p| {
        let at = p.current_location();
        let Some(tag) = p.parse_optional_string() else {
            p.emit_error_here::<()>("expected string").ok();
            return p.emit_error_also(at, "expect operand bundle tag");
        };
        p.parse_lparen()?;
        let (mut group, mut group_types) = (Vec::new(), Vec::new());
        if !p.parse_optional_rparen() {
            group = p.parse_operand_list_without_result_numbers(Delimiter::None)?;
            p.parse_colon()?;
            group_types = p.parse_type_list()?;
            p.parse_rparen()?;
        }
        operands.push(group);
        types.push(group_types);
        tag_attrs.push(p.ctx().string_attr(&tag));
        Ok(())
    })?;
    p.parse_rsquare()?;
    *tags = Some(p.ctx().array_attr(&tag_attrs));
    Ok(true)
}

/// Prints what [`parse_op_bundles`] reads; nothing without tags.
pub fn print_op_bundles(
    pr: &mut OpAsmPrinter<'_, '_>,
    _op: OpId,
    operands: &[Vec<Value>],
    types: &[Vec<Type>],
    tags: Option<Attribute>,
) {
    let tags: Vec<Vec<u8>> = match tags.map(|t| pr.ctx().attr_kind(t)) {
        Some(AttrKind::Array(items)) => items
            .iter()
            .map(|&a| match pr.ctx().attr_kind(a) {
                AttrKind::String { value, .. } => value.to_vec(),
                _ => Vec::new(),
            })
            .collect(),
        _ => return,
    };
    if tags.is_empty() {
        return;
    }
    pr.print_str("[");
    for (i, tag) in tags.iter().enumerate() {
        if i > 0 {
            pr.print_str(", ");
        }
        // Upstream writes the tag between quotes as it is, unescaped.
        pr.print_str("\"");
        pr.print_str(&String::from_utf8_lossy(tag));
        pr.print_str("\"(");
        let group = operands.get(i).map_or(&[][..], Vec::as_slice);
        if !group.is_empty() {
            pr.print_operands(group.iter().copied());
            pr.print_str(" : ");
            let group_types = types.get(i).map_or(&[][..], Vec::as_slice);
            pr.print_types(group_types.iter().copied());
        }
        pr.print_str(")");
    }
    pr.print_str("]");
}

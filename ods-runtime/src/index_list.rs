//! Custom directives of MLIR's `ViewLikeInterface` that several dialects'
//! formats use (memref today; tensor, scf and vector ops take the same
//! lists): `custom<DynamicIndexList>`, a list whose entries are each an
//! integer or an SSA value, such as `[0, %i, 4]`.
//!
//! In: the tokens of the list (parsers) or the op's values and the array
//! of static entries (printers). Out: the values, and the static entries
//! with [`DYNAMIC`] where a value stands (MLIR's `ShapedType::kDynamic`),
//! stored as a `DenseI64ArrayAttr`; or the text, as `mlir-opt` 22 prints
//! it.

use ir::parser::ops::{OpAsmParser, UnresolvedOperand};
use ir::parser::{Delimiter, PResult, ParseError};
use ir::printer::ops::OpAsmPrinter;
use ir::{Attribute, OpId, Value};

/// The static entry of a list element given as a value.
pub const DYNAMIC: i64 = ir::types::DYNAMIC;

/// Reads a list of integers and values between `delimiter`s; values go
/// to `values`, the returned entries hold [`DYNAMIC`] in their place. An
/// entry in square brackets (`[%v]` or `[4]`) is scalable: its flag is
/// pushed to `scalable` when given (and dropped otherwise, as upstream).
pub fn parse_dynamic_index_list_with<'a>(
    p: &mut OpAsmParser<'a>,
    delimiter: Delimiter,
    values: &mut Vec<UnresolvedOperand<'a>>,
    mut scalable: Option<&mut Vec<bool>>,
) -> PResult<Vec<i64>> {
    let mut statics = Vec::new();
    let listed = p.parse_comma_separated_list(delimiter, " in dynamic index list", |p| {
        // Upstream reads the operand first, then a `[` marking the entry
        // scalable (so `%v[` ... `]` and `[4]` are both accepted).
        let operand = p.parse_optional_operand()?;
        let bracketed = p.parse_optional_lsquare();
        match operand {
            Some(v) => {
                values.push(v);
                statics.push(DYNAMIC);
            }
            None => statics.push(p.parse_integer::<i64>()?),
        }
        if let Some(flags) = scalable.as_deref_mut() {
            flags.push(bracketed);
        }
        // An unclosed `[` fails without a message of its own, as upstream.
        if bracketed && !p.parse_optional_rsquare() {
            return Err(ParseError);
        }
        Ok(())
    });
    if listed.is_err() {
        let at = p.name_location();
        return p.emit_error_also(at, "expected SSA value or integer");
    }
    Ok(statics)
}

/// Writes the list [`parse_dynamic_index_list_with`] reads: each static
/// entry, or the next value in place of a [`DYNAMIC`] one; `scalable`
/// entries (when given) in square brackets.
pub fn print_dynamic_index_list_with(
    pr: &mut OpAsmPrinter<'_, '_>,
    delimiter: Delimiter,
    values: &[Value],
    statics: &[i64],
    scalable: &[bool],
) {
    let (open, close) = match delimiter {
        Delimiter::Paren | Delimiter::OptionalParen => ("(", ")"),
        Delimiter::Square | Delimiter::OptionalSquare => ("[", "]"),
        Delimiter::LessGreater | Delimiter::OptionalLessGreater => ("<", ">"),
        Delimiter::Braces | Delimiter::OptionalBraces => ("{", "}"),
        _ => ("", ""),
    };
    pr.print_str(open);
    let mut next = values.iter();
    for (i, &s) in statics.iter().enumerate() {
        if i > 0 {
            pr.print_str(", ");
        }
        let bracketed = scalable.get(i).copied().unwrap_or(false);
        if bracketed {
            pr.print_str("[");
        }
        match (s == DYNAMIC).then(|| next.next()).flatten() {
            Some(&v) => pr.print_operand(v),
            None => pr.print_integer(i128::from(s)),
        }
        if bracketed {
            pr.print_str("]");
        }
    }
    pr.print_str(close);
}

/// `custom<DynamicIndexList>($values, $statics)`: a square-bracketed list
/// (upstream's default delimiter); the static entries become a
/// `DenseI64ArrayAttr`.
pub fn parse_dynamic_index_list<'a>(
    p: &mut OpAsmParser<'a>,
    values: &mut Vec<UnresolvedOperand<'a>>,
    statics: &mut Option<Attribute>,
) -> PResult<()> {
    let entries = parse_dynamic_index_list_with(p, Delimiter::Square, values, None)?;
    *statics = Some(ods_runtime::attr::dense_array(p.ctx(), &entries));
    Ok(())
}

/// Prints what [`parse_dynamic_index_list`] reads.
pub fn print_dynamic_index_list(
    pr: &mut OpAsmPrinter<'_, '_>,
    _op: OpId,
    values: &[Value],
    statics: Option<Attribute>,
) {
    let entries: Vec<i64> = statics
        .map(|a| ods_runtime::attr::dense_array_values(pr.ctx(), a))
        .unwrap_or_default();
    print_dynamic_index_list_with(pr, Delimiter::Square, values, &entries, &[]);
}

/// The checks of MLIR's `OffsetSizeAndStrideOpInterface` on an op with
/// `static_offsets`, `static_sizes` and `static_strides` and the three
/// matching value groups last among its operands: the three lists agree
/// in length, each has `max_ranks` entries and one value per dynamic
/// entry, and no static offset or size is negative. Messages are
/// `mlir-opt`'s, reported at the op.
pub fn verify_offset_size_and_stride(
    ctx: &ir::Context,
    ir: &ir::Ir,
    op: OpId,
    max_ranks: [usize; 3],
) -> Result<(), ir::registry::VerifyError> {
    use ir::registry::VerifyError;
    let statics = |name: &str| -> Vec<i64> {
        ods_runtime::op::inherent_attr(ctx, ir, op, name)
            .map(|a| ods_runtime::attr::dense_array_values(ctx, a))
            .unwrap_or_default()
    };
    let lists = [
        statics("static_offsets"),
        statics("static_sizes"),
        statics("static_strides"),
    ];
    let sizes = ods_runtime::segments::segment_sizes(ctx, ir, op, "operandSegmentSizes", 4);
    let groups = sizes.len();
    let values = |k: usize| -> usize {
        groups
            .checked_sub(3 - k)
            .map_or(0, |g| ods_runtime::segments::segment_group(&sizes, g).len())
    };
    let err = |m: String| Err(VerifyError::new(m));
    let [offsets, sizes_l, strides] = &lists;
    if !(offsets.len() == 1 && max_ranks[0] == 1) && offsets.len() != sizes_l.len() {
        return err(format!(
            "expected mixed offsets rank to match mixed sizes rank ({} vs {}) so the rank of the result type is well-formed.",
            offsets.len(),
            sizes_l.len()
        ));
    }
    if sizes_l.len() != strides.len() {
        return err(format!(
            "expected mixed sizes rank to match mixed strides rank ({} vs {}) so the rank of the result type is well-formed.",
            sizes_l.len(),
            strides.len()
        ));
    }
    for (k, name) in ["offset", "size", "stride"].into_iter().enumerate() {
        let list = &lists[k];
        if list.len() != max_ranks[k] {
            return err(format!(
                "expected {} {name} values, got {}",
                max_ranks[k],
                list.len()
            ));
        }
        let dynamic = list.iter().filter(|&&s| s == DYNAMIC).count();
        if values(k) != dynamic {
            return err(format!("expected {dynamic} dynamic {name} values"));
        }
    }
    if let Some(o) = offsets.iter().find(|&&o| o < 0 && o != DYNAMIC) {
        return err(format!("expected offsets to be non-negative, but got {o}"));
    }
    if let Some(s) = sizes_l.iter().find(|&&s| s < 0 && s != DYNAMIC) {
        return err(format!("expected sizes to be non-negative, but got {s}"));
    }
    Ok(())
}

//! Operand and result groups of ops with more than one variadic (or
//! optional) operand or result.
//!
//! In: the op's flat operand (or result) list and either the static shape
//! of its groups (`SameVariadicOperandSize`) or the segment-size property
//! (`AttrSizedOperandSegments`: `operandSegmentSizes = array<i32: ...>`).
//! Out: the index range of each group, and verification with `mlir-opt`'s
//! messages, e.g. `operand count (1) does not match with the total size
//! (2) specified in attribute 'operandSegmentSizes'`.

use crate::op::inherent_attr;
use crate::pred::{dense_i32_array, dense_i32_values};
use ir::printer::attrs::print_attribute_str;
use ir::registry::VerifyError;
use ir::{AttrKind, Attribute, Context, Ir, OpId};
use std::ops::Range;

/// The property holding operand group sizes.
pub const OPERAND_SEGMENT_SIZES: &str = "operandSegmentSizes";
/// The property holding result group sizes.
pub const RESULT_SEGMENT_SIZES: &str = "resultSegmentSizes";

/// `SameVariadicOperandSize` / `SameVariadicResultSize`: the range of group
/// `index` among `total` values, where `variadic[i]` says whether group `i`
/// is variadic (or optional). All variadic groups share the values left
/// after the single ones equally, as upstream's
/// `getODSOperandIndexAndLength` does.
///
/// ```
/// use ods_runtime::segments::same_size_group;
/// // (ins I32:$a, Variadic<I32>:$xs, Variadic<I32>:$ys) with 5 operands.
/// assert_eq!(same_size_group(5, &[false, true, true], 1), 1..3);
/// assert_eq!(same_size_group(5, &[false, true, true], 2), 3..5);
/// ```
pub fn same_size_group(total: usize, variadic: &[bool], index: usize) -> Range<usize> {
    let num_variadic = variadic.iter().filter(|&&v| v).count();
    let num_single = variadic.len() - num_variadic;
    let each = total.saturating_sub(num_single) / num_variadic.max(1);
    let size = |v: bool| if v { each } else { 1 };
    let start: usize = variadic[..index].iter().map(|&v| size(v)).sum();
    start..start + size(variadic[index])
}

/// `AttrSizedOperandSegments` / `AttrSizedResultSegments`: the range of
/// group `index` given the segment sizes (call after
/// [`verify_segment_sizes`] passed; a bad size counts as empty).
pub fn segment_group(sizes: &[i32], index: usize) -> Range<usize> {
    let size = |s: i32| usize::try_from(s).unwrap_or(0);
    let start: usize = sizes[..index].iter().map(|&s| size(s)).sum();
    start..start + sizes.get(index).map_or(0, |&s| size(s))
}

/// [`segment_group`] of [`segment_sizes`]: the range of group `index` read
/// from `op`'s property `name` in place (what every generated accessor of
/// an `AttrSizedOperandSegments` op asks, so no list is built). Absent,
/// the sizes are all zero; a size past the stored ones counts as zero.
pub fn segment_group_of(
    ctx: &Context,
    ir: &Ir,
    op: OpId,
    name: &str,
    index: usize,
) -> Range<usize> {
    let Some(mut sizes) = inherent_attr(ctx, ir, op, name).and_then(|a| dense_i32_values(ctx, a))
    else {
        return 0..0;
    };
    let size = |s: i32| usize::try_from(s).unwrap_or(0);
    let start: usize = sizes.by_ref().take(index).map(size).sum();
    start..start + sizes.next().map_or(0, size)
}

/// The segment sizes stored in `op`'s property `name` (MLIR's default, all
/// zero, when the property is absent).
pub fn segment_sizes(ctx: &Context, ir: &Ir, op: OpId, name: &str, groups: usize) -> Vec<i32> {
    inherent_attr(ctx, ir, op, name)
        .and_then(|a| dense_i32_array(ctx, a))
        .unwrap_or_else(|| vec![0; groups])
}

/// Checks the segment-size property `name` (`operandSegmentSizes` or
/// `resultSegmentSizes`) of an op with `groups` groups against `count`
/// actual operands or results. `what` is `"operand"` or `"result"`.
///
/// Messages, as `mlir-opt` prints them: an absent property counts as all
/// zero; a property of the wrong kind or length is `invalid properties
/// {...} for op NAME: ...`; then `'NAME' attribute cannot have negative
/// elements` and `operand count (N) does not match with the total size (M)
/// specified in attribute 'NAME'`.
pub fn verify_segment_sizes(
    ctx: &Context,
    ir: &Ir,
    op: OpId,
    name: &str,
    what: &str,
    groups: usize,
    count: usize,
) -> Result<(), VerifyError> {
    let sizes = match inherent_attr(ctx, ir, op, name) {
        None => vec![0; groups],
        Some(attr) => match dense_i32_array(ctx, attr) {
            None => {
                return Err(invalid_properties(
                    ctx,
                    ir,
                    op,
                    "expected DenseI32ArrayAttr for key `value`",
                ))
            }
            Some(sizes) if sizes.len() != groups => {
                let detail = format!(
                    "size mismatch in attribute conversion: {} vs {groups}",
                    sizes.len()
                );
                return Err(invalid_properties(ctx, ir, op, &detail));
            }
            Some(sizes) => sizes,
        },
    };
    verify_value_sizes(&sizes, name, what, count)
}

/// MLIR's `verifyValueSizeAttr` on sizes already read: no negative sizes,
/// and they sum to `count`. `group_name` is `"operand"`, `"result"`, or
/// the operand's name for a `VariadicOfVariadic` group.
pub fn verify_value_sizes(
    sizes: &[i32],
    attr_name: &str,
    group_name: &str,
    count: usize,
) -> Result<(), VerifyError> {
    if sizes.iter().any(|&s| s < 0) {
        return Err(VerifyError::op_error(format!(
            "'{attr_name}' attribute cannot have negative elements"
        )));
    }
    let total: i64 = sizes.iter().map(|&s| i64::from(s)).sum();
    if usize::try_from(total).ok() != Some(count) {
        return Err(VerifyError::op_error(format!(
            "{group_name} count ({count}) does not match with the total size ({total}) specified in attribute '{attr_name}'"
        )));
    }
    Ok(())
}

/// `VariadicOfVariadic<T, "attr">`: the operand group `operand_name`
/// (holding `group_len` operands) is split into sub-groups by the dense
/// i32 array attribute `attr_name`; returns the sub-group sizes. Messages
/// as `mlir-opt` gives them for `cf.switch`: `requires attribute 'NAME'`,
/// `'NAME' attribute cannot have negative elements`, and `caseOperands
/// count (1) does not match with the total size (2) specified in attribute
/// 'case_operand_segments'`.
pub fn verify_variadic_of_variadic(
    ctx: &Context,
    ir: &Ir,
    op: OpId,
    attr_name: &str,
    operand_name: &str,
    group_len: usize,
) -> Result<Vec<i32>, VerifyError> {
    let attr = inherent_attr(ctx, ir, op, attr_name)
        .ok_or_else(|| crate::errors::missing_attr_error(attr_name))?;
    let sizes = dense_i32_array(ctx, attr).ok_or_else(|| {
        crate::errors::attr_constraint_error(attr_name, "i32 dense array attribute")
    })?;
    verify_value_sizes(&sizes, attr_name, operand_name, group_len)?;
    Ok(sizes)
}

/// The `index`th sub-group of a `VariadicOfVariadic` group that starts at
/// operand `group_start`, given its sub-group sizes.
pub fn sub_group(group_start: usize, sizes: &[i32], index: usize) -> Range<usize> {
    let r = segment_group(sizes, index);
    group_start + r.start..group_start + r.end
}

/// An optional group in an attribute-sized op holds 0 or 1 values:
/// `operand group starting at #N requires 0 or 1 element, but found M`.
pub fn verify_optional_group(what: &str, group: Range<usize>) -> Result<(), VerifyError> {
    if group.len() <= 1 {
        return Ok(());
    }
    Err(VerifyError::op_error(format!(
        "{what} group starting at #{} requires 0 or 1 element, but found {}",
        group.start,
        group.len()
    )))
}

fn invalid_properties(ctx: &Context, ir: &Ir, op: OpId, detail: &str) -> VerifyError {
    let props = ir.props(op).or(ir.attrs(op));
    let shown = props.map_or_else(|| "{}".to_string(), |p| print_attribute_str(ctx, p));
    VerifyError::new(format!(
        "invalid properties {shown} for op {}: {detail}",
        ctx.str(ir.op_name(op))
    ))
}

/// Builds `array<i32: ...>` segment sizes from group lengths (what
/// builders store in `operandSegmentSizes`).
pub fn segment_sizes_attr(ctx: &mut Context, lengths: &[usize]) -> Attribute {
    let sizes: Vec<i32> = lengths
        .iter()
        .map(|&l| i32::try_from(l).unwrap_or(i32::MAX))
        .collect();
    crate::pred::dense_i32_array_attr(ctx, &sizes)
}

/// Whether `attr` is an `array<i32: ...>` (kept for format printers that
/// elide the segment property).
pub fn is_segment_sizes_attr(ctx: &Context, attr: Attribute) -> bool {
    matches!(ctx.attr_kind(attr), AttrKind::DenseArray { .. })
        && dense_i32_array(ctx, attr).is_some()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn segment_ranges() {
        assert_eq!(segment_group(&[1, 0, 2], 0), 0..1);
        assert_eq!(segment_group(&[1, 0, 2], 1), 1..1);
        assert_eq!(segment_group(&[1, 0, 2], 2), 1..3);
        assert_eq!(same_size_group(1, &[false, true, true], 1), 1..1);
        assert_eq!(same_size_group(7, &[true, false, true], 2), 4..7);
    }

    #[test]
    fn a_group_read_in_place_is_the_group_of_the_sizes() {
        use ir::{Location, OperationState};
        let mut ctx = Context::new();
        let mut ir = Ir::new();
        let mut state = OperationState::new(ctx.ident("t.op"), Location::UNKNOWN);
        let name = OPERAND_SEGMENT_SIZES;
        let bare = ir.create_op(&state);
        let sizes = crate::pred::dense_i32_array_attr(&mut ctx, &[1, 0, 2, -1]);
        let key = ctx.ident(name);
        let props = ctx.dictionary_attr(vec![ir::NamedAttribute {
            name: key,
            value: sizes,
        }]);
        state.props = Some(props);
        let sized = ir.create_op(&state);
        for index in 0..4 {
            let stored = segment_sizes(&ctx, &ir, sized, name, 4);
            assert_eq!(
                segment_group_of(&ctx, &ir, sized, name, index),
                segment_group(&stored, index)
            );
            let absent = segment_sizes(&ctx, &ir, bare, name, 4);
            assert_eq!(
                segment_group_of(&ctx, &ir, bare, name, index),
                segment_group(&absent, index)
            );
        }
        // Past the stored sizes: empty, where the list's slice would panic.
        assert_eq!(segment_group_of(&ctx, &ir, sized, name, 9), 3..3);
    }

    #[test]
    fn variadic_of_variadic_messages_match_cf_switch() {
        use ir::builder::OpBuilder;
        use ir::Location;
        let mut ctx = Context::new();
        let mut ir = Ir::new();
        let name = "case_operand_segments";
        let good = crate::pred::dense_i32_array_attr(&mut ctx, &[1, 0]);
        let long = crate::pred::dense_i32_array_attr(&mut ctx, &[2]);
        let good = crate::op::build_props(&mut ctx, &[(name, Some(good))]);
        let long = crate::op::build_props(&mut ctx, &[(name, Some(long))]);
        let mut b = OpBuilder::new(&mut ctx, &mut ir);
        let ok = b.create_op("t.s", Location::UNKNOWN, &[], &[], None, good, 0);
        let bad = b.create_op("t.s", Location::UNKNOWN, &[], &[], None, long, 0);
        let none = b.create_op("t.s", Location::UNKNOWN, &[], &[], None, None, 0);
        let check = |op| verify_variadic_of_variadic(&ctx, &ir, op, name, "caseOperands", 1);
        assert_eq!(check(ok).unwrap(), vec![1, 0]);
        assert_eq!(
            check(bad).unwrap_err().message,
            "caseOperands count (1) does not match with the total size (2) specified in attribute 'case_operand_segments'"
        );
        assert_eq!(
            check(none).unwrap_err().message,
            "requires attribute 'case_operand_segments'"
        );
    }

    #[test]
    fn value_size_messages() {
        let e = verify_value_sizes(&[1, 1], OPERAND_SEGMENT_SIZES, "operand", 1).unwrap_err();
        assert_eq!(
            e.message,
            "operand count (1) does not match with the total size (2) specified in attribute 'operandSegmentSizes'"
        );
        let e = verify_value_sizes(&[-1, 2], OPERAND_SEGMENT_SIZES, "operand", 1).unwrap_err();
        assert_eq!(
            e.message,
            "'operandSegmentSizes' attribute cannot have negative elements"
        );
        assert!(verify_value_sizes(&[0, 1], RESULT_SEGMENT_SIZES, "result", 1).is_ok());
        assert_eq!(sub_group(3, &[2, 0, 1], 2), 5..6);
        let e = verify_optional_group("operand", 2..4).unwrap_err();
        assert_eq!(
            e.message,
            "operand group starting at #2 requires 0 or 1 element, but found 2"
        );
    }
}

//! The checks of MLIR's view interfaces that the standard library's
//! `OffsetSizeAndStrideOpInterface` runs on every op implementing it
//! (`subview`, `reinterpret_cast`, and later tensor's slices): the offset,
//! size and stride lists agree in length with each other and with what
//! the op takes, each static list has one value per dynamic entry, and
//! static offsets and sizes are not negative.
//!
//! In: the op's static lists and counts, read through the interface. Out:
//! `Ok` or the error, worded as `mlir-opt` 22 words it.

use ir::registry::VerifyError;

/// The static entry of a list element given as a value (MLIR's
/// `ShapedType::kDynamic`).
pub const DYNAMIC: i64 = ir::types::DYNAMIC;

/// The names of the three lists, singular.
const NAMES: [&str; 3] = ["offset", "size", "stride"];

/// MLIR's `verifyOffsetSizeAndStrideOp`: `max_ranks` is how many entries
/// each list takes (`getArrayAttrMaxRanks`), `statics` the static lists
/// (dynamic entries [`DYNAMIC`]), `values` how many values each list has.
pub fn verify_offset_size_and_stride(
    max_ranks: [usize; 3],
    statics: &[Vec<i64>; 3],
    values: [usize; 3],
) -> Result<(), VerifyError> {
    let [offsets, sizes, strides] = statics;
    if !(offsets.len() == 1 && max_ranks[0] == 1) && offsets.len() != sizes.len() {
        return Err(VerifyError::new(format!(
            "expected mixed offsets rank to match mixed sizes rank ({} vs {}) so the rank of the result type is well-formed.",
            offsets.len(),
            sizes.len()
        )));
    }
    if sizes.len() != strides.len() {
        return Err(VerifyError::new(format!(
            "expected mixed sizes rank to match mixed strides rank ({} vs {}) so the rank of the result type is well-formed.",
            sizes.len(),
            strides.len()
        )));
    }
    for k in 0..3 {
        let (name, list) = (NAMES[k], &statics[k]);
        if list.len() != max_ranks[k] {
            return Err(VerifyError::new(format!(
                "expected {} {name} values, got {}",
                max_ranks[k],
                list.len()
            )));
        }
        let dynamic = list.iter().filter(|&&v| v == DYNAMIC).count();
        if values[k] != dynamic {
            return Err(VerifyError::new(format!(
                "expected the number of '{name}s' to match the number of dynamic entries in 'static_{name}s' ({} vs {dynamic})",
                values[k]
            )));
        }
    }
    for (k, list) in [offsets, sizes].into_iter().enumerate() {
        if let Some(&v) = list.iter().find(|&&v| v < 0 && v != DYNAMIC) {
            return Err(VerifyError::new(format!(
                "expected {}s to be non-negative, but got {v}",
                NAMES[k]
            )));
        }
    }
    Ok(())
}

/// The static lists `static_offsets`, `static_sizes` and `static_strides`
/// of `op` (empty when absent).
pub fn static_lists(ctx: &ir::Context, ir: &ir::Ir, op: ir::OpId) -> [Vec<i64>; 3] {
    ["static_offsets", "static_sizes", "static_strides"].map(|name| {
        crate::op::inherent_attr(ctx, ir, op, name)
            .map(|a| crate::attr::dense_array_values(ctx, a))
            .unwrap_or_default()
    })
}

/// How many values the offsets, sizes and strides of `op` have: its last
/// three operand groups (as in every upstream op with the interface).
pub fn dynamic_counts(ctx: &ir::Context, ir: &ir::Ir, op: ir::OpId) -> [usize; 3] {
    let sizes = crate::segments::segment_sizes(ctx, ir, op, "operandSegmentSizes", 0);
    let n = sizes.len();
    if n < 3 {
        return [0; 3];
    }
    [0, 1, 2].map(|k| usize::try_from(sizes[n - 3 + k]).unwrap_or(0))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn message(r: Result<(), VerifyError>) -> String {
        r.err().map(|e| e.message).unwrap_or_default()
    }

    #[test]
    fn lists_of_the_right_lengths_pass() {
        let statics = [vec![1, DYNAMIC], vec![4, 4], vec![1, 1]];
        assert!(verify_offset_size_and_stride([2, 2, 2], &statics, [1, 0, 0]).is_ok());
        // One offset stands for all (reinterpret_cast).
        let statics = [vec![0], vec![4, 4], vec![4, 1]];
        assert!(verify_offset_size_and_stride([1, 2, 2], &statics, [0, 0, 0]).is_ok());
    }

    #[test]
    fn mismatches_are_reported_in_upstream_order() {
        let statics = [vec![1], vec![4, 4], vec![1, 1]];
        assert_eq!(
            message(verify_offset_size_and_stride([2, 2, 2], &statics, [0, 0, 0])),
            "expected mixed offsets rank to match mixed sizes rank (1 vs 2) so the rank of the result type is well-formed."
        );
        let statics = [vec![1, 1, 1], vec![4, 4, 4], vec![1, 1, 1]];
        assert_eq!(
            message(verify_offset_size_and_stride(
                [2, 2, 2],
                &statics,
                [0, 0, 0]
            )),
            "expected 2 offset values, got 3"
        );
        let statics = [vec![1, 1], vec![4, 4], vec![1, 1]];
        assert_eq!(
            message(verify_offset_size_and_stride([2, 2, 2], &statics, [1, 0, 0])),
            "expected the number of 'offsets' to match the number of dynamic entries in 'static_offsets' (1 vs 0)"
        );
        let statics = [vec![-1, 1], vec![4, 4], vec![1, 1]];
        assert_eq!(
            message(verify_offset_size_and_stride(
                [2, 2, 2],
                &statics,
                [0, 0, 0]
            )),
            "expected offsets to be non-negative, but got -1"
        );
    }
}

//! Editable ranges of an op's operands (MLIR's `MutableOperandRange`): a
//! contiguous run of operands, usually one operand group, that can shrink
//! or grow while the size properties describing the op's groups
//! (`operandSegmentSizes`, a `VariadicOfVariadic`'s segment property) stay
//! in step with it.
//!
//! In: an op and the operand indices of a group (what the generated
//! `<name>_mutable` accessors give). Out: the operands edited in place.

use crate::op::{inherent_attr, set_inherent_attr};
use crate::pred::{dense_i32_array, dense_i32_array_attr};
use ir::{Context, Ir, OpId, Value};
use std::ops::Range;

/// Where the size of an operand range is recorded: entry `index` of the
/// `array<i32: ...>` property `attr` (MLIR's `OperandSegment`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OperandSegment {
    /// The property holding the sizes (`operandSegmentSizes`, ...).
    pub attr: &'static str,
    /// The entry of the range's group in it.
    pub index: usize,
}

/// A run of operands of one op that can be edited, keeping the size
/// properties of the groups it belongs to up to date.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MutableOperandRange {
    op: OpId,
    start: usize,
    len: usize,
    /// Outermost first: the op's `operandSegmentSizes` entry, then the
    /// entry of a sub-group inside it.
    segments: Vec<OperandSegment>,
}

impl MutableOperandRange {
    /// Operands `range` of `op`, with no size property to update (an op
    /// whose only variadic group this is).
    pub fn new(op: OpId, range: Range<usize>) -> Self {
        MutableOperandRange {
            op,
            start: range.start,
            len: range.len(),
            segments: Vec::new(),
        }
    }

    /// The same range, whose size is also entry `index` of the property
    /// `attr` (call once per enclosing group, outermost first).
    pub fn in_segment(mut self, attr: &'static str, index: usize) -> Self {
        self.segments.push(OperandSegment { attr, index });
        self
    }

    /// The op the operands belong to.
    pub fn op(&self) -> OpId {
        self.op
    }

    /// The operand indices of the range.
    pub fn range(&self) -> Range<usize> {
        self.start..self.start + self.len
    }

    /// The number of operands in the range.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the range holds no operand.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The size properties kept in step.
    pub fn segments(&self) -> &[OperandSegment] {
        &self.segments
    }

    /// The values of the range.
    pub fn values(&self, ir: &Ir) -> Vec<Value> {
        self.range().map(|i| ir.operand(self.op, i)).collect()
    }

    /// Value `i` of the range.
    pub fn get(&self, ir: &Ir, i: usize) -> Value {
        assert!(i < self.len, "operand {i} of a range of {}", self.len);
        ir.operand(self.op, self.start + i)
    }

    /// Removes `count` operands starting at `i` (relative to the range).
    pub fn erase(&mut self, ctx: &mut Context, ir: &mut Ir, i: usize, count: usize) {
        assert!(i + count <= self.len, "erasing past the end of a range");
        if count == 0 {
            return;
        }
        ir.erase_operands(self.op, self.start + i, count);
        self.len -= count;
        self.resize_segments(ctx, ir, -(count as i64));
    }

    /// Adds `values` at the end of the range.
    pub fn append(&mut self, ctx: &mut Context, ir: &mut Ir, values: &[Value]) {
        if values.is_empty() {
            return;
        }
        ir.insert_operands(self.op, self.start + self.len, values);
        self.len += values.len();
        self.resize_segments(ctx, ir, values.len() as i64);
    }

    /// Makes the range hold exactly `values`.
    pub fn assign(&mut self, ctx: &mut Context, ir: &mut Ir, values: &[Value]) {
        let keep = self.len.min(values.len());
        for (i, &v) in values[..keep].iter().enumerate() {
            ir.set_operand(self.op, self.start + i, v);
        }
        if self.len > keep {
            self.erase(ctx, ir, keep, self.len - keep);
        } else {
            self.append(ctx, ir, &values[keep..]);
        }
    }

    /// Adds `delta` to each size entry of the range (an entry that is
    /// missing or of the wrong kind belongs to an invalid op: left alone).
    fn resize_segments(&self, ctx: &mut Context, ir: &mut Ir, delta: i64) {
        for seg in &self.segments {
            let Some(mut sizes) =
                inherent_attr(ctx, ir, self.op, seg.attr).and_then(|a| dense_i32_array(ctx, a))
            else {
                continue;
            };
            let Some(size) = sizes.get_mut(seg.index) else {
                continue;
            };
            *size = i32::try_from(i64::from(*size) + delta).unwrap_or(0).max(0);
            let attr = dense_i32_array_attr(ctx, &sizes);
            set_inherent_attr(ctx, ir, self.op, seg.attr, Some(attr));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ir::{Location, OperationState};

    fn sizes(ctx: &Context, ir: &Ir, op: OpId, name: &str) -> Vec<i32> {
        dense_i32_array(ctx, inherent_attr(ctx, ir, op, name).unwrap()).unwrap()
    }

    #[test]
    fn edits_keep_segment_sizes_in_step() {
        let mut ctx = Context::new();
        let mut ir = Ir::new();
        let i32t = ctx.int_type(32);
        let def = {
            let name = ctx.ident("t.def");
            let mut s = OperationState::new(name, Location::UNKNOWN);
            s.result_types = vec![i32t; 4];
            ir.create_op(&s)
        };
        let v: Vec<Value> = ir.results(def).collect();
        let name = ctx.ident("t.switchy");
        let mut s = OperationState::new(name, Location::UNKNOWN);
        // Groups: [flag][default: v1][cases: (v2, v3) (v0)].
        s.operands = vec![v[0], v[1], v[2], v[3], v[0]];
        let op = ir.create_op(&s);
        let outer = dense_i32_array_attr(&mut ctx, &[1, 1, 3]);
        let inner = dense_i32_array_attr(&mut ctx, &[2, 1]);
        set_inherent_attr(&mut ctx, &mut ir, op, "operandSegmentSizes", Some(outer));
        set_inherent_attr(&mut ctx, &mut ir, op, "case_segments", Some(inner));

        let mut case0 = MutableOperandRange::new(op, 2..4)
            .in_segment("operandSegmentSizes", 2)
            .in_segment("case_segments", 0);
        assert_eq!(case0.values(&ir), vec![v[2], v[3]]);
        case0.erase(&mut ctx, &mut ir, 0, 1);
        assert_eq!(case0.values(&ir), vec![v[3]]);
        assert_eq!(
            ir.operands(op).collect::<Vec<_>>(),
            vec![v[0], v[1], v[3], v[0]]
        );
        assert_eq!(sizes(&ctx, &ir, op, "operandSegmentSizes"), vec![1, 1, 2]);
        assert_eq!(sizes(&ctx, &ir, op, "case_segments"), vec![1, 1]);

        let mut default = MutableOperandRange::new(op, 1..2).in_segment("operandSegmentSizes", 1);
        default.append(&mut ctx, &mut ir, &[v[2], v[2]]);
        assert_eq!(default.range(), 1..4);
        assert_eq!(sizes(&ctx, &ir, op, "operandSegmentSizes"), vec![1, 3, 2]);
        default.assign(&mut ctx, &mut ir, &[v[3]]);
        assert_eq!(
            ir.operands(op).collect::<Vec<_>>(),
            vec![v[0], v[3], v[3], v[0]]
        );
        assert_eq!(sizes(&ctx, &ir, op, "operandSegmentSizes"), vec![1, 1, 2]);
        assert!(!default.is_empty() && default.len() == 1);
    }
}

//! A run of values the IR keeps in order (some of an op's results or
//! operands, some of a block's arguments), named without copying them:
//! what the control-flow and loop interfaces hand out (upstream's
//! `ValueRange` over `ResultRange`, `OperandRange` and
//! `Block::BlockArgListType`), so asking a loop for its iter_args or a
//! region-branch op for its successors allocates nothing.
//!
//! In: an op or a block and a range of positions. Out: a `Copy` handle
//! whose values are read from the [`Ir`] when asked (its length is fixed
//! when it is made; it reads the values as they are then, so use it
//! while the op or block keeps at least that many).

use ir::{BlockId, Ir, OpId, Value};
use std::ops::Range;

/// Where the values of a [`ValueRange`] live.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
enum Source {
    /// No values.
    #[default]
    Empty,
    /// Results of an op.
    Results(OpId),
    /// Operands of an op.
    Operands(OpId),
    /// Arguments of a block.
    Arguments(BlockId),
}

/// Positions `start..end` among the results or operands of an op or the
/// arguments of a block (see the module documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct ValueRange {
    source: Source,
    start: u32,
    end: u32,
}

impl ValueRange {
    /// No values.
    pub const EMPTY: ValueRange = ValueRange {
        source: Source::Empty,
        start: 0,
        end: 0,
    };

    fn new(source: Source, range: Range<usize>) -> Self {
        let end = u32::try_from(range.end).expect("fewer than 2^32 values");
        ValueRange {
            source,
            start: u32::try_from(range.start.min(range.end)).expect("fewer than 2^32 values"),
            end,
        }
    }

    /// All results of `op`.
    pub fn results(ir: &Ir, op: OpId) -> Self {
        ValueRange::new(Source::Results(op), 0..ir.num_results(op))
    }

    /// The operands of `op` at `range` (clamped to the ones it has).
    pub fn operands(ir: &Ir, op: OpId, range: Range<usize>) -> Self {
        let n = ir.num_operands(op);
        ValueRange::new(Source::Operands(op), range.start.min(n)..range.end.min(n))
    }

    /// All arguments of `block`.
    pub fn arguments(ir: &Ir, block: BlockId) -> Self {
        ValueRange::new(Source::Arguments(block), 0..ir.num_arguments(block))
    }

    /// The arguments of the first block of region `index` of `op` (none
    /// when `op` has no such region or the region has no block).
    pub fn entry_arguments(ir: &Ir, op: OpId, index: usize) -> Self {
        ir.regions(op)
            .get(index)
            .and_then(|&r| ir.first_block(r))
            .map_or(ValueRange::EMPTY, |b| ValueRange::arguments(ir, b))
    }

    /// The values at `range` of these (clamped to the ones there are).
    pub fn slice(self, range: Range<usize>) -> Self {
        let n = self.len();
        let (start, end) = (range.start.min(n), range.end.min(n));
        ValueRange {
            source: self.source,
            start: self.start + start as u32,
            end: self.start + end.max(start) as u32,
        }
    }

    /// All but the first `n` values.
    pub fn skip(self, n: usize) -> Self {
        self.slice(n..self.len())
    }

    /// The first `n` values (all of them when there are fewer).
    pub fn take(self, n: usize) -> Self {
        self.slice(0..n)
    }

    /// How many values.
    pub fn len(&self) -> usize {
        (self.end - self.start) as usize
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.start == self.end
    }

    /// Value `i`, when there is one.
    pub fn get(self, ir: &Ir, i: usize) -> Option<Value> {
        (i < self.len()).then(|| self.at(ir, self.start as usize + i))
    }

    fn at(self, ir: &Ir, position: usize) -> Value {
        match self.source {
            Source::Results(op) => ir.result(op, position),
            Source::Operands(op) => ir.operand(op, position),
            Source::Arguments(block) => ir.argument(block, position),
            Source::Empty => unreachable!("an empty range has no positions"),
        }
    }

    /// The values, in order.
    pub fn iter(self, ir: &Ir) -> impl ExactSizeIterator<Item = Value> + Clone + '_ {
        (self.start as usize..self.end as usize).map(move |p| self.at(ir, p))
    }

    /// The values, copied into a list.
    pub fn to_vec(self, ir: &Ir) -> Vec<Value> {
        self.iter(ir).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ir::{Context, Location, OperationState};

    #[test]
    fn ranges_name_results_operands_and_arguments() {
        let mut ctx = Context::new();
        let mut ir = Ir::new();
        let i32t = ctx.integer_type(32, ir::Signedness::Signless);
        let loc = Location::UNKNOWN;
        let mut state = OperationState::new(ctx.ident("t.def"), loc);
        state.result_types = vec![i32t; 3];
        let def = ir.create_op(&state);
        let results = ValueRange::results(&ir, def);
        assert_eq!(results.len(), 3);
        assert_eq!(results.to_vec(&ir), ir.results(def).collect::<Vec<_>>());
        assert_eq!(results.skip(1).get(&ir, 0), Some(ir.result(def, 1)));
        assert_eq!(results.skip(5), results.slice(3..3));
        assert!(results.skip(5).is_empty());
        assert_eq!(results.take(2).len(), 2);
        assert_eq!(results.get(&ir, 3), None);

        let mut state = OperationState::new(ctx.ident("t.use"), loc);
        state.operands = vec![ir.result(def, 2), ir.result(def, 1), ir.result(def, 0)];
        let user = ir.create_op(&state);
        let operands = ValueRange::operands(&ir, user, 1..9);
        assert_eq!(operands.to_vec(&ir), [ir.result(def, 1), ir.result(def, 0)]);

        let block = ir.create_block();
        ir.add_argument(block, i32t, loc);
        assert_eq!(
            ValueRange::arguments(&ir, block).to_vec(&ir),
            [ir.argument(block, 0)]
        );
        assert_eq!(ValueRange::entry_arguments(&ir, user, 0), ValueRange::EMPTY);
        assert_eq!(ValueRange::EMPTY.iter(&ir).len(), 0);
    }
}

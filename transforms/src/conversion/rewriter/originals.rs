//! The first value of each operand slot a replacement redirected
//! (upstream's deferred replacements leave it in place until the commit;
//! a fold must see it). A conversion redirects nearly every operand slot
//! of the IR once, so the table is dense: each op gets a run of entries,
//! one per operand it had when first redirected, found by its index; a
//! slot past that run (a fold that grew the op's operand list) goes to a
//! small map.

use super::super::log::Redirect;
use ir::OpId;
use rustc_hash::FxHashMap;

/// Redirected slots by (op, operand index).
#[derive(Debug, Default)]
pub(super) struct Originals {
    /// Per op index: where its run starts in `slots` and how long it is
    /// (length 0: the op has no run).
    runs: Vec<(u32, u32)>,
    slots: Vec<Option<Redirect>>,
    /// Slots past their op's run.
    overflow: FxHashMap<(OpId, usize), Redirect>,
}

impl Originals {
    /// Whether `op` may have an entry (a cheap test before a lookup).
    pub fn has_op(&self, op: OpId) -> bool {
        self.runs.get(op.index()).is_some_and(|r| r.1 > 0) || !self.overflow.is_empty()
    }

    /// The entries of the run of `op` (empty when it has none), by
    /// operand index; slots past it are found by [`Originals::get`].
    pub fn run(&self, op: OpId) -> &[Option<Redirect>] {
        match self.runs.get(op.index()) {
            Some(&(start, len)) => &self.slots[start as usize..(start + len) as usize],
            None => &[],
        }
    }

    fn slot(&self, op: OpId, index: usize) -> Option<usize> {
        let &(start, len) = self.runs.get(op.index())?;
        (index < len as usize).then(|| start as usize + index)
    }

    /// The entry of slot `index` of `op`.
    pub fn get(&self, op: OpId, index: usize) -> Option<Redirect> {
        match self.slot(op, index) {
            Some(at) => self.slots[at],
            None if self.overflow.is_empty() => None,
            None => self.overflow.get(&(op, index)).copied(),
        }
    }

    /// Sets the entry of slot `index` of `op` (an op with `num_operands`
    /// operands); the entry it replaces.
    pub fn insert(
        &mut self,
        op: OpId,
        index: usize,
        num_operands: usize,
        entry: Redirect,
    ) -> Option<Redirect> {
        if self.slot(op, index).is_none() && index < num_operands {
            self.make_run(op, num_operands);
        }
        match self.slot(op, index) {
            Some(at) => self.slots[at].replace(entry),
            None => self.overflow.insert((op, index), entry),
        }
    }

    /// Removes the entry of slot `index` of `op`.
    pub fn remove(&mut self, op: OpId, index: usize) {
        match self.slot(op, index) {
            Some(at) => self.slots[at] = None,
            None => {
                self.overflow.remove(&(op, index));
            }
        }
    }

    /// Gives `op` a run of `len` empty entries, when it has none.
    fn make_run(&mut self, op: OpId, len: usize) {
        let i = op.index();
        if i >= self.runs.len() {
            self.runs.resize(i + 1, (0, 0));
        }
        if self.runs[i].1 > 0 {
            return;
        }
        let (Ok(start), Ok(len32)) = (u32::try_from(self.slots.len()), u32::try_from(len)) else {
            return;
        };
        self.slots.resize(self.slots.len() + len, None);
        self.runs[i] = (start, len32);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ir::Value;

    #[test]
    fn entries_are_found_replaced_and_removed_inside_and_past_a_run() {
        let (a, b) = (Value::from_index(0), Value::from_index(1));
        let op = OpId::from_index(3);
        let mut table = Originals::default();
        assert!(!table.has_op(op));
        let first = Redirect {
            original: a,
            now: b,
        };
        assert_eq!(table.insert(op, 1, 2, first), None);
        assert!(table.has_op(op));
        assert_eq!(table.get(op, 1), Some(first));
        assert_eq!(table.get(op, 0), None);
        let second = Redirect {
            original: b,
            now: a,
        };
        assert_eq!(table.insert(op, 1, 2, second), Some(first));
        // Past the run made for two operands.
        assert_eq!(table.insert(op, 5, 6, first), None);
        assert_eq!(table.get(op, 5), Some(first));
        table.remove(op, 5);
        table.remove(op, 1);
        assert_eq!(table.get(op, 5), None);
        assert_eq!(table.get(op, 1), None);
    }
}

//! The driver's worklist: last in, first out, each op at most once, with
//! removal of erased ops (MLIR's greedy `Worklist`).

use ir::OpId;

/// No position: the op is not listed.
const ABSENT: usize = usize::MAX;

#[derive(Default)]
pub(super) struct Worklist {
    list: Vec<Option<OpId>>,
    /// Each listed op's position in `list`, by op index (ops are arena
    /// indices, so a dense table beats hashing on this hot path).
    index: Vec<usize>,
}

impl Worklist {
    pub fn clear(&mut self) {
        for op in self.list.drain(..).flatten() {
            self.index[op.index()] = ABSENT;
        }
    }

    fn position(&self, op: OpId) -> Option<usize> {
        match self.index.get(op.index()) {
            Some(&i) if i != ABSENT => Some(i),
            _ => None,
        }
    }

    fn set_position(&mut self, op: OpId, position: usize) {
        let i = op.index();
        if i >= self.index.len() {
            self.index.resize((i + 1).next_power_of_two(), ABSENT);
        }
        self.index[i] = position;
    }

    /// Adds `op` at the end unless it is already listed.
    pub fn push(&mut self, op: OpId) {
        if self.position(op).is_some() {
            return;
        }
        self.set_position(op, self.list.len());
        self.list.push(Some(op));
    }

    /// The last op listed.
    pub fn pop(&mut self) -> Option<OpId> {
        while let Some(slot) = self.list.pop() {
            if let Some(op) = slot {
                self.index[op.index()] = ABSENT;
                return Some(op);
            }
        }
        None
    }

    pub fn remove(&mut self, op: OpId) {
        if let Some(i) = self.position(op) {
            self.list[i] = None;
            self.index[op.index()] = ABSENT;
        }
    }

    /// Reverses the order (after a pre-order walk filled it, so pops come
    /// in walk order).
    pub fn reverse(&mut self) {
        self.list.reverse();
        for i in 0..self.list.len() {
            if let Some(op) = self.list[i] {
                self.index[op.index()] = i;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pops_last_in_first_skipping_removed_and_duplicates() {
        let (a, b, c) = (
            OpId::from_index(1),
            OpId::from_index(2),
            OpId::from_index(3),
        );
        let mut w = Worklist::default();
        w.push(a);
        w.push(b);
        w.push(a);
        w.push(c);
        w.remove(b);
        assert_eq!(w.pop(), Some(c));
        assert_eq!(w.pop(), Some(a));
        assert_eq!(w.pop(), None);
        w.push(a);
        w.push(b);
        w.reverse();
        assert_eq!(w.pop(), Some(a));
    }
}

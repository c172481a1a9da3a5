//! The driver's worklist: last in, first out, each op at most once, with
//! removal of erased ops (MLIR's greedy `Worklist`).

use ir::OpId;
use std::collections::HashMap;

#[derive(Default)]
pub(super) struct Worklist {
    list: Vec<Option<OpId>>,
    index: HashMap<OpId, usize>,
}

impl Worklist {
    pub fn clear(&mut self) {
        self.list.clear();
        self.index.clear();
    }

    /// Adds `op` at the end unless it is already listed.
    pub fn push(&mut self, op: OpId) {
        if self.index.contains_key(&op) {
            return;
        }
        self.index.insert(op, self.list.len());
        self.list.push(Some(op));
    }

    /// The last op listed.
    pub fn pop(&mut self) -> Option<OpId> {
        while let Some(slot) = self.list.pop() {
            if let Some(op) = slot {
                self.index.remove(&op);
                return Some(op);
            }
        }
        None
    }

    pub fn remove(&mut self, op: OpId) {
        if let Some(i) = self.index.remove(&op) {
            self.list[i] = None;
        }
    }

    /// Reverses the order (after a pre-order walk filled it, so pops come
    /// in walk order).
    pub fn reverse(&mut self) {
        self.list.reverse();
        self.index.clear();
        for (i, slot) in self.list.iter().enumerate() {
            if let Some(op) = slot {
                self.index.insert(*op, i);
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

//! A set of ops kept as one flag per op slot of the IR, with the ops in
//! the order they were added: the rewriter asks "is this op erased?" for
//! every op it visits, and for each of its parents, so membership must
//! cost an index, not a hash lookup.

use ir::OpId;

/// Ops, by their arena index, in insertion order.
#[derive(Debug, Default)]
pub(super) struct OpSet {
    /// One flag per op index (grown on demand: ops created after the set
    /// was made have larger indices).
    flags: Vec<bool>,
    /// The members, in the order they were added.
    order: Vec<OpId>,
}

impl OpSet {
    /// Whether `op` is a member.
    pub fn contains(&self, op: OpId) -> bool {
        self.flags.get(op.index()).copied().unwrap_or(false)
    }

    /// Adds `op`; whether it was not a member yet.
    pub fn insert(&mut self, op: OpId) -> bool {
        let index = op.index();
        if index >= self.flags.len() {
            self.flags.resize(index + 1, false);
        }
        if self.flags[index] {
            return false;
        }
        self.flags[index] = true;
        self.order.push(op);
        true
    }

    /// Removes `op`, the member added last (a rollback undoes additions
    /// last first).
    pub fn remove_last(&mut self, op: OpId) {
        debug_assert_eq!(self.order.last(), Some(&op));
        if let Some(flag) = self.flags.get_mut(op.index()) {
            *flag = false;
        }
        if self.order.last() == Some(&op) {
            self.order.pop();
        } else if let Some(at) = self.order.iter().rposition(|&o| o == op) {
            self.order.remove(at);
        }
    }

    /// The members, in the order they were added.
    pub fn iter(&self) -> impl Iterator<Item = OpId> + '_ {
        self.order.iter().copied()
    }

    /// The members by increasing index (what sorting [`OpSet::iter`]
    /// gives, read off the flags instead).
    pub fn iter_by_index(&self) -> impl Iterator<Item = OpId> + '_ {
        self.flags
            .iter()
            .enumerate()
            .filter(|(_, &member)| member)
            .map(|(index, _)| OpId::from_index(index))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn membership_follows_insertions_and_removals_in_order() {
        let mut set = OpSet::default();
        let (a, b) = (OpId::from_index(7), OpId::from_index(2));
        assert!(set.insert(a));
        assert!(set.insert(b));
        assert!(!set.insert(a));
        assert!(set.contains(a) && set.contains(b));
        assert!(!set.contains(OpId::from_index(100)));
        assert_eq!(set.iter().collect::<Vec<_>>(), vec![a, b]);
        assert_eq!(set.iter_by_index().collect::<Vec<_>>(), vec![b, a]);
        set.remove_last(b);
        assert!(!set.contains(b));
        assert_eq!(set.iter().collect::<Vec<_>>(), vec![a]);
    }
}

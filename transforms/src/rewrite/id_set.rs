//! A set of arena handles as one bit per index: the IR's ops, values and
//! blocks are numbered densely from 0, so membership is a shift and a
//! mask where a hash set would hash and probe (region DCE asks for every
//! op and use, each round).

/// A set of dense indices (`OpId::index`, `Value::index`, ...).
#[derive(Default, Clone, Debug)]
pub(crate) struct IdSet {
    words: Vec<u64>,
}

impl IdSet {
    /// Adds `index`; whether it was new.
    pub(crate) fn insert(&mut self, index: usize) -> bool {
        let (word, bit) = (index / 64, 1u64 << (index % 64));
        if word >= self.words.len() {
            self.words.resize(word + 1, 0);
        }
        let new = self.words[word] & bit == 0;
        self.words[word] |= bit;
        new
    }

    pub(crate) fn contains(&self, index: usize) -> bool {
        self.words
            .get(index / 64)
            .is_some_and(|w| w & (1u64 << (index % 64)) != 0)
    }
}

#[cfg(test)]
mod tests {
    use super::IdSet;

    #[test]
    fn insert_reports_new_members_and_contains_sees_them() {
        let mut s = IdSet::default();
        assert!(!s.contains(0) && !s.contains(1000));
        assert!(s.insert(1000));
        assert!(!s.insert(1000));
        assert!(s.insert(63) && s.insert(64));
        assert!(s.contains(63) && s.contains(64) && s.contains(1000));
        assert!(!s.contains(65) && !s.contains(999) && !s.contains(100_000));
    }
}

//! The table of SSA names in scope while a file is parsed: `%name` to the
//! values it was defined as.
//!
//! In: definitions (a name, its values and where it was written), lookups
//! of the names operands use, and the region marks where scopes open and
//! close. Out: the values a name stands for, or that it is not defined.
//!
//! Why not a `HashMap`: the parser defines a name per op and looks one up
//! per operand, and names leave scope in the reverse order they came in
//! (a region's names when it closes). That order lets an open-addressing
//! table with linear probing drop a name by emptying its slot: the table
//! is then exactly what inserting the names still defined, in order,
//! gives (no later name's probe crossed the slot, as every later name is
//! gone). No tombstones, no rehash on removal, and the slot of each
//! definition is kept on the definition stack, so closing a region hashes
//! nothing. A lookup is one hash, a tag compare and a short byte compare.

use crate::bytes::{bytes_eq, NameKey};
use crate::graph::Value;
use std::hash::{Hash, Hasher};

/// What a name was defined as: `count` values from `first`, at byte
/// `offset` of the source.
#[derive(Copy, Clone, Debug)]
pub(super) struct ValueEntry {
    pub(super) first: Value,
    pub(super) count: u32,
    pub(super) offset: u32,
}

/// One slot: empty when `tag` is 0.
#[derive(Copy, Clone)]
struct Slot<'a> {
    tag: u32,
    entry: ValueEntry,
    name: &'a [u8],
}

const EMPTY: Slot<'static> = Slot {
    tag: 0,
    entry: ValueEntry {
        first: Value(0),
        count: 0,
        offset: 0,
    },
    name: b"",
};

/// The slots a new table starts with (a power of two).
const MIN_SLOTS: usize = 64;

/// SSA names in scope (see the module documentation).
pub(super) struct SsaNames<'a> {
    /// A power of two long, at most half full.
    slots: Vec<Slot<'a>>,
    /// The slot of each name defined and still in scope, in the order
    /// they were defined.
    defined: Vec<u32>,
}

impl Default for SsaNames<'_> {
    fn default() -> Self {
        SsaNames {
            slots: vec![EMPTY; MIN_SLOTS],
            defined: Vec::new(),
        }
    }
}

/// The hash of a name (the same mix [`NameKey`] gives hash maps).
#[inline(always)]
fn hash_name(name: &[u8]) -> u64 {
    let mut h = rustc_hash::FxHasher::default();
    NameKey(name).hash(&mut h);
    h.finish()
}

/// A slot's tag for hash `h`: never 0 (the empty slot's).
#[inline(always)]
fn tag_of(h: u64) -> u32 {
    (h >> 32) as u32 | 1
}

impl<'a> SsaNames<'a> {
    /// How many names are in scope.
    pub(super) fn len(&self) -> usize {
        self.defined.len()
    }

    /// Where `name` (of hash `h`) is, or the empty slot where it would go.
    #[inline(always)]
    fn probe(&self, name: &[u8], h: u64) -> (usize, bool) {
        let mask = self.slots.len() - 1;
        let tag = tag_of(h);
        let mut i = h as usize & mask;
        loop {
            let s = &self.slots[i];
            if s.tag == 0 {
                return (i, false);
            }
            if s.tag == tag && bytes_eq(s.name, name) {
                return (i, true);
            }
            i = (i + 1) & mask;
        }
    }

    /// What `name` is defined as, if it is in scope.
    #[inline]
    pub(super) fn get(&self, name: &[u8]) -> Option<&ValueEntry> {
        match self.probe(name, hash_name(name)) {
            (i, true) => Some(&self.slots[i].entry),
            _ => None,
        }
    }

    /// Defines `name` as `entry`; when it is in scope already, nothing
    /// changes and its definition is returned as the error.
    #[inline]
    pub(super) fn define(&mut self, name: &'a [u8], entry: ValueEntry) -> Result<(), ValueEntry> {
        let h = hash_name(name);
        let (mut i, found) = self.probe(name, h);
        if found {
            return Err(self.slots[i].entry);
        }
        if (self.defined.len() + 1) * 2 > self.slots.len() {
            self.grow();
            i = self.probe(name, h).0;
        }
        self.slots[i] = Slot {
            tag: tag_of(h),
            entry,
            name,
        };
        self.defined.push(i as u32);
        Ok(())
    }

    /// Doubles the slots and puts the names back in the order they were
    /// defined (so that dropping the last ones stays exact).
    #[cold]
    #[inline(never)]
    fn grow(&mut self) {
        let doubled = vec![EMPTY; self.slots.len() * 2];
        let old = std::mem::replace(&mut self.slots, doubled);
        for k in 0..self.defined.len() {
            let s = old[self.defined[k] as usize];
            let (i, _) = self.probe(s.name, hash_name(s.name));
            self.slots[i] = s;
            self.defined[k] = i as u32;
        }
    }

    /// Drops the names defined since the table held `mark` of them (a
    /// region closing), last first.
    pub(super) fn truncate(&mut self, mark: usize) {
        while self.defined.len() > mark {
            let i = self.defined.pop().expect("more than mark") as usize;
            self.slots[i].tag = 0;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(n: u32) -> ValueEntry {
        ValueEntry {
            first: Value(n),
            count: 1,
            offset: n,
        }
    }

    #[test]
    fn names_come_and_go_with_their_scopes() {
        // Enough names to grow the table twice, scopes nested three deep,
        // names that share their first and last bytes: after each scope
        // closes, exactly the names defined before it are found.
        let names: Vec<Vec<u8>> = (0..300).map(|i| format!("%v{i}").into_bytes()).collect();
        let mut t = SsaNames::default();
        let mut marks = vec![];
        for (i, n) in names.iter().enumerate() {
            if i % 100 == 0 {
                marks.push(t.len());
            }
            assert!(t.define(n, entry(i as u32)).is_ok());
            assert_eq!(t.define(n, entry(0)).unwrap_err().first, Value(i as u32));
        }
        for (depth, &mark) in marks.iter().enumerate().rev() {
            t.truncate(mark);
            for (i, n) in names.iter().enumerate() {
                let e = t.get(n);
                if i < depth * 100 {
                    assert_eq!(e.map(|e| e.first), Some(Value(i as u32)), "{i}");
                } else {
                    assert!(e.is_none(), "{i}");
                }
            }
        }
        assert_eq!(t.len(), 0);
        // Long names (past the short-name hash) work the same way.
        let long = b"%a_name_longer_than_sixteen_bytes";
        assert!(t.define(long, entry(7)).is_ok());
        assert_eq!(t.get(long).map(|e| e.offset), Some(7));
        assert!(t.get(&long[..20]).is_none());
    }
}

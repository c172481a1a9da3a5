//! A small direct-mapped memo in front of the parser's tables keyed by
//! names as written (op names in custom and generic form): a file
//! spells a few dozen op names over and over, so most lookups hit the
//! slot their hash picks, one compare of a short name instead of a hash
//! map's probe.
//!
//! In: a name's source bytes and a second key word (the default dialect
//! in force for custom-form names, 0 otherwise). Out: the value stored
//! for the pair, or nothing (the caller then asks its table and stores
//! the answer here). A slot holds the last pair that hashed to it.

use crate::bytes::{bytes_eq, NameKey};
use std::hash::{Hash, Hasher};

/// Slots of a memo (a power of two).
const SLOTS: usize = 64;

/// The memo (see the module documentation).
pub(super) struct NameMemo<'a, V: Copy> {
    slots: Vec<Option<(&'a [u8], u32, V)>>,
}

impl<V: Copy> Default for NameMemo<'_, V> {
    fn default() -> Self {
        NameMemo {
            slots: vec![None; SLOTS],
        }
    }
}

/// The slot of `(name, extra)`.
#[inline(always)]
fn slot_of(name: &[u8], extra: u32) -> usize {
    let mut h = rustc_hash::FxHasher::default();
    NameKey(name).hash(&mut h);
    let h = h.finish() ^ u64::from(extra);
    // The high bits of the last multiply are the best mixed.
    (h.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 58) as usize & (SLOTS - 1)
}

impl<'a, V: Copy> NameMemo<'a, V> {
    /// The value stored for `(name, extra)`, if its slot holds it.
    #[inline]
    pub(super) fn get(&self, name: &[u8], extra: u32) -> Option<V> {
        match self.slots[slot_of(name, extra)] {
            Some((n, e, v)) if e == extra && bytes_eq(n, name) => Some(v),
            _ => None,
        }
    }

    /// Stores `v` for `(name, extra)`, in place of what its slot held.
    pub(super) fn put(&mut self, name: &'a [u8], extra: u32, v: V) {
        self.slots[slot_of(name, extra)] = Some((name, extra, v));
    }
}

#[cfg(test)]
mod tests {
    use super::NameMemo;

    #[test]
    fn holds_the_last_value_of_each_pair_it_kept() {
        let names: Vec<String> = (0..200).map(|i| format!("d{}.op{i}", i % 7)).collect();
        let mut memo = NameMemo::default();
        for (i, n) in names.iter().enumerate() {
            memo.put(n.as_bytes(), (i % 3) as u32, i);
        }
        // A pair is found with its own value or not at all (its slot may
        // have gone to a later pair); the second key tells pairs apart.
        let mut found = 0;
        for (i, n) in names.iter().enumerate() {
            match memo.get(n.as_bytes(), (i % 3) as u32) {
                Some(v) => {
                    assert_eq!(v, i);
                    found += 1;
                }
                None => {}
            }
            assert_eq!(memo.get(n.as_bytes(), 5), None);
        }
        assert!(found > 0);
        let last = names.last().unwrap().as_bytes();
        assert_eq!(memo.get(last, 199 % 3), Some(199));
    }
}

//! Equality of short byte strings (SSA names, op names, attribute names)
//! without a call to `memcmp`: the parser and the generated code compare
//! such names once or more per op, and for a few bytes the call costs
//! more than the compare.
//!
//! In: two byte strings. Out: whether they are equal, as `==` says.

use std::hash::{Hash, Hasher};

/// `a == b`, reading names of up to 16 bytes as two (overlapping) words.
#[inline]
pub fn bytes_eq(a: &[u8], b: &[u8]) -> bool {
    let n = a.len();
    if n != b.len() {
        return false;
    }
    match n {
        0 => true,
        1..=3 => a[0] == b[0] && a[n / 2] == b[n / 2] && a[n - 1] == b[n - 1],
        4..=7 => word4(a, 0) == word4(b, 0) && word4(a, n - 4) == word4(b, n - 4),
        8..=16 => word8(a, 0) == word8(b, 0) && word8(a, n - 8) == word8(b, n - 8),
        _ => a == b,
    }
}

#[inline]
fn word4(s: &[u8], at: usize) -> u32 {
    let mut w = [0u8; 4];
    w.copy_from_slice(&s[at..at + 4]);
    u32::from_le_bytes(w)
}

#[inline]
fn word8(s: &[u8], at: usize) -> u64 {
    let mut w = [0u8; 8];
    w.copy_from_slice(&s[at..at + 8]);
    u64::from_le_bytes(w)
}

/// A byte-string hash-map key compared with [`bytes_eq`] (hashes as the
/// bytes do).
#[derive(Clone, Copy, Debug)]
pub struct NameKey<'a>(pub &'a [u8]);

impl PartialEq for NameKey<'_> {
    #[inline]
    fn eq(&self, other: &Self) -> bool {
        bytes_eq(self.0, other.0)
    }
}

impl Eq for NameKey<'_> {}

impl Hash for NameKey<'_> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.0.hash(state);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn agrees_with_slice_equality() {
        let words: Vec<Vec<u8>> = (0..=20)
            .flat_map(|n| {
                let base: Vec<u8> = (0..n).map(|i| b'a' + (i % 26) as u8).collect();
                // The string, and one copy changed at each position.
                let mut out = vec![base.clone()];
                for i in 0..n as usize {
                    let mut changed = base.clone();
                    changed[i] ^= 1;
                    out.push(changed);
                }
                out
            })
            .collect();
        for a in &words {
            for b in &words {
                assert_eq!(bytes_eq(a, b), a == b, "{a:?} vs {b:?}");
            }
        }
    }
}

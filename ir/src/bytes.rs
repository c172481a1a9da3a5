//! Small byte-string helpers on the hot paths of reading and writing IR
//! text: equality of short names (SSA names, op names, attribute names)
//! without a call to `memcmp` (the parser and the generated code compare
//! such names once or more per op, and for a few bytes the call costs
//! more than the compare), and the decimal digits of an integer without
//! `core::fmt` (value numbers, widths, constants, `%c42` names).
//!
//! In: byte strings, or an integer. Out: whether the strings are equal,
//! as `==` says; the integer's digits.

use std::hash::{Hash, Hasher};

/// `a == b`, reading names of up to 16 bytes as two (overlapping) words.
#[inline(always)]
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

/// A byte-string hash-map key compared with [`bytes_eq`], and hashed the
/// same way: a name of up to 16 bytes as its length and one or two
/// words (the parser hashes an SSA name per operand and per result),
/// mixed by one wide multiply so that every bit of the hash depends on
/// every byte (`FxHasher` alone spreads the few bytes that tell names
/// like `%v12` and `%v13` apart badly: the tags of a `hashbrown` table
/// matched wrongly on a third of the SSA name lookups).
#[derive(Clone, Copy, Debug)]
pub struct NameKey<'a>(pub &'a [u8]);

impl PartialEq for NameKey<'_> {
    #[inline(always)]
    fn eq(&self, other: &Self) -> bool {
        bytes_eq(self.0, other.0)
    }
}

impl Eq for NameKey<'_> {}

/// The low and high halves of the 128-bit product of `a` and `b`,
/// xor-ed: a cheap mix of two words.
#[inline(always)]
fn fold_multiply(a: u64, b: u64) -> u64 {
    let p = u128::from(a) * u128::from(b);
    p as u64 ^ (p >> 64) as u64
}

/// Digits of pi: the keys [`fold_multiply`] mixes names with.
const MIX: [u64; 2] = [0x243f_6a88_85a3_08d3, 0x1319_8a2e_0370_7344];

impl Hash for NameKey<'_> {
    #[inline(always)]
    fn hash<H: Hasher>(&self, state: &mut H) {
        let (s, n) = (self.0, self.0.len());
        let len = (n as u64) << 56;
        let (a, b) = match n {
            // The three bytes read are all of them.
            0..=3 => {
                let byte = |i: usize| s.get(i).map_or(0, |&b| u64::from(b));
                (
                    len | byte(0) | byte(n / 2) << 8 | byte(n.wrapping_sub(1)) << 16,
                    0,
                )
            }
            4..=7 => (
                len | u64::from(word4(s, 0)) | u64::from(word4(s, n - 4)) << 24,
                0,
            ),
            8..=16 => (word8(s, 0), word8(s, n - 8) ^ len),
            _ => return s.hash(state),
        };
        state.write_u64(fold_multiply(a ^ MIX[0], b ^ MIX[1]));
    }
}

/// The most decimal digits a `u64` has.
pub const MAX_DECIMAL_DIGITS: usize = 20;

/// `00`, `01`, ... `99`: two digits per division.
pub(crate) const DIGIT_PAIRS: &[u8; 200] = b"\
0001020304050607080910111213141516171819\
2021222324252627282930313233343536373839\
4041424344454647484950515253545556575859\
6061626364656667686970717273747576777879\
8081828384858687888990919293949596979899";

/// Writes the decimal digits of `n` at the end of `buf` and returns
/// where they start: the digits are `buf[start..]` (`0` for zero, no
/// sign). The one digit loop of the printer and of the names ops give
/// their results.
#[inline]
pub fn decimal_digits(mut n: u64, buf: &mut [u8; MAX_DECIMAL_DIGITS]) -> usize {
    let mut at = buf.len();
    while n >= 100 {
        let pair = (n % 100) as usize * 2;
        n /= 100;
        at -= 2;
        buf[at] = DIGIT_PAIRS[pair];
        buf[at + 1] = DIGIT_PAIRS[pair + 1];
    }
    if n >= 10 {
        let pair = n as usize * 2;
        at -= 2;
        buf[at] = DIGIT_PAIRS[pair];
        buf[at + 1] = DIGIT_PAIRS[pair + 1];
    } else {
        at -= 1;
        buf[at] = b'0' + n as u8;
    }
    at
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

    #[test]
    fn decimal_digits_agree_with_display() {
        let mut values: Vec<u64> = (0..=1000).collect();
        for p in 1..20 {
            let ten = 10u64.pow(p);
            values.extend([ten - 1, ten, ten + 1]);
        }
        values.extend([u64::MAX - 1, u64::MAX, 1234567890123456789]);
        for v in values {
            let mut buf = [0u8; MAX_DECIMAL_DIGITS];
            let start = decimal_digits(v, &mut buf);
            assert_eq!(&buf[start..], v.to_string().as_bytes(), "{v}");
        }
    }

    #[test]
    fn name_keys_find_what_was_inserted() {
        // Names of every length class, and names differing in one byte.
        let mut words: Vec<Vec<u8>> = (0..=40u8)
            .map(|n| (0..n).map(|i| b'a' + i % 26).collect())
            .collect();
        words.extend((0..300).map(|i| format!("v{i}").into_bytes()));
        words.extend((0..300).map(|i| format!("iter_arg{i}x").into_bytes()));
        let mut map = rustc_hash::FxHashMap::default();
        for (i, w) in words.iter().enumerate() {
            assert!(map.insert(NameKey(w), i).is_none(), "{w:?} twice");
        }
        for (i, w) in words.iter().enumerate() {
            let copy = w.clone();
            assert_eq!(map.get(&NameKey(&copy)), Some(&i), "{w:?}");
        }
        assert_eq!(map.get(&NameKey(b"v300")), None);
    }
}

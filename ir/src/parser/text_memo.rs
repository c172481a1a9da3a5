//! What the parser read before, by the exact source bytes it read it
//! from: attribute dictionaries (`{predicate = 6 : i64}`), the function
//! types of generic ops (`: (i32, i32) -> i32`), the bodies of
//! `affine_map<...>` and `affine_set<...>` and the lists of custom forms
//! (`[%i, %j + 1]`, see [`super::ops::OpAsmParser::parse_cached_list`]).
//! A file repeats a few of each many times; reading one again costs a
//! scan for its end, a hash and a compare, instead of a dozen tokens,
//! type and attribute lookups.
//!
//! In: the source from where the construct starts. Out: the value the
//! first parse of the same bytes gave, and where those bytes end (the
//! parser moves on from there).
//!
//! Why the same bytes give the same value: types and attributes are
//! interned and their parsers read nothing but the tokens (aliases are
//! only ever added, and a use before the definition fails, so it is never
//! stored). A text is stored only when its parse succeeded and read
//! exactly its tokens (each caller checks that its own way, e.g.
//! [`read_exactly`]); nesting is bounded by depth, so a text is reused
//! only at a depth no deeper than one it parsed at.

use crate::lexer::{Lexer, TokenKind};
use rustc_hash::FxHashMap;
use std::hash::Hash;

/// The texts a memo holds at most: a file of all-different texts stops
/// adding once past this and keeps only the scan and lookup per use.
const MAX_ENTRIES: usize = 1 << 13;

/// Values by their source text (`K`: the text, or the text with a name
/// of the parse that read it), each with the deepest nesting level it
/// parsed at.
pub(crate) struct TextMemo<K, V> {
    map: FxHashMap<K, (V, u32)>,
}

impl<K, V> Default for TextMemo<K, V> {
    fn default() -> Self {
        TextMemo {
            map: FxHashMap::default(),
        }
    }
}

impl<K: Hash + Eq, V> TextMemo<K, V> {
    /// The value `key`'s text parsed to, if it parsed at `depth` or deeper.
    #[inline]
    pub(crate) fn get(&self, key: K, depth: u32) -> Option<&V> {
        match self.map.get(&key) {
            Some((v, at)) if depth <= *at => Some(v),
            _ => None,
        }
    }

    /// Records that `key`'s text parsed at `depth` to the value `value`
    /// makes (called only when the text is new and there is room).
    pub(crate) fn insert_with(&mut self, key: K, depth: u32, value: impl FnOnce() -> V) {
        if let Some(e) = self.map.get_mut(&key) {
            e.1 = e.1.max(depth);
            return;
        }
        if self.map.len() < MAX_ENTRIES {
            self.map.insert(key, (value(), depth));
        }
    }
}

/// The end of the balanced text starting with the `open` byte at `start`
/// (one past the `close` byte that balances it), skipping strings; `None`
/// when `src` ends first, or the text holds a `/` (a comment could hide
/// brackets) or a line break in a string.
#[inline]
pub(crate) fn balanced_end(src: &[u8], start: usize, open: u8, close: u8) -> Option<usize> {
    let mut depth = 0u32;
    let mut i = start;
    while let Some(&b) = src.get(i) {
        i += 1;
        match b {
            b'"' => loop {
                match *src.get(i)? {
                    b'"' => {
                        i += 1;
                        break;
                    }
                    b'\\' => i += 2,
                    b'\n' | b'\r' => return None,
                    _ => i += 1,
                }
            },
            b'/' => return None,
            _ if b == open => depth += 1,
            _ if b == close => {
                depth -= 1;
                if depth == 0 {
                    return Some(i);
                }
            }
            _ => {}
        }
    }
    None
}

/// The end of the line `start` is on (its `\n`, a `\r` before it, or the
/// end of the file), eight bytes at a time.
pub(crate) fn line_end(src: &[u8], start: usize) -> usize {
    const ONES: u64 = u64::from_le_bytes([1; 8]);
    const HIGHS: u64 = u64::from_le_bytes([0x80; 8]);
    const LF: u64 = u64::from_le_bytes([b'\n'; 8]);
    let mut pos = start;
    let nl = loop {
        let Some(chunk) = src.get(pos..pos + 8) else {
            break src[pos..]
                .iter()
                .position(|&b| b == b'\n')
                .map_or(src.len(), |i| pos + i);
        };
        let word = u64::from_le_bytes(chunk.try_into().expect("eight bytes")) ^ LF;
        // A zero byte of `word` is a line feed; the lowest flagged byte
        // is the first one (bytes above it may be flagged wrongly).
        let zero = word.wrapping_sub(ONES) & !word & HIGHS;
        if zero != 0 {
            break pos + (zero.trailing_zeros() / 8) as usize;
        }
        pos += 8;
    };
    match nl > start && src[nl - 1] == b'\r' {
        true => nl - 1,
        false => nl,
    }
}

/// Whether the text `src[start..end]`, read by the parser whose next
/// token starts at `next`, may be stored under those bytes: the parse
/// read exactly the tokens of the text (its last ends at `end`, the next
/// one is the first after it), and the last is no `!name`, which a
/// `<...>` on the next line would extend (a type that stops at a `)`, a
/// `>` or a builtin keyword reads nothing after it). Run once per text
/// stored, so it may re-lex.
pub(crate) fn read_exactly(src: &[u8], start: usize, end: usize, next: u32) -> bool {
    let mut lexer = Lexer::with_position(src, start);
    let mut last = None;
    loop {
        let t = lexer.next_token();
        if t.kind == TokenKind::Error {
            return false;
        }
        if t.kind == TokenKind::Eof || t.start as usize >= end {
            if t.start != next {
                return false;
            }
            break;
        }
        last = Some(t);
    }
    matches!(last, Some(t) if t.end as usize == end && t.kind != TokenKind::ExclamationIdent)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn balanced_end_skips_strings_and_nesting() {
        let end = |s: &[u8]| balanced_end(s, 0, b'{', b'}');
        let src = br#"{a = "}\"{", b = {c}} : x"#;
        assert_eq!(end(src), Some(src.len() - 4));
        assert_eq!(end(b"{a = 1"), None);
        assert_eq!(end(b"{a // }\n}"), None);
        assert_eq!(end(b"{a = \"x\n\"}"), None);
        let list = |s: &[u8]| balanced_end(s, 0, b'[', b']');
        assert_eq!(list(b"[%a, [%b]]] ["), Some(10));
        assert_eq!(list(b"[%a, \"]\"] x"), Some(9));
        assert_eq!(list(b"[%a ceildiv 2]"), Some(14));
        assert_eq!(list(b"[%a floordiv 2 / 1]"), None);
        assert_eq!(list(b"[%a, [%b]"), None);
    }

    #[test]
    fn line_end_of_every_length() {
        for n in 0..20 {
            for tail in ["\n", "\r\n", ""] {
                let src = format!("{}{tail}zz", "a".repeat(n));
                let want = if tail.is_empty() { n + 2 } else { n };
                assert_eq!(line_end(src.as_bytes(), 0), want, "{src:?}");
            }
        }
        assert_eq!(line_end(b"ab\ncd\n", 3), 5);
    }

    #[test]
    fn only_texts_read_exactly() {
        // Each text is followed by a line the parse did not read.
        let ok = |s: &str| {
            let src = format!("{s}\n  \"x\"");
            read_exactly(src.as_bytes(), 0, s.len(), src.len() as u32 - 3)
        };
        assert!(ok("(i32) -> i32"));
        assert!(ok("(i32) -> (f32, index)"));
        assert!(ok("() -> !t.x<1>"));
        assert!(!ok("(i32) -> !t.x"));
        assert!(!ok("(i32) -> i32 "));
        assert!(!ok("(i32) -> i32 // c"));
        // The parse read a token past the text: `memref` went on with a
        // `<...>` on the next line.
        let src = b"() -> memref\n<4xf32>\n\"x\"";
        assert!(!read_exactly(src, 0, 12, src.len() as u32 - 3));
    }

    #[test]
    fn memo_reuses_only_as_deep_or_shallower() {
        let mut memo = TextMemo::default();
        memo.insert_with(&b"abc"[..], 3, || 7u32);
        assert_eq!(memo.get(b"abc", 3), Some(&7));
        assert_eq!(memo.get(b"abc", 1), Some(&7));
        assert_eq!(memo.get(b"abc", 4), None);
        memo.insert_with(b"abc", 5, || unreachable!("stored already"));
        assert_eq!(memo.get(b"abc", 4), Some(&7));
        assert_eq!(memo.get(b"abd", 0), None);
    }

    #[test]
    fn memo_keeps_kinds_apart_and_stops_at_the_cap() {
        let mut memo = TextMemo::default();
        memo.insert_with(("a", &b"[x]"[..]), 0, || 1u32);
        assert_eq!(memo.get(("a", b"[x]"), 0), Some(&1));
        assert_eq!(memo.get(("b", b"[x]"), 0), None);
        let texts: Vec<String> = (0..=MAX_ENTRIES).map(|i| i.to_string()).collect();
        let mut memo = TextMemo::default();
        for t in &texts {
            memo.insert_with(t.as_bytes(), 0, || ());
        }
        assert!(memo.get(texts[0].as_bytes(), 0).is_some());
        assert!(memo.get(texts[MAX_ENTRIES].as_bytes(), 0).is_none());
    }
}

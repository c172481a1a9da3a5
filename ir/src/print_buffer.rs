//! The byte buffer text is printed into.
//!
//! In: text and bytes appended by the printer and by the value modules
//! that spell themselves (affine maps, floats). Out: the bytes, or a
//! string for messages. It depends on nothing else in the crate, so the
//! modules below the printer can write into it.

/// The printer's output: bytes with `String`'s writing methods, so the
/// common text path reads as text while non-UTF-8 bytes stay possible.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PrintBuffer {
    bytes: Vec<u8>,
}

impl PrintBuffer {
    pub fn new() -> Self {
        Self::default()
    }

    #[inline]
    pub fn push_str(&mut self, s: &str) {
        self.bytes.extend_from_slice(s.as_bytes());
    }

    #[inline]
    pub fn push(&mut self, c: char) {
        if c.is_ascii() {
            // Punctuation and line breaks: one byte, no encoding.
            self.bytes.push(c as u8);
            return;
        }
        let mut buf = [0u8; 4];
        self.push_str(c.encode_utf8(&mut buf));
    }

    /// Starts a new line indented by `levels` steps of two spaces.
    pub fn push_newline_indent(&mut self, levels: usize) {
        const SPACES: &[u8; 64] = &[b' '; 64];
        // The line break and up to 32 levels in one copy.
        const LINE: [u8; 65] = {
            let mut line = [b' '; 65];
            line[0] = b'\n';
            line
        };
        let mut left = levels * 2;
        let first = left.min(SPACES.len());
        self.bytes.extend_from_slice(&LINE[..first + 1]);
        left -= first;
        while left > 0 {
            let n = left.min(SPACES.len());
            self.bytes.extend_from_slice(&SPACES[..n]);
            left -= n;
        }
    }

    /// Appends raw bytes (verbatim dialect bodies).
    #[inline]
    pub fn push_bytes(&mut self, b: &[u8]) {
        self.bytes.extend_from_slice(b);
    }

    #[inline]
    pub fn push_byte(&mut self, b: u8) {
        self.bytes.push(b);
    }

    /// Appends the decimal digits of `n` (value numbers, integer widths,
    /// most constants: the printer's hottest number path).
    #[inline]
    pub fn push_u32(&mut self, n: u32) {
        // Most are below 100 (value numbers within a function, integer
        // widths): one or two bytes stored, no digit buffer.
        if n < 10 {
            self.bytes.push(b'0' + n as u8);
        } else if n < 100 {
            let pair = n as usize * 2;
            let digits = &crate::bytes::DIGIT_PAIRS[pair..pair + 2];
            self.bytes.extend_from_slice(digits);
        } else {
            self.push_u32_wide(n);
        }
    }

    /// [`PrintBuffer::push_u32`] of 100 and more, out of line: the digit
    /// loop's registers would otherwise be saved on every call.
    #[inline(never)]
    fn push_u32_wide(&mut self, n: u32) {
        self.push_u64(u64::from(n));
    }

    /// Appends the bytes [`PrintBuffer::pack_tail`] packed into `w`:
    /// one eight-byte store and a truncation, no copy of a variable
    /// length.
    #[inline]
    pub fn push_packed(&mut self, w: u64) {
        let at = self.bytes.len();
        self.bytes.extend_from_slice(&w.to_le_bytes());
        self.bytes.truncate(at + (w >> 56) as usize);
    }

    /// The bytes from `from` to the end, packed into one word for
    /// [`PrintBuffer::push_packed`] (never 0), when there are one to seven
    /// of them.
    #[inline]
    pub fn pack_tail(&self, from: usize) -> Option<u64> {
        let tail = self.bytes.get(from..)?;
        if tail.is_empty() || tail.len() > 7 {
            return None;
        }
        let mut w = [0u8; 8];
        w[..tail.len()].copy_from_slice(tail);
        w[7] = tail.len() as u8;
        Some(u64::from_le_bytes(w))
    }

    /// Appends the decimal digits of `n`.
    #[inline]
    pub fn push_u64(&mut self, n: u64) {
        let mut buf = [0u8; crate::bytes::MAX_DECIMAL_DIGITS];
        let start = crate::bytes::decimal_digits(n, &mut buf);
        self.push_short(&buf[start..]);
    }

    /// Appends a few bytes: the common lengths as stores of a known size
    /// rather than a `memcpy` call.
    #[inline]
    fn push_short(&mut self, b: &[u8]) {
        match *b {
            [x] => self.bytes.push(x),
            [x, y] => self.bytes.extend_from_slice(&[x, y]),
            [x, y, z] => self.bytes.extend_from_slice(&[x, y, z]),
            [x, y, z, w] => self.bytes.extend_from_slice(&[x, y, z, w]),
            _ => self.bytes.extend_from_slice(b),
        }
    }

    /// Appends a decimal integer without going through `core::fmt`
    /// (numbers are most of what the printer prints); only integers
    /// beyond 64 bits take the formatter.
    pub fn push_int(&mut self, v: i128) {
        let magnitude = v.unsigned_abs();
        match u64::try_from(magnitude) {
            Ok(small) => {
                if v < 0 {
                    self.bytes.push(b'-');
                }
                self.push_u64(small);
            }
            Err(_) => {
                // Writing to the buffer cannot fail.
                let _ = std::fmt::Write::write_fmt(self, format_args!("{v}"));
            }
        }
    }

    #[inline]
    pub fn len(&self) -> usize {
        self.bytes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.bytes.is_empty()
    }

    pub fn truncate(&mut self, len: usize) {
        self.bytes.truncate(len);
    }

    pub fn reserve(&mut self, additional: usize) {
        self.bytes.reserve(additional);
    }

    pub fn as_bytes(&self) -> &[u8] {
        &self.bytes
    }

    /// Writes the bytes so far to `sink` and empties the buffer (keeping
    /// its capacity): how a long print streams out instead of being held.
    pub fn drain_into(&mut self, sink: &mut dyn std::io::Write) -> std::io::Result<()> {
        let written = sink.write_all(&self.bytes);
        self.bytes.clear();
        written
    }

    pub fn into_bytes(self) -> Vec<u8> {
        self.bytes
    }

    /// The text, with U+FFFD for bytes that are not UTF-8 (for messages
    /// and string APIs; the bytes themselves go to files).
    pub fn into_string_lossy(self) -> String {
        String::from_utf8(self.bytes)
            .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
    }
}

impl std::fmt::Write for PrintBuffer {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        self.push_str(s);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::PrintBuffer;

    #[test]
    fn packed_tails_print_back_as_they_were() {
        // Tails of one to seven bytes pack (and never to 0); none and
        // eight do not.
        for text in ["%", "%3", "%arg0", "%c0_i32", "%12#3"] {
            let mut b = PrintBuffer::new();
            b.push_str("x = ");
            b.push_str(text);
            let w = b.pack_tail(4).expect("packs");
            assert_ne!(w, 0);
            let mut again = PrintBuffer::new();
            again.push_str("(");
            again.push_packed(w);
            again.push_str(")");
            assert_eq!(again.as_bytes(), format!("({text})").as_bytes());
        }
        let mut b = PrintBuffer::new();
        b.push_str("%arg1234");
        assert_eq!(b.pack_tail(0), None);
        assert_eq!(b.pack_tail(8), None);
        assert_eq!(b.pack_tail(9), None);
    }
}

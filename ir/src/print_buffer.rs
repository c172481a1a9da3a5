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
        self.bytes.push(b'\n');
        let mut left = levels * 2;
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
    pub fn push_u32(&mut self, mut n: u32) {
        let mut buf = [0u8; 10];
        let mut i = buf.len();
        loop {
            i -= 1;
            buf[i] = b'0' + (n % 10) as u8;
            n /= 10;
            if n == 0 {
                break;
            }
        }
        // A few digits: pushed one by one rather than through a `memcpy`
        // call.
        for &digit in &buf[i..] {
            self.bytes.push(digit);
        }
    }

    /// Appends a decimal integer without going through `core::fmt`
    /// (numbers are most of what the printer prints).
    pub fn push_int(&mut self, v: i128) {
        if let Ok(small) = u32::try_from(v) {
            return self.push_u32(small);
        }
        let mut buf = [0u8; 40];
        let mut i = buf.len();
        let mut n = v.unsigned_abs();
        // 128-bit division is a library call: only the digits beyond
        // `u64` go through it (integer widths and most constants do not).
        while n > u128::from(u64::MAX) {
            i -= 1;
            buf[i] = b'0' + (n % 10) as u8;
            n /= 10;
        }
        let mut n = n as u64;
        loop {
            i -= 1;
            buf[i] = b'0' + (n % 10) as u8;
            n /= 10;
            if n == 0 {
                break;
            }
        }
        if v < 0 {
            i -= 1;
            buf[i] = b'-';
        }
        self.push_bytes(&buf[i..]);
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

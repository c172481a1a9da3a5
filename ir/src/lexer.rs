//! Lexer for MLIR's textual format.
//!
//! In: the source bytes (not assumed to be UTF-8: invalid bytes outside
//! strings become an `Error` token the parser reports). Out: one [`Token`] at
//! a time, each a kind plus a byte span; the text of a token is read back from
//! the source with [`Lexer::text`]. Tokens are produced on demand so that a
//! 50 MB file is never held twice.

/// The kind of a token. Identifiers keep their sigil in the span.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum TokenKind {
    Eof,
    /// A byte sequence the lexer cannot start a token with, or an unterminated
    /// construct; the parser turns it into a diagnostic.
    Error,
    /// `foo`, `foo.bar`, `f32`, `affine_map`, `x$y` ...
    BareIdent,
    /// `i32`, `si8`, `ui64`: integer type keywords are their own kind.
    IntType,
    /// `@foo` or `@"quoted"`.
    AtIdent,
    /// `#foo`, `#foo.bar`, `#0`.
    HashIdent,
    /// `%foo`, `%0`.
    PercentIdent,
    /// `^bb0`.
    CaretIdent,
    /// `!foo.bar`.
    ExclamationIdent,
    /// `42`, `0x2A`.
    Integer,
    /// `1.0`, `1.5e-3`.
    Float,
    /// `"..."` with escapes still in place.
    String,
    Arrow,
    Colon,
    Comma,
    Ellipsis,
    Equal,
    Greater,
    LBrace,
    LParen,
    LSquare,
    Less,
    Minus,
    Plus,
    Question,
    RBrace,
    RParen,
    RSquare,
    Star,
    VerticalBar,
    /// `{-#`, opens the file-level metadata dictionary.
    FileMetadataBegin,
    /// `#-}`.
    FileMetadataEnd,
}

impl TokenKind {
    /// How the token kind is named in "expected ..." messages.
    pub fn describe(self) -> &'static str {
        match self {
            TokenKind::Eof => "end of file",
            TokenKind::Error => "invalid token",
            TokenKind::BareIdent => "identifier",
            TokenKind::IntType => "integer type",
            TokenKind::AtIdent => "symbol reference",
            TokenKind::HashIdent => "'#' identifier",
            TokenKind::PercentIdent => "SSA value",
            TokenKind::CaretIdent => "block name",
            TokenKind::ExclamationIdent => "'!' identifier",
            TokenKind::Integer => "integer literal",
            TokenKind::Float => "floating point literal",
            TokenKind::String => "string",
            TokenKind::Arrow => "'->'",
            TokenKind::Colon => "':'",
            TokenKind::Comma => "','",
            TokenKind::Ellipsis => "'...'",
            TokenKind::Equal => "'='",
            TokenKind::Greater => "'>'",
            TokenKind::LBrace => "'{'",
            TokenKind::LParen => "'('",
            TokenKind::LSquare => "'['",
            TokenKind::Less => "'<'",
            TokenKind::Minus => "'-'",
            TokenKind::Plus => "'+'",
            TokenKind::Question => "'?'",
            TokenKind::RBrace => "'}'",
            TokenKind::RParen => "')'",
            TokenKind::RSquare => "']'",
            TokenKind::Star => "'*'",
            TokenKind::VerticalBar => "'|'",
            TokenKind::FileMetadataBegin => "'{-#'",
            TokenKind::FileMetadataEnd => "'#-}'",
        }
    }
}

/// A token: its kind and the byte range `start..end` in the source.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Token {
    pub kind: TokenKind,
    pub start: u32,
    pub end: u32,
}

impl Token {}

/// Produces tokens from source bytes, one at a time.
#[derive(Clone)]
pub struct Lexer<'a> {
    src: &'a [u8],
    pos: usize,
    /// Set when an `Error` token was produced, with the reason.
    error: Option<(u32, &'static str)>,
}

fn is_ident_start(b: u8) -> bool {
    b.is_ascii_alphabetic() || b == b'_'
}

/// A byte of a bare identifier (letters, digits, `_`, `$`, `.`).
const BARE_IDENT: u8 = 1;
/// A byte of a suffix-id (`%name`, `#name`, ...): a bare identifier's and `-`.
const SUFFIX_IDENT: u8 = 2;
/// An ASCII digit.
const DIGIT: u8 = 4;
/// A byte a string literal holds as it is: not `"`, `\\`, or a line break.
const STRING_PLAIN: u8 = 8;
/// Bytes by class, one table read per byte (the identifier and string
/// loops run over most of a file's bytes).
const BYTE_CLASS: [u8; 256] = {
    let mut table = [0u8; 256];
    let mut i = 0;
    while i < 256 {
        let b = i as u8;
        if !matches!(b, b'"' | b'\\' | b'\n' | b'\r') {
            table[i] = STRING_PLAIN;
        }
        if b.is_ascii_alphanumeric() || b == b'_' || b == b'$' || b == b'.' {
            table[i] |= BARE_IDENT | SUFFIX_IDENT;
        } else if b == b'-' {
            table[i] |= SUFFIX_IDENT;
        }
        if b.is_ascii_digit() {
            table[i] |= DIGIT;
        }
        i += 1;
    }
    table
};

/// Where the run of bytes from `from` on that `mask` accepts (a class of
/// [`BYTE_CLASS`]) ends. Eight bytes are tested per bounds check: names
/// are read a byte at a time, and the check per byte was a third of it.
#[inline(always)]
fn scan(src: &[u8], from: usize, mask: u8) -> usize {
    let mut end = from;
    while let Some(chunk) = src.get(end..end + 8) {
        for (i, &b) in chunk.iter().enumerate() {
            if BYTE_CLASS[b as usize] & mask == 0 {
                return end + i;
            }
        }
        end += 8;
    }
    while end < src.len() && BYTE_CLASS[src[end] as usize] & mask != 0 {
        end += 1;
    }
    end
}

/// `i32`, `si8`, `ui1`: a signedness prefix, `i`, then a width with no
/// leading zero (integer type keywords are their own token kind).
#[inline]
fn is_int_type(text: &[u8]) -> bool {
    let digits = match text {
        [b'i', rest @ ..] => rest,
        [b's' | b'u', b'i', rest @ ..] => rest,
        _ => return false,
    };
    matches!(digits.first(), Some(b'1'..=b'9')) && digits.iter().all(u8::is_ascii_digit)
}

impl<'a> Lexer<'a> {
    pub fn new(src: &'a [u8]) -> Self {
        Lexer {
            src,
            pos: 0,
            error: None,
        }
    }

    /// Starts lexing at byte offset `pos` (used to re-lex after a rewind).
    pub fn with_position(src: &'a [u8], pos: usize) -> Self {
        Lexer {
            src,
            pos,
            error: None,
        }
    }

    pub fn source(&self) -> &'a [u8] {
        self.src
    }

    /// Moves the cursor; the next token starts at or after `pos`.
    pub fn reset_to(&mut self, pos: usize) {
        self.pos = pos;
    }

    /// The bytes of a token, sigils and quotes included.
    pub fn text(&self, tok: Token) -> &'a [u8] {
        &self.src[tok.start as usize..tok.end as usize]
    }

    /// Why the last `Error` token was produced, and where.
    pub fn error(&self) -> Option<(u32, &'static str)> {
        self.error
    }

    fn peek(&self, off: usize) -> u8 {
        self.src.get(self.pos + off).copied().unwrap_or(0)
    }

    fn make(&self, kind: TokenKind, start: usize) -> Token {
        Token {
            kind,
            start: start as u32,
            end: self.pos as u32,
        }
    }

    /// The token `kind` from `start` to `end`, the cursor moved past it.
    #[inline]
    fn token(&mut self, kind: TokenKind, start: usize, end: usize) -> Token {
        self.pos = end;
        Token {
            kind,
            start: start as u32,
            end: end as u32,
        }
    }

    #[cold]
    #[inline(never)]
    fn fail(&mut self, start: usize, at: usize, why: &'static str) -> Token {
        self.error = Some((at as u32, why));
        self.make(TokenKind::Error, start)
    }

    /// Lexes the next token.
    ///
    /// The common tokens (blanks before them, punctuation, identifiers,
    /// `%`/`#`/`^`/`!` names) are read here with the cursor in a local;
    /// the rare ones (comments, numbers, strings, errors) go out of line
    /// as tail calls, so the hot path saves no registers: the parser
    /// reads one token per few bytes of a file.
    pub fn next_token(&mut self) -> Token {
        let src = self.src;
        let mut pos = self.pos;
        // Blanks in one tight loop: indentation and the spaces between
        // tokens are most of what is skipped.
        let c = loop {
            let Some(&c) = src.get(pos) else {
                return self.token(TokenKind::Eof, pos, pos);
            };
            match c {
                b' ' => pos += 1,
                b'\n' => pos = skip_indentation(src, pos + 1),
                // MLIR skips NUL bytes between tokens like blanks.
                b'\t' | b'\r' | 0 => pos += 1,
                b'/' if src.get(pos + 1) == Some(&b'/') => return self.after_comment(pos),
                _ => break c,
            }
        };
        let start = pos;
        let single = |lx: &mut Self, kind| lx.token(kind, start, start + 1);
        match c {
            b':' => single(self, TokenKind::Colon),
            b',' => single(self, TokenKind::Comma),
            b'=' => single(self, TokenKind::Equal),
            b'>' => single(self, TokenKind::Greater),
            b'(' => single(self, TokenKind::LParen),
            b')' => single(self, TokenKind::RParen),
            b'[' => single(self, TokenKind::LSquare),
            b']' => single(self, TokenKind::RSquare),
            b'<' => single(self, TokenKind::Less),
            b'}' => single(self, TokenKind::RBrace),
            b'+' => single(self, TokenKind::Plus),
            b'?' => single(self, TokenKind::Question),
            b'*' => single(self, TokenKind::Star),
            b'|' => single(self, TokenKind::VerticalBar),
            b'{' => {
                if src.get(start + 1..start + 3) == Some(&b"-#"[..]) {
                    return self.token(TokenKind::FileMetadataBegin, start, start + 3);
                }
                single(self, TokenKind::LBrace)
            }
            b'-' => {
                if src.get(start + 1) == Some(&b'>') {
                    return self.token(TokenKind::Arrow, start, start + 2);
                }
                single(self, TokenKind::Minus)
            }
            b'%' => self.lex_prefixed(start, TokenKind::PercentIdent),
            b'#' => {
                if src.get(start + 1..start + 3) == Some(&b"-}"[..]) {
                    return self.token(TokenKind::FileMetadataEnd, start, start + 3);
                }
                self.lex_prefixed(start, TokenKind::HashIdent)
            }
            b'^' => self.lex_prefixed(start, TokenKind::CaretIdent),
            b'!' => self.lex_prefixed(start, TokenKind::ExclamationIdent),
            b'a'..=b'z' | b'A'..=b'Z' | b'_' => {
                let end = scan(src, start + 1, BARE_IDENT);
                let kind = match is_int_type(&src[start..end]) {
                    true => TokenKind::IntType,
                    false => TokenKind::BareIdent,
                };
                self.token(kind, start, end)
            }
            _ => self.lex_rare(c, start),
        }
    }

    /// The token after the `//` comment at `pos`: the comment and any
    /// blanks and comments after it are skipped here, so the one nested
    /// [`Lexer::next_token`] starts at a token or at the end of input.
    #[cold]
    #[inline(never)]
    fn after_comment(&mut self, mut pos: usize) -> Token {
        let src = self.src;
        loop {
            match src.get(pos) {
                Some(b' ' | b'\n' | b'\t' | b'\r' | 0) => pos += 1,
                Some(b'/') if src.get(pos + 1) == Some(&b'/') => pos = self.skip_comment(pos),
                _ => break,
            }
        }
        self.pos = pos;
        self.next_token()
    }

    /// Moves past a `//` comment starting at `pos`, to the line feed or
    /// carriage return that ends it, as in MLIR; returns where that is.
    fn skip_comment(&self, pos: usize) -> usize {
        let rest = &self.src[pos..];
        pos + memchr::memchr2(b'\n', b'\r', rest).unwrap_or(rest.len())
    }

    /// The tokens [`Lexer::next_token`] leaves out of its hot path:
    /// numbers, strings, `@` names, `...`, and the bytes no token starts
    /// with.
    #[inline(never)]
    fn lex_rare(&mut self, c: u8, start: usize) -> Token {
        self.pos = start + 1;
        match c {
            b'.' => {
                if self.peek(0) == b'.' && self.peek(1) == b'.' {
                    self.pos += 2;
                    return self.make(TokenKind::Ellipsis, start);
                }
                // MLIR points just past the first dot.
                self.fail(
                    start,
                    start + 1,
                    "expected three consecutive dots for an ellipsis",
                )
            }
            b'"' => self.lex_string(start),
            b'@' => self.lex_at_ident(start),
            b'0'..=b'9' => self.lex_number(start),
            // A lone '/' is a bad token MLIR's lexer does not report: the
            // parser's "expected ..." message stands.
            b'/' => {
                self.error = None;
                self.make(TokenKind::Error, start)
            }
            _ => self.fail(start, start, "unexpected character"),
        }
    }

    fn lex_at_ident(&mut self, start: usize) -> Token {
        match self.peek(0) {
            b'"' => {
                let str_start = self.pos;
                self.pos += 1;
                let t = self.lex_string(str_start);
                if t.kind == TokenKind::Error {
                    return t;
                }
                self.make(TokenKind::AtIdent, start)
            }
            c if is_ident_start(c) => {
                let end = scan(self.src, self.pos, BARE_IDENT);
                self.token(TokenKind::AtIdent, start, end)
            }
            _ => self.fail(
                start,
                start + 1,
                "@ identifier expected to start with letter or '_'",
            ),
        }
    }

    /// `#`, `%`, `^`, `!` followed by a suffix-id: digits, or a letter-like
    /// character then identifier characters (which here include `-`).
    #[inline(always)]
    fn lex_prefixed(&mut self, start: usize, kind: TokenKind) -> Token {
        let src = self.src;
        let c = src.get(start + 1).copied().unwrap_or(0);
        let class = BYTE_CLASS[c as usize];
        let end = if class & DIGIT != 0 {
            scan(src, start + 2, DIGIT)
        } else if class & SUFFIX_IDENT != 0 {
            // A letter, `_`, `$`, `.` or `-` (digits are read above).
            scan(src, start + 2, SUFFIX_IDENT)
        } else {
            return self.bad_prefixed(start, kind, c);
        };
        self.token(kind, start, end)
    }

    /// The error for a sigil no name follows.
    #[cold]
    #[inline(never)]
    fn bad_prefixed(&mut self, start: usize, kind: TokenKind, c: u8) -> Token {
        self.pos = start + 1;
        if kind == TokenKind::ExclamationIdent && c == b'"' {
            // `!"..."` is not valid MLIR.
            return self.fail(start, start, "invalid type identifier");
        }
        let why = match kind {
            TokenKind::HashIdent => "invalid attribute name",
            TokenKind::PercentIdent => "invalid SSA name",
            TokenKind::CaretIdent => "invalid block name",
            _ => "invalid type identifier",
        };
        self.fail(start, start, why)
    }

    fn lex_number(&mut self, start: usize) -> Token {
        let first = self.src[start];
        if first == b'0' && self.peek(0) == b'x' && self.peek(1).is_ascii_hexdigit() {
            self.pos += 1;
            while self.peek(0).is_ascii_hexdigit() {
                self.pos += 1;
            }
            return self.make(TokenKind::Integer, start);
        }
        self.pos = scan(self.src, self.pos, DIGIT);
        if self.peek(0) != b'.' {
            return self.make(TokenKind::Integer, start);
        }
        self.pos += 1;
        while self.peek(0).is_ascii_digit() {
            self.pos += 1;
        }
        if matches!(self.peek(0), b'e' | b'E') {
            let exp_digits = if matches!(self.peek(1), b'+' | b'-') {
                2
            } else {
                1
            };
            if self.peek(exp_digits).is_ascii_digit() {
                self.pos += exp_digits;
                while self.peek(0).is_ascii_digit() {
                    self.pos += 1;
                }
            }
        }
        self.make(TokenKind::Float, start)
    }

    /// `start` is the offset of the opening quote; `self.pos` is just past it.
    fn lex_string(&mut self, start: usize) -> Token {
        loop {
            // Up to the next quote, escape or line break at once.
            self.pos = scan(self.src, self.pos, STRING_PLAIN);
            // An unterminated string is reported where it stops (end of
            // line or file), as MLIR does.
            let Some(&c) = self.src.get(self.pos) else {
                return self.fail(start, self.pos, "expected '\"' in string literal");
            };
            self.pos += 1;
            match c {
                b'"' => return self.make(TokenKind::String, start),
                b'\n' | b'\r' => {
                    self.pos -= 1;
                    return self.fail(start, self.pos, "expected '\"' in string literal");
                }
                b'\\' => {
                    let e = self.peek(0);
                    if matches!(e, b'"' | b'\\' | b'n' | b't') {
                        self.pos += 1;
                    } else if e.is_ascii_hexdigit() && self.peek(1).is_ascii_hexdigit() {
                        self.pos += 2;
                    } else {
                        let at = self.pos - 1;
                        return self.fail(start, at, "unknown escape in string literal");
                    }
                }
                _ => {}
            }
        }
    }
}

/// Decodes the body of a string token (quotes included in `text`) into bytes,
/// resolving `\"`, `\\`, `\n`, `\t` and `\XX`. The lexer already checked the
/// escapes, so this cannot fail on a `String` token's text.
pub fn unescape_string(text: &[u8]) -> Vec<u8> {
    let body = &text[1..text.len() - 1];
    let mut out = Vec::with_capacity(body.len());
    let mut i = 0;
    while i < body.len() {
        let c = body[i];
        if c != b'\\' {
            out.push(c);
            i += 1;
            continue;
        }
        let e = body.get(i + 1).copied().unwrap_or(b'\\');
        match e {
            b'n' => out.push(b'\n'),
            b't' => out.push(b'\t'),
            b'"' | b'\\' => out.push(e),
            _ => {
                let hex = |b: u8| (b as char).to_digit(16).unwrap_or(0) as u8;
                let lo = body.get(i + 2).copied().unwrap_or(b'0');
                out.push(hex(e) << 4 | hex(lo));
                i += 3;
                continue;
            }
        }
        i += 2;
    }
    out
}

/// Where the spaces from `pos` on end: a line's indentation, read eight
/// bytes at a time (byte by byte it was a good part of the lexer's time).
#[inline]
fn skip_indentation(src: &[u8], mut pos: usize) -> usize {
    const SPACES: u64 = u64::from_le_bytes([b' '; 8]);
    while let Some(chunk) = src.get(pos..pos + 8) {
        let word = u64::from_le_bytes(chunk.try_into().expect("eight bytes"));
        let other = word ^ SPACES;
        if other != 0 {
            // The first byte that is not a space (little-endian: the
            // lowest non-zero byte of `other`).
            return pos + (other.trailing_zeros() / 8) as usize;
        }
        pos += 8;
    }
    pos
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(src: &str) -> Vec<TokenKind> {
        let mut lx = Lexer::new(src.as_bytes());
        let mut out = vec![];
        loop {
            let t = lx.next_token();
            if t.kind == TokenKind::Eof {
                return out;
            }
            out.push(t.kind);
        }
    }

    #[test]
    fn punctuation_and_identifiers() {
        use TokenKind::*;
        assert_eq!(
            kinds("%0:2 = \"foo.bar\"(%a#1) : (i32, si8) -> !t.x<...> // c"),
            vec![
                PercentIdent,
                Colon,
                Integer,
                Equal,
                String,
                LParen,
                PercentIdent,
                HashIdent,
                RParen,
                Colon,
                LParen,
                IntType,
                Comma,
                IntType,
                RParen,
                Arrow,
                ExclamationIdent,
                Less,
                Ellipsis,
                Greater
            ]
        );
    }

    #[test]
    fn indentation_of_any_width_is_skipped() {
        // Line feeds followed by 0 to 20 spaces, a tab or a NUL among them,
        // and a line that ends the input inside the last eight bytes: each
        // token starts where its first byte is.
        for width in 0..20 {
            for tail in ["", " ", "\t x", "\0x", "    "] {
                let src = format!(
                    "a\n{}b{tail}\n{}c",
                    " ".repeat(width),
                    " ".repeat(width / 3)
                );
                let mut lx = Lexer::new(src.as_bytes());
                let mut starts = vec![];
                loop {
                    let t = lx.next_token();
                    if t.kind == TokenKind::Eof {
                        break;
                    }
                    starts.push((t.start as usize, src.as_bytes()[t.start as usize]));
                }
                let want: Vec<_> = src
                    .bytes()
                    .enumerate()
                    .filter(|&(_, b)| b.is_ascii_alphabetic())
                    .collect();
                assert_eq!(starts, want, "{src:?}");
            }
        }
    }

    #[test]
    fn numbers() {
        use TokenKind::*;
        assert_eq!(
            kinds("1 0x1F 1.5 2.e3 1.0e-5 3e4"),
            vec![Integer, Integer, Float, Float, Float, Integer, BareIdent]
        );
    }

    #[test]
    fn int_type_needs_nonzero_width() {
        use TokenKind::*;
        assert_eq!(
            kinds("i0 i01 i1 ui32 index"),
            vec![BareIdent, BareIdent, IntType, IntType, BareIdent]
        );
    }

    #[test]
    fn strings_and_errors() {
        let mut lx = Lexer::new(br#""a\"b\0A" "open"#);
        let t = lx.next_token();
        assert_eq!(t.kind, TokenKind::String);
        assert_eq!(unescape_string(lx.text(t)), b"a\"b\n");
        assert_eq!(lx.next_token().kind, TokenKind::Error);
        assert_eq!(lx.error().unwrap().1, "expected '\"' in string literal");
    }

    #[test]
    fn file_metadata_and_at_ident() {
        use TokenKind::*;
        assert_eq!(
            kinds("{-# #-} @foo @\"a b\" #map1 ^bb0"),
            vec![
                FileMetadataBegin,
                FileMetadataEnd,
                AtIdent,
                AtIdent,
                HashIdent,
                CaretIdent
            ]
        );
    }

    #[test]
    fn strings_hold_any_bytes() {
        // Raw bytes that are not UTF-8 are part of a string, and `\XX`
        // escapes may produce them too.
        let mut lx = Lexer::new(b"\"a\xFF\\FE\\C3\\28\"");
        let t = lx.next_token();
        assert_eq!(t.kind, TokenKind::String);
        assert_eq!(unescape_string(lx.text(t)), b"a\xFF\xFE\xC3(");
        assert_eq!(lx.next_token().kind, TokenKind::Eof);
    }

    #[test]
    fn long_names_and_strings_end_where_their_bytes_do() {
        // Names and strings of every length from 0 to 20 bytes, at the
        // end of input and before another token: the eight-byte scans
        // stop at the right byte either way.
        for n in 0..20 {
            let name = "a1_.$".repeat(4)[..n].to_string();
            for tail in ["", " x", ",", ":"] {
                for (src, kind, len) in [
                    (format!("b{name}{tail}"), TokenKind::BareIdent, n + 1),
                    (format!("%x{name}-{tail}"), TokenKind::PercentIdent, n + 3),
                    (format!("\"{name}\"{tail}"), TokenKind::String, n + 2),
                    (
                        format!("#{}{tail}", "7".repeat(n + 1)),
                        TokenKind::HashIdent,
                        n + 2,
                    ),
                ] {
                    let mut lx = Lexer::new(src.as_bytes());
                    let t = lx.next_token();
                    assert_eq!((t.kind, t.start, t.end), (kind, 0, len as u32), "{src:?}");
                }
            }
        }
    }

    #[test]
    fn comments_and_blanks_between_tokens() {
        use TokenKind::*;
        assert_eq!(
            kinds("a // one\n// two\r\n  \t// three\nb"),
            vec![BareIdent, BareIdent]
        );
        assert_eq!(kinds("a // to the end"), vec![BareIdent]);
        assert_eq!(kinds("// only\n\n// comments"), vec![]);
        assert_eq!(kinds("a /b"), vec![BareIdent, Error, BareIdent]);
        let mut lx = Lexer::new(b"\"a\nb\"");
        assert_eq!(lx.next_token().kind, Error);
        assert_eq!(lx.error(), Some((2, "expected '\"' in string literal")));
    }

    #[test]
    fn invalid_bytes_are_errors() {
        assert_eq!(kinds("\u{00ff}"), vec![TokenKind::Error, TokenKind::Error]);
    }
}

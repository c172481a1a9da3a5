//! The Toy lexer: bytes to tokens, each with the line and column of its
//! first character.
//!
//! It reads the input the way upstream's `toyc` does, because its token
//! codes and positions appear in the tool's output (AST dump locations,
//! `Parse error (line, col)` messages): a byte is a *signed* character (so
//! `0xff` reads as end of input, and bytes above `0x7f` are negative
//! codes), input ends at the first NUL byte, character classes are the C
//! locale's, and a number is the longest run of digits and dots, read as
//! `strtod` reads it.

use std::fmt;
use std::rc::Rc;

use super::Language;

/// A token as toyc's lexer codes it: a character's (signed) value, or one
/// of the negative codes below. Parse errors print this number.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Token(pub i32);

impl Token {
    /// End of input (also what a `0xff` byte reads as).
    pub const EOF: Token = Token(-1);
    /// The `return` keyword.
    pub const RETURN: Token = Token(-2);
    /// The `var` keyword.
    pub const VAR: Token = Token(-3);
    /// The `def` keyword.
    pub const DEF: Token = Token(-4);
    /// An identifier: `[a-zA-Z][a-zA-Z0-9_]*` other than a keyword.
    pub const IDENTIFIER: Token = Token(-5);
    /// A number: `[0-9.]+` (chapter 7: `[0-9][0-9.]*`).
    pub const NUMBER: Token = Token(-6);
    /// The `struct` keyword (chapter 7 only). Its code here is ours;
    /// [`Token::code`] gives the one chapter 7's toyc prints.
    pub const STRUCT: Token = Token(-7);

    /// The token of a single character.
    pub const fn char(c: u8) -> Token {
        Token(c as i32)
    }

    /// Whether this is the single-character token `c`.
    pub fn is(self, c: u8) -> bool {
        self.0 == c as i32
    }

    /// Whether the code is a printable ASCII character (C's `isprint`).
    pub fn is_printable(self) -> bool {
        (0x20..0x7f).contains(&self.0)
    }

    /// The number `language`'s toyc prints for the token: chapter 7
    /// inserts `struct` (-5) before the identifier and number codes,
    /// which move to -6 and -7.
    pub fn code(self, language: Language) -> i32 {
        match (language, self) {
            (Language::Structs, Token::STRUCT) => -5,
            (Language::Structs, Token::IDENTIFIER) => -6,
            (Language::Structs, Token::NUMBER) => -7,
            _ => self.0,
        }
    }
}

impl fmt::Display for Token {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// A place in the input: the file name as given on the command line and
/// a 1-based line and column. The end of input is where reading stopped:
/// just after the last character (column 0 of the next line after a
/// newline).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Location {
    /// The file name, shared by every location of one input.
    pub file: Rc<str>,
    /// The line, from 1.
    pub line: i32,
    /// The column, from 1.
    pub col: i32,
}

/// The character code C's `<ctype.h>` sees for a byte read as `char`.
fn signed(byte: u8) -> i32 {
    byte as i8 as i32
}

fn is_space(c: i32) -> bool {
    matches!(c, 0x20 | 0x09..=0x0d)
}

fn is_digit(c: i32) -> bool {
    (b'0' as i32..=b'9' as i32).contains(&c)
}

fn is_alpha(c: i32) -> bool {
    (b'a' as i32..=b'z' as i32).contains(&c) || (b'A' as i32..=b'Z' as i32).contains(&c)
}

/// Turns the input into tokens on demand; the parser asks for one at a
/// time and reads the current one's text, value and location.
pub struct Lexer<'a> {
    /// The input up to its first NUL byte.
    input: &'a [u8],
    /// How many characters of the stream have been read: the stream is a
    /// newline (which moves the position to line 1) followed by `input`.
    read: usize,
    line: i32,
    col: i32,
    /// The character read ahead of the current token.
    last_char: i32,
    current: Token,
    location: Location,
    identifier: String,
    number: f64,
    /// Which chapter's language: chapter 7 has the `struct` keyword and
    /// starts a number at a digit only (a lone `.` is member access).
    language: Language,
}

impl<'a> Lexer<'a> {
    /// A lexer over `input`, whose locations name `file`, for chapters 1
    /// to 6's language.
    pub fn new(input: &'a [u8], file: &str) -> Self {
        Self::with_language(input, file, Language::Tensors)
    }

    /// A lexer over `input` (locations naming `file`) for `language`.
    pub fn with_language(input: &'a [u8], file: &str, language: Language) -> Self {
        let end = input.iter().position(|&b| b == 0).unwrap_or(input.len());
        Lexer {
            input: &input[..end],
            read: 0,
            line: 0,
            col: 0,
            last_char: b' ' as i32,
            current: Token::EOF,
            location: Location {
                file: Rc::from(file),
                line: 0,
                col: 0,
            },
            identifier: String::new(),
            number: 0.0,
            language,
        }
    }

    /// The current token.
    pub fn current(&self) -> Token {
        self.current
    }

    /// Moves to the next token and returns it.
    pub fn next_token(&mut self) -> Token {
        self.current = self.lex_token();
        self.current
    }

    /// The text of the last identifier read (kept across later tokens, as
    /// toyc's parser reads it even when the current token is not one).
    pub fn identifier(&self) -> &str {
        &self.identifier
    }

    /// The value of the last number read.
    pub fn number(&self) -> f64 {
        self.number
    }

    /// Where the current token starts.
    pub fn location(&self) -> Location {
        self.location.clone()
    }

    /// The next character of the stream, or -1 at its end; a newline moves
    /// to the next line after it is read.
    fn next_char(&mut self) -> i32 {
        let c = match self.read {
            0 => b'\n' as i32,
            n if n <= self.input.len() => signed(self.input[n - 1]),
            _ => return -1,
        };
        self.read += 1;
        self.col += 1;
        if c == b'\n' as i32 {
            self.line += 1;
            self.col = 0;
        }
        c
    }

    fn lex_token(&mut self) -> Token {
        loop {
            while is_space(self.last_char) {
                self.last_char = self.next_char();
            }
            self.location.line = self.line;
            self.location.col = self.col;

            if is_alpha(self.last_char) {
                return self.lex_word();
            }
            let starts_number = is_digit(self.last_char)
                || (self.last_char == b'.' as i32 && self.language == Language::Tensors);
            if starts_number {
                return self.lex_number();
            }
            if self.last_char == b'#' as i32 {
                // A comment runs to the end of the line.
                loop {
                    self.last_char = self.next_char();
                    if self.last_char == -1
                        || self.last_char == b'\n' as i32
                        || self.last_char == b'\r' as i32
                    {
                        break;
                    }
                }
                if self.last_char != -1 {
                    continue;
                }
            }
            if self.last_char == -1 {
                return Token::EOF;
            }
            let this = Token(self.last_char);
            self.last_char = self.next_char();
            return this;
        }
    }

    fn lex_word(&mut self) -> Token {
        self.identifier.clear();
        self.identifier.push(self.last_char as u8 as char);
        loop {
            self.last_char = self.next_char();
            let c = self.last_char;
            if !(is_alpha(c) || is_digit(c) || c == b'_' as i32) {
                break;
            }
            self.identifier.push(c as u8 as char);
        }
        match self.identifier.as_str() {
            "return" => Token::RETURN,
            "def" => Token::DEF,
            "var" => Token::VAR,
            "struct" if self.language == Language::Structs => Token::STRUCT,
            _ => Token::IDENTIFIER,
        }
    }

    fn lex_number(&mut self) -> Token {
        let mut text = String::new();
        while is_digit(self.last_char) || self.last_char == b'.' as i32 {
            text.push(self.last_char as u8 as char);
            self.last_char = self.next_char();
        }
        self.number = strtod_prefix(&text);
        Token::NUMBER
    }
}

/// What C's `strtod` makes of a run of digits and dots: the longest
/// prefix that is a decimal number (`1.2.3` is 1.2), or 0 when there is
/// none (`.`, `..`).
pub fn strtod_prefix(text: &str) -> f64 {
    let bytes = text.as_bytes();
    let int_len = bytes.iter().take_while(|b| b.is_ascii_digit()).count();
    let mut end = int_len;
    let mut frac_len = 0;
    if bytes.get(end) == Some(&b'.') {
        frac_len = bytes[end + 1..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count();
        end += 1 + frac_len;
    }
    if int_len + frac_len == 0 {
        return 0.0;
    }
    let int_part = if int_len == 0 { "0" } else { &text[..int_len] };
    let frac_part = if frac_len == 0 {
        "0"
    } else {
        &text[end - frac_len..end]
    };
    format!("{int_part}.{frac_part}").parse().unwrap_or(0.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tokens(text: &str) -> Vec<(i32, i32, i32)> {
        let mut lexer = Lexer::new(text.as_bytes(), "t");
        let mut out = Vec::new();
        loop {
            let tok = lexer.next_token();
            let loc = lexer.location();
            out.push((tok.0, loc.line, loc.col));
            if tok == Token::EOF {
                return out;
            }
        }
    }

    #[test]
    fn positions_are_of_the_first_character() {
        assert_eq!(
            tokens("def f\n  x;"),
            vec![(-4, 1, 1), (-5, 1, 5), (-5, 2, 3), (59, 2, 4), (-1, 2, 4)]
        );
        // After a final newline the end is at column 0 of the next line.
        assert_eq!(tokens("a\n"), vec![(-5, 1, 1), (-1, 2, 0)]);
    }

    #[test]
    fn comments_nul_and_high_bytes() {
        assert_eq!(tokens("# c\n;"), vec![(59, 2, 1), (-1, 2, 1)]);
        // A comment running to the end leaves the end at the `#`.
        assert_eq!(tokens("; # c"), vec![(59, 1, 1), (-1, 1, 3)]);
        assert_eq!(tokens(";\0;"), vec![(59, 1, 1), (-1, 1, 1)]);
        let mut lexer = Lexer::new(&[b';', 0xc3, 0xff, b';'], "t");
        assert_eq!(lexer.next_token(), Token::char(b';'));
        assert_eq!(lexer.next_token(), Token(-61));
        assert_eq!(lexer.next_token(), Token::EOF);
    }

    #[test]
    fn chapter_seven_has_struct_and_reads_dots_as_access() {
        let codes = |language: Language, text: &str| {
            let mut lexer = Lexer::with_language(text.as_bytes(), "t", language);
            let mut out = Vec::new();
            while lexer.next_token() != Token::EOF {
                out.push(lexer.current().code(language));
            }
            out
        };
        // Chapters 1 to 6: `struct` is an identifier (-5), `.5` a number
        // (-6).
        assert_eq!(codes(Language::Tensors, "struct s.5"), vec![-5, -5, -6]);
        // Chapter 7: `struct` is -5, identifiers -6, numbers -7, and a
        // number starts at a digit only.
        assert_eq!(
            codes(Language::Structs, "struct s.5 7.5"),
            vec![-5, -6, 46, -7, -7]
        );
    }

    #[test]
    fn numbers_read_as_strtod() {
        assert_eq!(strtod_prefix("1.5.3"), 1.5);
        assert_eq!(strtod_prefix(".5"), 0.5);
        assert_eq!(strtod_prefix("2."), 2.0);
        assert_eq!(strtod_prefix(".."), 0.0);
        assert_eq!(strtod_prefix("007"), 7.0);
    }
}

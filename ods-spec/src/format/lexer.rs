//! Tokens of a format string. Input: the decoded text of an
//! `assemblyFormat`; output: [`Token`]s with their byte ranges, or the
//! first lexical error (`unexpected character`, an unterminated literal or
//! string, a `$` without a name) at its offset. The token set is
//! mlir-tblgen's: punctuation `^ : , = < > ? ( ) * |`, `` `literals` ``,
//! `$variables`, `"strings"`, and identifiers, some of which are
//! directive keywords.

use super::FormatError;

/// What a token is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TokenKind {
    /// End of the text.
    Eof,
    /// `^`
    Caret,
    /// `:`
    Colon,
    /// `,`
    Comma,
    /// `=`
    Equal,
    /// `<`
    Less,
    /// `>`
    Greater,
    /// `?`
    Question,
    /// `(`
    LParen,
    /// `)`
    RParen,
    /// `*`
    Star,
    /// `|`
    Pipe,
    /// `` `...` `` (spelling includes the backticks).
    Literal,
    /// `$name` (spelling includes the `$`).
    Variable,
    /// `"..."` (spelling includes the quotes).
    String,
    /// A name that is not a keyword.
    Identifier,
    /// A directive keyword.
    Keyword(Keyword),
}

/// The directive keywords.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Keyword {
    /// `attr-dict`
    AttrDict,
    /// `attr-dict-with-keyword`
    AttrDictWithKeyword,
    /// `prop-dict`
    PropDict,
    /// `custom`
    Custom,
    /// `functional-type`
    FunctionalType,
    /// `oilist`
    OIList,
    /// `operands`
    Operands,
    /// `params`
    Params,
    /// `ref`
    Ref,
    /// `regions`
    Regions,
    /// `results`
    Results,
    /// `struct`
    Struct,
    /// `successors`
    Successors,
    /// `type`
    Type,
    /// `qualified`
    Qualified,
}

impl Keyword {
    fn from_name(name: &str) -> Option<Keyword> {
        Some(match name {
            "attr-dict" => Keyword::AttrDict,
            "attr-dict-with-keyword" => Keyword::AttrDictWithKeyword,
            "prop-dict" => Keyword::PropDict,
            "custom" => Keyword::Custom,
            "functional-type" => Keyword::FunctionalType,
            "oilist" => Keyword::OIList,
            "operands" => Keyword::Operands,
            "params" => Keyword::Params,
            "ref" => Keyword::Ref,
            "regions" => Keyword::Regions,
            "results" => Keyword::Results,
            "struct" => Keyword::Struct,
            "successors" => Keyword::Successors,
            "type" => Keyword::Type,
            "qualified" => Keyword::Qualified,
            _ => return None,
        })
    }
}

/// One token: its kind and byte range in the format text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token {
    /// What it is.
    pub kind: TokenKind,
    /// First byte.
    pub start: usize,
    /// One past the last byte.
    pub end: usize,
}

impl Token {
    /// The token's text in `src`.
    pub fn spelling<'s>(&self, src: &'s str) -> &'s str {
        &src[self.start..self.end]
    }
}

/// Splits `src` into tokens (ending with one `Eof`).
pub fn lex(src: &str) -> Result<Vec<Token>, FormatError> {
    let b = src.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    loop {
        while i < b.len() && matches!(b[i], b' ' | b'\t' | b'\n' | b'\r' | 0) {
            i += 1;
        }
        let start = i;
        let Some(&c) = b.get(i) else {
            out.push(Token {
                kind: TokenKind::Eof,
                start,
                end: start,
            });
            return Ok(out);
        };
        i += 1;
        let kind = match c {
            b'^' => TokenKind::Caret,
            b':' => TokenKind::Colon,
            b',' => TokenKind::Comma,
            b'=' => TokenKind::Equal,
            b'<' => TokenKind::Less,
            b'>' => TokenKind::Greater,
            b'?' => TokenKind::Question,
            b'(' => TokenKind::LParen,
            b')' => TokenKind::RParen,
            b'*' => TokenKind::Star,
            b'|' => TokenKind::Pipe,
            b'`' => match src[i..].find('`') {
                Some(n) => {
                    i += n + 1;
                    TokenKind::Literal
                }
                None => {
                    return Err(FormatError::new(
                        src.len(),
                        src.len(),
                        "unexpected end of file in literal",
                    ))
                }
            },
            b'$' => {
                if !b
                    .get(i)
                    .is_some_and(|c| c.is_ascii_alphabetic() || *c == b'_')
                {
                    return Err(FormatError::new(start, i, "expected variable name"));
                }
                while b
                    .get(i)
                    .is_some_and(|c| c.is_ascii_alphanumeric() || *c == b'_')
                {
                    i += 1;
                }
                TokenKind::Variable
            }
            b'"' => {
                let mut escape = false;
                loop {
                    let Some(&c) = b.get(i) else {
                        return Err(FormatError::new(
                            src.len(),
                            src.len(),
                            "unexpected end of file in string",
                        ));
                    };
                    i += 1;
                    if !escape && c == b'"' {
                        break;
                    }
                    escape = c == b'\\';
                }
                TokenKind::String
            }
            c if c.is_ascii_alphabetic() || c == b'_' => {
                while b
                    .get(i)
                    .is_some_and(|c| c.is_ascii_alphanumeric() || *c == b'_' || *c == b'-')
                {
                    i += 1;
                }
                Keyword::from_name(&src[start..i]).map_or(TokenKind::Identifier, TokenKind::Keyword)
            }
            _ => {
                let end = start + src[start..].chars().next().map_or(1, char::len_utf8);
                return Err(FormatError::new(start, end, "unexpected character"));
            }
        };
        out.push(Token {
            kind,
            start,
            end: i,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(src: &str) -> Vec<TokenKind> {
        lex(src).unwrap().into_iter().map(|t| t.kind).collect()
    }

    #[test]
    fn lexes_every_token_kind() {
        use TokenKind::*;
        assert_eq!(
            kinds("$a `->` attr-dict-with-keyword custom<Foo>(\"s\\\"\") ^:,=?*| x-y"),
            vec![
                Variable,
                Literal,
                Keyword(super::Keyword::AttrDictWithKeyword),
                Keyword(super::Keyword::Custom),
                Less,
                Identifier,
                Greater,
                LParen,
                String,
                RParen,
                Caret,
                Colon,
                Comma,
                Equal,
                Question,
                Star,
                Pipe,
                Identifier,
                Eof
            ]
        );
    }

    #[test]
    fn lexical_errors_point_at_their_place() {
        let e = lex("$a ... x").unwrap_err();
        assert_eq!((e.start, e.message.as_str()), (3, "unexpected character"));
        let e = lex("`abc").unwrap_err();
        assert_eq!(
            (e.start, e.message.as_str()),
            (4, "unexpected end of file in literal")
        );
        let e = lex("$ x").unwrap_err();
        assert_eq!((e.start, e.message.as_str()), (0, "expected variable name"));
        let e = lex("\"abc").unwrap_err();
        assert_eq!(e.message, "unexpected end of file in string");
        let e = lex("é").unwrap_err();
        assert_eq!((e.start, e.end), (0, 2));
    }
}

//! The scan made before the grammar runs: the errors of TableGen's lexer
//! (`TGLexer.cpp`: unterminated strings, code blocks and comments,
//! characters no token starts with), which the grammar would only see as
//! a token it did not expect, and bracket nesting bounded (so hostile
//! input cannot overflow the stack).

use super::MAX_NESTING;
use crate::diag::{Diagnostic, FileId, Span};

/// Most lexical errors reported for one file.
const MAX_LEX_ERRORS: usize = 20;

/// Reports lexical errors (all of them, up to [`MAX_LEX_ERRORS`]), or the
/// first place where brackets, or `if`/`foreach` heads chained without
/// braces, nest deeper than [`MAX_NESTING`] outside strings, code blocks
/// and comments.
pub(super) fn scan(text: &str, file: FileId) -> Result<(), Vec<Diagnostic>> {
    let mut errors = Vec::new();
    match scan_until_fatal(text, file, &mut errors) {
        Err(fatal) => Err(vec![fatal]),
        Ok(()) if errors.is_empty() => Ok(()),
        Ok(()) => Err(errors),
    }
}

fn scan_until_fatal(
    text: &str,
    file: FileId,
    errors: &mut Vec<Diagnostic>,
) -> Result<(), Diagnostic> {
    let b = text.as_bytes();
    let mut error = |start: usize, len: usize, message: &str| {
        if errors.len() < MAX_LEX_ERRORS {
            errors.push(Diagnostic::error(
                Span::new(file, start, start + len),
                message,
            ));
        }
    };
    let mut depth = 0usize;
    let mut heads = 0usize;
    let mut heads_before_semicolon = 0usize;
    let mut i = 0;
    while i < b.len() {
        let next = b.get(i + 1).copied().unwrap_or(0);
        match b[i] {
            b'"' => {
                let open = i;
                i += 1;
                while i < b.len() && b[i] != b'"' && b[i] != b'\n' {
                    if b[i] == b'\\' && b.get(i + 1) == Some(&b'\n') {
                        error(i, 1, "escaped newlines not supported in tblgen");
                    }
                    i += if b[i] == b'\\' { 2 } else { 1 };
                }
                if i >= b.len() {
                    error(open, 1, "end of file in string literal");
                } else if b[i] == b'\n' {
                    error(open, 1, "end of line in string literal");
                }
            }
            b'[' if next == b'{' => match text[i..].find("}]") {
                Some(p) => i += p + 1,
                None => {
                    error(i, 2, "unterminated code block");
                    return Ok(());
                }
            },
            b'/' if next == b'/' => {
                i = text[i..].find('\n').map_or(b.len(), |p| i + p);
            }
            b'/' if next == b'*' => {
                // Block comments nest (as in TableGen), and the grammar
                // reads them recursively: their depth is bounded too.
                let mut comments = 1;
                let open = i;
                i += 2;
                while i < b.len() && comments > 0 {
                    match (b[i], b.get(i + 1).copied().unwrap_or(0)) {
                        (b'/', b'*') => {
                            comments += 1;
                            if comments > MAX_NESTING {
                                return Err(Diagnostic::error(
                                    Span::new(file, i, i + 2),
                                    format!("comments nested more than {MAX_NESTING} deep"),
                                ));
                            }
                            i += 2;
                        }
                        (b'*', b'/') => {
                            comments -= 1;
                            i += 2;
                        }
                        _ => i += 1,
                    }
                }
                if comments > 0 {
                    error(open, 2, "unterminated comment");
                }
                continue;
            }
            b'/' => error(i, 1, "unexpected character"),
            b'$' if !(next.is_ascii_alphabetic() || next == b'_') => {
                error(i, 1, "invalid variable name")
            }
            b'!' if !next.is_ascii_alphabetic() => error(i, 1, "invalid \"!operator\""),
            b'(' | b'[' | b'<' | b'{' => {
                depth += 1;
                if depth > MAX_NESTING {
                    return Err(Diagnostic::error(
                        Span::new(file, i, i + 1),
                        format!("brackets nested more than {MAX_NESTING} deep"),
                    ));
                }
            }
            b')' | b']' | b'>' | b'}' => depth = depth.saturating_sub(1),
            b'a'..=b'z' | b'A'..=b'Z' | b'_' => {
                // `if c then if d then ...` and `foreach` heads nest without
                // brackets (the grammar reads them recursively): they are
                // counted from the last `;` or brace. `!if` and `!foreach`
                // are operators, not heads.
                let start = i;
                while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                    i += 1;
                }
                let word = &text[start..i];
                let operator = start > 0 && b[start - 1] == b'!';
                if word == "else" {
                    // `if a then X; else if ...`: the `else` body nests in
                    // the `if` the `;` seemed to end.
                    heads = heads_before_semicolon;
                }
                if !operator && (word == "if" || word == "foreach") {
                    heads += 1;
                    if heads > MAX_NESTING {
                        return Err(Diagnostic::error(
                            Span::new(file, start, i),
                            format!("'if' and 'foreach' nested more than {MAX_NESTING} deep without braces"),
                        ));
                    }
                }
                continue;
            }
            b'0'..=b'9'
            | b':'
            | b';'
            | b','
            | b'='
            | b'?'
            | b'#'
            | b'.'
            | b'+'
            | b'-'
            | b'$'
            | b'!' => {}
            b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c => {
                // A run of blanks at once: none of them ends a statement.
                while i < b.len() && matches!(b[i], b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c) {
                    i += 1;
                }
                continue;
            }
            _ => {
                let len = text[i..].chars().next().map_or(1, char::len_utf8);
                error(i, len, "unexpected character");
                i += len;
                continue;
            }
        }
        if let Some(&c @ (b';' | b'{' | b'}')) = b.get(i) {
            heads_before_semicolon = if c == b';' { heads } else { 0 };
            heads = 0;
        }
        i += 1;
    }
    Ok(())
}

/// Where the innermost bracket `open` (`{`, `(` or `[`) still open at
/// byte `pos` was opened, outside strings, code blocks and comments: what
/// a missing closing bracket matches.
pub(super) fn open_bracket_before(text: &str, pos: usize, open: u8) -> Option<usize> {
    let b = text.as_bytes();
    let end = pos.min(b.len());
    let mut stack: Vec<(u8, usize)> = Vec::new();
    let mut i = 0;
    while i < end {
        let next = b.get(i + 1).copied().unwrap_or(0);
        match b[i] {
            b'"' => {
                i += 1;
                while i < end && b[i] != b'"' && b[i] != b'\n' {
                    i += if b[i] == b'\\' { 2 } else { 1 };
                }
            }
            b'[' if next == b'{' => i = text[i..].find("}]").map_or(end, |p| i + p + 1),
            b'/' if next == b'/' => i = text[i..].find('\n').map_or(end, |p| i + p),
            b'/' if next == b'*' => {
                let mut comments = 1;
                i += 2;
                while i < end && comments > 0 {
                    match (b[i], b.get(i + 1).copied().unwrap_or(0)) {
                        (b'/', b'*') => (comments, i) = (comments + 1, i + 2),
                        (b'*', b'/') => (comments, i) = (comments - 1, i + 2),
                        _ => i += 1,
                    }
                }
                continue;
            }
            c @ (b'{' | b'(' | b'[') => stack.push((c, i)),
            c @ (b'}' | b')' | b']') => {
                let opener = match c {
                    b'}' => b'{',
                    b')' => b'(',
                    _ => b'[',
                };
                if stack.last().is_some_and(|&(o, _)| o == opener) {
                    stack.pop();
                }
            }
            _ => {}
        }
        i += 1;
    }
    stack
        .iter()
        .rev()
        .find(|&&(o, _)| o == open)
        .map(|&(_, at)| at)
}

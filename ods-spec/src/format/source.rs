//! Where a format string came from. Input: the decoded text of an
//! `assemblyFormat` field, the span its value was set at and the source
//! files; output: a [`FormatSource`] that turns a byte offset inside the
//! decoded text into a [`Span`] inside the `"..."` string or `[{ ... }]`
//! code block of the `.ods` file, so errors point at the `$x` at fault
//! (escapes such as `\"` and juxtaposed strings `"a" "b"` are accounted
//! for). When the text was computed (a paste, a template argument), the
//! literal is looked for in the record's file; failing that every offset
//! maps to the field's span.

use crate::diag::{FileId, SourceMap, Span};

/// Maps offsets of a decoded format string to source spans.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FormatSource {
    file: FileId,
    /// Source offset of each decoded byte, plus one entry for the end.
    /// Empty when the literal was not found: then `fallback` is used.
    offsets: Vec<u32>,
    fallback: Span,
}

impl FormatSource {
    /// A source that maps every offset to `span` (for text with no literal
    /// of its own, such as a format built by the generator).
    pub fn at(span: Span) -> FormatSource {
        FormatSource {
            file: span.file,
            offsets: Vec::new(),
            fallback: span,
        }
    }

    /// Finds the literal holding `text`: first the expression at
    /// `field_span`, else the first literal in that file (at or after
    /// `after`, then anywhere) that decodes to `text`.
    pub fn locate(sources: &SourceMap, field_span: Span, after: u32, text: &str) -> FormatSource {
        let file_text = &sources.file(field_span.file).text;
        let start = field_span.start as usize;
        let end = (field_span.end as usize).min(file_text.len());
        let mut found = decode_literals(file_text, start, end).filter(|(s, _)| s == text);
        if found.is_none() {
            let mut first = None;
            for (pos, decoded, offsets) in scan_literals(file_text) {
                if decoded == text {
                    if pos >= after as usize {
                        found = Some((decoded, offsets));
                        break;
                    }
                    first.get_or_insert((decoded, offsets));
                }
            }
            found = found.or(first);
        }
        match found {
            Some((_, offsets)) => FormatSource {
                file: field_span.file,
                offsets,
                fallback: field_span,
            },
            None => FormatSource::at(field_span),
        }
    }

    /// The span of bytes `start..end` of the decoded text.
    pub fn span(&self, start: usize, end: usize) -> Span {
        if self.offsets.is_empty() {
            return self.fallback;
        }
        let last = self.offsets.len() - 1;
        let s = self.offsets[start.min(last)] as usize;
        let e = self.offsets[end.min(last)] as usize;
        Span::new(self.file, s, e.max(s + 1))
    }
}

/// Decodes the literals (strings, possibly juxtaposed, or one code block)
/// that make up `text[start..end]`, with the source offset of each decoded
/// byte. `None` when the range holds anything else.
fn decode_literals(text: &str, start: usize, end: usize) -> Option<(String, Vec<u32>)> {
    let bytes = text.as_bytes();
    let mut out = String::new();
    let mut offsets = Vec::new();
    let mut i = start;
    let mut closing_quote = None;
    while i < end {
        match bytes[i] {
            b' ' | b'\t' | b'\n' | b'\r' => i += 1,
            b'"' => {
                i = decode_string(text, i, &mut out, &mut offsets)?;
                closing_quote = Some(i - 1);
            }
            b'[' if bytes.get(i + 1) == Some(&b'{') && closing_quote.is_none() => {
                let body = i + 2;
                let close = text[body..].find("}]")? + body;
                for (k, _) in text[body..close].char_indices() {
                    offsets.extend(std::iter::repeat_n(
                        (body + k) as u32,
                        text[body + k..].chars().next().map_or(1, char::len_utf8),
                    ));
                }
                out.push_str(&text[body..close]);
                offsets.push(close as u32);
                return (close + 2 >= end || text[close + 2..end].trim().is_empty())
                    .then_some((out, offsets));
            }
            _ => return None,
        }
    }
    offsets.push(closing_quote? as u32);
    Some((out, offsets))
}

/// Decodes the string literal starting at `start` (a `"`), appending its
/// value and offsets; returns the offset after the closing quote.
fn decode_string(
    text: &str,
    start: usize,
    out: &mut String,
    offsets: &mut Vec<u32>,
) -> Option<usize> {
    let mut chars = text[start + 1..].char_indices();
    while let Some((k, c)) = chars.next() {
        let at = start + 1 + k;
        match c {
            '"' => return Some(at + 1),
            '\n' => return None,
            '\\' => {
                let (_, e) = chars.next()?;
                let decoded = match e {
                    'n' => '\n',
                    't' => '\t',
                    other => other,
                };
                offsets.extend(std::iter::repeat_n(at as u32, decoded.len_utf8()));
                out.push(decoded);
            }
            _ => {
                offsets.extend(std::iter::repeat_n(at as u32, c.len_utf8()));
                out.push(c);
            }
        }
    }
    None
}

/// Every string literal and code block of a file, skipping comments:
/// (offset, decoded text, offsets).
fn scan_literals(text: &str) -> Vec<(usize, String, Vec<u32>)> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'/' if bytes.get(i + 1) == Some(&b'/') => {
                i = text[i..].find('\n').map_or(bytes.len(), |n| i + n);
            }
            b'/' if bytes.get(i + 1) == Some(&b'*') => {
                i = text[i + 2..].find("*/").map_or(bytes.len(), |n| i + n + 4);
            }
            b'"' => {
                let mut s = String::new();
                let mut offsets = Vec::new();
                match decode_string(text, i, &mut s, &mut offsets) {
                    Some(next) => {
                        offsets.push((next - 1) as u32);
                        out.push((i, s, offsets));
                        i = next;
                    }
                    None => i += 1,
                }
            }
            b'[' if bytes.get(i + 1) == Some(&b'{') => {
                let Some(close) = text[i + 2..].find("}]").map(|n| i + 2 + n) else {
                    break;
                };
                if let Some((s, offsets)) = decode_literals(text, i, close + 2) {
                    out.push((i, s, offsets));
                }
                i = close + 2;
            }
            _ => i += 1,
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn source(text: &str, needle: &str) -> (SourceMap, Span) {
        let mut sm = SourceMap::default();
        let start = text.find(needle).unwrap();
        let f = sm.add("a.ods", text);
        (sm, Span::new(f, start, start + needle.len()))
    }

    #[test]
    fn offsets_account_for_escapes_and_juxtaposition() {
        let text = "let f = \"a \\\"b\\\" \" \"$x\";";
        let (sm, span) = source(text, "\"a ");
        let span = Span::new(span.file, span.start as usize, text.len() - 1);
        let fs = FormatSource::locate(&sm, span, 0, "a \"b\" $x");
        let x = "a \"b\" $x".find('$').unwrap();
        let got = fs.span(x, x + 2);
        assert_eq!(&text[got.start as usize..got.end as usize], "$x");
    }

    #[test]
    fn code_blocks_map_directly_and_template_arguments_are_found() {
        let text = "class C<string f> { let g = f; }\ndef D : C<[{\n  $y attr-dict\n}]>;";
        let (sm, span) = source(text, "f; }");
        let span = Span::new(span.file, span.start as usize, span.start as usize + 1);
        let fmt = "\n  $y attr-dict\n";
        let fs = FormatSource::locate(&sm, span, 0, fmt);
        let got = fs.span(3, 5);
        assert_eq!(&text[got.start as usize..got.end as usize], "$y");
        assert_eq!(sm.line_col(got.file, got.start), (3, 3));
    }

    #[test]
    fn unknown_text_falls_back_to_the_field() {
        let (sm, span) = source("let g = f;", "f");
        let fs = FormatSource::locate(&sm, span, 0, "nowhere");
        assert_eq!(fs.span(3, 4), span);
    }
}

//! The preprocessor: `#ifdef`/`#ifndef`/`#define`/`#else`/`#endif`, run
//! before the grammar. Directive lines and disabled regions are blanked
//! (same byte length, newlines kept), so offsets stay valid.

use std::collections::HashSet;

use crate::diag::{Diagnostic, FileId, Span};

/// Runs the preprocessor: returns the text with directive lines and
/// disabled regions replaced by spaces (newlines kept).
///
/// Only lines whose first non-blank character is `#` can be directives,
/// so the text between them is copied (or blanked) a region at a time;
/// whether a `[{ ... }]` block is open at such a line is worked out over
/// the active text before it ([`track_code_until`]).
pub fn preprocess(
    text: &str,
    file: FileId,
    defines: &mut HashSet<String>,
) -> Result<String, Diagnostic> {
    // Each open conditional: (was the enclosing region active, is this
    // branch active, seen #else, offset of the directive).
    let mut stack: Vec<(bool, bool, bool, usize)> = Vec::new();
    let mut out = String::with_capacity(text.len());
    let mut in_code = false;
    // Start of the text not yet copied or blanked (a line start).
    let mut copied = 0usize;
    // Where the open-code-block state `in_code` was worked out up to.
    let mut tracked = 0usize;
    let mut search = 0usize;
    while let Some(hash) = text[search..].find('#').map(|i| search + i) {
        let line_start = text[..hash].rfind('\n').map_or(0, |i| i + 1);
        let line_end = text[hash..].find('\n').map_or(text.len(), |i| hash + i + 1);
        search = line_end;
        let line = &text[line_start..line_end];
        let trimmed = line.trim_start();
        if line.len() - trimmed.len() != hash - line_start {
            continue; // `#` after other text on its line: a paste
        }
        let active = stack.last().is_none_or(|&(_, a, _, _)| a);
        if active {
            track_code_until(text, &mut tracked, line_start, &mut in_code);
        }
        tracked = line_start;
        let directive = if in_code { None } else { directive_of(trimmed) };
        let Some((kind, arg)) = directive else {
            continue;
        };
        let lead = line.len() - trimmed.len();
        let dir_span = Span::new(file, line_start + lead, line_start + line.trim_end().len());
        let need_name = |arg: &str| -> Result<String, Diagnostic> {
            let name = arg.trim();
            let ok =
                !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
            if ok {
                Ok(name.to_string())
            } else {
                Err(Diagnostic::error(
                    dir_span,
                    format!("expected a macro name after '#{kind}'"),
                ))
            }
        };
        match kind {
            "ifdef" | "ifndef" => {
                let name = need_name(arg)?;
                let cond = defines.contains(&name) == (kind == "ifdef");
                stack.push((active, active && cond, false, line_start + lead));
            }
            "define" => {
                let name = need_name(arg)?;
                if active {
                    defines.insert(name);
                }
            }
            "else" => match stack.last_mut() {
                Some(top) if !top.2 => {
                    top.1 = top.0 && !top.1;
                    top.2 = true;
                }
                Some(_) => return Err(Diagnostic::error(dir_span, "'#else' after '#else'")),
                None => {
                    return Err(Diagnostic::error(
                        dir_span,
                        "'#else' without '#ifdef' or '#ifndef'",
                    ))
                }
            },
            _ => {
                if stack.pop().is_none() {
                    return Err(Diagnostic::error(
                        dir_span,
                        "'#endif' without '#ifdef' or '#ifndef'",
                    ));
                }
            }
        }
        // The region before the directive, then the directive itself.
        emit(&mut out, &text[copied..line_start], active);
        blank(&mut out, line);
        copied = line_end;
        tracked = line_end;
    }
    if let Some(&(_, _, _, at)) = stack.last() {
        return Err(Diagnostic::error(
            Span::new(file, at, at + 1),
            "unterminated conditional: missing '#endif'",
        ));
    }
    emit(&mut out, &text[copied..], true);
    Ok(out)
}

/// Every macro name an `#ifdef` or `#ifndef` line of `text` tests, those
/// inside code blocks too (a superset of what [`preprocess`] looks up):
/// [`preprocess`] makes the same text of `text` whenever none of these
/// is defined.
pub fn tested_macros(text: &str) -> Vec<&str> {
    text.lines()
        .filter_map(|line| directive_of(line.trim_start()))
        .filter(|(kind, _)| matches!(*kind, "ifdef" | "ifndef"))
        .map(|(_, arg)| arg.trim())
        .collect()
}

/// Appends `region`: as it is when active, else blanked.
fn emit(out: &mut String, region: &str, active: bool) {
    if active {
        out.push_str(region);
    } else {
        blank(out, region);
    }
}

/// Works out whether a `[{ ... }]` block is open at `until` (a line
/// start), from its state at `*from` (a line start), as [`track_code`]
/// over every line between would: only lines holding the marker that can
/// change the state are looked at.
fn track_code_until(text: &str, from: &mut usize, until: usize, in_code: &mut bool) {
    while *from < until {
        let marker = if *in_code { "}]" } else { "[{" };
        let Some(at) = text[*from..until].find(marker).map(|i| *from + i) else {
            break;
        };
        let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1).max(*from);
        let line_end = text[at..until].find('\n').map_or(until, |i| at + i + 1);
        track_code(&text[line_start..line_end], in_code);
        *from = line_end;
    }
    *from = until;
}

fn directive_of(trimmed: &str) -> Option<(&'static str, &str)> {
    let rest = trimmed.strip_prefix('#')?;
    for kind in ["ifdef", "ifndef", "define", "else", "endif"] {
        if let Some(arg) = rest.strip_prefix(kind) {
            if arg.is_empty() || arg.starts_with(|c: char| c.is_whitespace()) {
                // A trailing `// comment` after the directive is allowed.
                let arg = arg.split("//").next().unwrap_or("");
                return Some((kind, arg));
            }
        }
    }
    None
}

/// Tracks whether a `[{ ... }]` block is open at the end of `line`, so that
/// `#ifdef` inside Rust or C++ code is not taken for a directive.
fn track_code(line: &str, in_code: &mut bool) {
    // Most lines neither open nor close a block: skip the byte scan.
    let marker = if *in_code { "}]" } else { "[{" };
    if !line.contains(marker) {
        return;
    }
    let bytes = line.as_bytes();
    let mut i = 0;
    let mut in_str = false;
    while i + 1 < bytes.len() {
        if *in_code {
            if bytes[i] == b'}' && bytes[i + 1] == b']' {
                *in_code = false;
                i += 2;
                continue;
            }
        } else if in_str {
            if bytes[i] == b'\\' {
                i += 2;
                continue;
            }
            if bytes[i] == b'"' {
                in_str = false;
            }
        } else if bytes[i] == b'/' && bytes[i + 1] == b'/' {
            return;
        } else if bytes[i] == b'"' {
            in_str = true;
        } else if bytes[i] == b'[' && bytes[i + 1] == b'{' {
            *in_code = true;
            i += 2;
            continue;
        }
        i += 1;
    }
}

/// Appends `text` with every byte but line breaks turned into a space:
/// the same byte length, so spans stay offsets into the original (a
/// character of several bytes becomes as many spaces). A whole file is
/// blanked each time it is included again after its guard.
fn blank(out: &mut String, text: &str) {
    // Straight into `out`: a run of spaces before each line break, the
    // breaks found with `find` (memchr).
    out.reserve(text.len());
    let mut rest = text;
    loop {
        let end = rest.find('\n');
        let mut line = &rest[..end.unwrap_or(rest.len())];
        while let Some(j) = line.find('\r') {
            push_spaces(out, j);
            out.push('\r');
            line = &line[j + 1..];
        }
        push_spaces(out, line.len());
        let Some(end) = end else { break };
        out.push('\n');
        rest = &rest[end + 1..];
    }
}

/// Appends `n` spaces.
fn push_spaces(out: &mut String, mut n: usize) {
    const SPACES: &str = match std::str::from_utf8(&[b' '; 256]) {
        Ok(s) => s,
        Err(_) => panic!("spaces are ASCII"),
    };
    while n > 0 {
        let k = n.min(SPACES.len());
        out.push_str(&SPACES[..k]);
        n -= k;
    }
}

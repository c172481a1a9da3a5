//! The preprocessor: `#ifdef`/`#ifndef`/`#define`/`#else`/`#endif`, run
//! before the grammar. Directive lines and disabled regions are blanked
//! (same byte length, newlines kept), so offsets stay valid.

use std::collections::HashSet;

use crate::diag::{Diagnostic, FileId, Span};

/// Runs the preprocessor: returns the text with directive lines and
/// disabled regions replaced by spaces (newlines kept).
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
    let mut offset = 0usize;
    for line in text.split_inclusive('\n') {
        let line_start = offset;
        offset += line.len();
        let active = stack.last().is_none_or(|&(_, a, _, _)| a);
        let trimmed = line.trim_start();
        let directive = if in_code { None } else { directive_of(trimmed) };
        match directive {
            Some((kind, arg)) => {
                let lead = line.len() - trimmed.len();
                let dir_span =
                    Span::new(file, line_start + lead, line_start + line.trim_end().len());
                let need_name = |arg: &str| -> Result<String, Diagnostic> {
                    let name = arg.trim();
                    let ok = !name.is_empty()
                        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
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
                        Some(_) => {
                            return Err(Diagnostic::error(dir_span, "'#else' after '#else'"))
                        }
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
                blank(&mut out, line);
            }
            None if active => {
                track_code(line, &mut in_code);
                out.push_str(line);
            }
            None => blank(&mut out, line),
        }
    }
    if let Some(&(_, _, _, at)) = stack.last() {
        return Err(Diagnostic::error(
            Span::new(file, at, at + 1),
            "unterminated conditional: missing '#endif'",
        ));
    }
    Ok(out)
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

/// Appends `line` with every byte but line breaks turned into a space: the
/// same byte length, so spans stay offsets into the original (a character
/// of several bytes becomes as many spaces).
fn blank(out: &mut String, line: &str) {
    let mut run = 0;
    for b in line.bytes() {
        if b == b'\n' || b == b'\r' {
            push_spaces(out, run);
            out.push(b as char);
            run = 0;
        } else {
            run += 1;
        }
    }
    push_spaces(out, run);
}

/// Appends `n` spaces, a slice at a time (a whole file is blanked each
/// time it is included again after its guard).
fn push_spaces(out: &mut String, mut n: usize) {
    const SPACES: &str = "                                                                ";
    while n > 0 {
        let k = n.min(SPACES.len());
        out.push_str(&SPACES[..k]);
        n -= k;
    }
}

//! Reading a check file: directives and their patterns, grouped as
//! FileCheck groups them.

use regex::Regex;
use std::fmt::Write as _;

use super::*;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Kind {
    Plain,
    Next,
    Same,
    Not,
    Dag,
    Label,
    Empty,
    Count(usize),
    /// The end of the input: holds the `DAG`s and `NOT`s after the last
    /// positive directive.
    Eof,
}

impl Kind {
    pub(super) fn suffix(self) -> String {
        match self {
            Kind::Plain | Kind::Eof => String::new(),
            Kind::Next => "-NEXT".into(),
            Kind::Same => "-SAME".into(),
            Kind::Not => "-NOT".into(),
            Kind::Dag => "-DAG".into(),
            Kind::Label => "-LABEL".into(),
            Kind::Empty => "-EMPTY".into(),
            Kind::Count(n) => format!("-COUNT-{n}"),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Piece {
    Lit(String),
    Re(String),
    Def(String, String),
    Use(String),
}

#[derive(Clone, Debug)]
pub(super) struct Directive {
    pub(super) kind: Kind,
    pub(super) prefix: String,
    /// 1-based line and column of the pattern in the check file.
    pub(super) line: usize,
    pub(super) col: usize,
    pub(super) line_text: String,
    pub(super) pieces: Vec<Piece>,
    /// `^...$` around the pattern (`--match-full-lines`), with blanks
    /// allowed inside the anchors unless whitespace is strict.
    pub(super) full_line: Option<bool>,
    pub(super) ignore_case: bool,
}

impl Directive {
    pub(super) fn name(&self) -> String {
        format!("{}{}", self.prefix, self.kind.suffix())
    }
}

/// A positive directive with the `DAG`s and `NOT`s before it.
pub(super) struct CheckString {
    pub(super) pat: Directive,
    pub(super) dag_nots: Vec<Directive>,
}

/// Horizontal whitespace runs become one space (FileCheck's
/// `CanonicalizeFile`), so lines and columns stay comparable.
pub(super) fn canonicalize(text: &str, strict: bool) -> String {
    if strict {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len());
    let mut in_blank = false;
    for c in text.chars() {
        if c == ' ' || c == '\t' {
            if !in_blank {
                out.push(' ');
            }
            in_blank = true;
        } else {
            out.push(c);
            in_blank = false;
        }
    }
    out
}

pub(super) fn is_word_char(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'-' || b == b'_'
}

/// Reads the directives, grouped as FileCheck groups them.
pub(super) fn parse_checks(
    text: &str,
    check_name: &str,
    opts: &Options,
) -> Result<Vec<CheckString>, String> {
    let mut err = String::new();
    for p in &opts.prefixes {
        let valid =
            !p.is_empty() && p.as_bytes()[0].is_ascii_alphabetic() && p.bytes().all(is_word_char);
        if !valid {
            return Err(format!(
                "error: supplied check prefix must start with a letter and contain only alphanumeric characters, hyphens, and underscores: '{p}'\n"
            ));
        }
    }
    for (i, p) in opts.prefixes.iter().enumerate() {
        if opts.prefixes[..i].contains(p) || p == "COM" || p == "RUN" {
            return Err(format!(
                "error: supplied check prefix must be unique among check and comment prefixes: '{p}'\n"
            ));
        }
    }
    let mut implicit = Vec::new();
    for (i, pat) in opts.implicit_check_not.iter().enumerate() {
        let pieces = parse_pattern(pat, false, 0).map_err(|e| format!("error: {e}\n"))?;
        implicit.push(Directive {
            kind: Kind::Not,
            prefix: "IMPLICIT-CHECK".into(),
            line: i + 1,
            col: 1,
            line_text: pat.clone(),
            pieces,
            full_line: None,
            ignore_case: opts.ignore_case,
        });
    }
    let mut strings = Vec::new();
    let mut dag_nots: Vec<Directive> = implicit.clone();
    for (idx, line) in text.split('\n').enumerate() {
        let Some((kind, prefix, literal, after)) = find_directive(line, &opts.prefixes) else {
            continue;
        };
        let lineno = idx + 1;
        let rest = &line[after..];
        let lead = rest.len() - rest.trim_start_matches([' ', '\t']).len();
        let pattern = rest.trim_matches([' ', '\t']);
        let col = after + lead + 1;
        let name = format!("{prefix}{}", kind.suffix());
        let mut diag = |msg: String| {
            let _ = write!(
                err,
                "{check_name}:{lineno}:{col}: error: {msg}\n{line}\n{}^\n",
                " ".repeat(col - 1)
            );
        };
        if pattern.is_empty() && kind != Kind::Empty {
            diag(format!("found empty check string with prefix '{name}:'"));
            continue;
        }
        if !pattern.is_empty() && kind == Kind::Empty {
            diag(format!(
                "found non-empty check string for empty check with prefix '{name}:'"
            ));
            continue;
        }
        if matches!(kind, Kind::Next | Kind::Same | Kind::Empty) && strings.is_empty() {
            // FileCheck names the directive and asks for a plain one before.
            let what = &kind.suffix()[1..];
            diag(format!(
                "found '{prefix}-{what}' without previous '{prefix}: line"
            ));
            continue;
        }
        let pieces = if literal {
            vec![Piece::Lit(pattern.to_string())]
        } else {
            match parse_pattern(pattern, kind == Kind::Label, lineno) {
                Ok(p) => p,
                Err(msg) => {
                    diag(msg);
                    continue;
                }
            }
        };
        let d = Directive {
            kind,
            prefix: prefix.to_string(),
            line: lineno,
            col,
            line_text: line.to_string(),
            pieces,
            full_line: (opts.match_full_lines && kind != Kind::Not && kind != Kind::Empty)
                .then_some(opts.strict_whitespace),
            ignore_case: opts.ignore_case,
        };
        match kind {
            Kind::Dag | Kind::Not => dag_nots.push(d),
            _ => {
                strings.push(CheckString {
                    pat: d,
                    dag_nots: std::mem::replace(&mut dag_nots, implicit.clone()),
                });
            }
        }
    }
    if !err.is_empty() {
        return Err(err);
    }
    if !dag_nots.is_empty() {
        let last = dag_nots.last().cloned().expect("a DAG or NOT");
        strings.push(CheckString {
            pat: Directive {
                kind: Kind::Eof,
                pieces: Vec::new(),
                ..last
            },
            dag_nots,
        });
    }
    let has_directive = strings
        .iter()
        .any(|s| s.pat.kind != Kind::Eof || s.dag_nots.len() > implicit.len());
    if !has_directive {
        let list: Vec<String> = opts.prefixes.iter().map(|p| format!("'{p}:'")).collect();
        let (word, list) = if list.len() == 1 {
            ("prefix", list[0].clone())
        } else {
            ("prefixes", list.join(", "))
        };
        return Err(format!(
            "error: no check strings found with {word} {list}\n"
        ));
    }
    Ok(strings)
}

/// The first directive of `line`: its kind, prefix, whether it is
/// `{LITERAL}`, and where its pattern starts.
pub(super) fn find_directive<'p>(
    line: &str,
    prefixes: &'p [String],
) -> Option<(Kind, &'p str, bool, usize)> {
    let bytes = line.as_bytes();
    let mut best: Option<(usize, Kind, &'p str, bool, usize)> = None;
    for p in prefixes {
        let mut from = 0;
        while let Some(off) = line[from..].find(p.as_str()) {
            let at = from + off;
            from = at + 1;
            if at > 0 && is_word_char(bytes[at - 1]) {
                continue;
            }
            if let Some((kind, literal, len)) = directive_suffix(&line[at + p.len()..]) {
                if best.as_ref().is_none_or(|b| at < b.0) {
                    best = Some((at, kind, p.as_str(), literal, at + p.len() + len));
                }
                break;
            }
        }
    }
    // FileCheck's default comment prefixes: a `COM:` or `RUN:` before the
    // first directive makes the rest of the line a comment.
    for comment in ["COM:", "RUN:"] {
        let mut from = 0;
        while let Some(off) = line[from..].find(comment) {
            let at = from + off;
            from = at + 1;
            if at > 0 && is_word_char(bytes[at - 1]) {
                continue;
            }
            if best.as_ref().is_none_or(|b| at < b.0) {
                return None;
            }
            break;
        }
    }
    best.map(|(_, k, p, l, after)| (k, p, l, after))
}

/// After a prefix: the directive's kind, `{LITERAL}`, and the length up to
/// and including its `:`.
pub(super) fn directive_suffix(s: &str) -> Option<(Kind, bool, usize)> {
    let (kind, mut len) = if s.starts_with(':') || s.starts_with("{LITERAL}:") {
        (Kind::Plain, 0)
    } else if let Some(rest) = s.strip_prefix("-COUNT-") {
        let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
        let n: usize = rest[..digits].parse().ok()?;
        if n == 0 {
            return None;
        }
        (Kind::Count(n), 7 + digits)
    } else {
        const NAMED: [(&str, Kind); 6] = [
            ("-NEXT", Kind::Next),
            ("-SAME", Kind::Same),
            ("-NOT", Kind::Not),
            ("-DAG", Kind::Dag),
            ("-LABEL", Kind::Label),
            ("-EMPTY", Kind::Empty),
        ];
        let (name, kind) = NAMED.iter().find(|(n, _)| s.starts_with(n))?;
        (*kind, name.len())
    };
    let mut literal = false;
    if s[len..].starts_with("{LITERAL}") {
        literal = true;
        len += "{LITERAL}".len();
    }
    s[len..]
        .starts_with(':')
        .then_some((kind, literal, len + 1))
}

pub(super) fn valid_var_name(name: &str) -> bool {
    let name = name.strip_prefix('$').unwrap_or(name);
    let mut chars = name.chars();
    matches!(chars.next(), Some(c) if c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// Where `]]` closes a `[[` whose contents start `s` (FileCheck's
/// `FindRegexVarEnd`: brackets of character classes nest, `\` escapes).
pub(super) fn var_end(s: &str) -> Result<Option<usize>, String> {
    let b = s.as_bytes();
    let (mut i, mut depth) = (0usize, 0usize);
    while i < b.len() {
        if b[i..].starts_with(b"]]") && depth == 0 {
            return Ok(Some(i));
        }
        match b[i] {
            b'\\' => {
                i += 2;
                continue;
            }
            b'[' => depth += 1,
            b']' => {
                if depth == 0 {
                    return Err("missing closing \"]\" for regex variable".into());
                }
                depth -= 1;
            }
            _ => {}
        }
        i += 1;
    }
    Ok(None)
}

/// Splits a pattern into literal text, regexes and variables.
pub(super) fn parse_pattern(pat: &str, is_label: bool, line: usize) -> Result<Vec<Piece>, String> {
    let mut pieces = Vec::new();
    let mut rest = pat;
    while !rest.is_empty() {
        if let Some(after) = rest.strip_prefix("{{") {
            let Some(end) = after.find("}}") else {
                return Err("found start of regex string with no end '}}'".into());
            };
            let re = &after[..end];
            Regex::new(re).map_err(|e| format!("invalid regex: {}", first_line(&e)))?;
            pieces.push(Piece::Re(re.to_string()));
            rest = &after[end + 2..];
        } else if let Some(after) = rest.strip_prefix("[[") {
            let Some(end) = var_end(after)? else {
                return Err("Invalid substitution block, no ]] found".into());
            };
            let body = &after[..end];
            rest = &after[end + 2..];
            if is_label {
                return Err(
                    "CHECK-LABEL directives cannot contain variable definitions or uses".into(),
                );
            }
            let numeric = body.trim_start_matches('#').trim_start();
            if let Some(offset) = numeric.strip_prefix("@LINE") {
                let offset: String = offset.chars().filter(|c| !c.is_whitespace()).collect();
                let delta: i64 = match offset.as_str() {
                    "" => 0,
                    o => o
                        .strip_prefix('+')
                        .unwrap_or(o)
                        .parse()
                        .map_err(|_| format!("invalid @LINE expression '{body}'"))?,
                };
                pieces.push(Piece::Lit((line as i64 + delta).to_string()));
                continue;
            }
            if body.starts_with('#') {
                return Err(format!(
                    "numeric substitution '[[{body}]]' is not supported (only [[@LINE]] and [[@LINE+n]])"
                ));
            }
            match body.split_once(':') {
                Some((name, re)) => {
                    if !valid_var_name(name) {
                        return Err(format!(
                            "invalid name in string variable definition '{name}'"
                        ));
                    }
                    Regex::new(re).map_err(|e| format!("invalid regex: {}", first_line(&e)))?;
                    pieces.push(Piece::Def(name.to_string(), re.to_string()));
                }
                None => {
                    if !valid_var_name(body) {
                        return Err(format!("invalid variable name '{body}'"));
                    }
                    pieces.push(Piece::Use(body.to_string()));
                }
            }
        } else {
            let next = [rest.find("{{"), rest.find("[[")]
                .into_iter()
                .flatten()
                .min()
                .unwrap_or(rest.len());
            let next = if next == 0 { 2 } else { next };
            pieces.push(Piece::Lit(rest[..next].to_string()));
            rest = &rest[next..];
        }
    }
    Ok(pieces)
}

pub(super) fn first_line(e: &regex::Error) -> String {
    e.to_string()
        .lines()
        .last()
        .unwrap_or("")
        .trim()
        .to_string()
}

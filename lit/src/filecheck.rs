//! FileCheck: checks a text (a tool's output) against the directives of a
//! check file, with LLVM FileCheck's semantics and its way of reporting a
//! failure.
//!
//! In: the check file's text and name, the input's text and name, and the
//! [`Options`] of the `FileCheck` command line. Out: `Ok(())`, or the
//! report FileCheck would print on stderr (each failure at its directive,
//! `<stdin>:line:col` where scanning started, the input line, the best
//! near match).
//!
//! What is read, as FileCheck reads it:
//! - directives `P:`, `P-NEXT:`, `P-SAME:`, `P-NOT:`, `P-DAG:`,
//!   `P-LABEL:`, `P-EMPTY:`, `P-COUNT-<n>:` and `P{LITERAL}:` for each
//!   prefix `P` (`--check-prefix`, `--check-prefixes`; `CHECK` by
//!   default), found anywhere in a line where the prefix does not continue
//!   a word;
//! - patterns: literal text, `{{regex}}`, `[[VAR:regex]]` (defines `VAR`
//!   once the directive matches), `[[VAR]]` (its value, literally),
//!   `[[@LINE]]`, `[[@LINE+n]]` / `[[#@LINE-n]]` (the directive's line);
//!   `$VAR` names survive `--enable-var-scope`, others are cleared at each
//!   `LABEL`;
//! - `COM:` and `RUN:` (FileCheck's default comment prefixes) before a
//!   directive make the rest of its line a comment;
//! - horizontal whitespace runs in the input and in patterns compare as one
//!   space (unless `--strict-whitespace`), and leading and trailing blanks
//!   of a pattern are ignored.
//!
//! Regular expressions are the `regex` crate's (Perl-like, leftmost-first),
//! where FileCheck's are POSIX extended (leftmost-longest); the patterns
//! tests write (`.*`, `[0-9]+`, classes, `^`, `$`) mean the same in both.
//! A variable used later in the pattern that defines it
//! (`[[R:r[0-9]+]], [[R]]`) is matched as its definition's regex and then
//! compared, trying later starts when it differs (the regex crate has no
//! back-references). Not supported: numeric variables other than `@LINE`,
//! `-D`.

use regex::Regex;
use std::cell::RefCell;
use std::collections::HashMap;
use std::fmt::Write as _;

/// The options of a `FileCheck` command line that change checking.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// `--check-prefix` / `--check-prefixes` (default `CHECK`).
    pub prefixes: Vec<String>,
    /// `--allow-empty`: an empty input is not an error by itself.
    pub allow_empty: bool,
    /// `--strict-whitespace`: blanks compare exactly.
    pub strict_whitespace: bool,
    /// `--enable-var-scope`: variables not starting with `$` are forgotten
    /// at each `LABEL`.
    pub enable_var_scope: bool,
    /// `--implicit-check-not`: patterns checked as a `NOT` everywhere.
    pub implicit_check_not: Vec<String>,
    /// `--match-full-lines`: every directive but `NOT` matches whole lines
    /// (leading and trailing blanks aside, unless `strict_whitespace`).
    pub match_full_lines: bool,
    /// `--ignore-case`.
    pub ignore_case: bool,
    /// `-DNAME=VALUE`: variables defined before the first directive.
    pub defines: Vec<(String, String)>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            prefixes: vec!["CHECK".to_string()],
            allow_empty: false,
            strict_whitespace: false,
            enable_var_scope: false,
            implicit_check_not: Vec::new(),
            match_full_lines: false,
            ignore_case: false,
            defines: Vec::new(),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
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
    fn suffix(self) -> String {
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
enum Piece {
    Lit(String),
    Re(String),
    Def(String, String),
    Use(String),
}

#[derive(Clone, Debug)]
struct Directive {
    kind: Kind,
    prefix: String,
    /// 1-based line and column of the pattern in the check file.
    line: usize,
    col: usize,
    line_text: String,
    pieces: Vec<Piece>,
    /// `^...$` around the pattern (`--match-full-lines`), with blanks
    /// allowed inside the anchors unless whitespace is strict.
    full_line: Option<bool>,
    ignore_case: bool,
}

impl Directive {
    fn name(&self) -> String {
        format!("{}{}", self.prefix, self.kind.suffix())
    }
}

/// A positive directive with the `DAG`s and `NOT`s before it.
struct CheckString {
    pat: Directive,
    dag_nots: Vec<Directive>,
}

/// Horizontal whitespace runs become one space (FileCheck's
/// `CanonicalizeFile`), so lines and columns stay comparable.
fn canonicalize(text: &str, strict: bool) -> String {
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

fn is_word_char(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'-' || b == b'_'
}

/// Checks `input` against the directives of `check_text`; `Err` is the
/// report FileCheck prints.
pub fn check(
    check_text: &str,
    check_name: &str,
    input: &str,
    input_name: &str,
    opts: &Options,
) -> Result<(), String> {
    let check_text = canonicalize(check_text, opts.strict_whitespace);
    let strings = parse_checks(&check_text, check_name, opts)?;
    if input.is_empty() && !opts.allow_empty {
        return Err(format!("FileCheck error: '{input_name}' is empty.\n"));
    }
    let input = canonicalize(input, opts.strict_whitespace);
    let mut m = Matcher {
        input: &input,
        input_name,
        check_name,
        vars: opts.defines.iter().cloned().collect(),
        out: String::new(),
        cache: RefCell::new(HashMap::new()),
    };
    if m.run(&strings, opts) {
        Ok(())
    } else {
        Err(m.out)
    }
}

/// Reads the directives, grouped as FileCheck groups them.
fn parse_checks(text: &str, check_name: &str, opts: &Options) -> Result<Vec<CheckString>, String> {
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
fn find_directive<'p>(line: &str, prefixes: &'p [String]) -> Option<(Kind, &'p str, bool, usize)> {
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
fn directive_suffix(s: &str) -> Option<(Kind, bool, usize)> {
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

fn valid_var_name(name: &str) -> bool {
    let name = name.strip_prefix('$').unwrap_or(name);
    let mut chars = name.chars();
    matches!(chars.next(), Some(c) if c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// Where `]]` closes a `[[` whose contents start `s` (FileCheck's
/// `FindRegexVarEnd`: brackets of character classes nest, `\` escapes).
fn var_end(s: &str) -> Result<Option<usize>, String> {
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
fn parse_pattern(pat: &str, is_label: bool, line: usize) -> Result<Vec<Piece>, String> {
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

fn first_line(e: &regex::Error) -> String {
    e.to_string()
        .lines()
        .last()
        .unwrap_or("")
        .trim()
        .to_string()
}

/// A directive's regex: see [`Matcher::regex_of`].
struct Compiled {
    re: String,
    names: Vec<String>,
    same: Vec<usize>,
}

/// A match: where, how long, and the variables it defines.
struct Found {
    pos: usize,
    len: usize,
    defs: Vec<(String, String)>,
}

struct Matcher<'a> {
    input: &'a str,
    input_name: &'a str,
    check_name: &'a str,
    vars: HashMap<String, String>,
    out: String,
    cache: RefCell<HashMap<String, Regex>>,
}

impl Matcher<'_> {
    /// FileCheck's `checkInput`: labels split the input into regions, each
    /// checked in turn; a failure ends its region, not the run.
    fn run(&mut self, strings: &[CheckString], opts: &Options) -> bool {
        let end = self.input.len();
        let (mut buffer, mut i, mut j) = (0usize, 0usize, 0usize);
        let mut ok = true;
        loop {
            let region_end;
            if j == strings.len() {
                region_end = end;
            } else {
                if strings[j].pat.kind != Kind::Label {
                    j += 1;
                    continue;
                }
                match self.check_string(&strings[j], buffer, end, true) {
                    Some((pos, len)) => {
                        region_end = pos + len;
                        j += 1;
                    }
                    None => return false,
                }
            }
            if opts.enable_var_scope && i != 0 {
                self.vars.retain(|k, _| k.starts_with('$'));
            }
            let mut at = buffer;
            while i < j {
                match self.check_string(&strings[i], at, region_end, false) {
                    Some((pos, len)) => at = pos + len,
                    None => {
                        ok = false;
                        i = j;
                        break;
                    }
                }
                i += 1;
            }
            buffer = region_end;
            if j == strings.len() {
                break;
            }
        }
        ok
    }

    /// One positive directive with its `DAG`s and `NOT`s, searched in
    /// `[start, end)`; the match, or `None` after reporting why.
    fn check_string(
        &mut self,
        cs: &CheckString,
        start: usize,
        end: usize,
        label_scan: bool,
    ) -> Option<(usize, usize)> {
        let mut nots: Vec<&Directive> = Vec::new();
        let mut last = start;
        if !label_scan {
            last = self.check_dag(&cs.dag_nots, start, end, &mut nots)?;
        }
        let pat = &cs.pat;
        let (pos, len) = match pat.kind {
            Kind::Eof => (end, 0),
            Kind::Count(n) => {
                let mut from = last;
                let mut first = None;
                for k in 1..=n {
                    match self.find(pat, from, end) {
                        Ok(Some(f)) => {
                            first.get_or_insert(f.pos);
                            from = f.pos + f.len;
                            self.define(f.defs);
                        }
                        other => {
                            let undefined = other.err().unwrap_or_default();
                            self.not_found(pat, from, end, &undefined, Some((k, n)));
                            return None;
                        }
                    }
                }
                let first = first.unwrap_or(from);
                (first, from - first)
            }
            _ => match self.find(pat, last, end) {
                Ok(Some(f)) => {
                    let (pos, len) = (f.pos, f.len);
                    self.define(f.defs);
                    (pos, len)
                }
                other => {
                    let undefined = other.err().unwrap_or_default();
                    self.not_found(pat, last, end, &undefined, None);
                    return None;
                }
            },
        };
        if !label_scan {
            let skipped = &self.input[start..pos];
            match pat.kind {
                Kind::Next | Kind::Empty => {
                    let newlines = skipped.matches('\n').count();
                    if newlines != 1 {
                        let msg = if newlines == 0 {
                            "is on the same line as previous match"
                        } else {
                            "is not on the line after the previous match"
                        };
                        self.adjacency_error(pat, start, pos, msg, newlines > 1);
                        return None;
                    }
                }
                Kind::Same if skipped.contains('\n') => {
                    self.adjacency_error(
                        pat,
                        start,
                        pos,
                        "is not on the same line as the previous match",
                        false,
                    );
                    return None;
                }
                _ => {}
            }
            if !self.check_not(&nots, last, pos) {
                return None;
            }
        }
        Some((pos, len))
    }

    /// FileCheck's `CheckDag`: each `DAG` group matched in any order
    /// without overlaps; the `NOT`s between groups hold in the gap. Returns
    /// where the positive directive's search starts, leaving the trailing
    /// `NOT`s in `nots`.
    fn check_dag<'d>(
        &mut self,
        dag_nots: &'d [Directive],
        start: usize,
        end: usize,
        nots: &mut Vec<&'d Directive>,
    ) -> Option<usize> {
        let mut start_pos = start;
        let mut ranges: Vec<(usize, usize)> = Vec::new();
        for (k, d) in dag_nots.iter().enumerate() {
            if d.kind == Kind::Not {
                nots.push(d);
                continue;
            }
            let mut from = start_pos;
            let found = loop {
                let f = match self.find(d, from, end) {
                    Ok(Some(f)) => f,
                    other => {
                        let undefined = other.err().unwrap_or_default();
                        self.not_found(d, from, end, &undefined, None);
                        return None;
                    }
                };
                let overlap = ranges.iter().find(|&&(s, e)| {
                    f.pos < e && (f.pos + f.len > s || (f.len == 0 && f.pos >= s))
                });
                match overlap {
                    Some(&(_, e)) => from = e,
                    None => break f,
                }
            };
            let range = (found.pos, found.pos + found.len);
            self.define(found.defs);
            let at = ranges.partition_point(|r| *r < range);
            ranges.insert(at, range);
            let group_ends = dag_nots.get(k + 1).is_none_or(|n| n.kind == Kind::Not);
            if group_ends {
                if !nots.is_empty() {
                    let first = ranges[0].0;
                    if !self.check_not(nots, start_pos, first) {
                        return None;
                    }
                    nots.clear();
                }
                start_pos = ranges.iter().map(|r| r.1).max().unwrap_or(start_pos);
                ranges.clear();
            }
        }
        Some(start_pos)
    }

    /// Each `NOT` must not match in `[start, end)`.
    fn check_not(&mut self, nots: &[&Directive], start: usize, end: usize) -> bool {
        for d in nots {
            match self.find(d, start, end) {
                Ok(None) => {}
                Ok(Some(f)) => {
                    self.check_diag(d, "error", "excluded string found in input");
                    self.input_note(f.pos, f.len, "found here");
                    return false;
                }
                Err(undefined) => {
                    self.check_diag(d, "error", "uses undefined variable(s)");
                    let _ = writeln!(
                        self.out,
                        "note: uses undefined variable(s): {}",
                        quoted(&undefined)
                    );
                    return false;
                }
            }
        }
        true
    }

    fn define(&mut self, defs: Vec<(String, String)>) {
        self.vars.extend(defs);
    }

    /// The regex of a directive under the current variables: its text,
    /// the variables its groups `d<i>` define, and the groups `u<j>` that
    /// must equal a `d<i>` (a variable used in the pattern defining it:
    /// the regex crate has no back-references); or the names of the
    /// variables it uses that are not defined.
    fn regex_of(&self, d: &Directive) -> Result<Compiled, Vec<String>> {
        if d.kind == Kind::Empty {
            return Ok(Compiled {
                re: "(?m)\n$".into(),
                names: Vec::new(),
                same: Vec::new(),
            });
        }
        let mut re = String::from(if d.ignore_case { "(?mi)" } else { "(?m)" });
        match d.full_line {
            Some(false) => re.push_str("^[ \t]*"),
            Some(true) => re.push('^'),
            None => {}
        }
        let mut names: Vec<String> = Vec::new();
        let mut defs: Vec<&str> = Vec::new();
        let mut same = Vec::new();
        let mut undefined = Vec::new();
        for p in &d.pieces {
            match p {
                Piece::Lit(s) => re.push_str(&regex::escape(s)),
                Piece::Re(r) => {
                    let _ = write!(re, "(?:{r})");
                }
                Piece::Def(name, r) => {
                    let _ = write!(re, "(?P<d{}>{r})", names.len());
                    names.push(name.clone());
                    defs.push(r);
                }
                Piece::Use(name) => match names.iter().rposition(|n| n == name) {
                    Some(i) => {
                        let _ = write!(re, "(?P<u{}>{})", same.len(), defs[i]);
                        same.push(i);
                    }
                    None => match self.vars.get(name) {
                        Some(v) => re.push_str(&regex::escape(v)),
                        None => undefined.push(name.clone()),
                    },
                },
            }
        }
        if undefined.is_empty() {
            match d.full_line {
                Some(false) => re.push_str("[ \t]*$"),
                Some(true) => re.push('$'),
                None => {}
            }
            Ok(Compiled { re, names, same })
        } else {
            Err(undefined)
        }
    }

    /// The first match of `d` in `[start, end)`; `^` matches at `start`, as
    /// FileCheck matches on the rest of the buffer.
    fn find(&self, d: &Directive, start: usize, end: usize) -> Result<Option<Found>, Vec<String>> {
        let Compiled { re, names, same } = self.regex_of(d)?;
        let mut cache = self.cache.borrow_mut();
        let regex = cache
            .entry(re.clone())
            .or_insert_with(|| Regex::new(&re).expect("patterns are checked when read"));
        let hay = &self.input[start..end];
        // The first match whose same-line uses equal their definitions.
        let mut from = 0;
        let caps = loop {
            let Some(caps) = regex.captures_at(hay, from) else {
                return Ok(None);
            };
            let text = |name: String| caps.name(&name).map_or("", |c| c.as_str());
            let equal = same
                .iter()
                .enumerate()
                .all(|(j, &i)| text(format!("u{j}")) == text(format!("d{i}")));
            if equal {
                break caps;
            }
            let at = caps.get(0).expect("group 0").start();
            match hay[at..].chars().next() {
                Some(c) => from = at + c.len_utf8(),
                None => return Ok(None),
            }
        };
        let m = caps.get(0).expect("group 0");
        let defs = names
            .iter()
            .enumerate()
            .map(|(i, n)| {
                let v = caps.name(&format!("d{i}")).map_or("", |c| c.as_str());
                (n.clone(), v.to_string())
            })
            .collect();
        // CHECK-EMPTY consumes the newline ending the previous line; its
        // match starts after it.
        let skip = usize::from(d.kind == Kind::Empty);
        Ok(Some(Found {
            pos: start + m.start() + skip,
            len: m.len() - skip,
            defs,
        }))
    }

    fn line_col(&self, pos: usize) -> (usize, usize, &str) {
        let before = &self.input[..pos];
        let line = before.matches('\n').count() + 1;
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        let line_end = self.input[pos..]
            .find('\n')
            .map_or(self.input.len(), |i| pos + i);
        (
            line,
            pos - line_start + 1,
            &self.input[line_start..line_end],
        )
    }

    fn check_diag(&mut self, d: &Directive, level: &str, msg: &str) {
        let _ = write!(
            self.out,
            "{}:{}:{}: {level}: {}: {msg}\n{}\n{}^\n",
            self.check_name,
            d.line,
            d.col,
            d.name(),
            d.line_text,
            " ".repeat(d.col - 1)
        );
    }

    fn input_note(&mut self, pos: usize, len: usize, msg: &str) {
        let (line, col, text) = self.line_col(pos);
        let text = text.to_string();
        let width = len.min(text.len().saturating_sub(col - 1)).max(1);
        let _ = write!(
            self.out,
            "{}:{line}:{col}: note: {msg}\n{text}\n{}^{}\n",
            self.input_name,
            " ".repeat(col - 1),
            "~".repeat(width - 1)
        );
    }

    fn not_found(
        &mut self,
        d: &Directive,
        from: usize,
        end: usize,
        undefined: &[String],
        count: Option<(usize, usize)>,
    ) {
        let msg = match count {
            Some((k, n)) if n > 1 => format!("expected string not found in input ({k} out of {n})"),
            _ => "expected string not found in input".to_string(),
        };
        self.check_diag(d, "error", &msg);
        self.input_note(from, 0, "scanning from here");
        if !undefined.is_empty() {
            let _ = writeln!(
                self.out,
                "note: uses undefined variable(s): {}",
                quoted(undefined)
            );
            return;
        }
        for p in &d.pieces {
            if let Piece::Use(name) = p {
                let value = self.vars.get(name).cloned().unwrap_or_default();
                let (line, col) = (d.line, d.col);
                let _ = writeln!(
                    self.out,
                    "{}:{line}:{col}: note: with \"{name}\" equal to \"{}\"",
                    self.check_name,
                    value.escape_default()
                );
            }
        }
        if let Some(best) = self.fuzzy(d, from, end) {
            self.input_note(best, 0, "possible intended match here");
        }
    }

    fn adjacency_error(
        &mut self,
        d: &Directive,
        prev_end: usize,
        pos: usize,
        msg: &str,
        gap: bool,
    ) {
        self.check_diag(d, "error", msg);
        let what = if d.kind == Kind::Same {
            "'same'"
        } else {
            "'next'"
        };
        self.input_note(pos, 0, &format!("{what} match was here"));
        self.input_note(prev_end, 0, "previous match ended here");
        if gap {
            let next_line = self.input[prev_end..]
                .find('\n')
                .map_or(prev_end, |i| prev_end + i + 1);
            self.input_note(
                next_line,
                0,
                "non-matching line after previous match is here",
            );
        }
    }

    /// FileCheck's best guess at what should have matched: the place in
    /// the next 4096 bytes whose text is nearest (by edit distance, plus a
    /// hundredth per line skipped) to the pattern's text, if the distance
    /// is below 50.
    fn fuzzy(&self, d: &Directive, from: usize, end: usize) -> Option<usize> {
        let mut example = String::new();
        for p in &d.pieces {
            match p {
                Piece::Lit(s) => example.push_str(s),
                Piece::Use(n) => example.push_str(self.vars.get(n).map_or("", String::as_str)),
                Piece::Re(_) | Piece::Def(..) => {}
            }
        }
        let example: Vec<u8> = example.bytes().take(200).collect();
        if example.is_empty() {
            return None;
        }
        let hay = &self.input.as_bytes()[from..end.min(from + 4096)];
        let mut lines = 0usize;
        let mut best: Option<(f64, usize)> = None;
        for i in 0..hay.len() {
            if hay[i] == b'\n' {
                lines += 1;
            }
            // Patterns have no leading blanks: no match starts at one (nor
            // inside a character).
            if hay[i] == b' ' || hay[i] == b'\t' || (hay[i] & 0xC0) == 0x80 {
                continue;
            }
            let cand = &hay[i..(i + example.len()).min(hay.len())];
            let quality = edit_distance(cand, &example) as f64 + lines as f64 / 100.0;
            if best.is_none_or(|(q, _)| quality < q) {
                best = Some((quality, i));
            }
        }
        // Not where scanning started: that is shown already.
        best.filter(|&(q, i)| q < 50.0 && i != 0)
            .map(|(_, i)| from + i)
    }
}

fn quoted(names: &[String]) -> String {
    names
        .iter()
        .map(|n| format!("\"{n}\""))
        .collect::<Vec<_>>()
        .join(", ")
}

fn edit_distance(a: &[u8], b: &[u8]) -> usize {
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    let mut cur = vec![0; b.len() + 1];
    for (i, &ca) in a.iter().enumerate() {
        cur[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let subst = prev[j] + usize::from(ca != cb);
            cur[j + 1] = subst.min(prev[j + 1] + 1).min(cur[j] + 1);
        }
        std::mem::swap(&mut prev, &mut cur);
    }
    prev[b.len()]
}

#[cfg(test)]
mod tests;

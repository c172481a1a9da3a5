//! Matching the directives against the input, and FileCheck's report
//! when they do not match.

use regex::Regex;
use std::cell::RefCell;
use std::collections::HashMap;
use std::fmt::Write as _;

use super::parse::*;
use super::*;

/// A directive's regex: see [`Matcher::regex_of`].
pub(super) struct Compiled {
    pub(super) re: String,
    pub(super) names: Vec<String>,
    pub(super) same: Vec<usize>,
}

/// A match: where, how long, and the variables it defines.
pub(super) struct Found {
    pub(super) pos: usize,
    pub(super) len: usize,
    pub(super) defs: Vec<(String, String)>,
}

pub(super) struct Matcher<'a> {
    pub(super) input: &'a str,
    pub(super) input_name: &'a str,
    pub(super) check_name: &'a str,
    pub(super) vars: HashMap<String, String>,
    pub(super) out: String,
    pub(super) cache: RefCell<HashMap<String, Regex>>,
}

impl Matcher<'_> {
    /// FileCheck's `checkInput`: labels split the input into regions, each
    /// checked in turn; a failure ends its region, not the run.
    pub(super) fn run(&mut self, strings: &[CheckString], opts: &Options) -> bool {
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
    pub(super) fn check_string(
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
    pub(super) fn check_dag<'d>(
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
    pub(super) fn check_not(&mut self, nots: &[&Directive], start: usize, end: usize) -> bool {
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

    pub(super) fn define(&mut self, defs: Vec<(String, String)>) {
        self.vars.extend(defs);
    }

    /// The regex of a directive under the current variables: its text,
    /// the variables its groups `d<i>` define, and the groups `u<j>` that
    /// must equal a `d<i>` (a variable used in the pattern defining it:
    /// the regex crate has no back-references); or the names of the
    /// variables it uses that are not defined.
    pub(super) fn regex_of(&self, d: &Directive) -> Result<Compiled, Vec<String>> {
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
    pub(super) fn find(
        &self,
        d: &Directive,
        start: usize,
        end: usize,
    ) -> Result<Option<Found>, Vec<String>> {
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

    pub(super) fn line_col(&self, pos: usize) -> (usize, usize, &str) {
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

    pub(super) fn check_diag(&mut self, d: &Directive, level: &str, msg: &str) {
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

    pub(super) fn input_note(&mut self, pos: usize, len: usize, msg: &str) {
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

    pub(super) fn not_found(
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

    pub(super) fn adjacency_error(
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
    pub(super) fn fuzzy(&self, d: &Directive, from: usize, end: usize) -> Option<usize> {
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

pub(super) fn quoted(names: &[String]) -> String {
    names
        .iter()
        .map(|n| format!("\"{n}\""))
        .collect::<Vec<_>>()
        .join(", ")
}

pub(super) fn edit_distance(a: &[u8], b: &[u8]) -> usize {
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

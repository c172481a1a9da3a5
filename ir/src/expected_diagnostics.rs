//! `--verify-diagnostics`: checks produced diagnostics against
//! `// expected-error {{...}}` comments in the source.
//!
//! In: a source file and the diagnostics a run produced. Out: the report
//! `mlir-opt --verify-diagnostics` prints (`unexpected error: ...`,
//! `expected error "..." was not produced`, near misses of the wrong
//! severity, bad `-re` patterns) and whether everything matched.
//!
//! A designation is what MLIR's verifier handler recognises at the end of a
//! line: `expected-(error|note|remark|warning)`, optionally `-re`, optional
//! spaces, optionally `@+N`, `@-N`, `@above` (the last line that holds no
//! designation), `@below` (the next such line) or `@unknown` (diagnostics
//! without a file location), optional spaces, then `{{text}}` closing the
//! line. A diagnostic matches when it is on that line and its message
//! contains the text; with `-re`, the text is literal except for
//! `{{regex}}` pieces, and the whole is searched for in the message.
//! Regular expressions are `regex-lite`'s, which read the POSIX extended
//! syntax MLIR's tests use (classes, `[[:alpha:]]`, `|`, `?`, `{n,m}`).

use crate::diagnostics::{DiagLoc, Diagnostic, Severity, SourceFile, SourceManager};
use std::fmt::Write as _;

/// One `expected-*` designation.
#[derive(Clone, Debug)]
pub struct Expectation {
    pub severity: Severity,
    /// The line the diagnostic is expected on (unused for `@unknown`).
    pub line: u32,
    /// The text between the outer `{{` and `}}`, as written.
    pub text: String,
    /// For `expected-*-re`: the text as a pattern.
    pub regex: Option<regex_lite::Regex>,
    /// Where the `expected-` word is (line and column), for reports.
    pub at_line: u32,
    pub at_col: u32,
    pub matched: bool,
}

impl Expectation {
    /// Does a diagnostic message satisfy this expectation?
    pub fn matches(&self, message: &str) -> bool {
        match &self.regex {
            Some(re) => re.is_match(message),
            None => message.contains(&self.text),
        }
    }
}

/// The designations of a file.
#[derive(Clone, Debug, Default)]
pub struct Expectations {
    /// Those expecting a diagnostic on a line of the file.
    pub in_file: Vec<Expectation>,
    /// `@unknown` ones, for diagnostics without a file location.
    pub unknown: Vec<Expectation>,
    /// Reports of designations that cannot be used (a `-re` text with an
    /// unclosed or invalid pattern); each makes the check fail.
    pub errors: String,
}

/// Where a designation points.
enum Target {
    Offset(i64),
    Above,
    Below,
    Unknown,
}

/// A designation found on a line: severity, `-re`, target, the text's byte
/// range and the column of `expected-`.
struct Designation {
    severity: Severity,
    is_regex: bool,
    target: Option<Target>,
    text: std::ops::Range<usize>,
    start: usize,
}

/// Reads the leftmost designation of `line` (trailing white space
/// ignored), as MLIR's pattern
/// `expected-(error|note|remark|warning)(-re)? *(@([+-][0-9]+|above|below|unknown))? *{{(.*)}}$`
/// would match it.
fn parse_designation(line: &[u8]) -> Option<Designation> {
    let end = line
        .iter()
        .rposition(|b| !matches!(b, b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r'))
        .map_or(0, |p| p + 1);
    let line = &line[..end];
    let mut from = 0;
    while let Some(rel) = find(&line[from..], b"expected-") {
        let start = from + rel;
        from = start + 1;
        if let Some(d) = designation_at(line, start) {
            return Some(d);
        }
    }
    None
}

fn designation_at(line: &[u8], start: usize) -> Option<Designation> {
    let mut i = start + b"expected-".len();
    let rest = &line[i..];
    let (severity, word) = [
        (Severity::Error, &b"error"[..]),
        (Severity::Note, b"note"),
        (Severity::Remark, b"remark"),
        (Severity::Warning, b"warning"),
    ]
    .into_iter()
    .find(|(_, w)| rest.starts_with(w))?;
    i += word.len();
    let is_regex = line[i..].starts_with(b"-re");
    if is_regex {
        i += 3;
    }
    let skip_spaces = |i: &mut usize| {
        while line.get(*i) == Some(&b' ') {
            *i += 1;
        }
    };
    skip_spaces(&mut i);
    let mut target = None;
    if line.get(i) == Some(&b'@') {
        i += 1;
        let rest = &line[i..];
        if let Some(&sign @ (b'+' | b'-')) = rest.first() {
            let digits = rest[1..].iter().take_while(|b| b.is_ascii_digit()).count();
            if digits == 0 {
                return None;
            }
            let n: i64 = std::str::from_utf8(&rest[1..1 + digits])
                .ok()?
                .parse()
                .unwrap_or(i64::MAX);
            target = Some(Target::Offset(if sign == b'+' { n } else { -n }));
            i += 1 + digits;
        } else {
            let (t, w) = [
                (Target::Above, &b"above"[..]),
                (Target::Below, b"below"),
                (Target::Unknown, b"unknown"),
            ]
            .into_iter()
            .find(|(_, w)| rest.starts_with(w))?;
            target = Some(t);
            i += w.len();
        }
        skip_spaces(&mut i);
    }
    let body = &line[i..];
    if body.len() < 4 || !body.starts_with(b"{{") || !body.ends_with(b"}}") {
        return None;
    }
    Some(Designation {
        severity,
        is_regex,
        target,
        text: i + 2..line.len() - 2,
        start,
    })
}

/// The pattern of an `expected-*-re` text: literal text with `{{regex}}`
/// pieces. Errors are worded as MLIR's.
fn compile_regex(text: &str) -> Result<regex_lite::Regex, String> {
    let mut pattern = String::new();
    let mut rest = text;
    while let Some(open) = rest.find("{{") {
        pattern.push_str(&regex_lite::escape(&rest[..open]));
        rest = &rest[open + 2..];
        let Some(close) = rest.find("}}") else {
            return Err("found start of regex with no end '}}'".into());
        };
        let piece = &rest[..close];
        if let Err(e) = regex_lite::Regex::new(piece) {
            let why = e.to_string();
            return Err(format!(
                "invalid regex: {}",
                why.lines().last().unwrap_or_default().trim()
            ));
        }
        pattern.push('(');
        pattern.push_str(piece);
        pattern.push(')');
        rest = &rest[close + 2..];
    }
    pattern.push_str(&regex_lite::escape(rest));
    regex_lite::Regex::new(&pattern).map_err(|e| format!("invalid regex: {e}"))
}

/// Finds the designations of `file`.
pub fn collect(file: &SourceFile) -> Expectations {
    let mut out = Expectations::default();
    let lines: Vec<&[u8]> = file.text.split(|&b| b == b'\n').collect();
    // 0-based index of the last line without a designation.
    let mut last_plain = 0usize;
    // `@below` designations waiting for the next line without one.
    let mut pending_below: Vec<usize> = Vec::new();
    for (index, line) in lines.iter().enumerate() {
        let line_no = index as u32 + 1;
        let Some(d) = parse_designation(line) else {
            for &i in &pending_below {
                out.in_file[i].line = line_no;
            }
            pending_below.clear();
            last_plain = index;
            continue;
        };
        let text = String::from_utf8_lossy(&line[d.text.clone()]).into_owned();
        let mut e = Expectation {
            severity: d.severity,
            line: line_no,
            regex: None,
            text,
            at_line: line_no,
            at_col: d.start as u32 + 1,
            matched: false,
        };
        if d.is_regex {
            match compile_regex(&e.text) {
                Ok(re) => e.regex = Some(re),
                Err(message) => {
                    report_at(&mut out.errors, file, &e, &message, true);
                    continue;
                }
            }
        }
        match d.target {
            None => {}
            Some(Target::Offset(n)) => {
                e.line = (i64::from(line_no) + n).clamp(0, i64::from(u32::MAX)) as u32;
            }
            Some(Target::Above) => e.line = last_plain as u32 + 1,
            Some(Target::Below) => {
                pending_below.push(out.in_file.len());
                // Where a dangling `@below` ends up, as in MLIR.
                e.line = lines.len() as u32;
            }
            Some(Target::Unknown) => {
                out.unknown.push(e);
                continue;
            }
        }
        out.in_file.push(e);
    }
    out
}

fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

/// An error at a designation: `file:line:col: error: message`, the line,
/// and a caret (with `~` under the designation's text length when
/// `underline`, as MLIR marks the expectation's range).
fn report_at(out: &mut String, file: &SourceFile, e: &Expectation, message: &str, underline: bool) {
    let _ = writeln!(
        out,
        "{}:{}:{}: error: {message}",
        file.name, e.at_line, e.at_col
    );
    if let Some(text) = file.line_text(e.at_line) {
        out.push_str(&String::from_utf8_lossy(text));
        out.push('\n');
        for &b in text.iter().take(e.at_col as usize - 1) {
            out.push(if b == b'\t' { '\t' } else { ' ' });
        }
        out.push('^');
        if underline {
            for _ in 1..e.text.len().max(1) {
                out.push('~');
            }
        }
        out.push('\n');
    }
}

/// Checks `diags` (and their notes) against the designations of `file`.
/// Returns the report to print on stderr and whether all matched.
pub fn check(sm: &SourceManager, file: &SourceFile, diags: &[Diagnostic]) -> (String, bool) {
    let mut report = Report::new();
    report.add(sm, file, diags);
    report.finish()
}

/// What `mlir-opt` 22 prints for a file's designations when it runs
/// without `--verify-diagnostics`: every one as "not produced" (each
/// `@unknown` one once), whatever the run reported.
pub fn list_unproduced(sm: &SourceManager, file: &SourceFile) -> String {
    let mut report = Report::new();
    report.add(sm, file, &[]);
    report.unmet + &report.unmet_unknown
}

/// The `--verify-diagnostics` report of one input, built chunk by chunk
/// (`--split-input-file`) in the order `mlir-opt` 22 prints it, whose one
/// handler sees the whole file: unusable designations first, then each
/// unexpected diagnostic as it comes, then the expectations not met (the
/// `@unknown` ones twice: its handler checks them both when asked and when
/// dropped, and only forgets the per-file ones in between).
#[derive(Debug, Default)]
pub struct Report {
    bad_designations: String,
    unexpected: String,
    unmet: String,
    unmet_unknown: String,
    failed: bool,
}

impl Report {
    pub fn new() -> Self {
        Report::default()
    }

    /// Checks one chunk's diagnostics against its designations; returns
    /// whether they all matched.
    pub fn add(&mut self, sm: &SourceManager, file: &SourceFile, diags: &[Diagnostic]) -> bool {
        let mut expected = collect(file);
        let mut ok = expected.errors.is_empty();
        self.bad_designations.push_str(&expected.errors);
        let unexpected = &mut self.unexpected;
        let mut process = |d: &Diagnostic| {
            // As MLIR: the first expectation of the right line whose text
            // matches takes the diagnostic (matched ones too); one matching
            // in all but severity is a near miss.
            let (candidates, line) = match &d.loc {
                DiagLoc::FileLineCol { file: f, line, .. } if f == &file.name => {
                    (&mut expected.in_file[..], Some(*line))
                }
                DiagLoc::FileLineCol { line, .. } => (&mut [][..], Some(*line)),
                DiagLoc::Unknown => (&mut expected.unknown[..], None),
            };
            let mut near_miss = None;
            for e in candidates.iter_mut() {
                if line.is_some_and(|l| l != e.line) || !e.matches(&d.message) {
                    continue;
                }
                if e.severity == d.severity {
                    e.matched = true;
                    return;
                }
                near_miss = Some(e.clone());
            }
            ok = false;
            let kind = d.severity.as_str();
            if let Some(e) = near_miss {
                let message = format!(
                    "'{kind}' diagnostic emitted when expecting a '{}'",
                    e.severity.as_str()
                );
                if d.loc == DiagLoc::Unknown {
                    // An `@unknown` designation has no place to show.
                    let _ = writeln!(unexpected, "<unknown>:0: error: {message}");
                } else {
                    report_at(unexpected, file, &e, &message, false);
                }
            } else if d.loc == DiagLoc::Unknown {
                let _ = writeln!(
                    unexpected,
                    "<unknown>:0: error: unexpected {kind}: {}",
                    d.message
                );
            } else {
                let mut u = d.clone();
                u.severity = Severity::Error;
                u.message = format!("unexpected {kind}: {}", d.message);
                u.notes.clear();
                unexpected.push_str(&sm.render(&u));
            }
        };
        for d in diags {
            process(d);
            for n in &d.notes {
                process(n);
            }
        }
        for e in expected.in_file.iter().filter(|e| !e.matched) {
            ok = false;
            let message = format!(
                "expected {} \"{}\" was not produced",
                e.severity.as_str(),
                e.text
            );
            report_at(&mut self.unmet, file, e, &message, true);
        }
        for e in expected.unknown.iter().filter(|e| !e.matched) {
            ok = false;
            let _ = writeln!(
                self.unmet_unknown,
                "<unknown>:0: error: expected {} \"{}\" was not produced",
                e.severity.as_str(),
                e.text
            );
        }
        self.failed |= !ok;
        ok
    }

    /// The whole report, and whether every chunk matched.
    pub fn finish(self) -> (String, bool) {
        let text = self.bad_designations
            + &self.unexpected
            + &self.unmet
            + &self.unmet_unknown
            + &self.unmet_unknown;
        (text, !self.failed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn designations_and_report() {
        let text = "// expected-error @+1 {{undeclared}}\nx\n// expected-warning @below {{nothing}}\n// expected-note@above {{n}}\ny\n";
        let file = SourceFile::new("t.mlir", text);
        let ex = collect(&file);
        assert_eq!(
            ex.in_file
                .iter()
                .map(|e| (e.line, e.text.as_str()))
                .collect::<Vec<_>>(),
            vec![(2, "undeclared"), (5, "nothing"), (2, "n")]
        );
        let mut sm = SourceManager::new();
        sm.add(file.clone());
        let d = Diagnostic::error(
            file.loc(text.find("x\n").unwrap() as u32),
            "use of undeclared SSA value name",
        );
        let (report, ok) = check(&sm, &file, &[d]);
        assert!(!ok);
        assert_eq!(
            report,
            "t.mlir:3:4: error: expected warning \"nothing\" was not produced\n// expected-warning @below {{nothing}}\n   ^~~~~~~\nt.mlir:4:4: error: expected note \"n\" was not produced\n// expected-note@above {{n}}\n   ^\n"
        );
        let d2 = Diagnostic::error(file.loc(0), "boom");
        let (report, _) = check(&sm, &file, &[d2]);
        assert!(report.starts_with("t.mlir:1:1: error: unexpected error: boom\n"));
    }

    /// Checks `diags` (message at byte offset, or at no place for `None`)
    /// against `text` read as `<stdin>`, like mlir-opt reads a pipe.
    fn run(text: &str, diags: &[(Option<&str>, Severity, &str)]) -> (String, bool) {
        let file = SourceFile::new("<stdin>", text);
        let mut sm = SourceManager::new();
        sm.add(file.clone());
        let diags: Vec<Diagnostic> = diags
            .iter()
            .map(|&(at, severity, message)| {
                let loc = at.map_or(DiagLoc::Unknown, |a| file.loc(text.find(a).unwrap() as u32));
                let mut d = Diagnostic::error(loc, message);
                d.severity = severity;
                d
            })
            .collect();
        check(&sm, &file, &diags)
    }

    const OUT_OF_RANGE: &str = "integer constant out of range for attribute";

    // Expected reports: mlir-opt 22 --verify-diagnostics on the same text.

    #[test]
    fn regex_expectations() {
        let line = |tail: &str| format!("\"t.op\"() {{a = 256 : i8}} : () -> () // {tail}\n");
        let err = |src: &str| run(src, &[(Some("256"), Severity::Error, OUT_OF_RANGE)]);
        let src = line("expected-error-re {{integer {{[a-z]+}} out of range}}");
        assert_eq!(err(&src), (String::new(), true));
        // Literal text around the pattern is escaped, not a pattern.
        let src = line("expected-error-re {{integer constant out of range for attr{{.}}bute}}");
        assert_eq!(err(&src), (String::new(), true));
        let src = line("expected-error-re {{integer (constant) {{[a-z]+}}}}");
        assert!(!err(&src).1);
        let src = line("expected-error-re {{integer {{[0-9]+}} out of range}}");
        assert_eq!(
            err(&src),
            (format!("<stdin>:1:15: error: unexpected error: {OUT_OF_RANGE}\n{src}              ^\n<stdin>:1:39: error: expected error \"integer {{{{[0-9]+}}}} out of range\" was not produced\n{src}                                      ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~\n"), false)
        );
        let src = line("expected-error-re {{integer {{[0-9]+ out of range}}");
        assert_eq!(
            err(&src),
            (format!("<stdin>:1:39: error: found start of regex with no end '}}}}'\n{src}                                      ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~\n<stdin>:1:15: error: unexpected error: {OUT_OF_RANGE}\n{src}              ^\n"), false)
        );
        // mlir-opt words the reason as LLVM's regex library does
        // ("brackets ([ ]) not balanced"); ours is regex-lite's.
        let src = line("expected-error-re {{integer {{[0-9+}} out of range}}");
        let (report, ok) = err(&src);
        assert!(!ok);
        assert!(
            report.starts_with("<stdin>:1:39: error: invalid regex: "),
            "{report}"
        );
    }

    #[test]
    fn near_misses_repeats_and_unknown_places() {
        let src = "\"t.op\"() {a = 256 : i8} : () -> () // expected-warning {{out of range}}\n";
        assert_eq!(
            run(src, &[(Some("256"), Severity::Error, OUT_OF_RANGE)]),
            (format!("<stdin>:1:39: error: 'error' diagnostic emitted when expecting a 'warning'\n{src}                                      ^\n<stdin>:1:39: error: expected warning \"out of range\" was not produced\n{src}                                      ^~~~~~~~~~~~\n"), false)
        );
        // One diagnostic satisfies the first of two equal expectations.
        let src = "\"t.op\"() {a = 256 : i8} : () -> ()\n// expected-error@-1 {{out of range}}\n// expected-error@-2 {{out of range}}\n";
        assert_eq!(
            run(src, &[(Some("256"), Severity::Error, OUT_OF_RANGE)]),
            ("<stdin>:3:4: error: expected error \"out of range\" was not produced\n// expected-error@-2 {{out of range}}\n   ^~~~~~~~~~~~\n".to_string(), false)
        );
        // Two equal diagnostics satisfy one expectation.
        let twice = [(Some("256"), Severity::Error, OUT_OF_RANGE); 2];
        assert_eq!(
            run(&src[..src.find("// expected-error@-2").unwrap()], &twice),
            (String::new(), true)
        );
        let msg = "'builtin.module' op expects region #0 to have 0 or 1 blocks";
        let src = "\"t.op\"() : () -> ()\n";
        assert_eq!(
            run(src, &[(None, Severity::Error, msg)]),
            (
                format!("<unknown>:0: error: unexpected error: {msg}\n"),
                false
            )
        );
        let src = "// expected-error@unknown {{0 or 1 blocks}}\n\"t.op\"() : () -> ()\n";
        assert_eq!(
            run(src, &[(None, Severity::Error, msg)]),
            (String::new(), true)
        );
        let near = src.replace("error@", "warning@");
        assert_eq!(
            run(&near, &[(None, Severity::Error, msg)]).0,
            "<unknown>:0: error: 'error' diagnostic emitted when expecting a 'warning'\n<unknown>:0: error: expected warning \"0 or 1 blocks\" was not produced\n<unknown>:0: error: expected warning \"0 or 1 blocks\" was not produced\n"
        );
        let src = "// expected-error@unknown {{region with 1 blocks}}\n\"t.op\"() : () -> ()\n";
        let not_produced =
            "<unknown>:0: error: expected error \"region with 1 blocks\" was not produced\n";
        assert_eq!(
            run(src, &[(None, Severity::Error, msg)]),
            (
                format!(
                    "<unknown>:0: error: unexpected error: {msg}\n{not_produced}{not_produced}"
                ),
                false
            )
        );
    }

    #[test]
    fn designations_end_their_line() {
        // Not designations: text after the braces, a bad target, tabs.
        for text in [
            "// expected-error {{a}} b\n",
            "// expected-error @+x {{a}}\n",
            "// expected-error\t{{a}}\n",
            "// expected-errors {{a}}\n",
        ] {
            let ex = collect(&SourceFile::new("t.mlir", text));
            assert!(ex.in_file.is_empty(), "{text:?}");
        }
        // The text runs to the last `}}`; code before the comment makes the
        // line a designation line for @above / @below.
        let text = "x\n\"t\"() // expected-error {{a}} {{b}}  \n// expected-note @above {{c}}\n";
        let ex = collect(&SourceFile::new("t.mlir", text));
        let got: Vec<_> = ex
            .in_file
            .iter()
            .map(|e| (e.line, e.text.as_str()))
            .collect();
        assert_eq!(got, [(2, "a}} {{b"), (1, "c")]);
    }

    #[test]
    fn without_verify_mode_each_designation_is_listed_once() {
        // mlir-opt 22 without --verify-diagnostics on the same text.
        let text = "\"t.op\"() : () -> ()\n// expected-error@unknown {{foo}}\n// expected-error-re {{a{{.*}}b}}\n";
        let file = SourceFile::new("<stdin>", text);
        let mut sm = SourceManager::new();
        sm.add(file.clone());
        assert_eq!(
            list_unproduced(&sm, &file),
            "<stdin>:3:4: error: expected error \"a{{.*}}b\" was not produced\n// expected-error-re {{a{{.*}}b}}\n   ^~~~~~~~\n<unknown>:0: error: expected error \"foo\" was not produced\n"
        );
    }
}

//! `--verify-diagnostics`: checks produced diagnostics against
//! `// expected-error {{...}}` comments in the source.
//!
//! In: a source file and the diagnostics a run produced. Out: the report
//! `mlir-opt --verify-diagnostics` prints (`unexpected error: ...`,
//! `expected error "..." was not produced`) and whether everything matched.
//!
//! Designations: `expected-error`, `expected-warning`, `expected-note`,
//! `expected-remark`, each optionally followed by `@+N`, `@-N`, `@above`
//! or `@below` (the nearest line before/after that is not itself only a
//! designation), then `{{text}}`; a diagnostic matches when it is on that
//! line and its message contains the text.

use crate::diagnostics::{DiagLoc, Diagnostic, Severity, SourceFile, SourceManager};
use std::fmt::Write as _;

/// One `expected-*` comment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Expectation {
    pub severity: Severity,
    /// The line the diagnostic is expected on.
    pub line: u32,
    pub text: String,
    /// Where the `expected-` word is (line and column), for reports.
    pub at_line: u32,
    pub at_col: u32,
    pub matched: bool,
}

fn is_designation_only(line: &[u8]) -> bool {
    let s = String::from_utf8_lossy(line);
    let t = s.trim_start();
    t.starts_with("//") && t.contains("expected-") && {
        let after = t.trim_start_matches('/').trim_start();
        after.starts_with("expected-")
    }
}

/// Finds the expectations of `file`.
pub fn collect(file: &SourceFile) -> Vec<Expectation> {
    let mut out = Vec::new();
    let mut line_no = 0u32;
    let lines: Vec<&[u8]> = file.text.split(|&b| b == b'\n').collect();
    for line in &lines {
        line_no += 1;
        let mut search = 0usize;
        while let Some(rel) = find(&line[search..], b"expected-") {
            let start = search + rel;
            search = start + 9;
            let rest = &line[start + 9..];
            let (severity, kw_len) = if rest.starts_with(b"error") {
                (Severity::Error, 5)
            } else if rest.starts_with(b"warning") {
                (Severity::Warning, 7)
            } else if rest.starts_with(b"note") {
                (Severity::Note, 4)
            } else if rest.starts_with(b"remark") {
                (Severity::Remark, 6)
            } else {
                continue;
            };
            let mut i = kw_len;
            let skip_ws = |i: &mut usize| {
                while rest.get(*i).is_some_and(|b| *b == b' ' || *b == b'\t') {
                    *i += 1;
                }
            };
            skip_ws(&mut i);
            let mut target = line_no;
            if rest.get(i) == Some(&b'@') {
                i += 1;
                let word_end = rest[i..]
                    .iter()
                    .position(|b| b.is_ascii_whitespace() || *b == b'{')
                    .map_or(rest.len(), |p| i + p);
                let word = String::from_utf8_lossy(&rest[i..word_end]).into_owned();
                i = word_end;
                match word.as_str() {
                    "above" => {
                        let mut l = line_no - 1;
                        while l > 1 && is_designation_only(lines[l as usize - 1]) {
                            l -= 1;
                        }
                        target = l;
                    }
                    "below" => {
                        let mut l = line_no + 1;
                        while (l as usize) <= lines.len()
                            && is_designation_only(lines[l as usize - 1])
                        {
                            l += 1;
                        }
                        target = l;
                    }
                    w => {
                        if let Ok(n) = w.parse::<i64>() {
                            target = (line_no as i64 + n).max(0) as u32;
                        }
                    }
                }
                skip_ws(&mut i);
            }
            if !rest[i..].starts_with(b"{{") {
                continue;
            }
            let body = &rest[i + 2..];
            let Some(end) = find(body, b"}}") else {
                continue;
            };
            out.push(Expectation {
                severity,
                line: target,
                text: String::from_utf8_lossy(&body[..end]).into_owned(),
                at_line: line_no,
                at_col: start as u32 + 1,
                matched: false,
            });
        }
    }
    out
}

fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

/// Checks `diags` (and their notes) against the expectations of `file`.
/// Returns the report to print on stderr and whether all matched.
pub fn check(sm: &SourceManager, file: &SourceFile, diags: &[Diagnostic]) -> (String, bool) {
    let mut expected = collect(file);
    let mut report = String::new();
    let mut ok = true;
    let mut process = |d: &Diagnostic, report: &mut String| {
        let DiagLoc::FileLineCol { file: f, line, .. } = &d.loc else {
            return;
        };
        if f != &file.name {
            return;
        }
        let hit = expected.iter_mut().find(|e| {
            !e.matched && e.severity == d.severity && e.line == *line && d.message.contains(&e.text)
        });
        match hit {
            Some(e) => e.matched = true,
            None => {
                ok = false;
                let mut u = d.clone();
                u.severity = Severity::Error;
                u.message = format!("unexpected {}: {}", d.severity.as_str(), d.message);
                u.notes.clear();
                report.push_str(&sm.render(&u));
            }
        }
    };
    for d in diags {
        process(d, &mut report);
        for n in &d.notes {
            process(n, &mut report);
        }
    }
    for e in expected.iter().filter(|e| !e.matched) {
        ok = false;
        let _ = writeln!(
            report,
            "{}:{}:{}: error: expected {} \"{}\" was not produced",
            file.name,
            e.at_line,
            e.at_col,
            e.severity.as_str(),
            e.text
        );
        if let Some(text) = file.line_text(e.at_line) {
            report.push_str(&String::from_utf8_lossy(text));
            report.push('\n');
            for &b in text.iter().take(e.at_col as usize - 1) {
                report.push(if b == b'\t' { '\t' } else { ' ' });
            }
            report.push('^');
            for _ in 1..e.text.len().max(1) {
                report.push('~');
            }
            report.push('\n');
        }
    }
    (report, ok)
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
            ex.iter()
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
}

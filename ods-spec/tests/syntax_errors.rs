//! The syntax-error corpus: every `tests/syntax/*.ods` file is a broken
//! spec starting with `// expect-error: LINE:COL: message` lines, each
//! followed by its notes (`// expect-note: LINE:COL: message`, or
//! `// expect-note: message` for one that points nowhere). Compiling it
//! must fail with exactly those errors and notes (the whole message, at
//! those positions, in that order), each error rendered with its `-->
//! file:line:col` and a caret. No message may name a grammar rule (`let_item`, `kw_in`,
//! `x_let_semi`, `EOI`, ...), and every message the grammar's error
//! markers can give must be met by some file of the corpus.

use std::path::Path;

use ods_spec::grammar::{Rule, SYNTAX_MESSAGES};

/// An expected error or note: line, column (0 for a note that points
/// nowhere) and the whole message, notes prefixed with `note: `.
type Expected = (usize, usize, String);

fn at(rest: &str) -> Option<Expected> {
    let mut parts = rest.splitn(3, ':');
    let mut number = || parts.next().and_then(|s| s.trim().parse().ok());
    let (line, col) = (number()?, number()?);
    Some((line, col, parts.next()?.trim().to_string()))
}

fn expectations(text: &str) -> Vec<Expected> {
    let mut out = Vec::new();
    for l in text.lines() {
        if let Some(rest) = l.strip_prefix("// expect-error: ") {
            out.push(at(rest).expect("expect-error needs LINE:COL: message"));
        } else if let Some(rest) = l.strip_prefix("// expect-note: ") {
            let (line, col, message) = at(rest).unwrap_or((0, 0, rest.trim().to_string()));
            out.push((line, col, format!("note: {message}")));
        }
    }
    out
}

/// Grammar rule names a message must not contain: those with an
/// underscore (`let_item`) or in capitals (`EOI`); the others are plain
/// words (`value`, `body`).
fn rule_names() -> Vec<String> {
    Rule::all_rules()
        .iter()
        .map(|r| format!("{r:?}"))
        .filter(|n| n.contains('_') || n.chars().all(|c| c.is_ascii_uppercase()))
        .collect()
}

#[test]
fn broken_specs_report_tablegen_style_errors_at_the_spot() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/syntax");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("tests/syntax exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "ods"))
        .collect();
    files.sort();
    assert!(files.len() >= 80, "corpus too small: {}", files.len());
    let rules = rule_names();
    let mut met: Vec<String> = Vec::new();
    let mut failures = Vec::new();
    for path in &files {
        let text = std::fs::read_to_string(path).expect("readable");
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let expected = expectations(&text);
        if expected.is_empty() {
            failures.push(format!("{name}: no expect-error header"));
            continue;
        }
        let err = match ods_spec::compile(&name, &text, &[]) {
            Ok(_) => {
                failures.push(format!("{name}: compiled without errors"));
                continue;
            }
            Err(e) => e,
        };
        let rendered = err.render();
        let line_col = |span: Option<ods_spec::diag::Span>| {
            span.map_or((0, 0), |s| err.sources.line_col(s.file, s.start))
        };
        let mut got: Vec<Expected> = Vec::new();
        for d in &err.diagnostics {
            let (l, c) = line_col(d.span);
            got.push((l, c, d.message.clone()));
            for n in &d.notes {
                let (l, c) = line_col(n.span);
                got.push((l, c, format!("note: {}", n.message)));
            }
        }
        for (_, _, message) in &got {
            met.push(message.to_string());
            for rule in rules.iter().filter(|r| message.contains(r.as_str())) {
                failures.push(format!(
                    "{name}: message names grammar rule {rule}: {message}"
                ));
            }
            if message.contains("syntax error") {
                failures.push(format!("{name}: message says nothing: {message}"));
            }
        }
        if got != expected {
            failures.push(format!(
                "{name}: expected {expected:?}\n  got {got:?}\n{rendered}"
            ));
            continue;
        }
        for (line, col, _) in expected.iter().filter(|e| !e.2.starts_with("note: ")) {
            let location = format!("--> {name}:{line}:{col}");
            if !rendered.contains(&location) || !rendered.contains('^') {
                failures.push(format!(
                    "{name}: rendering lacks '{location}' or a caret:\n{rendered}"
                ));
            }
        }
    }
    for (rule, message) in SYNTAX_MESSAGES {
        if !met.iter().any(|m| m == message) {
            failures.push(format!("no file of the corpus gets '{message}' ({rule:?})"));
        }
    }
    // Every marker of the grammar has its message.
    for rule in Rule::all_rules() {
        let name = format!("{rule:?}");
        if name.starts_with("x_") && !SYNTAX_MESSAGES.iter().any(|(r, _)| r == rule) {
            failures.push(format!("grammar marker {name} has no message"));
        }
    }
    assert!(
        failures.is_empty(),
        "{} problems:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

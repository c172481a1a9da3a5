//! The syntax-error corpus: every `tests/syntax/*.ods` file is a broken
//! spec starting with `// expect-error: LINE:COL: message` lines. Compiling
//! it must fail with exactly those errors (the whole message, at those
//! positions, in that order), each rendered with its `--> file:line:col`
//! and a caret. No message may name a grammar rule (`let_item`, `kw_in`,
//! `x_let_semi`, `EOI`, ...), and every message the grammar's error
//! markers can give must be met by some file of the corpus.

use std::path::Path;

use ods_spec::grammar::{Rule, SYNTAX_MESSAGES};

struct Expected {
    line: usize,
    col: usize,
    message: String,
}

fn expectations(text: &str) -> Vec<Expected> {
    text.lines()
        .filter_map(|l| l.strip_prefix("// expect-error: "))
        .map(|rest| {
            let mut parts = rest.splitn(3, ':');
            let mut number = || parts.next().and_then(|s| s.trim().parse().ok());
            let (line, col) = (number(), number());
            Expected {
                line: line.expect("expect-error needs LINE:COL: message"),
                col: col.expect("expect-error needs LINE:COL: message"),
                message: parts.next().unwrap_or("").trim().to_string(),
            }
        })
        .collect()
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
        let got: Vec<(usize, usize, &str)> = err
            .diagnostics
            .iter()
            .map(|d| {
                let (l, c) = d
                    .span
                    .map_or((0, 0), |s| err.sources.line_col(s.file, s.start));
                (l, c, d.message.as_str())
            })
            .collect();
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
        let want: Vec<(usize, usize, &str)> = expected
            .iter()
            .map(|e| (e.line, e.col, e.message.as_str()))
            .collect();
        if got != want {
            failures.push(format!(
                "{name}: expected {want:?}\n  got {got:?}\n{rendered}"
            ));
            continue;
        }
        for e in &expected {
            let location = format!("--> {name}:{}:{}", e.line, e.col);
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

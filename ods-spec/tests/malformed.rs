//! The malformed-spec corpus: every `tests/malformed/*.ods` file starts with
//! `// expect-error: LINE:COL: message` lines. Compiling the file must fail
//! with exactly those errors (message given as a prefix of the real one),
//! in the main file at those positions, and rendering them must show the
//! rustc-like snippet. Nothing may panic.

use std::path::Path;

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
            let line = parts.next().and_then(|s| s.trim().parse().ok());
            let col = parts.next().and_then(|s| s.trim().parse().ok());
            let message = parts.next().unwrap_or("").trim().to_string();
            Expected {
                line: line.expect("expect-error needs LINE:COL: message"),
                col: col.expect("expect-error needs LINE:COL: message"),
                message,
            }
        })
        .collect()
}

#[test]
fn malformed_corpus_reports_the_expected_errors() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/malformed");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("tests/malformed exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "ods"))
        .collect();
    files.sort();
    assert!(files.len() >= 20, "corpus too small: {}", files.len());
    let mut failures = Vec::new();
    for path in &files {
        let text = std::fs::read_to_string(path).expect("readable");
        let expected = expectations(&text);
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        if expected.is_empty() {
            failures.push(format!("{name}: no expect-error header"));
            continue;
        }
        let err = match ods_spec::compile(&name, &text, &[]).and_then(|c| c.model().map(|_| ())) {
            Ok(()) => {
                failures.push(format!("{name}: compiled without errors"));
                continue;
            }
            Err(e) => e,
        };
        let rendered = err.render();
        let got: Vec<(usize, usize, String)> = err
            .diagnostics
            .iter()
            .map(|d| {
                let (l, c) = d.span.map_or((0, 0), |s| {
                    if s.file.0 == 0 {
                        err.sources.line_col(s.file, s.start)
                    } else {
                        (0, 0)
                    }
                });
                (l, c, d.message.clone())
            })
            .collect();
        if got.len() != expected.len() {
            failures.push(format!(
                "{name}: expected {} errors, got {}:\n{rendered}",
                expected.len(),
                got.len()
            ));
            continue;
        }
        for (e, g) in expected.iter().zip(&got) {
            if (e.line, e.col) != (g.0, g.1) || !g.2.starts_with(&e.message) {
                failures.push(format!(
                    "{name}: expected {}:{}: {}\n  got {}:{}: {}",
                    e.line, e.col, e.message, g.0, g.1, g.2
                ));
            }
        }
        let location = format!("{name}:{}:{}", expected[0].line, expected[0].col);
        if !rendered.contains(&format!("--> {location}")) || !rendered.contains('^') {
            failures.push(format!(
                "{name}: rendering lacks '--> {location}' or a caret:\n{rendered}"
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} problems:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

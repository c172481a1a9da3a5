//! The docs name files of the repository (`dialects/arith/src/fold/`,
//! `tests/corpus/passes/`); a path that no longer exists is a doc that
//! drifted from the code. Every backquoted repository path in `README.md`
//! and `docs/**/*.md` must exist (paths with a placeholder, `*` or `<name>`,
//! are patterns and are skipped).

use std::path::{Path, PathBuf};

/// The top-level directories a repository path starts with.
const ROOTS: &[&str] = &[
    "ir/",
    "ods-runtime/",
    "transforms/",
    "opt/",
    "conversion/",
    "translate/",
    "ods-spec/",
    "ods-macros/",
    "dialects/",
    "tests/",
    "examples/",
    "lit/",
    "bench/",
    "fuzz/",
    "docs/",
];

fn markdown_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("docs readable").flatten() {
        let path = entry.path();
        if path.is_dir() {
            markdown_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "md") {
            out.push(path);
        }
    }
}

/// The backquoted spans of `text` that look like repository paths.
fn repo_paths(text: &str) -> Vec<&str> {
    text.split('`')
        .skip(1)
        .step_by(2)
        .filter(|span| ROOTS.iter().any(|r| span.starts_with(r)))
        .filter(|span| !span.contains(['*', '<', '{', ' ', '$', '(']))
        .map(|span| span.split(':').next().unwrap_or(span))
        .collect()
}

#[test]
fn every_path_the_docs_name_exists() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut files = vec![root.join("README.md")];
    markdown_files(&root.join("docs"), &mut files);
    let mut missing = Vec::new();
    let mut checked = 0;
    for file in &files {
        let text = std::fs::read_to_string(file).expect("markdown readable");
        for path in repo_paths(&text) {
            checked += 1;
            if !root.join(path).exists() {
                let name = file.strip_prefix(&root).unwrap_or(file);
                missing.push(format!("{}: `{path}`", name.display()));
            }
        }
    }
    // The check must look at something: the docs name well over a hundred
    // files.
    assert!(checked > 100, "only {checked} paths found in the docs");
    assert!(
        missing.is_empty(),
        "paths in the docs that do not exist:\n{}",
        missing.join("\n")
    );
}

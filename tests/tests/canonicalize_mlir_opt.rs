//! `--canonicalize` against `mlir-opt-22 --canonicalize` on the corpus of
//! foldable IR (`tests/corpus/canonicalize/*.mlir`: arith's folds on
//! integers, floats, casts, comparisons, vectors and tensors, and what the
//! greedy driver does around them): custom form, generic form and custom
//! form with locations, byte for byte (stdout, stderr, status).

use ods_tests::{corpus_files, find_mlir_opt, same_as_mlir_opt};

const FLAGS: &[&[&str]] = &[
    &["--canonicalize"],
    &["--canonicalize", "--mlir-print-op-generic"],
    &["--canonicalize", "--mlir-print-debuginfo"],
];

#[test]
fn canonicalize_matches_mlir_opt() {
    let Some(mlir_opt) = find_mlir_opt("the --canonicalize corpus") else {
        return;
    };
    let files = corpus_files("canonicalize");
    assert!(files.len() >= 5, "the canonicalize corpus is missing");
    let mut failures = Vec::new();
    for file in &files {
        for args in FLAGS {
            if let Err(e) = same_as_mlir_opt(&mlir_opt, args, &file.text) {
                failures.push(format!("{} {}: {e}", file.name, args.join(" ")));
            }
        }
    }
    assert!(failures.is_empty(), "differences:\n{}", failures.join("\n"));
}

/// The corpus must fold: `--canonicalize` changes every file (a corpus
/// that folds nothing would pass the comparison trivially).
#[test]
fn every_corpus_file_changes_under_canonicalize() {
    for file in corpus_files("canonicalize") {
        let plain = ods_tests::ods_opt_on(&[], std::str::from_utf8(&file.text).unwrap());
        let folded = ods_tests::ods_opt_on(
            &["--canonicalize"],
            std::str::from_utf8(&file.text).unwrap(),
        );
        assert_eq!(folded.status, 0, "{}: {}", file.name, folded.stderr_text());
        assert_ne!(plain.stdout, folded.stdout, "{} folds nothing", file.name);
    }
}

//! `ods-translate --mlir-to-llvmir` against `mlir-translate-22
//! --mlir-to-llvmir`, byte for byte (stdout, stderr, status), on every
//! file of `tests/corpus` (programs in the LLVM dialect), `tests/run`
//! (the programs `lli` runs) and `tests/errors` (inputs both refuse);
//! `tests/split` with `--split-input-file` and `tests/verify` with
//! `--split-input-file --verify-diagnostics`.

mod common;

use common::{corpus, llvm_tool, ods_translate, ods_translate_with, run};

fn compare(dirs: &[&str]) {
    compare_with(dirs, &[]);
}

/// Both tools on every file of `dirs`, with `flags` after `--mlir-to-llvmir`.
fn compare_with(dirs: &[&str], flags: &[&str]) {
    let Some(oracle) = llvm_tool("mlir-translate", "MLIR_TRANSLATE") else {
        return;
    };
    let mut failures = Vec::new();
    let mut count = 0;
    for dir in dirs {
        for file in corpus(dir) {
            count += 1;
            let name = file
                .file_name()
                .and_then(|n| n.to_str())
                .expect("a file name");
            let mut args = vec!["--mlir-to-llvmir"];
            args.extend_from_slice(flags);
            args.push(name);
            let theirs = run(&oracle, &args, file.parent().expect("a directory"));
            let ours = ods_translate_with(&file, flags);
            if (ours.status, &ours.stdout, &ours.stderr)
                != (theirs.status, &theirs.stdout, &theirs.stderr)
            {
                failures.push(format!(
                    "{dir}/{name}: status {} vs {}\n--- mlir-translate-22\n{}{}\n--- ods-translate\n{}{}",
                    theirs.status, ours.status, theirs.stdout, theirs.stderr, ours.stdout, ours.stderr
                ));
            }
        }
    }
    assert!(count >= dirs.len(), "the corpora are missing");
    assert!(failures.is_empty(), "differences:\n{}", failures.join("\n"));
}

#[test]
fn programs_translate_as_mlir_translate_does() {
    compare(&["corpus", "run"]);
}

#[test]
fn refused_inputs_are_reported_as_mlir_translate_does() {
    compare(&["errors"]);
}

#[test]
fn split_inputs_translate_as_mlir_translate_does() {
    compare_with(&["split"], &["--split-input-file"]);
}

#[test]
fn diagnostics_are_verified_as_mlir_translate_does() {
    compare_with(&["verify"], &["--split-input-file", "--verify-diagnostics"]);
}

/// Every corpus program translates (a corpus of refusals would pass the
/// comparison trivially) and makes instructions.
#[test]
fn every_corpus_program_translates() {
    for file in corpus("corpus").into_iter().chain(corpus("run")) {
        let out = ods_translate(&file);
        assert_eq!(out.status, 0, "{}: {}", file.display(), out.stderr);
        assert!(out.stdout.contains("define "), "{}", file.display());
    }
}

//! Printing is a fixpoint of parsing, without the oracle: for each
//! `tests/corpus/roundtrip/*.mlir`, `ods-opt` must accept the file, and
//! `ods-opt` on its own output must print exactly that output again.
//!
//! A file with a `// NOT-FIXPOINT: reason` line holds values that MLIR
//! itself does not print as a fixpoint (the reason says why); for it the
//! second print must be a fixpoint instead, so the output settles after
//! one more round.

use ods_tests::{
    check_ratchet, corpus_files, describe_difference, first_line, run_ods_opt, DriverRun,
};
use std::collections::BTreeMap;

const DEFAULT_ARGS: &[&str] = &["--allow-unregistered-dialect", "--mlir-print-op-generic"];

#[test]
fn print_of_parse_is_a_fixpoint() {
    let mut outcomes = BTreeMap::new();
    for file in corpus_files("roundtrip") {
        let args = file.args(DEFAULT_ARGS);
        let settles_later = file
            .text
            .split(|&b| b == b'\n')
            .any(|line| line.starts_with(b"// NOT-FIXPOINT:"));
        outcomes.insert(
            file.name.clone(),
            check_one(&args, &file.text, settles_later),
        );
    }
    check_ratchet("fixpoint", &outcomes);
}

fn check_one(args: &[&str], source: &[u8], settles_later: bool) -> Result<(), String> {
    let mut first = finished(run_ods_opt(args, source), "the corpus file")?;
    if settles_later {
        first = finished(run_ods_opt(args, &first), "its own output")?;
    }
    let second = finished(run_ods_opt(args, &first), "its own output")?;
    if first == second {
        Ok(())
    } else {
        Err(describe_difference(&first, &second).replace("mlir-opt:", "1st print:"))
    }
}

/// The printed module of a successful run, or why there is none.
fn finished(run: DriverRun, input: &str) -> Result<Vec<u8>, String> {
    match run {
        DriverRun::Panicked(msg) => Err(format!("ods-opt panicked on {input}: {msg}")),
        DriverRun::Finished(out) if out.status != 0 => Err(format!(
            "ods-opt exited {} on {input}: {}",
            out.status,
            first_line(&out.stderr_text())
        )),
        DriverRun::Finished(out) => Ok(out.stdout),
    }
}

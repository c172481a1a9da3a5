//! The passes on valid IR: the bytes are a whole input file (seeded with
//! the registered dialects' IR from `fuzz/seeds/passes/`, which libFuzzer
//! mutates); an input that `ods-opt` parses and verifies goes through a
//! pass (or a pipeline), and:
//! - nothing panics;
//! - the pass succeeds (exit 0: valid IR in, valid IR out; `ods-opt`
//!   verifies after every pass);
//! - its output parses and verifies again;
//! - `--canonicalize` reaches a fixed point: run on its own output it
//!   prints the same.
//!
//! Which pass: `PASSES_FUZZ_PASS` (`canonicalize`, `cse`,
//! `loop-invariant-code-motion`, `symbol-dce`, `pipeline` or `inline`), so
//! each can be fuzzed for its own time; unset, every input goes through
//! all six.
//! `mlir-opt` is not consulted in the loop (see `fuzz/differential.py`).
#![no_main]

use libfuzzer_sys::{fuzz_target, Corpus};
use std::sync::OnceLock;

/// The passes a run covers, from `PASSES_FUZZ_PASS`.
fn modes() -> &'static [&'static [&'static str]] {
    static MODES: OnceLock<Vec<&'static [&'static str]>> = OnceLock::new();
    const ALL: [&[&str]; 6] = [
        &["--canonicalize"],
        &["--cse"],
        &["--loop-invariant-code-motion"],
        &["--symbol-dce"],
        &[
            "--canonicalize",
            "--cse",
            "--loop-invariant-code-motion",
            "--symbol-dce",
            "--canonicalize",
        ],
        // The inliner with its canonicalize runs dumped: the pipelines it
        // runs go through the pass manager's instruments.
        &["--inline", "--mlir-print-ir-after-all"],
    ];
    MODES.get_or_init(|| match std::env::var("PASSES_FUZZ_PASS").as_deref() {
        Ok("canonicalize") => vec![ALL[0]],
        Ok("cse") => vec![ALL[1]],
        Ok("loop-invariant-code-motion") => vec![ALL[2]],
        Ok("symbol-dce") => vec![ALL[3]],
        Ok("pipeline") => vec![ALL[4]],
        Ok("inline") => vec![ALL[5]],
        Ok(other) if !other.is_empty() => panic!("PASSES_FUZZ_PASS={other}: unknown pass"),
        _ => ALL.to_vec(),
    })
}

const BASE: [&str; 1] = ["--mlir-disable-threading"];

fn run(passes: &[&str], stdin: &[u8]) -> ods_opt::Output {
    let args: Vec<&str> = BASE.iter().chain(passes).copied().collect();
    dialects::opt_tool().run(&args, stdin)
}

fn text(b: &[u8]) -> std::borrow::Cow<'_, str> {
    String::from_utf8_lossy(b)
}

fuzz_target!(|data: &[u8]| -> Corpus {
    // Valid IR only: what does not parse and verify is not the passes',
    // and stays out of the corpus (or the parser's error paths would fill
    // it, and most mutations would start from invalid IR).
    if run(&[], data).status != 0 {
        return Corpus::Reject;
    }
    for passes in modes() {
        let out = run(passes, data);
        assert_eq!(
            out.status,
            0,
            "{passes:?} fails on valid IR:\n{}",
            text(&out.stderr)
        );
        let again = run(&[], &out.stdout);
        assert_eq!(
            again.status,
            0,
            "the output of {passes:?} does not parse and verify:\n{}\n--- output was:\n{}",
            text(&again.stderr),
            text(&out.stdout)
        );
        if passes.last() == Some(&"--canonicalize") {
            let twice = run(&["--canonicalize"], &out.stdout);
            assert!(
                twice.status == 0 && twice.stdout == out.stdout,
                "--canonicalize is not at a fixed point after {passes:?}:\n--- first:\n{}\n--- second:\n{}{}",
                text(&out.stdout),
                text(&twice.stdout),
                text(&twice.stderr)
            );
        }
    }
    Corpus::Keep
});

//! Nested pipelines (`builtin.module(func.func(...))`) on the benchmark
//! files: `ods-opt` on all the machine's cores (the functions shared among
//! worker threads) prints what `ods-opt --mlir-disable-threading` prints
//! (the functions rewritten in place, one after another) and what
//! `mlir-opt-22` prints, byte for byte. A 1 MB file runs by default; the
//! 10 MB benchmark file (`gen_mlir.py 10 --form custom --seed 17`, the
//! one `docs/ir.md` times) with `--ignored`:
//!
//!     cargo test -p ods-tests --test nested_threads_mlir_opt -- --ignored
//!
//! (`transforms/tests/nested_threads.rs` forces 1, 2, 3 and 16 threads on
//! any machine; this one uses the machine's count, as the tool does.)

use ods_tests::{bench_file, find_mlir_opt, run_ods_opt, same_as_mlir_opt, DriverRun};

const PIPELINES: &[&str] = &[
    "--pass-pipeline=builtin.module(func.func(canonicalize,cse))",
    "--pass-pipeline=builtin.module(func.func(canonicalize))",
    "--pass-pipeline=builtin.module(func.func(cse))",
];

/// Each pipeline on `text`: threaded as unthreaded, and as `mlir-opt`.
fn check(size_mb: &str, seed: u32) {
    let Some(mlir_opt) = find_mlir_opt("nested pipelines on the benchmark files") else {
        return;
    };
    let Some(text) = bench_file(size_mb, seed) else {
        return;
    };
    let mut failures = Vec::new();
    for &pipeline in PIPELINES {
        let threaded = run_ods_opt(&[pipeline], &text);
        let one = run_ods_opt(&[pipeline, "--mlir-disable-threading"], &text);
        match (threaded, one) {
            (DriverRun::Finished(a), DriverRun::Finished(b)) => {
                assert_eq!(
                    a.status,
                    0,
                    "{pipeline}: {}",
                    String::from_utf8_lossy(&a.stderr)
                );
                if (a.stdout != b.stdout) || (a.stderr != b.stderr) {
                    failures.push(format!("{pipeline}: threads change the output"));
                }
            }
            _ => failures.push(format!("{pipeline}: ods-opt panicked")),
        }
        if let Err(e) = same_as_mlir_opt(&mlir_opt, &[pipeline], &text) {
            failures.push(format!("{pipeline}: {e}"));
        }
    }
    assert!(failures.is_empty(), "differences:\n{}", failures.join("\n"));
}

#[test]
fn nested_pipelines_on_a_benchmark_file_as_mlir_opt() {
    check("1", 3);
}

#[test]
#[ignore = "slow: the 10 MB benchmark file through both tools, three pipelines"]
fn nested_pipelines_on_the_10_mb_benchmark_file_as_mlir_opt() {
    check("10", 17);
}

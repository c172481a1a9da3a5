//! `--canonicalize` on the benchmark files against `mlir-opt-22`: the
//! files `../shared/bench/gen_mlir.py 10 --form custom --seed S` writes
//! (about 10 MB of func, arith and scf each) for seeds 17, 3 and 5, byte
//! for byte. Slow (each file through both tools), so ignored by default:
//!
//!     cargo test -p ods-tests --test canonicalize_bench_seeds -- --ignored
//!
//! The generator lives in the project's shared area, outside this
//! repository: `ODS_BENCH_GEN` names it, else `../shared/bench/gen_mlir.py`
//! from the repository root. Without it (or without `mlir-opt`) the test
//! says so and checks nothing.

use ods_tests::{bench_file, find_mlir_opt, same_as_mlir_opt};

const SEEDS: &[u32] = &[17, 3, 5];

#[test]
#[ignore = "slow: three 10 MB files through both tools"]
fn benchmark_files_canonicalize_as_mlir_opt() {
    let Some(mlir_opt) = find_mlir_opt("the benchmark files under --canonicalize") else {
        return;
    };
    let mut failures = Vec::new();
    for &seed in SEEDS {
        let Some(text) = bench_file("10", seed) else {
            return;
        };
        if let Err(e) = same_as_mlir_opt(&mlir_opt, &["--canonicalize"], &text) {
            failures.push(format!("seed {seed}: {e}"));
        }
    }
    assert!(failures.is_empty(), "differences:\n{}", failures.join("\n"));
}

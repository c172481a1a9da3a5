//! Arbitrary bytes as a whole input file through the `ods-opt` driver.
//! Properties: no panic; exit status 0 or 1, and 1 only with an `error:`
//! diagnostic; when the input is accepted, the printed output is accepted
//! again and prints identically (printing is a fixpoint of parsing).
#![no_main]

use dialects::driver::run;
use libfuzzer_sys::fuzz_target;

const ARGS: &[&str] = &["--allow-unregistered-dialect", "--mlir-print-op-generic"];

fuzz_target!(|data: &[u8]| {
    let first = run(ARGS, data);
    match first.status {
        0 => {}
        1 => {
            assert!(
                String::from_utf8_lossy(&first.stderr).contains("error:"),
                "exit 1 without an error diagnostic"
            );
            return;
        }
        other => panic!("unexpected exit status {other}"),
    }
    let second = run(ARGS, &first.stdout);
    assert_eq!(
        second.status,
        0,
        "ods-opt rejects its own output:\n{}\n--- output was:\n{}",
        String::from_utf8_lossy(&second.stderr),
        String::from_utf8_lossy(&first.stdout)
    );
    assert!(
        second.stdout == first.stdout,
        "printing is not a fixpoint:\n--- first:\n{}\n--- second:\n{}",
        String::from_utf8_lossy(&first.stdout),
        String::from_utf8_lossy(&second.stdout)
    );
});

//! The round-trip property the driver targets share: the bytes go through
//! `ods-opt` with `args`; no panic; exit status 0 or 1, and 1 only with an
//! `error:` diagnostic; when the input is accepted, the printed output is
//! accepted again and prints identically (printing is a fixpoint of
//! parsing).
//!
//! MLIR itself is not a fixpoint on a few inputs (it prints some f80/f128
//! values in decimal that its parser reads through f64), and we follow it.
//! So when the second print differs, the real `mlir-opt` (if installed; path
//! in `MLIR_OPT`) is asked: given our first output, it must print something
//! other than our second output for the input to count as a crash.

use std::io::Write as _;
use std::process::{Command, Stdio};

/// `ods-opt` over every dialect, in-process.
fn run(args: &[&str], stdin: &[u8]) -> ods_opt::Output {
    dialects::opt_tool().run(args, stdin)
}

/// Checks the round-trip property of `data` through `ods-opt args`.
pub fn check_roundtrip(args: &[&str], data: &[u8]) {
    let first = run(args, data);
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
    let second = run(args, &first.stdout);
    assert_eq!(
        second.status,
        0,
        "ods-opt rejects its own output:\n{}\n--- output was:\n{}",
        String::from_utf8_lossy(&second.stderr),
        String::from_utf8_lossy(&first.stdout)
    );
    assert!(
        second.stdout == first.stdout || mlir_opt_prints(args, &first.stdout, &second.stdout),
        "printing is not a fixpoint:\n--- first:\n{}\n--- second:\n{}",
        String::from_utf8_lossy(&first.stdout),
        String::from_utf8_lossy(&second.stdout)
    );
}

/// Whether `mlir-opt`, run on `input` with `args`, prints `expected`.
fn mlir_opt_prints(args: &[&str], input: &[u8], expected: &[u8]) -> bool {
    let path = std::env::var("MLIR_OPT").unwrap_or_else(|_| "/usr/lib/llvm-22/bin/mlir-opt".into());
    let Ok(mut child) = Command::new(path)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
    else {
        return false;
    };
    let mut stdin = child.stdin.take().expect("stdin was piped");
    let data = input.to_vec();
    let feeder = std::thread::spawn(move || {
        let _ = stdin.write_all(&data);
    });
    let out = child.wait_with_output();
    let _ = feeder.join();
    matches!(out, Ok(out) if out.status.success() && out.stdout == expected)
}

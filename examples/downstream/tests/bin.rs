//! `meter-opt` as a process, as a user runs it: a file argument, stdin,
//! pass flags, and the exit status and streams of an error.

use std::io::Write;
use std::process::{Command, Stdio};

fn meter_opt(args: &[&str], stdin: &str) -> (String, String, Option<i32>) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_meter-opt"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("meter-opt runs");
    child
        .stdin
        .take()
        .expect("a pipe")
        .write_all(stdin.as_bytes())
        .expect("stdin written");
    let out = child.wait_with_output().expect("meter-opt ends");
    (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
        out.status.code(),
    )
}

#[test]
fn reads_stdin_runs_passes_and_prints() {
    let (out, err, status) = meter_opt(
        &["--meter-normalize=unit=m", "--canonicalize"],
        "%0 = meter.reading 2.5 in km\n%1 = meter.convert %0 from km to m\nmeter.log %1 : f64\n",
    );
    assert_eq!((err.as_str(), status), ("", Some(0)));
    assert_eq!(
        out,
        "module {\n  %0 = meter.reading 2.500000e+03 in m\n  meter.log %0 : f64\n}\n\n"
    );
}

#[test]
fn an_error_is_status_1_with_the_diagnostic_on_stderr() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/lit/roundtrip.mlir");
    let (out, err, status) = meter_opt(&[path], "");
    assert_eq!((err.as_str(), status), ("", Some(0)));
    assert!(out.contains("meter.experiment \"timing\" {"), "{out}");
    let (out, err, status) = meter_opt(&[], "%0 = meter.reading 1.0 in furlong\n");
    assert_eq!((out.as_str(), status), ("", Some(1)));
    assert!(
        err.starts_with("<stdin>:1:6: error: 'meter.reading' op unknown unit 'furlong'"),
        "{err}"
    );
}

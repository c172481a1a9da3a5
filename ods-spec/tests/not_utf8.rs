//! Spec files that are not UTF-8: every way a spec is read (the
//! `ods-tblgen` command line, stdin, an include, a build script) reports the
//! first bad byte at its line and column, with the line shown.

use std::io::Write;
use std::process::{Command, Stdio};

/// `def A;` then a comment holding a Latin-1 `é` (0xE9) at line 2, col 7.
const LATIN1: &[u8] = b"def A;\n// caf\xe9\ndef B;\n";

fn scratch_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("ods-not-utf8-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn assert_reports_byte(stderr: &str, file: &str) {
    assert!(
        stderr.contains("error: spec file is not valid UTF-8 (byte 0xe9)"),
        "{stderr}"
    );
    assert!(stderr.contains(&format!("{file}:2:7")), "{stderr}");
    assert!(stderr.contains("^ invalid UTF-8 here"), "{stderr}");
}

#[test]
fn command_line_file_and_stdin() {
    let dir = scratch_dir("cli");
    let path = dir.join("latin1.ods");
    std::fs::write(&path, LATIN1).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_ods-tblgen"))
        .arg("--print-records")
        .arg(&path)
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert_reports_byte(&String::from_utf8_lossy(&out.stderr), "latin1.ods");

    let mut child = Command::new(env!("CARGO_BIN_EXE_ods-tblgen"))
        .arg("--print-records")
        .stdin(Stdio::piped())
        .stderr(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(LATIN1).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(!out.status.success());
    assert_reports_byte(&String::from_utf8_lossy(&out.stderr), "<stdin>");
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn included_file() {
    let dir = scratch_dir("include");
    std::fs::write(dir.join("latin1.ods"), LATIN1).unwrap();
    let main = dir.join("main.ods");
    let e = ods_spec::compile_bytes(
        &main.display().to_string(),
        b"include \"latin1.ods\"\ndef C;\n".to_vec(),
        &[],
    )
    .unwrap_err();
    assert_eq!(e.diagnostics.len(), 1, "{}", e.render());
    assert_reports_byte(&e.render(), "latin1.ods");
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn build_script() {
    let dir = scratch_dir("build");
    let spec = dir.join("latin1.ods");
    std::fs::write(&spec, LATIN1).unwrap();
    let (_, result) = ods_spec::build::Builder::new(&spec).out_dir(&dir).try_run();
    assert_reports_byte(&result.unwrap_err(), "latin1.ods");
    std::fs::remove_dir_all(dir).ok();
}

//! The RUN-line side: parsing, substitutions, pipelines, `not`, `2>&1`,
//! and whole files over a stand-in tool.

use super::*;

/// A stand-in opt tool: prints its input (the file named, else stdin)
/// upper-cased; `--fail` makes it fail with a message on stderr.
fn upper(args: &[&str], stdin: &[u8]) -> Output {
    let text = match args.iter().find(|a| !a.starts_with('-')) {
        Some(f) => std::fs::read(f).unwrap(),
        None => stdin.to_vec(),
    };
    if args.contains(&"--fail") {
        return Output {
            stdout: b"partial\n".to_vec(),
            stderr: b"error: boom\n".to_vec(),
            status: 1,
        };
    }
    Output {
        stdout: text.to_ascii_uppercase(),
        stderr: Vec::new(),
        status: 0,
    }
}

fn lit() -> Lit<'static> {
    Lit::new().tool("upper", upper)
}

/// A test file in a fresh directory.
fn file(name: &str, text: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ods-lit-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn run_lines_join_continuations() {
    let text = "// RUN: a %s \\\n// RUN:   | b\nx\n// RUN: c\n";
    assert_eq!(
        run_lines(text),
        vec![(1, "a %s | b".to_string()), (4, "c".to_string())]
    );
    assert!(run_lines("// XRUN: a\n").is_empty());
}

#[test]
fn substitutions() {
    let p = Path::new("/d/t.mlir");
    assert_eq!(substitute("x %s %S 100%%", p), "x /d/t.mlir /d 100%");
    assert_eq!(substitute("%s", Path::new("/a b/t.mlir")), "'/a b/t.mlir'");
    assert!(substitute("%t", p).ends_with("_d_t.mlir.tmp"));
    assert_ne!(
        substitute("%t", p),
        substitute("%t", Path::new("/e/t.mlir"))
    );
}

#[test]
fn pipelines_parse_like_a_shell() {
    let cmds =
        parse_pipeline("not upper 'a b' \"c\\\"d\" 2>&1 | FileCheck x --check-prefix=P").unwrap();
    assert_eq!(cmds.len(), 2);
    assert_eq!(cmds[0].nots, 1);
    assert_eq!(cmds[0].words, ["upper", "a b", "c\"d"]);
    assert!(cmds[0].merge_stderr);
    assert_eq!(cmds[1].words, ["FileCheck", "x", "--check-prefix=P"]);
    let cmds = parse_pipeline("upper < f").unwrap();
    assert_eq!(cmds[0].stdin_file.as_deref(), Some("f"));
    assert!(parse_pipeline("upper > f").is_err());
    assert!(parse_pipeline("upper && b").is_err());
    assert!(parse_pipeline("upper |").is_err());
    assert!(parse_pipeline("upper 'x").is_err());
}

#[test]
fn a_passing_file() {
    let f = file(
        "pass.mlir",
        "// RUN: upper %s | FileCheck %s\n// RUN: upper < %s | upper | FileCheck %s --check-prefix=AGAIN\nhello\n// CHECK: HELLO\n// AGAIN: // CHECK: HELLO\n",
    );
    assert_eq!(lit().run_file(&f), Ok(2));
}

#[test]
fn a_filecheck_failure_names_the_line_and_shows_the_report() {
    let f = file(
        "fail.mlir",
        "// RUN: upper %s | FileCheck %s\nhello\n// CHECK: goodbye\n",
    );
    let e = lit().run_file(&f).unwrap_err();
    assert_eq!(e.line, 1);
    assert!(e.command.starts_with("upper "), "{e}");
    assert!(
        e.message
            .contains("fail.mlir:3:11: error: CHECK: expected string not found in input"),
        "{e}"
    );
    assert!(
        e.message.contains("<stdin>:1:1: note: scanning from here"),
        "{e}"
    );
    assert!(e.to_string().starts_with("FAIL: "), "{e}");
}

#[test]
fn not_and_stderr() {
    // The tool fails: the line fails and shows its stderr.
    let f = file("status.mlir", "// RUN: upper --fail %s\n");
    let e = lit().run_file(&f).unwrap_err();
    assert!(e.message.contains("exited with status 1"), "{e}");
    assert!(e.message.contains("error: boom"), "{e}");
    // `not` expects the failure; `2>&1` checks the message.
    let f = file(
        "not.mlir",
        "// RUN: not upper --fail %s 2>&1 | FileCheck %s\n// CHECK: error: boom\n// CHECK-NEXT: partial\n",
    );
    assert_eq!(lit().run_file(&f), Ok(1));
    // Without 2>&1 the message is not in the pipe.
    let f = file(
        "nomerge.mlir",
        "// RUN: not upper --fail %s | FileCheck %s\n// CHECK: boom\n",
    );
    assert!(lit().run_file(&f).is_err());
    // `not` on a success fails.
    let f = file("notok.mlir", "// RUN: not upper %s\n");
    let e = lit().run_file(&f).unwrap_err();
    assert!(e.message.contains("succeeded under `not`"), "{e}");
}

#[test]
fn files_without_run_lines_or_with_unknown_tools_fail() {
    let f = file("norun.mlir", "// CHECK: x\n");
    assert!(lit()
        .run_file(&f)
        .unwrap_err()
        .message
        .contains("no 'RUN:' line"));
    let f = file("unknown.mlir", "// RUN: mlir-opt %s\n");
    assert!(lit()
        .run_file(&f)
        .unwrap_err()
        .message
        .contains("unknown command 'mlir-opt'"));
}

#[test]
fn filecheck_command_line() {
    let f = file("fc.mlir", "// A: one\n// B: two\n");
    let fpath = f.to_str().unwrap();
    assert_eq!(
        run_filecheck(&[fpath, "--check-prefixes=A,B"], b"one two\n").status,
        0
    );
    assert_eq!(
        run_filecheck(&[fpath, "-check-prefix", "B"], b"two\n").status,
        0
    );
    assert_eq!(
        run_filecheck(&[fpath, "--check-prefix=A"], b"two\n").status,
        1
    );
    assert_eq!(run_filecheck(&[fpath, "--bogus"], b"").status, 2);
    let d = file("defines.mlir", "// CHECK: [[V]]-[[W]]\n");
    let dpath = d.to_str().unwrap();
    assert_eq!(
        run_filecheck(&[dpath, "-DV=x", "-DW=y=z"], b"x-y=z\n").status,
        0
    );
    assert_eq!(
        run_filecheck(&[dpath, "-DV=x", "-DW=q"], b"x-y\n").status,
        1
    );
    assert_eq!(run_filecheck(&[dpath, "-DV"], b"x\n").status, 2);
    assert_eq!(run_filecheck(&[], b"").status, 2);
}

#[test]
fn a_directory_reports_each_failing_file() {
    let dir = std::env::temp_dir().join(format!("ods-lit-dir-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("sub")).unwrap();
    std::fs::write(
        dir.join("a.mlir"),
        "// RUN: upper %s | FileCheck %s\n// CHECK: A\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("sub/b.mlir"),
        "// RUN: upper %s | FileCheck %s\n// CHECK: nope\n",
    )
    .unwrap();
    std::fs::write(dir.join("c.txt"), "not a test").unwrap();
    let (count, failures) = lit().run_dir(&dir);
    assert_eq!(count, 2);
    assert_eq!(failures.len(), 1);
    assert!(failures[0].file.ends_with("sub/b.mlir"));
    let panic = std::panic::catch_unwind(|| lit().run_dir_or_panic(&dir)).unwrap_err();
    let msg = panic.downcast_ref::<String>().unwrap();
    assert!(msg.contains("1 of 2 lit tests failed"), "{msg}");
    assert!(msg.contains("sub/b.mlir"), "{msg}");
}

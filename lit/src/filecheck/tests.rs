//! One test per directive, each with inputs that must pass and inputs that
//! must fail with FileCheck's report.

use super::{check, Options};

fn fc(checks: &str, input: &str) -> Result<(), String> {
    check(checks, "t.mlir", input, "<stdin>", &Options::default())
}

fn fc_with(checks: &str, input: &str, opts: &Options) -> Result<(), String> {
    check(checks, "t.mlir", input, "<stdin>", opts)
}

fn prefixes(p: &[&str]) -> Options {
    Options {
        prefixes: p.iter().map(|s| s.to_string()).collect(),
        ..Options::default()
    }
}

#[track_caller]
fn fails_with(r: Result<(), String>, want: &str) {
    match r {
        Ok(()) => panic!("expected a failure containing {want:?}"),
        Err(e) => assert!(e.contains(want), "report:\n{e}\nmissing:\n{want}"),
    }
}

#[test]
fn check_finds_in_order() {
    assert_eq!(fc("// CHECK: foo\n// CHECK: bar\n", "foo\nbar\n"), Ok(()));
    assert_eq!(
        fc("// CHECK: foo\n// CHECK: bar\n", "x foo y bar\n"),
        Ok(())
    );
    // Order matters.
    fails_with(
        fc("// CHECK: bar\n// CHECK: foo\n", "foo\nbar\n"),
        "CHECK: expected string not found in input",
    );
}

#[test]
fn a_missing_string_is_reported_as_filecheck_does() {
    let r = fc("// CHECK: hello\n// CHECK: wrold\n", "hello\nworld\n");
    assert_eq!(
        r.unwrap_err(),
        "t.mlir:2:11: error: CHECK: expected string not found in input\n\
         // CHECK: wrold\n          ^\n\
         <stdin>:1:6: note: scanning from here\nhello\n     ^\n\
         <stdin>:2:1: note: possible intended match here\nworld\n^\n"
    );
}

#[test]
fn no_near_match_no_note() {
    let far = "// CHECK: nothing-in-this-pattern-looks-like-the-input-at-all-not-one-bit\n";
    let e = fc(far, "abc\n").unwrap_err();
    assert!(!e.contains("possible intended match"), "{e}");
}

#[test]
fn next_must_be_on_the_next_line() {
    assert_eq!(fc("// CHECK: a\n// CHECK-NEXT: b\n", "a\nb\n"), Ok(()));
    let e = fc("// CHECK: a\n// CHECK-NEXT: b\n", "a\nx\nb\n").unwrap_err();
    assert_eq!(
        e,
        "t.mlir:2:16: error: CHECK-NEXT: is not on the line after the previous match\n\
         // CHECK-NEXT: b\n               ^\n\
         <stdin>:3:1: note: 'next' match was here\nb\n^\n\
         <stdin>:1:2: note: previous match ended here\na\n ^\n\
         <stdin>:2:1: note: non-matching line after previous match is here\nx\n^\n"
    );
    fails_with(
        fc("// CHECK: a\n// CHECK-NEXT: b\n", "a b\n"),
        "CHECK-NEXT: is on the same line as previous match",
    );
    fails_with(
        fc("// CHECK-NEXT: b\n", "b\n"),
        "found 'CHECK-NEXT' without previous 'CHECK: line",
    );
}

#[test]
fn same_must_be_on_the_same_line() {
    assert_eq!(fc("// CHECK: a\n// CHECK-SAME: c\n", "a b c\n"), Ok(()));
    fails_with(
        fc("// CHECK: a\n// CHECK-SAME: c\n", "a b\nc\n"),
        "CHECK-SAME: is not on the same line as the previous match",
    );
}

#[test]
fn not_holds_between_matches() {
    assert_eq!(
        fc("// CHECK: a\n// CHECK-NOT: x\n// CHECK: b\n", "a\nb\nx\n"),
        Ok(())
    );
    let e = fc("// CHECK: a\n// CHECK-NOT: x\n// CHECK: b\n", "a\n x\nb\n").unwrap_err();
    assert_eq!(
        e,
        "t.mlir:2:15: error: CHECK-NOT: excluded string found in input\n\
         // CHECK-NOT: x\n              ^\n\
         <stdin>:2:2: note: found here\n x\n ^\n"
    );
    // A leading and a trailing NOT cover the start and the end of the input.
    fails_with(
        fc("// CHECK-NOT: x\n// CHECK: a\n", "x a\n"),
        "excluded string found",
    );
    fails_with(
        fc("// CHECK: a\n// CHECK-NOT: x\n", "a\nb x\n"),
        "excluded string found",
    );
    assert_eq!(fc("// CHECK-NOT: x\n", "abc\n"), Ok(()));
}

#[test]
fn dag_matches_in_any_order() {
    let checks = "// CHECK-DAG: b\n// CHECK-DAG: a\n// CHECK: c\n";
    assert_eq!(fc(checks, "a\nb\nc\n"), Ok(()));
    assert_eq!(fc(checks, "b\na\nc\n"), Ok(()));
    fails_with(fc(checks, "b\nc\na\n"), "CHECK: expected string not found");
    // Matches do not overlap: two DAGs need two occurrences.
    let twice = "// CHECK-DAG: x\n// CHECK-DAG: x\n";
    assert_eq!(fc(twice, "x\nx\n"), Ok(()));
    fails_with(fc(twice, "x\n"), "CHECK-DAG: expected string not found");
}

#[test]
fn not_between_dag_groups_is_a_barrier() {
    let checks = "// CHECK-DAG: a\n// CHECK-NOT: x\n// CHECK-DAG: b\n";
    assert_eq!(fc(checks, "a\nb\nx\n"), Ok(()));
    fails_with(fc(checks, "a\nx\nb\n"), "CHECK-NOT: excluded string found");
    // The second group starts after the first one.
    fails_with(fc(checks, "b\na\n"), "CHECK-DAG: expected string not found");
}

#[test]
fn labels_split_the_input() {
    let checks = "// CHECK-LABEL: func a\n// CHECK: ret\n// CHECK-LABEL: func b\n// CHECK: ret\n";
    assert_eq!(fc(checks, "func a\nret\nfunc b\nret\n"), Ok(()));
    // `ret` of `a` cannot be found in `b`'s block.
    let e = fc(checks, "func a\nfunc b\nret\n").unwrap_err();
    assert!(
        e.starts_with("t.mlir:2:11: error: CHECK: expected string not found in input"),
        "{e}"
    );
    // Each block is checked even after one fails: two errors.
    let checks2 = "// CHECK-LABEL: f1\n// CHECK: x\n// CHECK-LABEL: f2\n// CHECK: y\n";
    let e = fc(checks2, "f1\nf2\n").unwrap_err();
    assert_eq!(e.matches("expected string not found").count(), 2, "{e}");
    fails_with(
        fc("// CHECK-LABEL: nope\n", "abc\n"),
        "CHECK-LABEL: expected string not found",
    );
    fails_with(
        fc("// CHECK-LABEL: [[X:a]]\n", "a\n"),
        "CHECK-LABEL directives cannot contain variable definitions or uses",
    );
}

#[test]
fn empty_checks_the_next_line_is_empty() {
    assert_eq!(
        fc(
            "// CHECK: a\n// CHECK-EMPTY:\n// CHECK-NEXT: b\n",
            "a\n\nb\n"
        ),
        Ok(())
    );
    fails_with(
        fc("// CHECK: a\n// CHECK-EMPTY:\n", "a\nb\n\n"),
        "CHECK-EMPTY: is not on the line after the previous match",
    );
    fails_with(
        fc("// CHECK: a\n// CHECK-EMPTY: x\n", "a\n\n"),
        "found non-empty check string for empty check",
    );
}

#[test]
fn variables_capture_and_substitute() {
    let checks = "// CHECK: %[[V:[0-9]+]] = def\n// CHECK: use %[[V]]\n";
    assert_eq!(fc(checks, "%7 = def\nuse %7\n"), Ok(()));
    let e = fc(checks, "%7 = def\nuse %8\n").unwrap_err();
    assert!(e.contains("note: with \"V\" equal to \"7\""), "{e}");
    // A value is matched literally, not as a regex.
    assert_eq!(
        fc("// CHECK: [[X:a.c]]\n// CHECK: [[X]]!\n", "a.c\na.c!\n"),
        Ok(())
    );
    fails_with(
        fc("// CHECK: [[X:a.c]]\n// CHECK: [[X]]!\n", "a.c\nabc!\n"),
        "expected string not found",
    );
    fails_with(
        fc("// CHECK: [[NOPE]]\n", "x\n"),
        "uses undefined variable(s): \"NOPE\"",
    );
    // A use on the line that defines it: the same text again.
    let same_line = "// CHECK: op [[R:r[0-9]+]], [[R]]\n";
    assert_eq!(fc(same_line, "op r1, r2\nop r3, r3\n"), Ok(()));
    fails_with(fc(same_line, "op r1, r2\n"), "expected string not found");
    // ... and later lines see the value the line captured.
    let later = "// CHECK: [[R:r[0-9]+]] = [[R]]\n// CHECK: use [[R]]\n";
    assert_eq!(fc(later, "r1 = r2\nr4 = r4\nuse r4\n"), Ok(()));
}

#[test]
fn var_scope_clears_local_variables_at_labels() {
    let checks = "// CHECK-LABEL: one\n// CHECK: [[L:x+]] [[$G:y+]]\n// CHECK-LABEL: two\n// CHECK: [[$G]] [[L]]\n";
    let input = "one\nxx yy\ntwo\nyy xx\n";
    assert_eq!(fc(checks, input), Ok(()));
    let scoped = Options {
        enable_var_scope: true,
        ..Options::default()
    };
    fails_with(
        fc_with(checks, input, &scoped),
        "uses undefined variable(s): \"L\"",
    );
}

#[test]
fn regexes_and_line_numbers() {
    assert_eq!(fc("// CHECK: a{{[0-9]+}}b\n", "xa123b\n"), Ok(()));
    fails_with(
        fc("// CHECK: a{{[0-9]+}}b\n", "xab\n"),
        "expected string not found",
    );
    // `^` matches where the search starts, `$` at the end of a line.
    assert_eq!(fc("// CHECK: {{^}}abc{{$}}\n", "abc\n"), Ok(()));
    fails_with(
        fc("// CHECK: {{^}}bc{{$}}\n", "x\nabc\n"),
        "expected string not found",
    );
    assert_eq!(
        fc(
            "// CHECK: line [[@LINE]]\n// CHECK: line [[@LINE-1]]\n",
            "line 1\nline 1\n"
        ),
        Ok(())
    );
    fails_with(fc("// CHECK: {{(}}\n", "x\n"), "invalid regex");
    fails_with(
        fc("// CHECK: {{a\n", "x\n"),
        "found start of regex string with no end '}}'",
    );
}

#[test]
fn whitespace_is_canonical_unless_strict() {
    assert_eq!(fc("// CHECK:   a   b  \n", "a \t b\n"), Ok(()));
    let strict = Options {
        strict_whitespace: true,
        ..Options::default()
    };
    fails_with(
        fc_with("// CHECK: a b\n", "a  b\n", &strict),
        "expected string not found",
    );
}

#[test]
fn prefixes_choose_directives() {
    let checks = "// CHECK: a\n// FOO: b\n// BAR: c\n";
    assert_eq!(fc_with(checks, "b\n", &prefixes(&["FOO"])), Ok(()));
    assert_eq!(fc_with(checks, "b c\n", &prefixes(&["FOO", "BAR"])), Ok(()));
    fails_with(
        fc_with(checks, "c b\n", &prefixes(&["FOO", "BAR"])),
        "BAR: expected string not found",
    );
    fails_with(
        fc_with(checks, "x\n", &prefixes(&["BAZ"])),
        "error: no check strings found with prefix 'BAZ:'",
    );
    // A prefix inside a longer word is not a directive.
    fails_with(
        fc("// XCHECK: a\n", "a\n"),
        "no check strings found with prefix 'CHECK:'",
    );
    fails_with(fc("// CHECK-OOPS: a\n", "a\n"), "no check strings found");
    fails_with(
        fc_with("x\n", "x\n", &prefixes(&["1X"])),
        "supplied check prefix must start with a letter",
    );
}

#[test]
fn count_and_literal() {
    assert_eq!(fc("// CHECK-COUNT-3: x\n", "x x\nx\n"), Ok(()));
    fails_with(
        fc("// CHECK-COUNT-3: x\n", "x x\n"),
        "expected string not found in input (3 out of 3)",
    );
    assert_eq!(fc("// CHECK{LITERAL}: {{x}}\n", "{{x}}\n"), Ok(()));
}

#[test]
fn empty_input_and_empty_patterns() {
    fails_with(
        fc("// CHECK: a\n", ""),
        "FileCheck error: '<stdin>' is empty.",
    );
    let allow = Options {
        allow_empty: true,
        ..Options::default()
    };
    assert_eq!(fc_with("// CHECK-NOT: a\n", "", &allow), Ok(()));
    fails_with(
        fc("// CHECK:\n", "a\n"),
        "found empty check string with prefix 'CHECK:'",
    );
}

#[test]
fn implicit_check_not() {
    let opts = Options {
        implicit_check_not: vec!["error".into()],
        ..Options::default()
    };
    assert_eq!(fc_with("// CHECK: a\n", "a\nb\n", &opts), Ok(()));
    fails_with(
        fc_with("// CHECK: a\n", "a\nerror\n", &opts),
        "excluded string found",
    );
}

#[test]
fn dag_examples_of_the_filecheck_manual() {
    // A definition may match after its use within one DAG group.
    let checks = "; CHECK-DAG: vmov.32 [[REG2:d[0-9]+]][0]\n; CHECK-DAG: vmov.32 [[REG2]][1]\n";
    assert_eq!(fc(checks, "vmov.32 d0[1]\nvmov.32 d0[0]\n"), Ok(()));
    fails_with(
        fc(checks, "vmov.32 d1[1]\nvmov.32 d0[0]\n"),
        "CHECK-DAG: expected string not found",
    );
    // Identical DAG patterns match distinct lines.
    let tasks = "// CHECK-DAG: [[T:[0-9]+]]: task_begin\n// CHECK-DAG: [[T]]: task_end\n\
                 // CHECK-DAG: [[T:[0-9]+]]: task_begin\n// CHECK-DAG: [[T]]: task_end\n";
    assert_eq!(
        fc(
            tasks,
            "1: task_begin\n2: task_begin\n2: task_end\n1: task_end\n"
        ),
        Ok(())
    );
    fails_with(
        fc(tasks, "1: task_begin\n1: task_end\n"),
        "CHECK-DAG: expected string not found",
    );
}

#[test]
fn comment_prefixes_hide_directives() {
    assert_eq!(fc("// COM: CHECK: missing\n// CHECK: a\n", "a\n"), Ok(()));
    assert_eq!(
        fc(
            "// RUN: tool | FileCheck %s --check-prefix=CHECK: x\n// CHECK: a\n",
            "a\n"
        ),
        Ok(())
    );
    // A directive before the comment prefix still counts.
    fails_with(
        fc("// CHECK: b COM: c\n", "a\n"),
        "expected string not found",
    );
    fails_with(
        fc_with("// A: a\n", "a\n", &prefixes(&["A", "A"])),
        "supplied check prefix must be unique among check and comment prefixes: 'A'",
    );
}

#[test]
fn text_that_is_not_ascii() {
    assert_eq!(
        fc(
            "// CHECK: \"µs\" = [[V:.*]]\n// CHECK: use [[V]]\n",
            "\"µs\" = é\nuse é\n"
        ),
        Ok(())
    );
    // The near match is found and shown on a character boundary.
    let e = fc("// CHECK: héllo wörld!\n", "ééé\nhéllo wörld?\n").unwrap_err();
    assert!(
        e.contains("<stdin>:2:1: note: possible intended match here"),
        "{e}"
    );
    // The nearest bytes start inside `é` (a continuation byte): the note
    // goes to the next character.
    let e = fc("// CHECK: zab\n", "éab\n").unwrap_err();
    assert!(
        e.contains("<stdin>:1:3: note: possible intended match here"),
        "{e}"
    );
}

#[test]
fn full_lines_case_and_defines() {
    let full = Options {
        match_full_lines: true,
        ..Options::default()
    };
    assert_eq!(fc_with("// CHECK: a b\n", "  a b \nxcx\n", &full), Ok(()));
    // NOT is not anchored: `c` inside a line is found.
    fails_with(
        fc_with("// CHECK: a b\n// CHECK-NOT: c\n", "  a b \nxcx\n", &full),
        "CHECK-NOT: excluded string found",
    );
    fails_with(
        fc_with("// CHECK: a b\n", "a b c\n", &full),
        "expected string not found",
    );
    let strict_full = Options {
        strict_whitespace: true,
        ..full
    };
    fails_with(
        fc_with("// CHECK: a b\n", " a b\n", &strict_full),
        "expected string not found",
    );
    let nocase = Options {
        ignore_case: true,
        ..Options::default()
    };
    assert_eq!(fc_with("// CHECK: Hello\n", "HELLO\n", &nocase), Ok(()));
    fails_with(
        fc("// CHECK: Hello\n", "HELLO\n"),
        "expected string not found",
    );
    let defined = Options {
        defines: vec![("N".into(), "3".into())],
        ..Options::default()
    };
    assert_eq!(
        fc_with("// CHECK: size [[N]]\n", "size 3\n", &defined),
        Ok(())
    );
    fails_with(
        fc_with("// CHECK: size [[N]]\n", "size 4\n", &defined),
        "with \"N\" equal to \"3\"",
    );
}

//! Source lines with tabs in diagnostics, against `mlir-opt-22`: LLVM's
//! `SourceMgr` expands each tab to the next multiple of 8 columns in the
//! quoted line and in the caret line under it, so the caret points at
//! the right character whatever the terminal's tab width. And where
//! it shows no caret line (a line with a byte past ASCII) or no line at
//! all (a location's column 0 or past its line's end, which its
//! `FindLocForLineAndColumn` does not find).

use ods_tests::{describe_difference, find_mlir_opt, ods_opt_on, run_tool};

/// Inputs whose first error (and note) is on a line with tabs: before
/// the op, inside it, before and after the caret, and the caret at the
/// end of a line.
const CASES: &[&str] = &[
    "func.func @f() {\n\t%0 = \"foo.x\"()\t: () -> (i32, \tbadtype)\n  return\n}\n",
    "func.func @f() {\n  %0 = arith.constant\t1 : i32\n\t\t  %1 = arith.addi %0, %0\t: i64\n  return\n}\n",
    "func.func @f() {\n\treturn\t\n}\n\t%x = \t\n",
    "func.func @f() {\n \t \t%0 = arith.constant 1 :\ti32\t\n\t  \"foo.y\"(%0) : (i64) -> ()\n  return\n}\n",
    "\tfunc.func @f(%a:\ti32) {\n\t\treturn %a\t: i32\n\t}\n",
    "\t\t\t\t\t\t\t\t\t\t%x\n",
];

#[test]
fn tabs_in_quoted_lines_expand_as_mlir_opts() {
    let Some(mlir_opt) = find_mlir_opt("tabs in diagnostics") else {
        return;
    };
    let args = ["--allow-unregistered-dialect"];
    let mut failures = Vec::new();
    for input in CASES {
        let theirs = run_tool(&mlir_opt, &args, input.as_bytes());
        let ours = ods_opt_on(&args, input);
        assert_ne!(
            theirs.status, 0,
            "mlir-opt accepts {input:?}: the case is wrong"
        );
        assert!(
            theirs.stderr.contains(&b'\n') && input.contains('\t'),
            "{input:?}"
        );
        if theirs.stderr != ours.stderr || theirs.status != ours.status {
            failures.push(format!(
                "{input:?}: {}",
                describe_difference(&theirs.stderr, &ours.stderr)
            ));
        }
    }
    assert!(failures.is_empty(), "differences:\n{}", failures.join("\n"));
}

/// A location of the input at each column of a line, given by `loc(...)`
/// (the op fails to verify there): the end of the line and one past it
/// show the line; further, or column 0, show none. Line 2 has a tab and
/// a byte past ASCII, line 3 a tab only.
#[test]
fn odd_places_show_lines_as_mlir_opts() {
    let Some(mlir_opt) = find_mlir_opt("odd places in diagnostics") else {
        return;
    };
    let args = ["--allow-unregistered-dialect"];
    let mut failures = Vec::new();
    for line in [2, 3] {
        for col in [0, 1, 3, 40, 41, 42, 43, 60] {
            let input = format!(
                "func.func @f() {{\n\t%0 = \"test.x\"() {{s = \"é\"}} : () -> i32\n\t%1 = \"test.y\"() {{s = \"ab\"}} : () -> i32\n  %2 = \"arith.constant\"() {{value = 1 : i32}} : () -> i64 loc(\"<stdin>\":{line}:{col})\n  return\n}}\n"
            );
            let theirs = run_tool(&mlir_opt, &args, input.as_bytes());
            let ours = ods_opt_on(&args, &input);
            assert_ne!(theirs.status, 0, "mlir-opt accepts {input:?}");
            if theirs.stderr != ours.stderr || theirs.status != ours.status {
                failures.push(format!(
                    "{line}:{col}: {}",
                    describe_difference(&theirs.stderr, &ours.stderr)
                ));
            }
        }
    }
    assert!(failures.is_empty(), "differences:\n{}", failures.join("\n"));
}

//! `FunctionOpInterface`'s signature edits through upstream's test passes
//! (`--test-func-insert-arg`, `--test-func-insert-result`,
//! `--test-func-erase-arg`, `--test-func-erase-result`,
//! `--test-func-set-type`) against `mlir-opt-22`
//! (`tests/corpus/func-interface/`): each file with the flags of its
//! `// ARGS:` line, in the custom form, the generic form (where the
//! `arg_attrs`/`res_attrs` arrays show) and with locations (where the
//! inserted arguments' show), byte for byte (stdout, stderr, status),
//! error cases included. The inputs on which `mlir-opt-22` crashes (an
//! erased argument still used, insertion indices out of range or order)
//! are checked against our own expected diagnostics.

use ods_tests::{
    corpus_files, corpus_matches_mlir_opt_in_three_forms, find_mlir_opt, ods_opt_on,
    same_as_mlir_opt,
};

#[test]
fn func_interface_edits_match_mlir_opt() {
    corpus_matches_mlir_opt_in_three_forms("the FunctionOpInterface corpus", "func-interface", 6);
}

/// Each pass has a file, and each file's passes change the IR: run
/// without `mlir-opt`, so the corpus cannot pass by printing its input.
#[test]
fn every_pass_has_a_file_that_it_changes() {
    let files = corpus_files("func-interface");
    for pass in [
        "test-func-insert-arg",
        "test-func-insert-result",
        "test-func-erase-arg",
        "test-func-erase-result",
        "test-func-set-type",
    ] {
        let flag = format!("--{pass}");
        let file = files
            .iter()
            .find(|f| f.args(&[]).contains(&flag.as_str()))
            .unwrap_or_else(|| panic!("no file runs {flag}"));
        let text = std::str::from_utf8(&file.text).unwrap();
        let split = ["--split-input-file"];
        let plain = ods_opt_on(&split, text);
        let passed = ods_opt_on(&[&flag, "--split-input-file"], text);
        assert_ne!(
            plain.stdout, passed.stdout,
            "{}: {flag} changes nothing",
            file.name
        );
    }
}

/// The pass names in IR dumps and in the nesting error, as upstream's
/// `PassWrapper` classes give them.
#[test]
fn pass_names_match_mlir_opt() {
    let Some(mlir_opt) = find_mlir_opt("the test-func pass names") else {
        return;
    };
    let input = b"func.func private @f(i32 {test.erase_this_arg}) attributes {test.insert_args = [[0, i1]]}\n";
    let cases: &[&[&str]] = &[
        &[
            "--test-func-insert-arg",
            "--test-func-erase-arg",
            "--mlir-print-ir-after-all",
        ],
        &[
            "--test-func-set-type",
            "--test-func-erase-result",
            "--test-func-insert-result",
            "--mlir-print-ir-before-all",
        ],
        &["--pass-pipeline=builtin.module(func.func(test-func-insert-arg))"],
        &["--pass-pipeline=builtin.module(func.func(test-func-set-type))"],
    ];
    let mut failures = Vec::new();
    for args in cases {
        if let Err(e) = same_as_mlir_opt(&mlir_opt, args, input) {
            failures.push(format!("{}: {e}", args.join(" ")));
        }
    }
    assert!(failures.is_empty(), "differences:\n{}", failures.join("\n"));
}

/// Inputs `mlir-opt-22` crashes on, with what `ods-opt` reports: an
/// erased argument still used (upstream's later pass reports each), and
/// insertions the interface refuses (out of range, out of order, an entry
/// of the wrong shape) or a `test.set_type_from` naming no function.
#[test]
fn refused_edits_are_reported() {
    let cases: &[(&str, &str, &str)] = &[
        (
            "--test-func-erase-arg",
            "func.func @f(%a: f32 {test.erase_this_arg}, %b: f32, %c: f32 {test.erase_this_arg}) -> (f32, f32) {\n  return %a, %c : f32, f32\n}\n",
            "<stdin>:1:1: error: cannot erase argument 0 which still has uses\n\
             func.func @f(%a: f32 {test.erase_this_arg}, %b: f32, %c: f32 {test.erase_this_arg}) -> (f32, f32) {\n\
             ^\n\
             <stdin>:1:1: error: cannot erase argument 2 which still has uses\n\
             func.func @f(%a: f32 {test.erase_this_arg}, %b: f32, %c: f32 {test.erase_this_arg}) -> (f32, f32) {\n\
             ^\n",
        ),
        (
            "--test-func-insert-arg",
            "func.func @f() attributes {test.insert_args = [[0, i1], [1, i2]]} {\n  return\n}\n",
            "<stdin>:1:1: error: failed to insert arguments\n\
             func.func @f() attributes {test.insert_args = [[0, i1], [1, i2]]} {\n\
             ^\n",
        ),
        (
            "--test-func-insert-arg",
            "func.func private @f(i1) attributes {test.insert_args = [[1, i2], [0, i3]]}\n",
            "<stdin>:1:1: error: failed to insert arguments\n\
             func.func private @f(i1) attributes {test.insert_args = [[1, i2], [0, i3]]}\n\
             ^\n",
        ),
        (
            "--test-func-insert-arg",
            "func.func private @f(i1) attributes {test.insert_args = [[-1, i2]]}\n",
            "<stdin>:1:1: error: failed to insert arguments\n\
             func.func private @f(i1) attributes {test.insert_args = [[-1, i2]]}\n\
             ^\n",
        ),
        (
            "--test-func-insert-result",
            "func.func private @f() -> i1 attributes {test.insert_results = [[0, i2, 5]]}\n",
            "<stdin>:1:1: error: failed to insert results\n\
             func.func private @f() -> i1 attributes {test.insert_results = [[0, i2, 5]]}\n\
             ^\n",
        ),
        (
            "--test-func-insert-result",
            "func.func private @f() -> i1 attributes {test.insert_results = [[2, i2]]}\n",
            "<stdin>:1:1: error: failed to insert results\n\
             func.func private @f() -> i1 attributes {test.insert_results = [[2, i2]]}\n\
             ^\n",
        ),
        (
            "--test-func-set-type",
            "func.func private @f() attributes {test.set_type_from = @nowhere}\n",
            "<stdin>:1:1: error: failed to set the function type\n\
             func.func private @f() attributes {test.set_type_from = @nowhere}\n\
             ^\n",
        ),
    ];
    let mut failures = Vec::new();
    for (flag, input, expected) in cases {
        let out = ods_opt_on(&[flag], input);
        if out.status != 1 || out.stderr_text() != *expected || !out.stdout.is_empty() {
            failures.push(format!(
                "{flag} on\n{input}gave status {} and\n{}",
                out.status,
                out.stderr_text()
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

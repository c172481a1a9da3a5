//! Attributes and types of upstream dialects defined in `.ods` (ported
//! from their upstream `.td`, `dialects/ods/`): the corpus
//! `tests/corpus/upstream-defs/` (split into chunks, the values on
//! unregistered ops, malformed chunks included) read and printed by
//! `ods-opt` exactly as `mlir-opt` 22 does: stdout, stderr (every error,
//! note and caret) and exit status, in the custom and the generic form.
//! Ops of those dialects that we do not define yet are unregistered ops
//! of a registered dialect, as in `mlir-opt` (chunks `"gpu.foo"()`, ...).
//!
//! Without `mlir-opt` the comparison is skipped with a printed line; the
//! corpus still runs through `ods-opt`, which must not panic and must
//! read back what it printed.

use ods_tests::{
    corpus_files, describe_difference, find_mlir_opt, run_ods_opt, run_tool, DriverRun,
};

const SUITE: &str = "upstream-defs";

fn ods_opt(args: &[&str], input: &[u8], name: &str) -> ods_tests::ToolOutput {
    match run_ods_opt(args, input) {
        DriverRun::Finished(out) => out,
        DriverRun::Panicked(msg) => panic!("ods-opt panicked on {name}: {msg}"),
    }
}

#[test]
fn upstream_definitions_read_and_print_as_mlir_opt() {
    let mlir_opt = find_mlir_opt("the upstream-definitions corpus against mlir-opt");
    let mut compared = 0;
    for file in corpus_files(SUITE) {
        for form in [&[][..], &["--mlir-print-op-generic"][..]] {
            let mut args = vec!["--allow-unregistered-dialect", "--split-input-file"];
            args.extend_from_slice(form);
            let ours = ods_opt(&args, &file.text, &file.name);
            let Some(mlir_opt) = &mlir_opt else {
                // The first chunk (every file's well-formed values) must
                // read back. (Not always to the same text: like mlir-opt,
                // `#complex.number` reads a printed hex f32 as a double's
                // bits.)
                let text = String::from_utf8_lossy(&ours.stdout).into_owned();
                let first = text.split("// -----").next().unwrap_or_default();
                let mut plain = vec!["--allow-unregistered-dialect"];
                plain.extend_from_slice(form);
                let again = ods_opt(&plain, first.as_bytes(), &file.name);
                assert_eq!(
                    (again.status, again.stderr_text()),
                    (0, String::new()),
                    "{}: ods-opt does not read back its output",
                    file.name
                );
                continue;
            };
            let theirs = run_tool(mlir_opt, &args, &file.text);
            assert_eq!(
                ours.stderr_text(),
                theirs.stderr_text(),
                "{} {form:?}: stderr differs",
                file.name
            );
            assert!(
                ours.stdout == theirs.stdout,
                "{} {form:?}: {}",
                file.name,
                describe_difference(&theirs.stdout, &ours.stdout)
            );
            assert_eq!(
                ours.status, theirs.status,
                "{} {form:?}: exit status",
                file.name
            );
            compared += 1;
        }
    }
    if mlir_opt.is_some() {
        println!("{compared} runs of the {SUITE} corpus equal to mlir-opt's");
    }
}

/// An op we do not define, in each dialect registered for its attributes
/// and types, without `--allow-unregistered-dialect` (with it, the corpus
/// above covers them): an unregistered op of a registered dialect, as in
/// `mlir-opt`, except in the LLVM and `test` dialects, which allow unknown
/// ops (upstream's `test` dialect does, so `mlir-opt` takes invented
/// `test.*` ops without a flag).
const UNKNOWN_OPS: &[(&str, &str)] = &[
    (
        "\"gpu.foo\"() : () -> ()\n",
        "1:1: error: unregistered operation 'gpu.foo' found in dialect ('gpu') that does not allow unknown operations",
    ),
    (
        "\"async.foo\"() : () -> ()\n",
        "1:1: error: unregistered operation 'async.foo' found in dialect ('async') that does not allow unknown operations",
    ),
    (
        "\"pdl.foo\"() : () -> ()\n",
        "1:1: error: unregistered operation 'pdl.foo' found in dialect ('pdl') that does not allow unknown operations",
    ),
    (
        "\"ub.foo\"() : () -> ()\n",
        "1:1: error: unregistered operation 'ub.foo' found in dialect ('ub') that does not allow unknown operations",
    ),
    (
        "\"complex.foo\"() : () -> ()\n",
        "1:1: error: unregistered operation 'complex.foo' found in dialect ('complex') that does not allow unknown operations",
    ),
    ("\"llvm.foo\"() : () -> ()\n", ""),
    ("\"test.source\"() : () -> i32\n", ""),
    (
        "\"x.op\"() : () -> !gpu.async.token\n",
        "1:7: error: operation being parsed with an unregistered dialect. If this is intended, please use -allow-unregistered-dialect with the MLIR tool used",
    ),
];

#[test]
fn unknown_ops_of_registered_dialects_are_handled_as_mlir_opt_does() {
    ods_tests::check_first_diagnostics(&[], UNKNOWN_OPS);
    ods_tests::compare_with_mlir_opt(&[], UNKNOWN_OPS, "unknown ops of registered dialects");
}

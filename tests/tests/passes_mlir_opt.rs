//! The passes of `ods-opt` against `mlir-opt-22` (`tests/corpus/passes/`):
//! `--cse`, `--inline`, `--loop-invariant-code-motion`, `--symbol-dce`, several pass
//! flags in order and `--pass-pipeline`, each file with the flags of its
//! `// ARGS:` line, in the custom form, the generic form and with
//! locations, byte for byte (stdout, stderr, status); and the pipeline
//! errors (unknown passes, bad nesting, a pass restricted to another op,
//! options) worded alike.

use ods_tests::{
    corpus_files, corpus_matches_mlir_opt_in_three_forms, find_mlir_opt, ods_opt_on,
    same_as_mlir_opt,
};

#[test]
fn passes_match_mlir_opt() {
    corpus_matches_mlir_opt_in_three_forms("the passes corpus", "passes", 5);
}

/// Whether a flag runs a pass (what the comparison below leaves out).
fn is_pass_flag(arg: &str) -> bool {
    let name = arg.trim_start_matches('-');
    let name = name.split_once('=').map_or(name, |(n, _)| n);
    name == "pass-pipeline" || dialects::opt_tool().passes().get(name).is_some()
}

/// Every file's passes change it (a corpus the passes leave alone would
/// pass the comparison trivially).
#[test]
fn every_passes_file_changes_the_ir() {
    for file in corpus_files("passes") {
        let text = std::str::from_utf8(&file.text).unwrap();
        let args = file.args(&[]);
        let without: Vec<&str> = args.iter().copied().filter(|a| !is_pass_flag(a)).collect();
        assert_ne!(without.len(), args.len(), "{} runs no pass", file.name);
        let plain = ods_opt_on(&without, text);
        let passed = ods_opt_on(&args, text);
        assert_eq!(passed.status, 0, "{}: {}", file.name, passed.stderr_text());
        assert_ne!(
            plain.stdout, passed.stdout,
            "{}: the passes change nothing",
            file.name
        );
    }
}

/// Inputs for the error cases: a module with a private function and an
/// unregistered op with a region (which symbol-dce cannot see into), and
/// a split input whose last chunk does not parse.
const SMALL: &str = "func.func private @a() {\n  return\n}\n\"t.region\"() ({\n  \"t.inner\"() {ref = @a} : () -> ()\n}) : () -> ()\n";
/// A call to a private function, for `--inline`'s errors (the unregistered
/// region of `SMALL` makes `mlir-opt-22`'s inliner crash).
const CALL: &str =
    "func.func private @a() {\n  return\n}\nfunc.func @b() {\n  call @a() : () -> ()\n  return\n}\n";
const SPLIT: &str =
    "func.func @a() {\n  return\n}\n// -----\nfunc.func @b() {\n  return\n}\n// -----\nbad\n";

#[test]
fn pipeline_errors_match_mlir_opt() {
    let Some(mlir_opt) = find_mlir_opt("the pass pipeline errors") else {
        return;
    };
    let cases: &[(&[&str], &str)] = &[
        (&["--symbol-dce"], SMALL),
        // The pass's error note shows locations as the driver's flag says.
        (&["--symbol-dce", "--mlir-print-debuginfo"], SMALL),
        (
            &["--pass-pipeline=builtin.module(func.func(symbol-dce))"],
            SMALL,
        ),
        (&["--pass-pipeline=func.func(cse)"], SMALL),
        (&["--pass-pipeline=builtin.module(cse,foo)"], SMALL),
        (
            &["--pass-pipeline=builtin.module(func.func(cse,bar))"],
            SMALL,
        ),
        (&["--pass-pipeline=cse"], SMALL),
        (&["--pass-pipeline=builtin.module(cse))"], SMALL),
        (&["--pass-pipeline=builtin.module(func.func(cse)"], SMALL),
        (&["--pass-pipeline=builtin.module(cse,,cse)"], SMALL),
        (&["--pass-pipeline=builtin.module(cse{)"], SMALL),
        (&["--pass-pipeline=builtin.module(cse(cse)x)"], SMALL),
        (&["--pass-pipeline=builtin.module(cse{foo=1})"], SMALL),
        (
            &["--pass-pipeline=builtin.module(any(cse),func.func(cse))"],
            SMALL,
        ),
        (&["--pass-pipeline=builtin.module()"], SMALL),
        (&["--cse", "--pass-pipeline=builtin.module(cse)"], SMALL),
        (&["--cse=false"], SMALL),
        (&["--pass-pipeline=builtin.module(func.func(inline))"], SMALL),
        (
            &["--pass-pipeline=builtin.module(inline{op-pipelines=func.func(foo)})"],
            CALL,
        ),
        (
            &["--pass-pipeline=builtin.module(inline{op-pipelines=foo})"],
            CALL,
        ),
        (&["--inline=max-iterations=0x10 inlining-threshold=010"], CALL),
        (&["--pass-pipeline=builtin.module(inline{bogus=1})"], CALL),
        (
            &["--pass-pipeline=builtin.module(inline{op-pipelines=func.func(cse),builtin.module(cse)})"],
            CALL,
        ),
        (&["--canonicalize=max-iterations=1"], SMALL),
        // A pass restricted to one op (upstream's `OperationPass<FuncOp>`,
        // `Pass<"...", "ModuleOp">`) goes only in a pipeline on that op.
        (&["--pass-pipeline=builtin.module(affine-scalrep)"], CALL),
        (
            &["--pass-pipeline=builtin.module(func.func(convert-func-to-llvm{index-bitwidth=32}))"],
            CALL,
        ),
        (
            &["--pass-pipeline=builtin.module(func.func(finalize-memref-to-llvm))"],
            CALL,
        ),
        (
            &["--pass-pipeline=builtin.module(func.func(affine-scalrep),convert-cf-to-llvm)"],
            CALL,
        ),
        (&["--pass-pipeline=builtin.module(any(affine-scalrep))"], CALL),
        (&["--affine-scalrep"], CALL),
        (
            &["--split-input-file", "--pass-pipeline=builtin.module(foo)"],
            SPLIT,
        ),
        (
            &["--split-input-file", "--pass-pipeline=func.func(cse)"],
            SPLIT,
        ),
        (
            &[
                "--split-input-file",
                "--verify-diagnostics",
                "--pass-pipeline=builtin.module(foo)",
            ],
            SPLIT,
        ),
    ];
    let mut failures = Vec::new();
    for (args, input) in cases {
        let mut args = args.to_vec();
        args.push("--allow-unregistered-dialect");
        if let Err(e) = same_as_mlir_opt(&mlir_opt, &args, input.as_bytes()) {
            failures.push(format!("{}: {e}", args.join(" ")));
        }
    }
    assert!(failures.is_empty(), "differences:\n{}", failures.join("\n"));
}

/// `--help` lists every pass with `mlir-opt`'s summary.
#[test]
fn help_lists_the_passes() {
    let help = ods_opt_on(&["--help"], "");
    let text = String::from_utf8(help.stdout).unwrap();
    for p in dialects::opt_tool().passes().passes() {
        let line = format!("--{:<30}{}", p.name, p.summary);
        assert!(text.contains(&line), "--help lacks {line:?}:\n{text}");
    }
    assert!(text.contains("--pass-pipeline"));
}

//! The testfmt dialect and its C++ twin (`tests/twin/`, see
//! `docs/testing.md`): the oracle for assembly-format features no upstream
//! dialect shows.
//!
//! - The custom-form corpus `tests/corpus/format/*.mlir` is a fixpoint of
//!   the twin, reads back the same through the generic form, and uses
//!   every op of the dialect in custom form.
//! - The twin rejects every chunk of `tests/corpus/format-invalid/`; the
//!   messages are collected from it, never written down.
//! - The twin prints each op of `tests/corpus/format-print-only/` in a
//!   custom form it cannot read back (upstream's empty type lists).
//! - `dialects/ods/test_format.ods` defines the same ops as
//!   `tests/twin/TestFormatOps.td`, up to the C++ snippets listed in
//!   [`SNIPPET_REWRITES`].
//! - `ods_opt_matches_the_twin` is the byte-for-byte comparison with
//!   `ods-opt`, which registers the testfmt dialect generated from
//!   `dialects/ods/test_format.ods`.

use ods_tests::records::{canonical_def, parse_defs};
use ods_tests::twin::{
    check_against_twin, check_text_against_twin, find_twin, skip_without_tools, twin_output,
    twin_sources,
};
use ods_tests::{corpus_dir, corpus_files, first_line, run_ods_opt, DriverRun};
use std::path::{Path, PathBuf};
use std::process::Command;

const GENERIC: &[&str] = &["--mlir-print-op-generic"];
/// The malformed inputs, one per chunk.
const MALFORMED: &str = "format-invalid/malformed.mlir";
/// Generic-form ops whose custom form does not read back, one per chunk.
const PRINT_ONLY: &str = "format-print-only/empty_type_lists.mlir";

/// The custom-form corpus files, by path.
fn format_corpus() -> Vec<PathBuf> {
    corpus_files("format")
        .into_iter()
        .map(|f| corpus_dir().join("format").join(f.name))
        .collect()
}

/// The twin's output for `text`, as text; panics with its stderr.
fn twin_text(twin: &Path, args: &[&str], text: &[u8], what: &str) -> String {
    let out = twin_output(twin, args, text).unwrap_or_else(|e| panic!("{what}: {e}"));
    String::from_utf8(out).unwrap_or_else(|e| panic!("{what}: output is not UTF-8: {e}"))
}

#[test]
fn corpus_is_a_fixpoint_of_the_twin() {
    let Some(twin) = find_twin("the format corpus") else {
        return;
    };
    for file in format_corpus() {
        let name = file.display().to_string();
        let text = std::fs::read(&file).unwrap();
        let printed = twin_text(&twin, &[], &text, &name);
        let again = twin_text(&twin, &[], printed.as_bytes(), &format!("{name}, printed"));
        assert_eq!(printed, again, "{name}: print(parse(print(x))) != print(x)");
        // Every testfmt op is printed in its custom form.
        assert!(
            !printed.contains("\"testfmt."),
            "{name}: generic op in\n{printed}"
        );
    }
}

#[test]
fn generic_form_reads_back_to_the_same_custom_form() {
    let Some(twin) = find_twin("the format corpus through the generic form") else {
        return;
    };
    for file in format_corpus() {
        let name = file.display().to_string();
        let text = std::fs::read(&file).unwrap();
        let custom = twin_text(&twin, &[], &text, &name);
        let generic = twin_text(&twin, GENERIC, &text, &format!("{name}, generic"));
        assert!(generic.contains("\"testfmt."), "{name}: {generic}");
        let back = twin_text(
            &twin,
            &[],
            generic.as_bytes(),
            &format!("{name}, from generic"),
        );
        assert_eq!(custom, back, "{name}: custom -> generic -> custom differs");
    }
}

/// The mnemonics of the ops the `.td` defines (`Testfmt_Op<"name"`).
fn td_op_names() -> Vec<String> {
    let td = std::fs::read_to_string(twin_sources().join("TestFormatOps.td")).unwrap();
    td.split("Testfmt_Op<\"")
        .skip(1)
        .map(|rest| format!("testfmt.{}", &rest[..rest.find('"').unwrap()]))
        .collect()
}

#[test]
fn corpus_uses_every_op_of_the_dialect() {
    let Some(twin) = find_twin("the corpus coverage check") else {
        return;
    };
    let mut printed = String::new();
    for file in format_corpus() {
        let text = std::fs::read(&file).unwrap();
        printed += &twin_text(&twin, &[], &text, &file.display().to_string());
    }
    // The ops whose custom form does not read back are printed from the
    // generic form.
    for (line, chunk) in chunks(PRINT_ONLY) {
        printed += &twin_text(
            &twin,
            &[],
            chunk.as_bytes(),
            &format!("{PRINT_ONLY}:{line}"),
        );
    }
    let ops = td_op_names();
    assert!(ops.len() > 40, "{ops:?}");
    // An op name ends where a character that cannot continue it follows.
    let used = |op: &str| {
        printed.match_indices(op).any(|(at, _)| {
            printed[at + op.len()..]
                .chars()
                .next()
                .is_some_and(|c| !c.is_ascii_alphanumeric() && c != '_' && c != '.')
        })
    };
    let unused: Vec<&String> = ops.iter().filter(|op| !used(op)).collect();
    assert!(
        unused.is_empty(),
        "ops missing from tests/corpus/format: {unused:?}"
    );
}

/// The chunks of a corpus file, split on `// -----` lines as
/// `--split-input-file` splits them, each with its first line number.
fn chunks(file: &str) -> Vec<(usize, String)> {
    let path = corpus_dir().join(file);
    let text = std::fs::read_to_string(&path).unwrap();
    let mut chunks = vec![(1, String::new())];
    for (i, line) in text.lines().enumerate() {
        if line.trim() == "// -----" {
            chunks.push((i + 2, String::new()));
        } else {
            let chunk = &mut chunks.last_mut().unwrap().1;
            chunk.push_str(line);
            chunk.push('\n');
        }
    }
    chunks
}

#[test]
fn twin_rejects_every_malformed_input() {
    let Some(twin) = find_twin("the malformed format inputs") else {
        return;
    };
    let chunks = chunks(MALFORMED);
    assert!(chunks.len() >= 40, "{} chunks", chunks.len());
    for (line, chunk) in &chunks {
        let err = match twin_output(&twin, &[], chunk.as_bytes()) {
            Ok(out) => panic!(
                "{MALFORMED}:{line}: the twin accepts the chunk:\n{}",
                String::from_utf8_lossy(&out)
            ),
            Err(e) => e,
        };
        let Some(err) = err.strip_prefix("exit 1: ") else {
            panic!("{MALFORMED}:{line}: the twin does not exit 1: {err}");
        };
        let first = err
            .lines()
            .find(|l| l.contains("error: "))
            .unwrap_or_else(|| panic!("{MALFORMED}:{line}: no `error:` line in {err}"));
        // The error names a testfmt op or sits on a testfmt op's line, so
        // each chunk fails where it means to, not on a typo elsewhere.
        let at: usize = first
            .split_once("<stdin>:")
            .and_then(|(_, rest)| rest.split(':').next())
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("{MALFORMED}:{line}: no position in {first}"));
        let lines: Vec<&str> = chunk.lines().collect();
        let near = lines[at.saturating_sub(2)..at.min(lines.len())].join("\n");
        assert!(
            first.contains("testfmt") || near.contains("testfmt."),
            "{MALFORMED}:{line}: the error is not at a testfmt op: {first}"
        );
        println!("{MALFORMED}:{line}: {}", first_line(first));
    }
}

#[test]
fn print_only_forms_do_not_read_back() {
    let Some(twin) = find_twin("the print-only format inputs") else {
        return;
    };
    for (line, chunk) in chunks(PRINT_ONLY) {
        let what = format!("{PRINT_ONLY}:{line}");
        let printed = twin_text(&twin, &[], chunk.as_bytes(), &what);
        // The op is printed in its custom form.
        assert!(
            printed.contains("testfmt.") && !printed.contains("\"testfmt."),
            "{what}: {printed}"
        );
        let err = twin_output(&twin, &[], printed.as_bytes()).expect_err(&format!(
            "{what}: the twin reads back its custom form; move the op to tests/corpus/format:\n{printed}"
        ));
        println!("{what}: {}", first_line(&err));
    }
}

/// The C++ snippets of `TestFormatOps.td` and what `test_format.ods` has
/// in their place; everything else of the two files must be the same.
const SNIPPET_REWRITES: &[(&str, &str)] = &[
    ("\"::testfmt\"", "\"crate::testfmt\""),
    (
        "::llvm::cast<::mlir::ShapedType>($_self).getElementType()",
        "::ods_runtime::pred::element_type($_ctxt, $_self)",
    ),
    ("<YieldOp>", "<testfmt.yield>"),
    (
        "ImplicitOp, OptionalRegionOp, SingleBlockOp",
        "testfmt.implicit, testfmt.optional_region, testfmt.single_block",
    ),
    ("\"::mlir::Type\":$inner", "\"::ir::Type\":$inner"),
    (
        "\"::testfmt::Level::Low\"",
        "\"crate::testfmt::Level::Low\"",
    ),
    (
        "\"::testfmt::Color::red\"",
        "\"crate::testfmt::Color::Red\"",
    ),
];

/// Where the two standard libraries (upstream's `.td` files, ours in
/// `ods-spec/lib/`) fill a record of the spec in their own language: the
/// property summaries name the storage type, and `OptionalProp` sets its
/// base and empty value differently, `ArrayProp` its empty value. Applied
/// like [`SNIPPET_REWRITES`].
const LIBRARY_DIFFERENCES: &[(&str, &str)] = &[
    (
        "ArrayProp{baseProperty = ?; defaultValue = \"\"; summary = \"array of int64_t\"}",
        "ArrayProp{baseProperty = ?; defaultValue = \"&[]\"; summary = \"array of i64\"}",
    ),
    ("summary = \"int32_t\"", "summary = \"i32\""),
    ("summary = \"int64_t\"", "summary = \"i64\""),
    (
        "OptionalProp{baseProperty = ?; defaultValue = \"std::nullopt\"; summary = \"optional int64_t\"}",
        "OptionalProp{baseProperty = I64Prop; defaultValue = \"None\"; summary = \"optional i64\"}",
    ),
];

/// `--print-records` of the `.td`, by `mlir-tblgen-22`; `None` (with a
/// printed line) when it is not installed.
fn tblgen_records(td: &Path) -> Option<String> {
    let tblgen = std::env::var("MLIR_TBLGEN").unwrap_or_else(|_| "mlir-tblgen-22".into());
    let out = match Command::new(&tblgen)
        .args(["--print-records", "-I", "/usr/lib/llvm-22/include"])
        .arg(td)
        .output()
    {
        Ok(out) => out,
        Err(e) => {
            let why = format!("{tblgen} cannot be run ({e}; Debian package mlir-22-tools)");
            skip_without_tools(&why, "the .td/.ods comparison");
            return None;
        }
    };
    assert!(
        out.status.success(),
        "{tblgen} rejects {}: {}",
        td.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    Some(String::from_utf8(out.stdout).unwrap())
}

#[test]
fn ods_mirror_defines_the_same_ops_as_the_td() {
    let td = twin_sources().join("TestFormatOps.td");
    let Some(theirs) = tblgen_records(&td) else {
        return;
    };
    let ods = Path::new(env!("CARGO_MANIFEST_DIR")).join("../dialects/ods/test_format.ods");
    let ods_text = std::fs::read_to_string(&ods).unwrap();
    let ours = ods_spec::compile(&ods.display().to_string(), &ods_text, &[])
        .unwrap_or_else(|e| panic!("{}", e.render()))
        .records
        .print();
    let theirs = parse_defs(&theirs).unwrap();
    let ours = parse_defs(&ours).unwrap();
    let names = |defs: &std::collections::BTreeMap<String, _>| -> Vec<String> {
        defs.keys()
            .filter(|n| n.starts_with("Testfmt_"))
            .cloned()
            .collect()
    };
    assert_eq!(
        names(&theirs),
        names(&ours),
        "the files define different defs"
    );
    let ops = names(&theirs).iter().filter(|n| n.ends_with("Op")).count();
    assert_eq!(ops, td_op_names().len());
    let rewrites: Vec<&(&str, &str)> = SNIPPET_REWRITES.iter().chain(LIBRARY_DIFFERENCES).collect();
    let mut used = vec![false; rewrites.len()];
    let mut differences = Vec::new();
    for name in names(&theirs) {
        let mut expected = canonical_def(&theirs, &name).unwrap();
        for (i, (cpp, rust)) in rewrites.iter().enumerate() {
            if expected.contains(cpp) {
                used[i] = true;
                expected = expected.replace(cpp, rust);
            }
        }
        let actual = canonical_def(&ours, &name).unwrap();
        if expected != actual {
            differences.push(format!("--- .td (rewritten)\n{expected}+++ .ods\n{actual}"));
        }
    }
    assert!(differences.is_empty(), "{}", differences.join("\n"));
    for (i, (cpp, _)) in rewrites.iter().enumerate() {
        assert!(used[i], "the rewrite of {cpp} is not used: remove it");
    }
}

/// Issue 8's comparison: `ods-opt` prints what the twin prints, byte for
/// byte, in all three directions for every corpus file (which is also a
/// fixpoint of `ods-opt`: print(parse(print(x))) == print(x)), the same
/// errors for every malformed chunk, and the same custom form (and error
/// reading it back) for every print-only chunk.
#[test]
fn ods_opt_matches_the_twin() {
    let Some(twin) = find_twin("the comparison with ods-opt") else {
        return;
    };
    let mut failures = Vec::new();
    let mut compared = 0;
    for file in format_corpus() {
        let text = std::fs::read_to_string(&file).unwrap();
        compared += 1;
        if let Err(e) = check_against_twin(&twin, &file) {
            failures.push(e);
        }
        let name = format!("{}, printed", file.display());
        match run_ods_opt(&[], text.as_bytes()) {
            DriverRun::Finished(out) if out.status == 0 => {
                if let Err(e) = check_text_against_twin(&twin, &[], &out.stdout, &name) {
                    failures.push(e);
                }
            }
            DriverRun::Finished(out) => failures.push(format!(
                "{name}: ods-opt rejects the file: {}",
                first_line(&out.stderr_text())
            )),
            DriverRun::Panicked(msg) => failures.push(format!("{name}: ods-opt panicked: {msg}")),
        }
    }
    for (line, chunk) in chunks(MALFORMED) {
        let what = format!("{MALFORMED}:{line}");
        compared += 1;
        if let Err(e) = check_text_against_twin(&twin, &[], chunk.as_bytes(), &what) {
            failures.push(e);
        }
    }
    for (line, chunk) in chunks(PRINT_ONLY) {
        let what = format!("{PRINT_ONLY}:{line}");
        let printed = twin_text(&twin, &[], chunk.as_bytes(), &what);
        compared += 1;
        for (input, how) in [
            (chunk.as_str(), "generic to custom"),
            (&printed, "reading it back"),
        ] {
            let what = format!("{what}, {how}");
            if let Err(e) = check_text_against_twin(&twin, &[], input.as_bytes(), &what) {
                failures.push(e);
            }
        }
    }
    println!(
        "{compared} inputs compared with the twin, {} differ",
        failures.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

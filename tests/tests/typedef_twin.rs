//! A `TypeDef` defined in `.ods` against the same definition compiled by
//! `mlir-tblgen`: the C++ twin's `!testfmt.box<T>` (`Testfmt_BoxType` in
//! `tests/twin/TestFormatOps.td`: `parameters = (ins "::mlir::Type":$inner)`,
//! `` `<` $inner `>` ``) and our `!test.box<T>` (`Test_BoxType` in
//! `dialects/ods/test.ods`, the same parameters and format) read and print
//! the same inputs identically, errors included.
//!
//! The dialect names differ (`testfmt` / `test`), so our input is the
//! twin's with `testfmt` spelled `test`, and our output is compared after
//! spelling it back (columns shift by the three letters each earlier
//! `testfmt` on the line adds). Skipped, with a printed line, when the
//! twin cannot be built.
//!
//! The dispatch errors of a registered dialect (unknown mnemonic, no
//! keyword) are the core's, whatever the dialect: they are compared with
//! `mlir-opt` on upstream dialects with generated parsers (`async` types,
//! `ub` attributes), our `test` dialect standing in.

use ods_tests::twin::find_twin;
use ods_tests::{find_mlir_opt, first_diagnostic, ods_opt_on, run_tool};

/// Inputs (generic form, unregistered ops) the twin accepts or rejects.
/// (An unknown mnemonic is not among them: our `test` dialect answers it
/// as upstream's test dialect does, `unknown type!`, where the twin's
/// generated parser names the type; `dispatch_errors_match_mlir_opt`
/// checks the generated message on `async`.)
const CASES: &[&str] = &[
    "\"t.x\"() : () -> !testfmt.box<i32>",
    "\"t.x\"() : () -> !testfmt<box<f32>>",
    "\"t.x\"() : () -> (!testfmt.box<!testfmt.box<index>>, !testfmt.box<tensor<2x?xf32>>)",
    "\"t.x\"() {a = !testfmt.box<i1>, b = [!testfmt.box<i8>]} : () -> ()",
    "\"t.x\"() : () -> !testfmt.box<memref<4xf32, affine_map<(d0) -> (d0 + 1)>>>",
    "\"t.x\"() : () -> !testfmt.box<1>",
    "\"t.x\"() : () -> !testfmt.box<i32",
    "\"t.x\"() : () -> !testfmt.box i32",
    "\"t.x\"() : () -> !testfmt<\"box\">",
    "\"t.x\"() : () -> !testfmt.box<>",
];

/// `text` with the twin's dialect spelled as ours.
fn ours(text: &str) -> String {
    text.replace("testfmt", "test")
}

/// Our output spelled as the twin's: dialect and def names, and the
/// columns of `<stdin>:L:C:` locations shifted for each `test` before
/// them on the input line.
fn as_twin(output: &str, input: &str) -> String {
    let renamed = output
        .replace("!test.", "!testfmt.")
        .replace("!test<", "!testfmt<")
        .replace("Test_BoxType", "Testfmt_BoxType")
        .replace("`test`", "`testfmt`");
    let our_input = ours(input);
    renamed
        .lines()
        .map(|line| {
            let Some(rest) = line.strip_prefix("<stdin>:") else {
                return line.to_string();
            };
            let mut parts = rest.splitn(3, ':');
            let (Some(l), Some(c), Some(tail)) = (parts.next(), parts.next(), parts.next()) else {
                return line.to_string();
            };
            let (Ok(l), Ok(c)) = (l.parse::<usize>(), c.parse::<usize>()) else {
                return line.to_string();
            };
            let source = our_input.lines().nth(l - 1).unwrap_or("");
            let before = &source[..(c - 1).min(source.len())];
            let shift = 3 * before.matches("test").count();
            format!("<stdin>:{l}:{}:{tail}", c + shift)
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The `<stdin>:L:C: error: ...` lines of a tool's stderr.
fn diagnostics(stderr: &str) -> Vec<String> {
    stderr
        .lines()
        .filter(|l| l.starts_with("<stdin>:"))
        .map(str::to_string)
        .collect()
}

#[test]
fn box_type_reads_and_prints_as_the_twin() {
    let Some(twin) = find_twin("typedef_twin") else {
        return;
    };
    let args = ["--allow-unregistered-dialect", "--mlir-print-op-generic"];
    let mut failures = Vec::new();
    for input in CASES {
        let theirs = run_tool(&twin, &args, input.as_bytes());
        let mine = ods_opt_on(&args, &ours(input));
        let their_out = String::from_utf8_lossy(&theirs.stdout).into_owned();
        let my_out = as_twin(&String::from_utf8_lossy(&mine.stdout), input);
        let their_diags = diagnostics(&theirs.stderr_text());
        let my_diags: Vec<String> = diagnostics(&as_twin(&mine.stderr_text(), input));
        if theirs.status != mine.status
            || their_out.trim_end() != my_out.trim_end()
            || their_diags != my_diags
        {
            failures.push(format!(
                "{input}\n  twin:    exit {}, {:?} {:?}\n  ods-opt: exit {}, {:?} {:?}",
                theirs.status, their_out, their_diags, mine.status, my_out, my_diags
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Inputs for attribute definitions that `ods-opt` registers under the
/// twin's own dialect name (`testfmt`, from `dialects/ods/test_format.ods`),
/// so no renaming is needed: `#testfmt.scaled` (an optional group led by
/// `custom<Leading>`, a string argument of `custom<Scaled>`) and
/// `#testfmt.keyed` (`custom<Doubled>` inside `struct`).
const TESTFMT_ATTR_CASES: &[&str] = &[
    "\"t.x\"() {a = #testfmt.scaled<3 max 2>, b = #testfmt.scaled<max 0>} : () -> ()",
    "\"t.x\"() {a = #testfmt.scaled<-7 max -1>, b = #testfmt.scaled<0 max 5>} : () -> ()",
    "\"t.x\"() {a = [#testfmt.scaled<3max 2>, #testfmt<scaled<1 max 1>>]} : () -> ()",
    "\"t.x\"() {a = #testfmt.scaled<3>} : () -> ()",
    "\"t.x\"() {a = #testfmt.scaled<max>} : () -> ()",
    "\"t.x\"() {a = #testfmt.scaled<x max 1>} : () -> ()",
    "\"t.x\"() {a = #testfmt.scaled<3 max 1} : () -> ()",
    "\"t.x\"() {a = #testfmt.scaled<99999999999999999999 max 1>} : () -> ()",
    "\"t.x\"() {a = #testfmt.scaled<>} : () -> ()",
    "\"t.x\"() {a = #testfmt.keyed<size = 3>, b = #testfmt.keyed<step = 1, size = -2>} : () -> ()",
    "\"t.x\"() {a = #testfmt.keyed<size = 0, step = 0>} : () -> ()",
    "\"t.x\"() {a = #testfmt.keyed<size = 1, size = 2>} : () -> ()",
    "\"t.x\"() {a = #testfmt.keyed<step = 1>} : () -> ()",
    "\"t.x\"() {a = #testfmt.keyed<size = x>} : () -> ()",
    "\"t.x\"() {a = #testfmt.keyed<size 3>} : () -> ()",
    "\"t.x\"() {a = #testfmt.keyed<width = 3>} : () -> ()",
];

#[test]
fn testfmt_attributes_read_and_print_as_the_twin() {
    let Some(twin) = find_twin("typedef_twin") else {
        return;
    };
    let mut failures = Vec::new();
    for args in [
        &["--allow-unregistered-dialect"][..],
        &["--allow-unregistered-dialect", "--mlir-print-op-generic"],
    ] {
        for input in TESTFMT_ATTR_CASES {
            let theirs = run_tool(&twin, args, input.as_bytes());
            let mine = ods_opt_on(args, input);
            if theirs.status != mine.status
                || theirs.stdout != mine.stdout
                || diagnostics(&theirs.stderr_text()) != diagnostics(&mine.stderr_text())
            {
                failures.push(format!(
                    "{input} {args:?}\n  twin:    exit {}, {:?} {:?}\n  ods-opt: exit {}, {:?} {:?}",
                    theirs.status,
                    String::from_utf8_lossy(&theirs.stdout),
                    theirs.stderr_text(),
                    mine.status,
                    String::from_utf8_lossy(&mine.stdout),
                    mine.stderr_text()
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// (mlir-opt input, our input): the same mistake in an upstream dialect
/// and in ours.
const DISPATCH_ERRORS: &[(&str, &str)] = &[
    // An unknown mnemonic in a dialect whose types are all generated: our
    // port of `async` has no hand-written fallback either (our `test`
    // dialect has upstream's, `unknown type!`).
    (
        "\"t.x\"() : () -> !async.foo<i32>",
        "\"t.x\"() : () -> !async.foo<i32>",
    ),
    (
        "\"t.x\"() : () -> !async<foo>",
        "\"t.x\"() : () -> !async<foo>",
    ),
    (
        "\"t.x\"() : () -> !async<\"value\">",
        "\"t.x\"() : () -> !test<\"box\">",
    ),
    (
        "\"t.x\"() {a = #ub.foo} : () -> ()",
        "\"t.x\"() {a = #test.foo} : () -> ()",
    ),
    (
        "\"t.x\"() {a = #ub<1>} : () -> ()",
        "\"t.x\"() {a = #test<1>} : () -> ()",
    ),
];

/// A first diagnostic `L:C: error: message` with the dialect names and the
/// column made comparable: the column counted from the end of the
/// dialect name's line, names replaced by `D`.
fn normalized(diag: &str, input: &str, dialect: &str) -> String {
    let message = diag.replace(&format!("`{dialect}`"), "`D`");
    let mut parts = message.splitn(3, ':');
    let (Some(l), Some(c), Some(tail)) = (parts.next(), parts.next(), parts.next()) else {
        return message;
    };
    let Ok(c) = c.parse::<usize>() else {
        return message;
    };
    // Columns after the dialect name shift by its length.
    let name_end = input.find(dialect).map_or(0, |i| i + dialect.len());
    let shown = if c > name_end {
        format!("+{}", c - name_end)
    } else {
        c.to_string()
    };
    format!("{l}:{shown}:{tail}")
}

#[test]
fn dispatch_errors_match_mlir_opt() {
    let Some(mlir_opt) = find_mlir_opt("dispatch_errors_match_mlir_opt") else {
        return;
    };
    let args = ["--allow-unregistered-dialect"];
    let mut failures = Vec::new();
    for (theirs_in, ours_in) in DISPATCH_ERRORS {
        let theirs = run_tool(&mlir_opt, &args, theirs_in.as_bytes());
        let mine = ods_opt_on(&args, ours_in);
        let dialect = if theirs_in.contains("async") {
            "async"
        } else {
            "ub"
        };
        let t = normalized(&first_diagnostic(&theirs), theirs_in, dialect);
        let ours_dialect = if ours_in.contains("async") {
            "async"
        } else {
            "test"
        };
        let m = normalized(&first_diagnostic(&mine), ours_in, ours_dialect);
        if t != m || theirs.status == 0 || mine.status == 0 {
            failures.push(format!("{ours_in}\n  mlir-opt: {t}\n  ods-opt:  {m}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

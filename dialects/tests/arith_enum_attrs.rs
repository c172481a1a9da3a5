//! The arith dialect's generated enum attributes against `mlir-opt`:
//! `#arith.fastmath<...>` and `#arith.overflow<...>` with bad bodies give
//! mlir-opt's errors at mlir-opt's places, the whole report byte for byte,
//! the enum named by its C++ name (`::mlir::arith::FastMathFlags`: the
//! port keeps upstream's `cppNamespace` and maps it to the Rust module
//! with `rustNamespace`). Valid spellings are compared in the tests crate
//! (`tests/corpus/roundtrip/attrs_arith_enum.mlir`). Without `mlir-opt`
//! the comparison is skipped with a printed line and our own output is
//! checked against the expected messages only.

use ir::parser::ops::parse_source;
use ir::{Context, SourceFile, SourceManager};
use ods_runtime::testing::{self, MLIR_OPT};

/// `ods-opt`'s rendered parse errors for `text` (named `<stdin>`, as
/// mlir-opt names its input).
fn our_errors(text: &str) -> String {
    let mut ctx = Context::new();
    ctx.allow_unregistered_dialects = true;
    let reg = dialects::registry(&mut ctx);
    let file = SourceFile::new("<stdin>", text);
    let mut sm = SourceManager::new();
    sm.add(file.clone());
    match parse_source(&mut ctx, &reg, &file) {
        Ok(_) => panic!("{text} parses"),
        Err(d) => sm.render(&d),
    }
}

/// mlir-opt's stderr for `text`, which it must reject; `None` when it is
/// not installed.
fn mlir_opt_errors(text: &str) -> Option<String> {
    let out = testing::mlir_opt(text, &[])?;
    Some(out.expect_err(&format!("mlir-opt accepts {text}")))
}

#[test]
fn bad_bodies_are_reported_as_mlir_opt_reports_them() {
    let bodies = [
        "#arith.fastmath<bogus>",
        "#arith.fastmath<nnan,bogus>",
        "#arith.fastmath<\"bo\\\"gus\">",
        "#arith.fastmath<>",
        "#arith.fastmath<nnan,>",
        "#arith.fastmath<nnan, 5>",
        "#arith.fastmath<nnan|ninf>",
        "#arith.fastmath",
        "#arith.fastmath<nnan",
        "#arith.overflow<nsw, nsz>",
        "#arith.overflow<nsw nuw>",
        "#arith<overflow<>>",
        "#arith.bogus<x>",
        "#arith.fastmath.x<nnan>",
        "#arith<>",
        "#arith<\"x\">",
    ];
    let mut skipped = false;
    for body in bodies {
        let text = format!("\"t.x\"() {{a = {body}}} : () -> ()\n");
        let ours = our_errors(&text);
        match mlir_opt_errors(&text) {
            Some(theirs) => assert_eq!(ours, theirs, "{body}"),
            None => skipped = true,
        }
    }
    if skipped {
        eprintln!("mlir-opt not found at {MLIR_OPT}: skipping the comparison");
    }
    // What the comparison covers, stated on our own output too.
    let two = our_errors("\"t.x\"() {a = #arith.fastmath<bogus>} : () -> ()\n");
    assert_eq!(
        two.lines().filter(|l| l.contains(": error: ")).collect::<Vec<_>>(),
        [
            "<stdin>:1:30: error: expected ::mlir::arith::FastMathFlags to be one of: none, reassoc, nnan, ninf, nsz, arcp, contract, afn, fast",
            "<stdin>:1:35: error: failed to parse Arith_FastMathAttr parameter 'value' which is to be a `::mlir::arith::FastMathFlags`",
        ]
    );
}

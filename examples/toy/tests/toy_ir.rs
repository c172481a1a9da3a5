//! Toy IR through the Toy dialect defined with `#[op]`: a program read,
//! verified and printed back unchanged (custom form, and through the
//! generic form), and the invalid uses of `tests/inputs/invalid.mlir`
//! rejected with the tutorial's messages at the designated lines. Toy is
//! not in mlir-opt: the oracle is the input itself (print(parse(x)) == x)
//! and the messages written in the input.

use ods_runtime::ir::expected_diagnostics;
use ods_runtime::ir::parser::ops::parse_source;
use ods_runtime::ir::printer::ops::{print_module, PrintOptions};
use ods_runtime::ir::verifier::{verify, verify_with};
use ods_runtime::ir::{Context, Diagnostic, SourceFile, SourceManager};
use ods_runtime::testing;

const PROGRAM: &str = include_str!("inputs/program.mlir");
const INVALID: &str = include_str!("inputs/invalid.mlir");

/// Parses and verifies `text` as file `name` with the Toy registry and
/// prints it with `opts`; errors rendered as mlir-opt prints them.
fn round_trip(name: &str, text: &str, opts: PrintOptions) -> Result<String, String> {
    let mut ctx = Context::new();
    let reg = toy::registry(&mut ctx);
    let file = SourceFile::new(name, text);
    let mut sm = SourceManager::new();
    sm.add(file.clone());
    let (ir, module) = parse_source(&mut ctx, &reg, &file).map_err(|d| sm.render(&d))?;
    verify(&ctx, &ir, &reg, module, Some(&sm)).map_err(|d| sm.render(&d))?;
    Ok(print_module(&ctx, &ir, &reg, module, opts, None))
}

#[test]
fn the_program_prints_back_unchanged() {
    let printed = round_trip("program.mlir", PROGRAM, PrintOptions::default()).unwrap();
    assert_eq!(printed, PROGRAM);
}

#[test]
fn the_generic_form_reads_back_to_the_custom_form() {
    let generic = PrintOptions {
        generic: true,
        ..PrintOptions::default()
    };
    let printed = round_trip("program.mlir", PROGRAM, generic).unwrap();
    assert!(
        printed.contains(r#""toy.func"() <{function_type = () -> (), sym_name = "main"}>"#),
        "{printed}"
    );
    assert!(
        printed.contains(r#""toy.return"() : () -> ()"#),
        "{printed}"
    );
    assert_eq!(
        round_trip("generic.mlir", &printed, generic).as_ref(),
        Ok(&printed)
    );
    let custom = round_trip("generic.mlir", &printed, PrintOptions::default()).unwrap();
    assert_eq!(custom, PROGRAM);
}

/// `toy.func` reads and prints through MLIR's function-op helpers
/// (`ods_runtime::function_op`), as upstream's tutorial does: a visibility
/// (which `toy.func` does not declare, so it stays discardable), argument
/// and result attributes and a discardable attribute all survive.
#[test]
fn function_attributes_are_kept() {
    let text = "module {\n  toy.func private @f(%arg0: tensor<*xf64> {toy.a = 1 : i64}) -> (tensor<*xf64> {toy.r}) attributes {toy.extra} {\n    toy.return %arg0 : tensor<*xf64>\n  }\n}\n";
    assert_eq!(
        round_trip("f.mlir", text, PrintOptions::default()).as_deref(),
        Ok(text)
    );
    let generic = PrintOptions {
        generic: true,
        ..PrintOptions::default()
    };
    let printed = round_trip("f.mlir", text, generic).unwrap();
    assert!(
        printed.contains(r#"<{arg_attrs = [{toy.a = 1 : i64}], function_type = (tensor<*xf64>) -> tensor<*xf64>, res_attrs = [{toy.r}], sym_name = "f"}>"#),
        "{printed}"
    );
    assert!(
        printed.contains(r#"{sym_visibility = "private", toy.extra}"#),
        "{printed}"
    );
}

#[test]
fn the_custom_forms_report_malformed_input() {
    let cases = [
        (
            "toy.func @f(%a: tensor<*xf64>) {\n  %0 = toy.add %a : tensor<*xf64>\n  toy.return\n}\n",
            "custom op 'toy.add' expected 2 operands",
        ),
        (
            "toy.func @f() {\n  %0 = toy.constant 1.0 : f64\n  toy.return\n}\n",
            "invalid kind of attribute specified",
        ),
        (
            "toy.func @f(%a: tensor<*xf64>) {\n  toy.print %a tensor<*xf64>\n  toy.return\n}\n",
            "expected ':'",
        ),
    ];
    for (text, message) in cases {
        let err = testing::verify_text(text, toy::registry, PrintOptions::default()).unwrap_err();
        assert!(
            err.contains(message),
            "{message:?} not in {err:?} for\n{text}"
        );
    }
}

/// The chunks of `text` between `// -----` lines, each padded with blank
/// lines so that its line numbers are the file's.
fn split_input(text: &str) -> Vec<String> {
    let mut chunks = vec![String::new()];
    let mut line_count = 0;
    for line in text.lines() {
        line_count += 1;
        if line.trim() == "// -----" {
            chunks.push("\n".repeat(line_count));
            continue;
        }
        let chunk = chunks.last_mut().unwrap();
        chunk.push_str(line);
        chunk.push('\n');
    }
    chunks
}

/// The diagnostics of one chunk: the parse error, or the verifier's.
fn diagnostics_of(sm: &SourceManager, file: &SourceFile) -> Vec<Diagnostic> {
    let mut ctx = Context::new();
    let reg = toy::registry(&mut ctx);
    match parse_source(&mut ctx, &reg, file) {
        Err(d) => vec![d],
        // As under mlir-opt's --verify-diagnostics: no "see current
        // operation" note.
        Ok((ir, module)) => verify_with(&ctx, &ir, &reg, module, Some(sm), false)
            .err()
            .into_iter()
            .collect(),
    }
}

#[test]
fn invalid_uses_give_the_tutorials_messages() {
    let chunks = split_input(INVALID);
    assert_eq!(chunks.len(), 11, "one case per chunk");
    let mut report = expected_diagnostics::Report::new();
    for chunk in &chunks {
        let file = SourceFile::new("invalid.mlir", chunk.as_str());
        let mut sm = SourceManager::new();
        sm.add(file.clone());
        let diags = diagnostics_of(&sm, &file);
        assert_eq!(diags.len(), 1, "each case fails once:\n{chunk}");
        report.add(&sm, &file, &diags);
    }
    let (text, ok) = report.finish();
    assert!(ok, "{text}");
}

#[test]
fn a_designation_that_does_not_match_is_reported() {
    // The check above can fail: a wrong expectation is caught.
    let text = "toy.func @f() -> tensor<*xf64> {\n  // expected-error @below {{expects at most 1 return operand}}\n  toy.return\n}\n";
    let file = SourceFile::new("wrong.mlir", text);
    let mut sm = SourceManager::new();
    sm.add(file.clone());
    let diags = diagnostics_of(&sm, &file);
    let (report, ok) = expected_diagnostics::check(&sm, &file, &diags);
    assert!(!ok);
    assert!(
        report.contains("does not return the same number of values (0)"),
        "{report}"
    );
}

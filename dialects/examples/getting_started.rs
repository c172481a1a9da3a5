//! The runtime from the outside, step by step: make a context and a
//! registry, parse MLIR text, verify it, print it in both forms, render a
//! diagnostic as `mlir-opt` does, and build IR with the generated API.
//! `docs/getting-started.md` walks through this file; `cargo run -p
//! dialects --example getting_started` runs it, and `cargo test` runs its
//! test, so the page cannot go stale.

use dialects::arith::{AddIOp, ConstantOp};
use dialects::func::{FuncOp, ReturnOp};
use ir::builder::OpBuilder;
use ir::parser::ops::parse_source;
use ir::printer::ops::{print_module, PrintOptions};
use ir::verifier::verify;
use ir::{Context, Ir, Location, OpId, SourceFile, SourceManager};

/// Step 1-3: parse, verify and print a file; errors come back rendered
/// (`file:line:col: error: ...`, the line, a caret).
fn parse_verify_print(name: &str, text: &str, generic: bool) -> Result<String, String> {
    // One context per compilation: it interns types and attributes.
    let mut ctx = Context::new();
    // Ops of dialects nobody registered are kept as written (mlir-opt's
    // --allow-unregistered-dialect); leave it false to reject them.
    ctx.allow_unregistered_dialects = true;
    // The registry knows each op's verifier, parser and printer: here every
    // dialect `ods-opt` has (builtin, func, cf, arith, ...).
    let registry = dialects::registry(&mut ctx);

    // The source manager keeps the text so diagnostics can quote it.
    let file = SourceFile::new(name, text);
    let mut sources = SourceManager::new();
    sources.add(file.clone());

    let (ir, module) = parse_source(&mut ctx, &registry, &file).map_err(|d| sources.render(&d))?;
    verify(&ctx, &ir, &registry, module, Some(&sources)).map_err(|d| sources.render(&d))?;
    let opts = PrintOptions {
        generic,
        debug_info: false,
        local_scope: false,
    };
    Ok(print_module(&ctx, &ir, &registry, module, opts, None))
}

/// Step 4: build `func.func @add3(%x: i32) -> i32` with the generated
/// builders, verify it, print it.
fn build_a_function() -> Result<String, String> {
    let mut ctx = Context::new();
    let registry = dialects::registry(&mut ctx);
    let mut ir = Ir::new();
    let loc = Location::UNKNOWN;

    // Types and attributes come from the context.
    let i32t = ctx.int_type(32);
    let signature = ctx.function_type(&[i32t], &[i32t]);
    let three = ctx.integer_attr(i32t, 3);

    // A builder inserts ops at its insertion point; a module is an op with
    // one region holding one block.
    let mut b = OpBuilder::new(&mut ctx, &mut ir);
    let module: OpId = b.create_op("builtin.module", loc, &[], &[], None, None, 1);
    let top = b.create_block(b.ir.region(module, 0), &[], loc);
    b.set_insertion_point_to_end(top);

    // Generated builders take the builder, a location and the op's values.
    let func = FuncOp::build_from_name_type(&mut b, loc, "add3", signature);
    let entry = b.create_block(func.body(b.ir), &[i32t], loc);
    let x = b.ir.argument(entry, 0);
    b.set_insertion_point_to_end(entry);
    let c = ConstantOp::build(&mut b, loc, i32t, three);
    // A one-result op stands for its result in builder calls.
    let sum = AddIOp::build(&mut b, loc, x, c, None);
    let sum = sum.result(b.ctx, b.ir);
    ReturnOp::build(&mut b, loc, &[sum]);

    verify(&ctx, &ir, &registry, module, None).map_err(|d| d.message)?;
    Ok(print_module(
        &ctx,
        &ir,
        &registry,
        module,
        PrintOptions::default(),
        None,
    ))
}

const INPUT: &str = "func.func @twice(%x: i32) -> i32 {
  %0 = arith.addi %x, %x : i32
  return %0 : i32
}
";

const BROKEN: &str = "func.func @bad(%x: i32) -> i64 {
  return %x : i32
}
";

fn main() {
    println!(
        "{}",
        parse_verify_print("input.mlir", INPUT, false).unwrap()
    );
    println!("{}", parse_verify_print("input.mlir", INPUT, true).unwrap());
    println!(
        "{}",
        parse_verify_print("broken.mlir", BROKEN, false).unwrap_err()
    );
    println!("{}", build_a_function().unwrap());
}

#[test]
fn every_step_does_what_the_page_says() {
    assert_eq!(
        parse_verify_print("input.mlir", INPUT, false).unwrap(),
        format!("module {{\n{}}}\n", indent(INPUT))
    );
    let generic = parse_verify_print("input.mlir", INPUT, true).unwrap();
    assert!(
        generic.contains("\"arith.addi\"(%arg0, %arg0)"),
        "{generic}"
    );
    let error = parse_verify_print("broken.mlir", BROKEN, false).unwrap_err();
    assert!(
        error.starts_with(
            "broken.mlir:2:3: error: type of return operand 0 ('i32') \
             doesn't match function result type ('i64') in function @bad"
        ),
        "{error}"
    );
    assert!(error.contains("  return %x : i32\n  ^"), "{error}");
    assert!(error.contains("note: see current operation"), "{error}");
    assert_eq!(
        build_a_function().unwrap(),
        "module {\n  func.func @add3(%arg0: i32) -> i32 {\n    %c3_i32 = arith.constant 3 : i32\n    \
         %0 = arith.addi %arg0, %c3_i32 : i32\n    return %0 : i32\n  }\n}\n"
    );
}

#[cfg(test)]
fn indent(text: &str) -> String {
    text.lines()
        .map(|l| format!("  {l}\n"))
        .collect::<String>()
        .replace("%x", "%arg0")
}

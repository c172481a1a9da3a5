//! The checks of `ods-runtime/tests/reference_op.rs`, run on the same ops
//! GENERATED from `tests/ods/reference.ods` by `ods-spec` (see build.rs):
//! builders, accessors, adaptors, and every verifier message against
//! `mlir-opt` (for the `arith` ops, which `mlir-opt` knows; the `ref` ops
//! against the messages `mlir-opt` gives for `memref.alloc`, which has the
//! same operand segments). The ops have no assembly format here, so they
//! print in the generic form.

// A test uses only part of the generated API (every builder form, every
// adaptor); in a library the items are `pub` and used by others.
#[allow(dead_code)]
mod generated {
    include!(concat!(env!("OUT_DIR"), "/reference_enums.rs"));
    include!(concat!(env!("OUT_DIR"), "/reference_ops.rs"));
}

use generated::*;
use ods_runtime::ir::builder::OpBuilder;
use ods_runtime::ir::parser::ops::parse_source;
use ods_runtime::ir::printer::ops::{print_module, PrintOptions};
use ods_runtime::ir::verifier::verify;
use ods_runtime::ir::{Context, Ir, Location, OpId, Registry, SourceFile};
use ods_runtime::{register_dialect, Op};

fn registry(ctx: &mut Context) -> Registry {
    let mut reg = Registry::new(ctx);
    register_dialect::<ArithDialect>(ctx, &mut reg);
    register_dialect::<RefDialect>(ctx, &mut reg);
    reg
}

/// A module with one block.
fn module(ctx: &mut Context, ir: &mut Ir) -> OpId {
    let mut b = OpBuilder::new(ctx, ir);
    let m = b.create_op("builtin.module", Location::UNKNOWN, &[], &[], None, None, 1);
    let body = b.ir.region(m, 0);
    b.create_block(body, &[], Location::UNKNOWN);
    m
}

/// Parses and verifies `text`; the printed module, or the first error.
fn verify_text(text: &str) -> Result<String, String> {
    let mut ctx = Context::new();
    ctx.allow_unregistered_dialects = true;
    let reg = registry(&mut ctx);
    let file = SourceFile::new("t.mlir", text);
    let (ir, m) =
        parse_source(&mut ctx, &reg, &file).map_err(|d| format!("parse: {}", d.message))?;
    match verify(&ctx, &ir, &reg, m, None) {
        Ok(()) => Ok(print_module(
            &ctx,
            &ir,
            &reg,
            m,
            PrintOptions::default(),
            None,
        )),
        Err(d) => Err(d.message),
    }
}

/// The first `error: ` message `mlir-opt` prints for `text`, when
/// `mlir-opt` is installed.
fn mlir_opt_error(text: &str) -> Option<String> {
    use std::io::Write;
    let mut child = std::process::Command::new("/usr/lib/llvm-22/bin/mlir-opt")
        .arg("--allow-unregistered-dialect")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .ok()?;
    child.stdin.take()?.write_all(text.as_bytes()).ok()?;
    let out = child.wait_with_output().ok()?;
    let stderr = String::from_utf8_lossy(&out.stderr);
    let line = stderr.lines().find(|l| l.contains("error: "))?;
    Some(line.split_once("error: ")?.1.to_string())
}

/// Our message for `text` equals `expected`, and so does mlir-opt's.
fn assert_error(text: &str, expected: &str) {
    assert_eq!(verify_text(text).unwrap_err(), expected, "on {text}");
    match mlir_opt_error(text) {
        Some(theirs) => assert_eq!(theirs, expected, "mlir-opt on {text}"),
        None => eprintln!("mlir-opt not found: checked against the recorded message only"),
    }
}

#[test]
fn built_addi_verifies_with_inferred_type_and_accessors() {
    let mut ctx = Context::new();
    let reg = registry(&mut ctx);
    let mut ir = Ir::new();
    let m = module(&mut ctx, &mut ir);
    let i32t = ctx.int_type(32);
    let i64t = ctx.int_type(64);
    let mut b = OpBuilder::new(&mut ctx, &mut ir);
    let body = b.ir.first_block(b.ir.region(m, 0)).unwrap();
    b.set_insertion_point_to_end(body);
    let c = b.create_op("test.c", Location::UNKNOWN, &[], &[i32t], None, None, 0);
    let x = b.ir.result(c, 0);
    let add = AddIOp::build(&mut b, Location::UNKNOWN, x, x);
    let sum = add.result(b.ir);
    AddIOp::build(&mut b, Location::UNKNOWN, sum, x);
    verify(&ctx, &ir, &reg, m, None).unwrap();
    assert_eq!(add.lhs(&ir), x);
    assert_eq!(add.rhs(&ir), x);
    assert_eq!(ir.value_type(sum), i32t);
    assert_eq!(AddIOp::from_op(&ctx, &ir, add.op()), Some(add));
    assert_eq!(AddIOp::from_op(&ctx, &ir, c), None);
    let text = print_module(&ctx, &ir, &reg, m, PrintOptions::default(), None);
    assert!(
        text.contains("%1 = \"arith.addi\"(%0, %0) : (i32, i32) -> i32"),
        "{text}"
    );
    assert_eq!(verify_text(&text).unwrap(), text);
    let operands = [sum, x];
    let adaptor = AddIOpAdaptor::new(&operands, None);
    assert_eq!((adaptor.lhs(), adaptor.rhs()), (sum, x));
    // An explicit, wrong result type builds, and fails as mlir-opt says.
    let mut b = OpBuilder::new(&mut ctx, &mut ir);
    b.set_insertion_point_to_end(body);
    AddIOp::build_with_types(&mut b, Location::UNKNOWN, i64t, x, x);
    let err = verify(&ctx, &ir, &reg, m, None).unwrap_err();
    assert_eq!(
        err.message,
        "'arith.addi' op requires the same type for all operands and results"
    );
}

#[test]
fn bad_addi_fails_as_mlir_opt_says() {
    let ours =
        |body: &str, args: &str| format!("\"test.f\"() ({{ ^bb0({args}): {body} }}) : () -> ()");
    let cases = [
        (
            "%0 = \"arith.addi\"(%a, %a) : (f32, f32) -> f32",
            "%a: f32",
            "'arith.addi' op operand #0 must be signless-integer-like, but got 'f32'",
        ),
        (
            "%0 = \"arith.addi\"(%a, %a, %a) : (i32, i32, i32) -> i32",
            "%a: i32",
            "'arith.addi' op expected 2 operands, but found 3",
        ),
        (
            "%0:2 = \"arith.addi\"(%a, %a) : (i32, i32) -> (i32, i32)",
            "%a: i32",
            "'arith.addi' op requires one result",
        ),
        (
            "%0 = \"arith.addi\"(%a, %b) : (i32, i64) -> i32",
            "%a: i32, %b: i64",
            "'arith.addi' op requires the same type for all operands and results",
        ),
        (
            "%0 = \"arith.addi\"(%a, %a) : (i32, i32) -> f32",
            "%a: i32",
            "'arith.addi' op result #0 must be signless-integer-like, but got 'f32'",
        ),
        (
            "%0 = \"arith.addi\"(%a, %a) ({}) : (i32, i32) -> i32",
            "%a: i32",
            "'arith.addi' op requires zero regions",
        ),
        (
            "%0 = \"arith.addi\"(%a, %a) : (bf16, bf16) -> bf16",
            "%a: bf16",
            "'arith.addi' op operand #0 must be signless-integer-like, but got 'bf16'",
        ),
    ];
    for (body, args, expected) in cases {
        assert_error(&ours(body, args), expected);
    }
    let ok = ours(
        "%0 = \"arith.addi\"(%a, %a) : (vector<2xindex>, vector<2xindex>) -> vector<2xindex>",
        "%a: vector<2xindex>",
    );
    assert!(verify_text(&ok).is_ok());
}

#[test]
fn cmpi_custom_builder_enum_accessor_and_setter() {
    let mut ctx = Context::new();
    let reg = registry(&mut ctx);
    let mut ir = Ir::new();
    let m = module(&mut ctx, &mut ir);
    let i32t = ctx.int_type(32);
    let v4 = ctx.vector_type(&[4], &[false], i32t);
    let mut b = OpBuilder::new(&mut ctx, &mut ir);
    let top = b.ir.first_block(b.ir.region(m, 0)).unwrap();
    b.set_insertion_point_to_end(top);
    let c = b.create_op("test.c", Location::UNKNOWN, &[], &[i32t, v4], None, None, 0);
    let (x, v) = (b.ir.result(c, 0), b.ir.result(c, 1));
    // The spec's own builder computes the i1-shaped result type.
    let cmp =
        CmpIOp::build_from_predicate_lhs_rhs(&mut b, Location::UNKNOWN, CmpIPredicate::Slt, x, x);
    let vcmp =
        CmpIOp::build_from_predicate_lhs_rhs(&mut b, Location::UNKNOWN, CmpIPredicate::Uge, v, v);
    // The default builder takes the result type.
    let i1 = b.ctx.int_type(1);
    let plain = CmpIOp::build(&mut b, Location::UNKNOWN, i1, CmpIPredicate::Eq, x, x);
    verify(&ctx, &ir, &reg, m, None).unwrap();
    assert_eq!(cmp.predicate(&ctx, &ir), CmpIPredicate::Slt);
    assert_eq!(plain.predicate(&ctx, &ir), CmpIPredicate::Eq);
    let vec_i1 = ctx.vector_type(&[4], &[false], i1);
    assert_eq!(ir.value_type(vcmp.result(&ir)), vec_i1);
    cmp.set_predicate(&mut ctx, &mut ir, CmpIPredicate::Ne);
    assert_eq!(cmp.predicate(&ctx, &ir), CmpIPredicate::Ne);
    let text = print_module(&ctx, &ir, &reg, m, PrintOptions::default(), None);
    assert!(
        text.contains("%1 = \"arith.cmpi\"(%0#0, %0#0) <{predicate = 1 : i64}> : (i32, i32) -> i1"),
        "{text}"
    );
    assert_eq!(verify_text(&text).unwrap(), text);
    assert_eq!(CmpIPredicate::MAX_VALUE, 9);
    // INHERENT_ATTRS: generic input with the predicate in `{...}` keeps it
    // in the properties, as mlir-opt does.
    let generic = "\"test.f\"() ({\n^bb0(%a: i32):\n  %0 = \"arith.cmpi\"(%a, %a) {foo, predicate = 2 : i64} : (i32, i32) -> i1\n}) : () -> ()\n";
    let ours = verify_text(generic).unwrap();
    assert!(
        ours.contains(
            "%0 = \"arith.cmpi\"(%arg0, %arg0) <{predicate = 2 : i64}> {foo} : (i32, i32) -> i1"
        ),
        "{ours}"
    );
}

#[test]
fn bad_cmpi_fails_as_mlir_opt_says() {
    let wrap = |args: &str, op: &str| format!("\"test.f\"() ({{ ^bb0({args}): {op} }}) : () -> ()");
    let cases = [
        (
            wrap("%a: i32", "%0 = \"arith.cmpi\"(%a, %a) : (i32, i32) -> i1"),
            "'arith.cmpi' op requires attribute 'predicate'",
        ),
        (
            wrap("%a: i32", "%0 = \"arith.cmpi\"(%a, %a) {predicate = 30 : i64} : (i32, i32) -> i1"),
            "'arith.cmpi' op attribute 'predicate' failed to satisfy constraint: allowed 64-bit signless integer cases: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9",
        ),
        (
            wrap("%a: i32", "%0 = \"arith.cmpi\"(%a, %a) {predicate = 1 : i32} : (i32, i32) -> i1"),
            "'arith.cmpi' op attribute 'predicate' failed to satisfy constraint: allowed 64-bit signless integer cases: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9",
        ),
        (
            wrap("%a: i32, %b: i64", "%0 = \"arith.cmpi\"(%a, %b) {predicate = 1 : i64} : (i32, i64) -> i1"),
            "'arith.cmpi' op requires all operands to have the same type",
        ),
        (
            wrap("%a: i32", "%0 = \"arith.cmpi\"(%a, %a) {predicate = 1 : i64} : (i32, i32) -> i32"),
            "'arith.cmpi' op result #0 must be bool-like, but got 'i32'",
        ),
        (
            wrap(
                "%a: vector<2xi32>",
                "%0 = \"arith.cmpi\"(%a, %a) {predicate = 1 : i64} : (vector<2xi32>, vector<2xi32>) -> vector<3xi1>",
            ),
            "'arith.cmpi' op failed to verify that result type has i1 element type and same shape as operands",
        ),
    ];
    for (text, expected) in cases {
        assert_error(&text, expected);
    }
}

fn launch_text(props: &str, args: &str, operands: &str, types: &str, body: &str) -> String {
    format!(
        "\"test.f\"() ({{\n^bb0({args}):\n  \"ref.launch\"({operands}) {props} ({{\n    {body}\n  }}) : ({types}) -> ()\n}}) : () -> ()\n"
    )
}

#[test]
fn launch_groups_operands_by_segment_sizes() {
    let mut ctx = Context::new();
    let reg = registry(&mut ctx);
    let mut ir = Ir::new();
    let m = module(&mut ctx, &mut ir);
    let idx = ctx.index_type();
    let i8t = ctx.int_type(8);
    let mut b = OpBuilder::new(&mut ctx, &mut ir);
    let top = b.ir.first_block(b.ir.region(m, 0)).unwrap();
    b.set_insertion_point_to_end(top);
    let c = b.create_op(
        "test.c",
        Location::UNKNOWN,
        &[],
        &[idx, idx, i8t],
        None,
        None,
        0,
    );
    let (x, y, s) = (b.ir.result(c, 0), b.ir.result(c, 1), b.ir.result(c, 2));
    let launch = LaunchOp::build(&mut b, Location::UNKNOWN, &[x, y], Some(s), Some(16));
    let body = launch.body(b.ir);
    b.create_block(body, &[], Location::UNKNOWN);
    let yield_op = YieldOp::build(&mut b, Location::UNKNOWN, &[]);
    verify(&ctx, &ir, &reg, m, None).unwrap();
    assert_eq!(launch.sizes(&ctx, &ir).collect::<Vec<_>>(), vec![x, y]);
    assert_eq!(launch.stream(&ctx, &ir), Some(s));
    assert_eq!(launch.alignment(&ctx, &ir), Some(16));
    assert_eq!(yield_op.values(&ir).len(), 0);
    let operands = [x, y, s];
    let adaptor = LaunchOpAdaptor::new(&operands, ir.props(launch.op()));
    assert_eq!(adaptor.sizes(&ctx), &[x, y]);
    assert_eq!(adaptor.stream(&ctx), Some(s));
    let text = print_module(&ctx, &ir, &reg, m, PrintOptions::default(), None);
    assert!(
        text.contains("\"ref.launch\"(%0#0, %0#1, %0#2) <{alignment = 16 : i64, operandSegmentSizes = array<i32: 2, 1>}> ({"),
        "{text}"
    );
    // Without a stream the optional group is empty; removing the
    // alignment leaves it absent.
    let mut b = OpBuilder::new(&mut ctx, &mut ir);
    b.set_insertion_point_to_end(top);
    let bare = LaunchOp::build(&mut b, Location::UNKNOWN, &[x], None, None);
    assert_eq!(bare.stream(&ctx, &ir), None);
    assert_eq!(bare.alignment_attr(&ctx, &ir), None);
    assert_eq!(bare.sizes(&ctx, &ir).len(), 1);
    launch.remove_alignment(&mut ctx, &mut ir);
    assert_eq!(launch.alignment(&ctx, &ir), None);
    launch.set_alignment(&mut ctx, &mut ir, 32);
    assert_eq!(launch.alignment(&ctx, &ir), Some(32));
}

#[test]
fn bad_launch_fails_with_mlir_messages() {
    let y = "\"ref.yield\"() : () -> ()";
    let cases = [
        (
            launch_text("", "%i: index", "%i", "index", y),
            "'ref.launch' op operand count (1) does not match with the total size (0) specified in attribute 'operandSegmentSizes'",
        ),
        (
            launch_text("<{operandSegmentSizes = array<i32: 1, 1>}>", "%i: index", "%i", "index", y),
            "'ref.launch' op operand count (1) does not match with the total size (2) specified in attribute 'operandSegmentSizes'",
        ),
        (
            launch_text("<{operandSegmentSizes = array<i32: -1, 2>}>", "%i: index", "%i", "index", y),
            "'ref.launch' op 'operandSegmentSizes' attribute cannot have negative elements",
        ),
        (
            launch_text("<{operandSegmentSizes = array<i32: 1>}>", "%i: index", "%i", "index", y),
            "invalid properties {operandSegmentSizes = array<i32: 1>} for op ref.launch: size mismatch in attribute conversion: 1 vs 2",
        ),
        (
            launch_text("<{operandSegmentSizes = array<i32: 1, 0>}>", "%i: f32", "%i", "f32", y),
            "'ref.launch' op operand #0 must be variadic of index, but got 'f32'",
        ),
        (
            launch_text("<{operandSegmentSizes = array<i32: 0, 2>}>", "%i: i8", "%i, %i", "i8, i8", y),
            "'ref.launch' op operand group starting at #0 requires 0 or 1 element, but found 2",
        ),
        (
            launch_text("<{alignment = 1.0 : f32, operandSegmentSizes = array<i32: 0, 0>}>", "", "", "", y),
            "'ref.launch' op attribute 'alignment' failed to satisfy constraint: 64-bit signless integer attribute",
        ),
        (
            launch_text("<{operandSegmentSizes = array<i32: 0, 0>}>", "", "", "", "\"test.t\"() : () -> ()"),
            "'ref.launch' op expects regions to end with 'ref.yield', found 'test.t'",
        ),
        (
            format!("\"test.f\"() ({{\n  {y}\n}}) : () -> ()\n"),
            "'ref.yield' op expects parent op 'ref.launch'",
        ),
    ];
    for (text, expected) in cases {
        assert_eq!(verify_text(&text).unwrap_err(), expected, "on {text}");
    }
    // The segment message is mlir-opt's for memref.alloc, which has the
    // same operand segments.
    let alloc = "func.func @f(%a: index) { %0 = \"memref.alloc\"(%a) <{operandSegmentSizes = array<i32: 1, 1>}> : (index) -> memref<?xf32>  return }";
    if let Some(theirs) = mlir_opt_error(alloc) {
        let ours = verify_text(&launch_text(
            "<{operandSegmentSizes = array<i32: 1, 1>}>",
            "%i: index",
            "%i",
            "index",
            y,
        ))
        .unwrap_err();
        assert_eq!(ours.replace("ref.launch", "memref.alloc"), theirs);
    }
}

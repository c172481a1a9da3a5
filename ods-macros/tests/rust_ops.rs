//! Ops defined with `#[op]`, `#[derive(Op)]` and `include_ods!`, built
//! with their generated builders, read through their accessors and
//! verified (with MLIR's messages).

// Tests use part of each op's generated API.
#![allow(dead_code)]

use ods_macros::{op, Op};
use ods_runtime::ir::builder::OpBuilder;
use ods_runtime::ir::parser::ops::parse_source;
use ods_runtime::ir::verifier::verify;
use ods_runtime::ir::{Context, Ir, Location, OpId, Registry, SourceFile};
use ods_runtime::{register_dialect, Dialect, Op as _};

mod spec {
    ods_macros::include_ods!("tests/ods/demo.ods");
}
use spec::{RoundOp, Rounding, SpecDialect};

/// Integer addition.
///
/// Adds two integers of the same type.
#[op("test.addi", traits = [Pure, Commutative, SameOperandsAndResultType])]
pub struct AddIOp {
    /// The left operand.
    lhs: SignlessIntegerLike,
    rhs: SignlessIntegerLike,
    #[result]
    sum: SignlessIntegerLike,
}

/// Multiplication, defined on a newtype.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Op)]
#[op("test.muli", traits = [Pure, SameOperandsAndResultType])]
#[op(arguments(lhs: SignlessIntegerLike, rhs: SignlessIntegerLike))]
#[op(results(product: SignlessIntegerLike))]
pub struct MulIOp(OpId);

/// Launches a grid.
#[op("test.launch", traits = [AttrSizedOperandSegments, NoTerminator])]
pub struct LaunchOp {
    sizes: Variadic<Index>,
    stream: Optional<AnySignlessInteger>,
    alignment: OptionalAttr<ConfinedAttr<I64Attr, [IntMinValue<1>]>>,
    #[arg(AnyTypeOf<[I32, F32]>)]
    payload: _,
    #[region]
    body: SizedRegion<1>,
}

/// An op with a rounding mode from a spec's enum.
#[op("test.convert", include = "tests/ods/kinds.ods")]
pub struct ConvertOp {
    input: AnyFloat,
    mode: DefaultValuedAttr<Demo_RoundingAttr, "crate::spec::Rounding::Nearest">,
    #[result]
    output: AnyInteger,
}

/// An op with its own verifier.
#[op("test.even", hasVerifier = 1)]
pub struct EvenOp {
    count: I64Attr,
}

impl EvenOp {
    fn verify_op(self, ctx: &Context, ir: &Ir) -> Result<(), ods_runtime::VerifyError> {
        if self.count(ctx, ir) & 1 == 0 {
            Ok(())
        } else {
            Err(ods_runtime::VerifyError::op_error("count must be even"))
        }
    }
}

/// Branches to `dest` when `flag` is set; a custom builder whose body is
/// Rust in a `[{ ... }]` block, with `$_state` placeholders.
#[op("test.br_if", traits = [Terminator],
     builders = [OpBuilder<(ins "::ods_runtime::ir::Value":$flag,
                               "::ods_runtime::ir::BlockId":$dest), [{
         $_state.operands.push(flag);
         $_state.successors.push(dest);
     }]>])]
pub struct BranchIfOp {
    flag: I1,
    #[successor]
    dest: AnySuccessor,
}

/// `arith.addi` as upstream declares it (operands, result, traits), so
/// its messages can be checked against `mlir-opt`.
#[op("arith.addi", traits = [Pure, Commutative, SameOperandsAndResultType])]
pub struct ArithAddIOp {
    lhs: SignlessIntegerOrIndexLike,
    rhs: SignlessIntegerOrIndexLike,
    #[result]
    result: SignlessIntegerOrIndexLike,
}

struct ArithDialect;
impl Dialect for ArithDialect {
    const NAME: &'static str = "arith";
    fn register_ops(ctx: &mut Context, reg: &mut Registry) {
        ArithAddIOp::register(ctx, reg);
    }
}

struct TestDialect;
impl Dialect for TestDialect {
    const NAME: &'static str = "test";
    fn register_ops(ctx: &mut Context, reg: &mut Registry) {
        AddIOp::register(ctx, reg);
        MulIOp::register(ctx, reg);
        LaunchOp::register(ctx, reg);
        ConvertOp::register(ctx, reg);
        EvenOp::register(ctx, reg);
        BranchIfOp::register(ctx, reg);
    }
}

fn registry(ctx: &mut Context) -> Registry {
    let mut reg = Registry::new(ctx);
    register_dialect::<TestDialect>(ctx, &mut reg);
    register_dialect::<SpecDialect>(ctx, &mut reg);
    register_dialect::<ArithDialect>(ctx, &mut reg);
    reg
}

/// A module with one block, and that block.
fn module(ctx: &mut Context, ir: &mut Ir) -> (OpId, ods_runtime::ir::BlockId) {
    let mut b = OpBuilder::new(ctx, ir);
    let m = b.create_op("builtin.module", Location::UNKNOWN, &[], &[], None, None, 1);
    let body = b.ir.region(m, 0);
    let block = b.create_block(body, &[], Location::UNKNOWN);
    (m, block)
}

/// Parses and verifies `text`: Ok, or the first error message.
fn verify_text(text: &str) -> Result<(), String> {
    let mut ctx = Context::new();
    ctx.allow_unregistered_dialects = true;
    let reg = registry(&mut ctx);
    let file = SourceFile::new("t.mlir", text);
    let (ir, m) =
        parse_source(&mut ctx, &reg, &file).map_err(|d| format!("parse: {}", d.message))?;
    verify(&ctx, &ir, &reg, m, None).map_err(|d| d.message)
}

#[test]
fn op_from_fields_builds_reads_and_verifies() {
    let mut ctx = Context::new();
    let reg = registry(&mut ctx);
    let mut ir = Ir::new();
    let (m, block) = module(&mut ctx, &mut ir);
    let i32t = ctx.int_type(32);
    let mut b = OpBuilder::new(&mut ctx, &mut ir);
    b.set_insertion_point_to_end(block);
    let c = b.create_op("other.c", Location::UNKNOWN, &[], &[i32t], None, None, 0);
    let x = b.ir.result(c, 0);
    let add = AddIOp::build(&mut b, Location::UNKNOWN, x, x);
    let sum = add.sum(b.ir);
    let mul = MulIOp::build(&mut b, Location::UNKNOWN, sum, x);
    assert_eq!((add.lhs(&ir), add.rhs(&ir)), (x, x));
    assert_eq!(
        ir.value_type(sum),
        i32t,
        "result type inferred from the operands"
    );
    assert_eq!((mul.lhs(&ir), mul.rhs(&ir)), (sum, x));
    assert_eq!(AddIOp::from_op(&ctx, &ir, add.op()), Some(add));
    assert_eq!(MulIOp::from_op(&ctx, &ir, add.op()), None);
    ctx.allow_unregistered_dialects = true;
    verify(&ctx, &ir, &reg, m, None).unwrap();
    assert_eq!(AddIOp::NAME, "test.addi");
    let operands = [sum, x];
    let adaptor = AddIOpAdaptor::new(&operands, None);
    assert_eq!((adaptor.lhs(), adaptor.rhs()), (sum, x));
}

#[test]
fn constraints_of_rust_defined_ops_reject_bad_ir_with_mlir_messages() {
    let ok = r#"%a = "other.c"() : () -> i32
%s = "test.addi"(%a, %a) : (i32, i32) -> i32
%p = "test.muli"(%s, %a) : (i32, i32) -> i32"#;
    verify_text(ok).unwrap();
    assert_eq!(
        verify_text(
            r#"%a = "other.c"() : () -> f32
%s = "test.addi"(%a, %a) : (f32, f32) -> f32"#
        )
        .unwrap_err(),
        "'test.addi' op operand #0 must be signless-integer, but got 'f32'"
    );
    assert_eq!(
        verify_text(
            r#"%a = "other.c"() : () -> i32
%p = "test.muli"(%a, %a) : (i32, i32) -> i64"#
        )
        .unwrap_err(),
        "'test.muli' op requires the same type for all operands and results"
    );
}

#[test]
fn segments_optional_attributes_and_list_constraints() {
    let mut ctx = Context::new();
    let reg = registry(&mut ctx);
    let mut ir = Ir::new();
    let (m, block) = module(&mut ctx, &mut ir);
    let index = ctx.index_type();
    let f32t = ctx.float_type(ods_runtime::ir::FloatKind::F32);
    let mut b = OpBuilder::new(&mut ctx, &mut ir);
    b.set_insertion_point_to_end(block);
    let c = b.create_op(
        "other.c",
        Location::UNKNOWN,
        &[],
        &[index, index, f32t],
        None,
        None,
        0,
    );
    let (n0, n1, v) = (b.ir.result(c, 0), b.ir.result(c, 1), b.ir.result(c, 2));
    let launch = LaunchOp::build(&mut b, Location::UNKNOWN, &[n0, n1], None, Some(16), v);
    let body = launch.body(b.ir);
    b.create_block(body, &[], Location::UNKNOWN);
    assert_eq!(launch.sizes(&ctx, &ir).collect::<Vec<_>>(), vec![n0, n1]);
    assert_eq!(launch.stream(&ctx, &ir), None);
    assert_eq!(launch.payload(&ctx, &ir), v);
    assert_eq!(launch.alignment(&ctx, &ir), Some(16));
    ctx.allow_unregistered_dialects = true;
    verify(&ctx, &ir, &reg, m, None).unwrap();

    let bad_alignment = r#"%n = "other.c"() : () -> index
%v = "other.c"() : () -> i32
"test.launch"(%n, %v) <{alignment = 0 : i64, operandSegmentSizes = array<i32: 1, 0, 1>}> ({
^bb0:
}) : (index, i32) -> ()"#;
    let err = verify_text(bad_alignment).unwrap_err();
    assert!(
        err.starts_with("'test.launch' op attribute 'alignment' failed to satisfy constraint"),
        "{err}"
    );
    let bad_payload = bad_alignment
        .replace("alignment = 0 : i64, ", "")
        .replace("-> i32", "-> i8")
        .replace("(index, i32)", "(index, i8)");
    let err = verify_text(&bad_payload).unwrap_err();
    assert!(
        err.starts_with("'test.launch' op operand #1 must be"),
        "{err}"
    );
    assert!(err.ends_with("but got 'i8'"), "{err}");
}

#[test]
fn enum_attribute_from_an_included_spec_with_its_default() {
    let mut ctx = Context::new();
    let reg = registry(&mut ctx);
    let mut ir = Ir::new();
    let (m, block) = module(&mut ctx, &mut ir);
    let f32t = ctx.float_type(ods_runtime::ir::FloatKind::F32);
    let i32t = ctx.int_type(32);
    let mut b = OpBuilder::new(&mut ctx, &mut ir);
    b.set_insertion_point_to_end(block);
    let c = b.create_op("other.c", Location::UNKNOWN, &[], &[f32t], None, None, 0);
    let x = b.ir.result(c, 0);
    let round = RoundOp::build(&mut b, Location::UNKNOWN, x, Rounding::Up);
    let rounded = round.output(b.ir);
    let convert = ConvertOp::build(&mut b, Location::UNKNOWN, i32t, rounded, None);
    assert_eq!(round.mode(&ctx, &ir), Rounding::Up);
    assert_eq!(convert.mode(&ctx, &ir), Rounding::Nearest, "the default");
    ctx.allow_unregistered_dialects = true;
    verify(&ctx, &ir, &reg, m, None).unwrap();
}

#[test]
fn has_verifier_runs_the_authors_method() {
    verify_text(r#""test.even"() {count = 4 : i64} : () -> ()"#).unwrap();
    assert_eq!(
        verify_text(r#""test.even"() {count = 3 : i64} : () -> ()"#).unwrap_err(),
        "'test.even' op count must be even"
    );
}

#[test]
fn custom_builder_and_successor() {
    let mut ctx = Context::new();
    let mut ir = Ir::new();
    let (_, block) = module(&mut ctx, &mut ir);
    let i1 = ctx.int_type(1);
    let mut b = OpBuilder::new(&mut ctx, &mut ir);
    b.set_insertion_point_to_end(block);
    let c = b.create_op("other.c", Location::UNKNOWN, &[], &[i1], None, None, 0);
    let flag = b.ir.result(c, 0);
    let br = BranchIfOp::build_from_flag_dest(&mut b, Location::UNKNOWN, flag, block);
    assert_eq!(br.flag(&ir), flag);
    assert_eq!(br.dest(&ir), block);
    assert_eq!(
        verify_text(
            r#""other.f"() ({
^bb0:
  %c = "other.c"() : () -> i32
  "test.br_if"(%c)[^bb1] : (i32) -> ()
^bb1:
  "other.return"() : () -> ()
}) : () -> ()"#
        )
        .unwrap_err(),
        "'test.br_if' op operand #0 must be 1-bit signless integer, but got 'i32'"
    );
}

/// The first `error: ` message `mlir-opt` prints for `text`, when it is
/// installed.
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

#[test]
fn a_rust_defined_upstream_op_fails_as_mlir_opt_says() {
    let cases = [
        r#"%a = "other.c"() : () -> f32
%s = "arith.addi"(%a, %a) : (f32, f32) -> f32"#,
        r#"%a = "other.c"() : () -> i32
%s = "arith.addi"(%a, %a) : (i32, i32) -> i64"#,
        r#"%a = "other.c"() : () -> i32
%s = "arith.addi"(%a) : (i32) -> i32"#,
    ];
    for text in cases {
        let ours = verify_text(text).unwrap_err();
        match mlir_opt_error(text) {
            Some(theirs) => assert_eq!(ours, theirs, "on {text}"),
            None => eprintln!("mlir-opt not found: {ours}"),
        }
    }
    let text = r#"%a = "other.c"() : () -> index
%s = "arith.addi"(%a, %a) : (index, index) -> index"#;
    verify_text(text).unwrap();
}

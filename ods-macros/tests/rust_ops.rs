//! Ops defined with `#[op]`, `#[derive(Op)]` and `include_ods!`, built
//! with their generated builders, read through their accessors and
//! verified (with MLIR's messages).

// Tests use part of each op's generated API.
#![allow(dead_code)]

use ods_macros::{op, Op};
use ods_runtime::dialect::ListsOp;
use ods_runtime::ir::printer::ops::PrintOptions;
use ods_runtime::ir::{Context, Ir, Location, OpId, Registry};
use ods_runtime::testing::{self, Fixture};
use ods_runtime::{register_dialect, Dialect, Op as _};

const LOC: Location = Location::UNKNOWN;

mod spec {
    ods_macros::include_ods!("tests/ods/demo.ods");
}
use spec::{RoundOp, Rounding, SpecDialect};

/// Integer addition.
///
/// Adds two integers of the same type.
#[op("test.addi", dialect = TestDialect, traits = [Pure, Commutative, SameOperandsAndResultType])]
pub struct AddIOp {
    /// The left operand.
    lhs: SignlessIntegerLike,
    rhs: SignlessIntegerLike,
    #[result]
    sum: SignlessIntegerLike,
}

/// Multiplication, defined on a newtype.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Op)]
#[op("test.muli", dialect = TestDialect, traits = [Pure, SameOperandsAndResultType])]
#[op(arguments(lhs: SignlessIntegerLike, rhs: SignlessIntegerLike))]
#[op(results(product: SignlessIntegerLike))]
pub struct MulIOp(OpId);

/// Launches a grid.
#[op("test.launch", dialect = TestDialect, traits = [AttrSizedOperandSegments, NoTerminator])]
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
#[op("test.convert", dialect = TestDialect, include = "tests/ods/kinds.ods")]
pub struct ConvertOp {
    input: AnyFloat,
    mode: DefaultValuedAttr<Demo_RoundingAttr, "crate::spec::Rounding::Nearest">,
    #[result]
    output: AnyInteger,
}

/// The spec again, named relative to this file (`./`, as `include_str!`
/// reads paths) rather than to the crate root.
mod spec_by_file_path {
    ods_macros::include_ods!("./ods/demo.ods");
}

/// `include` named relative to this file.
#[op("test.convert_here", dialect = TestDialect, include = "./ods/kinds.ods")]
pub struct ConvertHereOp {
    input: AnyFloat,
    mode: DefaultValuedAttr<Demo_RoundingAttr, "crate::spec::Rounding::Nearest">,
    #[result]
    output: AnyInteger,
}

/// An op with its own verifier.
#[op("test.even", dialect = TestDialect, hasVerifier = 1)]
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
#[op("test.br_if", dialect = TestDialect, traits = [Terminator],
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

/// A declarative assembly format written in `#[op]`: the same generated
/// parser and printer as from `.ods`.
#[op("test.sub", dialect = TestDialect, traits = [Pure, SameOperandsAndResultType],
     assemblyFormat = "$lhs `,` $rhs attr-dict `:` type($diff)")]
pub struct SubIOp {
    lhs: SignlessIntegerLike,
    rhs: SignlessIntegerLike,
    #[result]
    diff: SignlessIntegerLike,
}

/// `arith.addi` as upstream declares it (operands, result, traits), so
/// its messages can be checked against `mlir-opt`.
#[op("arith.addi", dialect = ArithDialect, traits = [Pure, Commutative, SameOperandsAndResultType])]
pub struct ArithAddIOp {
    lhs: SignlessIntegerOrIndexLike,
    rhs: SignlessIntegerOrIndexLike,
    #[result]
    result: SignlessIntegerOrIndexLike,
}

struct ArithDialect;
// A hand-written dialect says which ops its `register_ops` registers, as
// `#[dialect(ops = [...])]` does, for the ops' `dialect = ...` check.
impl ListsOp<ArithAddIOp> for ArithDialect {}
impl Dialect for ArithDialect {
    const NAME: &'static str = "arith";
    fn register_ops(ctx: &mut Context, reg: &mut Registry) {
        ArithAddIOp::register(ctx, reg);
    }
}

struct TestDialect;
impl ListsOp<AddIOp> for TestDialect {}
impl ListsOp<MulIOp> for TestDialect {}
impl ListsOp<LaunchOp> for TestDialect {}
impl ListsOp<ConvertOp> for TestDialect {}
impl ListsOp<ConvertHereOp> for TestDialect {}
impl ListsOp<EvenOp> for TestDialect {}
impl ListsOp<BranchIfOp> for TestDialect {}
impl ListsOp<SubIOp> for TestDialect {}
impl Dialect for TestDialect {
    const NAME: &'static str = "test";
    fn register_ops(ctx: &mut Context, reg: &mut Registry) {
        AddIOp::register(ctx, reg);
        MulIOp::register(ctx, reg);
        LaunchOp::register(ctx, reg);
        ConvertOp::register(ctx, reg);
        ConvertHereOp::register(ctx, reg);
        EvenOp::register(ctx, reg);
        BranchIfOp::register(ctx, reg);
        SubIOp::register(ctx, reg);
    }
}

fn registry(ctx: &mut Context) -> Registry {
    let mut reg = Registry::new(ctx);
    register_dialect::<TestDialect>(ctx, &mut reg);
    register_dialect::<SpecDialect>(ctx, &mut reg);
    register_dialect::<ArithDialect>(ctx, &mut reg);
    reg
}

/// Parses and verifies `text`: Ok, or the first error message.
fn verify_text(text: &str) -> Result<(), String> {
    testing::verify_text(text, registry, PrintOptions::default()).map(drop)
}

#[test]
fn op_from_fields_builds_reads_and_verifies() {
    let mut fx = Fixture::new(registry);
    let x = fx.value("i32");
    let mut b = fx.builder();
    let add = AddIOp::build(&mut b, LOC, x, x);
    let sum = add.sum(b.ctx, b.ir);
    let mul = MulIOp::build(&mut b, LOC, sum, x);
    fx.verify().unwrap();
    let i32t = fx.ty("i32");
    let (ctx, ir) = (&fx.ctx, &fx.ir);
    assert_eq!((add.lhs(ctx, ir), add.rhs(ctx, ir)), (x, x));
    assert_eq!(
        ir.value_type(sum),
        i32t,
        "result type inferred from the operands"
    );
    assert_eq!((mul.lhs(ctx, ir), mul.rhs(ctx, ir)), (sum, x));
    assert_eq!(AddIOp::from_op(ctx, ir, add.op()), Some(add));
    assert_eq!(MulIOp::from_op(ctx, ir, add.op()), None);
    assert_eq!(AddIOp::NAME, "test.addi");
    let operands = [sum, x];
    let adaptor = AddIOpAdaptor::new(&operands, None);
    assert_eq!((adaptor.lhs(ctx), adaptor.rhs(ctx)), (sum, x));
}

/// Paths starting with `./` or `../` are relative to the invoking file.
#[test]
fn spec_paths_relative_to_the_invoking_file() {
    assert_eq!(spec_by_file_path::RoundOp::NAME, spec::RoundOp::NAME);
    let op = "%b = \"test.convert_here\"(%a) : (f32) -> i32";
    assert_eq!(verify_text(&after_value("f32", op)), Ok(()));
    // In the attribute dictionary: `<{...}>` rejects a value that is no
    // case as a property conversion.
    let bad_mode = "%b = \"test.convert_here\"(%a) {mode = 7 : i32} : (f32) -> i32";
    let err = verify_text(&after_value("f32", bad_mode)).unwrap_err();
    assert!(err.contains("how to round"), "{err}");
}

/// `op` after `%a`, a value of type `ty`.
fn after_value(ty: &str, op: &str) -> String {
    format!("%a = \"other.c\"() : () -> {ty}\n{op}")
}

/// Field types and traits become the constraints they name. The
/// `#[op]` declaration of upstream's `arith.addi` checks what upstream's
/// does: its messages are `mlir-opt`'s.
#[test]
fn constraints_of_rust_defined_ops_reject_bad_ir_with_mlir_messages() {
    let ok = [
        ("i32", "%s = \"test.addi\"(%a, %a) : (i32, i32) -> i32\n%p = \"test.muli\"(%s, %a) : (i32, i32) -> i32"),
        ("index", "%s = \"arith.addi\"(%a, %a) : (index, index) -> index"),
    ];
    for (ty, op) in ok {
        verify_text(&after_value(ty, op)).unwrap();
    }
    let cases = [
        (
            "f32",
            "%s = \"test.addi\"(%a, %a) : (f32, f32) -> f32",
            "'test.addi' op operand #0 must be signless-integer, but got 'f32'",
        ),
        (
            "i32",
            "%p = \"test.muli\"(%a, %a) : (i32, i32) -> i64",
            "'test.muli' op requires the same type for all operands and results",
        ),
        (
            "f32",
            "%s = \"arith.addi\"(%a, %a) : (f32, f32) -> f32",
            "'arith.addi' op operand #0 must be signless-integer-like, but got 'f32'",
        ),
        (
            "i32",
            "%s = \"arith.addi\"(%a, %a) : (i32, i32) -> i64",
            "'arith.addi' op requires the same type for all operands and results",
        ),
        (
            "i32",
            "%s = \"arith.addi\"(%a) : (i32) -> i32",
            "'arith.addi' op expected 2 operands, but found 1",
        ),
    ];
    for (ty, op, expected) in cases {
        let text = after_value(ty, op);
        if op.contains("\"arith.") {
            testing::assert_error(&text, registry, expected);
        } else {
            assert_eq!(verify_text(&text), Err(expected.to_string()), "on {text}");
        }
    }
}

#[test]
fn segments_optional_attributes_and_list_constraints() {
    let mut fx = Fixture::new(registry);
    let [n0, n1, v] = fx.values(&["index", "index", "f32"]);
    let mut b = fx.builder();
    let launch = LaunchOp::build(&mut b, LOC, &[n0, n1], None, Some(16), v);
    let body = launch.body(b.ir);
    b.create_block(body, &[], LOC);
    fx.verify().unwrap();
    let (ctx, ir) = (&fx.ctx, &fx.ir);
    assert_eq!(launch.sizes(ctx, ir).collect::<Vec<_>>(), vec![n0, n1]);
    assert_eq!(launch.stream(ctx, ir), None);
    assert_eq!(launch.payload(ctx, ir), v);
    assert_eq!(launch.alignment(ctx, ir), Some(16));

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

/// Values from handles, resolved by the builder once it holds the IR: a
/// one-result op stands for its result, `ResultOf` names any result, and a
/// long build takes its arguments by name; no value needs a local first.
#[test]
fn builders_take_op_handles_and_named_arguments() {
    let mut fx = Fixture::new(registry);
    let [n0, x] = fx.values(&["index", "i32"]);
    let mut b = fx.builder();
    let add = AddIOp::build(&mut b, LOC, x, x);
    let twice = AddIOp::build(&mut b, LOC, add, ods_runtime::ResultOf::new(add.op(), 0));
    let launch = LaunchOpArgs {
        sizes: &[n0],
        stream: None,
        alignment: Some(16),
        payload: twice.sum(b.ctx, b.ir),
    }
    .build(&mut b, LOC);
    let body = launch.body(b.ir);
    b.create_block(body, &[], LOC);
    fx.verify().unwrap();
    let (ctx, ir) = (&fx.ctx, &fx.ir);
    assert_eq!(
        (twice.lhs(ctx, ir), twice.rhs(ctx, ir)),
        (add.sum(ctx, ir), add.sum(ctx, ir))
    );
    assert_eq!(launch.payload(&fx.ctx, ir), twice.sum(ctx, ir));
    assert_eq!(launch.alignment(&fx.ctx, ir), Some(16));
}

#[test]
fn enum_attribute_from_an_included_spec_with_its_default() {
    let mut fx = Fixture::new(registry);
    let (x, i32t) = (fx.value("f32"), fx.ty("i32"));
    let mut b = fx.builder();
    let round = RoundOp::build(&mut b, LOC, x, Rounding::Up);
    let rounded = round.output(b.ctx, b.ir);
    let convert = ConvertOp::build(&mut b, LOC, i32t, rounded, None);
    fx.verify().unwrap();
    assert_eq!(round.mode(&fx.ctx, &fx.ir), Rounding::Up);
    assert_eq!(
        convert.mode(&fx.ctx, &fx.ir),
        Rounding::Nearest,
        "the default"
    );
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
    let mut fx = Fixture::new(registry);
    let flag = fx.value("i1");
    let block = fx.block;
    let br = BranchIfOp::build_from_flag_dest(&mut fx.builder(), LOC, flag, block);
    assert_eq!(br.flag(&fx.ctx, &fx.ir), flag);
    assert_eq!(br.dest(&fx.ir), block);
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

#[test]
fn assembly_format_from_op_attribute_reads_and_prints() {
    let custom = "module {\n  %0:2 = \"src.values\"() : () -> (i32, i32)\n  %1 = test.sub %0#0, %0#1 {tag} : i32\n}\n";
    let printed = testing::verify_text(custom, registry, PrintOptions::default()).unwrap();
    assert_eq!(printed, custom);
    let generic = custom.replace(
        "test.sub %0#0, %0#1 {tag} : i32",
        "\"test.sub\"(%0#0, %0#1) {tag} : (i32, i32) -> i32",
    );
    let printed = testing::verify_text(&generic, registry, PrintOptions::default()).unwrap();
    assert_eq!(printed, custom);
    let err = verify_text("%0 = \"src.values\"() : () -> i32\n%1 = test.sub %0 : i32").unwrap_err();
    assert_eq!(err, "parse: expected ','");
}

/// `Op::register` alone registers an op's interface tables (here `Pure`'s
/// memory effects): a dialect listing its `#[op]`s cannot forget them.
#[test]
fn registering_an_op_registers_its_interfaces() {
    let mut fx = Fixture::new(registry);
    let x = fx.value("i32");
    let mut b = fx.builder();
    let add = AddIOp::build(&mut b, LOC, x, x);
    let reg = registry(&mut fx.ctx);
    let effects = ods_runtime::interface::<ods_runtime::interfaces::MemoryEffectOpInterfaceRef>(
        &reg,
        &fx.ir,
        add.op(),
    );
    assert!(
        effects.is_some(),
        "test.addi has no MemoryEffectOpInterface"
    );
}

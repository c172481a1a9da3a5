//! The generated func, cf and arith ops through their Rust API and through
//! `ods-opt`'s registry: a function built with the builders verifies, its
//! accessors read back what was built, `mlir-opt` accepts what we print,
//! and bad generic IR fails with `mlir-opt`'s message at `mlir-opt`'s
//! place (checked against the installed `mlir-opt` when there is one).

use crate::arith::{AddIOp, CmpIOp, CmpIPredicate, ConstantOp, IntegerOverflowFlags};
use crate::cf::{BranchOp, CondBranchOp};
use crate::func::{CallOp, FuncOp, ReturnOp};
use crate::testing::{assert_verify_errors, our_first_error, ours, theirs};
use ir::builder::OpBuilder;
use ir::printer::ops::{print_module, PrintOptions};
use ir::verifier::verify;
use ir::{Context, Ir, Location, OpId};
use ods_runtime::Op;

/// Builds, through the generated API:
///
/// ```text
/// func.func @id(%x: i32) -> i32 { return %x }
/// func.func @main(%a: i32, %b: i32) -> i1 {
///   %c = arith.constant 3 : i32
///   %s = arith.addi %a, %c overflow<nsw>
///   %p = arith.cmpi slt, %s, %b
///   cf.cond_br %p, ^bb1, ^bb2(%s)
/// ^bb1: cf.br ^bb2(%b)
/// ^bb2(%v: i32):
///   %r = func.call @id(%v)
///   %q = arith.cmpi eq, %r, %v
///   return %q
/// }
/// ```
struct Built {
    id: FuncOp,
    add: AddIOp,
    cmp: CmpIOp,
    cond: CondBranchOp,
    call: CallOp,
}

fn build(ctx: &mut Context, ir: &mut Ir, m: OpId) -> Built {
    let i32t = ctx.int_type(32);
    let i1 = ctx.int_type(1);
    let id_type = ctx.function_type(&[i32t], &[i32t]);
    let main_type = ctx.function_type(&[i32t, i32t], &[i1]);
    let three = ctx.integer_attr(i32t, 3);
    let loc = Location::UNKNOWN;
    let mut b = OpBuilder::new(ctx, ir);
    let top = b.ir.first_block(b.ir.region(m, 0)).unwrap();
    b.set_insertion_point_to_end(top);

    let id = FuncOp::build_from_name_type(&mut b, loc, "id", id_type);
    let entry = b.create_block(id.body(b.ir), &[i32t], loc);
    let x = b.ir.argument(entry, 0);
    ReturnOp::build(&mut b, loc, &[x]);

    b.set_insertion_point_to_end(top);
    let main = FuncOp::build_from_name_type(&mut b, loc, "main", main_type);
    let body = main.body(b.ir);
    let entry = b.create_block(body, &[i32t, i32t], loc);
    let then = b.create_block(body, &[], loc);
    let join = b.create_block(body, &[i32t], loc);
    let (a, bv) = (b.ir.argument(entry, 0), b.ir.argument(entry, 1));
    b.set_insertion_point_to_end(entry);
    let c = ConstantOp::build(&mut b, loc, i32t, three);
    let c = b.ir.result(c.op(), 0);
    let add = AddIOp::build(&mut b, loc, a, c, Some(IntegerOverflowFlags::NSW));
    let s = add.result(b.ctx, b.ir);
    let cmp = CmpIOp::build(&mut b, loc, i1, CmpIPredicate::Slt, s, bv);
    let p = cmp.result(b.ctx, b.ir);
    let cond = CondBranchOp::build_from_condition_true_dest_true_operands_false_dest_false_operands(
        &mut b,
        loc,
        p,
        then,
        &[],
        join,
        &[s],
    );
    b.set_insertion_point_to_end(then);
    BranchOp::build_from_dest_dest_operands(&mut b, loc, join, &[bv]);
    b.set_insertion_point_to_end(join);
    let v = b.ir.argument(join, 0);
    let call = CallOp::build_from_callee_operands(&mut b, loc, id, &[v]);
    let r = b.ir.result(call.op(), 0);
    let eq = CmpIOp::build(&mut b, loc, i1, CmpIPredicate::Eq, r, v);
    let q = eq.result(b.ctx, b.ir);
    ReturnOp::build(&mut b, loc, &[q]);
    Built {
        id,
        add,
        cmp,
        cond,
        call,
    }
}

#[test]
fn a_function_built_through_the_generated_api_verifies() {
    let mut ctx = Context::new();
    let reg = crate::registry(&mut ctx);
    let mut ir = Ir::new();
    let (m, _) = ods_runtime::testing::module(&mut ctx, &mut ir);
    let built = build(&mut ctx, &mut ir, m);
    verify(&ctx, &ir, &reg, m, None).unwrap();

    // Accessors read back what the builders stored.
    let i32t = ctx.int_type(32);
    assert_eq!(built.id.sym_name(&ctx, &ir), "id");
    assert_eq!(
        built.id.function_type(&ctx, &ir),
        ctx.function_type(&[i32t], &[i32t])
    );
    assert!(!built.id.is_external(&ir));
    assert_eq!(built.cmp.predicate(&ctx, &ir), CmpIPredicate::Slt);
    assert_eq!(
        built.add.overflow_flags(&ctx, &ir),
        IntegerOverflowFlags::NSW
    );
    assert_eq!(built.call.callee(&ctx, &ir), "id");
    assert_eq!(built.call.arg_operands(&ir).len(), 1);
    assert_eq!(built.cond.true_operands(&ctx, &ir), vec![]);
    assert_eq!(built.cond.false_operands(&ctx, &ir).len(), 1);

    // mlir-opt reads what we print (func.func in its custom form, the
    // others generic until the assembly-format compiler exists) and prints
    // the same IR in generic form as we do.
    let text = print_module(&ctx, &ir, &reg, m, PrintOptions::default(), None);
    assert!(
        text.contains("func.func @main(%arg0: i32, %arg1: i32) -> i1 {"),
        "{text}"
    );
    let generic = PrintOptions {
        generic: true,
        debug_info: false,
        local_scope: false,
    };
    let our_generic = ours(&text, crate::registry, generic).unwrap();
    assert!(
        our_generic.contains("\"arith.addi\"(%arg0, %0) <{overflowFlags = #arith.overflow<nsw>}>"),
        "{our_generic}"
    );
    if let Some(reference) = theirs(&text, &["--mlir-print-op-generic"]) {
        assert_eq!(reference.unwrap().trim_end(), our_generic.trim_end());
    }
}

#[test]
fn dominance_holds_in_function_bodies() {
    // A func.func body is an SSACFG region: a use before its definition
    // fails, as in mlir-opt; the same ops in a graph region of an
    // unregistered op would not.
    let text = "func.func @f() {\n  \"t.use\"(%0) : (i32) -> ()\n  %0 = \"t.def\"() : () -> i32\n  \"func.return\"() : () -> ()\n}\n";
    assert_verify_errors(
        crate::registry,
        &[(text, "2:3: operand #0 does not dominate this use")],
    );
}

fn wrap(ops: &str) -> String {
    format!(
        "func.func private @g(i32) -> i32\nfunc.func @f(%a: i32, %b: i64, %x: f32, %c: i1, %v: vector<2xi1>, %w: vector<3xi32>) {{\n  {ops}\n  \"func.return\"() : () -> ()\n^bb1(%y: i32):\n  \"func.return\"() : () -> ()\n}}\n"
    )
}

/// Like [`wrap`], with `op` ending the entry block.
fn wrap_terminator(op: &str) -> String {
    format!(
        "func.func private @g(i32) -> i32\nfunc.func @f(%a: i32, %b: i64) {{\n  {op}\n^bb1(%y: i32):\n  \"func.return\"() : () -> ()\n}}\n"
    )
}

#[test]
fn bad_ops_fail_as_mlir_opt_says() {
    let cases = [
        (
            wrap("%0 = \"arith.addi\"(%x, %x) : (f32, f32) -> f32"),
            "3:8: 'arith.addi' op operand #0 must be signless-integer-like, but got 'f32'",
        ),
        (
            wrap("%0 = \"arith.addi\"(%a, %b) : (i32, i64) -> i32"),
            "3:8: 'arith.addi' op requires the same type for all operands and results",
        ),
        (
            wrap("%0 = \"arith.cmpi\"(%a, %a) : (i32, i32) -> i1"),
            "3:8: 'arith.cmpi' op requires attribute 'predicate'",
        ),
        (
            wrap("%0 = \"arith.cmpi\"(%a, %a) <{predicate = 2 : i64}> : (i32, i32) -> i32"),
            "3:8: 'arith.cmpi' op result #0 must be bool-like, but got 'i32'",
        ),
        (
            wrap("%0 = \"arith.cmpi\"(%a, %a) {predicate = 12 : i64} : (i32, i32) -> i1"),
            "3:8: 'arith.cmpi' op attribute 'predicate' failed to satisfy constraint: allowed 64-bit signless integer cases: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9",
        ),
        (
            wrap("%0 = \"arith.constant\"() <{value = 1 : i64}> : () -> i32"),
            "3:8: 'arith.constant' op failed to verify that all of {value, result} have same type",
        ),
        (
            wrap("%0 = \"arith.extui\"(%b) : (i64) -> i32"),
            "3:8: 'arith.extui' op operand type 'i64' and result type 'i32' are cast incompatible",
        ),
        (
            wrap("%0 = \"arith.select\"(%v, %w, %w) : (vector<2xi1>, vector<3xi32>, vector<3xi32>) -> vector<3xi32>"),
            "3:8: 'arith.select' op failed to verify that condition is signless i1 or has matching shape",
        ),
        (
            wrap_terminator("\"cf.cond_br\"(%a, %a, %a)[^bb1, ^bb1] <{operandSegmentSizes = array<i32: 1, 1, 1>}> : (i32, i32, i32) -> ()"),
            "3:3: 'cf.cond_br' op operand #0 must be 1-bit signless integer, but got 'i32'",
        ),
        (
            wrap_terminator("\"cf.br\"()[^bb1] : () -> ()"),
            "3:3: branch has 0 operands for successor #0, but target block has 1",
        ),
        (
            wrap("%0 = \"func.call\"(%a) <{callee = @nope}> : (i32) -> i32"),
            "3:8: 'func.call' op 'nope' does not reference a valid function",
        ),
        (
            wrap("%0 = \"func.call\"(%b) <{callee = @g}> : (i64) -> i32"),
            "3:8: 'func.call' op operand type mismatch: expected operand type 'i32', but provided 'i64' for operand number 0",
        ),
        (
            wrap_terminator("\"func.return\"(%a) : (i32) -> ()"),
            "3:3: 'func.return' op has 1 operands, but enclosing function (@f) returns 0",
        ),
        (
            "\"t.region\"() ({\n  \"func.return\"() : () -> ()\n}) : () -> ()\n".to_string(),
            "2:3: 'func.return' op expects parent op 'func.func'",
        ),
        (
            "\"func.func\"() <{function_type = (i32) -> (), sym_name = \"h\"}> ({\n^bb0(%a: i64):\n  \"func.return\"() : () -> ()\n}) : () -> ()\n".to_string(),
            "1:1: 'func.func' op type of entry block argument #0('i64') must match the type of the corresponding argument in function signature('i32')",
        ),
        (
            "\"func.func\"() <{sym_name = \"h\"}> ({\n}) : () -> ()\n".to_string(),
            "1:1: 'func.func' op requires attribute 'function_type'",
        ),
    ];
    let cases: Vec<(&str, &str)> = cases.iter().map(|(t, e)| (t.as_str(), *e)).collect();
    assert_verify_errors(crate::registry, &cases);
    // The wrapper itself is fine.
    assert_eq!(our_first_error(&wrap(""), crate::registry), Ok(()));
}

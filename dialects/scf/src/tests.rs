//! scf through its Rust API: IR made with the hand-written builders
//! verifies, its accessors read back what was built, and `mlir-opt` (when
//! installed) reads what we print and prints it as we do. The custom forms
//! and the verifiers' messages are checked against `mlir-opt` by the
//! corpora in `tests/corpus/custom-forms/scf.mlir` and
//! `tests/lit/verify/scf_invalid.mlir`.

use super::*;
use crate::testing::{ours, theirs};
use dialect_arith::ConstantOp;
use dialect_func::{FuncOp, ReturnOp};
use ir::builder::OpBuilder;
use ir::printer::ops::{print_module, PrintOptions};
use ir::verifier::verify;
use ir::{Context, Ir, Location, OpId, Value};
use ods_runtime::Op;

/// What the test reads back after building.
struct Built {
    sum: ForOp,
    pick: IfOp,
    count: WhileOp,
    product: ParallelOp,
    grid: ForallOp,
}

/// `func.func @loops(%n: index, %x: i32, %c: i1, %t: tensor<4xf32>) -> i32`
/// holding one op of each kind, built only through the builders.
fn build(ctx: &mut Context, ir: &mut Ir, m: OpId) -> Built {
    let loc = Location::UNKNOWN;
    let index = ctx.index_type();
    let i32t = ctx.int_type(32);
    let i1 = ctx.int_type(1);
    let f32t = ctx.float_type(ir::FloatKind::F32);
    let tensor = ctx.ranked_tensor_type(&[4], f32t, None);
    let signature = ctx.function_type(&[index, i32t, i1, tensor], &[i32t]);
    let zero_attr = ctx.integer_attr(index, 0);
    let one_attr = ctx.integer_attr(index, 1);
    let mut b = OpBuilder::new(ctx, ir);
    let top = b.ir.first_block(b.ir.region(m, 0)).unwrap();
    b.set_insertion_point_to_end(top);
    let func = FuncOp::build_from_name_type(&mut b, loc, "loops", signature);
    let entry = b.create_block(func.body(b.ir), &[index, i32t, i1, tensor], loc);
    let args: Vec<Value> = b.ir.arguments(entry).collect();
    let (n, x, c, t) = (args[0], args[1], args[2], args[3]);
    let zero = ConstantOp::build(&mut b, loc, index, zero_attr);
    let zero = b.ir.result(zero.op(), 0);
    let one = ConstantOp::build(&mut b, loc, index, one_attr);
    let one = b.ir.result(one.op(), 0);

    // scf.for carrying %x, yielding it back.
    let mut body = |b: &mut OpBuilder<'_>, loc: Location, _iv: Value, carried: &[Value]| {
        YieldOp::build(b, loc, carried);
    };
    let sum = ForOp::build_from_lower_bound_upper_bound_step_init_args_body_builder_unsigned_cmp(
        &mut b,
        loc,
        zero,
        n,
        one,
        &[x],
        Some(&mut body),
        false,
    );
    let summed = b.ir.result(sum.op(), 0);

    // scf.if whose results come from the then block's yield.
    let mut then = |b: &mut OpBuilder<'_>, loc: Location| {
        YieldOp::build(b, loc, &[summed]);
    };
    let mut otherwise = |b: &mut OpBuilder<'_>, loc: Location| {
        YieldOp::build(b, loc, &[x]);
    };
    let pick = IfOp::build_from_cond_then_builder_else_builder(
        &mut b,
        loc,
        c,
        Some(&mut then),
        Some(&mut otherwise),
    );
    let picked = b.ir.result(pick.op(), 0);

    // scf.while forwarding its value until %c is false.
    let mut before = |b: &mut OpBuilder<'_>, loc: Location, args: &[Value]| {
        ConditionOp::build(b, loc, c, args);
    };
    let mut after = |b: &mut OpBuilder<'_>, loc: Location, args: &[Value]| {
        YieldOp::build(b, loc, args);
    };
    let count = WhileOp::build_from_result_types_inits_before_builder_after_builder(
        &mut b,
        loc,
        &[i32t],
        &[picked],
        &mut before,
        &mut after,
    );
    let counted = b.ir.result(count.op(), 0);

    // scf.parallel reducing one value, its scf.reduce built by hand.
    let mut reduce_body = |b: &mut OpBuilder<'_>, loc: Location, _ivs: &[Value], _: &[Value]| {
        let reduce = ReduceOp::build_from_operands(b, loc, &[counted]);
        let block = b.ir.first_block(b.ir.region(reduce.op(), 0)).unwrap();
        let lhs = b.ir.argument(block, 0);
        b.set_insertion_point_to_end(block);
        ReduceReturnOp::build(b, loc, lhs);
    };
    let product = ParallelOp::build_from_lower_bounds_upper_bounds_steps_init_vals_body_builder_fn(
        &mut b,
        loc,
        &[zero],
        &[n],
        &[one],
        &[counted],
        Some(&mut reduce_body),
    );
    let reduced = b.ir.result(product.op(), 0);

    // scf.forall over (%n, 8) sharing %t; the body gets its terminator.
    let grid = ForallOp::build_from_ubs_outputs_mapping_body_builder_fn(
        &mut b,
        loc,
        &[OpFoldResult::Value(n), OpFoldResult::Static(8)],
        &[t],
        None,
        None,
    );
    ReturnOp::build(&mut b, loc, &[reduced]);
    Built {
        sum,
        pick,
        count,
        product,
        grid,
    }
}

#[test]
fn ops_built_with_the_builders_verify_and_print_as_mlir_opt_reads_them() {
    let mut ctx = Context::new();
    let reg = crate::testing::registry(&mut ctx);
    let mut ir = Ir::new();
    let (m, _) = ods_runtime::testing::module(&mut ctx, &mut ir);
    let built = build(&mut ctx, &mut ir, m);
    verify(&ctx, &ir, &reg, m, None).unwrap();

    // Accessors read back what the builders made.
    let index = ctx.index_type();
    let iv = built.sum.induction_var(&ir);
    assert_eq!(ir.value_type(iv), index);
    assert_eq!(built.sum.region_iter_args(&ir).len(), 1);
    assert!(built.pick.else_block(&ir).is_some());
    assert_eq!(ir.num_results(built.pick.op()), 1);
    assert_eq!(built.count.before_arguments(&ir).len(), 1);
    assert_eq!(built.count.after_arguments(&ir).len(), 1);
    assert_eq!(built.product.induction_vars(&ir).len(), 1);
    assert_eq!(built.grid.rank(&ctx, &ir), 2);
    assert_eq!(built.grid.induction_vars(&ctx, &ir).len(), 2);
    assert_eq!(built.grid.region_out_args(&ctx, &ir).len(), 1);
    assert_eq!(built.grid.static_upper_bound(&ctx, &ir), vec![DYNAMIC, 8]);

    // mlir-opt reads the custom form we print and prints it back alike.
    let text = print_module(&ctx, &ir, &reg, m, PrintOptions::default(), None);
    assert!(text.contains("scf.forall (%arg4, %arg5) in (%arg0, 8) shared_outs(%arg6 = %arg3) -> (tensor<4xf32>) {"), "{text}");
    let again = ours(&text, crate::testing::registry, PrintOptions::default()).unwrap();
    assert_eq!(again, text);
    if let Some(reference) = theirs(&text, &[]) {
        assert_eq!(reference.unwrap().trim_end(), text.trim_end());
    }
}

#[test]
fn builders_without_a_body_builder_add_the_implicit_terminators() {
    let mut ctx = Context::new();
    let reg = crate::testing::registry(&mut ctx);
    let mut ir = Ir::new();
    let (m, _) = ods_runtime::testing::module(&mut ctx, &mut ir);
    let loc = Location::UNKNOWN;
    let index = ctx.index_type();
    let i1 = ctx.int_type(1);
    let signature = ctx.function_type(&[index, i1], &[]);
    let mut b = OpBuilder::new(&mut ctx, &mut ir);
    let top = b.ir.first_block(b.ir.region(m, 0)).unwrap();
    b.set_insertion_point_to_end(top);
    let func = FuncOp::build_from_name_type(&mut b, loc, "bare", signature);
    let entry = b.create_block(func.body(b.ir), &[index, i1], loc);
    let (n, c) = (b.ir.argument(entry, 0), b.ir.argument(entry, 1));
    let for_op = ForOp::build_from_lower_bound_upper_bound_step_init_args_body_builder_unsigned_cmp(
        &mut b,
        loc,
        n,
        n,
        n,
        &[],
        None,
        true,
    );
    let if_op = IfOp::build_from_cond_with_else_region(&mut b, loc, c, true);
    let parallel = ParallelOp::build_from_lower_bounds_upper_bounds_steps_body_builder_fn(
        &mut b,
        loc,
        &[n],
        &[n],
        &[n],
        None,
    );
    ReturnOp::build(&mut b, loc, &[]);
    let names: Vec<String> = [
        (for_op.op(), 0),
        (if_op.op(), 0),
        (if_op.op(), 1),
        (parallel.op(), 0),
    ]
    .iter()
    .map(|&(op, r)| {
        let block = ir.first_block(ir.region(op, r)).unwrap();
        ctx.str(ir.op_name(ir.last_op(block).unwrap())).to_string()
    })
    .collect();
    assert_eq!(names, ["scf.yield", "scf.yield", "scf.yield", "scf.reduce"]);
    assert!(for_op.unsigned_cmp(&ctx, &ir));
    verify(&ctx, &ir, &reg, m, None).unwrap();
    let text = print_module(&ctx, &ir, &reg, m, PrintOptions::default(), None);
    if let Some(reference) = theirs(&text, &[]) {
        assert_eq!(reference.unwrap().trim_end(), text.trim_end());
    }
}

#[test]
fn ops_in_scf_regions_have_no_default_dialect() {
    // scf ops name no default dialect, so inside their regions a bare name
    // is not looked up in `func` (as it is directly in a `func.func` in
    // its custom form).
    let cases = [
        (
            "func.func @f(%n: index) {\n  scf.for %i = %n to %n step %n {\n    yield\n  }\n  return\n}\n",
            "3:5: Dialect `' not found for custom op 'yield'  (tried '.yield' as well)",
        ),
        (
            "func.func @f(%c: i1) {\n  scf.if %c {\n    return\n  }\n  return\n}\n",
            "3:5: Dialect `' not found for custom op 'return'  (tried '.return' as well)",
        ),
        // The generic form names no default dialect either: `builtin`
        // stays in force.
        (
            "\"func.func\"() <{function_type = () -> (), sym_name = \"f\"}> ({\n  return\n}) : () -> ()\n",
            "2:3: custom op 'return' is unknown (tried 'builtin.return' as well)",
        ),
    ];
    crate::testing::assert_verify_errors(crate::testing::registry, &cases);
}

//! The affine dialect through its Rust API and its own registry: what
//! may be a dimension or a symbol where, the map machinery with operands
//! (composition, canonicalization), subscripts printed with SSA names,
//! and a few forms and messages against `mlir-opt` (when installed). The
//! corpora in `tests/corpus/custom-forms/affine*.mlir`,
//! `tests/corpus/canonicalize/affine*.mlir` and
//! `tests/lit/verify/affine_invalid.mlir` compare whole modules.

use super::*;
use crate::compose::{canonicalize_map_and_operands, compose_affine_map_and_operands};
use crate::testing::{
    assert_prints, assert_verify_errors, canonicalized, nth_op, parse_module, registry,
};
use ir::affine::{AffineExpr, AffineMap};
use ir::printer::ops::PrintOptions;
use ods_runtime::Op;

const LOOPS: &str = r#"func.func @f(%A: memref<8x8xf32>, %n: index) {
  %c1 = arith.constant 1 : index
  affine.for %i = 0 to 8 {
    %j = affine.apply affine_map<(d0) -> (d0 + 1)>(%i)
    %s = affine.apply affine_map<()[s0] -> (s0 * 2)>()[%n]
    %v = affine.load %A[%i, %j] : memref<8x8xf32>
    affine.store %v, %A[%j, symbol(%s)] : memref<8x8xf32>
  }
  return
}
"#;

/// Values of the module in `LOOPS`: the function arguments, the loop's
/// induction variable, and the two applies' results.
fn loop_values(
    ctx: &ir::Context,
    ir: &ir::Ir,
    m: OpId,
) -> (ir::Value, ir::Value, ir::Value, ir::Value, ir::Value) {
    let f = nth_op(ctx, ir, m, "affine.for", 0);
    let apply_dim = nth_op(ctx, ir, m, "affine.apply", 0);
    let apply_sym = nth_op(ctx, ir, m, "affine.apply", 1);
    let func = nth_op(ctx, ir, m, "func.func", 0);
    let n = ir.entry_block_arguments(func, 0)[1];
    let c1 = ir.result(nth_op(ctx, ir, m, "arith.constant", 0), 0);
    let iv = AffineForOp::from_op(ctx, ir, f)
        .unwrap()
        .induction_var(ir)
        .unwrap();
    (n, c1, iv, ir.result(apply_dim, 0), ir.result(apply_sym, 0))
}

#[test]
fn dims_and_symbols_are_classified_as_upstream_does() {
    let (ctx, _reg, ir, m) = parse_module(LOOPS);
    let (n, c1, iv, from_iv, from_n) = loop_values(&ctx, &ir, m);
    let load = nth_op(&ctx, &ir, m, "affine.load", 0);
    let scope = affine_scope(&ctx, &ir, load);
    // Function arguments and constants are symbols (and so dims).
    for v in [n, c1, from_n] {
        assert!(is_valid_symbol(&ctx, &ir, v, scope));
        assert!(is_valid_dim(&ctx, &ir, v, scope));
    }
    // The induction variable and what is computed from it are dims only.
    for v in [iv, from_iv] {
        assert!(is_valid_dim(&ctx, &ir, v, scope));
        assert!(!is_valid_symbol(&ctx, &ir, v, scope));
    }
    // The scope is the function's body.
    let func = nth_op(&ctx, &ir, m, "func.func", 0);
    assert_eq!(scope, Some(ir.region(func, 0)));
}

#[test]
fn composing_pulls_applies_in_and_canonicalizing_promotes_symbols() {
    let (ctx, _reg, ir, m) = parse_module(LOOPS);
    let (n, c1, iv, from_iv, from_n) = loop_values(&ctx, &ir, m);
    // (d0, d1)[s0] -> (d0 + d1 * 3 + s0) over (%j, %iv)[%s].
    let map = AffineMap {
        num_dims: 2,
        num_symbols: 1,
        results: vec![
            AffineExpr::Dim(0)
                + AffineExpr::Dim(1) * AffineExpr::Constant(3)
                + AffineExpr::Symbol(0),
        ]
        .into(),
    };
    let mut composed = map.clone();
    let mut operands = vec![from_iv, iv, from_n];
    compose_affine_map_and_operands(&ctx, &ir, &mut composed, &mut operands);
    // %j = %iv + 1 and %s = %n * 2 are folded in; %iv appears once.
    assert_eq!(operands, vec![iv, n]);
    let expected = AffineExpr::Dim(0) * AffineExpr::Constant(4)
        + AffineExpr::Symbol(0) * AffineExpr::Constant(2)
        + AffineExpr::Constant(1);
    assert_eq!(&*composed.results, [expected]);

    // A function argument used as a dim becomes a symbol; a constant
    // symbol is folded in.
    let mut map = AffineMap {
        num_dims: 1,
        num_symbols: 1,
        results: vec![AffineExpr::Dim(0) + AffineExpr::Symbol(0)].into(),
    };
    let mut operands = vec![n, c1];
    canonicalize_map_and_operands(&ctx, &ir, &mut map, &mut operands);
    assert_eq!((map.num_dims, map.num_symbols), (0, 1));
    assert_eq!(
        &*map.results,
        [AffineExpr::Symbol(0) + AffineExpr::Constant(1)]
    );
    assert_eq!(operands, vec![n]);
}

#[test]
fn accessors_read_the_loop() {
    let (ctx, _reg, ir, m) = parse_module(
        "func.func @f(%n: index) {\n  affine.for %i = max affine_map<()[s0] -> (0, s0)>()[%n] to 10 step 3 {\n  }\n  return\n}\n",
    );
    let f = AffineForOp::from_op(&ctx, &ir, nth_op(&ctx, &ir, m, "affine.for", 0)).unwrap();
    let (lb, lb_operands) = f.lower_bound(&ctx, &ir).unwrap();
    assert_eq!(lb.results.len(), 2);
    assert_eq!(lb_operands.len(), 1);
    assert_eq!(f.constant_upper_bound(&ctx, &ir), Some(10));
    assert_eq!(f.constant_lower_bound(&ctx, &ir), None);
    assert_eq!(f.step_as_int(&ctx, &ir), 3);
}

#[test]
fn subscripts_print_with_value_names() {
    let text = "func.func @f(%A: memref<4x4xf32>, %n: index) {\n  affine.for %i = 0 to 4 {\n    %v = affine.load %A[%i floordiv 2 - 1, -%i + symbol(%n) * 3] : memref<4x4xf32>\n  }\n  return\n}\n";
    let expected = "module {\n  func.func @f(%arg0: memref<4x4xf32>, %arg1: index) {\n    affine.for %arg2 = 0 to 4 {\n      %0 = affine.load %arg0[%arg2 floordiv 2 - 1, -%arg2 + symbol(%arg1) * 3] : memref<4x4xf32>\n    }\n    return\n  }\n}\n";
    assert_prints(text, registry, PrintOptions::default(), &[], expected);
}

/// A subscript list whose text was read before is taken from the
/// parser's cache: the operands still come from where it is written now
/// (other values, the column of an undefined one), and a list with a
/// comment holding the closing bracket, result numbers or `symbol(...)`
/// reads as it does the first time.
#[test]
fn repeated_subscript_lists_read_as_the_first_time() {
    let body = |a: &str, i: &str, n: &str| {
        format!(
            "    %v{a} = affine.load %{a}[%{i} floordiv 2 - 1, -%{i} + symbol(%{n}) * 3] : memref<4x4xf32>\n    affine.store %v{a}, %{a}[%{i}, // ]\n %{i}] : memref<4x4xf32>\n    affine.store %v{a}, %{a}[%{i}, %{i}] : memref<4x4xf32>\n    %w{a} = affine.load %{a}[%r#1, %{i}] : memref<4x4xf32>\n"
        )
    };
    let func = |name: &str, a: &str, i: &str, n: &str| {
        format!(
            "func.func @{name}(%{a}: memref<4x4xf32>, %{n}: index) {{\n  %r:2 = \"test.two\"() : () -> (index, index)\n  affine.for %{i} = 0 to 4 {{\n{}  }}\n  return\n}}\n",
            body(a, i, n)
        )
    };
    let text = format!("{}{}", func("f", "A", "i", "n"), func("g", "B", "i", "n"));
    let printed = "    affine.for %arg2 = 0 to 4 {\n      %1 = affine.load %arg0[%arg2 floordiv 2 - 1, -%arg2 + symbol(%arg1) * 3] : memref<4x4xf32>\n      affine.store %1, %arg0[%arg2, %arg2] : memref<4x4xf32>\n      affine.store %1, %arg0[%arg2, %arg2] : memref<4x4xf32>\n      %2 = affine.load %arg0[%0#1, %arg2] : memref<4x4xf32>\n    }\n";
    let one = |name: &str| {
        format!(
            "  func.func @{name}(%arg0: memref<4x4xf32>, %arg1: index) {{\n    %0:2 = \"test.two\"() : () -> (index, index)\n{printed}    return\n  }}\n"
        )
    };
    let expected = format!("module {{\n{}{}}}\n", one("f"), one("g"));
    let options = PrintOptions::default();
    assert_prints(&text, registry, options, &[], &expected);
    // The second function's `%i` is not defined: the error is at its
    // place in the second function's text.
    let broken = format!("{}{}", func("f", "A", "i", "n"), func("g", "B", "i", "n")).replacen(
        "affine.for %i = 0 to 4 {\n    %vB",
        "affine.for %k = 0 to 4 {\n    %vB",
        1,
    );
    let err = crate::testing::our_first_error(&broken, registry).unwrap_err();
    assert_eq!(err, "15:26: use of undeclared SSA value name", "{broken}");
}

#[test]
fn validity_errors_match_mlir_opt() {
    assert_verify_errors(
        registry,
        &[
            (
                "func.func @f(%m: memref<4xf32>) {\n  affine.for %i = 0 to 4 {\n    %x = affine.load %m[symbol(%i)] : memref<4xf32>\n  }\n  return\n}\n",
                "3:10: 'affine.load' op operand cannot be used as a symbol",
            ),
            (
                "func.func @f(%n: index) {\n  affine.for %i = 0 to 4 {\n    affine.for %j = 0 to %i {\n    }\n  }\n  return\n}\n",
                "3:5: 'affine.for' op operand cannot be used as a symbol",
            ),
        ],
    );
}

#[test]
fn canonicalize_folds_constant_loops_away() {
    let out = canonicalized(
        "func.func @f(%x: f32) -> f32 {\n  %r = affine.for %i = 4 to 2 iter_args(%a = %x) -> (f32) {\n    %s = arith.addf %a, %a : f32\n    affine.yield %s : f32\n  }\n  return %r : f32\n}\n",
    );
    assert!(!out.contains("affine.for"), "{out}");
    assert!(out.contains("return %arg0 : f32"), "{out}");
}

#[test]
fn bad_input_gives_errors_not_panics() {
    // Truncated and malformed forms: every one is an error, none panics.
    let cases = [
        "func.func @f(%m: memref<4xf32>, %i: index) {\n  %x = affine.load %m[%i",
        "func.func @f(%m: memref<4xf32>, %i: index) {\n  %x = affine.load %m[symbol(",
        "func.func @f() {\n  affine.for %i = 0 to",
        "func.func @f() {\n  affine.parallel (%i) = (0) to (max(",
        "func.func @f() {\n  affine.if affine_set<(d0) : (d0 >= 0)>(",
        "func.func @f(%t: memref<1xi32>) {\n  affine.dma_wait %t[0], ",
    ];
    for text in cases {
        assert!(
            crate::testing::our_first_error(text, registry).is_err(),
            "{text}"
        );
    }
}

/// `affine.for`'s region-branch successors as upstream's: narrowed by a
/// constant trip count (none, one, several) and open when a bound is not
/// constant; `affine.if` without an else region goes back to the op.
#[test]
fn region_branch_successors_follow_the_trip_count() {
    use ods_runtime::interfaces::RegionBranchPoint;
    let text = r#"func.func @f(%n: index, %x: f32) {
  %a = affine.for %i = 4 to 2 iter_args(%s = %x) -> (f32) { affine.yield %s : f32 }
  %b = affine.for %i = 3 to 4 iter_args(%s = %x) -> (f32) { affine.yield %s : f32 }
  %c = affine.for %i = 0 to 9 step 4 iter_args(%s = %x) -> (f32) { affine.yield %s : f32 }
  %d = affine.for %i = 0 to %n iter_args(%s = %x) -> (f32) { affine.yield %s : f32 }
  affine.if affine_set<(d0) : (d0 >= 0)>(%n) { }
  return
}
"#;
    let (ctx, _reg, ir, m) = parse_module(text);
    // (region index or None for the op) of each successor.
    let targets = |op: OpId, point| -> Vec<Option<usize>> {
        AffineForOp::from_op_unchecked(op)
            .get_successor_regions(&ctx, &ir, point)
            .iter()
            .map(|s| s.region)
            .collect()
    };
    let trips: Vec<Option<u64>> = (0..4)
        .map(|n| {
            let op = nth_op(&ctx, &ir, m, "affine.for", n);
            AffineForOp::from_op_unchecked(op).trivial_constant_trip_count(&ctx, &ir)
        })
        .collect();
    assert_eq!(trips, [Some(0), Some(1), Some(3), None]);
    let loops: Vec<OpId> = (0..4)
        .map(|n| nth_op(&ctx, &ir, m, "affine.for", n))
        .collect();
    let yield_of = |op: OpId| *ir.entry_block_ops(op, 0).last().expect("a yield");
    assert_eq!(targets(loops[0], RegionBranchPoint::Parent), [None]);
    assert_eq!(targets(loops[1], RegionBranchPoint::Parent), [Some(0)]);
    let one = RegionBranchPoint::Terminator(yield_of(loops[1]));
    assert_eq!(targets(loops[1], one), [None]);
    let three = RegionBranchPoint::Terminator(yield_of(loops[2]));
    assert_eq!(targets(loops[2], three), [Some(0), None]);
    assert_eq!(
        targets(loops[3], RegionBranchPoint::Parent),
        [Some(0), None]
    );
    let entry = AffineForOp::from_op_unchecked(loops[3]).get_entry_successor_operands(
        &ctx,
        &ir,
        &ods_runtime::interfaces::RegionSuccessor::parent(
            ods_runtime::interfaces::ValueRange::EMPTY,
        ),
    );
    assert_eq!(entry, 1..2, "the init after the upper bound's operand");
    let if_op = nth_op(&ctx, &ir, m, "affine.if", 0);
    let if_targets: Vec<Option<usize>> = AffineIfOp::from_op_unchecked(if_op)
        .get_successor_regions(&ctx, &ir, RegionBranchPoint::Parent)
        .iter()
        .map(|s| s.region)
        .collect();
    assert_eq!(if_targets, [Some(0), None]);
}

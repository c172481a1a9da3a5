//! The generic passes called directly: what each reports doing.

use crate::testing::{nth_op, parse_module};
use ods_transforms::{self as transforms, equivalence, CseStats};

#[test]
fn cse_reports_merges_and_dead_ops() {
    let (ctx, reg, mut ir, m) = parse_module(
            "func.func @f(%a: i32) -> (i32, i32) {\n  %0 = arith.addi %a, %a : i32\n  %1 = arith.addi %a, %a : i32\n  %2 = arith.muli %a, %a : i32\n  return %0, %1 : i32, i32\n}\n",
        );
    let add0 = nth_op(&ctx, &ir, m, "arith.addi", 0);
    let add1 = nth_op(&ctx, &ir, m, "arith.addi", 1);
    let mul = nth_op(&ctx, &ir, m, "arith.muli", 0);
    assert!(equivalence::is_equivalent(&reg, &ir, add0, add1));
    assert!(!equivalence::is_equivalent(&reg, &ir, add0, mul));
    assert_eq!(
        equivalence::op_hash(&reg, &ir, add0),
        equivalence::op_hash(&reg, &ir, add1)
    );
    let stats = transforms::cse(&ctx, &reg, &mut ir, m);
    assert_eq!(
        stats,
        CseStats {
            merged: 1,
            erased_dead: 1
        }
    );
    // Run again: nothing left to do.
    assert_eq!(transforms::cse(&ctx, &reg, &mut ir, m), CseStats::default());
}

#[test]
fn licm_and_symbol_dce_report_what_they_did() {
    let (ctx, reg, mut ir, m) = parse_module(
            "func.func private @dead() {\n  return\n}\nfunc.func @f(%n: index, %x: i32) -> i32 {\n  %c0 = arith.constant 0 : index\n  %c1 = arith.constant 1 : index\n  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %x) -> i32 {\n    %y = arith.muli %x, %x : i32\n    %z = arith.addi %a, %y : i32\n    scf.yield %z : i32\n  }\n  return %r : i32\n}\n",
        );
    assert_eq!(
        transforms::loop_invariant_code_motion(&ctx, &reg, &mut ir, m),
        1
    );
    assert_eq!(
        transforms::loop_invariant_code_motion(&ctx, &reg, &mut ir, m),
        0
    );
    assert_eq!(transforms::symbol_dce(&ctx, &reg, &mut ir, m), Ok(1));
    let f = nth_op(&ctx, &ir, m, "func.func", 0);
    assert!(transforms::symbol_dce(&ctx, &reg, &mut ir, f).is_err());
}

//! The analyses over small modules: access equality through
//! `affine.apply`, the dependence check at each loop depth, dominance
//! across blocks, aliasing and intervening writes. `--affine-scalrep`'s
//! corpora (`tests/corpus/passes/affine_scalrep_*.mlir`) compare whole
//! runs with `mlir-opt`.

use super::access::{num_common_surrounding_loops, MemRefAccess};
use super::dependence::{check_memref_access_dependence, DependenceResult};
use super::dominance::{dominates, post_dominates};
use super::effects::AnalysisCx;
use crate::testing::{nth_op, parse_module};
use ods_runtime::effects::MemoryEffect;

const NEST: &str = r#"func.func @f(%A: memref<16xf32>, %B: memref<16xf32>, %x: f32) {
  affine.for %i = 0 to 8 {
    %j = affine.apply affine_map<(d0) -> (d0 * 2 - d0)>(%i)
    affine.store %x, %A[%i] : memref<16xf32>
    %v = affine.load %A[%j] : memref<16xf32>
    %w = affine.load %A[%i + 1] : memref<16xf32>
    affine.for %k = 8 to 16 {
      affine.store %x, %A[%k] : memref<16xf32>
    }
    affine.store %v, %B[%i] : memref<16xf32>
  }
  return
}
"#;

#[test]
fn accesses_are_equal_through_applies_only() {
    let (ctx, _reg, ir, m) = parse_module(NEST);
    let store = MemRefAccess::of(&ctx, &ir, nth_op(&ctx, &ir, m, "affine.store", 0)).unwrap();
    let same = MemRefAccess::of(&ctx, &ir, nth_op(&ctx, &ir, m, "affine.load", 0)).unwrap();
    let next = MemRefAccess::of(&ctx, &ir, nth_op(&ctx, &ir, m, "affine.load", 1)).unwrap();
    let other = MemRefAccess::of(&ctx, &ir, nth_op(&ctx, &ir, m, "affine.store", 2)).unwrap();
    assert!(store.same_element(&same, &ctx, &ir));
    assert!(!store.same_element(&next, &ctx, &ir));
    // Same subscript, another memref.
    assert!(!store.same_element(&other, &ctx, &ir));
    // A load is no write; an arith op is no access.
    assert!(!same.is_write && store.is_write);
    assert!(MemRefAccess::of(&ctx, &ir, nth_op(&ctx, &ir, m, "affine.apply", 0)).is_none());
}

#[test]
fn dependences_by_depth_and_bounds() {
    let (ctx, _reg, ir, m) = parse_module(NEST);
    let store = MemRefAccess::of(&ctx, &ir, nth_op(&ctx, &ir, m, "affine.store", 0)).unwrap();
    let load = MemRefAccess::of(&ctx, &ir, nth_op(&ctx, &ir, m, "affine.load", 0)).unwrap();
    let next = MemRefAccess::of(&ctx, &ir, nth_op(&ctx, &ir, m, "affine.load", 1)).unwrap();
    let inner = MemRefAccess::of(&ctx, &ir, nth_op(&ctx, &ir, m, "affine.store", 1)).unwrap();
    assert_eq!(
        num_common_surrounding_loops(&ctx, &ir, store.op, load.op),
        1
    );
    // Same iteration (depth 2): %A[%i] then %A[%i]; carried by the loop
    // (depth 1): a later %i never reads an earlier %i's element.
    let dep = |s: &MemRefAccess, d: &MemRefAccess, depth| {
        check_memref_access_dependence(&ctx, &ir, s, d, depth)
    };
    assert_eq!(dep(&store, &load, 2), DependenceResult::HasDependence);
    assert_eq!(dep(&store, &load, 1), DependenceResult::NoDependence);
    // %A[%i + 1] is read one iteration before it is written: a
    // dependence from the read to the write carried by the loop, none
    // from the write to the read.
    assert_eq!(dep(&store, &next, 2), DependenceResult::NoDependence);
    assert_eq!(dep(&store, &next, 1), DependenceResult::NoDependence);
    assert_eq!(dep(&next, &store, 1), DependenceResult::HasDependence);
    assert_eq!(dep(&next, &store, 2), DependenceResult::NoDependence);
    // The inner loop writes [8, 16), the reads are in [0, 8) and [1, 9).
    assert_eq!(dep(&inner, &load, 1), DependenceResult::NoDependence);
    assert_eq!(dep(&inner, &next, 1), DependenceResult::HasDependence);
    // Two reads never depend.
    assert_eq!(dep(&load, &next, 1), DependenceResult::NoDependence);
}

#[test]
fn intervening_writes_are_found_or_ruled_out() {
    let (ctx, reg, ir, m) = parse_module(NEST);
    let a = AnalysisCx {
        ctx: &ctx,
        registry: &reg,
        ir: &ir,
    };
    let store = nth_op(&ctx, &ir, m, "affine.store", 0);
    let load = nth_op(&ctx, &ir, m, "affine.load", 0);
    let last = nth_op(&ctx, &ir, m, "affine.store", 2);
    assert!(a.has_no_intervening_effect(store, load, MemoryEffect::Write));
    // Between the load and the store to %B, the inner loop writes %A: %B
    // is another argument, which may alias %A.
    let b = ir.operand(last, 1);
    let arg_a = ir.operand(store, 1);
    assert!(a.may_alias(b, arg_a));
    assert!(!a.has_no_intervening_effect(load, last, MemoryEffect::Write));
    // Between the store and the second load (%A[%i + 1]) nothing writes.
    let next = nth_op(&ctx, &ir, m, "affine.load", 1);
    assert!(a.has_no_intervening_effect(store, next, MemoryEffect::Write));
    assert!(a.has_no_intervening_effect(store, next, MemoryEffect::Read));
}

const BLOCKS: &str = r#"func.func @g(%c: i1, %m: memref<4xf32>, %x: f32) {
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloca() : memref<4xf32>
  affine.store %x, %m[0] : memref<4xf32>
  cf.cond_br %c, ^l, ^r
^l:
  affine.store %x, %m[1] : memref<4xf32>
  cf.br ^end
^r:
  cf.br ^end
^end:
  affine.store %x, %m[2] : memref<4xf32>
  affine.store %x, %a[0] : memref<4xf32>
  affine.store %x, %b[0] : memref<4xf32>
  return
}
"#;

#[test]
fn dominance_across_blocks_and_allocations_apart() {
    let (ctx, reg, ir, m) = parse_module(BLOCKS);
    let s = |n| nth_op(&ctx, &ir, m, "affine.store", n);
    let (entry, left, end) = (s(0), s(1), s(2));
    assert!(dominates(&ir, entry, left) && dominates(&ir, entry, end));
    assert!(!dominates(&ir, left, end));
    assert!(post_dominates(&ir, end, entry) && post_dominates(&ir, end, left));
    assert!(!post_dominates(&ir, left, entry));
    assert!(dominates(&ir, end, end) && post_dominates(&ir, end, end));
    let a = AnalysisCx {
        ctx: &ctx,
        registry: &reg,
        ir: &ir,
    };
    let (arg, alloc, alloca) = (
        ir.operand(entry, 1),
        ir.operand(s(3), 1),
        ir.operand(s(4), 1),
    );
    // Two allocations, and an allocation against an argument of its
    // function, do not alias; a value always aliases itself.
    assert!(!a.may_alias(alloc, alloca));
    assert!(!a.may_alias(alloc, arg) && !a.may_alias(arg, alloca));
    assert!(a.may_alias(arg, arg));
}

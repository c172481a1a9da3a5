// A loop rebuilt by a pattern (unused and forwarded iteration values
// dropped): the new body's carried arguments take the locations of their
// initial values, the induction variable the loop's (--mlir-print-debuginfo).

func.func @drop_forwarded_and_constant(%lb: index, %ub: index, %s: index, %a: i32, %b: i32) -> (i32, i32) {
  %c = arith.constant 7 : i32
  %r:3 = scf.for %i = %lb to %ub step %s iter_args(%x = %a, %y = %b, %z = %c) -> (i32, i32, i32) {
    %n = arith.addi %x, %y : i32
    scf.yield %n, %y, %z : i32, i32, i32
  }
  return %r#0, %r#2 : i32, i32
}

func.func @carried_from_block_argument(%n: index, %v: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%p = %v, %q = %v) -> (f32, f32) {
    %m = arith.mulf %p, %p : f32
    scf.yield %m, %q : f32, f32
  }
  return %r#0 : f32
}

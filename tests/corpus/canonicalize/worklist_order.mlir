// What the greedy driver puts back on its worklist when it erases an op:
// the defining op of each operand left with at most one other user (a
// user that reads the value twice counts once). Here the loop and the
// ops feeding it die in the first round, so the zero materialized for
// `%zero` already stands right after the kept constant when the second
// round hoists constants: its place depends on which ops the first round
// revisits.

func.func @dead_loop_before_folded_zero(%x: f32, %n: i32, %lb: index, %ub: index) -> (i32, f32) {
  %k = arith.constant 4.0 : f32
  %sum = arith.addf %x, %k : f32
  %zero = arith.xori %n, %n : i32
  %q = arith.divf %k, %x : f32
  %m = arith.maximumf %q, %sum : f32
  %r = scf.for %i = %lb to %ub step %lb iter_args(%acc = %m) -> (f32) {
    %t = arith.addf %acc, %m : f32
    scf.yield %t : f32
  }
  %dead = arith.divf %r, %r : f32
  return %zero, %q : i32, f32
}

func.func @twice_read_by_the_last_user(%x: f32, %n: i32) -> (i32, f32) {
  %k = arith.constant 1.5 : f32
  %sum = arith.addf %x, %k : f32
  %one = arith.xori %n, %n : i32
  %sq = arith.mulf %sum, %sum : f32
  %gone = arith.subf %sum, %x : f32
  %use = arith.addf %sq, %k : f32
  return %one, %use : i32, f32
}

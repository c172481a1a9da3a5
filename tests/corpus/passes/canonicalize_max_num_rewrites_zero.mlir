// ARGS: --pass-pipeline=builtin.module(canonicalize{max-num-rewrites=0})
// No pattern rewrite at all: the worklist is not even looked at, so
// nothing folds and dead ops stay; constants are still merged and
// hoisted while the worklist is filled.
func.func @nothing_folds(%x: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %0 = arith.addi %x, %c1 : i32
  %c1_again = arith.constant 1 : i32
  %1 = arith.addi %0, %c1_again : i32
  %dead = arith.muli %x, %x : i32
  return %1 : i32
}

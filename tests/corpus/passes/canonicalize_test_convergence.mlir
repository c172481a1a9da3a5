// ARGS: --canonicalize=test-convergence
// With `test-convergence` the pass fails when the rewrites do not settle
// within `max-iterations`; here they settle, so it is canonicalize.
func.func @settles(%x: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %0 = arith.addi %x, %c1 : i32
  %1 = arith.addi %0, %c2 : i32
  %2 = arith.addi %1, %c2 : i32
  return %2 : i32
}

// ARGS: --canonicalize=enable-patterns=no-such-pattern
// Only the patterns named in `enable-patterns` run, and none is named so:
// folds still happen (constants fold, `x + 0` goes), pattern rewrites do
// not (`(x + 1) + 2` stays two additions).
func.func @only_folds(%x: i32) -> (i32, i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c3 = arith.addi %c1, %c2 : i32
  %0 = arith.addi %x, %c1 : i32
  %1 = arith.addi %0, %c2 : i32
  %2 = arith.addi %x, %c0 : i32
  %3 = arith.muli %2, %c3 : i32
  return %1, %3 : i32, i32
}

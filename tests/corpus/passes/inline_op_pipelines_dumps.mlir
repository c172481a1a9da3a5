// ARGS: --inline=op-pipelines=func.func(cse,canonicalize) --mlir-print-ir-after-all
// The pipeline of several passes given for func.func (one item of the
// op-pipelines list: the comma inside the parentheses does not split
// it) runs on each callable the inliner visits, each pass dumped after
// it runs, then the inliner's own dump.

func.func @leaf(%a: i32) -> i32 {
  %c = arith.constant 1 : i32
  %r = arith.addi %a, %c : i32
  return %r : i32
}
func.func @mid(%a: i32) -> i32 {
  %r = call @leaf(%a) : (i32) -> i32
  %s = call @leaf(%r) : (i32) -> i32
  return %s : i32
}
func.func @rec(%a: i32) -> i32 {
  %r = call @rec(%a) : (i32) -> i32
  return %r : i32
}
func.func @top(%a: i32) -> i32 {
  %r = call @mid(%a) : (i32) -> i32
  %t = call @rec(%r) : (i32) -> i32
  %c0 = arith.constant 0 : i32
  %u = arith.muli %t, %c0 : i32
  return %u : i32
}

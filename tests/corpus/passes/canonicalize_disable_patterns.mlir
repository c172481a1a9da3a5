// ARGS: --pass-pipeline=builtin.module(func.func(canonicalize{disable-patterns=a,"b",{c,d}}))
// `disable-patterns` takes a list (commas, quotes and braces as mlir-opt
// reads them); labels that name no pattern leave every pattern on.
func.func @all_patterns(%x: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %0 = arith.addi %x, %c1 : i32
  %1 = arith.addi %0, %c2 : i32
  return %1 : i32
}

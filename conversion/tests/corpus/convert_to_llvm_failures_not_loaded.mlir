// ARGS: --convert-to-llvm=filter-dialects=arith,memref
// memref is not loaded: no memref op in the input, and none of the
// loaded dialects depends on it.

func.func @f(%a: i32) -> i32 {
  %b = arith.addi %a, %a : i32
  return %b : i32
}

// ARGS: --pass-pipeline=builtin.module(inline{op-pipelines=func.func(cse)})
// A pipeline for func.func ops replaces the default one: cse merges the
// duplicated additions but nothing folds.

func.func private @big(%x: i32) -> i32 {
  %0 = arith.addi %x, %x : i32
  %1 = arith.muli %0, %0 : i32
  %2 = arith.subi %1, %x : i32
  %3 = arith.addi %2, %0 : i32
  %4 = arith.muli %3, %2 : i32
  return %4 : i32
}

func.func private @small(%x: i32) -> i32 {
  %0 = arith.addi %x, %x : i32
  %1 = arith.addi %x, %x : i32
  %2 = arith.muli %0, %1 : i32
  return %2 : i32
}

func.func @tiny(%x: i32) -> i32 {
  %0 = call @big(%x) : (i32) -> i32
  return %0 : i32
}

func.func @bigger(%x: i32) -> i32 {
  %a = arith.addi %x, %x : i32
  %b = arith.addi %x, %x : i32
  %c = arith.muli %a, %b : i32
  %0 = call @small(%c) : (i32) -> i32
  %1 = call @big(%0) : (i32) -> i32
  return %1 : i32
}

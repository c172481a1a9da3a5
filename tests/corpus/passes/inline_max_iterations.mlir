// ARGS: --pass-pipeline=builtin.module(inline{max-iterations=1})
// One round per SCC: inlining @pick exposes a call_indirect of a
// constant, which only the next round's canonicalization would make a
// direct call to inline, so it stays.

func.func private @target(%x: i8) -> i8 {
  %0 = arith.addi %x, %x : i8
  return %0 : i8
}

func.func private @pick() -> ((i8) -> i8) {
  %f = func.constant @target : (i8) -> i8
  return %f : (i8) -> i8
}

func.func @through_pick(%x: i8) -> i8 {
  %f = call @pick() : () -> ((i8) -> i8)
  %0 = func.call_indirect %f(%x) : (i8) -> i8
  return %0 : i8
}

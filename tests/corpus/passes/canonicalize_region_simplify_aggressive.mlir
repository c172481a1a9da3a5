// ARGS: --canonicalize=region-simplify=aggressive
// Block merging: identical blocks merge, the operands they differ in
// becoming arguments of the block kept (@merge, which then folds to a
// select), and arguments every predecessor passes the same value go
// (@same_arg's second argument).
func.func @merge(%c: i1, %a: i32, %b: i32) -> i32 {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %0 = arith.addi %a, %a : i32
  cf.br ^bb3(%0 : i32)
^bb2:
  %1 = arith.addi %b, %b : i32
  cf.br ^bb3(%1 : i32)
^bb3(%r: i32):
  return %r : i32
}
func.func @same_arg(%c: i1, %a: i32, %x: i32) -> i32 {
  cf.cond_br %c, ^bb1(%a : i32), ^bb2(%x : i32)
^bb1(%p: i32):
  cf.br ^bb3(%p, %a : i32, i32)
^bb2(%q: i32):
  %m = arith.muli %q, %q : i32
  cf.br ^bb3(%m, %a : i32, i32)
^bb3(%r: i32, %s: i32):
  %t = arith.addi %r, %s : i32
  return %t : i32
}
func.func @identical(%c: i1, %a: i32) -> i32 {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  return %a : i32
^bb2:
  return %a : i32
}
func.func @three_way(%c: i1, %d: i1, %a: i32, %b: i32, %e: i32) -> i32 {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %0 = arith.subi %a, %b : i32
  cf.br ^bb4(%0 : i32)
^bb2:
  cf.cond_br %d, ^bb3, ^bb5
^bb3:
  %1 = arith.subi %e, %b : i32
  cf.br ^bb4(%1 : i32)
^bb5:
  %2 = arith.subi %b, %b : i32
  cf.br ^bb4(%2 : i32)
^bb4(%r: i32):
  return %r : i32
}
func.func @differ_inside(%c: i1, %a: i32) -> i32 {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %0 = arith.addi %a, %a : i32
  %1 = arith.muli %0, %a : i32
  cf.br ^bb3(%1 : i32)
^bb2:
  %2 = arith.addi %a, %a : i32
  %3 = arith.muli %a, %2 : i32
  cf.br ^bb3(%3 : i32)
^bb3(%r: i32):
  return %r : i32
}

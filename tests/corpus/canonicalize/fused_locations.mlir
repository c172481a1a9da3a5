// Ops a pattern builds carry the fused locations of the ops it matched,
// while the ops it leaves keep their own: with --mlir-print-debuginfo a
// position inside a fused location and the same position on a surviving
// op print as one alias (MLIR uniques them).

func.func @reassociate_keeps_inner(%x: i32) -> (i32, i32) {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %a = arith.addi %x, %c1 : i32
  %b = arith.addi %a, %c2 : i32
  return %a, %b : i32, i32
}

func.func @chain_of_three(%x: i64, %y: i64) -> (i64, i64, i64) {
  %c3 = arith.constant 3 : i64
  %c5 = arith.constant 5 : i64
  %c7 = arith.constant 7 : i64
  %a = arith.muli %x, %c3 : i64
  %b = arith.muli %a, %c5 : i64
  %c = arith.muli %b, %c7 : i64
  %d = arith.subi %y, %c3 : i64
  return %b, %c, %d : i64, i64, i64
}

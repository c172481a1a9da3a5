// ARGS: --canonicalize=max-num-rewrites=1
// At most one pattern rewrite per round, and ten rounds: of the twelve
// `(x + c1) + c2` chains below, the patterns re-associate ten; folds and
// erasures of dead ops do not count, so the constants still fold.
func.func @chains(%x: i32) -> (i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32) {
  %c0 = arith.constant 1 : i32
  %a0 = arith.addi %x, %c0 : i32
  %b0 = arith.addi %a0, %c0 : i32
  %c1 = arith.constant 2 : i32
  %a1 = arith.addi %x, %c1 : i32
  %b1 = arith.addi %a1, %c1 : i32
  %c2 = arith.constant 3 : i32
  %a2 = arith.addi %x, %c2 : i32
  %b2 = arith.addi %a2, %c2 : i32
  %c3 = arith.constant 4 : i32
  %a3 = arith.addi %x, %c3 : i32
  %b3 = arith.addi %a3, %c3 : i32
  %c4 = arith.constant 5 : i32
  %a4 = arith.addi %x, %c4 : i32
  %b4 = arith.addi %a4, %c4 : i32
  %c5 = arith.constant 6 : i32
  %a5 = arith.addi %x, %c5 : i32
  %b5 = arith.addi %a5, %c5 : i32
  %c6 = arith.constant 7 : i32
  %a6 = arith.addi %x, %c6 : i32
  %b6 = arith.addi %a6, %c6 : i32
  %c7 = arith.constant 8 : i32
  %a7 = arith.addi %x, %c7 : i32
  %b7 = arith.addi %a7, %c7 : i32
  %c8 = arith.constant 9 : i32
  %a8 = arith.addi %x, %c8 : i32
  %b8 = arith.addi %a8, %c8 : i32
  %c9 = arith.constant 10 : i32
  %a9 = arith.addi %x, %c9 : i32
  %b9 = arith.addi %a9, %c9 : i32
  %c10 = arith.constant 11 : i32
  %a10 = arith.addi %x, %c10 : i32
  %b10 = arith.addi %a10, %c10 : i32
  %c11 = arith.constant 12 : i32
  %a11 = arith.addi %x, %c11 : i32
  %b11 = arith.addi %a11, %c11 : i32
  %two = arith.constant 2 : i32
  %four = arith.muli %two, %two : i32
  %unused = arith.addi %x, %four : i32
  return %b0, %b1, %b2, %b3, %b4, %b5, %b6, %b7, %b8, %b9, %b10, %b11 : i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32
}

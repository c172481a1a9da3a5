func.func @extended(%x: i32) -> (i32, i1, i32, i1, i32, i32, i32, i32, i32, i32, i32, i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %m1 = arith.constant -1 : i32
  %big = arith.constant 2000000000 : i32
  %s0, %o0 = arith.addui_extended %m1, %c1 : i32, i1
  %s1, %o1 = arith.addui_extended %x, %c0 : i32, i1
  %l0, %h0 = arith.mulsi_extended %m1, %big : i32
  %l1, %h1 = arith.mului_extended %m1, %big : i32
  %l2, %h2 = arith.mului_extended %x, %c1 : i32
  %l3, %h3 = arith.mulsi_extended %x, %c0 : i32
  return %s0, %o0, %s1, %o1, %l0, %h0, %l1, %h1, %l2, %h2, %l3, %h3 : i32, i1, i32, i1, i32, i32, i32, i32, i32, i32, i32, i32
}

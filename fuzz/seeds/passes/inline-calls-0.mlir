func.func private @leaf(%a: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %0 = arith.addi %a, %c0 : i32
  %1 = arith.muli %0, %0 : i32
  return %1 : i32
}
func.func @mid(%x: i32, %c: i1) -> i32 {
  %0 = call @leaf(%x) : (i32) -> i32
  %1 = scf.if %c -> (i32) {
    %2 = func.call @leaf(%0) : (i32) -> i32
    scf.yield %2 : i32
  } else {
    scf.yield %x : i32
  }
  return %1 : i32
}
func.func @rec(%x: i32) -> i32 {
  %t = arith.constant true
  %0 = call @rec(%x) : (i32) -> i32
  %1 = call @mid(%0, %t) : (i32, i1) -> i32
  return %1 : i32
}
func.func @top(%x: i32) -> i32 {
  %true = arith.constant true
  %0 = call @mid(%x, %true) : (i32, i1) -> i32
  %f = func.constant @leaf : (i32) -> i32
  %1 = func.call_indirect %f(%0) : (i32) -> i32
  cf.br ^bb1(%1 : i32)
^bb1(%2: i32):
  return %2 : i32
}

func.func @add_sub_mul(%x: i32) -> (i32, i32, i32, i32, i32, i32, i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c7 = arith.constant 7 : i32
  %max = arith.constant 2147483647 : i32
  %a = arith.addi %c7, %max : i32
  %b = arith.subi %c1, %c7 : i32
  %c = arith.muli %max, %c7 : i32
  %d = arith.addi %x, %c0 : i32
  %e = arith.subi %x, %x : i32
  %f = arith.muli %x, %c1 : i32
  %g = arith.muli %x, %c0 : i32
  return %a, %b, %c, %d, %e, %f, %g : i32, i32, i32, i32, i32, i32, i32
}

func.func @add_of_sub(%a: i64, %b: i64) -> (i64, i64, i64, i64) {
  %s = arith.subi %a, %b : i64
  %r0 = arith.addi %s, %b : i64
  %r1 = arith.addi %b, %s : i64
  %t = arith.addi %a, %b : i64
  %r2 = arith.subi %t, %b : i64
  %r3 = arith.subi %t, %a : i64
  return %r0, %r1, %r2, %r3 : i64, i64, i64, i64
}

func.func @divisions() -> (i8, i8, i8, i8, i8, i8, i8, i8, i8, i8) {
  %m7 = arith.constant -7 : i8
  %c2 = arith.constant 2 : i8
  %m2 = arith.constant -2 : i8
  %c0 = arith.constant 0 : i8
  %min = arith.constant -128 : i8
  %m1 = arith.constant -1 : i8
  %a = arith.divsi %m7, %c2 : i8
  %b = arith.divui %m7, %c2 : i8
  %c = arith.ceildivsi %m7, %c2 : i8
  %d = arith.ceildivui %m7, %c2 : i8
  %e = arith.floordivsi %m7, %c2 : i8
  %f = arith.remsi %m7, %c2 : i8
  %g = arith.remui %m7, %c2 : i8
  %h = arith.ceildivsi %m7, %m2 : i8
  %i = arith.floordivsi %m7, %m2 : i8
  %j = arith.remsi %min, %m1 : i8
  return %a, %b, %c, %d, %e, %f, %g, %h, %i, %j : i8, i8, i8, i8, i8, i8, i8, i8, i8, i8
}

func.func @not_folded() -> (i8, i8, i8, i8, i8, i8) {
  %c0 = arith.constant 0 : i8
  %c5 = arith.constant 5 : i8
  %min = arith.constant -128 : i8
  %m1 = arith.constant -1 : i8
  %a = arith.divsi %c5, %c0 : i8
  %b = arith.divui %c5, %c0 : i8
  %c = arith.remsi %c5, %c0 : i8
  %d = arith.divsi %min, %m1 : i8
  %e = arith.ceildivsi %min, %m1 : i8
  %f = arith.floordivsi %min, %m1 : i8
  return %a, %b, %c, %d, %e, %f : i8, i8, i8, i8, i8, i8
}

func.func @div_identities(%x: i16) -> (i16, i16, i16, i16, i16, i16, i16) {
  %c1 = arith.constant 1 : i16
  %a = arith.divsi %x, %c1 : i16
  %b = arith.divui %x, %c1 : i16
  %c = arith.ceildivsi %x, %c1 : i16
  %d = arith.ceildivui %x, %c1 : i16
  %e = arith.floordivsi %x, %c1 : i16
  %f = arith.remsi %x, %c1 : i16
  %g = arith.remui %x, %c1 : i16
  return %a, %b, %c, %d, %e, %f, %g : i16, i16, i16, i16, i16, i16, i16
}

func.func @index_and_wide(%x: index) -> (index, index, i128, i1) {
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %a = arith.muli %c3, %c4 : index
  %b = arith.addi %x, %c3 : index
  %w1 = arith.constant 170141183460469231731687303715884105727 : i128
  %w2 = arith.constant 1 : i128
  %w = arith.addi %w1, %w2 : i128
  %t = arith.constant true
  %s = arith.addi %t, %t : i1
  return %a, %b, %w, %s : index, index, i128, i1
}

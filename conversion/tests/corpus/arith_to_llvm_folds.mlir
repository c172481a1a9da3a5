// ARGS: --convert-arith-to-llvm
// Unfolded arith input: the conversion folds each op before converting
// it (upstream's op fold, then the Commutative and Idempotent trait
// folds), seeing the operands as they were before the ops that define
// them were converted.

func.func @commutative_and_idempotent(%a: i32, %b: i32) -> (i32, i32, i32, i32, i32) {
  %c3 = arith.constant 3 : i32
  %c0 = arith.constant 0 : i32
  %0 = arith.addi %c3, %a : i32
  %1 = arith.muli %c3, %b : i32
  %2 = arith.addi %c0, %a : i32
  %3 = arith.andi %a, %a : i32
  %4 = arith.ori %b, %b : i32
  return %0, %1, %2, %3, %4 : i32, i32, i32, i32, i32
}

func.func @identities(%a: i32, %b: i32) -> (i32, i32, i32, i32, i32, i32, i32, i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %m1 = arith.constant -1 : i32
  %0 = arith.subi %a, %a : i32
  %1 = arith.muli %a, %c1 : i32
  %2 = arith.xori %a, %a : i32
  %3 = arith.andi %a, %m1 : i32
  %4 = arith.ori %a, %c0 : i32
  %s = arith.addi %a, %b : i32
  %5 = arith.subi %s, %b : i32
  %d = arith.subi %a, %b : i32
  %6 = arith.addi %d, %b : i32
  %7 = arith.divui %a, %c1 : i32
  return %0, %1, %2, %3, %4, %5, %6, %7 : i32, i32, i32, i32, i32, i32, i32, i32
}

func.func @constant_division() -> (i32, i32, i32, i32, i32, i32) {
  %m7 = arith.constant -7 : i32
  %c7 = arith.constant 7 : i32
  %c2 = arith.constant 2 : i32
  %m2 = arith.constant -2 : i32
  %0 = arith.floordivsi %m7, %c2 : i32
  %1 = arith.ceildivsi %c7, %c2 : i32
  %2 = arith.ceildivsi %m7, %m2 : i32
  %3 = arith.ceildivui %c7, %c2 : i32
  %4 = arith.remsi %m7, %c2 : i32
  %5 = arith.divsi %m7, %c2 : i32
  return %0, %1, %2, %3, %4, %5 : i32, i32, i32, i32, i32, i32
}

func.func @casts(%a: i32, %n: i8, %w: i64) -> (i32, i16, i64, i32, i16, i64) {
  %e = arith.extsi %a : i32 to i64
  %0 = arith.trunci %e : i64 to i32
  %u = arith.extui %a : i32 to i64
  %1 = arith.trunci %u : i64 to i16
  %n16 = arith.extui %n : i8 to i16
  %n32 = arith.extui %n16 : i16 to i32
  %2 = arith.extui %n32 : i32 to i64
  %s16 = arith.extsi %n : i8 to i16
  %3 = arith.extsi %s16 : i16 to i32
  %t32 = arith.trunci %w : i64 to i32
  %4 = arith.trunci %t32 : i32 to i16
  %c = arith.constant 300 : i32
  %5 = arith.extsi %c : i32 to i64
  return %0, %1, %2, %3, %4, %5 : i32, i16, i64, i32, i16, i64
}

func.func @compare_and_select(%a: i32, %b: i32, %p: i1) -> (i1, i1, i1, i32, i32, i32, i1, i32) {
  %c5 = arith.constant 5 : i32
  %true = arith.constant true
  %false = arith.constant false
  %0 = arith.cmpi eq, %a, %a : i32
  %1 = arith.cmpi slt, %a, %a : i32
  %2 = arith.cmpi slt, %c5, %a : i32
  %3 = arith.select %true, %a, %b : i32
  %4 = arith.select %p, %b, %b : i32
  %eq = arith.cmpi eq, %a, %b : i32
  %5 = arith.select %eq, %a, %b : i32
  %6 = arith.select %p, %true, %false : i1
  %ne = arith.cmpi ne, %a, %b : i32
  %7 = arith.select %ne, %a, %b : i32
  return %0, %1, %2, %3, %4, %5, %6, %7 : i1, i1, i1, i32, i32, i32, i1, i32
}

func.func @extended_compare(%p: i1, %a: i64) -> (i1, i1) {
  %z = arith.constant 0 : i32
  %x = arith.extui %p : i1 to i32
  %0 = arith.cmpi ne, %x, %z : i32
  %y = arith.extsi %p : i1 to i32
  %1 = arith.cmpi eq, %y, %z : i32
  return %0, %1 : i1, i1
}

func.func @floats(%x: f32, %y: f32) -> (f32, f32, f32, f32, f32, f32) {
  %zero = arith.constant 0.0 : f32
  %mzero = arith.constant -0.0 : f32
  %one = arith.constant 1.0 : f32
  %n = arith.negf %x : f32
  %0 = arith.negf %n : f32
  %1 = arith.addf %x, %mzero : f32
  %2 = arith.mulf %one, %y : f32
  %3 = arith.subf %x, %zero : f32
  %4 = arith.maximumf %x, %x : f32
  %5 = arith.divf %y, %one : f32
  return %0, %1, %2, %3, %4, %5 : f32, f32, f32, f32, f32, f32
}

func.func @shifts_and_minmax(%a: i32) -> (i32, i32, i32, i32, i32) {
  %c0 = arith.constant 0 : i32
  %c4 = arith.constant 4 : i32
  %max = arith.constant 2147483647 : i32
  %0 = arith.shli %a, %c0 : i32
  %1 = arith.shrsi %c4, %c4 : i32
  %2 = arith.maxsi %a, %max : i32
  %3 = arith.minui %a, %a : i32
  %4 = arith.maxsi %c4, %a : i32
  return %0, %1, %2, %3, %4 : i32, i32, i32, i32, i32
}

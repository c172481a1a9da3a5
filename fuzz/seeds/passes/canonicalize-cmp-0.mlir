func.func @cmpi_constants() -> (i1, i1, i1, i1, i1, i1, i1, i1, i1, i1) {
  %a = arith.constant -1 : i8
  %b = arith.constant 1 : i8
  %0 = arith.cmpi eq, %a, %b : i8
  %1 = arith.cmpi ne, %a, %b : i8
  %2 = arith.cmpi slt, %a, %b : i8
  %3 = arith.cmpi sle, %a, %b : i8
  %4 = arith.cmpi sgt, %a, %b : i8
  %5 = arith.cmpi sge, %a, %b : i8
  %6 = arith.cmpi ult, %a, %b : i8
  %7 = arith.cmpi ule, %a, %b : i8
  %8 = arith.cmpi ugt, %a, %b : i8
  %9 = arith.cmpi uge, %a, %b : i8
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9 : i1, i1, i1, i1, i1, i1, i1, i1, i1, i1
}

func.func @cmpi_same(%x: i32) -> (i1, i1, i1, i1) {
  %0 = arith.cmpi eq, %x, %x : i32
  %1 = arith.cmpi slt, %x, %x : i32
  %2 = arith.cmpi uge, %x, %x : i32
  %3 = arith.cmpi ne, %x, %x : i32
  return %0, %1, %2, %3 : i1, i1, i1, i1
}

func.func @cmpi_swap(%x: i32) -> (i1, i1, i1) {
  %c = arith.constant 5 : i32
  %0 = arith.cmpi slt, %c, %x : i32
  %1 = arith.cmpi uge, %c, %x : i32
  %2 = arith.cmpi eq, %c, %x : i32
  return %0, %1, %2 : i1, i1, i1
}

func.func @cmpi_i1(%b: i1, %c: i8) -> (i1, i1) {
  %f = arith.constant false
  %t = arith.constant true
  %0 = arith.cmpi ne, %b, %f : i1
  %1 = arith.cmpi eq, %b, %t : i1
  return %0, %1 : i1, i1
}

func.func @cmpf_constants() -> (i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1) {
  %a = arith.constant 1.0 : f32
  %n = arith.constant 0x7FC00000 : f32
  %0 = arith.cmpf false, %a, %a : f32
  %1 = arith.cmpf oeq, %a, %n : f32
  %2 = arith.cmpf ogt, %a, %a : f32
  %3 = arith.cmpf oge, %a, %a : f32
  %4 = arith.cmpf olt, %a, %n : f32
  %5 = arith.cmpf ole, %a, %a : f32
  %6 = arith.cmpf one, %a, %a : f32
  %7 = arith.cmpf ord, %a, %n : f32
  %8 = arith.cmpf ueq, %n, %a : f32
  %9 = arith.cmpf ugt, %a, %a : f32
  %10 = arith.cmpf uge, %a, %n : f32
  %11 = arith.cmpf ult, %a, %a : f32
  %12 = arith.cmpf ule, %a, %a : f32
  %13 = arith.cmpf une, %a, %a : f32
  %14 = arith.cmpf uno, %n, %n : f32
  %15 = arith.cmpf true, %a, %a : f32
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15 : i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1
}

func.func @cmpf_nan_one_side(%x: f64) -> (i1, i1) {
  %n = arith.constant 0x7FF8000000000000 : f64
  %0 = arith.cmpf olt, %x, %n : f64
  %1 = arith.cmpf uno, %n, %x : f64
  return %0, %1 : i1, i1
}

func.func @select(%c: i1, %x: i32, %y: i32) -> (i32, i32, i32, i1) {
  %t = arith.constant true
  %f = arith.constant false
  %0 = arith.select %t, %x, %y : i32
  %1 = arith.select %f, %x, %y : i32
  %2 = arith.select %c, %x, %x : i32
  %3 = arith.select %c, %t, %f : i1
  return %0, %1, %2, %3 : i32, i32, i32, i1
}

func.func @select_of_cmp(%a: i32, %b: i32) -> (i32, i32) {
  %eq = arith.cmpi eq, %a, %b : i32
  %0 = arith.select %eq, %a, %b : i32
  %ne = arith.cmpi ne, %a, %b : i32
  %1 = arith.select %ne, %a, %b : i32
  return %0, %1 : i32, i32
}

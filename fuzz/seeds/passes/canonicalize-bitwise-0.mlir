func.func @logic(%x: i32, %y: i32) -> (i32, i32, i32, i32, i32, i32, i32, i32) {
  %c0 = arith.constant 0 : i32
  %ones = arith.constant -1 : i32
  %c12 = arith.constant 12 : i32
  %c10 = arith.constant 10 : i32
  %a = arith.andi %c12, %c10 : i32
  %b = arith.ori %c12, %c10 : i32
  %c = arith.xori %c12, %c10 : i32
  %d = arith.andi %x, %c0 : i32
  %e = arith.andi %x, %ones : i32
  %f = arith.ori %x, %c0 : i32
  %g = arith.ori %x, %ones : i32
  %h = arith.xori %x, %c0 : i32
  return %a, %b, %c, %d, %e, %f, %g, %h : i32, i32, i32, i32, i32, i32, i32, i32
}

func.func @self_and_not(%x: i32, %y: i32) -> (i32, i32, i32, i32, i32, i32) {
  %ones = arith.constant -1 : i32
  %a = arith.xori %x, %x : i32
  %b = arith.andi %x, %x : i32
  %c = arith.ori %x, %x : i32
  %n = arith.xori %x, %ones : i32
  %d = arith.andi %x, %n : i32
  %e = arith.ori %n, %x : i32
  %xy = arith.xori %x, %y : i32
  %f = arith.xori %xy, %y : i32
  return %a, %b, %c, %d, %e, %f : i32, i32, i32, i32, i32, i32
}

func.func @and_of_and(%a: i8, %b: i8) -> (i8, i8) {
  %ab = arith.andi %a, %b : i8
  %r = arith.andi %a, %ab : i8
  %s = arith.andi %ab, %b : i8
  return %r, %s : i8, i8
}

func.func @shifts(%x: i16) -> (i16, i16, i16, i16, i16, i16, i16) {
  %c0 = arith.constant 0 : i16
  %c3 = arith.constant 3 : i16
  %c16 = arith.constant 16 : i16
  %m = arith.constant -32 : i16
  %a = arith.shli %m, %c3 : i16
  %b = arith.shrui %m, %c3 : i16
  %c = arith.shrsi %m, %c3 : i16
  %d = arith.shli %x, %c0 : i16
  %e = arith.shrsi %x, %c0 : i16
  %f = arith.shli %m, %c16 : i16
  %g = arith.shrui %m, %c16 : i16
  return %a, %b, %c, %d, %e, %f, %g : i16, i16, i16, i16, i16, i16, i16
}

func.func @minmax(%x: i8) -> (i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8) {
  %max = arith.constant 127 : i8
  %min = arith.constant -128 : i8
  %c0 = arith.constant 0 : i8
  %ones = arith.constant -1 : i8
  %c5 = arith.constant 5 : i8
  %a = arith.maxsi %x, %max : i8
  %b = arith.maxsi %x, %min : i8
  %c = arith.minsi %x, %min : i8
  %d = arith.minsi %x, %max : i8
  %e = arith.maxui %x, %ones : i8
  %f = arith.maxui %x, %c0 : i8
  %g = arith.minui %x, %c0 : i8
  %h = arith.minui %x, %ones : i8
  %i = arith.maxsi %ones, %c5 : i8
  %j = arith.maxui %ones, %c5 : i8
  %k = arith.minsi %ones, %c5 : i8
  %l = arith.minui %x, %x : i8
  return %a, %b, %c, %d, %e, %f, %g, %h, %i, %j, %k, %l : i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8
}

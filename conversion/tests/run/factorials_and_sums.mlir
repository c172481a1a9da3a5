// Factorials with an scf.for, sums with an scf.while, a recursive decimal
// printer over putchar, floating point with a Newton iteration, and calls
// returning two results; lowered to the LLVM dialect by the passes of
// ods-conversion, translated by ods-translate and run by lli-22.

func.func private @putchar(i32) -> i32

// Prints n >= 0 in decimal, most significant digit first.
func.func @print_digits(%n: i64) {
  %c10 = arith.constant 10 : i64
  %big = arith.cmpi sge, %n, %c10 : i64
  scf.if %big {
    %q = arith.divsi %n, %c10 : i64
    func.call @print_digits(%q) : (i64) -> ()
  }
  %r = arith.remsi %n, %c10 : i64
  %c48 = arith.constant 48 : i64
  %digit = arith.addi %r, %c48 : i64
  %ch = arith.trunci %digit : i64 to i32
  %0 = func.call @putchar(%ch) : (i32) -> i32
  return
}

func.func @println(%n: i64) {
  %c0 = arith.constant 0 : i64
  %neg = arith.cmpi slt, %n, %c0 : i64
  %abs = scf.if %neg -> (i64) {
    %minus = arith.constant 45 : i32
    %0 = func.call @putchar(%minus) : (i32) -> i32
    %m = arith.subi %c0, %n : i64
    scf.yield %m : i64
  } else {
    scf.yield %n : i64
  }
  call @print_digits(%abs) : (i64) -> ()
  %nl = arith.constant 10 : i32
  %1 = call @putchar(%nl) : (i32) -> i32
  return
}

func.func @factorial(%n: index) -> i64 {
  %c1 = arith.constant 1 : index
  %one = arith.constant 1 : i64
  %up = arith.addi %n, %c1 : index
  %r = scf.for %i = %c1 to %up step %c1 iter_args(%acc = %one) -> (i64) {
    %ii = arith.index_cast %i : index to i64
    %m = arith.muli %acc, %ii : i64
    scf.yield %m : i64
  }
  return %r : i64
}

// The sum and the number of the odd numbers below n.
func.func @odd_sum_and_count(%n: i64) -> (i64, i64) {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %c2 = arith.constant 2 : i64
  %r:3 = scf.while (%i = %c1, %sum = %c0, %count = %c0) : (i64, i64, i64) -> (i64, i64, i64) {
    %more = arith.cmpi slt, %i, %n : i64
    scf.condition(%more) %i, %sum, %count : i64, i64, i64
  } do {
  ^bb0(%i: i64, %sum: i64, %count: i64):
    %s = arith.addi %sum, %i : i64
    %k = arith.addi %count, %c1 : i64
    %j = arith.addi %i, %c2 : i64
    scf.yield %j, %s, %k : i64, i64, i64
  }
  return %r#1, %r#2 : i64, i64
}

// sqrt(x) by Newton's method, 20 steps from x.
func.func @newton_sqrt(%x: f64) -> f64 {
  %c0 = arith.constant 0 : index
  %c20 = arith.constant 20 : index
  %c1 = arith.constant 1 : index
  %half = arith.constant 0.5 : f64
  %r = scf.for %i = %c0 to %c20 step %c1 iter_args(%y = %x) -> (f64) {
    %q = arith.divf %x, %y : f64
    %s = arith.addf %y, %q : f64
    %next = arith.mulf %s, %half : f64
    scf.yield %next : f64
  }
  return %r : f64
}

// floor(a / b) and ceil(a / b).
func.func @rounded_quotients(%a: i64, %b: i64) -> (i64, i64) {
  %floor = arith.floordivsi %a, %b : i64
  %ceil = arith.ceildivsi %a, %b : i64
  return %floor, %ceil : i64, i64
}

func.func @main() -> i32 {
  %c0 = arith.constant 0 : index
  %c11 = arith.constant 11 : index
  %c1 = arith.constant 1 : index
  scf.for %k = %c0 to %c11 step %c1 {
    %f = func.call @factorial(%k) : (index) -> i64
    func.call @println(%f) : (i64) -> ()
  }
  %n = arith.constant 100 : i64
  %sc:2 = call @odd_sum_and_count(%n) : (i64) -> (i64, i64)
  call @println(%sc#0) : (i64) -> ()
  call @println(%sc#1) : (i64) -> ()
  %two = arith.constant 2.0 : f64
  %root = call @newton_sqrt(%two) : (f64) -> f64
  %scale = arith.constant 1000000.0 : f64
  %scaled = arith.mulf %root, %scale : f64
  %micro = arith.fptosi %scaled : f64 to i64
  call @println(%micro) : (i64) -> ()
  %neg = arith.constant -43 : i64
  %three = arith.constant 3 : i64
  %floor, %ceil = call @rounded_quotients(%neg, %three) : (i64, i64) -> (i64, i64)
  call @println(%floor) : (i64) -> ()
  call @println(%ceil) : (i64) -> ()
  %ok = arith.constant 0 : i32
  return %ok : i32
}

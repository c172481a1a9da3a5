// Math through the LLVM intrinsics: a table of exp, log1p, powf, fpowi,
// absf, floor and rsqrt values in a memref<4x7xf64>, scaled and printed
// as integers; lowered by the pipeline of `tests/run_lli_memory.rs`,
// translated by ods-translate and run by lli-22.

func.func private @putchar(i32) -> i32

// Prints n (maybe negative) in decimal and a newline.
func.func @println(%n: i64) {
  %c0 = arith.constant 0 : i64
  %c10 = arith.constant 10 : i64
  %c48 = arith.constant 48 : i32
  %neg = arith.cmpi slt, %n, %c0 : i64
  %abs = scf.if %neg -> (i64) {
    %minus = arith.constant 45 : i32
    %0 = func.call @putchar(%minus) : (i32) -> i32
    %m = arith.subi %c0, %n : i64
    scf.yield %m : i64
  } else {
    scf.yield %n : i64
  }
  // The largest power of ten not above abs (at least 1), then each digit.
  %one = arith.constant 1 : i64
  %p = scf.while (%q = %one) : (i64) -> i64 {
    %next = arith.muli %q, %c10 : i64
    %fits = arith.cmpi sle, %next, %abs : i64
    scf.condition(%fits) %q : i64
  } do {
  ^bb0(%q: i64):
    %next = arith.muli %q, %c10 : i64
    scf.yield %next : i64
  }
  %r = scf.while (%q = %p) : (i64) -> i64 {
    %more = arith.cmpi sgt, %q, %c0 : i64
    scf.condition(%more) %q : i64
  } do {
  ^bb0(%q: i64):
    %d = arith.divsi %abs, %q : i64
    %digit = arith.remsi %d, %c10 : i64
    %d32 = arith.trunci %digit : i64 to i32
    %ch = arith.addi %d32, %c48 : i32
    %0 = func.call @putchar(%ch) : (i32) -> i32
    %q1 = arith.divsi %q, %c10 : i64
    scf.yield %q1 : i64
  }
  %nl = arith.constant 10 : i32
  %1 = func.call @putchar(%nl) : (i32) -> i32
  return
}

func.func @main() -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c7 = arith.constant 7 : index
  %quarter = arith.constant 0.25 : f64
  %three = arith.constant 3 : i32
  %half = arith.constant 1.5 : f64
  %t = memref.alloc() : memref<4x7xf64>
  scf.for %k = %c0 to %c4 step %c1 {
    %ki = arith.index_cast %k : index to i64
    %kf = arith.sitofp %ki : i64 to f64
    %x = arith.mulf %kf, %quarter : f64
    %e = math.exp %x : f64
    %l = math.log1p %x : f64
    %p = math.powf %e, %half : f64
    %i = math.fpowi %e, %three : f64, i32
    %n = arith.negf %e : f64
    %a = math.absf %n : f64
    %f = math.floor %p : f64
    %s = arith.addf %x, %kf : f64
    %big = arith.addf %s, %half : f64
    %r = math.rsqrt %big : f64
    memref.store %e, %t[%k, %c0] : memref<4x7xf64>
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c5 = arith.constant 5 : index
    %c6 = arith.constant 6 : index
    memref.store %l, %t[%k, %c1] : memref<4x7xf64>
    memref.store %p, %t[%k, %c2] : memref<4x7xf64>
    memref.store %i, %t[%k, %c3] : memref<4x7xf64>
    memref.store %a, %t[%k, %c4] : memref<4x7xf64>
    memref.store %f, %t[%k, %c5] : memref<4x7xf64>
    memref.store %r, %t[%k, %c6] : memref<4x7xf64>
  }
  %scale = arith.constant 1000.0 : f64
  scf.for %k = %c0 to %c4 step %c1 {
    scf.for %j = %c0 to %c7 step %c1 {
      %v = memref.load %t[%k, %j] : memref<4x7xf64>
      %s = arith.mulf %v, %scale : f64
      %n = arith.fptosi %s : f64 to i64
      func.call @println(%n) : (i64) -> ()
    }
  }
  memref.dealloc %t : memref<4x7xf64>
  %ok = arith.constant 0 : i32
  return %ok : i32
}

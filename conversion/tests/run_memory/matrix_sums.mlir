// A matrix on the heap filled with scf.for loops and summed through a
// function taking the memref, a row taken as a rank-reducing subview, a
// column of a strided view, a stack buffer of square roots; lowered by
// --expand-strided-metadata, --lower-affine, --finalize-memref-to-llvm,
// --convert-math-to-llvm and the scalar lowerings, translated by
// ods-translate and run by lli-22.

func.func private @putchar(i32) -> i32

// Prints n >= 0 in decimal and a newline.
func.func @println(%n: i64) {
  %c10 = arith.constant 10 : i64
  %c0 = arith.constant 0 : i64
  %c48 = arith.constant 48 : i64
  // The digits, least significant first, on the stack.
  %buf = memref.alloca() : memref<20xi64>
  %i0 = arith.constant 0 : index
  %one = arith.constant 1 : index
  %r:2 = scf.while (%v = %n, %k = %i0) : (i64, index) -> (i64, index) {
    %d = arith.remsi %v, %c10 : i64
    memref.store %d, %buf[%k] : memref<20xi64>
    %q = arith.divsi %v, %c10 : i64
    %k1 = arith.addi %k, %one : index
    %more = arith.cmpi sgt, %q, %c0 : i64
    scf.condition(%more) %q, %k1 : i64, index
  } do {
  ^bb0(%v: i64, %k: index):
    scf.yield %v, %k : i64, index
  }
  scf.for %j = %i0 to %r#1 step %one {
    %back = arith.subi %r#1, %j : index
    %at = arith.subi %back, %one : index
    %d = memref.load %buf[%at] : memref<20xi64>
    %ch = arith.addi %d, %c48 : i64
    %ch32 = arith.trunci %ch : i64 to i32
    %0 = func.call @putchar(%ch32) : (i32) -> i32
  }
  %nl = arith.constant 10 : i32
  %1 = func.call @putchar(%nl) : (i32) -> i32
  return
}

// The sum of every element.
func.func @sum(%m: memref<?x?xi64>) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i64
  %rows = memref.dim %m, %c0 : memref<?x?xi64>
  %cols = memref.dim %m, %c1 : memref<?x?xi64>
  %s = scf.for %i = %c0 to %rows step %c1 iter_args(%acc = %zero) -> (i64) {
    %t = scf.for %j = %c0 to %cols step %c1 iter_args(%a = %acc) -> (i64) {
      %x = memref.load %m[%i, %j] : memref<?x?xi64>
      %b = arith.addi %a, %x : i64
      scf.yield %b : i64
    }
    scf.yield %t : i64
  }
  return %s : i64
}

func.func @main() -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c10 = arith.constant 10 : i64
  // m[i][j] = 10 * i + j, 4 x 5.
  %m = memref.alloc(%c4, %c5) : memref<?x?xi64>
  scf.for %i = %c0 to %c4 step %c1 {
    scf.for %j = %c0 to %c5 step %c1 {
      %ii = arith.index_cast %i : index to i64
      %jj = arith.index_cast %j : index to i64
      %t = arith.muli %ii, %c10 : i64
      %v = arith.addi %t, %jj : i64
      memref.store %v, %m[%i, %j] : memref<?x?xi64>
    }
  }
  %total = func.call @sum(%m) : (memref<?x?xi64>) -> i64
  func.call @println(%total) : (i64) -> ()
  // Row 2: 20 + 21 + 22 + 23 + 24.
  %row = memref.subview %m[2, 0] [1, 5] [1, 1] : memref<?x?xi64> to memref<5xi64, strided<[1], offset: ?>>
  %zero = arith.constant 0 : i64
  %rs = scf.for %j = %c0 to %c5 step %c1 iter_args(%a = %zero) -> (i64) {
    %x = memref.load %row[%j] : memref<5xi64, strided<[1], offset: ?>>
    %b = arith.addi %a, %x : i64
    scf.yield %b : i64
  }
  func.call @println(%rs) : (i64) -> ()
  // Column 3, every other row: 3 + 23.
  %col = memref.subview %m[0, 3] [2, 1] [2, 1] : memref<?x?xi64> to memref<2x1xi64, strided<[?, 1], offset: 3>>
  %cs = scf.for %i = %c0 to %c2 step %c1 iter_args(%a = %zero) -> (i64) {
    %x = memref.load %col[%i, %c0] : memref<2x1xi64, strided<[?, 1], offset: 3>>
    %b = arith.addi %a, %x : i64
    scf.yield %b : i64
  }
  func.call @println(%cs) : (i64) -> ()
  memref.dealloc %m : memref<?x?xi64>
  // 1000 * sqrt(k) for k = 1, 2, 3, through a stack buffer.
  %roots = memref.alloca() : memref<3xf64>
  %c3 = arith.constant 3 : index
  scf.for %k = %c0 to %c3 step %c1 {
    %k1 = arith.addi %k, %c1 : index
    %ki = arith.index_cast %k1 : index to i64
    %kf = arith.sitofp %ki : i64 to f64
    %r = math.sqrt %kf : f64
    memref.store %r, %roots[%k] : memref<3xf64>
  }
  %scale = arith.constant 1000.0 : f64
  scf.for %k = %c0 to %c3 step %c1 {
    %r = memref.load %roots[%k] : memref<3xf64>
    %s = arith.mulf %r, %scale : f64
    %n = arith.fptosi %s : f64 to i64
    func.call @println(%n) : (i64) -> ()
  }
  %ok = arith.constant 0 : i32
  return %ok : i32
}

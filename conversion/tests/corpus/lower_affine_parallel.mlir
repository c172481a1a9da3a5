// ARGS: --lower-affine --allow-unregistered-dialect
// affine.parallel to scf.parallel: bounds per dimension (lower, then
// upper; max/min over several results), steps, and reductions started
// from their identity values and combined in scf.reduce.

func.func @no_results(%a: memref<10x10xf32>) {
  affine.parallel (%i, %j) = (0, 0) to (10, 10) {
    %v = affine.load %a[%i, %j] : memref<10x10xf32>
    "test.use"(%v) : (f32) -> ()
  }
  return
}

func.func @tiled(%a: memref<64x64xf32>, %n: index) {
  affine.parallel (%i, %j) = (0, 0) to (64, 64) step (16, 8) {
    affine.parallel (%ii, %jj) = (%i, max(%j, %j * 2 - 8)) to (%i + 16, min(%j + 8, symbol(%n))) {
      %v = affine.load %a[%ii, %jj] : memref<64x64xf32>
      affine.store %v, %a[%jj, %ii] : memref<64x64xf32>
    }
  }
  return
}

func.func @float_reductions(%a: memref<8xf32>, %b: memref<8xf64>) -> (f32, f32, f32, f32, f64, f64, f64, f64) {
  %r:4 = affine.parallel (%i) = (0) to (8) reduce ("addf", "mulf", "maximumf", "minimumf") -> (f32, f32, f32, f32) {
    %v = affine.load %a[%i] : memref<8xf32>
    affine.yield %v, %v, %v, %v : f32, f32, f32, f32
  }
  %s:4 = affine.parallel (%i) = (0) to (8) reduce ("minimumf", "mulf", "addf", "maximumf") -> (f64, f64, f64, f64) {
    %v = affine.load %b[%i] : memref<8xf64>
    affine.yield %v, %v, %v, %v : f64, f64, f64, f64
  }
  return %r#0, %r#1, %r#2, %r#3, %s#0, %s#1, %s#2, %s#3 : f32, f32, f32, f32, f64, f64, f64, f64
}

func.func @integer_reductions(%a: memref<4x4xi32>) -> (i32, i32, i32, i32) {
  %r:4 = affine.parallel (%i, %j) = (0, 0) to (4, 4) reduce ("addi", "muli", "ori", "andi") -> (i32, i32, i32, i32) {
    %v = affine.load %a[%i, %j] : memref<4x4xi32>
    affine.yield %v, %v, %v, %v : i32, i32, i32, i32
  }
  return %r#0, %r#1, %r#2, %r#3 : i32, i32, i32, i32
}

func.func @wide_and_narrow_reductions(%a: memref<16xi64>, %b: memref<16xi8>, %n: index) -> (i64, i8, f16) {
  %r:3 = affine.parallel (%i) = (0) to (symbol(%n)) reduce ("andi", "muli", "maximumf") -> (i64, i8, f16) {
    %v = affine.load %a[%i] : memref<16xi64>
    %w = affine.load %b[%i] : memref<16xi8>
    %h = "test.half"(%w) : (i8) -> f16
    affine.yield %v, %w, %h : i64, i8, f16
  }
  return %r#0, %r#1, %r#2 : i64, i8, f16
}

func.func @dynamic_bounds(%a: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d0 = memref.dim %a, %c0 : memref<?x?xf32>
  %d1 = memref.dim %a, %c1 : memref<?x?xf32>
  affine.parallel (%i, %j) = (0, 0) to (%d0, %d1 floordiv 2) {
    %v = affine.load %a[%i, %j * 2] : memref<?x?xf32>
    affine.store %v, %a[%i, %j * 2 + 1] : memref<?x?xf32>
  }
  return
}

func.func @inside_for(%a: memref<8x8xf32>) -> f32 {
  %zero = arith.constant 0.0 : f32
  %t = affine.for %k = 0 to 8 iter_args(%acc = %zero) -> (f32) {
    %p = affine.parallel (%i) = (0) to (8) reduce ("addf") -> (f32) {
      %v = affine.load %a[%k, %i] : memref<8x8xf32>
      affine.yield %v : f32
    }
    %s = arith.addf %acc, %p : f32
    affine.yield %s : f32
  }
  return %t : f32
}

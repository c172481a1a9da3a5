// ARGS: --finalize-memref-to-llvm
// memref.atomic_rmw becomes llvm.atomicrmw (acq_rel) at the element's
// address, computed without wrap flags and through a static offset; mulf
// and muli have no LLVM operation and stay. memref.transpose permutes the
// sizes and strides of a new descriptor (the identity permutation is its
// source). memref.alloca_scope is inlined between llvm.intr.stacksave and
// llvm.intr.stackrestore, its results passed through a continuation block.

func.func @rmw(%m : memref<4x8xf32, strided<[8, 1], offset: 3>>, %i : memref<?xi64>,
               %f : f32, %v : i64, %a : index, %b : index) -> (f32, i64, i64) {
  %0 = memref.atomic_rmw maximumf %f, %m[%a, %b] : (f32, memref<4x8xf32, strided<[8, 1], offset: 3>>) -> f32
  %1 = memref.atomic_rmw xori %v, %i[%a] : (i64, memref<?xi64>) -> i64
  %2 = memref.atomic_rmw muli %v, %i[%b] : (i64, memref<?xi64>) -> i64
  %3 = memref.atomic_rmw minnumf %f, %m[%b, %a] : (f32, memref<4x8xf32, strided<[8, 1], offset: 3>>) -> f32
  return %0, %1, %2 : f32, i64, i64
}

func.func @transpose(%m : memref<?x?xf32>, %n : memref<2x3x4xi8>) {
  %0 = memref.transpose %m (i, j) -> (j, i) : memref<?x?xf32> to memref<?x?xf32, strided<[1, ?]>>
  %1 = memref.transpose %n (i, j, k) -> (i, j, k) : memref<2x3x4xi8> to memref<2x3x4xi8>
  %2 = memref.transpose %n (i, j, k) -> (j, k, i) : memref<2x3x4xi8> to memref<3x4x2xi8, strided<[4, 1, 12]>>
  return
}

func.func @scope(%n : index) -> i32 {
  memref.alloca_scope {
    %buf = memref.alloca(%n) : memref<?xf32>
  }
  %r = memref.alloca_scope -> (i32) {
    %c = arith.constant 7 : i32
    memref.alloca_scope.return %c : i32
  }
  return %r : i32
}

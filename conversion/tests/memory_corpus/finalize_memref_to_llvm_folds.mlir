// ARGS: --finalize-memref-to-llvm
// Unfolded memref input: memref ops fold before they are converted (a
// load through a memref.cast reads the cast's source, memref.dim of an
// allocation is its size operand or a constant).

func.func @dims(%n: index) -> (index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = memref.alloc(%n) : memref<4x?xf32>
  %0 = memref.dim %m, %c0 : memref<4x?xf32>
  %1 = memref.dim %m, %c1 : memref<4x?xf32>
  memref.dealloc %m : memref<4x?xf32>
  return %0, %1 : index, index
}

func.func @through_cast(%m: memref<8xf32>, %i: index) -> f32 {
  %c = memref.cast %m : memref<8xf32> to memref<?xf32>
  %v = memref.load %c[%i] : memref<?xf32>
  memref.store %v, %c[%i] : memref<?xf32>
  return %v : f32
}

func.func @transpose(%m: memref<16x4xf32>, %d: memref<?x?xf32>) {
  %0 = memref.transpose %m (d0, d1) -> (d1, d0) : memref<16x4xf32> to memref<4x16xf32, strided<[1, 4]>>
  %1 = memref.transpose %d (i, j) -> (j, i) : memref<?x?xf32> to memref<?x?xf32, strided<[1, ?]>>
  return
}

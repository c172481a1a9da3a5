module {
  func.func @main() {
    %cst = arith.constant 1.000000e+03 : f64
    %cst_0 = arith.constant 0.000000e+00 : f64
    %cst_1 = arith.constant 3.250000e+00 : f64
    %cst_2 = arith.constant 2.500000e+00 : f64
    %cst_3 = arith.constant 1.000000e+00 : f64
    %alloc = memref.alloc() : memref<6xf64>
    %alloc_4 = memref.alloc() : memref<6xf64>
    %alloc_5 = memref.alloc() : memref<6xf64>
    affine.store %cst_3, %alloc_5[0] : memref<6xf64>
    affine.store %cst_2, %alloc_5[1] : memref<6xf64>
    affine.store %cst_1, %alloc_5[2] : memref<6xf64>
    affine.store %cst_0, %alloc_5[3] : memref<6xf64>
    affine.store %cst, %alloc_5[4] : memref<6xf64>
    affine.store %cst_2, %alloc_5[5] : memref<6xf64>
    affine.for %arg0 = 0 to 6 {
      %0 = affine.load %alloc_5[%arg0] : memref<6xf64>
      %1 = arith.mulf %0, %0 : f64
      affine.store %1, %alloc_4[%arg0] : memref<6xf64>
    }
    toy.print %alloc_4 : memref<6xf64>
    affine.for %arg0 = 0 to 6 {
      %0 = affine.load %alloc_4[%arg0] : memref<6xf64>
      %1 = affine.load %alloc_5[%arg0] : memref<6xf64>
      %2 = arith.addf %0, %1 : f64
      affine.store %2, %alloc[%arg0] : memref<6xf64>
    }
    toy.print %alloc : memref<6xf64>
    memref.dealloc %alloc_5 : memref<6xf64>
    memref.dealloc %alloc_4 : memref<6xf64>
    memref.dealloc %alloc : memref<6xf64>
    return
  }
}

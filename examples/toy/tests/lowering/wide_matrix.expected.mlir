module {
  func.func @main() {
    %cst = arith.constant 1.400000e+01 : f64
    %cst_0 = arith.constant 1.300000e+01 : f64
    %cst_1 = arith.constant 1.200000e+01 : f64
    %cst_2 = arith.constant 1.100000e+01 : f64
    %cst_3 = arith.constant 1.000000e+01 : f64
    %cst_4 = arith.constant 9.000000e+00 : f64
    %cst_5 = arith.constant 8.000000e+00 : f64
    %cst_6 = arith.constant 7.000000e+00 : f64
    %cst_7 = arith.constant 6.000000e+00 : f64
    %cst_8 = arith.constant 5.000000e+00 : f64
    %cst_9 = arith.constant 4.000000e+00 : f64
    %cst_10 = arith.constant 3.000000e+00 : f64
    %cst_11 = arith.constant 2.000000e+00 : f64
    %cst_12 = arith.constant 1.000000e+00 : f64
    %alloc = memref.alloc() : memref<2x7xf64>
    %alloc_13 = memref.alloc() : memref<7x2xf64>
    %alloc_14 = memref.alloc() : memref<7x2xf64>
    %alloc_15 = memref.alloc() : memref<7x2xf64>
    %alloc_16 = memref.alloc() : memref<7x2xf64>
    %alloc_17 = memref.alloc() : memref<2x7xf64>
    %alloc_18 = memref.alloc() : memref<2x7xf64>
    affine.store %cst_12, %alloc_18[0, 0] : memref<2x7xf64>
    affine.store %cst_11, %alloc_18[0, 1] : memref<2x7xf64>
    affine.store %cst_10, %alloc_18[0, 2] : memref<2x7xf64>
    affine.store %cst_9, %alloc_18[0, 3] : memref<2x7xf64>
    affine.store %cst_8, %alloc_18[0, 4] : memref<2x7xf64>
    affine.store %cst_7, %alloc_18[0, 5] : memref<2x7xf64>
    affine.store %cst_6, %alloc_18[0, 6] : memref<2x7xf64>
    affine.store %cst_5, %alloc_18[1, 0] : memref<2x7xf64>
    affine.store %cst_4, %alloc_18[1, 1] : memref<2x7xf64>
    affine.store %cst_3, %alloc_18[1, 2] : memref<2x7xf64>
    affine.store %cst_2, %alloc_18[1, 3] : memref<2x7xf64>
    affine.store %cst_1, %alloc_18[1, 4] : memref<2x7xf64>
    affine.store %cst_0, %alloc_18[1, 5] : memref<2x7xf64>
    affine.store %cst, %alloc_18[1, 6] : memref<2x7xf64>
    affine.store %cst, %alloc_17[0, 0] : memref<2x7xf64>
    affine.store %cst_0, %alloc_17[0, 1] : memref<2x7xf64>
    affine.store %cst_1, %alloc_17[0, 2] : memref<2x7xf64>
    affine.store %cst_2, %alloc_17[0, 3] : memref<2x7xf64>
    affine.store %cst_3, %alloc_17[0, 4] : memref<2x7xf64>
    affine.store %cst_4, %alloc_17[0, 5] : memref<2x7xf64>
    affine.store %cst_5, %alloc_17[0, 6] : memref<2x7xf64>
    affine.store %cst_6, %alloc_17[1, 0] : memref<2x7xf64>
    affine.store %cst_7, %alloc_17[1, 1] : memref<2x7xf64>
    affine.store %cst_8, %alloc_17[1, 2] : memref<2x7xf64>
    affine.store %cst_9, %alloc_17[1, 3] : memref<2x7xf64>
    affine.store %cst_10, %alloc_17[1, 4] : memref<2x7xf64>
    affine.store %cst_11, %alloc_17[1, 5] : memref<2x7xf64>
    affine.store %cst_12, %alloc_17[1, 6] : memref<2x7xf64>
    affine.for %arg0 = 0 to 7 {
      affine.for %arg1 = 0 to 2 {
        %0 = affine.load %alloc_18[%arg1, %arg0] : memref<2x7xf64>
        affine.store %0, %alloc_16[%arg0, %arg1] : memref<7x2xf64>
      }
    }
    affine.for %arg0 = 0 to 7 {
      affine.for %arg1 = 0 to 2 {
        %0 = affine.load %alloc_17[%arg1, %arg0] : memref<2x7xf64>
        affine.store %0, %alloc_15[%arg0, %arg1] : memref<7x2xf64>
      }
    }
    affine.for %arg0 = 0 to 7 {
      affine.for %arg1 = 0 to 2 {
        %0 = affine.load %alloc_16[%arg0, %arg1] : memref<7x2xf64>
        %1 = affine.load %alloc_15[%arg0, %arg1] : memref<7x2xf64>
        %2 = arith.mulf %0, %1 : f64
        affine.store %2, %alloc_14[%arg0, %arg1] : memref<7x2xf64>
      }
    }
    affine.for %arg0 = 0 to 7 {
      affine.for %arg1 = 0 to 2 {
        %0 = affine.load %alloc_14[%arg0, %arg1] : memref<7x2xf64>
        %1 = affine.load %alloc_16[%arg0, %arg1] : memref<7x2xf64>
        %2 = arith.addf %0, %1 : f64
        affine.store %2, %alloc_13[%arg0, %arg1] : memref<7x2xf64>
      }
    }
    toy.print %alloc_13 : memref<7x2xf64>
    affine.for %arg0 = 0 to 2 {
      affine.for %arg1 = 0 to 7 {
        %0 = affine.load %alloc_13[%arg1, %arg0] : memref<7x2xf64>
        affine.store %0, %alloc[%arg0, %arg1] : memref<2x7xf64>
      }
    }
    toy.print %alloc : memref<2x7xf64>
    memref.dealloc %alloc_18 : memref<2x7xf64>
    memref.dealloc %alloc_17 : memref<2x7xf64>
    memref.dealloc %alloc_16 : memref<7x2xf64>
    memref.dealloc %alloc_15 : memref<7x2xf64>
    memref.dealloc %alloc_14 : memref<7x2xf64>
    memref.dealloc %alloc_13 : memref<7x2xf64>
    memref.dealloc %alloc : memref<2x7xf64>
    return
  }
}

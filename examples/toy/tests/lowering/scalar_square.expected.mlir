module {
  func.func @main() {
    %cst = arith.constant 5.500000e+00 : f64
    %alloc = memref.alloc() : memref<f64>
    %alloc_0 = memref.alloc() : memref<f64>
    affine.store %cst, %alloc_0[] : memref<f64>
    %0 = affine.load %alloc_0[] : memref<f64>
    %1 = arith.mulf %0, %0 : f64
    affine.store %1, %alloc[] : memref<f64>
    toy.print %alloc : memref<f64>
    memref.dealloc %alloc_0 : memref<f64>
    memref.dealloc %alloc : memref<f64>
    return
  }
}

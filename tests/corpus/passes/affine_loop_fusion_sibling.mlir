// ARGS: --allow-unregistered-dialect --affine-loop-fusion
// Sibling fusion: nests that read one memref and have no dependence
// between them become one nest, wherever the memref comes from (an
// argument of the function, or stores of an earlier top-level op).

func.func @two_readers(%in: memref<6xf32>, %a: memref<6xf32>, %b: memref<6xf32>) {
  affine.for %i = 0 to 6 {
    %v = affine.load %in[%i] : memref<6xf32>
    %w = arith.addf %v, %v : f32
    affine.store %w, %a[%i] : memref<6xf32>
  }
  affine.for %i = 0 to 6 {
    %v = affine.load %in[%i] : memref<6xf32>
    %w = arith.mulf %v, %v : f32
    affine.store %w, %b[%i] : memref<6xf32>
  }
  return
}

func.func @readers_of_constants() {
  %cst = arith.constant 1.000000e+00 : f64
  %cst_0 = arith.constant 2.000000e+00 : f64
  %m = memref.alloc() : memref<2x2xf64>
  %x = memref.alloc() : memref<2x2xf64>
  %y = memref.alloc() : memref<2x2xf64>
  affine.store %cst, %m[0, 0] : memref<2x2xf64>
  affine.store %cst_0, %m[0, 1] : memref<2x2xf64>
  affine.store %cst, %m[1, 0] : memref<2x2xf64>
  affine.store %cst_0, %m[1, 1] : memref<2x2xf64>
  affine.for %i = 0 to 2 {
    affine.for %j = 0 to 2 {
      %v = affine.load %m[%j, %i] : memref<2x2xf64>
      affine.store %v, %x[%i, %j] : memref<2x2xf64>
    }
  }
  affine.for %i = 0 to 2 {
    affine.for %j = 0 to 2 {
      %v = affine.load %m[%i, %j] : memref<2x2xf64>
      %w = arith.addf %v, %v : f64
      affine.store %w, %y[%i, %j] : memref<2x2xf64>
    }
  }
  "test.print"(%x) : (memref<2x2xf64>) -> ()
  "test.print"(%y) : (memref<2x2xf64>) -> ()
  memref.dealloc %m : memref<2x2xf64>
  memref.dealloc %x : memref<2x2xf64>
  memref.dealloc %y : memref<2x2xf64>
  return
}

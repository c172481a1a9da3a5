// ARGS: --allow-unregistered-dialect --pass-pipeline=builtin.module(func.func(affine-loop-fusion{mode=sibling}))
// Sibling fusion only (mode=sibling): the two nests reading the input
// fuse, the consumer of the first stays apart, and so do the producer and
// consumer of the second function.

func.func @producer_and_siblings(%in: memref<6xf32>, %a: memref<6xf32>, %b: memref<6xf32>) {
  %t = memref.alloc() : memref<6xf32>
  affine.for %i = 0 to 6 {
    %v = affine.load %in[%i] : memref<6xf32>
    %w = arith.addf %v, %v : f32
    affine.store %w, %t[%i] : memref<6xf32>
  }
  affine.for %i = 0 to 6 {
    %v = affine.load %t[%i] : memref<6xf32>
    %w = arith.mulf %v, %v : f32
    affine.store %w, %a[%i] : memref<6xf32>
  }
  affine.for %i = 0 to 6 {
    %v = affine.load %in[%i] : memref<6xf32>
    %w = arith.subf %v, %v : f32
    affine.store %w, %b[%i] : memref<6xf32>
  }
  return
}

func.func @partial_row(%out: memref<16x4xf32>) {
  %t = memref.alloc() : memref<16x32xf32>
  %c = arith.constant 1.0 : f32
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 32 {
      affine.store %c, %t[%i, %j] : memref<16x32xf32>
    }
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 4 {
      %v = affine.load %t[%i, %j] : memref<16x32xf32>
      affine.store %v, %out[%i, %j] : memref<16x4xf32>
    }
  }
  return
}


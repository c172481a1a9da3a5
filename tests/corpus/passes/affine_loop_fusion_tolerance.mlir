// ARGS: --allow-unregistered-dialect --pass-pipeline=builtin.module(func.func(affine-loop-fusion{compute-tolerance=100}))
// A high compute tolerance: a producer whose every element each row of
// the consumer reads is recomputed per row (the default 0.30 refuses
// that); a producer read element by element fuses as always.

func.func @recompute_per_row(%in: memref<8xf32>, %out: memref<4x8xf32>) {
  %t = memref.alloc() : memref<8xf32>
  affine.for %i = 0 to 8 {
    %v = affine.load %in[%i] : memref<8xf32>
    %w = arith.mulf %v, %v : f32
    affine.store %w, %t[%i] : memref<8xf32>
  }
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 8 {
      %v = affine.load %t[%j] : memref<8xf32>
      affine.store %v, %out[%i, %j] : memref<4x8xf32>
    }
  }
  return
}

func.func @element_by_element(%in: memref<8xf32>, %out: memref<8xf32>) {
  %t = memref.alloc() : memref<8xf32>
  affine.for %i = 0 to 8 {
    %v = affine.load %in[%i] : memref<8xf32>
    affine.store %v, %t[%i] : memref<8xf32>
  }
  affine.for %i = 0 to 8 {
    %v = affine.load %t[%i] : memref<8xf32>
    affine.store %v, %out[%i] : memref<8xf32>
  }
  return
}

// ARGS: --allow-unregistered-dialect --affine-loop-fusion
// Unions of the slices of several reads: a consumer reading a producer's
// result directly and transposed (each producer loop tied to two host
// loops: the union takes the constant bounds, here the whole producer,
// not worth recomputing per element); a producer writing two memrefs the
// consumer reads (several producer stores: fused at the deepest legal
// depth when the extra computation stays within the tolerance; the
// memref used after the nests keeps its buffer, the other gets a private
// one). Two private buffers in one fusion are left out here: upstream
// orders them by the memrefs' addresses, which differ from run to run.

func.func @direct_and_transposed(%in: memref<3x3xf32>, %out: memref<3x3xf32>) {
  %t = memref.alloc() : memref<3x3xf32>
  affine.for %i = 0 to 3 {
    affine.for %j = 0 to 3 {
      %v = affine.load %in[%i, %j] : memref<3x3xf32>
      affine.store %v, %t[%i, %j] : memref<3x3xf32>
    }
  }
  affine.for %i = 0 to 3 {
    affine.for %j = 0 to 3 {
      %x = affine.load %t[%i, %j] : memref<3x3xf32>
      %y = affine.load %t[%j, %i] : memref<3x3xf32>
      %z = arith.addf %x, %y : f32
      affine.store %z, %out[%i, %j] : memref<3x3xf32>
    }
  }
  return
}

func.func @two_stores_read(%in: memref<5x4xf32>, %out: memref<5x4xf32>) {
  %p = memref.alloc() : memref<5x4xf32>
  %q = memref.alloc() : memref<5x4xf32>
  affine.for %i = 0 to 5 {
    affine.for %j = 0 to 4 {
      %v = affine.load %in[%i, %j] : memref<5x4xf32>
      %w = arith.mulf %v, %v : f32
      affine.store %v, %p[%i, %j] : memref<5x4xf32>
      affine.store %w, %q[%i, %j] : memref<5x4xf32>
    }
  }
  affine.for %i = 0 to 5 {
    affine.for %j = 0 to 4 {
      %a = affine.load %p[%i, %j] : memref<5x4xf32>
      %b = affine.load %q[%i, %j] : memref<5x4xf32>
      %c = arith.addf %a, %b : f32
      affine.store %c, %out[%i, %j] : memref<5x4xf32>
    }
  }
  "test.use"(%q) : (memref<5x4xf32>) -> ()
  return
}

func.func @two_stores_transposed(%in: memref<4x4xf32>, %out: memref<4x4xf32>) {
  %p = memref.alloc() : memref<4x4xf32>
  %q = memref.alloc() : memref<4x4xf32>
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 4 {
      %v = affine.load %in[%i, %j] : memref<4x4xf32>
      affine.store %v, %p[%i, %j] : memref<4x4xf32>
      affine.store %v, %q[%i, %j] : memref<4x4xf32>
    }
  }
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 4 {
      %a = affine.load %p[%i, %j] : memref<4x4xf32>
      %b = affine.load %q[%j, %i] : memref<4x4xf32>
      %c = arith.addf %a, %b : f32
      affine.store %c, %out[%i, %j] : memref<4x4xf32>
    }
  }
  return
}

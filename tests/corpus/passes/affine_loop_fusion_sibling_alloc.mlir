// ARGS: --allow-unregistered-dialect --affine-loop-fusion=mode=sibling
// Siblings reading an allocation nothing stores to: found through the
// op defining the memref, its users newest first (the last nest takes
// the middle one, then the first); a sibling whose slice would run only
// part of it stays (siblings are always removed after fusion).

func.func @three_readers(%b: memref<4x2xf32>, %c: memref<4x2xf32>, %d: memref<2x4xf32>) {
  %a = memref.alloc() : memref<4x2xf32>
  affine.for %i = 0 to 2 {
    affine.for %j = 0 to 4 {
      %v = affine.load %a[%j, %i] : memref<4x2xf32>
      affine.store %v, %d[%i, %j] : memref<2x4xf32>
    }
  }
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 2 {
      %v = affine.load %a[%i, %j] : memref<4x2xf32>
      %w = arith.addf %v, %v : f32
      affine.store %w, %b[%i, %j] : memref<4x2xf32>
    }
  }
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 2 {
      %v = affine.load %a[%i, %j] : memref<4x2xf32>
      %w = arith.mulf %v, %v : f32
      affine.store %w, %c[%i, %j] : memref<4x2xf32>
    }
  }
  memref.dealloc %a : memref<4x2xf32>
  return
}

func.func @partial_sibling(%b: memref<8xf32>, %c: memref<4xf32>) {
  %a = memref.alloc() : memref<8xf32>
  affine.for %i = 0 to 8 {
    %v = affine.load %a[%i] : memref<8xf32>
    affine.store %v, %b[%i] : memref<8xf32>
  }
  affine.for %i = 0 to 4 {
    %v = affine.load %a[%i] : memref<8xf32>
    affine.store %v, %c[%i] : memref<4xf32>
  }
  return
}

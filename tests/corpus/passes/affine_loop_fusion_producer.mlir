// ARGS: --allow-unregistered-dialect --affine-loop-fusion
// Producer-consumer fusion of nests with equal bounds. A memref freed
// after its nests escapes: the producer's stores stay on it and the
// producer goes (the slice covers it whole). A memref only the two nests
// use gets a private one-element buffer, and its allocation goes.

func.func @escaping_intermediate() {
  %a = memref.alloc() : memref<4x3xf32>
  %t = memref.alloc() : memref<4x3xf32>
  %out = memref.alloc() : memref<4x3xf32>
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 3 {
      %v = affine.load %a[%i, %j] : memref<4x3xf32>
      %w = arith.addf %v, %v : f32
      affine.store %w, %t[%i, %j] : memref<4x3xf32>
    }
  }
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 3 {
      %v = affine.load %t[%i, %j] : memref<4x3xf32>
      %w = arith.mulf %v, %v : f32
      affine.store %w, %out[%i, %j] : memref<4x3xf32>
    }
  }
  "test.use"(%out) : (memref<4x3xf32>) -> ()
  memref.dealloc %t : memref<4x3xf32>
  memref.dealloc %a : memref<4x3xf32>
  memref.dealloc %out : memref<4x3xf32>
  return
}

func.func @private_buffer(%in: memref<8xf64>, %out: memref<8xf64>) {
  %t = memref.alloc() : memref<8xf64>
  affine.for %i = 0 to 8 {
    %v = affine.load %in[%i] : memref<8xf64>
    %n = arith.negf %v : f64
    affine.store %n, %t[%i] : memref<8xf64>
  }
  affine.for %i = 0 to 8 {
    %v = affine.load %t[%i] : memref<8xf64>
    %s = arith.mulf %v, %v : f64
    affine.store %s, %out[%i] : memref<8xf64>
  }
  return
}

func.func @chain_of_three(%in: memref<5x5xf32>) {
  %t0 = memref.alloc() : memref<5x5xf32>
  %t1 = memref.alloc() : memref<5x5xf32>
  %out = memref.alloc() : memref<5x5xf32>
  affine.for %i = 0 to 5 {
    affine.for %j = 0 to 5 {
      %v = affine.load %in[%j, %i] : memref<5x5xf32>
      affine.store %v, %t0[%i, %j] : memref<5x5xf32>
    }
  }
  affine.for %i = 0 to 5 {
    affine.for %j = 0 to 5 {
      %v = affine.load %t0[%i, %j] : memref<5x5xf32>
      %w = arith.addf %v, %v : f32
      affine.store %w, %t1[%i, %j] : memref<5x5xf32>
    }
  }
  affine.for %i = 0 to 5 {
    affine.for %j = 0 to 5 {
      %v = affine.load %t1[%i, %j] : memref<5x5xf32>
      %u = affine.load %t0[%i, %j] : memref<5x5xf32>
      %w = arith.mulf %v, %u : f32
      affine.store %w, %out[%i, %j] : memref<5x5xf32>
    }
  }
  "test.use"(%out) : (memref<5x5xf32>) -> ()
  memref.dealloc %t0 : memref<5x5xf32>
  memref.dealloc %t1 : memref<5x5xf32>
  memref.dealloc %out : memref<5x5xf32>
  return
}

func.func @transposed_consumer(%in: memref<2x6xf32>, %out: memref<6x2xf32>) {
  %t = memref.alloc() : memref<2x6xf32>
  affine.for %i = 0 to 2 {
    affine.for %j = 0 to 6 {
      %v = affine.load %in[%i, %j] : memref<2x6xf32>
      %e = math.exp %v : f32
      affine.store %e, %t[%i, %j] : memref<2x6xf32>
    }
  }
  affine.for %i = 0 to 6 {
    affine.for %j = 0 to 2 {
      %v = affine.load %t[%j, %i] : memref<2x6xf32>
      affine.store %v, %out[%i, %j] : memref<6x2xf32>
    }
  }
  return
}

// ARGS: --allow-unregistered-dialect --affine-loop-fusion
// Slices that are not the whole producer: a consumer reading part of
// what the producer writes (the producer's extra iterations are dropped
// with it when nothing else reads them), a consumer reading one column
// (a constant index: the slice loop becomes a constant at the top of the
// function), and pairs that do not fuse: a consumer reading past what
// the producer writes, and a use of the memref between the nests.

func.func @partial_read(%out: memref<4x3xf32>) {
  %t = memref.alloc() : memref<4x6xf32>
  %c = arith.constant 1.0 : f32
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 6 {
      affine.store %c, %t[%i, %j] : memref<4x6xf32>
    }
  }
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 3 {
      %v = affine.load %t[%i, %j] : memref<4x6xf32>
      affine.store %v, %out[%i, %j] : memref<4x3xf32>
    }
  }
  return
}

func.func @one_column(%in: memref<3x3xf32>, %out: memref<3xf32>) {
  %t = memref.alloc() : memref<3x3xf32>
  affine.for %i = 0 to 3 {
    affine.for %j = 0 to 3 {
      %v = affine.load %in[%i, %j] : memref<3x3xf32>
      affine.store %v, %t[%i, %j] : memref<3x3xf32>
    }
  }
  affine.for %i = 0 to 3 {
    %v = affine.load %t[%i, 2] : memref<3x3xf32>
    affine.store %v, %out[%i] : memref<3xf32>
  }
  "test.use"(%t) : (memref<3x3xf32>) -> ()
  return
}

func.func @read_past_producer(%out: memref<8xf32>) {
  %t = memref.alloc() : memref<8xf32>
  %c = arith.constant 2.0 : f32
  affine.for %i = 0 to 4 {
    affine.store %c, %t[%i] : memref<8xf32>
  }
  affine.for %i = 0 to 8 {
    %v = affine.load %t[%i] : memref<8xf32>
    affine.store %v, %out[%i] : memref<8xf32>
  }
  return
}

func.func @use_in_between(%out: memref<8xf32>) {
  %t = memref.alloc() : memref<8xf32>
  %c = arith.constant 2.0 : f32
  affine.for %i = 0 to 8 {
    affine.store %c, %t[%i] : memref<8xf32>
  }
  "test.use"(%t) : (memref<8xf32>) -> ()
  affine.for %i = 0 to 8 {
    %v = affine.load %t[%i] : memref<8xf32>
    affine.store %v, %out[%i] : memref<8xf32>
  }
  return
}

func.func @shifted_read(%out: memref<6xf32>) {
  %t = memref.alloc() : memref<8xf32>
  %c = arith.constant 2.0 : f32
  affine.for %i = 0 to 8 {
    affine.store %c, %t[%i] : memref<8xf32>
  }
  affine.for %i = 0 to 6 {
    %v = affine.load %t[%i + 2] : memref<8xf32>
    affine.store %v, %out[%i] : memref<6xf32>
  }
  return
}

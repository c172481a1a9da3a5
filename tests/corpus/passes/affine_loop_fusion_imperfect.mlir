// ARGS: --allow-unregistered-dialect --affine-loop-fusion
// Nests that are not perfectly nested: a producer whose store sits above
// an inner loop of its own, fused into a consumer at the depth of that
// store; a consumer whose reads sit at two depths (the slice goes to the
// loops common to them); and a host made imperfect by an earlier fusion
// taking a producer whose slice runs whole inside its outer loop.

func.func @producer_with_inner_loop(%in: memref<8xf32>, %out: memref<8xf32>) {
  %t = memref.alloc() : memref<8xf32>
  %acc = memref.alloc() : memref<8x4xf32>
  affine.for %i = 0 to 8 {
    %v = affine.load %in[%i] : memref<8xf32>
    affine.store %v, %t[%i] : memref<8xf32>
    affine.for %k = 0 to 4 {
      affine.store %v, %acc[%i, %k] : memref<8x4xf32>
    }
  }
  affine.for %i = 0 to 8 {
    %w = affine.load %t[%i] : memref<8xf32>
    %x = arith.addf %w, %w : f32
    affine.store %x, %out[%i] : memref<8xf32>
  }
  "test.use"(%acc) : (memref<8x4xf32>) -> ()
  return
}

func.func @consumer_reads_at_two_depths(%in: memref<6x5xf32>, %out: memref<6x5xf32>, %row: memref<6xf32>) {
  %t = memref.alloc() : memref<6x5xf32>
  affine.for %i = 0 to 6 {
    affine.for %j = 0 to 5 {
      %v = affine.load %in[%i, %j] : memref<6x5xf32>
      affine.store %v, %t[%i, %j] : memref<6x5xf32>
    }
  }
  affine.for %i = 0 to 6 {
    %first = affine.load %t[%i, 0] : memref<6x5xf32>
    affine.store %first, %row[%i] : memref<6xf32>
    affine.for %j = 0 to 5 {
      %v = affine.load %t[%i, %j] : memref<6x5xf32>
      %s = arith.mulf %v, %first : f32
      affine.store %s, %out[%i, %j] : memref<6x5xf32>
    }
  }
  return
}

func.func @imperfect_both(%a: memref<12xf32>) {
  %cst = arith.constant 0.0 : f32
  affine.for %i = 0 to 12 {
    affine.for %j = 0 to 3 {
      %v = affine.load %a[%i] : memref<12xf32>
      affine.for %k = 0 to 2 {
        %w = affine.load %a[%i] : memref<12xf32>
        %n = arith.negf %w : f32
        "test.sink"(%n, %v) : (f32, f32) -> ()
      }
      affine.store %cst, %a[%i] : memref<12xf32>
    }
  }
  affine.for %i = 0 to 12 {
    %u = affine.load %a[%i] : memref<12xf32>
    affine.for %j = 0 to 2 {
      %n = arith.negf %u : f32
      "test.sink"(%n) : (f32) -> ()
    }
    affine.store %cst, %a[%i] : memref<12xf32>
  }
  return
}

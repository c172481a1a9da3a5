// ARGS: --allow-unregistered-dialect --affine-loop-fusion
// Producers whose accesses form a cycle of dependences (a running sum
// kept in memory): fused only where the slice recomputes nothing (the
// compute tolerance drops to zero), and left alone where it would.

func.func @running_sum_pointwise(%in: memref<16xf32>, %out: memref<16xf32>) {
  %acc = memref.alloc() : memref<16xf32>
  %t = memref.alloc() : memref<16xf32>
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to 16 {
    %v = affine.load %in[%i] : memref<16xf32>
    %s = affine.load %acc[0] : memref<16xf32>
    %n = arith.addf %s, %v : f32
    affine.store %n, %acc[0] : memref<16xf32>
    affine.store %n, %t[%i] : memref<16xf32>
  }
  affine.for %i = 0 to 16 {
    %v = affine.load %t[%i] : memref<16xf32>
    affine.store %v, %out[%i] : memref<16xf32>
  }
  "test.use"(%acc) : (memref<16xf32>) -> ()
  return
}

func.func @rows_summed_read_twice(%in: memref<4x8xf32>, %out: memref<4x8xf32>) {
  %row = memref.alloc() : memref<4xf32>
  %t = memref.alloc() : memref<4x8xf32>
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 8 {
      %v = affine.load %in[%i, %j] : memref<4x8xf32>
      %s = affine.load %row[%i] : memref<4xf32>
      %n = arith.addf %s, %v : f32
      affine.store %n, %row[%i] : memref<4xf32>
      affine.store %n, %t[%i, %j] : memref<4x8xf32>
    }
  }
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 8 {
      %a = affine.load %t[%i, %j] : memref<4x8xf32>
      %b = affine.load %t[%i, 7] : memref<4x8xf32>
      %d = arith.subf %a, %b : f32
      affine.store %d, %out[%i, %j] : memref<4x8xf32>
    }
  }
  "test.use"(%row) : (memref<4xf32>) -> ()
  return
}

func.func @running_sum_read_per_column(%in: memref<4xf32>, %out: memref<4x6xf32>) {
  %acc = memref.alloc() : memref<1xf32>
  %t = memref.alloc() : memref<4xf32>
  affine.for %i = 0 to 4 {
    %v = affine.load %in[%i] : memref<4xf32>
    %s = affine.load %acc[0] : memref<1xf32>
    %n = arith.addf %s, %v : f32
    affine.store %n, %acc[0] : memref<1xf32>
    affine.store %n, %t[%i] : memref<4xf32>
  }
  affine.for %j = 0 to 6 {
    affine.for %i = 0 to 4 {
      %v = affine.load %t[%i] : memref<4xf32>
      affine.store %v, %out[%i, %j] : memref<4x6xf32>
    }
  }
  "test.use"(%acc) : (memref<1xf32>) -> ()
  return
}

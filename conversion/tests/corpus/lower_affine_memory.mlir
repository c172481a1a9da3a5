// ARGS: --lower-affine --allow-unregistered-dialect
// affine.load, affine.store, affine.prefetch, affine.dma_start and
// affine.dma_wait to their memref ops, the subscripts expanded.

func.func @load_store(%a: memref<16x32xf32>, %b: memref<16x32xf32>, %s: index) {
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 16 {
      %v = affine.load %a[%i * 2, %j + symbol(%s)] : memref<16x32xf32>
      %w = arith.negf %v : f32
      affine.store %w, %b[%i + 8, 31 - %j] : memref<16x32xf32>
    }
  }
  return
}

func.func @zero_rank(%a: memref<i64>, %b: memref<i64>) {
  %v = affine.load %a[] : memref<i64>
  affine.store %v, %b[] : memref<i64>
  return
}

func.func @constant_subscripts(%a: memref<4x4xi8>) -> i8 {
  %v = affine.load %a[3, 0] : memref<4x4xi8>
  affine.store %v, %a[1, 2] : memref<4x4xi8>
  return %v : i8
}

func.func @divided_subscripts(%a: memref<?xf64>, %n: index) {
  affine.for %i = 0 to %n {
    %v = affine.load %a[%i floordiv 2] : memref<?xf64>
    affine.store %v, %a[%i mod 4 + %i ceildiv 3] : memref<?xf64>
  }
  return
}

func.func @prefetches(%a: memref<128xf32>, %s: index) {
  affine.for %i = 0 to 64 {
    affine.prefetch %a[%i + symbol(%s) + 3], read, locality<3>, data : memref<128xf32>
    affine.prefetch %a[%i * 2], write, locality<0>, instr : memref<128xf32>
  }
  return
}

func.func @dma(%src: memref<256xf32>, %s: index) {
  %dst = memref.alloc() : memref<256xf32, 1>
  %tag = memref.alloc() : memref<2xi32>
  %c0 = arith.constant 0 : index
  %n = arith.constant 32 : index
  %stride = arith.constant 16 : index
  %per = arith.constant 4 : index
  affine.for %i = 0 to 8 {
    affine.dma_start %src[%i * 32], %dst[%i * 32 + symbol(%s)], %tag[%c0], %n : memref<256xf32>, memref<256xf32, 1>, memref<2xi32>
    affine.dma_start %src[%i + 1], %dst[%i], %tag[%i mod 2], %n, %stride, %per : memref<256xf32>, memref<256xf32, 1>, memref<2xi32>
    affine.dma_wait %tag[%i mod 2], %n : memref<2xi32>
  }
  affine.dma_wait %tag[%c0 + 1], %n : memref<2xi32>
  return
}

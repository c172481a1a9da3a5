memref.global "private" @x : memref<2xf32> = dense<[0.0, 2.0]>
memref.global "private" constant @c : memref<2xi32> = dense<[1, 4]> {alignment = 64}
memref.global @y : memref<4xi32>
memref.global @z : memref<3xf16> = uninitialized

func.func @alloc_and_access(%n: index, %s: index, %i: index, %v: f32) {
  %a = memref.alloc() : memref<8x64xf32, 1>
  %b = memref.alloc(%n) {alignment = 16} : memref<8x?xf32>
  %c = memref.alloc()[%s] : memref<8x64xf32, affine_map<(d0, d1)[s0] -> (d0 + s0, d1)>>
  %d = memref.alloca(%n) : memref<?xf32>
  memref.store %v, %d[%i] : memref<?xf32>
  memref.store %v, %d[%i] {nontemporal = true, alignment = 4} : memref<?xf32>
  %l = memref.load %d[%i] : memref<?xf32>
  %l2 = memref.load %b[%i, %i] {nontemporal = true} : memref<8x?xf32>
  %dim = memref.dim %b, %i : memref<8x?xf32>
  %r = memref.rank %b : memref<8x?xf32>
  memref.dealloc %a : memref<8x64xf32, 1>
  memref.dealloc %b : memref<8x?xf32>
  memref.dealloc %c : memref<8x64xf32, affine_map<(d0, d1)[s0] -> (d0 + s0, d1)>>
  %g = memref.get_global @x : memref<2xf32>
  return
}

func.func @casts(%m: memref<4xf32>, %u: memref<*xf32>, %p: memref<?xf32, 5>, %s: memref<12x4xf32, strided<[4, 1], offset: 5>>) {
  %0 = memref.cast %m : memref<4xf32> to memref<?xf32>
  %1 = memref.cast %m : memref<4xf32> to memref<*xf32>
  %2 = memref.cast %u : memref<*xf32> to memref<4xf32>
  %3 = memref.cast %s : memref<12x4xf32, strided<[4, 1], offset: 5>> to memref<12x4xf32, strided<[?, ?], offset: ?>>
  %4 = memref.memory_space_cast %p : memref<?xf32, 5> to memref<?xf32>
  %5 = memref.assume_alignment %m, 16 : memref<4xf32>
  %6 = memref.extract_aligned_pointer_as_index %m : memref<4xf32> -> index
  %7:2 = memref.distinct_objects %m, %m : memref<4xf32>, memref<4xf32>
  memref.copy %m, %0 : memref<4xf32> to memref<?xf32>
  return
}

func.func @views(%m: memref<8x16x4xf32>, %buf: memref<2048xi8>, %i: index, %j: index, %n: index, %shape: memref<2xi32>) {
  %0 = memref.subview %m[0, 0, 0][1, 16, 4][1, 1, 1] : memref<8x16x4xf32> to memref<16x4xf32>
  %1 = memref.subview %m[%i, 2, 0][4, %n, 4][1, 2, 1] : memref<8x16x4xf32> to memref<4x?x4xf32, strided<[64, 8, 1], offset: ?>>
  %2 = memref.subview %m[1, 1, 1][2, 2, 2][1, 1, 1] : memref<8x16x4xf32> to memref<2x2x2xf32, strided<[64, 4, 1], offset: 69>>
  %3 = memref.reinterpret_cast %m to offset: [0], sizes: [%n, 10], strides: [1, %j] : memref<8x16x4xf32> to memref<?x10xf32, strided<[1, ?]>>
  %4 = memref.reinterpret_cast %m to offset: [%i], sizes: [10], strides: [1] : memref<8x16x4xf32> to memref<10xf32, strided<[1], offset: ?>>
  %5 = memref.view %buf[%i][%n] : memref<2048xi8> to memref<?x4xf32>
  %6 = memref.view %buf[%i][] : memref<2048xi8> to memref<64x4xf32>
  %7 = memref.collapse_shape %m [[0, 1], [2]] : memref<8x16x4xf32> into memref<128x4xf32>
  %8 = memref.expand_shape %7 [[0, 1], [2]] output_shape [8, 16, 4] : memref<128x4xf32> into memref<8x16x4xf32>
  %9 = memref.expand_shape %5 [[0, 1], [2]] output_shape [%n, 1, 4] : memref<?x4xf32> into memref<?x1x4xf32>
  %11 = memref.reshape %7(%shape) : (memref<128x4xf32>, memref<2xi32>) -> memref<64x8xf32>
  %base, %offset, %sizes:3, %strides:3 = memref.extract_strided_metadata %m : memref<8x16x4xf32> -> memref<f32>, index, index, index, index, index, index, index
  %12 = memref.realloc %buf : memref<2048xi8> to memref<4096xi8>
  %13 = memref.realloc %buf(%n) {alignment = 8} : memref<2048xi8> to memref<?xi8>
  return
}

func.func @scopes_atomics(%m: memref<10xf32>, %im: memref<10xi32>, %i: index, %v: f32, %w: i32) -> f32 {
  memref.alloca_scope {
    %t = memref.alloca() : memref<4xf32>
  }
  %r = memref.alloca_scope -> (f32) {
    %t = memref.alloca() : memref<4xf32>
    %x = memref.load %t[%i] : memref<4xf32>
    memref.alloca_scope.return %x : f32
  }
  %a = memref.atomic_rmw addf %v, %m[%i] : (f32, memref<10xf32>) -> f32
  %b = memref.atomic_rmw maxs %w, %im[%i] : (i32, memref<10xi32>) -> i32
  %g = memref.generic_atomic_rmw %m[%i] : memref<10xf32> {
  ^bb0(%current: f32):
    %inc = arith.addf %current, %v : f32
    memref.atomic_yield %inc : f32
  }
  memref.prefetch %m[%i], read, locality<3>, data : memref<10xf32>
  memref.prefetch %m[%i], write, locality<0>, instr : memref<10xf32>
  return %r : f32
}

func.func @dma(%src: memref<40x128xf32>, %dst: memref<2x1024xf32, 1>, %tag: memref<1xi32, 2>, %i: index, %n: index) {
  memref.dma_start %src[%i, %i], %dst[%i, %i], %n, %tag[%i] : memref<40x128xf32>, memref<2x1024xf32, 1>, memref<1xi32, 2>
  memref.dma_start %src[%i, %i], %dst[%i, %i], %n, %tag[%i], %n, %n : memref<40x128xf32>, memref<2x1024xf32, 1>, memref<1xi32, 2>
  memref.dma_wait %tag[%i], %n : memref<1xi32, 2>
  return
}

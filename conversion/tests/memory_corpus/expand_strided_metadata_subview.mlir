// ARGS: --expand-strided-metadata
// Subviews: static and dynamic offsets, sizes and strides, of identity,
// strided and dynamic layouts, rank-reducing, nested, inside loops.
func.func @static(%m: memref<8x16xf32>) -> memref<4x4xf32, strided<[16, 1], offset: 34>> {
  %s = memref.subview %m[2, 2] [4, 4] [1, 1] : memref<8x16xf32> to memref<4x4xf32, strided<[16, 1], offset: 34>>
  return %s : memref<4x4xf32, strided<[16, 1], offset: 34>>
}

func.func @static_strides(%m: memref<8x16xf32>) -> memref<4x4xf32, strided<[32, 3], offset: 5>> {
  %s = memref.subview %m[0, 5] [4, 4] [2, 3] : memref<8x16xf32> to memref<4x4xf32, strided<[32, 3], offset: 5>>
  return %s : memref<4x4xf32, strided<[32, 3], offset: 5>>
}

func.func @dynamic(%m: memref<?x?xf32, strided<[?, ?], offset: ?>>, %o: index, %sz: index, %st: index) -> memref<?x4xf32, strided<[?, ?], offset: ?>> {
  %s = memref.subview %m[%o, 3] [%sz, 4] [%st, 2] : memref<?x?xf32, strided<[?, ?], offset: ?>> to memref<?x4xf32, strided<[?, ?], offset: ?>>
  return %s : memref<?x4xf32, strided<[?, ?], offset: ?>>
}

func.func @dynamic_offsets_static_layout(%m: memref<64x32xf32>, %i: index, %j: index) -> memref<8x8xf32, strided<[32, 1], offset: ?>> {
  %s = memref.subview %m[%i, %j] [8, 8] [1, 1] : memref<64x32xf32> to memref<8x8xf32, strided<[32, 1], offset: ?>>
  return %s : memref<8x8xf32, strided<[32, 1], offset: ?>>
}

func.func @dynamic_sizes(%m: memref<?x?xf32>, %a: index, %b: index) -> memref<?x?xf32, strided<[?, 1]>> {
  %s = memref.subview %m[0, 0] [%a, %b] [1, 1] : memref<?x?xf32> to memref<?x?xf32, strided<[?, 1]>>
  return %s : memref<?x?xf32, strided<[?, 1]>>
}

func.func @rank_reducing(%m: memref<8x16x4xf32>, %i: index) -> memref<16xf32, strided<[4], offset: ?>> {
  %s = memref.subview %m[%i, 0, 2] [1, 16, 1] [1, 1, 1] : memref<8x16x4xf32> to memref<16xf32, strided<[4], offset: ?>>
  return %s : memref<16xf32, strided<[4], offset: ?>>
}

func.func @rank_reducing_dynamic(%m: memref<?x?x?xf32>, %i: index, %n: index) -> memref<?xf32, strided<[?], offset: ?>> {
  %s = memref.subview %m[%i, %i, 0] [1, %n, 1] [1, 2, 1] : memref<?x?x?xf32> to memref<?xf32, strided<[?], offset: ?>>
  return %s : memref<?xf32, strided<[?], offset: ?>>
}

func.func @rank_reducing_to_0d(%m: memref<4x4xf32>, %i: index) -> memref<f32, strided<[], offset: ?>> {
  %s = memref.subview %m[%i, 1] [1, 1] [1, 1] : memref<4x4xf32> to memref<f32, strided<[], offset: ?>>
  return %s : memref<f32, strided<[], offset: ?>>
}

func.func @nested(%m: memref<64x64xf32>, %i: index) -> memref<4x4xf32, strided<[64, 1], offset: ?>> {
  %a = memref.subview %m[%i, 8] [16, 16] [1, 1] : memref<64x64xf32> to memref<16x16xf32, strided<[64, 1], offset: ?>>
  %b = memref.subview %a[2, %i] [4, 4] [1, 1] : memref<16x16xf32, strided<[64, 1], offset: ?>> to memref<4x4xf32, strided<[64, 1], offset: ?>>
  return %b : memref<4x4xf32, strided<[64, 1], offset: ?>>
}

func.func @in_loop(%m: memref<128xf32>, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %zero = arith.constant 0.0 : f32
  %r = scf.for %i = %c0 to %n step %c4 iter_args(%acc = %zero) -> (f32) {
    %s = memref.subview %m[%i] [4] [1] : memref<128xf32> to memref<4xf32, strided<[1], offset: ?>>
    %x = memref.load %s[%c0] : memref<4xf32, strided<[1], offset: ?>>
    %y = arith.addf %acc, %x : f32
    scf.yield %y : f32
  }
  return %r : f32
}

func.func @memory_space(%m: memref<16x16xi8, 3>, %i: index) -> memref<4x4xi8, strided<[16, 1], offset: ?>, 3> {
  %s = memref.subview %m[%i, %i] [4, 4] [1, 1] : memref<16x16xi8, 3> to memref<4x4xi8, strided<[16, 1], offset: ?>, 3>
  return %s : memref<4x4xi8, strided<[16, 1], offset: ?>, 3>
}

func.func @unused(%m: memref<8x8xf32>, %i: index) {
  %s = memref.subview %m[%i, 0] [2, 8] [1, 1] : memref<8x8xf32> to memref<2x8xf32, strided<[8, 1], offset: ?>>
  return
}

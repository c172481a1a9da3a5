func.func @transpose_maps(%a: memref<8xf32, affine_map<(d0) -> (d0 * 2)>>,
                          %b: memref<4x16xf32, affine_map<(d0, d1)[s0] -> (d0 * 16 + d1 + s0)>>,
                          %c: memref<4x16xf32, affine_map<(d0, d1)[s0] -> (d0 * s0 + d1 * 3 + 5)>>) {
  %0 = memref.transpose %a (d0) -> (d0) : memref<8xf32, affine_map<(d0) -> (d0 * 2)>> to memref<8xf32, strided<[2]>>
  %1 = memref.transpose %b (d0, d1) -> (d1, d0) : memref<4x16xf32, affine_map<(d0, d1)[s0] -> (d0 * 16 + d1 + s0)>> to memref<16x4xf32, strided<[1, 16], offset: ?>>
  %2 = memref.transpose %c (d0, d1) -> (d1, d0) : memref<4x16xf32, affine_map<(d0, d1)[s0] -> (d0 * s0 + d1 * 3 + 5)>> to memref<16x4xf32, strided<[3, ?], offset: 5>>
  return
}

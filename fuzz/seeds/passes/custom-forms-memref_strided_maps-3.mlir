func.func @transpose_map_results(%a: memref<8xf32, strided<[2]>>,
                                 %b: memref<4x8xf32, affine_map<(d0, d1)[s0] -> (d0 * 8 + d1 + s0)>>,
                                 %c: memref<4x8xf32, strided<[8, 1], offset: 3>>) {
  %0 = memref.transpose %a (d0) -> (d0) : memref<8xf32, strided<[2]>> to memref<8xf32, affine_map<(d0) -> (d0 * 2)>>
  %1 = memref.transpose %b (d0, d1) -> (d1, d0) : memref<4x8xf32, affine_map<(d0, d1)[s0] -> (d0 * 8 + d1 + s0)>> to memref<8x4xf32, affine_map<(d0, d1)[s0] -> (d0 + s0 + d1 * 8)>>
  %2 = memref.transpose %c (d0, d1) -> (d1, d0) : memref<4x8xf32, strided<[8, 1], offset: 3>> to memref<8x4xf32, affine_map<(d0, d1) -> (d0 + d1 * 8 + 3)>>
  return
}

func.func @transpose_symbolic_factors(%a: memref<4xf32, affine_map<(d0)[s0] -> (d0 * (s0 floordiv 2))>>,
                                      %b: memref<4xf32, affine_map<(d0)[s0] -> (d0 + s0 - s0)>>,
                                      %c: memref<4xf32, affine_map<(d0)[s0] -> ((d0 + 1) * (s0 floordiv 2))>>,
                                      %d: memref<4xf32, affine_map<(d0)[s0, s1] -> (d0 * (s0 * s1) + s1)>>,
                                      %e: memref<4xf32, affine_map<(d0)[s0] -> (d0 + (s0 floordiv 2) * 3)>>) {
  %0 = memref.transpose %a (d0) -> (d0) : memref<4xf32, affine_map<(d0)[s0] -> (d0 * (s0 floordiv 2))>> to memref<4xf32, strided<[?]>>
  %1 = memref.transpose %b (d0) -> (d0) : memref<4xf32, affine_map<(d0)[s0] -> (d0 + s0 - s0)>> to memref<4xf32, strided<[1]>>
  %2 = memref.transpose %c (d0) -> (d0) : memref<4xf32, affine_map<(d0)[s0] -> ((d0 + 1) * (s0 floordiv 2))>> to memref<4xf32, strided<[?], offset: ?>>
  %3 = memref.transpose %d (d0) -> (d0) : memref<4xf32, affine_map<(d0)[s0, s1] -> (d0 * (s0 * s1) + s1)>> to memref<4xf32, strided<[?], offset: ?>>
  %4 = memref.transpose %e (d0) -> (d0) : memref<4xf32, affine_map<(d0)[s0] -> (d0 + (s0 floordiv 2) * 3)>> to memref<4xf32, strided<[1], offset: ?>>
  return
}

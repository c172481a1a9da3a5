// Ops constrained to strided memrefs (`AnyStridedMemRef`, the subview
// verifier's "is strided" check) taking affine-map layouts of strided form:
// constant strides, a symbolic offset or stride, a division inside a dim's
// factor (a dynamic stride), symbols that cancel.

func.func @transpose_maps(%a: memref<8xf32, affine_map<(d0) -> (d0 * 2)>>,
                          %b: memref<4x16xf32, affine_map<(d0, d1)[s0] -> (d0 * 16 + d1 + s0)>>,
                          %c: memref<4x16xf32, affine_map<(d0, d1)[s0] -> (d0 * s0 + d1 * 3 + 5)>>) {
  %0 = memref.transpose %a (d0) -> (d0) : memref<8xf32, affine_map<(d0) -> (d0 * 2)>> to memref<8xf32, strided<[2]>>
  %1 = memref.transpose %b (d0, d1) -> (d1, d0) : memref<4x16xf32, affine_map<(d0, d1)[s0] -> (d0 * 16 + d1 + s0)>> to memref<16x4xf32, strided<[1, 16], offset: ?>>
  %2 = memref.transpose %c (d0, d1) -> (d1, d0) : memref<4x16xf32, affine_map<(d0, d1)[s0] -> (d0 * s0 + d1 * 3 + 5)>> to memref<16x4xf32, strided<[3, ?], offset: 5>>
  return
}

// -----

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

// -----

func.func @metadata_and_reshapes(%a: memref<4x16xf32, affine_map<(d0, d1)[s0] -> (d0 * 16 + d1 + s0)>>,
                                 %b: memref<8x4xf32, affine_map<(d0, d1) -> (d0 * 8 + d1 * 2 + 3)>>) {
  %base, %offset, %sizes:2, %strides:2 = memref.extract_strided_metadata %a : memref<4x16xf32, affine_map<(d0, d1)[s0] -> (d0 * 16 + d1 + s0)>> -> memref<f32>, index, index, index, index, index
  %0 = memref.collapse_shape %a [[0, 1]] : memref<4x16xf32, affine_map<(d0, d1)[s0] -> (d0 * 16 + d1 + s0)>> into memref<64xf32, strided<[1], offset: ?>>
  %1 = memref.expand_shape %b [[0], [1, 2]] output_shape [8, 2, 2] : memref<8x4xf32, affine_map<(d0, d1) -> (d0 * 8 + d1 * 2 + 3)>> into memref<8x2x2xf32, strided<[8, 4, 2], offset: 3>>
  %2 = memref.subview %b[1, 0] [2, 2] [1, 2] : memref<8x4xf32, affine_map<(d0, d1) -> (d0 * 8 + d1 * 2 + 3)>> to memref<2x2xf32, strided<[8, 4], offset: 11>>
  return
}

// -----

// memref.transpose's result may spell the expected layout as an affine
// map: both are compared in canonical form.
func.func @transpose_map_results(%a: memref<8xf32, strided<[2]>>,
                                 %b: memref<4x8xf32, affine_map<(d0, d1)[s0] -> (d0 * 8 + d1 + s0)>>,
                                 %c: memref<4x8xf32, strided<[8, 1], offset: 3>>) {
  %0 = memref.transpose %a (d0) -> (d0) : memref<8xf32, strided<[2]>> to memref<8xf32, affine_map<(d0) -> (d0 * 2)>>
  %1 = memref.transpose %b (d0, d1) -> (d1, d0) : memref<4x8xf32, affine_map<(d0, d1)[s0] -> (d0 * 8 + d1 + s0)>> to memref<8x4xf32, affine_map<(d0, d1)[s0] -> (d0 + s0 + d1 * 8)>>
  %2 = memref.transpose %c (d0, d1) -> (d1, d0) : memref<4x8xf32, strided<[8, 1], offset: 3>> to memref<8x4xf32, affine_map<(d0, d1) -> (d0 + d1 * 8 + 3)>>
  return
}

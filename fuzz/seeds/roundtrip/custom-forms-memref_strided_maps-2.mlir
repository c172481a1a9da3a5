func.func @metadata_and_reshapes(%a: memref<4x16xf32, affine_map<(d0, d1)[s0] -> (d0 * 16 + d1 + s0)>>,
                                 %b: memref<8x4xf32, affine_map<(d0, d1) -> (d0 * 8 + d1 * 2 + 3)>>) {
  %base, %offset, %sizes:2, %strides:2 = memref.extract_strided_metadata %a : memref<4x16xf32, affine_map<(d0, d1)[s0] -> (d0 * 16 + d1 + s0)>> -> memref<f32>, index, index, index, index, index
  %0 = memref.collapse_shape %a [[0, 1]] : memref<4x16xf32, affine_map<(d0, d1)[s0] -> (d0 * 16 + d1 + s0)>> into memref<64xf32, strided<[1], offset: ?>>
  %1 = memref.expand_shape %b [[0], [1, 2]] output_shape [8, 2, 2] : memref<8x4xf32, affine_map<(d0, d1) -> (d0 * 8 + d1 * 2 + 3)>> into memref<8x2x2xf32, strided<[8, 4, 2], offset: 3>>
  %2 = memref.subview %b[1, 0] [2, 2] [1, 2] : memref<8x4xf32, affine_map<(d0, d1) -> (d0 * 8 + d1 * 2 + 3)>> to memref<2x2xf32, strided<[8, 4], offset: 11>>
  return
}

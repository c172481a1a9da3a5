// ARGS: --expand-strided-metadata
// expand_shape and collapse_shape: static, dynamic, strided sources,
// groups of size-1 dimensions, rank 0.
func.func @expand_static(%m: memref<8x32xf32>) -> memref<2x4x8x4xf32> {
  %e = memref.expand_shape %m [[0, 1], [2, 3]] output_shape [2, 4, 8, 4] : memref<8x32xf32> into memref<2x4x8x4xf32>
  return %e : memref<2x4x8x4xf32>
}

func.func @expand_dynamic(%m: memref<?x32xf32>, %n: index) -> memref<?x4x8x4xf32> {
  %e = memref.expand_shape %m [[0, 1], [2, 3]] output_shape [%n, 4, 8, 4] : memref<?x32xf32> into memref<?x4x8x4xf32>
  return %e : memref<?x4x8x4xf32>
}

func.func @expand_dynamic_stride(%m: memref<?x?xf32, strided<[?, 1], offset: ?>>, %a: index, %b: index) -> memref<?x4x?xf32, strided<[?, ?, 1], offset: ?>> {
  %e = memref.expand_shape %m [[0, 1], [2]] output_shape [%a, 4, %b] : memref<?x?xf32, strided<[?, 1], offset: ?>> into memref<?x4x?xf32, strided<[?, ?, 1], offset: ?>>
  return %e : memref<?x4x?xf32, strided<[?, ?, 1], offset: ?>>
}

func.func @expand_middle_dynamic(%m: memref<?xf32>, %a: index) -> memref<2x?x3xf32> {
  %e = memref.expand_shape %m [[0, 1, 2]] output_shape [2, %a, 3] : memref<?xf32> into memref<2x?x3xf32>
  return %e : memref<2x?x3xf32>
}

func.func @expand_0d(%m: memref<f32>) -> memref<1x1xf32> {
  %e = memref.expand_shape %m [] output_shape [1, 1] : memref<f32> into memref<1x1xf32>
  return %e : memref<1x1xf32>
}

func.func @expand_offset(%m: memref<12xi32, strided<[1], offset: 4>>) -> memref<3x4xi32, strided<[4, 1], offset: 4>> {
  %e = memref.expand_shape %m [[0, 1]] output_shape [3, 4] : memref<12xi32, strided<[1], offset: 4>> into memref<3x4xi32, strided<[4, 1], offset: 4>>
  return %e : memref<3x4xi32, strided<[4, 1], offset: 4>>
}

func.func @collapse_static(%m: memref<2x4x8xf32>) -> memref<8x8xf32> {
  %c = memref.collapse_shape %m [[0, 1], [2]] : memref<2x4x8xf32> into memref<8x8xf32>
  return %c : memref<8x8xf32>
}

func.func @collapse_dynamic(%m: memref<?x4x8xf32>) -> memref<?x8xf32> {
  %c = memref.collapse_shape %m [[0, 1], [2]] : memref<?x4x8xf32> into memref<?x8xf32>
  return %c : memref<?x8xf32>
}

func.func @collapse_all_dynamic(%m: memref<?x?x4xf32, strided<[?, 4, 1], offset: ?>>) -> memref<?xf32, strided<[1], offset: ?>> {
  %c = memref.collapse_shape %m [[0, 1, 2]] : memref<?x?x4xf32, strided<[?, 4, 1], offset: ?>> into memref<?xf32, strided<[1], offset: ?>>
  return %c : memref<?xf32, strided<[1], offset: ?>>
}

func.func @collapse_unit_dims(%m: memref<1x8x1xf32, strided<[64, 1, 3]>>) -> memref<8xf32, strided<[1]>> {
  %c = memref.collapse_shape %m [[0, 1, 2]] : memref<1x8x1xf32, strided<[64, 1, 3]>> into memref<8xf32, strided<[1]>>
  return %c : memref<8xf32, strided<[1]>>
}

func.func @collapse_ones_dynamic(%m: memref<1x1xf32, strided<[?, ?], offset: ?>>) -> memref<1xf32, strided<[?], offset: ?>> {
  %c = memref.collapse_shape %m [[0, 1]] : memref<1x1xf32, strided<[?, ?], offset: ?>> into memref<1xf32, strided<[?], offset: ?>>
  return %c : memref<1xf32, strided<[?], offset: ?>>
}

func.func @collapse_ones_static(%m: memref<1x1xf32>) -> memref<1xf32> {
  %c = memref.collapse_shape %m [[0, 1]] : memref<1x1xf32> into memref<1xf32>
  return %c : memref<1xf32>
}

func.func @collapse_0d(%m: memref<1x1xf32>) -> memref<f32> {
  %c = memref.collapse_shape %m [] : memref<1x1xf32> into memref<f32>
  return %c : memref<f32>
}

func.func @expand_then_collapse(%m: memref<?xf32>, %n: index) -> memref<?xf32> {
  %e = memref.expand_shape %m [[0, 1]] output_shape [%n, 4] : memref<?xf32> into memref<?x4xf32>
  %c = memref.collapse_shape %e [[0, 1]] : memref<?x4xf32> into memref<?xf32>
  return %c : memref<?xf32>
}

func.func @subview_of_collapse(%m: memref<4x4x8xf32>, %i: index) -> memref<4x8xf32, strided<[8, 1], offset: ?>> {
  %c = memref.collapse_shape %m [[0, 1], [2]] : memref<4x4x8xf32> into memref<16x8xf32>
  %s = memref.subview %c[%i, 0] [4, 8] [1, 1] : memref<16x8xf32> to memref<4x8xf32, strided<[8, 1], offset: ?>>
  return %s : memref<4x8xf32, strided<[8, 1], offset: ?>>
}

// Reshapes of one kind in a row become one; a collapse of a cast that only
// forgets sizes collapses the cast's source.

func.func @collapse_twice(%m: memref<2x3x?x5x7xi16>) -> memref<?x35xi16> {
  %a = memref.collapse_shape %m [[0], [1, 2], [3, 4]] : memref<2x3x?x5x7xi16> into memref<2x?x35xi16>
  %b = memref.collapse_shape %a [[0, 1], [2]] : memref<2x?x35xi16> into memref<?x35xi16>
  return %b : memref<?x35xi16>
}

func.func @collapse_twice_to_scalar(%m: memref<1x1xf64>) -> memref<f64> {
  %a = memref.collapse_shape %m [[0, 1]] : memref<1x1xf64> into memref<1xf64>
  %b = memref.collapse_shape %a [] : memref<1xf64> into memref<f64>
  return %b : memref<f64>
}

func.func @expand_twice(%m: memref<?x12xi8>, %n: index) -> (memref<?x2x3x?xi8>, memref<?x?x3x4xi8>) {
  %a = memref.expand_shape %m [[0], [1, 2]] output_shape [%n, 6, 2] : memref<?x12xi8> into memref<?x6x2xi8>
  %b = memref.expand_shape %a [[0], [1, 2], [3]] output_shape [%n, 2, 3, 2] : memref<?x6x2xi8> into memref<?x2x3x2xi8>
  %c = memref.expand_shape %m [[0], [1, 2]] output_shape [%n, 3, 4] : memref<?x12xi8> into memref<?x3x4xi8>
  %d = memref.expand_shape %c [[0], [1, 2], [3]] output_shape [%n, 1, 3, 4] : memref<?x3x4xi8> into memref<?x1x3x4xi8>
  %e = memref.cast %b : memref<?x2x3x2xi8> to memref<?x2x3x?xi8>
  %f = memref.cast %d : memref<?x1x3x4xi8> to memref<?x?x3x4xi8>
  return %e, %f : memref<?x2x3x?xi8>, memref<?x?x3x4xi8>
}

func.func @expand_twice_from_scalar(%m: memref<i32>) -> memref<1x1x1x1xi32> {
  %a = memref.expand_shape %m [] output_shape [1, 1] : memref<i32> into memref<1x1xi32>
  %b = memref.expand_shape %a [[0, 1], [2, 3]] output_shape [1, 1, 1, 1] : memref<1x1xi32> into memref<1x1x1x1xi32>
  return %b : memref<1x1x1x1xi32>
}

func.func @strided_collapses_stay(%m: memref<4x5x6xf32, strided<[60, 12, 2]>>) -> memref<120xf32, strided<[2]>> {
  %a = memref.collapse_shape %m [[0, 1], [2]] : memref<4x5x6xf32, strided<[60, 12, 2]>> into memref<20x6xf32, strided<[12, 2]>>
  %b = memref.collapse_shape %a [[0, 1]] : memref<20x6xf32, strided<[12, 2]>> into memref<120xf32, strided<[2]>>
  return %b : memref<120xf32, strided<[2]>>
}

func.func @collapse_of_forgetful_cast(%m: memref<3x4x?xf32>) -> memref<?x?xf32> {
  %a = memref.cast %m : memref<3x4x?xf32> to memref<?x?x?xf32>
  %b = memref.collapse_shape %a [[0, 1], [2]] : memref<?x?x?xf32> into memref<?x?xf32>
  return %b : memref<?x?xf32>
}

func.func @collapse_of_cast_same_type(%m: memref<?x4x?xf32>) -> memref<?x?xf32> {
  %a = memref.cast %m : memref<?x4x?xf32> to memref<?x?x?xf32>
  %b = memref.collapse_shape %a [[0], [1, 2]] : memref<?x?x?xf32> into memref<?x?xf32>
  return %b : memref<?x?xf32>
}

func.func @collapse_of_refining_cast_stays(%m: memref<?x?xf32>) -> memref<12xf32> {
  %a = memref.cast %m : memref<?x?xf32> to memref<3x4xf32>
  %b = memref.collapse_shape %a [[0, 1]] : memref<3x4xf32> into memref<12xf32>
  return %b : memref<12xf32>
}

func.func @collapse_of_expand(%m: memref<6x10xf32>) -> (memref<6x10xf32>, memref<60xf32>, memref<2x3x10xf32>) {
  %a = memref.expand_shape %m [[0, 1], [2, 3]] output_shape [2, 3, 2, 5] : memref<6x10xf32> into memref<2x3x2x5xf32>
  %b = memref.collapse_shape %a [[0, 1], [2, 3]] : memref<2x3x2x5xf32> into memref<6x10xf32>
  %c = memref.expand_shape %m [[0], [1, 2]] output_shape [6, 2, 5] : memref<6x10xf32> into memref<6x2x5xf32>
  %d = memref.collapse_shape %c [[0, 1, 2]] : memref<6x2x5xf32> into memref<60xf32>
  %e = memref.expand_shape %m [[0, 1], [2, 3]] output_shape [2, 3, 10, 1] : memref<6x10xf32> into memref<2x3x10x1xf32>
  %f = memref.collapse_shape %e [[0], [1], [2, 3]] : memref<2x3x10x1xf32> into memref<2x3x10xf32>
  return %b, %d, %f : memref<6x10xf32>, memref<60xf32>, memref<2x3x10xf32>
}

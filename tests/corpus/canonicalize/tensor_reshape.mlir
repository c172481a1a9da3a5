// Tensor reshapes of one kind in a row become one; a collapse of an
// expansion becomes one reshape when the groups line up.

func.func @collapse_twice(%t: tensor<2x?x3x4xi32>) -> tensor<?xi32> {
  %a = tensor.collapse_shape %t [[0, 1], [2, 3]] : tensor<2x?x3x4xi32> into tensor<?x12xi32>
  %b = tensor.collapse_shape %a [[0, 1]] : tensor<?x12xi32> into tensor<?xi32>
  return %b : tensor<?xi32>
}

func.func @collapse_twice_to_scalar(%t: tensor<1x1x1xbf16>) -> tensor<bf16> {
  %a = tensor.collapse_shape %t [[0, 1], [2]] : tensor<1x1x1xbf16> into tensor<1x1xbf16>
  %b = tensor.collapse_shape %a [] : tensor<1x1xbf16> into tensor<bf16>
  return %b : tensor<bf16>
}

func.func @expand_twice(%t: tensor<?x30xf32>, %n: index) -> tensor<?x2x3x5xf32> {
  %a = tensor.expand_shape %t [[0], [1, 2]] output_shape [%n, 6, 5] : tensor<?x30xf32> into tensor<?x6x5xf32>
  %b = tensor.expand_shape %a [[0], [1, 2], [3]] output_shape [%n, 2, 3, 5] : tensor<?x6x5xf32> into tensor<?x2x3x5xf32>
  return %b : tensor<?x2x3x5xf32>
}

func.func @expand_twice_from_scalar(%t: tensor<i1>) -> tensor<1x1x1xi1> {
  %a = tensor.expand_shape %t [] output_shape [1] : tensor<i1> into tensor<1xi1>
  %b = tensor.expand_shape %a [[0, 1, 2]] output_shape [1, 1, 1] : tensor<1xi1> into tensor<1x1x1xi1>
  return %b : tensor<1x1x1xi1>
}

func.func @collapse_of_expand(%t: tensor<8x9xi64>) -> (tensor<72xi64>, tensor<2x4x9xi64>, tensor<8x9xi64>) {
  %a = tensor.expand_shape %t [[0], [1, 2]] output_shape [8, 3, 3] : tensor<8x9xi64> into tensor<8x3x3xi64>
  %b = tensor.collapse_shape %a [[0, 1, 2]] : tensor<8x3x3xi64> into tensor<72xi64>
  %c = tensor.expand_shape %t [[0, 1], [2, 3]] output_shape [2, 4, 9, 1] : tensor<8x9xi64> into tensor<2x4x9x1xi64>
  %d = tensor.collapse_shape %c [[0], [1], [2, 3]] : tensor<2x4x9x1xi64> into tensor<2x4x9xi64>
  %e = tensor.expand_shape %t [[0, 1], [2]] output_shape [4, 2, 9] : tensor<8x9xi64> into tensor<4x2x9xi64>
  %f = tensor.collapse_shape %e [[0, 1], [2]] : tensor<4x2x9xi64> into tensor<8x9xi64>
  return %b, %d, %f : tensor<72xi64>, tensor<2x4x9xi64>, tensor<8x9xi64>
}

func.func @collapse_of_expand_straddling_stays(%t: tensor<6x4xf16>) -> tensor<3x8xf16> {
  %a = tensor.expand_shape %t [[0, 1], [2]] output_shape [3, 2, 4] : tensor<6x4xf16> into tensor<3x2x4xf16>
  %b = tensor.collapse_shape %a [[0], [1, 2]] : tensor<3x2x4xf16> into tensor<3x8xf16>
  return %b : tensor<3x8xf16>
}

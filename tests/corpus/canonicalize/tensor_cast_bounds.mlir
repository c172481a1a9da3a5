// tensor.cast folded into extract_slice / insert_slice only when the
// slice stays inside the more static tensor: a fold never makes IR that
// fails verification (a statically out-of-bounds slice stays dynamic).

func.func @extract_in_bounds(%t: tensor<8xf32>) -> tensor<?xf32> {
  %c = tensor.cast %t : tensor<8xf32> to tensor<?xf32>
  %c4 = arith.constant 4 : index
  %s = tensor.extract_slice %c[2] [%c4] [1] : tensor<?xf32> to tensor<?xf32>
  return %s : tensor<?xf32>
}

func.func @extract_out_of_bounds(%t: tensor<4xf32>) -> tensor<?xf32> {
  %c = tensor.cast %t : tensor<4xf32> to tensor<?xf32>
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %s = tensor.extract_slice %c[%c2] [%c8] [1] : tensor<?xf32> to tensor<?xf32>
  return %s : tensor<?xf32>
}

func.func @insert_in_bounds(%v: tensor<2xf32>, %d: tensor<8xf32>) -> tensor<?xf32> {
  %vc = tensor.cast %v : tensor<2xf32> to tensor<?xf32>
  %dc = tensor.cast %d : tensor<8xf32> to tensor<?xf32>
  %c2 = arith.constant 2 : index
  %r = tensor.insert_slice %vc into %dc[3] [%c2] [1] : tensor<?xf32> into tensor<?xf32>
  return %r : tensor<?xf32>
}

func.func @insert_out_of_bounds(%v: tensor<?xf32>, %d: tensor<4xf32>, %n: index) -> tensor<?xf32> {
  %dc = tensor.cast %d : tensor<4xf32> to tensor<?xf32>
  %r = tensor.insert_slice %v into %dc[6] [%n] [1] : tensor<?xf32> into tensor<?xf32>
  return %r : tensor<?xf32>
}

toy.func private @id(%arg0: tensor<*xf64>) -> tensor<*xf64> {
  toy.return %arg0 : tensor<*xf64>
}
toy.func @main() {
  %0 = toy.constant dense<[[1.0, 2.0]]> : tensor<1x2xf64>
  %1 = toy.cast %0 : tensor<1x2xf64> to tensor<*xf64>
  %2 = toy.generic_call @id(%1) : (tensor<*xf64>) -> tensor<*xf64>
  %3 = toy.transpose(%2 : tensor<*xf64>) to tensor<*xf64>
  toy.print %3 : tensor<*xf64>
  toy.return
}

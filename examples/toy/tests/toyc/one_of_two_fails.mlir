toy.func @main(%arg0: tensor<2xf64>) {
  %0 = toy.reshape(%arg0 : tensor<2xf64>) to tensor<2x1xf64>
  %1 = toy.generic_call @nowhere(%0) : (tensor<2x1xf64>) -> tensor<*xf64>
  toy.print %1 : tensor<*xf64>
  toy.return
}
toy.func @other(%arg0: tensor<2x3xf64>) {
  %0 = toy.transpose(%arg0 : tensor<2x3xf64>) to tensor<*xf64>
  %1 = toy.mul %0, %0 : tensor<*xf64>
  toy.print %1 : tensor<*xf64>
  toy.return
}

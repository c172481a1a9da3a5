toy.func @main(%arg0: tensor<2xf32>) {
  %0 = "toy.cast"(%arg0) : (tensor<2xf32>) -> tensor<*xf64>
  toy.return
}

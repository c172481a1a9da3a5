toy.func @main() {
  %0 = toy.constant dense<[1.0, 2.0]> : tensor<2xf64>
  %1 = "toy.print"(%0) : (tensor<2xf64>) -> tensor<2xf64>
  toy.return
}

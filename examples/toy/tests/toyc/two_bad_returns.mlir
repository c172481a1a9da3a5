toy.func @first() {
  %0 = toy.constant dense<[1.0]> : tensor<1xf64>
  toy.return %0 : tensor<1xf64>
}
toy.func @second() -> tensor<2xf64> {
  toy.return
}

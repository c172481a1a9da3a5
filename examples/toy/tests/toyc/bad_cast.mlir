toy.func @main() {
  %0 = toy.constant dense<[[1.0, 2.0]]> : tensor<1x2xf64>
  %1 = toy.cast %0 : tensor<1x2xf64> to tensor<2x1xf64>
  toy.print %1 : tensor<2x1xf64>
  toy.return
}

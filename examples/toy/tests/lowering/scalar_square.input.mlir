module {
  toy.func @main() {
    %0 = toy.constant dense<5.500000e+00> : tensor<f64>
    %1 = toy.mul %0, %0 : tensor<f64>
    toy.print %1 : tensor<f64>
    toy.return
  }
}

toy.func @main() {
  %0 = toy.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf64>
  %1 = toy.reshape(%0 : tensor<4xf64>) to tensor<2x2xf64>
  %2 = toy.constant {note = "kept"} dense<2.0> : tensor<f64>
  %3 = toy.mul %1, %1 : tensor<2x2xf64>
  %4 = toy.add %3, %1 : (tensor<2x2xf64>, tensor<2x2xf64>) -> tensor<*xf64>
  toy.print %4 : tensor<*xf64>
  toy.return
}

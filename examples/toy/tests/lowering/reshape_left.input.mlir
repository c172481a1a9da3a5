module {
  toy.func @main() {
    %0 = toy.constant dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00]> : tensor<4xf64>
    %1 = toy.add %0, %0 : tensor<4xf64>
    %2 = toy.reshape(%1 : tensor<4xf64>) to tensor<2x2xf64>
    toy.print %2 : tensor<2x2xf64>
    toy.return
  }
}

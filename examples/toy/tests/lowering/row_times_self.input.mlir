module {
  toy.func @main() {
    %0 = toy.constant dense<[1.000000e+00, 2.500000e+00, 3.250000e+00, 0.000000e+00, 1.000000e+03, 2.500000e+00]> : tensor<6xf64>
    %1 = toy.mul %0, %0 : tensor<6xf64>
    toy.print %1 : tensor<6xf64>
    %2 = toy.add %1, %0 : tensor<6xf64>
    toy.print %2 : tensor<6xf64>
    toy.return
  }
}

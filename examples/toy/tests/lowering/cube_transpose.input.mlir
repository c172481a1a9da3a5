module {
  toy.func @main() {
    %0 = toy.constant dense<[[[1.000000e+00, 2.000000e+00], [3.000000e+00, 4.000000e+00]], [[5.000000e+00, 6.000000e+00], [7.000000e+00, 8.000000e+00]]]> : tensor<2x2x2xf64>
    %1 = toy.constant dense<[[[5.000000e-01, 1.500000e+00], [2.500000e+00, 3.500000e+00]], [[4.500000e+00, 5.500000e+00], [6.500000e+00, 7.500000e+00]]]> : tensor<2x2x2xf64>
    %2 = toy.transpose(%0 : tensor<2x2x2xf64>) to tensor<2x2x2xf64>
    %3 = toy.add %2, %1 : tensor<2x2x2xf64>
    toy.print %3 : tensor<2x2x2xf64>
    toy.return
  }
}

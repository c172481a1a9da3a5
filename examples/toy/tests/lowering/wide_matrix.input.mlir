module {
  toy.func @main() {
    %0 = toy.constant dense<[[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00, 5.000000e+00, 6.000000e+00, 7.000000e+00], [8.000000e+00, 9.000000e+00, 1.000000e+01, 1.100000e+01, 1.200000e+01, 1.300000e+01, 1.400000e+01]]> : tensor<2x7xf64>
    %1 = toy.constant dense<[[1.400000e+01, 1.300000e+01, 1.200000e+01, 1.100000e+01, 1.000000e+01, 9.000000e+00, 8.000000e+00], [7.000000e+00, 6.000000e+00, 5.000000e+00, 4.000000e+00, 3.000000e+00, 2.000000e+00, 1.000000e+00]]> : tensor<2x7xf64>
    %2 = toy.transpose(%0 : tensor<2x7xf64>) to tensor<7x2xf64>
    %3 = toy.transpose(%1 : tensor<2x7xf64>) to tensor<7x2xf64>
    %4 = toy.mul %2, %3 : tensor<7x2xf64>
    %5 = toy.add %4, %2 : tensor<7x2xf64>
    toy.print %5 : tensor<7x2xf64>
    %6 = toy.transpose(%5 : tensor<7x2xf64>) to tensor<2x7xf64>
    toy.print %6 : tensor<2x7xf64>
    toy.return
  }
}

module {
  toy.func @multiply_transpose(%arg0: tensor<*xf64>, %arg1: tensor<*xf64>) -> tensor<*xf64> {
    %0 = toy.transpose(%arg0 : tensor<*xf64>) to tensor<*xf64>
    %1 = toy.transpose(%arg1 : tensor<*xf64>) to tensor<*xf64>
    %2 = toy.mul %0, %1 : tensor<*xf64>
    toy.return %2 : tensor<*xf64>
  }
  toy.func @add_mixed(%arg0: tensor<2x3xf64>, %arg1: tensor<*xf64>) -> tensor<*xf64> attributes {toy.note = "mixed shapes"} {
    %0 = toy.add %arg0, %arg1 {toy.tag} : (tensor<2x3xf64>, tensor<*xf64>) -> tensor<*xf64>
    %1 = toy.transpose(%arg0 : tensor<2x3xf64>) to tensor<3x2xf64>
    toy.return %0 : tensor<*xf64>
  }
  toy.func @main() {
    %0 = toy.constant dense<[[1.000000e+00, 2.000000e+00, 3.000000e+00], [4.000000e+00, 5.000000e+00, 6.000000e+00]]> : tensor<2x3xf64>
    %1 = toy.reshape(%0 : tensor<2x3xf64>) to tensor<2x3xf64>
    %2 = toy.constant dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00, 5.000000e+00, 6.000000e+00]> : tensor<6xf64>
    %3 = toy.reshape(%2 : tensor<6xf64>) to tensor<2x3xf64>
    %4 = toy.generic_call @multiply_transpose(%1, %3) : (tensor<2x3xf64>, tensor<2x3xf64>) -> tensor<*xf64>
    %5 = toy.generic_call @multiply_transpose(%3, %1) : (tensor<2x3xf64>, tensor<2x3xf64>) -> tensor<*xf64>
    %6 = toy.constant  {toy.origin = "literal"}dense<5.500000e+00> : tensor<f64>
    %7 = toy.reshape(%6 : tensor<f64>) to tensor<2x2xf64>
    toy.print %5 : tensor<*xf64>
    toy.print %7 {toy.tag} : tensor<2x2xf64>
    toy.return
  }
}

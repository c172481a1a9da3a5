toy.func @main() {
  %0 = toy.constant dense<1.0> : tensor<f64>
  %1 = toy.struct_access %0[0] : tensor<f64> -> tensor<f64>
  toy.return
}

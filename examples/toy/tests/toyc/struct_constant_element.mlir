toy.func @main() {
  %0 = toy.struct_constant [1.0 : f64, [dense<2.0> : tensor<f64>]] : !toy.struct<tensor<*xf64>, !toy.struct<tensor<*xf64>>>
  toy.return
}

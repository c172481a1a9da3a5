toy.func @main() {
  %0 = toy.struct_constant [dense<1.0> : tensor<f64>] : !toy.struct<tensor<*xf64>>
  %1 = toy.struct_access %0[0] : !toy.struct<tensor<*xf64>> -> tensor<2xf64>
  toy.print %1 : tensor<2xf64>
  toy.return
}

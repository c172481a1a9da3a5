toy.func private @first(%arg0: !toy.struct<tensor<*xf64>, tensor<*xf64>>) -> tensor<*xf64> {
  %0 = toy.struct_access %arg0[0] : !toy.struct<tensor<*xf64>, tensor<*xf64>> -> tensor<*xf64>
  toy.return %0 : tensor<*xf64>
}
toy.func @main() {
  %0 = toy.struct_constant [dense<[[1.0, 2.0]]> : tensor<1x2xf64>, dense<4.0> : tensor<f64>] : !toy.struct<tensor<*xf64>, tensor<*xf64>>
  %1 = toy.generic_call @first(%0) : (!toy.struct<tensor<*xf64>, tensor<*xf64>>) -> tensor<*xf64>
  toy.print %1 : tensor<*xf64>
  toy.return
}

toy.func @main() {
  %0 = toy.struct_constant [dense<[1.0, 2.0]> : tensor<2xf64>, [dense<3.0> : tensor<f64>]] : !toy.struct<tensor<*xf64>, !toy.struct<tensor<*xf64>>>
  %1 = toy.struct_access %0[0] : !toy.struct<tensor<*xf64>, !toy.struct<tensor<*xf64>>> -> tensor<*xf64>
  %2 = toy.struct_access %0[1] : !toy.struct<tensor<*xf64>, !toy.struct<tensor<*xf64>>> -> !toy.struct<tensor<*xf64>>
  %3 = toy.struct_access %2[0] : !toy.struct<tensor<*xf64>> -> tensor<*xf64>
  %4 = toy.add %1, %1 : tensor<*xf64>
  toy.print %4 : tensor<*xf64>
  toy.print %3 : tensor<*xf64>
  toy.return
}

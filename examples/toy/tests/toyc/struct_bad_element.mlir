toy.func @main(%arg0: !toy.struct<tensor<*xf64>, i32>) {
  toy.return
}
